"""What became of each order: succeeded, failed, partial, illegal or void, and why."""

from __future__ import annotations

from dataclasses import dataclass

from gm.games.rcw.orders.model import Order

RESULTS = ("succeeded", "failed", "partial", "illegal", "void")


@dataclass(frozen=True)
class OrderResult:
    player: str
    line: int
    result: str
    rule: str | None
    text: str
    detail: str

    def as_json(self) -> dict[str, object]:
        entry: dict[str, object] = {"player": self.player, "line": self.line,
                                    "result": self.result}
        if self.rule:
            entry["rule"] = self.rule
        return entry | {"text": self.text, "detail": self.detail}


class Results:
    """The outcome of every order of a phase; the first final word on an order stands."""

    def __init__(self, orders: dict[str, tuple[Order, ...]],
                 timeline: list[tuple[str, object]] | None = None) -> None:
        self.orders = orders
        self._found: dict[tuple[str, int], OrderResult] = {}
        self.step = "orders"
        self.timeline = timeline if timeline is not None else []

    def set(self, player: str, order: Order, result: str, rule: str | None,
            detail: str) -> None:
        assert result in RESULTS, result
        key = (player, order.line)
        if key not in self._found:
            self._found[key] = OrderResult(player, order.line, result, rule, order.echo(),
                                           detail)
            self.timeline.append((self.step, self._found[key]))

    def done(self, player: str, order: Order) -> bool:
        return (player, order.line) in self._found

    def of_kind(self, *kinds: str) -> list[tuple[str, Order]]:
        """Orders still to be judged, of these kinds, in player-letter then written order."""
        return [(player, order) for player in sorted(self.orders)
                for order in self.orders[player]
                if order.kind in kinds and not self.done(player, order)]

    def listing(self) -> list[OrderResult]:
        remaining = [(p, o) for p in sorted(self.orders) for o in self.orders[p]
                     if not self.done(p, o)]
        for player, order in remaining:  # orders no step of this phase took up
            self.set(player, order, "void", None, "nothing to do in this phase")
        return list(self._found.values())  # in the order the phase judged them
