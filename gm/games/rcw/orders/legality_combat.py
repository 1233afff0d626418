"""ATTACK, SUBVERT and LOSSES (8.0, 8.3, 7.3), judged against the Second Phase position."""

from __future__ import annotations

from typing import Any

from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.model import Attack, Losses
from gm.games.rcw.rules.colour import stack_colours
from gm.games.rcw.rules.combat import OPPOSES
from gm.games.rcw.rules.stacking import commands
from gm.orders.refusal import Breach, Breaches

OPPOSITION_CASE = {"red": "8.12", "white": "8.13", "green": "8.14", "blue": "8.15"}  # 8.1


def _colors(units: tuple[Any, ...], ctx: Context) -> set[str]:
    """A stack's colours now: a unit under the Gold leader is of his colour (13.26)."""
    return stack_colours(units, ctx.data)


def check_attack(order: Attack, ctx: Context) -> Breaches:
    data = ctx.data
    target = ctx.locate(order.target[0])
    if target is None:
        yield Breach(f"{data.describe(order.target[0])} is not on the map", "8.23")
        return
    province, defending = target
    for unit in order.target[1:]:
        if unit not in defending.units:
            yield Breach(f"{data.describe(unit)} is not in the stack attacked", "7.31")
    if not any(isinstance(u, int) for u in defending.units):
        alone = " and ".join(str(u).capitalize() for u in defending.units)
        yield Breach(f"the {alone} stands alone: an Imperial unit is of the colour of the unit "
                     "that controls it (13.21), and alone opposes no one; it is taken by "
                     "attaching it (13.42)" + (", and the Czar is never eliminated by combat"
                                               if "CZAR" in defending.units else ""),
                     "8.22, 13.51" if "CZAR" in defending.units else "8.22, 13.42")
        return
    defender_colors = _colors(defending.units, ctx)
    if order.subversive and defender_colors != {"blue"}:
        yield Breach("a Subversive Attack is made on Blue units only", "8.3")
    for force in order.forces:
        found = ctx.locate(force[0])
        if found is None:
            yield Breach(f"{data.describe(force[0])} is not on the map", "8.21")
            continue
        where, stack = found
        if stack.player != ctx.player:
            yield Breach(f"{data.describe(force[0])} is not controlled by player {ctx.player}",
                         "8.21")
            continue
        listed = set(force)
        if any(u not in stack.units for u in force):
            yield Breach(f"the units {' '.join(map(str, force))} are not one stack", "7.32")
        elif any(u not in listed for u in stack.units if isinstance(u, int)):
            yield Breach("every unit of an attacking stack attacks: list "
                   f"{' '.join(str(u) for u in stack.units if isinstance(u, int))}", "7.32")
        yield from _force_rules(order, ctx, province, where, stack.units, defender_colors)


def _force_rules(order: Attack, ctx: Context, province: str, where: str,
                 units: tuple[Any, ...], defender_colors: set[str]) -> Breaches:
    data = ctx.data
    # 8.28, for Subversive Attacks too: 8.3 modifies the combat rules by 8.31-8.33 only.
    led = {u for under in commands(units, data).values() for u in under}
    for unit in units:
        if data.is_combat(unit) and data.color(unit) in ("red", "white") and unit not in led:
            yield Breach(f"{data.describe(unit)} attacks only attached to a leader", "8.28")
    if order.subversive:
        if where == province:
            yield Breach("a Subversive Attack is made from an adjacent province", "8.31")
        elif not data.adjacent(where, province):
            yield Breach(f"{where} is not adjacent to {province}", "8.31, 8.32")
        if _colors(units, ctx) - {"red"}:
            yield Breach("only Red units make Subversive Attacks", "8.31")
        return
    if where != province:
        yield Breach(f"the attackers in {where} are not in {province}", "8.23")
    for color in _colors(units, ctx):
        if not defender_colors <= OPPOSES[color]:
            yield Breach(f"{color} units do not oppose {', '.join(sorted(defender_colors))}",
                   f"8.1, {OPPOSITION_CASE[color]}, 8.22")
    for unit in units:
        if data.is_combat(unit) and not data.nationality(int(unit)).control_marker and \
                data.color(unit) == "blue":
            yield Breach(f"{data.describe(unit)} never attacks", "5.62")


def check_losses(order: Losses, ctx: Context) -> Breaches:
    """8.44: his own units, in the order he gives them up on an Exchange; 8.46: units of an
    uncontrolled stack, in the order he chooses its losses as its attacker (ruling R70)."""
    for unit in order.units:
        found = ctx.locate(unit)
        if found is None or found[1].player not in (ctx.player, None):
            yield Breach(f"player {ctx.player} controls no {ctx.data.describe(unit)} on the map "
                         "and it is in no uncontrolled stack", "8.44, 8.46")

