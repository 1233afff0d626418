"""The standard game's Player-Turn (4.2, issue 16): the Phasing Player's orders carried out one
after another on the live position, only his forces moving and attacking, the next
Player-Turn opening with its own Random Events, the Interphase after the last."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from gm.core.dice import SeededDice
from gm.core.state import Stack
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine import postal, standard
from gm.games.rcw.orders.model import Assassinate, Attack, Move, Order, Quit, Steal
from gm.games.rcw.state import ChartSection, GameState
from tests.conftest import deployed

TROTSKY, DENIKIN, KOLCHAK = 152, 251, 255


def _state(data: GameData, position: Mapping[str, tuple[Stack, ...]], phase: int = 1,
           mode: str = "standard") -> GameState:
    """Players A, B, C in that Player-Turn order, on `position` alone."""
    base = deployed(data, "ABC")
    return base.model_copy(update={
        "position": dict(position), "sequence": ("A", "B", "C"), "mode": mode,
        "phase": phase, "turn": 2,
        "chart": {**base.chart, "A": ChartSection(assassin=2)}})


def _results(orders: dict[str, tuple[Order, ...]], state: GameState, data: GameData,
             seed: str = "s") -> tuple[GameState, dict[int, str], SeededDice]:
    dice = SeededDice(seed, "turn")
    done = standard.adjudicate(state, data, orders, dice)
    return done.state, {r.line: f"{r.result} ({r.rule})" for r in done.results}, dice


def _where(state: GameState, unit: int) -> str | None:
    found = state.where_is(unit)
    return found[0] if found else None


@pytest.mark.rules("5.27")
def test_a_force_stops_where_another_colour_stands_as_it_enters(data: GameData) -> None:
    """The White stack leaves TVER before the Red force passes: in the standard game it goes
    on (5.27 judged on the live position); in the postal game, on the same orders, it stops
    where the White stack stood at the start of the Game-Turn (17.0 [5.0])."""
    position = {"PETR": (Stack(player="A", units=(TROTSKY, 111)),),
                "TVER": (Stack(player="A", units=(DENIKIN,)),)}
    orders: dict[str, tuple[Order, ...]] = {"A": (
        Move(line=1, force=(DENIKIN,), path=("TVER", "RYAZ")),
        Move(line=2, force=(TROTSKY, 111), path=("PETR", "NOVG", "TVER", "VLDM")))}
    after, results, _ = _results(orders, _state(data, position), data)
    assert _where(after, TROTSKY) == "VLDM" and results[2].startswith("succeeded")
    postal_state = _state(data, position, mode="postal")
    done = postal.adjudicate(postal_state, data, orders, SeededDice("s", "turn"))
    assert _where(done.state, TROTSKY) == "TVER"


@pytest.mark.rules("5.27")
def test_a_force_stops_where_another_player_moved_earlier_in_the_game_turn(
        data: GameData) -> None:
    position = {"PETR": (Stack(player="A", units=(TROTSKY, 111)),),
                "TVER": (Stack(player="B", units=(DENIKIN, 201)),)}
    orders: dict[str, tuple[Order, ...]] = {"A": (
        Move(line=1, force=(TROTSKY, 111), path=("PETR", "NOVG", "TVER", "VLDM")),)}
    after, results, _ = _results(orders, _state(data, position), data)
    assert _where(after, TROTSKY) == "TVER" and results[1].startswith("partial (5.27)")
    said = standard.adjudicate(_state(data, position), data, orders, SeededDice("s", "t"))
    assert "stopped in TVER: another colour was there as the force entered (5.27)" in \
        said.results[0].detail  # not "at the start of the Game-Turn": ruling R71


@pytest.mark.rules("5.11", "5.21", "5.1")
def test_only_the_phasing_player_moves_and_a_force_moves_once(data: GameData) -> None:
    position = {"PETR": (Stack(player="A", units=(TROTSKY, 111)),),
                "OMSK": (Stack(player="B", units=(KOLCHAK,)),)}
    orders: dict[str, tuple[Order, ...]] = {
        "A": (Move(line=1, force=(TROTSKY, 111), path=("PETR", "NOVG")),
              Move(line=2, force=(TROTSKY, 111), path=("NOVG", "TVER"))),
        "B": (Move(line=3, force=(KOLCHAK,), path=("OMSK", "URAL")),)}
    after, results, _ = _results(orders, _state(data, position), data)
    assert results[3] == "illegal (5.21)" and _where(after, KOLCHAK) == "OMSK"
    assert results[2] == "illegal (5.25)" and _where(after, TROTSKY) == "NOVG"


@pytest.mark.rules("10.11", "10.13")
def test_an_assassination_is_judged_where_the_leaders_stand_at_that_moment(
        data: GameData) -> None:
    """Before the move no leader of A shares Denikin's province: no attempt, no marker
    spent; after it, the attempt is made."""
    position = {"NOVG": (Stack(player="A", units=(TROTSKY,)),),
                "TVER": (Stack(player="B", units=(DENIKIN,)),)}
    orders: dict[str, tuple[Order, ...]] = {"A": (
        Assassinate(line=1, targets=(DENIKIN,), markers=1),
        Move(line=2, force=(TROTSKY,), path=("NOVG", "TVER")),
        Assassinate(line=3, targets=(DENIKIN,), markers=1))}
    _, results, dice = _results(orders, _state(data, position), data)
    assert results[1] == "void (10.13)"
    assert results[3] in ("succeeded (10.0)", "failed (10.0)")
    assert sum(roll.purpose == f"assassination of {DENIKIN} by A" for roll in dice.log) == 2


@pytest.mark.rules("4.2", "12.0", "12.13")
def test_the_next_player_turn_opens_with_its_own_random_event(data: GameData) -> None:
    position = {"PETR": (Stack(player="A", units=(TROTSKY, 111)),)}
    after, _, dice = _results({}, _state(data, position), data)
    assert (after.turn, after.phase, after.mode) == (2, 2, "standard")
    purposes = [roll.purpose for roll in dice.log]
    assert purposes.count("random event 1: row") == 1  # one event, two dice (12.0)
    assert purposes.count("random event 1: column") == 1
    assert "random event 1: who draws" not in purposes  # a draw is the Phasing Player's
    assert any(p.startswith("Randomizer Phase") for p in purposes)  # A's own draw (4.2 A)


@pytest.mark.rules("4.2", "14.24")
def test_after_the_last_player_turn_the_interphase_runs(data: GameData) -> None:
    position = {"PETR": (Stack(player="A", units=(TROTSKY, 111)),),
                "KUBA": (Stack(player="B", units=(DENIKIN, 201)),)}  # no victory (14.1)
    after, _, dice = _results({}, _state(data, position, phase=3), data)
    assert (after.turn, after.phase) == (3, 1)
    assert any("sequencing" in roll.purpose for roll in dice.log)
    assert sorted(after.sequence) == ["A", "B", "C"]
    quitting, _, _ = _results({"B": (Quit(line=1),)}, _state(data, position), data)
    # B's turn deleted; the next keeps its place in the Game-Turn (ruling R76)
    assert (quitting.phase, quitting.sequence) == (3, ("A", "B", "C"))
    assert quitting.phasing_player() == "C"
    no_white = {"PETR": (Stack(player="A", units=(TROTSKY, 111)),)}
    ended, _, _ = _results({}, _state(data, no_white, phase=3), data)
    assert (ended.stage, ended.victory) == ("ended", "red")  # 14.1 at the end of the turn


def test_the_first_player_turn_opens_with_its_random_event(data: GameData) -> None:
    dice = SeededDice("s", "start")
    opened = standard.begin(deployed(data, "ABC"), data, dice).state
    assert (opened.mode, opened.phase) == ("standard", 1)
    assert [roll.purpose for roll in dice.log][:2] == ["random event 1: row",
                                                       "random event 1: column"]


@pytest.mark.rules("5.11", "8.0")
def test_the_first_attack_ends_the_movement_phase(data: GameData) -> None:
    position = {"PETR": (Stack(player="A", units=(TROTSKY, 111)),),
                "TVER": (Stack(player="A", units=(160, 101)), Stack(player="B", units=(
                    DENIKIN, 201)))}
    orders: dict[str, tuple[Order, ...]] = {"A": (
        Attack(line=1, target=(DENIKIN,), forces=((160, 101),)),
        Move(line=2, force=(TROTSKY, 111), path=("PETR", "NOVG")))}
    after, results, _ = _results(orders, _state(data, position), data)
    assert results[2] == "illegal (5.11)" and _where(after, TROTSKY) == "PETR"
    assert not results[1].startswith("illegal")


@pytest.mark.rules("13.26", "5.21")
def test_only_the_phasing_player_attaches_with_the_gold(data: GameData) -> None:
    position = {"OMSK": (Stack(player="B", units=(252, "GOLD", 205)),
                         Stack(player="A", units=(301,)))}
    orders: dict[str, tuple[Order, ...]] = {"B": (Steal(line=1, unit=301, leader=252),)}
    after, results, _ = _results(orders, _state(data, position), data)
    assert results[1] == "illegal (5.21, 13.26)"
    assert after.position["OMSK"][1].units == (301,)


@pytest.mark.rules("8.23", "5.11")
def test_the_answer_judges_an_attack_where_the_move_before_it_leaves_the_force(
        data: GameData) -> None:
    """A message moves a force into TVER, then attacks there: legal in sequence (ruling R57),
    though not where the force stood when the Player-Turn began; a move after the attack is
    refused (5.11); nothing is rolled."""
    from gm.games.rcw.orders.legality import validate_orders

    position = {"NOVG": (Stack(player="A", units=(TROTSKY, 111)),),
                "TVER": (Stack(player="B", units=(DENIKIN, 201)),),
                "PETR": (Stack(player="A", units=(160, 101)),)}
    state = _state(data, position)
    orders: tuple[Order, ...] = (
        Move(line=1, force=(TROTSKY, 111), path=("NOVG", "TVER")),
        Attack(line=2, target=(DENIKIN,), forces=((TROTSKY, 111),)),
        Move(line=3, force=(160, 101), path=("PETR", "NOVG")))
    assert any(r.order.line == 2 for r in validate_orders(orders, state, data, "A"))
    refused = standard.refused_in_sequence(state, data, "A", orders)
    assert [(r.line, r.rule) for r in refused] == [(3, "5.11")]
