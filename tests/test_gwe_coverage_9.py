"""Great War in the East's supply (9.0), command and HQ units (10.0), fortresses (11.0), cavalry
(12.0) and reinforcements (14.1, 14.2) on the synthetic map, with forced dice: the cases the
other tests leave unnamed."""

from __future__ import annotations

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.rules.arrivals import arrivals
from gm.games.gwe.rules.attack import Attack, AttackerChoice
from gm.games.gwe.rules.combat_totals import hex_defense
from gm.games.gwe.rules.command import command_control
from gm.games.gwe.rules.movement import unit_allowance
from gm.games.gwe.rules.moving import Move
from gm.games.gwe.rules.participants import attacker_problem
from gm.games.gwe.rules.phases import (
    CombatOrders,
    MovementOrders,
    combat_phase,
    movement_phase,
    withdrawal_phase,
)
from gm.games.gwe.rules.sequence import game_turn
from gm.games.gwe.rules.strength import cavalry_attack, unit_attack
from gm.games.gwe.rules.supply import attrition, determine_supply
from tests.gwe import attacked, fixture_data, opening

DATA = fixture_data()
h = parse_hex


# --- supply (9.0) ------------------------------------------------------------------------------


@pytest.mark.rules("gwe:9.0", "gwe:9.1", "gwe:9.2")
def test_out_of_supply_units_move_and_attack_at_half_and_suffer_attrition() -> None:
    state = determine_supply(opening(DATA).with_unit("RU-12", hex="0101"), DATA, "allied")
    assert state.unit("RU-12").out_of_supply  # four hexes from the rail, its range three
    assert not state.unit("RU-8").out_of_supply
    assert unit_allowance(state, DATA, "RU-12") == 2  # 5 halved, fractions down
    assert unit_attack(state, DATA, "RU-12", out_of_supply=True) == 1  # 3 halved
    worn, notes = attrition(state, DATA, "allied", ForcedDice([3], [], []))
    assert notes == ("RU-12: attrition die 3, loses 1 Step(s) (9.22)",)
    assert worn.unit("RU-12").steps_lost == 1


# --- HQ units (10.1, 10.2, 10.5) ---------------------------------------------------------------


@pytest.mark.rules("gwe:10.0", "gwe:10.1", "gwe:10.12", "gwe:10.2", "gwe:10.5", "gwe:10.51")
def test_heroic_leaders_attack_other_hqs_only_defend_and_supply_never_reduces_them() -> None:
    state = opening(DATA).with_unit("GE-XK", place="map", hex="0705")
    assert attacker_problem(state, DATA, "GE-HL", "central", (h("0604"),)) is None  # heroic
    assert attacker_problem(state, DATA, "GE-XK", "central", (h("0604"),)) == (
        "GE-XK: a HQ that is not a Heroic leader may not attack (8.12, 10.51)")
    assert unit_attack(state, DATA, "GE-HL", out_of_supply=True) == 1  # never halved by supply
    assert unit_attack(state, DATA, "GE-35", out_of_supply=True) == 2
    alone = hex_defense(state, DATA, h("0906"), ["AH-A4"])
    assert alone[0] == 0 and "AH-A4: with fewer than two Stacking Points, adds nothing " \
                             "(10.53)" in alone[1]
    assert hex_defense(state, DATA, h("0906"), ["AH-A4", "AH-24"])[0] == 3 + 1
    assert hex_defense(state, DATA, h("0705"), ["GE-35", "GE-HL", "GE-XK"])[0] == 5 + 1 + 1


@pytest.mark.rules("gwe:10.2", "gwe:10.51")
def test_attack_shifts_never_aid_the_defender() -> None:
    state = opening(DATA).with_unit("RU-8", hex="0604").with_unit("RU-12", hex="0604") \
        .with_unit("AH-24", hex="0806").with_unit("GE-XK", place="map", hex="0705")
    done = attacked(state, DATA, "allied", Attack(("RU-8", "RU-12"), (h("0705"),),
                                           AttackerChoice(hqs=())), [6])
    assert (done.attack, done.defense, done.odds) == (7, 7, "1-1")  # GE-HL, GE-XK: 1 each
    assert not any("shifts" in e for e in done.events)  # their Attack Shifts stay out of it


@pytest.mark.rules("gwe:10.24", "gwe:10.23")
def test_a_heroic_leader_shifts_only_the_attack_it_fights_in() -> None:
    state = opening(DATA).with_unit("RU-12", hex="0604").with_unit("AH-24", hex="0806") \
        .with_unit("RU-4C", hex="0706")
    fights = attacked(state, DATA, "central", Attack(("GE-35", "GE-HL"), (h("0604"),),
                                              AttackerChoice(hqs=("GE-HL",))), [6])
    assert "GE-HL: shifts 1 column(s) right (10.21)" in fights.events
    other = attacked(fights.state, DATA, "central", Attack(("GE-35",), (h("0706"),),
                                                    AttackerChoice(hqs=("GE-HL",))), [])
    assert not other.made  # GE-35 has fought; and GE-HL may lend no shift to it either
    lends = attacked(state, DATA, "central", Attack(("GE-35",), (h("0604"),),
                                             AttackerChoice(hqs=("GE-HL",))), [6])
    assert "GE-HL: shifts 1 column(s) right (10.21)" in lends.events
    refused = attacked(lends.state.with_unit("GE-35", place="eliminated", hex=None)
                       .with_unit("AH-9", place="map", hex="0705"), DATA, "central",
                        Attack(("AH-9", "GE-HL"), (h("0706"),), AttackerChoice(hqs=())), [6])
    assert "GE-HL: its Attack Shift went to another attack (10.24); does not attack" in \
        refused.events


# --- command control (10.3, 10.4) --------------------------------------------------------------


@pytest.mark.rules("gwe:10.3", "gwe:10.36", "gwe:10.4", "gwe:10.41", "gwe:10.42")
def test_command_is_determined_afresh_for_movement_and_for_combat() -> None:
    state = opening(DATA).with_unit("RU-12", hex="0101")  # beyond RU-KA's Command Radius
    moving = command_control(state, DATA, "allied", None, ForcedDice([6, 6, 6, 4], [], []))
    assert not moving.state.unit("RU-12").out_of_command  # its 10.41 die, 4 above 3
    fighting = command_control(moving.state, DATA, "allied", None, None)
    assert fighting.state.unit("RU-12").out_of_command  # no die in the Combat Phase
    assert not fighting.state.unit("RU-8").out_of_command
    assert unit_attack(fighting.state, DATA, "RU-12", out_of_supply=False) == 1
    phase = combat_phase(state, DATA, "allied", CombatOrders(), ForcedDice([], [], []))
    assert not any("10.41" in e for e in phase.events)  # no die was rolled


# --- fortresses (11.0) -------------------------------------------------------------------------


@pytest.mark.rules("gwe:11.0", "gwe:11.1", "gwe:11.14", "gwe:11.11")
def test_a_fortress_two_steps_down_defends_with_its_smaller_strength() -> None:
    fortress = DATA.fortress(h("0803"))  # printed on the map
    assert fortress is not None and (fortress.defense, fortress.weakened_defense) == (6, 3)
    by_lost = {}
    for lost in (0, 1, 2, 3):
        state = opening(DATA).model_copy(update={"fortress_steps_lost": {"0803": lost}})
        by_lost[lost] = hex_defense(state, DATA, h("0803"), ["AH-7B"])[0]
    assert by_lost == {0: 4 + 6, 1: 4 + 6, 2: 4 + 3, 3: 4 + 3}  # AH-7B's 2 doubled by the city


@pytest.mark.rules("gwe:11.15", "gwe:11.1")
def test_a_fortress_step_once_lost_is_never_replaced() -> None:
    state = opening(DATA).model_copy(update={"fortress_steps_lost": {"0803": 2}, "turn": 2})
    dice = ForcedDice([6] * 40, [], [])
    for side in ("central", "allied"):
        state = movement_phase(state, DATA, side, MovementOrders(), dice).state
        state = combat_phase(state, DATA, side, CombatOrders(), dice).state
    assert state.fortress_steps_lost == {"0803": 2}


# --- cavalry (12.0) ----------------------------------------------------------------------------


@pytest.mark.rules("gwe:12.0", "gwe:12.1", "gwe:12.17", "gwe:8.66")
def test_cavalry_withdrawn_into_friends_adds_no_strength_but_shares_their_fate() -> None:
    turn = game_turn("allied", "central")
    assert [(s.phase.name, s.acting) for s in turn[:3]] == [
        ("Movement", "allied"), ("Cavalry Withdrawal Before Combat", "central"),
        ("Combat", "allied")]  # 12.1: between the Enemy's Movement and Combat Phases
    state = opening(DATA).with_unit("RU-8", hex="0305").with_unit("RU-12", hex="0305")
    withdrawn = withdrawal_phase(state, DATA, "allied", {"RU-4C": None}, {},
                                 ForcedDice([6], [], []))
    assert withdrawn.state.unit("RU-4C").hex == "0305"  # G9's default path, to its friends
    beside = withdrawn.state.with_unit("GE-35", hex="0404")
    done = attacked(beside, DATA, "central",
                   Attack(("GE-35",), (h("0305"),), AttackerChoice(hqs=())), [1])
    assert "RU-4C: retreated into 0305 this Combat Phase, adds no strength and no Steps " \
           "(8.66, 12.17)" in done.events
    assert done.defense == 6 + 4 + 1  # RU-8, RU-12 and RU-KA (10.53) alone
    assert "attacker 2 Steps, defender 6: 2 affected (8.9)" in done.events  # RU-4C's 2 apart
    assert done.state.unit("RU-8").hex == "0205"  # its hosts retreat (1, option 2: G10) ...
    assert done.state.unit("RU-4C").place == "eliminated"  # ... and it is eliminated (8.66)


@pytest.mark.rules("gwe:12.2", "gwe:12.21")
def test_cavalry_at_a_quarter_unless_the_hex_holds_soft_targets_alone() -> None:
    assert cavalry_attack(4, ["infantry"]) == 1
    assert cavalry_attack(7, ["cavalry", "infantry"]) == 1
    assert cavalry_attack(4, ["cavalry", "hq", "depot"]) == 4


# --- reinforcements (14.1, 14.2) ---------------------------------------------------------------


@pytest.mark.rules("gwe:14.1", "gwe:14.14", "gwe:14.11")
def test_a_reinforcement_moves_in_the_movement_segment_it_arrives() -> None:
    state = opening(DATA).model_copy(update={"turn": 3})
    done = movement_phase(state, DATA, "allied", MovementOrders(moves=(
        Move("RU-3", (h("0102"), h("0103"))),)), ForcedDice([6] * 40, [], []))
    assert "RU-3 enters at 0101 (14.11)" in done.events
    assert done.state.unit("RU-3").hex == "0103" and "RU-3" in done.moved


@pytest.mark.rules("gwe:14.2", "gwe:14.21", "gwe:14.22")
def test_no_reinforcement_enters_an_enemy_zone() -> None:
    state = opening(DATA).with_unit("GE-35", hex="0201")  # its zone covers 0101
    came, found = arrivals(state, DATA, "allied", 3)
    assert came.unit("RU-3").place == "pending" and came.unit("RU-3").delayed_until == 4
    assert found[0].hex is None and "entry hex 0101 blocked" in found[0].note
