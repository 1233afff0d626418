"""Random legal orders for any position: for property tests and benchmarks.

Every order generated passes the static legality checks against the position, in sequence,
as the player's own orders would (gm/games/rcw/orders/legality.py). Nothing here decides a game.
"""

from __future__ import annotations

import random

from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.orders import model as m
from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.legality import validate_order
from gm.games.rcw.rules.combat import OPPOSES, odds, strength
from gm.games.rcw.state import GameState

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


def _keep_legal(candidates: list[m.Order], ctx: Context, limit: int) -> tuple[m.Order, ...]:
    """The candidates that pass the static checks in sequence, numbered as lines; no unit
    attacks in two of them (8.25)."""
    kept: list[m.Order] = []
    attacking: set[UnitId] = set()
    for candidate in candidates:
        if len(kept) >= limit:
            break
        forces = {u for force in getattr(candidate, "forces", ()) for u in force}
        if forces & attacking:
            continue
        order = candidate.model_copy(update={"line": FIRST_LINE + len(kept), "column": 1})
        if not list(validate_order(order, ctx)):
            kept.append(order)
            attacking |= forces
    return tuple(kept)


def random_first_phase_orders(state: GameState, data: GameData, player: str,
                              rng: random.Random, limit: int = 30) -> tuple[m.Order, ...]:
    return _keep_legal(_candidates(state, data, player, rng), Context(state, data, player),
                       limit)


def _attack_candidates(state: GameState, data: GameData, player: str,
                       rng: random.Random) -> list[m.Order]:
    found: list[m.Order] = []
    for province, stacks in sorted(state.position.items()):
        for stack in stacks:
            if stack.player != player or not isinstance(stack.units[0], int):
                continue
            mine = {str(data.color(u)) for u in stack.units if isinstance(u, int)}
            force = tuple(stack.units)
            attack = sum(strength(u, data) for u in force)
            for target in stacks:
                theirs = {str(data.color(u)) for u in target.units if isinstance(u, int)}
                if target is stack or not theirs or not all(
                        theirs <= OPPOSES[c] for c in mine):
                    continue
                defense = sum(strength(u, data) for u in target.units)
                if odds(attack, defense) is not None:
                    found.append(m.Attack(target=(target.units[0],), forces=(force,)))
            if mine == {"red"}:
                for neighbour in data.provinces[province].adjacent:
                    for target in state.position.get(neighbour, ()):
                        if {data.color(u) for u in target.units if isinstance(u, int)} == {
                                "blue"}:
                            found.append(m.Attack(subversive=True, target=(target.units[0],),
                                                  forces=(force,)))
    rng.shuffle(found)
    return found


def random_second_phase_orders(state: GameState, data: GameData, player: str,
                               rng: random.Random, limit: int = 30) -> tuple[m.Order, ...]:
    """Legal attacks (each stack at most once), a gift, sometimes END GAME."""
    candidates = _attack_candidates(state, data, player, rng)
    chart = state.chart.get(player)
    others = [p for p in state.players if p != player]
    if chart and chart.politburo and others and rng.random() < 0.3:
        candidates.append(m.Give(goods=m.Goods(politburo=1), to=rng.choice(others)))
    if rng.random() < 0.2:
        candidates.append(m.EndGame())
    return _keep_legal(candidates, Context(state, data, player), limit)


def random_player_turn_orders(state: GameState, data: GameData, player: str,
                              rng: random.Random, limit: int = 20) -> tuple[m.Order, ...]:
    """A standard Player-Turn's orders as a player might write them, legal or not: moves and
    restacks, assassinations, gifts, attacks on what stands now, a LOSSES, in a random order,
    numbered as lines."""
    candidates = [*_candidates(state, data, player, rng),
                  *_attack_candidates(state, data, player, rng)]
    mine = sorted(u for stacks in state.position.values() for s in stacks
                  if s.player == player for u in s.units if isinstance(u, int))
    if mine and rng.random() < 0.5:
        candidates.append(m.Losses(units=tuple(rng.sample(mine, k=min(3, len(mine))))))
    own = [s for stacks in state.position.values() for s in stacks
           if s.player == player and isinstance(s.units[0], int)]
    others = [s for stacks in state.position.values() for s in stacks if s.player != player]
    for _ in range(rng.randint(0, 2) if own and others else 0):  # a slip: often refused
        attacker, target = rng.choice(own), rng.choice(others)
        candidates.append(m.Attack(target=(target.units[0],), forces=(attacker.units,)))
    rng.shuffle(candidates)
    return tuple(order.model_copy(update={"line": FIRST_LINE + index, "column": 1})
                 for index, order in enumerate(candidates[:limit]))
