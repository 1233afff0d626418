"""Random legal orders for any position: for property tests and benchmarks.

Every order generated passes the static legality checks against the position, in sequence,
as the player's own orders would (gm/orders/legality.py). Nothing here decides a game.
"""

from __future__ import annotations

import random

from gm.game_data.dataset import GameData, UnitId
from gm.orders import model as m
from gm.orders.legality import Context
from gm.state import GameState

FIRST_LINE = 4  # after GAME, PLAYER, PASSWORD


def _walk(start: str, steps: int, data: GameData, rng: random.Random, rail: bool) -> list[str]:
    path, here = [], start
    for _ in range(steps):
        province = data.provinces[here]
        options = [p for p in (province.rail if rail else province.adjacent)
                   if p not in path and p != start]
        if not options:
            break
        here = rng.choice(sorted(options))
        path.append(here)
    return path


def _candidates(state: GameState, data: GameData, player: str,
                rng: random.Random) -> list[m.Order]:
    found: list[m.Order] = []
    chart = state.chart.get(player)
    others = [p for p in state.players if p != player]
    for province, stacks in sorted(state.position.items()):
        for stack in stacks:
            if stack.player != player or not stack.units:
                continue
            head = stack.units[0]
            rail = data.is_leader(head) and rng.random() < 0.25
            steps = rng.randint(1, 8 if rail else 5 if data.is_leader(head) else 3)
            path = _walk(province, steps, data, rng, rail)
            if path:
                found.append(m.Move(rail=rail, force=stack.units, path=tuple(path)))
            attached = [u for u in stack.units[1:] if data.is_combat(u)]
            if data.is_leader(head) and attached and rng.random() < 0.5:
                found.append(m.Detach(units=(attached[-1],), leader=head))
            if data.is_leader(head) and rng.random() < 0.2:
                loose = [u for s in stacks if s.player is None for u in s.units
                         if data.is_combat(u) and data.color(u) == data.color(head)]
                if loose:
                    found.append(m.Attach(units=(rng.choice(loose),), leader=head))
    leaders_on_map: list[UnitId] = [u for stacks in state.position.values() for s in stacks
                                    for u in s.units if data.is_leader(u)]
    if chart and chart.assassin and leaders_on_map:
        targets = tuple(rng.sample(sorted(map(int, leaders_on_map)), k=min(2, len(
            leaders_on_map))))
        found.append(m.Assassinate(targets=targets, markers=None if rng.random() < 0.5 else 1))
    if chart and chart.politburo and others:
        found.append(m.Give(goods=m.Goods(politburo=1), to=rng.choice(others)))
    if chart and chart.assassin and others:
        found.append(m.Give(goods=m.Goods(assassin=1), to=rng.choice(others)))
    if chart and chart.politburo >= 8 and others:
        found.append(m.Purge(target=rng.choice(others)))
    rng.shuffle(found)
    return found


def random_first_phase_orders(state: GameState, data: GameData, player: str,
                              rng: random.Random, limit: int = 30) -> tuple[m.Order, ...]:
    ctx = Context(state, data, player)
    kept: list[m.Order] = []
    for candidate in _candidates(state, data, player, rng):
        if len(kept) >= limit:
            break
        order = candidate.model_copy(update={"line": FIRST_LINE + len(kept), "column": 1})
        if not list(order.check_legality(ctx)):
            kept.append(order)
    return tuple(kept)
