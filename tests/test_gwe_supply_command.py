"""Great War in the East's supply (9.0) and Command Control (10.3, 10.4) on the synthetic map."""

from __future__ import annotations

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.rules.command import (
    checked_allocation,
    clear_markers,
    command_control,
    default_allocation,
    worse_by_command,
    worsened,
)
from gm.games.gwe.rules.strength import cavalry_attack, force_attack, unit_attack
from gm.games.gwe.rules.supply import (
    attrition,
    determine_supply,
    line_of_supply,
    rail_sources,
    supplied_depots,
    supply_sources,
    supply_status,
)
from tests.gwe import fixture_data, opening

DATA = fixture_data()
h = parse_hex


def _ids(hexes: frozenset[object]) -> list[str]:
    return sorted(str(x) for x in hexes)


def _dice(*values: int) -> ForcedDice:
    return ForcedDice(list(values), [], [])


# --- supply ------------------------------------------------------------------------------------


@pytest.mark.rules("gwe:9.13", "gwe:9.15", "gwe:7.24")
def test_friendly_rail_is_a_source_only_joined_to_its_map_edge_free_of_zones() -> None:
    state = opening(DATA)
    # 0505 is in AH-24's zone: it and nothing beyond it on the line is a source
    other = ["0107", "0108"]  # the short line of the off-map link (5.37), its own map edge
    assert _ids(rail_sources(state, DATA, "allied")) == ["0105", *other, "0205", "0305", "0405"]
    cut = state.with_unit("AH-9", place="map", hex="0204")  # its zone covers 0205, 0105
    assert _ids(rail_sources(cut, DATA, "allied")) == other  # 0205 holds a depot: 0105 is cut
    held = cut.with_unit("RU-12", hex="0105")  # 7.24: a Friendly unit negates the zone
    assert _ids(rail_sources(held, DATA, "allied")) == ["0105", *other, "0205", "0305", "0405"]
    taken = state.model_copy(update={"last_occupied": {"0305": "central"}})
    assert _ids(rail_sources(taken, DATA, "allied")) == ["0105", *other, "0205", "0405"]


@pytest.mark.rules("gwe:9.12", "gwe:9.14", "gwe:9.17", "gwe:9.13")
def test_a_line_of_supply_its_range_enemy_units_and_zones_by_rating() -> None:
    state = opening(DATA)
    sources = supply_sources(state, DATA, "allied")
    away = state.with_unit("RU-12", hex="0608")  # 4 from 0405, the nearest source: range 3
    assert line_of_supply(away, DATA, h("0608"), "allied", 3, 0, sources) is None
    line = line_of_supply(away, DATA, h("0508"), "allied", 3, 0, sources)
    assert line is not None and len(line) == 3 and line[-1] == h("0405")
    assert not supply_status(away, DATA, "RU-12").in_supply
    # 0703 for the Germans (range 5): 0803's fortress and 0704's zone-free hexes
    assert supply_status(state, DATA, "GE-35").rule == "9.13: on a Friendly supply source"
    # a line of supply through two Enemy-controlled hexes: rated 1 only (9.14)
    ring = state.with_unit("RU-12", hex="0807").with_unit("RU-8", hex="0907")
    ring = ring.with_unit("GE-35", hex="0808").with_unit("GE-HL", hex="0101")
    zones = line_of_supply(ring, DATA, h("0808"), "central", 5, 2,
                           supply_sources(ring, DATA, "central"))
    assert zones is not None and line_of_supply(ring, DATA, h("0808"), "central", 5, 0,
                                                supply_sources(ring, DATA, "central")) is None
    assert supply_status(ring, DATA, "GE-35").in_supply
    assert not supply_status(ring.with_unit("AH-24", hex="0808"), DATA, "AH-24").in_supply
    hq_only = state.with_unit("RU-KA", hex="0408")  # 9.17: a hex of Enemy HQ units alone
    assert line_of_supply(hq_only, DATA, h("0508"), "central", 1, 0, {h("0408")}) == (
        h("0408"),)
    held = hq_only.with_unit("RU-D1", hex="0408")  # a depot is a unit: it blocks
    assert line_of_supply(held, DATA, h("0508"), "central", 1, 0, {h("0408")}) is None


@pytest.mark.rules("gwe:9.16", "gwe:9.13")
def test_depots_supply_in_a_chain_from_the_rail() -> None:
    state = opening(DATA).with_unit("RU-D1", hex="0408")  # 3 from 0405's rail hex
    assert supplied_depots(state, DATA, "allied", rail_sources(state, DATA, "allied")) == \
        frozenset({"RU-D1"})
    far = state.with_unit("RU-D1", hex="0608")  # 4 away: not supplied, not a source
    assert supplied_depots(far, DATA, "allied", rail_sources(far, DATA, "allied")) == \
        frozenset()
    fed = state.with_unit("RU-4C", hex="0708")  # 3 from the depot in 0408, 4 from the rail
    assert supply_status(fed, DATA, "RU-4C").in_supply
    assert not supply_status(fed.with_unit("RU-D1", hex="0608"), DATA, "RU-4C").in_supply


@pytest.mark.rules("gwe:11.22", "gwe:9.24", "gwe:10.35")
def test_feeding_off_a_fortress_and_hq_units_never_out_of_supply() -> None:
    state = opening(DATA).with_unit("AH-24", hex="0803").with_unit("RU-12", hex="0804")
    state = state.with_unit("RU-8", hex="0904").with_unit("RU-4C", hex="0802")
    state = state.with_unit("RU-D1", hex="0703")  # 0803's every neighbour held or watched
    assert supply_status(state, DATA, "AH-24").rule == "11.22: feeding off a Friendly fortress"
    assert not supply_status(state, DATA, "AH-24", attacking=True).in_supply
    assert not supply_status(state, DATA, "AH-7B").in_supply  # one unit only: the first by id
    lost = state.with_unit("AH-A4", hex="0803")
    assert supply_status(lost, DATA, "AH-A4").rule == "10.35: supply has no effect on HQ units"


@pytest.mark.rules("gwe:9.22", "gwe:9.24", "gwe:9.11", "gwe:9.21")
def test_attrition_a_die_for_each_unit_out_of_supply() -> None:
    state = opening(DATA).with_unit("RU-12", hex="0608").with_unit("RU-8", hex="0708")
    state = state.with_unit("RU-KA", hex="0708")
    dice = _dice(3, 4)  # by id: RU-12 then RU-8
    after, notes = attrition(state, DATA, "allied", dice)
    assert notes == ("RU-12: attrition die 3, loses 1 Step(s) (9.22)",
                     "RU-8: attrition die 4, no loss (9.22)")
    assert [r.purpose for r in dice.log] == ["9.22 attrition of RU-12 in 0608",
                                             "9.22 attrition of RU-8 in 0708"]
    assert after.unit("RU-12").steps_lost == 1 and after.unit("RU-8").steps_lost == 0
    assert after.unit("RU-8").out_of_supply and not after.unit("RU-KA").out_of_supply
    worn = state.with_unit("RU-8", steps_lost=1)  # 3 left: half rounded up is 2
    after, _ = attrition(worn, DATA, "allied", _dice(6, 1))
    assert after.unit("RU-8").steps_lost == 3
    marked = determine_supply(state, DATA, "allied")
    assert unit_attack(marked, DATA, "RU-8", out_of_supply=True) == 2  # 9.21: 4 halved


# --- command control ---------------------------------------------------------------------------


@pytest.mark.rules("gwe:10.31", "gwe:10.32", "gwe:10.11")
def test_the_default_allocation_nearest_first_within_command_strength() -> None:
    state = opening(DATA)  # RU-KA in 0305: radius 3, strength 6
    assert default_allocation(state, DATA, "allied") == {"RU-KA": ("RU-8", "RU-12")}
    far = state.with_unit("RU-8", hex="0205").with_unit("RU-12", hex="0308")  # RU-4C 2 away
    assert default_allocation(far, DATA, "allied") == {"RU-KA": ("RU-8", "RU-D1")}
    kept, notes = checked_allocation(state, DATA, "allied",
                                     {"RU-KA": ("RU-4C", "RU-12", "RU-8", "GE-35")})
    assert kept == {"RU-KA": ("RU-4C", "RU-12")}
    assert notes == ("RU-8: past RU-KA's Command Strength (10.31)",
                     "GE-35: not a unit of allied on the map (10.31)")


@pytest.mark.rules("gwe:10.41", "gwe:10.42", "gwe:4.0")
def test_the_command_die_in_the_movement_phase_and_none_in_combat() -> None:
    state = opening(DATA)
    dice = _dice(4, 3)  # by id: RU-4C (rated 3) then RU-D1
    moved = command_control(state, DATA, "allied", None, dice)
    assert [r.purpose for r in dice.log] == ["10.41 Command Control of RU-4C",
                                             "10.41 Command Control of RU-D1"]
    assert not moved.state.unit("RU-4C").out_of_command
    assert moved.state.unit("RU-D1").out_of_command and not moved.state.unit("RU-KA").\
        out_of_command
    combat = command_control(state, DATA, "allied", {"RU-KA": ("RU-8",)}, None)
    assert combat.state.unit("RU-12").out_of_command and combat.state.unit("RU-4C").\
        out_of_command
    assert unit_attack(combat.state, DATA, "RU-12", out_of_supply=False) == 1  # 10.42: 3/2
    assert unit_attack(combat.state, DATA, "RU-12", out_of_supply=True) == 1  # quartered: 1
    assert not clear_markers(combat.state, DATA, "allied").unit("RU-12").out_of_command


@pytest.mark.rules("gwe:10.43")
def test_units_rated_3_or_4_out_of_command_worsen_their_result() -> None:
    state = command_control(opening(DATA), DATA, "allied", {"RU-KA": ("RU-8",)}, None).state
    assert worse_by_command(state, DATA, ("RU-12",), phasing=True)
    assert not worse_by_command(state, DATA, ("RU-8",), phasing=True)
    assert [worsened(r, attacker=False) for r in ("1", "2", "3", "E")] == ["2", "3", "E", "E"]
    assert worsened("1", attacker=True) == "2" and worsened("2", attacker=True) == "2"
    # the defender: out of every Friendly HQ's radius (AH-A4 in 0906, radius 4)
    assert not worse_by_command(state, DATA, ("AH-24",), phasing=False)
    alone = state.with_unit("AH-24", hex="0101")
    assert worse_by_command(alone, DATA, ("AH-24",), phasing=False)
    assert not worse_by_command(alone.with_unit("GE-35", hex="0101"), DATA, ("GE-35",),
                                phasing=False)  # rated 1


@pytest.mark.rules("gwe:12.21")
def test_cavalry_attacks_at_a_quarter_against_other_types_the_rulebooks_example() -> None:
    assert cavalry_attack(4, ("infantry",)) == 1  # "it would require ... 4 to attack ... 1"
    assert cavalry_attack(7, ("cavalry", "hq")) == 7 and cavalry_attack(3, ("depot",)) == 3
    assert cavalry_attack(3, ("cavalry", "infantry")) == 0  # fractions ignored
    state = opening(DATA)
    assert force_attack(state, DATA, ("RU-4C", "RU-8"), ("AH-24",)) == 4 + 0
    assert force_attack(state, DATA, ("RU-4C",), ("GE-HL",)) == 2
