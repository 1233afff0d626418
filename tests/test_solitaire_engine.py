"""The solitaire game played through (issue 17, gm/games/rcw/engine/solitaire.py and
automaton.py): its set-up (27.0), its mode's rules as a campaign meets them, and whole random
games to their end with the invariants of every Game-Turn."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.core.dice import SeededDice
from gm.games.rcw.data.dataset import LENIN, TROTSKY, GameData
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.engine import automaton, solitaire
from gm.games.rcw.engine.board import Board, PhaseResults
from gm.games.rcw.rules.stacking import stack_problems
from gm.games.rcw.setup.solitaire import new_game
from gm.games.rcw.simulation.solitaire import play, random_red, simple_red, start
from gm.games.rcw.state import NON_RED, RED, GameState
from tests.conftest import gm

DATA: GameData = load_game_data()
RESULTS = ("non-red decisive", "red decisive", "red substantive", "red marginal", "draw")


def _stacks(state: GameState, player: str) -> dict[str, list[tuple[object, ...]]]:
    return {p: [s.units for s in stacks if s.player == player]
            for p, stacks in state.position.items()}


@pytest.mark.rules("27.0", "27.1", "27.11", "27.12", "27.13", "27.2", "20.11", "27.31")
def test_the_solitaire_set_up() -> None:
    state = new_game(DATA, [RED])
    assert (state.players, state.sequence, state.mode) == ((NON_RED, RED), (NON_RED, RED),
                                                           "solitaire")
    where = {u: p for p, stacks in state.position.items() for s in stacks for u in s.units}
    controller = {u: s.player for stacks in state.position.values() for s in stacks
                  for u in s.units}
    for leader in DATA.leaders.values():
        if DATA.color(leader.id) == "white":  # 27.11, 27.12: every White leader, the
            assert where[leader.id] == (leader.solitaire_setup or leader.home)  # non-Red's
            assert controller[leader.id] == NON_RED
    for unit in (266, 267, 268, 269, 270):  # 27.12: on top of the combat units there
        stack = next(s for s in state.stacks_in(where[unit]) if unit in s.units)
        assert any(DATA.is_combat(u) for u in stack.units)
    red_leaders = [u for u in where if DATA.is_leader(u) and DATA.color(u) == "red"]
    assert sorted(red_leaders) == [LENIN, TROTSKY]  # 27.13
    assert (where[LENIN], where[TROTSKY]) == ("PETR", "TVER")
    for red in (LENIN, TROTSKY):
        stack = next(s for s in state.stacks_in(where[red]) if red in s.units)
        assert stack.player == RED and any(DATA.is_combat(u) for u in stack.units)
    for unit in DATA.combat_units:  # 27.0: the combat units as in the standard set-up
        assert where[unit] == DATA.combat_units[unit].home
    assert "ASSASSIN" not in state.auxiliary_randomizer  # 20.11, 27.2
    assert not any(s.politburo or s.assassin for s in state.chart.values())
    for stacks in state.position.values():
        for stack in stacks:
            assert stack_problems(stack.units, DATA) == []


@pytest.mark.rules("22.3", "21.2", "21.24")
def test_the_non_red_player_keeps_its_stacks_and_paths_until_the_stacking_phase() -> None:
    """22.3: movement moves whole stacks and restacks nothing; every unit keeps the path of
    its force (21.24, ruling R62)."""
    begun = start(DATA, 31)
    board = Board.of(begun, DATA)
    before = sorted(tuple(map(str, units)) for stacks in _stacks(begun, NON_RED).values()
                    for units in stacks)
    run = solitaire.Run(board, PhaseResults({}, board.timeline),
                        SeededDice("31", "move"), phasing=NON_RED)
    automaton.movement_step(run)
    after = board.finish()
    assert sorted(tuple(map(str, units)) for stacks in _stacks(after, NON_RED).values()
                  for units in stacks) == before
    assert after.solitaire is not None
    for province, stacks in _stacks(after, NON_RED).items():
        for units in stacks:
            paths = {after.solitaire.paths.get(str(u)) for u in units if isinstance(u, int)}
            assert len(paths) == 1
            path = paths.pop()
            assert path is not None and province in path


@pytest.mark.rules("19.2")
def test_the_game_turn_is_19_2_as_data() -> None:
    names = [[step.name for step in plan.steps] for plan in solitaire.SOLITAIRE.phases]
    assert [plan.name for plan in solitaire.SOLITAIRE.phases] == [
        "non-Red Player-Turn", "Red Player-Turn opens", "Red Player-Turn", "end of Game-Turn"]
    assert names[0] == ["non-Red random events", "non-Red movement", "non-Red stacking",
                        "non-Red combat", "non-Red randomizer"]
    assert names[1] == ["Red random events", "Red Leader Determination"]
    assert names[2][-3:] == ["Red movement and combat", "Red unused orders", "Red randomizer"]
    assert names[3] == ["replacements", "Game-Turn indication"]


def _units_once(state: GameState) -> None:
    """Every counter is in one place: the map, a chart section, the game box; a Red leader
    off the map and never eliminated waits for a Leader Determination (24.13)."""
    places: Counter[object] = Counter(state.units_on_map())
    for section in state.chart.values():
        places.update(section.units)
        places.update(section.face_down)
    places.update(state.removed)
    assert max(places.values()) == 1
    waiting = {u for u in DATA.leaders if DATA.color(u) == "red"} - set(places)
    assert set(DATA.units) - set(places) == waiting


@pytest.mark.rules("19.0", "19.1", "19.2", "24.12", "28.14", "28.15", "27.32")
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), simple=st.booleans())
def test_random_solitaire_games_to_their_end(seed: int, simple: bool) -> None:
    state = start(DATA, seed)
    last = None
    for phase in play(DATA, state, seed, simple_red if simple else random_red):
        after = phase.after
        _units_once(after)
        for stacks in after.position.values():
            for stack in stacks:
                assert stack_problems(stack.units, DATA) == [], stack
                assert stack.player in (None, NON_RED, RED)
        assert GameState.from_json(after.to_json()) == after
        red_leaders = [u for u in after.units_on_map()
                       if DATA.is_leader(u) and DATA.color(u) == "red"]
        assert len(red_leaders) <= 6  # 24.12
        if after.stage == "play":
            assert (after.phase, after.turn) == (2, phase.before.turn + 1)
            assert after.phasing_player() == RED
        last = after
    assert last is not None and last.stage == "ended" and last.victory in RESULTS
    assert last.turn <= 7


@pytest.mark.rules("18.0")
def test_only_red_is_awaited_and_the_program_plays_the_rest(tmp_path: Path) -> None:
    folder = tmp_path / "alone"
    gm("new", str(folder), "--mode", "solitaire", "--seed", "x", "-p", "R:Ivan:i@example.org")
    gm("start", str(folder))
    status = gm("status", str(folder))
    assert "waiting for: R (Ivan)" in status and "Red Player-Turn" in status
    done = gm("adjudicate", str(folder))
    assert "Red Player-Turn adjudicated" in done
    shown = gm("show", str(folder))
    assert "Game-Turn 2 of 7, Red Player-Turn" in shown or "the end of the game" in shown
