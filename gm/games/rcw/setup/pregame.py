"""Pre-game orders by mail (17.0 [15.0]): the trading session's GIVE and TRADE of units and
markers (15.33), and DEPLOY (15.54). Orders are carried out in player-letter order, then in
the order written; a TRADE happens only when the other player ordered the matching TRADE."""

from __future__ import annotations

from gm.core.errors import GameError
from gm.engine.results import SetupResult
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.orders.model import Deploy, Give, Goods, Order, Trade
from gm.games.rcw.setup.deployment import record_deploy
from gm.games.rcw.setup.trading import trade
from gm.games.rcw.state import GameState


def _items(goods: Goods) -> list[str]:
    return ([str(u) for u in goods.units] + ["POLITBURO"] * goods.politburo
            + ["ASSASSIN"] * goods.assassin)


def _matches(order: Trade, player: str, other: Order) -> bool:
    return (isinstance(other, Trade) and other.to == player and other.goods == order.receive
            and other.receive == order.goods)


def apply_pregame(state: GameState, data: GameData,
                  orders: dict[str, tuple[Order, ...]]) -> tuple[GameState, list[SetupResult]]:
    outcomes: list[SetupResult] = []
    done: set[tuple[str, int]] = set()  # (player, line) of trades already carried out
    for player in sorted(orders):
        for order in orders[player]:
            if (player, order.line) in done:
                continue
            try:
                state, outcome = _apply(state, data, player, order, orders, done)
            except GameError as exc:
                outcome = SetupResult(player, order.line, "illegal", str(exc))
            outcomes.append(outcome)
    return state, outcomes


def _apply(state: GameState, data: GameData, player: str, order: Order,
           orders: dict[str, tuple[Order, ...]], done: set[tuple[str, int]]
           ) -> tuple[GameState, SetupResult]:
    if isinstance(order, Give):
        state = trade(state, data, player, order.to, _items(order.goods), [])
        return state, SetupResult(player, order.line, "succeeded", order.echo())
    if isinstance(order, Trade):
        match = next((o for o in orders.get(order.to, ()) if _matches(order, player, o)
                      and (order.to, o.line) not in done), None)
        if match is None:
            return state, SetupResult(player, order.line, "failed",
                                  f"player {order.to} ordered no matching TRADE (15.33)")
        state = trade(state, data, player, order.to, _items(order.goods), _items(order.receive))
        done.add((order.to, match.line))
        outcomes = f"{order.echo()}, matched by player {order.to}'s line {match.line}"
        return state, SetupResult(player, order.line, "succeeded", outcomes)
    if isinstance(order, Deploy):
        units = [int(u) for u in order.units if isinstance(u, int)]
        state = record_deploy(state, data, player, order.province, units)
        return state, SetupResult(player, order.line, "succeeded", order.echo())
    return state, SetupResult(player, order.line, "illegal",
                          f"{order.echo()} is not a pre-game order (17.0 [15.0])")
