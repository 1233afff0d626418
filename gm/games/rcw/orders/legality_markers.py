"""GIVE and TRADE: markers at any phase (10.0, 11.0 commentary), units only in the trading
session (15.33); DEPLOY (15.5)."""

from __future__ import annotations

from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.legality_solitaire import check_red_deploy
from gm.games.rcw.orders.model import Deploy, Give, Goods, Trade
from gm.games.rcw.rules.deployment import deploy_breaches
from gm.orders.refusal import Breach, Breaches


def _recipient(to: str, ctx: Context) -> Breaches:
    if to not in ctx.state.players:
        yield Breach(f"there is no player {to} in this game", "15.21")
    elif to == ctx.player:
        yield Breach("a player cannot give to himself", "15.33")
    elif to in ctx.state.pending.quit_players:
        yield Breach(f"player {to} has quit the game", "14.23")


def _goods(goods: Goods, who: str, ctx: Context) -> Breaches:
    politburo, assassin, _ = ctx.section(who)
    if goods.units:
        if ctx.state.stage != "trading":
            yield Breach("after the trading session only Politburo and Assassin markers change "
                   "hands", "15.33")
            return
        held = ctx.state.hands[who].units if who in ctx.state.hands else ()
        for unit in goods.units:
            if unit not in held:
                yield Breach(f"player {who} does not hold {ctx.data.describe(unit)}", "15.33")
    if goods.politburo > politburo:
        yield Breach(f"player {who} holds {politburo} Politburo markers, not {goods.politburo}",
               "11.0")
    if goods.assassin > assassin:
        yield Breach(f"player {who} holds {assassin} Assassin markers, not {goods.assassin}",
                     "10.0")


def check_give(order: Give, ctx: Context) -> Breaches:
    yield from _recipient(order.to, ctx)
    yield from _goods(order.goods, ctx.player, ctx)


def check_trade(order: Trade, ctx: Context) -> Breaches:
    yield from _recipient(order.to, ctx)
    yield from _goods(order.goods, ctx.player, ctx)
    if order.to in ctx.state.players:  # what the other side hands over must exist now too
        yield from _goods(order.receive, order.to, ctx)


def check_deploy(order: Deploy, ctx: Context) -> Breaches:
    if ctx.state.mode == "solitaire":
        yield from (check_red_deploy(order, ctx) if ctx.state.stage == "play" else iter(
            [Breach("the solitaire set-up is fixed (27.0)", "27.1")]))
        return
    if ctx.state.stage != "deployment":
        yield Breach("DEPLOY orders are taken after the trading session (15.4, 15.5)", "15.5")
        return
    if any(isinstance(u, str) for u in order.units):
        yield Breach("the Czar and the Gold deploy by 13.0, not by order", "13.0")
        return
    yield from deploy_breaches(ctx.state, ctx.data, ctx.player, order.province,
                               [int(u) for u in order.units])
