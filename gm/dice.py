"""The one source of chance: seeded per game and phase, every roll logged with its purpose."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Roll:
    purpose: str
    kind: str  # "die" or "draw"
    value: str


class Dice:
    """What the rules code may ask of chance (SeededDice, or forced dice in cases)."""

    def die(self, purpose: str) -> int:  # pragma: no cover - interface
        raise NotImplementedError

    def draw(self, items: Sequence[T], purpose: str) -> T:  # pragma: no cover - interface
        raise NotImplementedError


@dataclass
class SeededDice(Dice):
    """Dice and draws from `random.Random` seeded by (game seed, stream): replayable exactly."""

    seed: str
    stream: str
    log: list[Roll] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._rng = random.Random(f"{self.seed}/{self.stream}")

    def die(self, purpose: str) -> int:
        value = self._rng.randint(1, 6)
        self.log.append(Roll(purpose, "die", str(value)))
        return value

    def draw(self, items: Sequence[T], purpose: str) -> T:
        """One item drawn blind from a randomizer (the caller passes it in canonical order)."""
        if not items:
            raise ValueError(f"{purpose}: nothing to draw from")
        item = items[self._rng.randrange(len(items))]
        self.log.append(Roll(purpose, "draw", str(item)))
        return item

