"""One order line -> one typed order of docs/orders-gwe.md, or a Problem that says what was
expected in plain words (line and column as RCW's reader gives them)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from gm.games.gwe.grammar.names import Names, UnknownName
from gm.games.gwe.orders import model as m
from orders_grammar.problem import Problem

GRAMMAR = Path(__file__).with_name("orders.lark")
VERBS = ["MOVE", "RAIL", "DETRAIN", "COMMAND", "WITHHOLD", "REPLACE", "FOLLOW", "ATTACK",
         "DEFEND", "WITHDRAW", "DEPLOY", "OVERSTACK", "DISPLACE"]
PLAIN = {  # terminal -> what a player reads
    "UNIT": "a unit", "HEX": "a hex (four digits, e.g. 0307)", "NUMBER": "a number",
    "COLON": "':'", "COMMA": "','", "DASH": "'-'", "$END": "the end of the line",
    "<END-OF-FILE>": "the end of the line",
}


@cache
def lark_parser() -> Lark:
    """The bare parser: builds trees (the transformer resolves names after)."""
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", maybe_placeholders=False)


def _tokens(items: list[Any], kind: str) -> list[Token]:
    return [i for i in items if isinstance(i, Token) and i.type == kind]


class _ToOrder(Transformer[Token, Any]):
    """Parse tree -> typed order; units and hexes resolved on the way (UnknownName)."""

    def __init__(self, names: Names, line: int) -> None:
        super().__init__()
        self.names, self.line = names, line

    def _at(self, items: list[Any]) -> dict[str, int]:
        first = items[0]
        return {"line": self.line, "column": first.column or 1}

    def unit(self, items: list[Token]) -> str:
        return self.names.unit(str(items[0]), items[0].column or 1)

    def hex(self, items: list[Token]) -> str:
        return self.names.hex(str(items[0]), items[0].column or 1)

    def units(self, items: list[Any]) -> tuple[str, ...]:
        return tuple(i for i in items if not isinstance(i, Token))

    hexes = path = units

    def attackers(self, items: list[Any]) -> tuple[tuple[str, ...], bool]:
        """The attacking units, and whether the flotilla attacks with them (MONITOR)."""
        units = next((i for i in items if isinstance(i, tuple)), ())
        return units, any(isinstance(i, Token) and i.type == "MONITOR" for i in items)

    def move(self, items: list[Any]) -> m.Move:
        return m.Move(units=items[1], path=items[3], **self._at(items))

    def rail(self, items: list[Any]) -> m.Rail:
        off = items[-1] if _tokens(items, "OFF") else None
        path = items[3] if _tokens(items, "COLON") else ()
        return m.Rail(units=items[1], path=path, detrain=bool(_tokens(items, "DETRAIN")),
                      off=off, **self._at(items))

    def detrain(self, items: list[Any]) -> m.Detrain:
        return m.Detrain(units=items[1], **self._at(items))

    def command(self, items: list[Any]) -> m.Command:
        return m.Command(hq=items[1], units=items[3], **self._at(items))

    def withhold(self, items: list[Any]) -> m.Withhold:
        return m.Withhold(units=items[1], **self._at(items))

    def replace(self, items: list[Any]) -> m.Replace:
        return m.Replace(units=items[1], **self._at(items))

    def follow(self, items: list[Any]) -> m.Follow:
        return m.Follow(hex=items[1], units=items[3], **self._at(items))

    # clauses: (field, value, the keyword's token)
    def shift_clause(self, items: list[Any]) -> tuple[str, Any, Token]:
        none = isinstance(items[1], Token) and items[1].type == "NONE"  # SHIFT NONE: no HQ's
        return "shift", () if none else items[1], items[0]

    def affected_clause(self, items: list[Any]) -> tuple[str, Any, Token]:
        return "affected", items[1], items[0]

    def losses_clause(self, items: list[Any]) -> tuple[str, Any, Token]:
        return "losses", items[1], items[0]

    def advance_clause(self, items: list[Any]) -> tuple[str, Any, Token]:
        into = items[3] if len(items) > 2 else None
        return "advances", m.Advance(units=items[1], into=into), items[0]

    def option_clause(self, items: list[Any]) -> tuple[str, Any, Token]:
        return "options", m.Choice(result=str(items[1]), option=int(items[3])), items[1]

    def retreat_clause(self, items: list[Any]) -> tuple[str, Any, Token]:
        return "retreat", items[1], items[0]

    @staticmethod
    def _clauses(clauses: list[tuple[str, Any, Token]], repeated: str) -> dict[str, Any]:
        """Each clause once, but the `repeated` kind (one for each hex or result)."""
        fields: dict[str, Any] = {}
        for key, value, token in clauses:
            if key == repeated:
                fields[key] = (*fields.get(key, ()), value)
            elif key in fields:
                raise UnknownName(f"{token.upper()} is given twice", token.column or 1)
            else:
                fields[key] = value
        return fields

    def attack(self, items: list[Any]) -> m.Attack:
        fields = self._clauses([i for i in items if isinstance(i, tuple) and len(i) == 3
                                and isinstance(i[2], Token)], "advances")
        into = [a.into for a in fields.get("advances", ())]
        if len(into) != len(set(into)):
            raise UnknownName("ADVANCE INTO one hex is given twice", items[0].column or 1)
        units, monitor = items[3]
        return m.Attack(hexes=items[1], units=units, monitor=monitor, **fields,
                        **self._at(items))

    def defend(self, items: list[Any]) -> m.Defend:
        fields = self._clauses(items[2:], "options")
        options = fields.get("options", ())
        results = [c.result for c in options]
        if len(results) != len(set(results)):
            raise UnknownName("one RESULT is given two options", items[0].column or 1)
        fields["options"] = tuple(sorted(options, key=lambda c: c.result))
        return m.Defend(hex=items[1], **fields, **self._at(items))

    def withdraw(self, items: list[Any]) -> m.Withdraw:
        path = items[3] if len(items) > 2 else ()
        return m.Withdraw(unit=items[1], path=path, **self._at(items))

    def overstack(self, items: list[Any]) -> m.Overstack:
        return m.Overstack(units=items[1], **self._at(items))

    def displace(self, items: list[Any]) -> m.Displace:
        return m.Displace(hq=items[1], hexes=items[3], **self._at(items))

    def deploy(self, items: list[Any]) -> m.Deploy:
        return m.Deploy(units=items[1], hex=items[-1], **self._at(items))

    def start(self, items: list[Any]) -> m.Order:
        found: m.Order = items[0]
        return found


def _expected(expected: set[str]) -> str:
    words = sorted(PLAIN.get(t, t) for t in expected if not t.startswith("__"))
    if set(VERBS) <= set(words):
        return "an order: " + ", ".join(VERBS)
    if len(words) > 1:
        return ", ".join(words[:-1]) + " or " + words[-1]
    return words[0] if words else "something else"


def _syntax_problem(exc: UnexpectedInput, source: str, line: int) -> Problem:
    column = getattr(exc, "column", 0) or 0
    if isinstance(exc, UnexpectedCharacters):
        char = source[column - 1] if 0 < column <= len(source) else "?"
        return Problem(line, column, source, f"{char!r} has no place in an order")
    assert isinstance(exc, UnexpectedToken)
    if exc.token.type == "$END":
        return Problem(line, len(source) + 1, source,
                       f"the order stops too soon: expected {_expected(set(exc.expected))}")
    return Problem(line, exc.token.column or column, source,
                   f"found {str(exc.token)!r}, expected {_expected(set(exc.expected))}")


def parse_line(source: str, line: int, names: Names) -> m.Order | Problem:
    """Parse one order line (comments and continuations already removed by the envelope)."""
    try:
        tree: Tree[Token] = lark_parser().parse(source)
        order: m.Order = _ToOrder(names, line).transform(tree)
    except UnexpectedInput as exc:
        return _syntax_problem(exc, source, line)
    except VisitError as exc:
        inner = exc.orig_exc
        if isinstance(inner, UnknownName):
            return Problem(line, inner.column, source, inner.message, inner.suggestion)
        if isinstance(inner, ValueError):  # the model refused a value
            return Problem(line, 1, source, f"cannot read this order: {inner}")
        raise
    return order


def line_reader(names: Names) -> Callable[[str, int], m.Order | Problem]:
    """`parse_line` for these names, as the message reader takes it."""
    def read(source: str, line: int) -> m.Order | Problem:
        return parse_line(source, line, names)
    return read
