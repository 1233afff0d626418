"""ASSASSINATE (10.0), PURGE and counterpurge (11.0), EXECUTE CZAR (13.5), QUIT (14.2)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from gm.games.rcw.orders.legality import Context
from gm.games.rcw.orders.model import Assassinate, ExecuteCzar, IfPurged, Purge
from gm.games.rcw.rules.stacking import commands

Found = Iterator[tuple[str, str]]
CENTRAL_COMMITTEE = 8  # 11.1


def check_assassinate(order: Assassinate, ctx: Context) -> Found:
    _, assassins, _ = ctx.section()
    if assassins < 1:
        yield f"player {ctx.player} holds no Assassin marker", "10.12"
    elif order.markers is not None and order.markers > assassins:
        yield f"player {ctx.player} holds {assassins} Assassin markers, not {order.markers}", \
            "10.16"
    if order.markers == 0:
        yield "at least one Assassin marker is spent on an attempt", "10.12"
    for target in order.targets:
        if target == "CZAR":
            yield "the Czar may not be assassinated", "10.13, 13.51"
        elif not ctx.data.is_leader(target) or ctx.locate(target) is None:
            yield f"{ctx.data.describe(target)} is not a leader on the map", "10.13"


def _player(letter: str, ctx: Context) -> Found:
    if letter not in ctx.state.players:
        yield f"there is no player {letter} in this game", "15.21"


def check_purge(order: Purge, ctx: Context) -> Found:
    committee = (ctx.player, *order.partners)
    for letter in (order.target, *order.partners, *order.split_order):
        yield from _player(letter, ctx)
    if order.target in committee:
        yield "a member of the Central Committee is never purged", "11.14"
    if len(set(committee)) != len(committee):
        yield "a participant is listed twice", "11.0"
    politburo = ctx.section()[0]
    if order.politburo is not None and order.politburo > politburo:
        yield f"player {ctx.player} holds {politburo} Politburo markers, not {order.politburo}", \
            "17.0 [11.0]"
    held = sum(ctx.section(p)[0] for p in committee if p in ctx.state.players)
    if held < CENTRAL_COMMITTEE:
        yield (f"the participants hold {held} Politburo markers; a Central Committee needs "
               f"{CENTRAL_COMMITTEE}", "11.1")
    for unit in order.prefer:
        if unit != "POLITBURO" and not ctx.data.is_leader(unit):
            yield f"{ctx.data.describe(unit)} is not a leader", "11.21"


def check_if_purged(order: IfPurged, ctx: Context) -> Found:
    if order.counterpurge is not None:
        yield from _player(order.counterpurge, ctx)


def check_execute(order: ExecuteCzar, ctx: Context) -> Found:
    if ctx.section()[0] < 1:
        yield f"player {ctx.player} holds no Politburo marker", "13.52"
    found = ctx.locate("CZAR")
    holder = None
    if found is not None:
        holder = next((leader for leader, under in commands(found[1].units, ctx.data).items()
                       if "CZAR" in under[:2]), None)
    if holder is None or ctx.data.color(holder) != "red":
        yield "the Czar is not held by a Red leader", "13.53"


CHECKS: dict[str, Callable[[Any, Context], Found]] = {
    "assassinate": check_assassinate, "purge": check_purge, "if_purged": check_if_purged,
    "execute": check_execute}
