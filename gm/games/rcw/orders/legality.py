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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.state import GameState, Stack

if TYPE_CHECKING:
    from gm.games.rcw.orders.model import Order, Phase


@dataclass(frozen=True)
class Refusal:
    order: Order
    message: str
    rule: str


@dataclass
class Context:
    """What an order is judged against: the start-of-phase state, whose order, which phase."""

    state: GameState
    data: GameData
    player: str
    moved: set[UnitId] = field(default_factory=set)  # units already moved by this player (5.25)
    detached: set[UnitId] = field(default_factory=set)  # detached earlier in these orders
    _index: dict[UnitId, tuple[str, Stack]] | None = field(default=None, repr=False)

    @property
    def phase(self) -> Phase:
        if self.state.stage in ("trading", "deployment"):
            return "setup"
        return "first" if self.state.phase == 1 else "second"

    def locate(self, unit: UnitId) -> tuple[str, Stack] | None:
        if self._index is None:  # the state never changes: index it once
            self._index = {u: (province, stack) for province, stacks in
                           self.state.position.items() for stack in stacks for u in stack.units}
        return self._index.get(unit)

    def section(self, player: str | None = None) -> tuple[int, int, tuple[str, ...]]:
        """(Politburo, Assassin, control markers) a player holds now."""
        who = player or self.player
        if self.state.stage == "trading":
            hand = self.state.hands.get(who)
            return (hand.politburo, hand.assassin, ()) if hand else (0, 0, ())
        chart = self.state.chart.get(who)
        return (chart.politburo, chart.assassin, chart.markers) if chart else (0, 0, ())


PHASE_NAMES = {"setup": "before the game (15.3-15.5)", "first": "in the First Phase",
               "second": "in the Second Phase"}
# The standard rule each kind breaks when given in the wrong phase, besides 17.0 [4.2]: units
# move and restack only in the Movement Phase (5.21, 5.41, 13.14), assassinations are part of
# movement (10.11, 17.0 [10.0]), no combat is made while moving (5.11).
OUT_OF_PHASE = {"move": "5.21", "attach": "5.41", "detach": "5.41", "transfer": "13.14",
                "emigrate": "13.31", "assassinate": "10.11", "attack": "5.11"}


def validate_order(order: Order, ctx: Context) -> Iterator[Refusal]:
    from gm.games.rcw.orders import (
        legality_combat,
        legality_markers,
        legality_movement,
        legality_politics,
    )

    if ctx.phase not in order.phases:
        allowed = " or ".join(PHASE_NAMES[p] for p in sorted(order.phases))
        also = OUT_OF_PHASE.get(order.kind) if ctx.phase != "setup" else None
        yield Refusal(order, f"{order.echo().split()[0]} is given {allowed}, not "
                      f"{PHASE_NAMES[ctx.phase]}", "17.0 [4.2]" + (f", {also}" if also else ""))
        return
    if ctx.player in ctx.state.pending.quit_players:
        yield Refusal(order, "a player who has quit gives no more orders", "14.2")
        return
    for module in (legality_markers, legality_movement, legality_combat, legality_politics):
        check = module.CHECKS.get(order.kind)
        if check is not None:
            for message, rule in check(order, ctx):
                yield Refusal(order, message, rule)
            return


TRADES = frozenset({"give", "trade", "steal"})  # made first, in either phase (17.0 [4.2])


def validate_orders(orders: tuple[Order, ...], state: GameState, data: GameData,
                    player: str, after_trades: GameState | None = None,
                    only: frozenset[str] | None = None) -> list[Refusal]:
    """Every refusal of one player's orders, in the order written: the trades against
    `state`, the others against `after_trades` (the position once the phase's trades are
    made; `state` when not given). `only`: the kinds of order to judge (all when None)."""
    trades = Context(state, data, player)
    others = Context(after_trades or state, data, player)
    refusals: list[Refusal] = []
    for order in orders:
        if only is None or order.kind in only:
            refusals.extend(order.check_legality(trades if order.kind in TRADES else others))
    return refusals
