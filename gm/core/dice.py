"""The one source of chance: seeded per game and phase, every roll logged with its purpose."""

from __future__ import annotations

import hashlib
import random
import re
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

    def recipient(self, players: Sequence[str], purpose: str) -> str:
        """The player who gets a draw, chosen at random among `players`."""
        raise NotImplementedError  # pragma: no cover - interface


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
        """One item drawn blind from a pool (the caller passes it in canonical order)."""
        if not items:
            raise ValueError(f"{purpose}: nothing to draw from")
        item = items[self._rng.randrange(len(items))]
        self.log.append(Roll(purpose, "draw", str(item)))
        return item

    def recipient(self, players: Sequence[str], purpose: str) -> str:
        player = players[self._rng.randrange(len(players))]
        self.log.append(Roll(purpose, "recipient", player))
        return player


class ChanceError(Exception):
    """Forced dice that do not fit the case: too few, too many, or a draw not possible."""


@dataclass
class ForcedDice(Dice):
    """The dice, draws and recipients an adjudication case writes down, used in order."""

    dice: list[int]
    draws: list[str]
    recipients: list[str]
    log: list[Roll] = field(default_factory=list)

    def die(self, purpose: str) -> int:
        if not self.dice:
            raise ChanceError(f"the case ran out of forced dice at: {purpose}")
        value = self.dice.pop(0)
        if not 1 <= value <= 6:
            raise ChanceError(f"forced die {value} is not 1-6 ({purpose})")
        self.log.append(Roll(purpose, "die", str(value)))
        return value

    def draw(self, items: Sequence[T], purpose: str) -> T:
        if not self.draws:
            raise ChanceError(f"the case ran out of forced draws at: {purpose}")
        wanted = self.draws.pop(0)
        for item in items:
            if str(item) == wanted:
                self.log.append(Roll(purpose, "draw", wanted))
                return item
        raise ChanceError(f"forced draw {wanted} is not in the pool drawn from ({purpose})")

    def recipient(self, players: Sequence[str], purpose: str) -> str:
        if not self.recipients:
            raise ChanceError(f"the case ran out of forced recipients at: {purpose}")
        player = self.recipients.pop(0)
        if player not in players:
            raise ChanceError(f"forced recipient {player} cannot receive ({purpose})")
        self.log.append(Roll(purpose, "recipient", player))
        return player

    def unused(self) -> str | None:
        left = [f"{len(v)} {k}" for k, v in (("dice", self.dice), ("draws", self.draws),
                                              ("recipients", self.recipients)) if v]
        return ", ".join(left) or None



def phase_seed(campaign_seed: str, turn: int, phase: int, rollback: int | None = None) -> str:
    """The secret seed of one phase, from the campaign's secret seed; `rollback`: the number of
    the GM's latest rollback before the phase opened (1 for his first; not its history entry,
    which the GM could move by adding entries: ruling R90), which seeds it afresh (a seed the
    reports revealed is never used again, docs/dice.md)."""
    fresh = "" if rollback is None else f"|rollback {rollback}"
    return hashlib.sha256(f"{campaign_seed}|turn {turn}|phase {phase}{fresh}".encode()
                          ).hexdigest()


SALT_WORD = re.compile(r"[A-Za-z0-9-]{1,32}")  # what a SALT line may give: a token, no text


def salt_of(word: str) -> str:
    """The salt a player's SALT word gives his phase's dice: the first 16 hex digits of the
    word's SHA-256. Reports reveal it in the word's place, so that nothing a player writes
    there reaches the others as a message (issue 36); he checks his own by hashing his word."""
    return hashlib.sha256(word.encode()).hexdigest()[:16]


def setup_seed(campaign_seed: str, stage: str) -> str:
    """The secret seed of the dice rolled as a set-up stage closes (a deployment's attrition),
    committed to while the stage is open, as a phase's is."""
    return hashlib.sha256(f"{campaign_seed}|set-up {stage}".encode()).hexdigest()


def commitment(seed: str) -> str:
    """Published when the phase opens; the seed itself when the next report comes out."""
    return hashlib.sha256(seed.encode()).hexdigest()


@dataclass
class HashDice(Dice):
    """Dice players can verify (docs/dice.md): the n-th number of a phase is
    SHA-256("<key>:<n>") read as a big-endian integer, where key is
    SHA-256("<phase seed>|<salt 1>|<salt 2>...") with the players' SALT words sorted.
    A die is that number mod 6, plus 1; a draw takes the item at (number mod count) of the
    pool's contents in sorted order; a recipient likewise among the players."""

    seed: str
    salts: tuple[str, ...] = ()
    log: list[Roll] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.key = hashlib.sha256("|".join((self.seed, *sorted(self.salts))).encode()
                                  ).hexdigest()
        self.count = 0

    def _number(self) -> int:
        self.count += 1
        return int.from_bytes(hashlib.sha256(f"{self.key}:{self.count}".encode()).digest(),
                              "big")

    def die(self, purpose: str) -> int:
        value = self._number() % 6 + 1
        self.log.append(Roll(purpose, "die", str(value)))
        return value

    def draw(self, items: Sequence[T], purpose: str) -> T:
        if not items:
            raise ValueError(f"{purpose}: nothing to draw from")
        item = items[self._number() % len(items)]
        self.log.append(Roll(purpose, "draw", str(item)))
        return item

    def recipient(self, players: Sequence[str], purpose: str) -> str:
        player = players[self._number() % len(players)]
        self.log.append(Roll(purpose, "recipient", player))
        return player
