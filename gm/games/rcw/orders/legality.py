"""Static legality: each order checked against the position it is carried out from. The
trades (GIVE, TRADE, STEAL) come first in either phase (17.0 [4.2]) and are judged against the
position at the start of the phase; every other order against the position once the trades
are made, so that a unit stolen or a marker received may be used in the same phase, and a
unit stolen away may no longer be ordered by its old holder (ruling R16).

What depends on other players' orders (a stop under 5.27, a pick-up conflict, the size of a
joint Central Committee) is accepted here and judged at adjudication.
"""

from __future__ import annotations

from collections.abc import Iterator

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.orders import legality_combat as combat
from gm.games.rcw.orders import legality_markers as markers
from gm.games.rcw.orders import legality_movement as movement
from gm.games.rcw.orders import legality_politics as politics
from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.legality_solitaire import not_in_solitaire
from gm.games.rcw.orders.model import (
    Assassinate,
    Attach,
    Attack,
    Deploy,
    Detach,
    Emigrate,
    ExecuteCzar,
    Give,
    IfPurged,
    Losses,
    Move,
    Order,
    Phase,
    Purge,
    Steal,
    Trade,
    Transfer,
)
from gm.games.rcw.state import GameState
from gm.orders.refusal import Breach, Breaches, Refusal

PHASE_NAMES = {"setup": "before the game (15.3-15.5)", "first": "in the First Phase",
               "second": "in the Second Phase", "player-turn": "in a Player-Turn"}
# The standard rule each kind breaks when given in the wrong phase, besides 17.0 [4.2]: units
# move and restack only in the Movement Phase (5.21, 5.41, 13.14), assassinations are part of
# movement (10.11, 17.0 [10.0]), no combat is made while moving (5.11).
# What the standard game's Phasing Player alone may order in his Player-Turn, and the rule.
PHASING_ONLY = {"move": "5.21", "attach": "5.21", "detach": "5.21", "transfer": "5.21",
                "emigrate": "5.21", "assassinate": "10.11", "attack": "8.21",
                "steal": "5.21, 13.26"}  # the Gold leader attaches Green units as he moves
OUT_OF_PHASE = {"move": "5.21", "attach": "5.41", "detach": "5.41", "transfer": "13.14",
                "emigrate": "13.31", "assassinate": "10.11", "attack": "5.11"}


def given_in(order: Order) -> frozenset[Phase]:
    """When an order may be given: its postal phases, and a standard Player-Turn for any
    order of either postal phase (4.2: a Player-Turn holds movement and combat)."""
    return order.phases | ({"player-turn"} if order.phases & {"first", "second"} else set())


def validate_order(order: Order, ctx: Context) -> Iterator[Refusal[Order]]:
    red_leaders = isinstance(order, Deploy) and ctx.state.mode == "solitaire"  # 24.11
    if ctx.phase not in given_in(order) and not (red_leaders and ctx.phase == "player-turn"):
        allowed = " or ".join(PHASE_NAMES[p] for p in sorted(order.phases))
        also = OUT_OF_PHASE.get(order.kind) if ctx.phase != "setup" else None
        yield Refusal(order, Breach(f"{order.echo().split()[0]} is given {allowed}, not "
                                    f"{PHASE_NAMES[ctx.phase]}",
                                    "17.0 [4.2]" + (f", {also}" if also else "")))
        return
    phasing = ctx.state.phasing_player()
    if phasing is not None and ctx.player != phasing and order.kind in PHASING_ONLY:
        yield Refusal(order, Breach(f"only the Phasing Player, {phasing}, may do this in his "
                                    "Player-Turn", PHASING_ONLY[order.kind]))
        return
    removed = not_in_solitaire(order) if ctx.state.mode == "solitaire" else None
    if removed is not None:
        yield Refusal(order, removed)
        return
    if ctx.player in ctx.state.pending.quit_players:
        yield Refusal(order, Breach("a player who has quit gives no more orders", "14.2"))
        return
    for breach in breaches_of(order, ctx):
        yield Refusal(order, breach)


def breaches_of(order: Order, ctx: Context) -> Breaches:
    """The rules this order breaks, by its kind (every kind of gm/games/rcw/orders/model.py)."""
    match order:
        case Give():
            return markers.check_give(order, ctx)
        case Trade():
            return markers.check_trade(order, ctx)
        case Deploy():
            return markers.check_deploy(order, ctx)
        case Move():
            return movement.check_move(order, ctx)
        case Attach():
            return movement.check_attach(order, ctx)
        case Detach():
            return movement.check_detach(order, ctx)
        case Transfer():
            return movement.check_transfer(order, ctx)
        case Emigrate():
            return movement.check_emigrate(order, ctx)
        case Steal():
            return movement.check_steal(order, ctx)
        case Attack():
            return combat.check_attack(order, ctx)
        case Losses():
            return combat.check_losses(order, ctx)
        case Assassinate():
            return politics.check_assassinate(order, ctx)
        case Purge():
            return politics.check_purge(order, ctx)
        case IfPurged():
            return politics.check_if_purged(order, ctx)
        case ExecuteCzar():
            return politics.check_execute(order, ctx)
        case _:  # IF EXECUTION ORDERED, QUIT, END GAME: nothing to check before adjudication
            return iter(())


TRADES = frozenset({"give", "trade", "steal"})  # made first, in either phase (17.0 [4.2])


def validate_orders(orders: tuple[Order, ...], state: GameState, data: GameData,
                    player: str, after_trades: GameState | None = None,
                    only: frozenset[str] | None = None) -> list[Refusal[Order]]:
    """Every refusal of one player's orders, in the order written: the trades against
    `state`, the others against `after_trades` (the position once the phase's trades are
    made; `state` when not given). `only`: the kinds of order to judge (all when None)."""
    trades = Context(state, data, player)
    others = Context(after_trades or state, data, player)
    refusals: list[Refusal[Order]] = []
    for order in orders:
        if only is None or order.kind in only:
            refusals.extend(validate_order(order, trades if order.kind in TRADES else others))
    return refusals
