"""The base of every typed order: immutable, placed by line and column in its message, with a
normal form (`echo`) that parses back to the same order."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gm.core.state import UnitId


class Order(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    kind: str = ""  # each kind narrows this to its own Literal
    line: int = 0
    column: int = 0

    def echo(self) -> str:  # pragma: no cover - every kind overrides
        raise NotImplementedError

    def units_named(self) -> tuple[UnitId, ...]:
        """Every unit the order names, for the answer's comment."""
        return ()

    def same_as(self, other: Order) -> bool:
        """Equal but for where it was written."""
        skip = {"line", "column"}
        return type(self) is type(other) and self.model_dump(exclude=skip) == other.model_dump(
            exclude=skip)
