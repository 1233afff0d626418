"""What the table keeps and shows (`gm play`, gm.app.table): each player's message of the
period as stored (`Kept`), the results shown so far by line or standing order (`Shown`,
`shown_key`), what the lines so far carried out gave (`SoFar`), a decision asked (`Asking`),
and the table's words for a result, a refusal and a result a line would change."""

from __future__ import annotations

from dataclasses import dataclass

from gm.engine.results import Decision, OrderResult, line_label
from gm.orders.order import Order
from orders_grammar.message import read_envelope
from orders_grammar.problem import Problem

# (player, line) of a line of his message, (player, its text) of an order that stood from an
# earlier Player-Turn (on no line: line_label): the result shown at the table
Shown = dict[tuple[str, int | str], OrderResult]
Given = tuple[str, int, str]  # an order carried out: its player, line and text


@dataclass(frozen=True)
class Kept:
    """A player's message of this Player-Turn as stored: the one received (by mail, `gm orders
    record`, or typed before a break) as it is, each line typed since put in after its orders
    and before what ended them (END, a signature), so that every order keeps the number the
    mail answer gave it (issue 26, item 16)."""

    head: tuple[str, ...]  # its lines up to the end of its orders, the typed ones last
    tail: tuple[str, ...] = ()  # what ended its orders, and the rest of it

    @classmethod
    def begun(cls, game: str, player: str) -> Kept:
        return cls((f"GAME {game}", f"PLAYER {player}"))

    @classmethod
    def stored(cls, text: str) -> Kept:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # as read
        while lines and not lines[-1].strip():
            lines.pop()
        end = read_envelope(text).end
        cut = len(lines) if end is None else end.line - 1
        return cls(tuple(lines[:cut]), tuple(lines[cut:]))

    def text(self) -> str:
        return "\n".join((*self.head, *self.tail)) + "\n"

    def typed(self, line: str) -> Kept:
        """With `line` typed: it is line `len(head)` of the message."""
        return Kept((*self.head, line), self.tail)

    def orders(self) -> dict[int, str]:
        """Its order lines, by number."""
        return {line.number: line.text for line in read_envelope(self.text()).order_lines}


@dataclass(frozen=True)
class Asking:
    """A decision asked at the table, and what waits for its answer: each player's lines
    with the one typed that needed it (`awaited`: its player and line), or the Player-Turn's
    end (None)."""

    decision: Decision
    lines: dict[str, Kept]
    awaited: tuple[str, int] | None


def shown_key(result: OrderResult, lines: frozenset[int],
              standing: frozenset[Given] = frozenset()) -> tuple[str, int | str]:
    """How a result shown is known again: by its line if it is an order line of its player's
    message (`lines`), else by its text (an order that stood from an earlier Player-Turn is on
    no line of his message, or on a line of its own earlier message (`standing`: player, line,
    text; ruling G72), whatever this message's line of that number holds; one the program made
    for him is numbered after them)."""
    mine = result.line in lines and (result.player, result.line, result.text) not in standing
    return result.player, result.line if mine else result.text


@dataclass(frozen=True)
class SoFar:
    """The lines so far carried out: each result by its key, the decisions the program made,
    the orders carried out, the notes of what happened."""

    shown: Shown
    decisions: tuple[Decision, ...]
    given: dict[Given, GivenOrder]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class GivenOrder:
    """An order carried out at the table, and whether it is a line of this period's message
    (else it stands from an earlier one)."""

    order: Order
    given_now: bool


def ranges(numbers: list[int]) -> str:
    """3, 4, 5, 7 as "3-5, 7"."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def refused(problems: list[Problem], why: str = "") -> str:
    """Refusals, by the lines of the message kept (as its mail answer numbers them)."""
    return "\n".join([*(p.render() for p in problems), *([why] if why else []),
                      "(not kept: type it again)"])


def same(now: OrderResult | None, was: OrderResult) -> bool:
    """The same result, wherever the order stands in the lines (a standing one moves)."""
    return now is not None and (now.result, now.rule, now.detail, now.fact) == (
        was.result, was.rule, was.detail, was.fact)


def would_change(was: OrderResult, now: OrderResult | None, speaker: str, why: str,
                  not_kept: str) -> str:
    """Why a line that would change a result shown already is not kept (`why`: the game's
    words for another player's, empty for the Phasing Player's; `not_kept`: what he may do
    instead, in the game's words)."""
    became = f"{now.result}: {now.detail}" if now is not None else "no result"
    return (f"it would change what player {was.player}'s {line_label(was.line)} gave, shown "
            f"already: {was.result}: {was.detail}; it would be {became}{why}\n(not kept: "
            f"{not_kept.format(player=speaker)})")


def result_line(result: OrderResult, step: str | None = None) -> str:
    """An order's result by its line, as typed; in the Player-Turn's summary (`step` given)
    by its step, player and line, as the GM's report says it, whoever spoke last."""
    rule = f" ({result.rule})" if result.rule else ""
    where = line_label(result.line) if step is None else \
        f"[{step}] {result.player} {line_label(result.line)}"
    return f"{where}: {result.text} -- {result.result}{rule}: {result.detail}"
