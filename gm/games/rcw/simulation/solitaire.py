"""Whole solitaire games for property tests and the campaign benchmark (issue 17): the set-up
(27.0), Game-Turn 1's non-Red Player-Turn, then the Red Player's orders turn after turn until
28.0 ends the game. Two Red players here: random legal orders, and a simple strategy (its
leaders on the Red units facing the enemy or in the capitals, its other forces marching on the
nearer capital, the enemy stacks of each province attacked weakest first at 1:1 or better)
whose results the benchmark counts, as a check that the automaton plays; the benchmark's
measure of the game's difficulty is the competent one of competent.py."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from gm.core.dice import SeededDice
from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.engine import solitaire
from gm.games.rcw.orders import model as m
from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.legality import validate_order
from gm.games.rcw.orders.legality_movement import LEADER_ALLOWANCE
from gm.games.rcw.rules.combat import strength
from gm.games.rcw.rules.solitaire import TARGETS, available_red_leaders, shortest_paths
from gm.games.rcw.setup.solitaire import new_game
from gm.games.rcw.simulation.generate import (
    FIRST_LINE,
    random_first_phase_orders,
    random_second_phase_orders,
)
from gm.games.rcw.simulation.simulate import Phase
from gm.games.rcw.state import RED, GameState

RedPlayer = Callable[[GameState, GameData, random.Random], tuple[m.Order, ...]]


def start(data: GameData, seed: int | str) -> GameState:
    """A solitaire game set up and its first non-Red Player-Turn played."""
    state = new_game(data, [RED])
    return solitaire.begin(state, data, SeededDice(str(seed), "begin")).state


def play(data: GameData, state: GameState, seed: int, red: RedPlayer) -> Iterator[Phase]:
    """Every Red Player-Turn of a solitaire game from `state` to its end (28.14, 28.15)."""
    rng = random.Random(seed)
    while state.stage == "play":
        dice = SeededDice(str(seed), f"{state.turn}.{state.phase}")
        result = solitaire.adjudicate(state, data, {RED: red(state, data, rng)}, dice)
        yield Phase(state, result, result.state)
        state = result.state


def numbered(orders: list[m.Order]) -> tuple[m.Order, ...]:
    return tuple(o.model_copy(update={"line": FIRST_LINE + i, "column": 1})
                 for i, o in enumerate(orders))


def _deploys(state: GameState, data: GameData, wanted: list[tuple[str, list[int]]]
             ) -> list[m.Deploy]:
    """DEPLOY orders for the stacks wanted, in order, the strongest leaders first, each one
    legal after those before it (24.11-24.13)."""
    solitaire_state = state.solitaire
    if solitaire_state is None or solitaire_state.leader_die is None:
        return []
    free = available_red_leaders(state, data)
    context, made = Context(state, data, RED), list[m.Deploy]()
    for province, units in wanted:
        if not free or len(made) >= solitaire_state.leaders_allowed:
            break
        leader = free[0]
        order = m.Deploy(units=(leader, *units[:data.leaders[leader].value]), province=province)
        if not list(validate_order(order, context)):
            made.append(order)
            free.pop(0)
    return made


def random_red(state: GameState, data: GameData, rng: random.Random) -> tuple[m.Order, ...]:
    """Random legal Red orders: leaders deployed on random Red units, random moves and
    attacks (judged again as they come)."""
    loose = [(p, [u for u in s.units if isinstance(u, int) and data.is_combat(u)])
             for p, stacks in sorted(state.position.items()) for s in stacks
             if s.player is None and any(data.color(u) == "red" for u in s.units
                                         if isinstance(u, int))]
    rng.shuffle(loose)
    deploys: list[m.Order] = list(_deploys(state, data, loose))
    moves = random_first_phase_orders(state, data, RED, rng)
    attacks = random_second_phase_orders(state, data, RED, rng)
    return numbered([*deploys, *moves, *attacks])


def simple_red(state: GameState, data: GameData, rng: random.Random) -> tuple[m.Order, ...]:
    """The benchmark's Red player, who holds the capitals: his leaders onto the strongest Red
    units that face the enemy or stand in Tver and Petrograd (24.11); every force of his that
    stands elsewhere and has no enemy beside it marches toward the nearer of the two (5.0);
    then in every province all his forces there attack together the weakest non-Red stack
    they beat at 1:1 or better (8.0)."""
    def red_loose(province: str) -> list[int]:
        return sorted((u for s in state.stacks_in(province) if s.player is None
                       for u in s.units if isinstance(u, int) and data.is_combat(u)
                       and data.color(u) == "red"), key=lambda u: (-strength(u, data), u))

    def enemy(province: str) -> list[tuple[UnitId, ...]]:
        return [s.units for s in state.stacks_in(province) if any(
            isinstance(u, int) and data.color(u) != "red" for u in s.units)]

    near = [p for p in TARGETS if red_loose(p)] + sorted(
        (p for p in state.position if red_loose(p) and p not in TARGETS),
        key=lambda p: (not enemy(p), -sum(strength(u, data) for u in red_loose(p)), p))
    deploys = _deploys(state, data, [(p, red_loose(p)) for p in near])
    forces: dict[str, list[tuple[UnitId, ...]]] = {}
    moves: list[m.Order] = []
    stands = [(p, s.units) for p, stacks in state.position.items() for s in stacks
              if s.player == RED] + [(o.province, o.units) for o in deploys]
    for province, units in sorted(stands, key=lambda f: (f[0], f[1])):
        end = province
        if province not in TARGETS and not enemy(province):
            paths = shortest_paths(province, set(TARGETS),
                                   lambda code: sorted(data.provinces[code].adjacent))
            path = list(paths[0][1:LEADER_ALLOWANCE + 1]) if paths else []
            stop = next((i for i, p in enumerate(path) if enemy(p)), None)
            path = path[:stop + 1] if stop is not None else path
            if path:
                moves.append(m.Move(force=units, path=tuple(path)))
                end = path[-1]
        forces.setdefault(end, []).append(units)
    attacks: list[m.Order] = []
    for province, mine in sorted(forces.items()):
        attacks += _attacks(mine, enemy(province), data)
    return numbered([*deploys, *moves, *attacks])


def _attacks(mine: list[tuple[UnitId, ...]], targets: list[tuple[UnitId, ...]],
             data: GameData) -> list[m.Order]:
    """The enemy stacks of a province attacked weakest first, each by as few of his forces,
    strongest first, as reach 1:1; the last one by all that are left."""
    def total(units: tuple[UnitId, ...]) -> int:
        return sum(strength(u, data) for u in units)
    left = sorted(mine, key=lambda f: -total(f))
    made: list[m.Order] = []
    for target in sorted(targets, key=total):
        taken: list[tuple[UnitId, ...]] = []
        while left and sum(map(total, taken)) < total(target):
            taken.append(left.pop(0))
        if sum(map(total, taken)) < total(target):
            break
        if target is max(targets, key=total):
            taken += left
            left = []
        made.append(m.Attack(target=(next(u for u in target if isinstance(u, int)),),
                             forces=tuple(taken)))
    return made
