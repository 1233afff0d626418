"""Russian Civil War's kinds of fact (gm/engine/facts.py): the path a force took and where it
stopped, a combat's strengths, odds, die and losses, an assassination's dice, a random event's
roll and what it did."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from gm.core.state import UnitId
from gm.engine.facts import Fact


class _Fact(Fact):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Moved(_Fact):
    """A force's move: every province it was in, in order, the first where it started."""

    kind: Literal["move"] = "move"
    player: str
    units: tuple[UnitId, ...]
    path: tuple[str, ...]
    stopped: str | None = None  # where a rule stopped it short of the path ordered
    rule: str | None = None  # the rule that stopped it
    rail: bool = False


class Fought(_Fact):
    """One combat: the attacker's and the defender's strengths, the odds, the die, the result
    and what each side lost."""

    kind: Literal["combat"] = "combat"
    province: str
    attacker: str
    defender: str | None  # None: an uncontrolled stack
    attacking_from: tuple[str, ...]  # the provinces the attacking units stood in
    attack: int
    defense: int
    odds: str
    die: int
    result: str
    subversive: bool = False
    attacker_lost: tuple[UnitId, ...] = ()
    defender_lost: tuple[UnitId, ...] = ()


class Attempt(_Part):
    target: UnitId
    province: str
    dice: tuple[int, int]
    markers: int
    value: int  # the target's Leadership Value, subtracted
    total: int
    killed: bool


class Assassinated(_Fact):
    kind: Literal["assassination"] = "assassination"
    player: str
    attempts: tuple[Attempt, ...]


class RandomEvent(_Fact):
    """A random event: its roll on the table, the provinces it struck and what it took (an
    epidemic), or who drew what (a draw from a randomizer)."""

    kind: Literal["random event"] = "random event"
    event: str  # "epidemic", "subversive attacks doubled", "draw"
    dice: tuple[int, int]
    provinces: tuple[str, ...] = ()
    lost: tuple[UnitId, ...] = ()
    lost_in: tuple[str, ...] = ()  # the province of each unit of `lost` (none before it was
    # recorded)
    player: str | None = None  # who drew
    drawn: str | None = None  # what he kept (None: nothing was left to draw)


RcwFact = Annotated[Moved | Fought | Assassinated | RandomEvent, Field(discriminator="kind")]
_READ: TypeAdapter[RcwFact] = TypeAdapter(RcwFact)


def own_fact(fact: Fact) -> RcwFact:
    """A fact as its kind: as made, or read back from the store (a `Fact` with its fields)."""
    if isinstance(fact, Moved | Fought | Assassinated | RandomEvent):
        return fact
    return _READ.validate_python(fact.model_dump())
