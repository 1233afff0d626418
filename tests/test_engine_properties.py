"""Property tests of the First Phase engine over random legal orders: after every phase no
unit is in two places or lost, stacks keep their limits, markers are conserved, and the same
seed gives the same result byte for byte."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.core.dice import SeededDice
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.engine.postal import adjudicate
from gm.games.rcw.rules.stacking import stack_problems
from gm.games.rcw.simulation.generate import random_first_phase_orders
from gm.games.rcw.state import GameState, Pending
from tests.conftest import deployed

DATA: GameData = load_game_data()


def _everywhere(state: GameState) -> Counter[object]:
    places: Counter[object] = Counter(state.units_on_map())
    for section in state.chart.values():
        places.update(section.units)
        places.update(section.face_down)
    places.update(state.removed)
    return places


def _markers(state: GameState, kind: str) -> int:
    held: int = sum(getattr(s, kind.lower()) for s in state.chart.values())
    return held + state.auxiliary_randomizer.count(kind)


def _orders(state: GameState, seed: int) -> dict[str, tuple]:  # type: ignore[type-arg]
    rng = random.Random(seed)
    return {p: random_first_phase_orders(state, DATA, p, rng) for p in state.players}


def _next_turn(state: GameState) -> GameState:
    return state.model_copy(update={"turn": state.turn + 1, "phase": 1,
                                    "pending": Pending(**{**state.pending.model_dump(),
                                                          "purged_this_turn": ()})})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), turns=st.integers(1, 3))
def test_invariants_over_random_first_phases(seed: int, players: int, turns: int) -> None:
    state = deployed(DATA, "ABCDEF"[:players], str(seed))
    start_units = _everywhere(state)
    politburo, assassin = _markers(state, "POLITBURO"), _markers(state, "ASSASSIN")
    for turn in range(turns):
        orders = _orders(state, seed + turn)
        result = adjudicate(state, DATA, orders, SeededDice(str(seed), f"t{turn}"))
        after = result.state
        places = _everywhere(after)
        assert places == start_units, "a unit was lost, duplicated or invented"
        for province, stacks in after.position.items():
            for stack in stacks:
                assert stack.units
                assert stack_problems(stack.units, DATA) == [], (province, stack)
        assert _markers(after, "POLITBURO") == politburo
        assert _markers(after, "ASSASSIN") == assassin
        results = {(r.player, r.line) for r in result.results}
        assert results == {(p, o.line) for p, os in orders.items() for o in os}
        assert GameState.from_json(after.to_json()) == after
        state = _next_turn(after)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_same_seed_gives_the_same_phase_byte_for_byte(seed: int) -> None:
    state = deployed(DATA, "ABCDEF", str(seed))
    orders = _orders(state, seed)
    one = adjudicate(state, DATA, orders, SeededDice("s", "1.1"))
    two = adjudicate(state, DATA, orders, SeededDice("s", "1.1"))
    assert one.state.to_json() == two.state.to_json()
    assert one.results == two.results and one.log == two.log


def test_the_engine_does_not_change_its_input() -> None:
    state = deployed(DATA, "ABCD", "frozen")
    before = state.to_json()
    adjudicate(state, DATA, _orders(state, 3), SeededDice("x", "y"))
    assert state.to_json() == before
