"""Resolving what players write: units by their designation in the counters data (any case),
hexes by their id on the map (2.1, ruling G2), with a did-you-mean for a unit."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cached_property

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import HexError, parse_hex


class UnknownName(Exception):
    """A unit or hex that does not resolve; `suggestion` is the nearest known one, if any."""

    def __init__(self, message: str, column: int, suggestion: str | None = None) -> None:
        super().__init__(message)
        self.message, self.column, self.suggestion = message, column, suggestion


@dataclass
class Names:
    data: GweData

    @cached_property
    def units(self) -> dict[str, str]:
        return {unit_id.casefold(): unit_id for unit_id in self.data.units}

    def unit(self, text: str, column: int) -> str:
        found = self.units.get(text.casefold())
        if found is None:
            close = difflib.get_close_matches(text.casefold(), list(self.units), n=1, cutoff=0.6)
            raise UnknownName(f"there is no unit {text!r}", column,
                              self.units[close[0]] if close else None)
        return found

    def hex(self, text: str, column: int) -> str:
        try:
            where = parse_hex(text)
        except HexError as exc:  # the grammar's HEX token has the form; kept for safety
            raise UnknownName(str(exc), column) from None
        if not self.data.on_map(where):
            raise UnknownName(f"{where} is not a hex of the map (2.1)", column)
        return str(where)
