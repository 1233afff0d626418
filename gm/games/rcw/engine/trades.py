"""Trades, the first step of either phase (17.0 [4.2]): GIVE and TRADE of Politburo and
Assassin markers (10.0, 11.0 commentary), and STEAL of Green units by the leader holding
the Gold (13.26, 17.0 [13.26])."""

from __future__ import annotations

from collections.abc import Callable

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine.board import Board, PhaseResults
from gm.games.rcw.orders.model import Give, Goods, Order, Steal, Trade
from gm.games.rcw.rules.stacking import controls_gold, stack_problems
from gm.games.rcw.state import GameState


def _holds(board: Board, player: str, goods: Goods) -> bool:
    section = board.section(player)
    return section.politburo >= goods.politburo and section.assassin >= goods.assassin


def _move(board: Board, giver: str, receiver: str, goods: Goods) -> None:
    source, target = board.section(giver), board.section(receiver)
    source.politburo -= goods.politburo
    target.politburo += goods.politburo
    source.assassin -= goods.assassin
    target.assassin += goods.assassin


def apply(board: Board, results: PhaseResults,
          waits: Callable[[str, Order], bool] | None = None) -> None:
    """Every trade of the phase, in player-letter then written order. `waits`: the trades
    left for later (the standard game's Phasing Player makes his at their place, R57)."""
    for player, order in results.of_kind(Give, Trade, Steal):
        if not results.done(player, order) and not (waits and waits(player, order)):
            carry_out(board, results, player, order)


def unmatched(results: PhaseResults) -> None:
    """The TRADEs no matching TRADE of the other side met (17.0)."""
    for player, order in results.of_kind(Trade):
        results.set(player, order, "failed", "17.0",
                    f"player {order.to} ordered no matching TRADE")


def carry_out(board: Board, results: PhaseResults, player: str, order: Order) -> None:
    """One GIVE, TRADE (with the other side's matching TRADE) or STEAL, made now."""
    if isinstance(order, Give):
        _give(board, results, player, order)
    elif isinstance(order, Trade):
        _trade(board, results, player, order)
    elif isinstance(order, Steal):
        _steal(board, results, player, order)


def _give(board: Board, results: PhaseResults, player: str, order: Give) -> None:
    if _holds(board, player, order.goods):
        _move(board, player, order.to, order.goods)
        results.set(player, order, "succeeded", "17.0", f"to player {order.to}")
    else:  # given away by his own earlier trades: what is not held is not given
        results.set(player, order, "illegal", "10.0, 11.0", "the markers are no longer held")


def _trade(board: Board, results: PhaseResults, player: str, order: Trade) -> None:
    match = next((o for o in results.orders.get(order.to, ())
                  if isinstance(o, Trade) and o.to == player and o.goods == order.receive
                  and o.receive == order.goods and not results.done(order.to, o)), None)
    if match is None:
        return  # the other side's may come yet (the standard game): `unmatched` says at the end
    if not (_holds(board, player, order.goods) and _holds(board, order.to, order.receive)):
        for side, other, trade, goods in ((player, order.to, order, order.goods),
                                          (order.to, player, match, order.receive)):
            if _holds(board, side, goods):  # the other side's shortfall
                results.set(side, trade, "failed", "17.0",
                            f"player {other} no longer holds his part")
            else:
                results.set(side, trade, "illegal", "10.0, 11.0",
                            "the markers are no longer held")
    else:
        _move(board, player, order.to, order.goods)
        _move(board, order.to, player, order.receive)
        results.set(player, order, "succeeded", "17.0", f"with player {order.to}")
        results.set(order.to, match, "succeeded", "17.0", f"with player {player}")


def _steal(board: Board, results: PhaseResults, player: str, order: Steal) -> None:
    data = board.data
    leader, unit = board.find(order.leader), board.find(order.unit)
    if leader is None or unit is None or leader[0] != unit[0] or leader[1].player != player:
        results.set(player, order, "failed", "17.0 [13.26]",
                    "the leader and the Green unit are not together")
        return
    command = board.command_of(order.leader)
    if not controls_gold(command[1:]):
        results.set(player, order, "failed", "13.26", "the leader no longer holds the Gold")
        return
    pile = leader[1]
    index = pile.units.index(order.leader) + len(command)
    trial = [*pile.units[:index], order.unit, *pile.units[index:]]
    problems = stack_problems(tuple(trial), data)
    if problems:
        results.set(player, order, "illegal", "13.25, 7.11", "; ".join(problems))
        return
    owner = unit[1].player
    board.take(order.unit)
    pile.units.insert(pile.units.index(order.leader) + len(command), order.unit)
    results.set(player, order, "succeeded", "13.26",
                f"{data.describe(order.unit)} taken from {owner or 'no player'}")


def after_own_trades(state: GameState, data: GameData, player: str,
                     orders: tuple[Order, ...]) -> GameState:
    """The position once a player's own GIVE and STEAL orders are made, for the answer to
    his message: his other orders are judged against it (a TRADE waits for the other side,
    and what others give him is not known until the adjudication; ruling R16)."""
    own = tuple(o for o in orders if isinstance(o, Give | Steal))
    if state.stage != "play" or not own:
        return state
    board = Board.of(state, data)
    apply(board, PhaseResults({player: own}, board.timeline))
    return board.to_state()
