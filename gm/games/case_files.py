"""What every game's adjudication cases share (docs/cases.md): a case file read into its
game's schema with each error placed at its line, the orders of each player parsed (the
lines the parser refuses kept as `illegal` results), and the expected order results compared
with those a case gave."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from gm.core.yamlio import YamlError, line_of, load_lined
from gm.engine.results import OrderResult
from gm.games.system import CaseError
from orders_grammar.message import OrdersError, ParsedMessage

Model = TypeVar("Model", bound=BaseModel)


def read_case(path: Path, schema: type[Model], error: type[CaseError]) -> Model:
    """The case file in its game's schema; else `error`, saying where and what is wrong."""
    try:
        document = load_lined(path)
    except YamlError as exc:
        raise error(f"{path}:{exc.line}: {exc.message}") from None
    try:
        return schema.model_validate(document)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise error(f"{path}:{line_of(document, tuple(first['loc']))}: {where}: "
                    f"{first['msg']}") from None


def parse_case_orders(written: Mapping[str, str], parse: Callable[[str], ParsedMessage[Any]],
                      error: type[CaseError]) -> tuple[dict[str, tuple[Any, ...]],
                                                       list[OrderResult]]:
    """Each player's orders as his game reads them, and the lines it refuses, as results."""
    orders: dict[str, tuple[Any, ...]] = {}
    refused: list[OrderResult] = []
    for player, text in written.items():
        try:
            message = parse(text)
        except OrdersError as exc:
            raise error(f"orders of {player}: {exc}") from None
        orders[player] = message.orders
        refused += [OrderResult(player, p.line, "illegal", p.rule, p.source, p.message)
                    for p in message.problems if p.line > 0]
    return orders, refused


def cited(rule: object) -> list[str]:
    """The rule cases an order result cites (`rule`: "8.44, 8.45")."""
    return [r.strip() for r in str(rule or "").split(",")]


def order_diffs(expected: list[dict[str, Any]], actual: list[dict[str, Any]],
                rule_found: Callable[[str, Any], bool], *, within: Sequence[str] = (),
                found_in: Sequence[str] = (), alike: Sequence[tuple[str, Any, Any]] = ()
                ) -> list[str]:
    """Each expected order result against the one of that player and line (and of the
    `within` keys the entry names: rcw's Player-Turn). `rule` passes if `rule_found(expected,
    the order's rule)`; a `found_in` key if its text is found in the order's; any other key if
    equal, or if (key, expected, got) is `alike` (a word the case format takes for another)."""
    diffs: list[str] = []
    for entry in expected:
        got = next((o for o in actual if o["player"] == entry.get("player")
                    and o["line"] == entry.get("line") and all(
                        o.get(k) == entry[k] for k in within if k in entry)), None)
        said = f"orders {entry.get('player')} line {entry.get('line')}"
        if got is None:
            diffs.append(f"orders: no order of {entry.get('player')} on line "
                         f"{entry.get('line')}")
            continue
        for key, value in entry.items():
            if key == "rule":
                if not rule_found(str(value), got.get("rule")):
                    diffs.append(f"{said}: rule {value} expected, got {got.get('rule')}")
            elif key in found_in:
                if str(value) not in str(got.get(key)):
                    diffs.append(f"{said}: {key} with {value!r} expected, got "
                                 f"{got.get(key)!r}")
            elif key not in ("player", "line", *within) and got.get(key) != value and \
                    (key, value, got.get(key)) not in alike:
                diffs.append(f"{said}: {key} {value} expected, got {got.get(key)} "
                             f"({got.get('detail')})")
    return diffs
