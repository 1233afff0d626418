"""GIVE and TRADE: markers at any phase (10.0, 11.0 commentary), units only in the trading
session (15.33); DEPLOY (15.5)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from gm.core.errors import GameError
from gm.games.rcw.orders.legality import Context
from gm.games.rcw.orders.model import Deploy, Give, Goods, Trade

Found = Iterator[tuple[str, str]]


def _recipient(to: str, ctx: Context) -> Found:
    if to not in ctx.state.players:
        yield f"there is no player {to} in this game", "15.21"
    elif to == ctx.player:
        yield "a player cannot give to himself", "15.33"
    elif to in ctx.state.pending.quit_players:
        yield f"player {to} has quit the game", "14.23"


def _goods(goods: Goods, who: str, ctx: Context) -> Found:
    politburo, assassin, _ = ctx.section(who)
    if goods.units:
        if ctx.state.stage != "trading":
            yield ("after the trading session only Politburo and Assassin markers change "
                   "hands", "15.33")
            return
        held = ctx.state.hands[who].units if who in ctx.state.hands else ()
        for unit in goods.units:
            if unit not in held:
                yield f"player {who} does not hold {ctx.data.describe(unit)}", "15.33"
    if goods.politburo > politburo:
        yield (f"player {who} holds {politburo} Politburo markers, not {goods.politburo}",
               "11.0")
    if goods.assassin > assassin:
        yield f"player {who} holds {assassin} Assassin markers, not {goods.assassin}", "10.0"


def check_give(order: Give, ctx: Context) -> Found:
    yield from _recipient(order.to, ctx)
    yield from _goods(order.goods, ctx.player, ctx)


def check_trade(order: Trade, ctx: Context) -> Found:
    yield from _recipient(order.to, ctx)
    yield from _goods(order.goods, ctx.player, ctx)
    if order.to in ctx.state.players:  # what the other side hands over must exist now too
        yield from _goods(order.receive, order.to, ctx)


def check_deploy(order: Deploy, ctx: Context) -> Found:
    from gm.games.rcw.setup.deployment import record_deploy

    if ctx.state.stage != "deployment":
        yield "DEPLOY orders are taken after the trading session (15.4, 15.5)", "15.5"
        return
    if any(isinstance(u, str) for u in order.units):
        yield "the Czar and the Gold deploy by 13.0, not by order", "13.0"
        return
    try:
        record_deploy(ctx.state, ctx.data, ctx.player, order.province,
                      [int(u) for u in order.units])
    except GameError as exc:
        yield str(exc), "15.5"


CHECKS: dict[str, Callable[[Any, Context], Found]] = {
    "give": check_give, "trade": check_trade, "deploy": check_deploy}
