"""One Great War in the East attack resolved whole on the synthetic map (8.0-8.9 with 5.4,
5.36, 9.23, 10.2, 10.43, 11.11, 12.21), with forced dice: the rulebook's worked examples
(26 to 9 is 2-1, 8.4; 10.21's shift of 2 turning 2-1 into 4-1; 12.21's cavalry)."""

from __future__ import annotations

import dataclasses

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.models import StepValues
from gm.games.gwe.rules.attack import Attack, AttackerChoice, Resolution, resolve_attack
from gm.games.gwe.rules.results import DefenderChoice
from gm.games.gwe.state import GweState, initial_state
from tests.gwe import fixture_data

DATA = fixture_data()
h = parse_hex


def with_values(data: GweData, changes: dict[str, list[tuple[int, int, int]]],
                **hq: dict[str, object]) -> GweData:
    """The data set with some units' Steps (Attack, Defense, Movement) or HQ ratings changed."""
    units = []
    for unit in data.counters.units:
        if unit.id in changes:
            unit = unit.model_copy(update={"steps": tuple(
                StepValues(attack=a, defense=d, movement=m) for a, d, m in changes[unit.id])})
        if unit.id.replace("-", "_") in hq:
            assert unit.hq is not None
            unit = unit.model_copy(update={"hq": unit.hq.model_copy(
                update=hq[unit.id.replace("-", "_")])})
        units.append(unit)
    return dataclasses.replace(data, counters=data.counters.model_copy(
        update={"units": tuple(units)}))


def _front() -> GweState:
    """RU-8 and RU-12 in 0504 (swamp), RU-4C in 0505 (across a minor river from 0604), all
    beside AH-24 in 0604."""
    return initial_state(DATA, ("A", "B")).with_unit("RU-8", hex="0504").with_unit(
        "RU-12", hex="0504").with_unit("RU-4C", hex="0505")


def _attack(state: GweState, data: GweData, attackers: tuple[str, ...], target: str,
            dice: list[int], side: str = "allied", **choices: object) -> Resolution:
    attack = Attack(attackers, (h(target),), **choices)  # type: ignore[arg-type]
    forced = ForcedDice(list(dice), [], [])
    resolution = resolve_attack(state, data, side, attack, forced)
    assert forced.unused() is None, resolution.events
    return resolution


TWENTY_SIX = with_values(DATA, {"RU-8": [(16, 6, 5), (3, 5, 5), (2, 3, 5), (1, 2, 5)],
                                "RU-12": [(10, 4, 5), (1, 2, 5)],
                                "AH-24": [(2, 9, 5), (1, 2, 5)]})


@pytest.mark.rules("gwe:8.4", "gwe:8.8", "gwe:8.9", "gwe:8.54", "gwe:8.63")
def test_26_to_9_is_2_to_1_and_its_result_is_carried_out() -> None:
    done = _attack(_front(), TWENTY_SIX, ("RU-8", "RU-12"), "0604", [1],
                   attacker=AttackerChoice(hqs=()))
    assert (done.made, done.attack, done.defense, done.odds) == (True, 26, 9, "2-1")
    assert done.result is not None and (done.result.attacker, done.result.defender) == ("-", "2")
    assert "attacker 6 Steps, defender 2: 2 affected (8.9)" in done.events
    assert "defender: result 2, option 3, the default (ruling G10)" in done.events
    assert done.state.unit("AH-24").hex == "0803"  # two hexes toward supply (8.63, G9)
    assert done.state.unit("RU-8") == _front().unit("RU-8")
    assert {"RU-8", "RU-12", "AH-24"} <= done.state.fought  # 8.14


@pytest.mark.rules("gwe:10.21", "gwe:10.11", "gwe:10.22")
def test_an_attack_shift_of_2_turns_2_to_1_into_4_to_1_once_a_combat_phase() -> None:
    data = with_values(TWENTY_SIX, {}, RU_KA={"attack_shift": 2})
    done = _attack(_front(), data, ("RU-8", "RU-12"), "0604", [1])  # G19: the default
    assert done.odds == "4-1" and "odds 2-1, shifted 2 to 4-1 (8.4, 10.21)" in done.events
    assert done.result is not None and done.result.defender == "3"
    assert done.state.shifts_used == {"RU-KA"}
    again = done.state.model_copy(update={"fought": frozenset()})
    second = _attack(again.with_unit("AH-24", hex="0604", steps_lost=0), data,
                     ("RU-8", "RU-12"), "0604", [1], attacker=AttackerChoice(hqs=("RU-KA",)))
    assert second.odds == "2-1" and "RU-KA: no shift here (10.11, 10.22)" in second.events


@pytest.mark.rules("gwe:12.21", "gwe:5.4", "gwe:8.8", "gwe:8.9")
def test_a_river_halves_cavalry_is_cut_by_75_and_a_provisional_cell_says_so() -> None:
    done = _attack(_front(), DATA, ("RU-8", "RU-12", "RU-4C"), "0604", [3])
    assert "RU-4C: attacks across a river, halved (5.4)" in done.events
    assert "cavalry: 1 attacks as 0 against other types (12.21)" in done.events
    assert (done.attack, done.defense, done.odds) == (7, 3, "3-1")  # 2-1, RU-KA's shift
    assert done.result is not None and done.result.provisional == "G3"
    assert "die 3: 1/2 (8.8, provisional G3)" in done.events
    assert any("ruling G3" in e and "printed table" in e for e in done.events)
    assert done.state.unit("RU-8").steps_lost == 1  # result 1: half of 2 affected (8.9, G8)


@pytest.mark.rules("gwe:12.21")
def test_cavalry_at_full_strength_against_cavalry_hq_and_depots() -> None:
    state = initial_state(DATA, ("A", "B")).with_unit("RU-4C", hex="0603").with_unit(
        "GE-35", hex="0101").with_unit("AH-24", hex="0101").with_unit("AH-7B", hex="0101")
    state = state.with_unit("GE-HL", hex="0604")  # a HQ alone in 0604
    done = _attack(state, DATA, ("RU-4C",), "0604", [2], attacker=AttackerChoice(hqs=()))
    assert done.attack == 2 and not any("12.21" in e for e in done.events)
    assert "GE-HL: with fewer than two Stacking Points, adds nothing (10.53)" in done.events
    assert done.defense == 0 and done.odds == "6-1"  # a defense of 0: the last column



@pytest.mark.rules("gwe:5.4", "gwe:8.8")
def test_a_ridge_adds_one_to_the_die_and_past_6_reads_row_6() -> None:
    state = initial_state(DATA, ("A", "B")).with_unit("RU-8", hex="0704").with_unit(
        "AH-24", hex="0804")
    done = _attack(state, DATA, ("RU-8",), "0804", [6], attacker=AttackerChoice(hqs=()))
    assert "across a ridge hexside: +1 to the die (5.4)" in done.events
    assert done.odds == "1-1" and done.result is not None
    assert (done.result.die, done.result.attacker, done.result.defender) == (7, "1", "-")


@pytest.mark.rules("gwe:5.36", "gwe:5.4")
def test_an_entrained_defender_at_half_in_the_mountains_detrains() -> None:
    state = initial_state(DATA, ("A", "B")).with_unit("RU-8", hex="0806").with_unit(
        "AH-24", hex="0805", entrained=True)
    done = _attack(state, DATA, ("RU-8",), "0805", [5, 2], attacker=AttackerChoice(hqs=()))
    assert "RU-8: attrition die 5, no loss (9.23)" in done.events  # 0806: out of supply
    assert "AH-24: entrained, defends at half, 1 (5.36)" in done.events
    assert "0805: defense multiplied by 2 (5.4, provisional G4)" in done.events
    assert done.attack == 2 and done.defense == 2 and done.odds == "1-1"
    assert "AH-24: attacked, detrains (5.36)" in done.events
    assert not done.state.unit("AH-24").entrained


@pytest.mark.rules("gwe:5.4", "gwe:11.11", "gwe:8.2")
def test_a_city_doubles_the_defender_and_a_fortress_adds_its_strength() -> None:
    state = initial_state(DATA, ("A", "B")).with_unit("RU-12", hex="0505").with_unit(
        "GE-35", hex="0604").with_unit("RU-8", hex="0101")
    city = _attack(state, DATA, ("GE-35",), "0505", [2], side="central",
                   attacker=AttackerChoice(hqs=()))
    assert (city.attack, city.defense) == (2, 8)  # a minor river halves it; the city doubles
    assert city.odds == "1-4"
    fort = initial_state(DATA, ("A", "B")).with_unit("RU-8", hex="0703")
    done = _attack(fort, TWENTY_SIX, ("RU-8",), "0803", [5, 2], attacker=AttackerChoice(hqs=()))
    assert done.attack == 8 and done.odds == "1-2"  # 16 halved: out of supply in 0703
    assert done.defense == 2 * 2 + 6  # AH-7B doubled by Betastadt, then the fortress's 6
    assert "0803: the fortress adds 6 (11.11)" in done.events
    assert any("ruling G4" in e for e in done.events)  # the trench's provisional cell


@pytest.mark.rules("gwe:9.23", "gwe:9.21", "gwe:9.11")
def test_an_unsupplied_attacker_rolls_for_attrition_before_the_odds() -> None:
    state = initial_state(DATA, ("A", "B")).with_unit("RU-12", hex="1008").with_unit(
        "AH-24", hex="1007")
    done = _attack(state, DATA, ("RU-12",), "1007", [1, 2], attacker=AttackerChoice(hqs=()))
    assert done.events[0] == "RU-12: attrition die 1, loses 1 Step(s) (9.23)"
    assert done.state.unit("RU-12").steps_lost >= 1
    assert done.attack == 1 and done.odds == "1-3"  # 1 after the Step, halved: never below 1


@pytest.mark.rules("gwe:10.43", "gwe:10.42")
def test_out_of_command_attackers_are_halved_and_their_result_worsened() -> None:
    state = _front().with_unit("RU-8", out_of_command=True)
    done = _attack(state, DATA, ("RU-8", "RU-12"), "0604", [2],
                   attacker=AttackerChoice(hqs=()))
    assert done.attack == 2 + 3 and done.odds == "1-1"  # RU-8's 4 halved (10.42)
    assert done.result is not None and done.result.attacker == "1"
    assert "attacker: out of Command Control, result 2 (10.43)" in done.events


@pytest.mark.rules("gwe:10.23", "gwe:10.22", "gwe:10.21")
def test_a_heroic_leader_adds_its_strength_and_corps_and_army_both_shift() -> None:
    state = initial_state(DATA, ("A", "B")).with_unit("RU-12", hex="0706")
    done = _attack(state, DATA, ("GE-35", "GE-HL"), "0706", [2], side="central")
    assert done.attack == 4 + 1 and done.defense == 4
    assert "GE-HL: shifts 1 column(s) right (10.21)" in done.events
    assert "AH-A4: shifts 1 column(s) right (10.21)" in done.events
    assert done.odds == "3-1" and done.state.shifts_used == {"GE-HL", "AH-A4"}


@pytest.mark.rules("gwe:8.11", "gwe:8.12", "gwe:8.14", "gwe:5.36", "gwe:8.8")
def test_who_may_not_attack_and_attacks_not_made() -> None:
    state = _front().with_unit("RU-12", entrained=True)
    done = _attack(state, DATA, ("RU-8", "RU-12", "RU-KA", "RU-D1"), "0604", [2],
                   attacker=AttackerChoice(hqs=()))
    assert "RU-12: entrained units may not attack (5.36); does not attack" in done.events
    assert ("RU-KA: a HQ that is not a Heroic leader may not attack (8.12, 10.51); does not "
            "attack") in done.events
    assert "RU-D1: an Attack Strength of zero may not attack (8.12); does not attack" in \
        done.events
    assert done.made and done.attack == 4
    again = _attack(done.state, DATA, ("RU-4C",), "0803", [])
    assert not again.made and "not adjacent to 0803" in again.events[0]
    low = _attack(_front(), DATA, ("RU-4C",), "0604", [], attacker=AttackerChoice(hqs=()))
    assert not low.made and low.events[-1] == "attack on 0604 not made: below 1-3 (8.8)"
    assert low.state == _front()
    twice = done.state.with_unit("AH-24", hex="0604")
    refused = _attack(twice, DATA, ("RU-4C",), "0604", [])
    assert refused.events == ("attack on 0604 not made: 0604: its units were attacked already "
                              "this Combat Phase (8.14)",)


@pytest.mark.rules("gwe:8.9", "gwe:8.62")
def test_the_defenders_written_option_and_path_are_followed() -> None:
    choice = DefenderChoice(option=3, paths={h("0604"): (h("0705"), h("0804"))})
    done = _attack(_front(), TWENTY_SIX, ("RU-8", "RU-12"), "0604", [1],
                   attacker=AttackerChoice(hqs=()), defender=choice)
    assert "defender: result 2, option 3 as ordered (8.9)" in done.events
    assert "retreat from 0604: by 0705 0804 as ordered (8.62)" in done.events
    assert done.state.unit("AH-24").steps_lost == 0 and done.state.unit("AH-24").hex == "0804"


def _retreated_into_0705() -> GweState:
    """AH-24 retreated into 0705 (GE-35 and GE-HL) by an earlier attack of this phase."""
    first = _attack(_front(), DATA, ("RU-8", "RU-12"), "0604", [2],
                    attacker=AttackerChoice(hqs=()), defender=DefenderChoice(option=2))
    assert first.state.unit("AH-24").hex == "0705"
    assert first.state.retreated == {"AH-24": "0705"}
    return first.state.model_copy(update={"fought": frozenset({"AH-24"})}).with_unit(
        "RU-8", hex="0604").with_unit("RU-12", hex="0704")


@pytest.mark.rules("gwe:8.66", "gwe:8.9")
def test_a_unit_retreated_into_a_hex_adds_nothing_and_shares_its_hosts_losses() -> None:
    state = _retreated_into_0705()
    done = _attack(state, DATA, ("RU-8", "RU-12"), "0705", [2],
                   attacker=AttackerChoice(hqs=()), defender=DefenderChoice(option=1))
    assert ("AH-24: retreated into 0705 this Combat Phase, adds no strength and no Steps "
            "(8.66, 12.17)") in done.events
    assert (done.attack, done.defense) == (3 + 3, 5 + 1)  # GE-35 and the HQ, not AH-24's 2
    assert "attacker 5 Steps, defender 2: 2 affected (8.9)" in done.events  # RU-8 lost one
    assert done.state.unit("GE-35").steps_lost == 1
    assert "AH-24: their hosts in 0705 lost Steps; they lose 1 (8.66)" in done.events
    assert done.state.unit("AH-24").place == "eliminated"


@pytest.mark.rules("gwe:8.66", "gwe:8.62")
def test_a_unit_retreated_into_a_hex_is_eliminated_when_its_hosts_retreat() -> None:
    done = _attack(_retreated_into_0705(), DATA, ("RU-8", "RU-12"), "0705", [2],
                   attacker=AttackerChoice(hqs=()), defender=DefenderChoice(option=2))
    assert done.state.unit("GE-35").hex != "0705" and done.state.unit("GE-35").hex is not None
    assert done.state.unit("GE-HL").hex == done.state.unit("GE-35").hex  # 10.53: with it
    assert done.state.unit("AH-24").place == "eliminated"
    assert "AH-24: their hosts in 0705 retreated or were eliminated; eliminated too (8.66)" in \
        done.events
    assert done.state.retreated.get("GE-35") is None or done.state.unit("GE-35").hex != "0705"


def _fortress_with_two_divisions() -> GweState:
    return initial_state(DATA, ("A", "B")).with_unit("AH-7B", hex="0101").with_unit(
        "AH-24", hex="0803").with_unit("GE-35", hex="0803").with_unit("GE-HL", hex="0101")


@pytest.mark.rules("gwe:11.13", "gwe:11.12", "gwe:8.9")
def test_the_fortress_example_result_1_against_two_divisions_and_a_fortress() -> None:
    from gm.games.gwe.rules import defense

    state = _fortress_with_two_divisions()
    units, where = ["AH-24", "GE-35"], (h("0803"),)
    assert defense.force_size(state, DATA, units, where) == 8  # 4 fortress, 4 divisions
    by_default = defense.apply(state, DATA, "1", where, units, (), 8, True, DefenderChoice())
    assert by_default.state.fortress_steps_lost == {"0803": 2}  # G22: the most Steps kept
    assert by_default.state.unit("AH-24") == state.unit("AH-24")
    assert "defender: 2 fortress Step(s) and 0 unit Step(s), the default (ruling G22)" in \
        by_default.notes
    ordered = defense.apply(state, DATA, "1", where, units, (), 8, True,
                            DefenderChoice(fortress_steps=0, option=2))
    assert ordered.state.fortress_steps_lost == {}
    assert ordered.state.unit("AH-24").place == ordered.state.unit("GE-35").place == \
        "eliminated"  # the two divisions' 4 Steps; no retreat (11.12)
    assert ordered.vacated == ()  # the fortress still stands (5.13)
    alone = initial_state(DATA, ("A", "B")).with_unit("AH-7B", hex="0101")
    three = defense.apply(alone, DATA, "3", where, [], (), 4, True, DefenderChoice())
    assert three.state.fortress_steps_lost == {"0803": 3}  # 3/2 of 4 Steps: 6, three Steps
    gone = defense.apply(state, DATA, "E", where, units, (), 8, True, DefenderChoice())
    assert gone.state.fortress_destroyed(h("0803")) and gone.vacated == where


@pytest.mark.rules("gwe:11.11", "gwe:11.12", "gwe:11.13", "gwe:8.71")
def test_an_unoccupied_fortress_attacked_loses_steps_and_bars_the_advance() -> None:
    state = initial_state(DATA, ("A", "B")).with_unit("AH-7B", hex="0101").with_unit(
        "RU-8", hex="0703")
    done = _attack(state, DATA, ("RU-8",), "0803", [5, 1], attacker=AttackerChoice(
        hqs=(), advance={h("0803"): ("RU-8",)}))
    assert (done.attack, done.defense, done.odds) == (2, 6, "1-3")
    assert "attacker 4 Steps, defender 4: 4 affected (8.9)" in done.events
    assert done.state.fortress_steps_lost == {"0803": 1}  # result 1: half of 4, one Step
    assert done.state.unit("RU-8").hex == "0703" and done.state.unit("RU-8").steps_lost == 2
    assert any(e.startswith("advance into 0803: not a hex vacated") for e in done.events)
