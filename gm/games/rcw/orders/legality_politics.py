"""ASSASSINATE (10.0), PURGE and counterpurge (11.0), EXECUTE CZAR (13.5), QUIT (14.2)."""

from __future__ import annotations

from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.model import Assassinate, ExecuteCzar, IfPurged, Purge
from gm.games.rcw.rules.politics import CENTRAL_COMMITTEE
from gm.games.rcw.rules.stacking import commands
from gm.orders.refusal import Breach, Breaches


def check_assassinate(order: Assassinate, ctx: Context) -> Breaches:
    _, assassins, _ = ctx.section()
    if assassins < 1:
        yield Breach(f"player {ctx.player} holds no Assassin marker", "10.12")
    elif order.markers is not None and order.markers > assassins:
        yield Breach(f"player {ctx.player} holds {assassins} Assassin markers, not "
                     f"{order.markers}", "10.16")
    if order.markers == 0:
        yield Breach("at least one Assassin marker is spent on an attempt", "10.12")
    for target in order.targets:
        if target == "CZAR":
            yield Breach("the Czar may not be assassinated", "10.13, 13.51")
        elif not ctx.data.is_leader(target) or ctx.locate(target) is None:
            yield Breach(f"{ctx.data.describe(target)} is not a leader on the map", "10.13")


def _player(letter: str, ctx: Context) -> Breaches:
    if letter not in ctx.state.players:
        yield Breach(f"there is no player {letter} in this game", "15.21")


def check_purge(order: Purge, ctx: Context) -> Breaches:
    committee = (ctx.player, *order.partners)
    for letter in (order.target, *order.partners, *order.split_order):
        yield from _player(letter, ctx)
    if order.target in committee:
        yield Breach("a member of the Central Committee is never purged", "11.14")
    if len(set(committee)) != len(committee):
        yield Breach("a participant is listed twice", "11.0")
    politburo = ctx.section()[0]
    if order.politburo is not None and order.politburo > politburo:
        yield Breach(f"player {ctx.player} holds {politburo} Politburo markers, not "
                     f"{order.politburo}", "17.0 [11.0]")
    held = sum(ctx.section(p)[0] for p in committee if p in ctx.state.players)
    if held < CENTRAL_COMMITTEE:
        yield Breach(f"the participants hold {held} Politburo markers; a Central Committee needs "
               f"{CENTRAL_COMMITTEE}", "11.1")
    for unit in order.prefer:
        if unit != "POLITBURO" and not ctx.data.is_leader(unit):
            yield Breach(f"{ctx.data.describe(unit)} is not a leader", "11.21")


def check_if_purged(order: IfPurged, ctx: Context) -> Breaches:
    if order.counterpurge is not None:
        yield from _player(order.counterpurge, ctx)


def check_execute(order: ExecuteCzar, ctx: Context) -> Breaches:
    if ctx.section()[0] < 1:
        yield Breach(f"player {ctx.player} holds no Politburo marker", "13.52")
    found = ctx.locate("CZAR")
    holder = None
    if found is not None:
        holder = next((leader for leader, under in commands(found[1].units, ctx.data).items()
                       if "CZAR" in under[:2]), None)
    if holder is None or ctx.data.color(holder) != "red":
        yield Breach("the Czar is not held by a Red leader", "13.53")

