"""The answer a player gets for an order message: orders as understood, refusals explained."""

from __future__ import annotations

from dataclasses import dataclass

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.grammar.parser import Problem
from gm.games.rcw.orders.legality import Refusal, validate_orders
from gm.games.rcw.orders.model import Order
from gm.games.rcw.state import GameState
from orders_grammar.message import OpenPhase, ParsedMessage


@dataclass(frozen=True)
class Answer:
    text: str
    accepted: tuple[Order, ...]
    problems: tuple[Problem, ...]  # syntax, names and legality, in line order

    @property
    def refused(self) -> bool:
        return bool(self.problems)


def open_phase_of(state: GameState) -> OpenPhase:
    if state.stage == "trading":
        return OpenPhase(None, "TRADING")
    if state.stage == "deployment":
        return OpenPhase(None, "SETUP")
    return OpenPhase(state.turn, str(state.phase))


def _refusal_problem(refusal: Refusal, message: ParsedMessage) -> Problem:
    order = refusal.order
    return Problem(order.line, order.column, message.lines.get(order.line, order.echo()),
                   refusal.message, None, refusal.rule)


def legality_problems(message: ParsedMessage, state: GameState, data: GameData,
                      player: str, after_trades: GameState | None = None) -> list[Problem]:
    """The message's orders that break a rule: its trades judged against `state`, the
    others against `after_trades` (see gm.games.rcw.orders.legality)."""
    return [_refusal_problem(r, message)
            for r in validate_orders(message.orders, state, data, player, after_trades)]


def comment(order: Order, data: GameData) -> str:
    named = [data.describe(u) for u in order.units_named() if isinstance(u, int)
             and data.is_leader(u)]
    return f"  # {', '.join(named)}" if named else ""


def read_note(message: ParsedMessage) -> str:
    """Which lines were read as orders, and what ended them."""
    if message.end is None:
        return f"Read from line {message.first} to the end of the message."
    if message.end.reason == "END":
        return (f"Read from line {message.first} to line {message.last}; the orders end at "
                f"line {message.end.line}, END.")
    return (f"Read from line {message.first} to line {message.last}; the orders end at line "
            f"{message.end.line}, {message.end.reason}.")


def answer(message: ParsedMessage, data: GameData, extra: list[Problem],
           phase: OpenPhase | None) -> Answer:
    from gm.reporting.render import render

    problems = sorted([*message.problems, *extra], key=lambda p: (p.line, p.column))
    refused_lines = {p.line for p in problems}
    accepted = tuple(o for o in message.orders if o.line not in refused_lines)
    text = render("orders_answer.txt.j2", game=message.game, player=message.player or "?",
                  phase=phase.label() if phase else None, read=read_note(message),
                  accepted=[{"line": o.line, "echo": o.echo(), "comment": comment(o, data)}
                            for o in accepted],
                  problems=[p.render() for p in problems])
    return Answer(text, accepted, tuple(problems))
