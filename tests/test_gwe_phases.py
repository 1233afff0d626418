"""Great War in the East's rail and off-map movement (5.3, 14.23) and whole Phases (4.0) on
the synthetic map: the moves validated and carried out in order, then every attack."""

from __future__ import annotations

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.rules.attack import Attack, AttackerChoice
from gm.games.gwe.rules.moving import Move, OffMap, carry_out
from gm.games.gwe.rules.participants import attacker_problem
from gm.games.gwe.rules.phases import CombatOrders, MovementOrders, combat_phase, movement_phase
from gm.games.gwe.rules.rail import RailUse
from gm.games.gwe.rules.results import DefenderChoice
from tests.gwe import fixture_data, opening

DATA = fixture_data()
h = parse_hex
ALLIED_RAIL = 6  # the fixture's Rail Capacity and Railroad Movement Rate for the allies


def _dice() -> ForcedDice:
    return ForcedDice([6] * 40, [], [])  # every 10.41 die in command, every attrition die safe


@pytest.mark.rules("gwe:5.32", "gwe:5.33", "gwe:5.34", "gwe:5.31")
def test_entrain_ride_detrain_and_walk_on() -> None:
    move = Move("RU-12", ("entrain", h("0305"), h("0205"), h("0105"), "detrain", h("0106")))
    done = carry_out(opening(DATA), DATA, "allied", move, RailUse(ALLIED_RAIL))
    assert done.state.unit("RU-12").hex == "0106" and not done.state.unit("RU-12").entrained
    assert done.notes[0] == "RU-12: 6 step(s) ordered, ends in 0106 (4 Movement Points, 3 " \
                            "rail hexes)"  # 3 to entrain (its rating), 1 for clear 0106
    assert "RU-12" in done.state.rail_moved
    assert done.state.last_occupied["0105"] == "allied"
    late = done.state.with_unit("RU-12", hex="0604").with_unit("AH-24", hex="0704")
    assert attacker_problem(late, DATA, "RU-12", "allied", (h("0704"),)) == (
        "RU-12: moved by rail this Player-Turn; only units rated 1 attack (5.34)")


@pytest.mark.rules("gwe:5.31", "gwe:5.32", "gwe:5.33")
def test_rail_capacity_enemy_zones_and_the_rate() -> None:
    use = RailUse(ALLIED_RAIL)
    state = opening(DATA).with_unit("RU-4C", hex="0305")
    state = carry_out(state, DATA, "allied", Move("RU-8", ("entrain",)), use).state
    state = carry_out(state, DATA, "allied", Move("RU-12", ("entrain",)), use).state
    full = carry_out(state, DATA, "allied", Move("RU-4C", ("entrain",)), use)
    assert "RU-4C: past the Rail Capacity of 6 (5.31); the move stops in 0305 (ruling G24)" in \
        full.notes and not full.state.unit("RU-4C").entrained
    hq = carry_out(state, DATA, "allied", Move("RU-KA", ("entrain", h("0405"))), use)
    assert hq.state.unit("RU-KA").hex == "0405"  # HQ units ride free (5.31)
    zone = carry_out(state, DATA, "allied", Move("RU-12", (h("0505"),)), use)
    assert "RU-12: 0505 is Enemy-controlled (5.33); the move stops in 0405 (ruling G24)" in \
        zone.notes
    in_zone = opening(DATA).with_unit("RU-12", hex="0505")
    refused = carry_out(in_zone, DATA, "allied", Move("RU-12", ("entrain",)), RailUse(6))
    assert any("only units rated 1 entrain there (5.32)" in n for n in refused.notes)
    far = opening(DATA).with_unit("RU-12", hex="0505").with_unit("AH-24", hex="0101")
    ride = carry_out(far, DATA, "allied", Move("RU-12", ("entrain", h("0405"), h("0305"),
                                                        h("0205"), h("0105"))), RailUse(6))
    assert ride.state.unit("RU-12").hex == "0105"


@pytest.mark.rules("gwe:5.37", "gwe:5.38")
def test_off_map_movement_over_two_movement_phases() -> None:
    state = opening(DATA).with_unit("RU-12", hex="0505").with_unit("AH-24", hex="0101")
    move = Move("RU-12", ("entrain", h("0405"), h("0305"), h("0205"), h("0105"),
                          OffMap(h("0108"))))
    done = carry_out(state, DATA, "allied", move, RailUse(ALLIED_RAIL))
    unit = done.state.unit("RU-12")
    assert (unit.place, unit.off_map_to, unit.off_map_points) == ("off_map", "0108", 2)
    assert "RU-12: off the map, 2 of 4 points toward 0108 (5.38)" in done.notes
    after = movement_phase(done.state, DATA, "allied", MovementOrders(), _dice())
    assert "RU-12 re-enters the map at 0108 entrained (5.37)" in after.events
    assert after.state.unit("RU-12").hex == "0108" and after.state.unit("RU-12").entrained
    blocked = done.state.with_unit("GE-35", hex="0208")  # its zone covers 0108
    waits = movement_phase(blocked, DATA, "allied", MovementOrders(), _dice())
    assert waits.state.unit("RU-12").place == "off_map"
    assert any("waits off the map (5.37, ruling G23)" in e for e in waits.events)


@pytest.mark.rules("gwe:14.23", "gwe:14.22", "gwe:14.12")
def test_an_entrained_reinforcement_blocked_goes_off_the_map_when_ordered() -> None:
    state = opening(DATA).with_unit("RU-12", hex="1004").model_copy(update={"turn": 2})
    orders = MovementOrders(off_map={"AH-9": h("1008")})
    done = movement_phase(state, DATA, "central", orders, _dice())
    assert "AH-9: entry hex 1005 blocked; off the map by rail toward 1008 (14.23)" in \
        done.events
    assert done.state.unit("AH-9").hex == "1008" and done.state.unit("AH-9").entrained
    delayed = movement_phase(state, DATA, "central", MovementOrders(), _dice())
    assert delayed.state.unit("AH-9").place == "pending"  # 14.22 without the order


@pytest.mark.rules("gwe:4.0", "gwe:5.0", "gwe:10.52", "gwe:5.17", "gwe:6.14")
def test_a_movement_phase_carries_out_the_moves_in_order() -> None:
    state = opening(DATA).with_unit("RU-12", hex="0907")
    orders = MovementOrders(moves=(
        Move("RU-12", (h("0906"),)),
        Move("RU-12", (h("0907"),)),
        Move("RU-8", (h("0406"), h("0407"), h("0408"), h("0409"))),
        Move("RU-4C", (h("0604"),))))
    done = movement_phase(state, DATA, "allied", orders, _dice())
    assert done.state.unit("RU-12").hex == "0906"
    assert "AH-A4 displaces to 0705 (10.52)" in done.events
    assert "RU-12: moved already this Phase; a unit moves once (5.0)" in done.events
    assert done.state.unit("RU-8").hex == "0408"  # 0409 is not on the map
    assert any(e.startswith("RU-4C: 0604 is Enemy-occupied (5.13)") for e in done.events)
    assert done.moved == {"RU-12", "RU-8"}
    assert all(not u.out_of_command for u in done.state.units.values())  # 4.0 A.1d


@pytest.mark.rules("gwe:4.0", "gwe:8.14", "gwe:8.73", "gwe:6.14")
def test_a_combat_phase_resolves_every_attack_in_order() -> None:
    state = opening(DATA).with_unit("RU-8", hex="0504").with_unit("RU-12", hex="0504")
    attack = Attack(("RU-8", "RU-12"), (h("0604"),), AttackerChoice(hqs=()))
    second = Attack(("RU-4C",), (h("0604"),), defender=DefenderChoice(option=1))
    orders = CombatOrders(allocation={"RU-KA": ("RU-8", "RU-12")}, attacks=(attack, second))
    done = combat_phase(state, DATA, "allied", orders, ForcedDice([2], [], []))
    assert "die 2: 1/2 (8.8)" in done.events  # 7 to 3: 2-1
    assert done.state.unit("AH-24").hex == "0803"  # G10: two hexes back
    assert done.events[-1] == "attack on 0604 not made: 0604 holds no Enemy unit nor Enemy " \
                              "fortress (8.11)"
    assert done.state.fought == frozenset() and done.state.retreated == {}
    assert "RU-4C: out of Command Control" not in done.events
    assert all(not u.out_of_command for u in done.state.units.values())
    by_default = combat_phase(state, DATA, "allied", CombatOrders(attacks=(attack,)),
                              ForcedDice([2], [], []))
    assert "attacker: out of Command Control, result 2 (10.43)" in by_default.events  # G13
