"""Static legality: one player's orders checked in the order written, each against the state
as his earlier orders leave it (a unit moved on by MOVE may go on by RAIL). First whether the
order is his to give in the Phase open (4.0, ruling G17), then the rules of its kind (each
order's `breaches`). What depends on dice or on the other player's orders is judged when the
Phase is carried out."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.orders.context import PHASE_NAMES, Context
from gm.games.gwe.orders.model import Order
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.state import GweState
from gm.orders.refusal import Breach, Refusal

# The case that keeps each kind to its Phase, besides 4.0: units move only in their Movement
# Phase (5.11), Command Strength is allocated in a Command Control Segment (10.36), the
# Phasing Player attacks in his Combat Phase (8.11), follows a withdrawal at once (12.16).
OUT_OF_PHASE = {"move": "5.11", "rail": "5.31", "detrain": "5.34", "command": "10.36",
                "withhold": "14.24", "replace": "13.0", "follow": "12.16", "attack": "8.11"}


def _rule(order: Order) -> str:
    return f"4.0, {OUT_OF_PHASE[order.kind]}" if order.kind in OUT_OF_PHASE else "4.0"


def _when(order: Order, ctx: Context) -> Breach:
    allowed = " or ".join(sorted(PHASE_NAMES[m].split(" (")[0] for m in order.moments))
    return Breach(f"{order.echo().split()[0]} is given in your {allowed}, not in the "
                  f"{PHASE_NAMES[ctx.moment].split(' (')[0]}", _rule(order))


def validate_order(order: Order, ctx: Context) -> Iterator[Refusal[Order]]:
    if order.actor == "phasing" and not ctx.phasing:
        words = exclusive_rules(ctx.data).side_words
        side = words.get(ctx.phasing_side, ctx.phasing_side)
        yield Refusal(order, Breach(f"{order.echo().split()[0]} is the Phasing Player's: the "
                                    f"{side} Player-Turn is under way",
                                    _rule(order)))
        return
    if ctx.moment not in order.moments:
        yield Refusal(order, _when(order, ctx))
        return
    before = dict(ctx.at)
    for breach in order.breaches(ctx):
        yield Refusal(order, breach)
    ctx.left_by |= {u: order.line for u, at in ctx.at.items() if before.get(u) != at}


def validate_orders(orders: Sequence[Order], state: GweState, data: GweData, side: str,
                    first: str) -> list[Refusal[Order]]:
    """Every refusal of one player's orders (the `side` he plays) for the Phase open in
    `state`, in the order written; `first` is the side phasing first in a Game-Turn."""
    ctx = Context(state, data, side, first)
    return [refusal for order in orders for refusal in validate_order(order, ctx)]
