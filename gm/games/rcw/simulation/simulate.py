"""Whole random campaigns, for property tests and benchmarks: a deal, the default deployment,
then random legal orders phase after phase (or, in the standard game, Player-Turn after
Player-Turn) until a victory or a turn limit."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from gm.core.dice import SeededDice
from gm.engine.sequence import PhaseResult
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine import standard
from gm.games.rcw.engine.postal import adjudicate_phase
from gm.games.rcw.orders.model import Order
from gm.games.rcw.setup.deal import new_game
from gm.games.rcw.setup.deployment import finish_deployment
from gm.games.rcw.setup.trading import end_trading
from gm.games.rcw.simulation.generate import random_first_phase_orders, random_second_phase_orders
from gm.games.rcw.state import FIRST_PHASE, GameState, Mode


@dataclass(frozen=True)
class Phase:
    before: GameState
    result: PhaseResult[GameState]
    after: GameState


def start(data: GameData, players: str, seed: int | str, mode: Mode = "postal") -> GameState:
    state = new_game(data, list(players), SeededDice(str(seed), "deal"), mode)
    state = end_trading(state, data)
    dice = SeededDice(str(seed), "deploy")
    state = finish_deployment(state, data, dice)
    return standard.begin(state, data, dice).state if mode == "standard" else state


def play(data: GameData, state: GameState, seed: int, max_turns: int) -> Iterator[Phase]:
    """Every phase of a random campaign from `state` until it ends or `max_turns` pass."""
    rng = random.Random(seed)
    while state.stage == "play" and state.turn <= max_turns:
        dice = SeededDice(str(seed), f"{state.turn}.{state.phase}")
        if state.mode == "standard":
            result = standard.adjudicate(state, data, _player_turn(state, data, rng), dice)
            yield Phase(state, result, result.state)
            state = result.state
            continue
        active = [p for p in state.players if p not in state.pending.quit_players]
        make = random_first_phase_orders if state.phase == FIRST_PHASE else \
            random_second_phase_orders
        orders = {p: make(state, data, p, rng) for p in active}
        result, after = adjudicate_phase(state, data, orders, dice)
        yield Phase(state, result, after)
        state = after


def _player_turn(state: GameState, data: GameData, rng: random.Random
                 ) -> dict[str, tuple[Order, ...]]:
    """The Phasing Player's moves, then attacks from where his forces stood (judged again
    as they come: some no longer hold after the moves)."""
    phasing = state.phasing_player()
    if phasing is None:
        return {}
    return {phasing: random_first_phase_orders(state, data, phasing, rng)
            + random_second_phase_orders(state, data, phasing, rng)}
