"""A line of an order message that cannot be taken: where it is, why, and the nearest thing
the player may have meant."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """Why a line was refused: where, what, and the nearest thing the player may have meant."""

    line: int
    column: int
    source: str
    message: str
    suggestion: str | None = None
    rule: str | None = None

    def render(self) -> str:
        caret = " " * max(self.column - 1, 0) + "^"
        text = f"line {self.line}, column {self.column}: {self.message}"
        if self.rule:
            text += f" ({self.rule})"
        text += f"\n    {self.source}\n    {caret}"
        if self.suggestion:
            text += f"\n    did you mean {self.suggestion}?"
        return text
