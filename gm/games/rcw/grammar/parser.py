"""One order line -> one typed order, or a Problem that says what was expected in plain words."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import lark
from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from gm.core.cachedir import cache_dir
from gm.core.private import create_private, open_own
from gm.core.state import UnitId
from gm.games.rcw.grammar.names import Names, UnknownName, group_names, suggest
from gm.games.rcw.orders import model as m
from orders_grammar.problem import Problem

GRAMMAR = Path(__file__).with_name("orders.lark")

VERBS = ["GIVE", "TRADE", "MOVE", "RAIL", "ATTACH", "DETACH", "TRANSFER", "EMIGRATE",
         "ASSASSINATE", "PURGE", "IF", "EXECUTE", "STEAL", "QUIT", "ATTACK", "SUBVERT",
         "LOSSES", "END", "DEPLOY"]
PLAIN = {  # terminal -> what a player reads
    "NUMBER": "a number", "NAME": "a name", "COLON": "':' after the force", "COMMA": "','",
    "DASH": "'-'", "ANDOR": "AND/OR", "$END": "the end of the line",
    "PLAYER": "a player letter",
}


def _cache_file() -> str | bool:
    """Lark's own cache of the grammar's tables: it keeps the grammar's digest in the file
    and builds afresh when the grammar (or Lark) has changed. Lark writes it with open(),
    whose mode the umask decides, so the entry is made first, empty and 0600: Lark takes an
    empty entry for one that does not fit and writes the tables into it, its mode kept. Lark
    unpickles what it reads there, so the entry is handed to it only if it is a regular file of
    the user's that no one else may write; any other is removed and made again."""
    folder = cache_dir()
    if folder is None:
        return False
    entry = folder / f"orders-lark-{lark.__version__}.cache"
    for _ in range(2):
        try:
            create_private(entry)
            trusted = open_own(entry)
            if trusted is not None:
                trusted.close()
                return str(entry)
            entry.unlink()  # not the user's own, or a link: never read
        except OSError:
            return False
    return False


@cache
def lark_parser() -> Lark:
    """The bare parser: builds trees (for tools and the benchmark's baseline)."""
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", maybe_placeholders=False,
                cache=_cache_file())


class _LineParser:
    """A parser that builds orders while it parses (no tree), for one set of names.

    Not re-entrant: `transformer.line` is set for each line parsed."""

    def __init__(self, names: Names) -> None:
        self.transformer = _ToOrder(names, 0)
        self.lark = Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr",
                         maybe_placeholders=False, transformer=self.transformer,
                         cache=_cache_file())

    def parse(self, source: str, line: int) -> m.Order:
        self.transformer.line = line
        order: m.Order = self.lark.parse(source)  # type: ignore[assignment]
        return order


_PARSERS: dict[int, tuple[Names, _LineParser]] = {}


def _line_parser(names: Names) -> _LineParser:
    cached = _PARSERS.get(id(names))
    if cached is None or cached[0] is not names:
        cached = (names, _LineParser(names))
        _PARSERS[id(names)] = cached
    return cached[1]


def _words(tokens: list[Any]) -> list[tuple[str, int]]:
    return [(str(t), t.column or 1) for t in tokens if isinstance(t, Token)]


class _ToOrder(Transformer[Token, Any]):
    """Parse tree -> typed order; names resolved on the way (UnknownName on failure)."""

    def __init__(self, names: Names, line: int) -> None:
        super().__init__(visit_tokens=False)
        self.names, self.line = names, line

    def _at(self, tokens: list[Any]) -> dict[str, int]:
        first = next(t for t in tokens if isinstance(t, Token))
        return {"line": self.line, "column": first.column or 1}

    # lists of units and names
    def name(self, tokens: list[Token]) -> Token:
        return Token("NAME", "-".join(str(t) for t in tokens if t.type == "NAME"),
                     column=tokens[0].column)

    def ref(self, tokens: list[Token]) -> Token:
        return tokens[0]

    def refs(self, tokens: list[Token]) -> tuple[Any, ...]:
        words = [t for t in tokens if t.type != "COMMA"]
        return tuple(u for u, _ in group_names(_words(words), self.names))

    force = target = refs

    def place(self, tokens: list[Token]) -> str:
        try:
            return self.names.province([str(t) for t in tokens])
        except UnknownName as exc:
            exc.column = tokens[0].column or 1
            raise

    def path(self, items: list[Any]) -> tuple[str, ...]:
        return tuple(i for i in items if isinstance(i, str) and not isinstance(i, Token))

    def player(self, tokens: list[Token]) -> str:
        return str(tokens[0]).upper()

    def marker(self, tokens: list[Token]) -> str:
        return "politburo" if tokens[0].type == "POLITBURO" else "assassin"

    # goods
    def marker_goods(self, items: list[Any]) -> m.Goods:
        return m.Goods(**{items[1]: int(items[0])})

    def unit_goods(self, items: list[Any]) -> m.Goods:
        return m.Goods(units=items[0])

    def give(self, items: list[Any]) -> m.Give:
        return m.Give(goods=items[1], to=items[3], **self._at(items))

    def trade(self, items: list[Any]) -> m.Trade:
        return m.Trade(goods=items[1], to=items[3], receive=items[5], **self._at(items))

    def stack_change(self, items: list[Any]) -> m.StackChange:
        return m.StackChange(action=str(items[0]).upper(), units=items[1], at=items[3])

    def move(self, items: list[Any]) -> m.Move:
        changes = tuple(i for i in items if isinstance(i, m.StackChange))
        return m.Move(rail=items[0].type == "RAIL", force=items[1], path=items[3],
                      changes=changes, **self._at(items))

    def attach(self, items: list[Any]) -> m.Attach:
        return m.Attach(units=items[1], leader=self._one(items[3]), **self._at(items))

    def detach(self, items: list[Any]) -> m.Detach:
        return m.Detach(units=items[1], leader=self._one(items[3]), **self._at(items))

    def transfer(self, items: list[Any]) -> m.Transfer:
        return m.Transfer(imperial=self._one(items[1]), source=self._one(items[3]),
                          target=self._one(items[5]), **self._at(items))

    def emigrate(self, items: list[Any]) -> m.Emigrate:
        return m.Emigrate(unit=self._one(items[1]), **self._at(items))

    def _one(self, token: Token) -> UnitId:
        return group_names(_words([token]), self.names)[0][0]

    def assassinate(self, items: list[Any]) -> m.Assassinate:
        targets = tuple(u for i in items if isinstance(i, tuple) for u in i)
        count = next(i for i in items if isinstance(i, Token) and i.type in ("NUMBER", "ALL"))
        return m.Assassinate(targets=targets, markers=None if count.type == "ALL" else int(count),
                             **self._at(items))

    # purge
    def purge_with(self, items: list[Any]) -> tuple[str, Any]:
        return ("partners", tuple(i for i in items if isinstance(i, str)
                                  and not isinstance(i, Token)))

    def purge_politburo(self, items: list[Any]) -> tuple[str, Any]:
        return ("politburo", int(items[1]))

    def purge_equally(self, items: list[Any]) -> tuple[str, Any]:
        return ("split", "equally")

    def purge_in_order(self, items: list[Any]) -> tuple[str, Any]:
        return ("split_order", tuple(i for i in items if isinstance(i, str)
                                     and not isinstance(i, Token)))

    def purge_prefer(self, items: list[Any]) -> tuple[str, Any]:
        return ("prefer", tuple(items[1:]))

    def preference(self, items: list[Any]) -> UnitId:
        token = items[0]
        return "POLITBURO" if token.type == "POLITBURO" else self._one(token)

    def purge(self, items: list[Any]) -> m.Purge:
        fields: dict[str, Any] = {"target": items[1]}
        for key, value in items[2:]:
            split = key in ("split", "split_order") and ("split" in fields
                                                         or "split_order" in fields)
            if key in fields or split:  # one division of the spoils (17.0 [11.0] d)
                raise UnknownName(f"the {'split' if split else key.replace('_', ' ')} part "
                                  "is given twice", None, items[0].column)
            fields[key] = value
        if "split_order" in fields:
            fields["split"] = "in_order"
        return m.Purge(**fields, **self._at(items))

    def if_purged(self, items: list[Any]) -> m.IfPurged:
        return m.IfPurged(counterpurge=items[3], **self._at(items))

    def if_purged_not(self, items: list[Any]) -> m.IfPurged:
        return m.IfPurged(counterpurge=None, **self._at(items))

    def execute(self, items: list[Any]) -> m.ExecuteCzar:
        return m.ExecuteCzar(**self._at(items))

    def if_execution(self, items: list[Any]) -> m.IfExecution:
        return m.IfExecution(comply=items[3].type == "COMPLY", **self._at(items))

    def steal(self, items: list[Any]) -> m.Steal:
        return m.Steal(unit=self._one(items[1]), leader=self._one(items[3]), **self._at(items))

    def quit(self, items: list[Any]) -> m.Quit:
        return m.Quit(**self._at(items))

    def attack(self, items: list[Any]) -> m.Attack:
        groups = [i for i in items if isinstance(i, tuple)]
        return m.Attack(subversive=items[0].type == "SUBVERT", target=groups[0],
                        forces=tuple(groups[1:]), **self._at(items))

    subvert = attack

    def losses(self, items: list[Any]) -> m.Losses:
        return m.Losses(units=items[1], **self._at(items))

    def end_game(self, items: list[Any]) -> m.EndGame:
        return m.EndGame(**self._at(items))

    def deploy(self, items: list[Any]) -> m.Deploy:
        return m.Deploy(units=items[1], province=items[3], **self._at(items))

    @v_args(inline=True)
    def start(self, order: m.Order) -> m.Order:
        return order


UNIT_TERMINALS = {"NUMBER", "NAME", "CZAR", "GOLD"}


def _expected(expected: set[str]) -> str:
    expected = {t for t in expected if not t.startswith("__")}
    if expected >= UNIT_TERMINALS:  # a unit list goes on
        expected = (expected - UNIT_TERMINALS) | {"a unit (number or leader's name)"}
    words = sorted(PLAIN.get(t, t) for t in expected)
    if set(VERBS) <= set(words):
        return "an order: " + ", ".join(VERBS)
    if len(words) > 1:
        return ", ".join(words[:-1]) + " or " + words[-1]
    return words[0] if words else "something else"


def _syntax_problem(exc: UnexpectedInput, source: str, line: int, names: Names) -> Problem:
    column = getattr(exc, "column", 0) or 0
    if isinstance(exc, UnexpectedCharacters):
        char = source[column - 1] if 0 < column <= len(source) else "?"
        return Problem(line, column, source, f"{char!r} has no place in an order")
    assert isinstance(exc, UnexpectedToken)
    token = exc.token
    expected = set(exc.expected)
    if token.type == "$END":
        return Problem(line, len(source) + 1, source,
                       f"the order stops too soon: expected {_expected(expected)}")
    hint = None
    if token.type == "NAME":
        keywords = [t for t in expected if t.isupper() and t not in PLAIN]
        hint = suggest(str(token), keywords, cutoff=0.5)
    return Problem(line, token.column, source, f"found {str(token)!r}, expected "
                   f"{_expected(expected)}", hint)


def parse_line(source: str, line: int, names: Names) -> m.Order | Problem:
    """Parse one order line (comments and continuations already removed)."""
    try:
        return _line_parser(names).parse(source, line)
    except UnexpectedInput as exc:
        return _syntax_problem(exc, source, line, names)
    except (UnknownName, VisitError) as exc:
        inner = exc.orig_exc if isinstance(exc, VisitError) else exc
        if not isinstance(inner, UnknownName):
            raise
        try:  # names resolve as the parse goes: a syntax error later in the line comes first
            lark_parser().parse(source)
        except UnexpectedInput as syntax:
            return _syntax_problem(syntax, source, line, names)
        return Problem(line, inner.column or 1, source, inner.message, inner.suggestion)
    except ValueError as exc:  # a count too large for the order, and the like
        return Problem(line, 1, source, f"cannot read this order: {exc}")


def line_reader(names: Names) -> Callable[[str, int], m.Order | Problem]:
    """`parse_line` for these names, as the message reader takes it."""
    def read(source: str, line: int) -> m.Order | Problem:
        return parse_line(source, line, names)
    return read
