"""What every game's adjudication cases share (docs/cases.md): a case file read into its
game's schema with each error placed at its line, and the orders of each player parsed, the
lines the parser refuses kept as `illegal` results."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
