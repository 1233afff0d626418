"""Great War in the East's combat results applied on the synthetic map: Steps (8.51-8.53), the
Option Table's choices and their defaults (8.9), retreats (8.61-8.64) and advances (8.7)."""

from __future__ import annotations

import dataclasses

import pytest

from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.values import current_values
from gm.games.gwe.rules import retreat
from gm.games.gwe.rules.advance import advance
from gm.games.gwe.rules.losses import (
    affected_units,
    apply_attacker_result,
    force_steps,
    spread_losses,
)
from gm.games.gwe.rules.results import DefenderChoice, apply_defender_result
from gm.games.gwe.rules.steps import lose_steps, steps_left
from gm.games.gwe.state import GweState
from tests.gwe import fixture_data, opening

DATA = fixture_data()
h = parse_hex


def _values(state: GweState, unit_id: str) -> tuple[int, int]:
    values = current_values(DATA.units[unit_id], state.unit(unit_id).steps_lost)
    return values.attack, values.defense


@pytest.mark.rules("gwe:8.5", "gwe:8.51", "gwe:8.52", "gwe:8.53")
def test_steps_by_unit_size_the_corps_example() -> None:
    state = opening(DATA)
    seen = []
    for _ in range(4):  # 8.53: full, -1 from full, half, -1 from half, eliminated
        seen.append(_values(state, "RU-8"))
        state = lose_steps(state, DATA, "RU-8", 1)
    assert seen == [(4, 6), (3, 5), (2, 3), (1, 2)]
    assert state.unit("RU-8").place == "eliminated" and state.unit("RU-8").hex is None
    division = lose_steps(opening(DATA), DATA, "RU-12", 1)  # 8.52: flipped
    assert _values(division, "RU-12") == (1, 2) and steps_left(division, DATA, "RU-12") == 1
    assert lose_steps(division, DATA, "RU-12", 1).unit("RU-12").place == "eliminated"
    depot = lose_steps(opening(DATA), DATA, "RU-D1", 1)  # 8.51: one Step, a combat unit
    assert depot.unit("RU-D1").place == "eliminated"
    assert lose_steps(opening(DATA), DATA, "RU-8", 9).unit("RU-8").place == "eliminated"


@pytest.mark.rules("gwe:8.9", "gwe:10.53")
def test_affected_units_of_the_larger_force_and_losses_by_default_and_by_choice() -> None:
    state = opening(DATA)
    stack = ("RU-8", "RU-12", "RU-KA")
    assert force_steps(state, DATA, stack) == 6  # the HQ is not counted
    assert affected_units(state, DATA, stack, 6) == ("RU-8", "RU-12")  # not larger: all
    assert affected_units(state, DATA, stack, 2) == ("RU-8",)  # G8: most Steps first
    assert affected_units(state, DATA, stack, 2, chosen=("RU-12",)) == ("RU-12",)
    spread = spread_losses(state, DATA, ("RU-8", "RU-12"), 3)  # G8: from the most Steps
    assert spread.unit("RU-8").steps_lost == 2 and spread.unit("RU-12").steps_lost == 1
    chosen = spread_losses(state, DATA, ("RU-8", "RU-12"), 3, ("RU-12", "RU-12"))
    assert chosen.unit("RU-12").place == "eliminated" and chosen.unit("RU-8").steps_lost == 1


@pytest.mark.rules("gwe:8.9", "gwe:8.54", "gwe:8.61")
def test_attacker_results_the_smaller_attacker_loses_all_on_a_2() -> None:
    state = opening(DATA)
    attackers = ("RU-4C",)  # 2 Steps against RU-8's 4: the smaller
    affected = min(force_steps(state, DATA, attackers), 4)
    after, note = apply_attacker_result(state, DATA, "2", attackers, affected)
    assert after.unit("RU-4C").place == "eliminated" and note.endswith("loses 2 Step(s) (8.9)")
    after, _ = apply_attacker_result(state, DATA, "1", ("RU-8", "RU-12"), 3)  # half of 3: 2
    assert after.unit("RU-8").steps_lost == 2 and after.unit("RU-4C") == state.unit("RU-4C")
    assert apply_attacker_result(state, DATA, "-", attackers, 2)[0] == state


@pytest.mark.rules("gwe:8.9", "gwe:8.63")
def test_the_defenders_default_option_keeps_the_most_steps() -> None:
    state = opening(DATA)
    one = apply_defender_result(state, DATA, "1", ("AH-24",), 2, in_supply=True)
    assert one.option == 2 and one.state.unit("AH-24").hex == "0605"  # retreat, no loss
    assert one.notes[0] == "defender: result 1, option 2, the default (ruling G10)"
    assert one.vacated == (h("0604"),) and not one.no_advance
    three = apply_defender_result(state, DATA, "3", ("AH-24",), 2, in_supply=True)
    assert three.option == 2 and three.state.unit("AH-24").steps_lost == 1
    assert three.state.unit("AH-24").hex == "0803"  # two hexes, toward supply (8.63)
    ordered = apply_defender_result(state, DATA, "1", ("AH-24",), 2, True, DefenderChoice(1))
    assert ordered.option == 1 and ordered.state.unit("AH-24").steps_lost == 1
    assert ordered.vacated == ()
    wrong = apply_defender_result(state, DATA, "1", ("AH-24",), 2, True, DefenderChoice(3))
    assert wrong.option == 2 and "there is no option 3 for result 1" in wrong.notes[0]
    e = apply_defender_result(state, DATA, "E", ("AH-24",), 2, True)
    assert e.state.unit("AH-24").place == "eliminated" and not e.no_advance  # E is not 8.75


def _surrounded() -> GweState:
    """AH-24 in 0604 with Russians all round it but 0605, and a Russian beside 0605."""
    state = opening(DATA).with_unit("GE-35", hex="0101").with_unit("GE-HL", hex="0101")
    state = state.with_unit("RU-12", hex="0704").with_unit("RU-3", place="map", hex="0603")
    return state.with_unit("RU-D1", hex="0706").with_unit("RU-8", hex="0505")


@pytest.mark.rules("gwe:8.64", "gwe:8.63", "gwe:8.75", "gwe:7.24")
def test_a_retreat_blocked_by_zones_eliminates_and_the_last_stand_bars_the_advance() -> None:
    state = _surrounded()  # 0605: in RU-8's zone; 0705 in RU-12's: no way out for TCR 4
    assert retreat.paths(state, DATA, h("0604"), "central", 1, False, ("AH-24",)) == []
    one = apply_defender_result(state, DATA, "1", ("AH-24",), 2, in_supply=True)
    assert one.option == 1 and one.state.unit("AH-24").steps_lost == 1  # G10: keeps a Step
    two = apply_defender_result(state, DATA, "2", ("AH-24",), 2, in_supply=True)
    assert two.option == 1 and two.no_advance  # all die anyway: they hold (8.75, G10)
    assert two.state.unit("AH-24").place == "eliminated"
    blocked = apply_defender_result(state, DATA, "2", ("AH-24",), 2, True, DefenderChoice(3))
    assert "retreat from 0604: no legal path, eliminated (8.63, 8.64)" in blocked.notes
    assert blocked.state.unit("AH-24").place == "eliminated" and not blocked.no_advance
    unsupplied = apply_defender_result(state, DATA, "2", ("AH-24",), 2, in_supply=False)
    assert not unsupplied.no_advance  # 8.75 only for units in supply


@pytest.mark.rules("gwe:8.64", "gwe:8.62")
def test_units_rated_1_retreat_through_zones_and_the_others_are_eliminated() -> None:
    state = _surrounded().with_unit("GE-35", hex="0604")
    result = apply_defender_result(state, DATA, "1", ("AH-24", "GE-35"), 4, True,
                                   DefenderChoice(2))
    assert result.state.unit("GE-35").hex == "0705"  # 0605 is cut from the rail: 1 away
    assert result.state.unit("AH-24").place == "eliminated"
    assert "0604: only units rated 1 may retreat through Enemy-controlled hexes (8.64)" in \
        result.notes


@pytest.mark.rules("gwe:8.63", "gwe:8.62", "gwe:6.15")
def test_the_owners_path_within_the_first_priority_and_no_overstacked_end() -> None:
    state = opening(DATA)
    origin = h("0604")
    legal = retreat.paths(state, DATA, origin, "central", 1, False, ("AH-24",))
    assert [str(p) for p in legal] == ["0605", "0705", "0704"]  # 0704 is 1 from supply
    assert retreat.choose(legal, (h("0705"),), "r").path == legal[1]  # same priority
    refused = retreat.choose(legal, (h("0704"),), "r")
    assert refused.path == legal[0] and "not among the legal paths" in refused.note
    full = state.with_unit("AH-9", place="map", hex="0605").with_unit("GE-XK", place="map",
                                                                        hex="0605")
    assert "0605" in [str(p) for p in retreat.paths(full, DATA, origin, "central", 1, False,
                                                    ("AH-24",))]  # 2 + 2, a HQ 0: 4
    sides = dict(DATA.counters.sides)
    sides["central"] = sides["central"].model_copy(update={"stacking_limit": 3})
    tight = dataclasses.replace(DATA, counters=DATA.counters.model_copy(update={"sides": sides}))
    over = retreat.paths(full, tight, origin, "central", 1, False, ("AH-24",))
    assert [str(p) for p in over] == ["0704"]  # 0605, 0705 would hold 4 of 3 (6.15)


@pytest.mark.rules("gwe:8.71", "gwe:8.72", "gwe:8.73", "gwe:8.74", "gwe:8.75")
def test_advance_after_combat_by_order_only_into_the_vacated_hex() -> None:
    state = opening(DATA)
    applied = apply_defender_result(state, DATA, "1", ("AH-24",), 2, in_supply=True)
    after = applied.state
    assert advance(after, DATA, applied, ("RU-4C",)) == (after, ())  # G11: none by default
    moved, notes = advance(after, DATA, applied, ("RU-4C",), {h("0604"): ("RU-4C", "RU-8")})
    assert moved.unit("RU-4C").hex == "0604" and moved.unit("RU-8").hex == "0405"
    assert notes == ("RU-4C advances into 0604 (8.71)",
                     "RU-8: did not attack here or is gone; does not advance (8.71)")
    held = apply_defender_result(_surrounded(), DATA, "2", ("AH-24",), 2, in_supply=True)
    barred, notes = advance(held.state, DATA, held, ("RU-12",), {h("0604"): ("RU-12",)})
    assert barred.unit("RU-12").hex == "0704" and notes[0].endswith("(8.75)")
