"""What became of each written order: its result word (gm.engine.results), the rule cases its
notes cite, and those notes as its detail."""

from __future__ import annotations

import re
from collections.abc import Iterable

from gm.engine.results import OrderResult, Outcome
from gm.games.gwe.orders.model import Order

RULE_CASE = re.compile(r"\b\d{1,2}\.\d{1,2}\b|\bG\d+\b")
PARENTHESES = re.compile(r"\(([^()]*)\)")


def cited(notes: Iterable[str]) -> str | None:
    """The rule cases (and rulings, `G9`) the notes cite in their parentheses, each once, in
    the order cited."""
    found: list[str] = []
    for note in notes:
        for group in PARENTHESES.findall(note):
            found += [r for r in RULE_CASE.findall(group) if r not in found]
    return ", ".join(found) or None


def result(player: str, order: Order, outcome: Outcome, notes: Iterable[str],
           rule: str | None = None) -> OrderResult:
    said = [n for n in notes if n]
    return OrderResult(player, order.line, outcome, rule or cited(said), order.echo(),
                       "; ".join(said) or outcome)


def stands(player: str, order: Order, why: str) -> OrderResult:
    """A standing order (or a FOLLOW) kept for a later Phase: `stands`, a void kept in
    force."""
    return OrderResult(player, order.line, "stands", None, order.echo(), why)


def by_share(done: int, of: int) -> Outcome:
    """All carried out: succeeded; none: failed; some: partial."""
    return "succeeded" if done == of else "failed" if done == 0 else "partial"
