"""What every game system's data set is, as the application sees it, and how its problems are
told: each at its file and line, so that a GM who corrects the data finds them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol


class DataSet(Protocol):
    """A game system's validated map and counters (gm/games/<system>/data)."""

    @property
    def directory(self) -> Path:
        """The folder it was read from."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a data set, where it is and why."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class DataError(Exception):
    """The data set cannot be used; `problems` says why."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems
