"""Great War in the East's rules on the synthetic map: stacking (6.0), Zones of Control (7.0),
movement costs (5.0)."""

from __future__ import annotations

import pytest

from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.models import StepValues
from gm.games.gwe.rules.movement import (
    allowance,
    entrain_cost,
    entry,
    may_enter,
    terrain_cost,
    unit_allowance,
)
from gm.games.gwe.rules.stacking import Overstack, hex_points, overstacked
from gm.games.gwe.rules.zoc import blocks_tracing, controlled_hexes, enemy_controlled, exerts_zoc
from tests.gwe import fixture_data, opening

DATA = fixture_data()


def _ids(hexes: frozenset[object]) -> set[str]:
    return {str(h) for h in hexes}


# --- stacking ----------------------------------------------------------------------------------


@pytest.mark.rules("gwe:6.0", "gwe:6.11", "gwe:6.14", "gwe:6.16")
def test_a_hex_over_the_limit_at_the_end_of_a_phase() -> None:
    state = opening(DATA)
    assert overstacked(state, DATA) == []
    assert hex_points(state, DATA, parse_hex("0405"), "allied") == 6  # corps 4, division 2
    state = state.with_unit("RU-4C", hex="0405").with_unit("RU-3", place="map", hex="0405")
    state = state.with_unit("RU-8", steps_lost=3)  # 6.16: still 4 Stacking Points
    assert overstacked(state, DATA) == [Overstack(parse_hex("0405"), "allied", 12, 8)]
    assert str(overstacked(state, DATA)[0]) == ("allied has 12 Stacking Points in 0405, over "
                                                "the limit of 8: the excess is eliminated (6.14)")


@pytest.mark.rules("gwe:6.11", "gwe:6.12", "gwe:6.13")
def test_hq_units_and_fortresses_count_nothing_and_nationalities_mix() -> None:
    state = opening(DATA).with_unit("RU-KA", hex="0405")
    assert hex_points(state, DATA, parse_hex("0405"), "allied") == 6
    assert hex_points(state, DATA, parse_hex("0705"), "central") == 2  # GE-HL, a corps HQ: 0
    assert hex_points(state, DATA, parse_hex("0803"), "central") == 1  # the brigade alone
    mixed = opening(DATA).with_unit("GE-35", hex="0604")  # German with Austro-Hungarian
    assert hex_points(mixed, DATA, parse_hex("0604"), "central") == 4
    assert overstacked(mixed, DATA) == []
    assert hex_points(mixed, DATA, parse_hex("0604"), "allied") == 0


# --- zones of control --------------------------------------------------------------------------


@pytest.mark.rules("gwe:7.0", "gwe:7.11", "gwe:7.12", "gwe:7.26", "gwe:5.36")
def test_zones_of_control_who_exerts_them_and_where() -> None:
    state = opening(DATA)
    central = controlled_hexes(state, DATA, "central")
    assert {"0603", "0605", "0504", "0505", "0704"} <= _ids(central)  # AH-24 in 0604
    assert {"0802", "0804", "0703", "0903", "0904"} <= _ids(central)  # the fortress in 0803
    assert not exerts_zoc(state, DATA, "GE-HL") and not exerts_zoc(state, DATA, "RU-D1")
    assert not exerts_zoc(state, DATA, "RU-KA")  # 7.26: HQ units and depots
    assert exerts_zoc(state, DATA, "RU-8")
    assert not exerts_zoc(state.with_unit("RU-8", entrained=True), DATA, "RU-8")  # 5.36
    across = state.with_unit("RU-12", hex="0302")
    assert "0301" in _ids(controlled_hexes(across, DATA, "allied"))
    assert "0303" not in _ids(controlled_hexes(across, DATA, "allied"))  # 7.11: prohibited
    alone = state.with_unit("AH-24", place="eliminated", hex=None)
    assert "0504" not in _ids(controlled_hexes(alone, DATA, "central"))


@pytest.mark.rules("gwe:7.24", "gwe:7.25", "gwe:11.13")
def test_friendly_units_or_a_fortress_negate_a_zone_for_supply_and_retreat() -> None:
    state = opening(DATA)
    where = parse_hex("0505")  # in AH-24's zone, and in RU-4C's (7.25: both co-exist)
    assert enemy_controlled(state, DATA, where, "allied")
    assert enemy_controlled(state, DATA, parse_hex("0604"), "central")
    assert blocks_tracing(state, DATA, where, "allied")
    assert not blocks_tracing(state.with_unit("RU-12", hex="0505"), DATA, where, "allied")
    fortress = parse_hex("0803")  # the central fortress, its brigade gone, RU-12 beside it
    empty = state.with_unit("AH-7B", place="eliminated", hex=None).with_unit("RU-12", hex="0804")
    assert enemy_controlled(empty, DATA, fortress, "central")
    assert not blocks_tracing(empty, DATA, fortress, "central")
    ruined = empty.model_copy(update={"fortress_steps_lost": {"0803": 4}})
    assert blocks_tracing(ruined, DATA, fortress, "central")
    assert "0903" not in _ids(controlled_hexes(ruined, DATA, "central"))  # destroyed: no zone


# --- movement ----------------------------------------------------------------------------------


@pytest.mark.rules("gwe:5.4", "gwe:5.12")
def test_terrain_costs_by_tactical_competence_rating() -> None:
    broken = parse_hex("0603")  # 5.4's own example: Rated 1 pays 1, 2 pays 2, 3 or 4 pay 2
    assert [terrain_cost(DATA, broken, tcr)[0] for tcr in (1, 2, 3, 4)] == [1, 2, 2, 2]
    assert [terrain_cost(DATA, parse_hex("0504"), tcr)[0] for tcr in (1, 2, 3, 4)] == \
        [2, 2, 2, 3]  # swamp
    assert [terrain_cost(DATA, parse_hex("0304"), tcr)[0] for tcr in (1, 2, 3, 4)] == \
        [1, 1, 2, 2]  # forest
    assert terrain_cost(DATA, parse_hex("0101"), 4) == (1, ())
    assert terrain_cost(DATA, parse_hex("0805"), 1) == (3, ("G4",))  # mountain: provisional


@pytest.mark.rules("gwe:5.12", "gwe:5.4", "gwe:7.21", "gwe:7.22", "gwe:7.23")
def test_entering_costs_terrain_hexsides_and_enemy_zones() -> None:
    state = opening(DATA)
    h = parse_hex
    assert entry(state, DATA, "RU-12", h("0405"), h("0404")).cost == 1
    assert entry(state, DATA, "RU-12", h("0405"), h("0305")).cost == 2  # forest, TCR 3
    assert entry(state, DATA, "GE-35", h("0705"), h("0706")).cost == 1
    into_zone = entry(state, DATA, "RU-12", h("0405"), h("0505"))
    assert into_zone.cost == 2 and into_zone.rule.startswith("7.21")
    assert entry(state, DATA, "RU-4C", h("0504"), h("0404")).cost == 1  # 7.23: leaving is free
    zone_to_zone = entry(state, DATA, "RU-4C", h("0505"), h("0605"))  # 7.22, across the river
    assert zone_to_zone.cost == 3 and zone_to_zone.provisional == ("G4",)
    ridge = entry(state, DATA, "GE-35", h("0704"), h("0804"))
    assert ridge.cost == 1 + 2 and ridge.provisional == ()  # clear, the ridge's +2
    walled = entry(state, DATA, "RU-12", h("0302"), h("0303"))
    assert not walled.allowed and "prohibited hexside 0302/0303" in walled.rule


@pytest.mark.rules("gwe:5.13")
def test_no_unit_enters_an_enemy_occupied_hex_or_undestroyed_fortress() -> None:
    state = opening(DATA)
    h = parse_hex
    occupied = entry(state, DATA, "RU-4C", h("0504"), h("0604"))
    assert occupied.cost is None and occupied.rule == "5.13: 0604 is Enemy-occupied"
    empty = state.with_unit("AH-7B", place="eliminated", hex=None)
    fortress = entry(empty, DATA, "RU-12", h("0804"), h("0803"))
    assert fortress.rule == "5.13: 0803 is an undestroyed Enemy fortress"
    ruined = empty.model_copy(update={"fortress_steps_lost": {"0803": 4}})
    assert entry(ruined, DATA, "RU-12", h("0804"), h("0803")).allowed
    assert entry(empty, DATA, "AH-24", h("0804"), h("0803")).allowed  # its own side's
    assert not entry(state, DATA, "RU-12", h("0405"), h("0407")).allowed  # not a neighbour


@pytest.mark.rules("gwe:5.14", "gwe:5.17", "gwe:9.21", "gwe:5.32")
def test_allowance_the_one_hex_minimum_and_entraining() -> None:
    assert may_enter(spent=3, cost=2, allowance=5, in_command=True)
    assert not may_enter(spent=4, cost=2, allowance=5, in_command=True)
    assert may_enter(spent=0, cost=4, allowance=3, in_command=True)  # 5.17
    assert not may_enter(spent=0, cost=4, allowance=3, in_command=False)  # not out of command
    assert allowance(StepValues(attack=1, defense=1, movement=5), out_of_supply=True) == 2
    assert allowance(StepValues(attack=1, defense=1, movement=1), out_of_supply=True) == 1
    state = opening(DATA).with_unit("RU-4C", out_of_supply=True)
    assert unit_allowance(state, DATA, "RU-4C") == 4 and unit_allowance(state, DATA, "RU-8") == 5
    assert entrain_cost(DATA, "RU-8") == 3 and entrain_cost(DATA, "GE-35") == 1
