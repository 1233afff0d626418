"""What became of each order: succeeded, failed, partial, illegal, void, or stands (kept for
later Player-Turns, the standard game's LOSSES and END GAME: ruling R58), and why; and the
timeline of a phase, every note and every result in the order they happened."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Literal, TypeVar, get_args

from gm.engine.facts import Fact
from gm.orders.order import Order

Outcome = Literal["succeeded", "failed", "partial", "illegal", "void", "stands"]
OUTCOMES: tuple[Outcome, ...] = get_args(Outcome)

OrderT = TypeVar("OrderT", bound=Order)
KindT = TypeVar("KindT", bound=Order)


@dataclass(frozen=True)
class OrderResult:
    player: str
    line: int
    result: Outcome
    rule: str | None
    text: str
    detail: str
    fact: Fact | None = None  # what it did, as fields (gm/engine/facts.py)

    def as_json(self) -> dict[str, object]:
        entry: dict[str, object] = {"player": self.player, "line": self.line,
                                    "result": self.result}
        if self.rule:
            entry["rule"] = self.rule
        return entry | {"text": self.text, "detail": self.detail}


def line_label(line: int) -> str:
    """Where an order stands, as every answer, report and the table say it (issue 26): the
    line of its player's message as stored, counted from the message's first line (a mail as
    received, with the lines typed at the table after its orders; a message begun at the
    table has GAME and PLAYER as lines 1 and 2, the first line typed line 3).
    An order that stands from an earlier Player-Turn (ruling R58) is on no line of it: it is
    numbered -1, -2, ... and said to be standing."""
    return f"line {line}" if line > 0 else "standing"


@dataclass(frozen=True)
class Note:
    """Something that happened in a step of the phase, not the result of an order."""

    step: str
    text: str
    fact: Fact | None = None


@dataclass(frozen=True)
class Judged:
    """An order's result, in the step that decided it."""

    step: str
    result: OrderResult


TimelineEvent = Note | Judged


@dataclass(frozen=True)
class Decision:
    """A choice the rules give a player in the middle of another's Player-Turn (his losses in
    a combat, a reply to another's order, whether he complies with an order given) that no
    order of his made: the program applied its default. At the table (`gm play`) he is asked when it
    comes; his answer is recorded as the order `order` makes of it (`{}`: the words he
    answered, among `choices`), as if he had typed it, and the Player-Turn carried out
    again."""

    player: str
    rule: str
    question: str
    default: str  # what the program does if he just presses Enter, named
    order: str  # the order line his answer makes: "{}" for the words answered
    choices: tuple[str, ...]
    many: bool = False  # several words (units), else one
    by: tuple[str, int] | None = None  # (player, line) of the order that needed it; None:
    # a step at the Player-Turn's end

    def unasked(self) -> str:
        """Said where nobody asked him (a GM command resolving at once): the default applied
        for want of his order, e.g. "B gave no ... order: ..." with the rule case."""
        return f"{self.player} gave no {self.order.replace('{}', '').strip()} order: " \
            f"{self.default}"


class Results(Generic[OrderT]):
    """The outcome of every order of a phase; the first final word on an order stands."""

    def __init__(self, orders: dict[str, tuple[OrderT, ...]],
                 timeline: list[TimelineEvent] | None = None) -> None:
        self.orders = orders
        self._found: dict[tuple[str, int], OrderResult] = {}
        self.step = "orders"
        self.timeline = timeline if timeline is not None else []
        self.decisions: list[Decision] = []  # the defaults applied for players' choices

    def set(self, player: str, order: OrderT, result: Outcome, rule: str | None,
            detail: str, fact: Fact | None = None) -> None:
        key = (player, order.line)
        if key not in self._found:
            self._found[key] = OrderResult(player, order.line, result, rule, order.echo(),
                                           detail, fact)
            self.timeline.append(Judged(self.step, self._found[key]))

    def add(self, player: str, orders: tuple[OrderT, ...]) -> None:
        """Orders made during the phase (by the program, for a player it plays) join the
        player's own, numbered after them so that each has its own line."""
        given = self.orders.get(player, ())
        last = max((o.line for o in given), default=0)
        numbered = tuple(o.model_copy(update={"line": last + i}) for i, o in enumerate(orders, 1))
        self.orders[player] = (*given, *numbered)

    def done(self, player: str, order: Order) -> bool:
        return (player, order.line) in self._found

    def result_of(self, player: str, order: Order) -> OrderResult | None:
        """The result an order was given, if any yet."""
        return self._found.get((player, order.line))

    def of_kind(self, *kinds: type[KindT]) -> list[tuple[str, KindT]]:
        """Orders still to be judged, of these kinds, in player-letter then written order."""
        return [(player, order) for player in sorted(self.orders)
                for order in self.orders[player]
                if isinstance(order, kinds) and not self.done(player, order)]

    def judged(self) -> list[OrderResult]:
        """The results given so far, in the order the phase gave them; the orders no step
        has taken up yet have none."""
        return list(self._found.values())

    def listing(self) -> list[OrderResult]:
        remaining = [(p, o) for p in sorted(self.orders) for o in self.orders[p]
                     if not self.done(p, o)]
        for player, order in remaining:  # orders no step of this phase took up
            self.set(player, order, "void", None, "nothing to do in this phase")
        return list(self._found.values())  # in the order the phase judged them


@dataclass(frozen=True)
class SetupResult:
    """What became of an order of a set-up stage (before the game's first phase)."""

    player: str
    line: int
    result: Outcome
    detail: str
