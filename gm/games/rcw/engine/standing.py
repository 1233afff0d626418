"""Orders that stand beyond the Player-Turn they were given in (the standard game, ruling
R58): a player's latest LOSSES until he gives another (he is attacked in other players'
Player-Turns), and his END GAME until the end of its Game-Turn, when 14.1 counts it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gm.games.rcw.orders.model import EndGame, Losses, Order
from gm.games.rcw.state import GameState

Orders = dict[str, tuple[Order, ...]]
Earlier = Iterable[tuple[str, int, Sequence[Order]]]  # (player, Game-Turn, orders), oldest first


def standing_orders(state: GameState, earlier: Earlier) -> Orders:
    """What still stands now of each player's earlier orders: his latest LOSSES, unless every
    unit it names is off the map (eliminated: its Player-Turn said it stands no more), and his
    END GAME of this Game-Turn."""
    losses: dict[str, Order] = {}
    ending: dict[str, Order] = {}
    for player, turn, given in earlier:
        for order in given:
            if isinstance(order, Losses):
                losses[player] = order
            elif isinstance(order, EndGame) and turn == state.turn:
                ending[player] = order
    losses = {p: o for p, o in losses.items() if isinstance(o, Losses) and any(
        state.where_is(unit) is not None for unit in o.units)}
    return {p: tuple(o for o in (losses.get(p), ending.get(p)) if o is not None)
            for p in sorted({*losses, *ending})}


def merged(state: GameState, orders: Orders, standing: Orders) -> Orders:
    """Each player's orders with what stands of his earlier ones, numbered -1, -2, ...: no
    line of his message, each its own number (gm.engine.results.line_label, issue 26). His
    own order of a kind replaces the standing one, but for the Phasing Player's LOSSES: his
    orders are carried out in the order written (R57, R74), so the LOSSES that stood is in
    force, first, until his own comes."""
    phasing = state.phasing_player()
    result = dict(orders)
    for player, kept in standing.items():
        own = result.get(player, ())
        kinds = {o.kind for o in own}
        first = [o for o in kept if player == phasing and isinstance(o, Losses)]
        after = [o for o in kept if o not in first and o.kind not in kinds]
        numbered = [o.model_copy(update={"line": -n})
                    for n, o in enumerate([*first, *after], 1)]
        result[player] = (*numbered[:len(first)], *own, *numbered[len(first):])
    return {p: o for p, o in result.items() if o}
