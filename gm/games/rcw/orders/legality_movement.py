"""MOVE, RAIL, ATTACH, DETACH, TRANSFER, EMIGRATE, STEAL: movement rules 5.0 and 13.1-13.3,
judged against the position at the start of the Game-Turn (17.0 [5.0])."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.model import Attach, Detach, Emigrate, Move, StackChange, Steal, Transfer
from gm.games.rcw.rules.colour import stack_colours
from gm.games.rcw.rules.movement import may_enter, own_allowance, step_breach
from gm.games.rcw.rules.stacking import commands, controls_gold, rule_of, stack_problems
from gm.orders.refusal import Breach, Breaches

LEADER_ALLOWANCE = 5  # 5.1
IMPERIAL = ("CZAR", "GOLD")  # under a leader in this order (13.21: the Gold may be under the Czar)
BLUE_GREEN_ALLOWANCE = 3  # 5.63, 5.72


def _attached_elsewhere(unit: UnitId, leader: UnitId, ctx: Context) -> UnitId | None:
    """The other leader this combat unit is attached to, if any (5.26)."""
    found = ctx.locate(unit)
    if found is None or not ctx.data.is_combat(unit) or unit in ctx.detached:
        return None
    for other, under in commands(found[1].units, ctx.data).items():
        if unit in under and other != leader:
            return other
    return None


def _not_attached_elsewhere(unit: UnitId, force: tuple[UnitId, ...], ctx: Context) -> Breaches:
    """5.26: a combat unit attached to a leader moves with him, not with another leader
    (unless DETACHed first)."""
    other = _attached_elsewhere(unit, 0, ctx)  # attached to any leader
    if other is not None and other not in force:
        yield Breach(f"{ctx.data.describe(unit)} is attached to {ctx.data.describe(other)}; "
                     "DETACH it first", "5.26")


def _may_take(unit: UnitId, ctx: Context) -> Breaches:
    """May the player move or attach this unit: his own, or no one's (7.23, 13.13)?"""
    found = ctx.locate(unit)
    if found is None:
        yield Breach(f"{ctx.data.describe(unit)} is not on the map", "5.11")
    elif found[1].player not in (None, ctx.player):
        yield Breach(f"{ctx.data.describe(unit)} is controlled by player {found[1].player}",
               "7.12, 7.23, 13.13")
    elif ctx.data.is_leader(unit) and found[1].player != ctx.player:
        yield Breach(f"{ctx.data.describe(unit)} is not controlled by player {ctx.player}", "7.23")




def _allowed_provinces(units: tuple[UnitId, ...], data: GameData) -> Iterator[tuple[int, str]]:
    for unit in units:
        if data.is_combat(unit) and data.color(unit) in ("blue", "green"):
            yield int(unit), data.units[int(unit)].nationality


def _moved_before(unit: UnitId, ctx: Context, force: tuple[UnitId, ...] = ()) -> Breaches:
    """5.25: a unit moves once a Movement Phase; 5.28: a unit that moves on a Movement
    Allowance of its own in `force` moves in one Movement Phase a Game-Turn (R75)."""
    if unit in ctx.moved:
        yield Breach(f"{ctx.data.describe(unit)} has already moved this phase", "5.25")
    elif unit in ctx.state.pending.moved_this_turn and unit in own_allowance(force, ctx.data):
        yield Breach(f"{ctx.data.describe(unit)} moved in an earlier Movement Phase of this "
                     "Game-Turn", "5.28, 5.1")


def check_move(order: Move, ctx: Context) -> Breaches:
    """Refusals of a MOVE or RAIL; a legal one marks its units as moved (5.25)."""
    refusals = list(_check_move(order, ctx))
    yield from refusals
    if not refusals:
        ctx.moved.update(order.force)
        ctx.moved.update(u for change in order.changes for u in change.units)


def _check_move(order: Move, ctx: Context) -> Breaches:
    data = ctx.data
    force = order.force
    if len(set(force)) != len(force):
        yield Breach("a unit is listed twice", "7.21")
        return
    moved = next((breach for unit in force for breach in _moved_before(unit, ctx, force)),
                 None)
    if moved is not None:  # the first unit that may not move says why
        yield moved
        return
    located = [ctx.locate(u) for u in force]
    if any(f is None for f in located):
        missing = [data.describe(u) for u, f in zip(force, located, strict=True) if f is None]
        yield Breach(f"not on the map: {', '.join(missing)}", "5.11")
        return
    provinces = {f[0] for f in located if f}
    if len(provinces) > 1:
        yield Breach(f"the force is in several provinces: {', '.join(sorted(provinces))}", "5.1")
        return
    start = provinces.pop()
    path = order.path[1:] if order.path[0] == start else order.path
    head = force[0]
    yield from _force_composition(order, ctx, start)
    colors: set[Any] = stack_colours(force, data)  # a Green under the Gold leader: his (13.26)
    allowance = LEADER_ALLOWANCE
    if not data.is_leader(head):
        allowance = BLUE_GREEN_ALLOWANCE
        if order.rail:
            yield Breach("Blue and Green units may not use rail movement", "5.64, 5.73")
    yield from _path(order, ctx, start, path, colors, allowance)


def _force_composition(order: Move, ctx: Context, start: str) -> Breaches:
    data = ctx.data
    force = order.force
    head = force[0]
    if data.is_leader(head):
        found = ctx.locate(head)
        assert found is not None
        if found[1].player != ctx.player:
            yield Breach(f"{data.describe(head)} is not controlled by player {ctx.player}", "7.23")
            return
        for unit in force[1:]:
            yield from _may_take(unit, ctx)
            yield from _not_attached_elsewhere(unit, force, ctx)
        in_stack = [u for u in force if u in found[1].units]
        if in_stack != [u for u in found[1].units if u in in_stack]:
            yield Breach("the force is not listed top to bottom as it stands: "
                   f"{' '.join(str(u) for u in found[1].units)}", "17.0, 7.21")
        yield from (Breach(p, rule_of(p, "5.14, 7.1, 13.2")) for p in stack_problems(force, data))
        return
    if not data.is_combat(head):
        yield Breach("a force is led by a leader, or is Blue or Green units", "5.1, 13.11")
        return
    nationality = data.units[int(head)].nationality
    color = data.color(head)
    if color in ("red", "white"):
        yield Breach("Red and White combat units move only with a leader of their colour",
               "5.1, 5.22, 5.55" if order.rail else "5.1, 5.22")
        return
    nat = data.counters.nationalities[nationality]
    if not nat.control_marker:
        yield Breach(f"{nationality} units are never moved by any player", "5.62")
        return
    if f"CTRL:{nationality}" not in ctx.section()[2]:
        yield Breach(f"player {ctx.player} does not hold the {nationality} control marker",
               "5.61, 5.71")
    for unit in force:
        found = ctx.locate(unit)
        if found and found[1].player not in (None, ctx.player):
            yield Breach(f"{data.describe(unit)} is controlled by player {found[1].player}", "7.23")
    if any(data.is_leader(u) for u in force):
        yield Breach("leaders move Red and White forces, not Blue or Green ones", "5.22")
    yield from (Breach(p, "7.14") for p in stack_problems(force, data))


def _path(order: Move, ctx: Context, start: str, path: tuple[str, ...],
          colors: set[Any], allowance: int) -> Breaches:
    data = ctx.data
    if not path:
        if not order.changes:
            yield Breach("the path goes nowhere", "5.24")
        return
    previous = start
    route = [start]
    white_only = colors == {"white"}
    for province in path:
        step = step_breach(previous, province, order.rail, white_only, data)
        if step is not None:
            yield step
            return
        route.append(province)
        previous = province
    if order.rail and colors - {"red", "white", None}:
        yield Breach("only Red and White forces use rail movement", "5.51")
    if not order.rail and len(path) > allowance:
        yield Breach(f"{len(path)} provinces entered; the force has {allowance} Movement Points",
               "5.12, 5.23, 5.28" if allowance == LEADER_ALLOWANCE else "5.63, 5.72")
    carried = list(order.force)
    for unit, nationality in _allowed_provinces(tuple(carried), data):
        for province in route[1:]:
            if not may_enter(nationality, province, data):
                rule = data.counters.nationalities[nationality].rule or "5.74"
                yield Breach(f"{data.describe(unit)} may not enter {province}", rule)
                break
    yield from _changes(order, ctx, route)


def _changes(order: Move, ctx: Context, route: list[str]) -> Breaches:
    data = ctx.data
    carried = list(order.force)
    position = 0
    for index, change in enumerate(order.changes):
        if change.at not in route[position:]:
            yield Breach(f"{change.at} is not on the rest of the path", "5.13")
            return
        position = route.index(change.at, position)
        yield from _change(change, carried, ctx)
        following = order.changes[index + 1:index + 2]
        if not following or following[0].at != change.at:  # the force as it leaves
            yield from (Breach(p, f"5.42, {rule_of(p, '5.14, 7.1')}")
                        for p in stack_problems(tuple(carried), data))


def _change(change: StackChange, carried: list[UnitId], ctx: Context) -> Breaches:
    data = ctx.data
    if change.action == "DROP":
        for unit in change.units:
            if unit not in carried:
                yield Breach(f"{data.describe(unit)} is not in the force to drop", "5.13")
            elif unit == carried[0]:
                yield Breach(f"{data.describe(unit)} leads the force: he cannot drop out of it",
                       "5.13")
            else:
                carried.remove(unit)
        return
    for unit in change.units:
        found = ctx.locate(unit)
        if found is None or found[0] != change.at:
            yield Breach(f"{data.describe(unit)} does not start the turn in {change.at}", "5.13")
            continue
        yield from _may_take(unit, ctx)
        yield from _not_attached_elsewhere(unit, tuple(carried), ctx)
        if unit not in ctx.moved:  # 5.28 (a 5.25 pick-up is missed as it comes)
            yield from _moved_before(unit, ctx, (*carried, unit))
        carried.append(unit)


def check_attach(order: Attach, ctx: Context) -> Breaches:
    data = ctx.data
    leader = ctx.locate(order.leader)
    if leader is None or not data.is_leader(order.leader):
        yield Breach(f"{data.describe(order.leader)} is not a leader on the map", "5.13")
        return
    if leader[1].player != ctx.player:
        yield Breach(f"{data.describe(order.leader)} is not controlled by player {ctx.player}",
                     "7.23")
        return
    for unit in order.units:
        found = ctx.locate(unit)
        if found is None or found[0] != leader[0]:
            yield Breach(f"{data.describe(unit)} is not in {leader[0]}", "5.41")
            continue
        yield from _may_take(unit, ctx)
        other = _attached_elsewhere(unit, order.leader, ctx)
        if other is not None:
            yield Breach(f"{data.describe(unit)} is attached to {data.describe(other)}; DETACH it "
                   "first", "5.26")
    attached = commands(leader[1].units, data)[int(order.leader)]
    under = [*attached, *(u for u in order.units if u not in attached)]
    stack = (order.leader, *sorted((u for u in under if isinstance(u, str)), key=IMPERIAL.index),
             *(u for u in under if not isinstance(u, str)))  # Imperial units first (13.21)
    yield from (Breach(p, rule_of(p, "5.14, 7.22")) for p in stack_problems(stack, data))


def check_detach(order: Detach, ctx: Context) -> Breaches:
    data = ctx.data
    if len(set(order.units)) != len(order.units):
        yield Breach("a unit is listed twice", "7.21")
        return
    leader = ctx.locate(order.leader)
    if leader is None or not data.is_leader(order.leader) or leader[1].player != ctx.player:
        yield Breach(f"player {ctx.player} controls no leader {data.describe(order.leader)}",
                     "7.23")
        return
    attached = commands(leader[1].units, data)[int(order.leader)]
    refused = [u for u in order.units if u not in attached]
    for unit in refused:
        yield Breach(f"{data.describe(unit)} is not attached to {data.describe(order.leader)}",
                     "5.13")
    if not refused:
        ctx.detached.update(order.units)


def check_transfer(order: Transfer, ctx: Context) -> Breaches:
    data = ctx.data
    if order.imperial not in ("CZAR", "GOLD"):
        yield Breach("only the Czar and the Gold are transferred", "13.15")
        return
    source, target = ctx.locate(order.source), ctx.locate(order.target)
    if source is None or target is None:
        yield Breach("both forces must be on the map", "13.15")
        return
    if source[1].player != ctx.player or target[1].player != ctx.player:
        yield Breach(f"player {ctx.player} must control both forces", "13.14, 13.15")
    if order.imperial not in source[1].units:
        yield Breach(f"{order.imperial} is not with {data.describe(order.source)}", "13.15")
    if data.provinces[source[0]].region != data.provinces[target[0]].region:
        yield Breach("the two forces are not in the same region", "13.15")
    if data.is_leader(order.source) and order.imperial in source[1].units:
        yield from _without_imperial(order.imperial, source[1].units, ctx)


def _without_imperial(imperial: str, units: tuple[UnitId, ...], ctx: Context) -> Breaches:
    """13.29: the stack a leader's Imperial unit leaves must stand without its benefit (the
    two more units, the Green units the Gold let him hold)."""
    left = tuple(u for u in units if u != imperial and u not in ctx.detached)
    for problem in stack_problems(left, ctx.data):
        yield Breach(f"without the {imperial.capitalize()}: {problem}", "13.29")


def check_emigrate(order: Emigrate, ctx: Context) -> Breaches:
    if order.unit not in ("CZAR", "GOLD"):
        yield Breach("only the Czar and the Gold leave the map (emigrate)", "13.31, 5.34")
        return
    found = ctx.locate(order.unit)
    if found is None:
        yield Breach(f"the {order.unit} is not on the map", "13.34")
        return
    if found[1].player != ctx.player:
        yield Breach(f"player {ctx.player} does not control the {order.unit}", "13.31")
    yield from _without_imperial(order.unit, found[1].units, ctx)
    # The port (13.32) is judged where the unit is when the order's turn comes: a force may
    # carry it to a port earlier in the same orders (5.1).


def check_steal(order: Steal, ctx: Context) -> Breaches:
    data = ctx.data
    leader = ctx.locate(order.leader)
    unit = ctx.locate(order.unit)
    if leader is not None and data.is_combat(order.leader) and \
            data.color(order.leader) in ("blue", "green"):
        yield Breach("a Blue or Green force gets nothing from the Gold: only a leader steals",
                     "13.28")
        return
    if leader is None or leader[1].player != ctx.player or not data.is_leader(order.leader):
        yield Breach(f"player {ctx.player} controls no leader {data.describe(order.leader)}",
                     "13.26")
        return
    if not isinstance(order.leader, int) or not controls_gold(
            commands(leader[1].units, data).get(order.leader, [])):
        yield Breach(f"{data.describe(order.leader)} does not control the Gold", "13.26")
    if unit is None or data.color(order.unit) != "green":
        yield Breach(f"{data.describe(order.unit)} is not a Green unit on the map", "13.26")
        return
    if data.units[int(order.unit)].nationality in ("FN", "PO"):
        yield Breach("Finnish and Polish units are never attached by a leader", "13.27")
    if unit[0] != leader[0]:
        yield Breach(f"{data.describe(order.unit)} is not in {leader[0]}", "17.0 [13.26]")
    if unit[1].player == ctx.player:
        yield Breach(f"{data.describe(order.unit)} is already player {ctx.player}'s",
                     "17.0 [13.26]")

