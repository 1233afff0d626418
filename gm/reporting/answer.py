"""The answer a player gets for an order message: orders as understood, refusals explained."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gm.orders.order import Order
from gm.reporting.render import render
from orders_grammar.message import OpenPhase, ParsedMessage
from orders_grammar.problem import Problem


@dataclass(frozen=True)
class Answer:
    text: str
    accepted: tuple[Order, ...]
    problems: tuple[Problem, ...]  # syntax, names and legality, in line order

    @property
    def refused(self) -> bool:
        return bool(self.problems)


def read_note(message: ParsedMessage[Any]) -> str:
    """Which lines were read as orders, and what ended them (its line apart from the last
    order's: comments may stand between, as in a report's template)."""
    if message.end is None:
        return f"Read from line {message.first} to the end of the message."
    if message.end.reason == "END":
        return (f"Read from line {message.first} to line {message.last}, the last order; END "
                f"on line {message.end.line} closes the orders.")
    return (f"Read from line {message.first} to line {message.last}, the last order; from "
            f"line {message.end.line} on nothing is read: {message.end.reason}.")


def answer(message: ParsedMessage[Any], extra: Sequence[Problem], phase: OpenPhase | None,
           comment: Callable[[Order], str], period: str = "phase") -> Answer:
    """The answer text: each accepted order echoed in normal form with the game system's
    comment (`  # <what it names>`), then every problem, in line order."""
    problems = sorted([*message.problems, *extra], key=lambda p: (p.line, p.column))
    refused_lines = {p.line for p in problems}
    accepted = tuple(o for o in message.orders if o.line not in refused_lines)
    text = render("orders_answer.txt.j2", game=message.game, player=message.player or "?",
                  phase=phase.label() if phase else None, read=read_note(message),
                  accepted=[{"line": o.line, "echo": o.echo(), "comment": comment(o)}
                            for o in accepted],
                  problems=[p.render() for p in problems], period=period, salt=message.salt)
    return Answer(text, accepted, tuple(problems))
