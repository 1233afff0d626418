"""Great War in the East's movement (5.1-5.3), stacking in movement (6.1, 6.2) and Zones of
Control (7.1, 7.2) on the synthetic map: the cases the other movement tests leave unnamed."""

from __future__ import annotations

import dataclasses

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.rules.movement import entry, terrain_cost
from gm.games.gwe.rules.moving import Move, carry_out
from gm.games.gwe.rules.phases import MovementOrders, movement_phase
from gm.games.gwe.rules.rail import RailUse
from gm.games.gwe.rules.stacking import hex_points, overstacked
from gm.games.gwe.rules.zoc import controlled_hexes
from tests.gwe import fixture_data, opening

DATA = fixture_data()
h = parse_hex


def _dice() -> ForcedDice:
    return ForcedDice([6] * 40, [], [])  # every 10.41 die in command, every attrition die safe


@pytest.mark.rules("gwe:5.1", "gwe:5.11")
def test_only_the_phasing_players_units_move_in_his_movement_phase() -> None:
    done = movement_phase(opening(DATA), DATA, "allied",
                          MovementOrders(moves=(Move("AH-24", (h("0504"),)),
                                                Move("RU-12", (h("0406"),)))), _dice())
    assert "AH-24: not a unit of allied (5.0)" in done.events
    assert done.state.unit("AH-24").hex == "0604" and done.state.unit("RU-12").hex == "0406"
    refused = carry_out(opening(DATA), DATA, "central", Move("RU-12", (h("0406"),)), RailUse(6))
    assert refused.state.unit("RU-12").hex == "0405" and not refused.moved


@pytest.mark.rules("gwe:5.1", "gwe:5.15", "gwe:7.2", "gwe:7.22")
def test_a_unit_leaves_an_enemy_controlled_hex_paying_every_cost() -> None:
    state = opening(DATA).with_unit("RU-12", hex="0505")  # in AH-24's Zone of Control
    # 0504: swamp (2 for rating 3) plus one for AH-24's zone; 0404: clear, not controlled
    done = carry_out(state, DATA, "allied", Move("RU-12", (h("0504"), h("0404"))), RailUse(6))
    assert done.state.unit("RU-12").hex == "0404"
    assert done.notes[0] == "RU-12: 2 step(s) ordered, ends in 0404 (4 Movement Points, 0 rail " \
                            "hexes)"
    short = carry_out(state, DATA, "allied", Move("RU-12", (h("0504"), h("0404"), h("0403"),
                                                            h("0402"))), RailUse(6))
    assert short.state.unit("RU-12").hex == "0403"  # 5 of 5 spent: 0402 is one too many
    assert "RU-12: 1 Movement Points to enter 0402, 0 left (5.14, 5.17); the move stops in " \
           "0403 (ruling G24)" in short.notes


@pytest.mark.rules("gwe:5.3", "gwe:5.16")
def test_walking_along_a_railroad_pays_the_terrain() -> None:
    use = RailUse(6)
    done = carry_out(opening(DATA), DATA, "allied", Move("RU-12", (h("0305"), h("0205"))), use)
    assert done.state.unit("RU-12").hex == "0205"
    assert done.notes[0].endswith("(3 Movement Points, 0 rail hexes)")  # forest 2, clear 1
    assert not done.state.unit("RU-12").entrained and "RU-12" not in done.state.rail_moved
    assert use.counted == set()  # not counted toward the Rail Capacity
    assert entry(opening(DATA), DATA, "RU-12", h("0405"), h("0305")).cost == \
        terrain_cost(DATA, h("0305"), 3)[0] == 2


@pytest.mark.rules("gwe:5.3", "gwe:5.35")
def test_entrained_units_out_of_command_only_ride_the_rails() -> None:
    state = opening(DATA).with_unit("RU-12", entrained=True, out_of_command=True)
    ride = carry_out(state, DATA, "allied", Move("RU-12", (h("0305"), h("0205"))), RailUse(6))
    assert ride.state.unit("RU-12").hex == "0205" and ride.state.unit("RU-12").entrained
    stay = carry_out(state, DATA, "allied", Move("RU-12", (h("0305"), "detrain")), RailUse(6))
    assert stay.state.unit("RU-12").hex == "0305" and stay.state.unit("RU-12").entrained
    assert "RU-12: not entrained, or out of Command Control (5.34, 5.35); the move stops in " \
           "0305 (ruling G24)" in stay.notes
    walk = carry_out(state, DATA, "allied", Move("RU-12", (h("0404"),)), RailUse(6))
    assert walk.state.unit("RU-12").hex == "0405"  # no normal movement while entrained
    unentrained = opening(DATA).with_unit("RU-12", out_of_command=True)
    entrain = carry_out(unentrained, DATA, "allied", Move("RU-12", ("entrain",)), RailUse(6))
    assert not entrain.state.unit("RU-12").entrained and not entrain.moved


@pytest.mark.rules("gwe:5.2", "gwe:5.21", "gwe:6.22")
def test_friendly_units_cost_nothing_to_pass_or_join() -> None:
    state = opening(DATA).with_unit("RU-3", place="map", hex="0403")
    # 0405 holds RU-8 and RU-12: entering it costs its clear terrain alone
    assert entry(state, DATA, "RU-3", h("0404"), h("0405")).cost == 1
    done = carry_out(state, DATA, "allied",
                     Move("RU-3", (h("0404"), h("0405"), h("0406"))), RailUse(6))
    assert done.state.unit("RU-3").hex == "0406"
    assert done.notes[0].endswith("(3 Movement Points, 0 rail hexes)")


@pytest.mark.rules("gwe:5.22", "gwe:6.1", "gwe:6.2", "gwe:6.21", "gwe:6.14")
def test_a_hex_may_be_overstacked_within_the_phase_if_not_at_its_end() -> None:
    state = opening(DATA).with_unit("RU-3", place="map", hex="0404")
    passing = MovementOrders(moves=(Move("RU-3", (h("0405"),)),  # 10 Stacking Points in 0405
                                    Move("RU-12", (h("0406"),))))  # then 8: within the limit
    done = movement_phase(state, DATA, "allied", passing, _dice())
    assert done.state.unit("RU-3").hex == "0405" and done.state.unit("RU-12").hex == "0406"
    assert hex_points(done.state, DATA, h("0405"), "allied") == 8
    assert not any("6.14" in e for e in done.events) and overstacked(done.state, DATA) == []
    staying = movement_phase(state, DATA, "allied",
                             MovementOrders(moves=(Move("RU-3", (h("0405"),)),)), _dice())
    assert "RU-12: over the Stacking limit in 0405, eliminated (6.14)" in staying.events


@pytest.mark.rules("gwe:6.1", "gwe:6.12", "gwe:11.2", "gwe:11.21")
def test_a_fortress_counts_nothing_toward_the_limit() -> None:
    tight = dataclasses.replace(DATA, counters=DATA.counters.model_copy(update={"sides": {
        **DATA.counters.sides,
        "central": DATA.counters.sides["central"].model_copy(update={"stacking_limit": 5})}}))
    state = opening(DATA).with_unit("AH-24", hex="0803").with_unit("GE-35", hex="0803")
    assert hex_points(state, tight, h("0803"), "central") == 5  # brigade 1, divisions 2 + 2
    assert overstacked(state, tight) == []
    more = state.with_unit("GE-HL", hex="0803").with_unit("AH-A4", hex="0803")
    assert overstacked(more, tight) == []  # HQ units count none either (6.11)
    over = state.with_unit("AH-9", place="map", hex="0803")
    assert [(str(o.hex), o.points) for o in overstacked(over, tight)] == [("0803", 7)]


@pytest.mark.rules("gwe:7.1", "gwe:7.11", "gwe:7.2", "gwe:7.21", "gwe:7.24")
def test_a_zone_covers_the_six_hexes_round_and_friends_do_not_lift_it_for_movement() -> None:
    lone = opening(DATA)
    for unit_id in ("GE-35", "AH-7B", "AH-24"):
        lone = lone.with_unit(unit_id, place="eliminated", hex=None)
    lone = lone.with_unit("GE-35", place="map", hex="0707")
    zone = {str(x) for x in controlled_hexes(lone, DATA, "central")}
    fortress = {str(x) for x in DATA.neighbours(h("0803"))}  # the fortress controls too (7.0)
    assert zone - fortress == {str(x) for x in DATA.neighbours(h("0707"))} - fortress
    assert len(DATA.neighbours(h("0707"))) == 6
    held = opening(DATA).with_unit("RU-4C", hex="0505")  # a Friendly unit in AH-24's zone
    into = entry(held, DATA, "RU-12", h("0405"), h("0505"))
    assert into.cost == 2 and into.rule.startswith("7.21")  # clear 1, and one for the zone
