"""Whole random campaigns (gm/games/rcw/simulation/simulate.py): every one ends or reaches the
turn limit, the First Phase invariants hold after every phase of both kinds, and the Victory
Points of the winning colour add up from the chart and the map (14.4)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.rules.stacking import stack_problems
from gm.games.rcw.rules.victory import ranking, victory_points
from gm.games.rcw.simulation.simulate import play, start
from gm.games.rcw.state import GameState
from tests.test_engine_properties import _everywhere, _markers

DATA: GameData = load_game_data()
TURN_LIMIT = 12


def recount(state: GameState, color: str) -> int:
    """The winning colour's points, unit by unit, straight from 14.41-14.46."""
    total = 0
    for name, section in state.chart.items():
        if name not in state.players or name in state.pending.quit_players:
            continue
        for unit in section.units:
            if isinstance(unit, str):
                total += 5 if (color == "red" and unit == "CZAR") else 0
                continue
            own, leader = DATA.color(unit), DATA.is_leader(unit)
            value = DATA.leaders[unit].value if leader else DATA.combat_units[unit].strength
            if color == "red" and ((leader and own == "red") or (not leader and own != "red")):
                total += value
            if color == "white" and (own == "red" or (not leader and own == "green")):
                total += value
        if color == "white":
            total += sum(5 if isinstance(u, str) else DATA.combat_units[u].strength
                         for u in section.face_down)
        else:
            total += 2 * section.politburo
    for stacks in state.position.values():
        for stack in stacks:
            if stack.player is None or stack.player in state.pending.quit_players:
                continue
            for unit in stack.units:
                if isinstance(unit, str):
                    total += 5 if color == "white" or unit == "GOLD" else 0
                elif DATA.color(unit) == color:
                    total += (DATA.leaders[unit].value if DATA.is_leader(unit)
                              else DATA.combat_units[unit].strength)
    return total


def _holds(state: GameState, units: object, politburo: int, assassin: int) -> None:
    """What every phase keeps: the units, the markers, the stacking limits, the state's JSON."""
    assert _everywhere(state) == units
    assert _markers(state, "POLITBURO") == politburo
    assert _markers(state, "ASSASSIN") == assassin
    for stacks in state.position.values():
        for stack in stacks:
            assert stack_problems(stack.units, DATA) == [], stack
    assert GameState.from_json(state.to_json()) == state


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6))
def test_random_campaigns(seed: int, players: int) -> None:
    state = start(DATA, "ABCDEF"[:players], seed)
    units = _everywhere(state)
    politburo, assassin = _markers(state, "POLITBURO"), _markers(state, "ASSASSIN")
    last = state
    for phase in play(DATA, state, seed, TURN_LIMIT):
        last = phase.after
        _holds(last, units, politburo, assassin)
    assert last.stage == "ended" or last.turn > TURN_LIMIT
    if last.victory:
        points = victory_points(last, DATA, last.victory)
        assert sum(points.values()) == recount(last, last.victory)
        assert [p.player for p in ranking(points)] == sorted(points, key=lambda p: (-points[p], p))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6))
def test_random_standard_games(seed: int, players: int) -> None:
    """Issue 16: random Player-Turns to the end of a game (or the turn limit), the same
    invariants after every Player-Turn; the Player-Turns follow the sequence, a Game-Turn has
    one a player still playing, and the state round-trips."""
    state = start(DATA, "ABCDEF"[:players], seed, mode="standard")
    units = _everywhere(state)
    politburo, assassin = _markers(state, "POLITBURO"), _markers(state, "ASSASSIN")
    last = state
    for phase in play(DATA, state, seed, TURN_LIMIT):
        before, last = phase.before, phase.after
        _holds(last, units, politburo, assassin)
        moved = {r.player for r in phase.result.results if r.result in ("succeeded", "partial")}
        assert moved <= {before.phasing_player()}, "only the Phasing Player acts (5.21, 8.21)"
        if last.stage == "play":
            assert last.mode == "standard" and last.phasing_player() in last.players_in_game()
            later = [p for p in before.sequence[before.phase:] if p in last.players_in_game()]
            if later:  # the next player still playing in this Game-Turn's order (14.24)
                assert (last.turn, last.phasing_player()) == (before.turn, later[0])
            else:  # the Interphase, then the next Game-Turn's first Player-Turn
                assert (last.turn, last.phase) == (before.turn + 1, 1)
    assert last.stage == "ended" or last.turn > TURN_LIMIT
    if last.victory:
        points = victory_points(last, DATA, last.victory)
        assert sum(points.values()) == recount(last, last.victory)
