"""Great War in the East's combat (8.0-8.7) on the synthetic map, with forced dice: the cases
the other combat tests leave unnamed (who may attack from where, the defending hex as one,
terrain on combat, retreating through friends, advancing)."""

from __future__ import annotations

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.rules.attack import Attack, AttackerChoice
from gm.games.gwe.rules.phases import CombatOrders, combat_phase
from gm.games.gwe.rules.results import DefenderChoice
from gm.games.gwe.state import GweState
from tests.gwe import attacked, fixture_data, opening

DATA = fixture_data()
h = parse_hex
NO_SHIFT = AttackerChoice(hqs=())


def _front() -> GweState:
    """RU-8 and RU-12 in 0504 (swamp) beside AH-24 in 0604."""
    return opening(DATA).with_unit("RU-8", hex="0504").with_unit("RU-12", hex="0504")


@pytest.mark.rules("gwe:8.0", "gwe:8.1", "gwe:8.13")
def test_a_hex_attacked_from_three_sides_at_odds_rounded_for_the_defender() -> None:
    state = opening(DATA).with_unit("RU-8", hex="0504").with_unit("RU-12", hex="0603") \
        .with_unit("RU-3", place="map", hex="0605")
    attack = Attack(("RU-8", "RU-12", "RU-3"), (h("0604"),), NO_SHIFT)
    done = attacked(state, DATA, "allied", attack, [4])
    assert (done.made, done.attack, done.defense, done.odds) == (True, 11, 3, "3-1")  # 11 to 3
    assert "attack 11 against defense 3, table of rating 3 (8.4, 8.8)" in done.events
    assert {"RU-8", "RU-12", "RU-3", "AH-24"} <= done.state.fought


@pytest.mark.rules("gwe:8.0", "gwe:8.7", "gwe:8.71", "gwe:8.73")
def test_each_result_is_applied_before_the_next_attack() -> None:
    first = Attack(("RU-8", "RU-12"), (h("0604"),), AttackerChoice(
        hqs=(), advance={h("0604"): ("RU-12",)}), DefenderChoice(option=3))
    second = Attack(("RU-4C",), (h("0604"),), NO_SHIFT)
    done = combat_phase(_front(), DATA, "allied",
                        CombatOrders(allocation={"RU-KA": ("RU-8", "RU-12")},
                                     attacks=(first, second)),
                        ForcedDice([1], [], []))  # 7 to 3 is 2-1: -/2, two hexes back
    assert done.state.unit("AH-24").hex == "0803" and done.state.unit("RU-12").hex == "0604"
    assert "attack on 0604 not made: 0604 holds no Enemy unit nor Enemy fortress (8.11)" in \
        done.events
    assert done.state.unit("RU-4C").hex == "0504"


@pytest.mark.rules("gwe:8.2", "gwe:8.21", "gwe:8.62")
def test_every_unit_in_the_hex_defends_as_one_and_shares_the_result() -> None:
    state = _front().with_unit("AH-9", place="map", hex="0604")
    done = attacked(state, DATA, "allied", Attack(("RU-8", "RU-12"), (h("0604"),), NO_SHIFT,
                                           DefenderChoice(option=3)), [1])
    assert (done.attack, done.defense, done.odds) == (7, 6, "1-1")  # AH-24 3 and AH-9 3
    assert done.result is not None and done.result.defender == "1"
    assert done.state.unit("AH-24").hex == done.state.unit("AH-9").hex != "0604"
    assert {"AH-24", "AH-9"} <= done.state.fought


@pytest.mark.rules("gwe:8.2", "gwe:8.22", "gwe:8.12")
def test_a_stack_may_split_its_attacks_or_leave_a_unit_out() -> None:
    state = _front().with_unit("AH-9", place="map", hex="0603")
    one = Attack(("RU-12",), (h("0604"),), NO_SHIFT, DefenderChoice(option=2))
    other = Attack(("RU-8",), (h("0603"),), NO_SHIFT, DefenderChoice(option=2))
    done = combat_phase(state, DATA, "allied", CombatOrders(attacks=(one,)),
                        ForcedDice([2], [], []))
    assert done.state.unit("RU-8") == state.unit("RU-8")  # not in it, not affected
    both = attacked(state, DATA, "allied", one, [2])
    assert "RU-8" not in both.state.fought
    later = attacked(both.state, DATA, "allied", other, [2])
    assert later.made and later.attack == 4 and "RU-8" in later.state.fought


@pytest.mark.rules("gwe:8.2", "gwe:8.24", "gwe:8.14", "gwe:8.23")
def test_a_units_strength_is_never_divided_between_combats() -> None:
    state = opening(DATA).with_unit("RU-8", hex="0504").with_unit("AH-9", place="map", hex="0603")
    both = attacked(state, DATA, "allied", Attack(("RU-8",), (h("0603"), h("0604")), NO_SHIFT), [6])
    assert (both.attack, both.defense, both.odds) == (4, 6, "1-2")  # its 4 once, against both
    elsewhere = both.state.with_unit("GE-35", hex="0503")
    again = attacked(elsewhere, DATA, "allied", Attack(("RU-8",), (h("0503"),), NO_SHIFT), [])
    assert not again.made
    assert "RU-8: attacked or advanced already this Combat Phase (8.14, 8.73); does not " \
           "attack" in again.events


@pytest.mark.rules("gwe:8.3", "gwe:5.4")
def test_terrain_effects_on_combat_are_cumulative_city_and_minor_river() -> None:
    state = opening(DATA).with_unit("RU-12", hex="0505").with_unit("RU-4C", hex="0404") \
        .with_unit("GE-35", hex="0604")
    done = attacked(state, DATA, "central", Attack(("GE-35",), (h("0505"),), NO_SHIFT), [6])
    assert "GE-35: attacks across a river, halved (5.4)" in done.events
    assert "0505: defense multiplied by 2 (5.4)" in done.events
    assert (done.attack, done.defense, done.odds) == (2, 8, "1-4")  # 4 halved; 4 doubled


@pytest.mark.rules("gwe:8.6", "gwe:8.65", "gwe:8.61", "gwe:8.72")
def test_a_retreat_passes_through_friendly_units_without_moving_them() -> None:
    path = (h("0705"), h("0805"))  # through GE-35 and GE-HL in 0705
    done = attacked(_front(), DATA, "allied", Attack(
        ("RU-8", "RU-12"), (h("0604"),), AttackerChoice(hqs=(), advance={h("0604"): ("RU-8",)}),
        DefenderChoice(option=3, paths={h("0604"): path})), [1])
    assert "retreat from 0604: by 0705 0805 as ordered (8.62)" in done.events
    assert done.state.unit("AH-24").hex == "0805"
    assert done.state.unit("GE-35") == _front().unit("GE-35")
    assert done.state.unit("GE-HL") == _front().unit("GE-HL")
    assert done.state.unit("RU-8").hex == "0604"  # into GE-35's zone: advancing ignores it
