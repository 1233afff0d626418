"""Typed, immutable orders of Great War in the East (docs/orders-gwe.md), each with its source
line and column.

`echo()` gives the normal form: parsing it again gives the same order. Each kind says who
gives it and in which Phase of the Sequence of Play (4.0, ruling G17), the rule cases it
applies (`cases`), and checks itself against the state and data (`breaches`), citing the
case of every refusal. Hexes are kept in their normal form (`s0307`, ruling G2), units by
their designation in the counters data.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gm.core.state import UnitId
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.orders import checks_combat as combat
from gm.games.gwe.orders import checks_movement as movement
from gm.games.gwe.orders.checks import own_units
from gm.games.gwe.orders.context import Context, Moment
from gm.orders import order
from gm.orders.refusal import Breach

Actor = Literal["phasing", "any"]  # "any": a standing order, whoever is phasing
EVERY_PHASE: frozenset[Moment] = frozenset({"movement", "withdrawal", "combat"})


def _units(units: tuple[str, ...]) -> str:
    return " ".join(units)


def _path(path: tuple[str, ...]) -> str:
    return "-".join(path)


def _hexes(hexes: tuple[str, ...]) -> tuple[Hex, ...]:
    return tuple(parse_hex(h) for h in hexes)


class Order(order.Order):
    """An order of this game: who gives it, when, and the rule cases it applies."""

    actor: ClassVar[Actor] = "phasing"
    moments: ClassVar[frozenset[Moment]] = frozenset({"movement"})
    cases: ClassVar[tuple[str, ...]] = ()
    # a standing order of an earlier message: which ("Game-Turn 7 Phase 1"); never stored
    given: str | None = Field(default=None, exclude=True)

    def breaches(self, ctx: Context) -> Iterator[Breach]:  # pragma: no cover - overridden
        raise NotImplementedError


class Move(Order):
    """5.0: units that stand together enter the hexes of a path in turn."""

    kind: Literal["move"] = "move"
    units: tuple[str, ...]
    path: tuple[str, ...]
    cases: ClassVar[tuple[str, ...]] = ("5.0", "5.13", "5.14", "5.17", "5.34", "5.35", "5.4",
                                        "7.21", "9.21", "13.0")

    def echo(self) -> str:
        return f"MOVE {_units(self.units)}: {_path(self.path)}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return movement.check_move(ctx, self.units, _hexes(self.path))


class Rail(Order):
    """5.3: Rail Movement along a Friendly railroad, entraining first if need be (5.32),
    detraining at the end if DETRAIN is written (5.34), or leaving the map at the path's last
    hex by the off-map link toward the hex OFF names (5.37, 5.38). With no path (14.23):
    reinforcements due, if their entry hex is blocked, go off the map by rail toward it."""

    kind: Literal["rail"] = "rail"
    units: tuple[str, ...]
    path: tuple[str, ...]
    detrain: bool = False
    off: str | None = None  # 5.37: the hex the units re-enter the map at
    cases: ClassVar[tuple[str, ...]] = ("5.13", "5.14", "5.31", "5.32", "5.33", "5.34",
                                        "5.37", "5.38", "14.23")

    @model_validator(mode="after")
    def _a_path_or_off(self) -> Rail:
        if not self.path and self.off is None:
            raise ValueError("RAIL gives a path, or OFF and a hex (14.23)")
        if self.detrain and self.off is not None:
            raise ValueError("RAIL ends with DETRAIN or OFF, not both")
        return self

    def echo(self) -> str:
        path = f": {_path(self.path)}" if self.path else ""
        off = f" OFF {self.off}" if self.off is not None else ""
        return f"RAIL {_units(self.units)}{path}{' DETRAIN' * self.detrain}{off}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        off = parse_hex(self.off) if self.off is not None else None
        if not self.path:
            return movement.check_rail_reinforcements(ctx, self.units, off)
        return movement.check_rail(ctx, self.units, _hexes(self.path), self.detrain, off)


class Detrain(Order):
    """5.34: entrained units leave the train where they stand."""

    kind: Literal["detrain"] = "detrain"
    units: tuple[str, ...]
    cases: ClassVar[tuple[str, ...]] = ("5.34",)

    def echo(self) -> str:
        return f"DETRAIN {_units(self.units)}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return movement.check_detrain(ctx, self.units)


class Command(Order):
    """10.31, 10.32, 10.36: a HQ's Command Strength allocated to units in its Command
    Radius, for the Movement Phase or the Combat Phase it is given in."""

    kind: Literal["command"] = "command"
    hq: str
    units: tuple[str, ...]
    moments: ClassVar[frozenset[Moment]] = frozenset({"movement", "combat"})
    cases: ClassVar[tuple[str, ...]] = ("10.11", "10.31", "10.32", "10.33", "10.34", "10.36")

    def echo(self) -> str:
        return f"COMMAND {self.hq}: {_units(self.units)}"

    def units_named(self) -> tuple[UnitId, ...]:
        return (self.hq, *self.units)

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return movement.check_command(ctx, self.hq, self.units)


class Withhold(Order):
    """14.24: reinforcements due kept off the map for a later Game-Turn."""

    kind: Literal["withhold"] = "withhold"
    units: tuple[str, ...]
    cases: ClassVar[tuple[str, ...]] = ("14.24",)

    def echo(self) -> str:
        return f"WITHHOLD {_units(self.units)}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return movement.check_withhold(ctx, self.units)


class Replace(Order):
    """13.0: a die for each unit named, to restore its lost Steps."""

    kind: Literal["replace"] = "replace"
    units: tuple[str, ...]
    cases: ClassVar[tuple[str, ...]] = ("13.0",)

    def echo(self) -> str:
        return f"REPLACE {_units(self.units)}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return movement.check_replace(ctx, self.units)


class Follow(Order):
    """12.16: if the Enemy cavalry in the hex withdraws, these units move into it."""

    kind: Literal["follow"] = "follow"
    hex: str
    units: tuple[str, ...]
    moments: ClassVar[frozenset[Moment]] = frozenset({"movement", "withdrawal"})
    cases: ClassVar[tuple[str, ...]] = ("12.16",)

    def echo(self) -> str:
        return f"FOLLOW {self.hex} WITH {_units(self.units)}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return movement.check_follow(ctx, parse_hex(self.hex), self.units)


class Advance(BaseModel):
    """8.7: attacking units that advance into a hex the combat leaves vacant (None: the one
    hex attacked)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    units: tuple[str, ...]
    into: str | None = None

    def echo(self) -> str:
        return f"ADVANCE {_units(self.units)}" + (f" INTO {self.into}" if self.into else "")


class Attack(Order):
    """8.0: the hexes attacked and the units attacking them, with the attacker's choices
    written ahead: the HQ units giving their Attack Shift (10.21: None, no SHIFT clause, is
    ruling G19's default; (), `SHIFT NONE`, is no shift), his affected units and
    the units that lose his Steps if his force is the larger (8.9), and the advance (8.7)."""

    kind: Literal["attack"] = "attack"
    hexes: tuple[str, ...]
    units: tuple[str, ...]
    shift: tuple[str, ...] | None = None
    affected: tuple[str, ...] = ()
    losses: tuple[str, ...] = ()
    advances: tuple[Advance, ...] = ()
    monitor: bool = False  # a game's flotilla attacks too, or alone (Serbia/Galicia 21.0)
    moments: ClassVar[frozenset[Moment]] = frozenset({"combat"})
    cases: ClassVar[tuple[str, ...]] = ("5.36", "8.11", "8.12", "8.14", "8.23", "8.71", "8.9",
                                        "10.11", "10.21", "10.22", "10.24", "10.51")

    def echo(self) -> str:
        force = " ".join([*self.units, *(["MONITOR"] if self.monitor else [])])
        text = f"ATTACK {' '.join(self.hexes)} WITH {force}"
        if self.shift is not None:
            text += f" SHIFT {_units(self.shift) or 'NONE'}"
        for word, units in (("AFFECTED", self.affected),
                            ("LOSSES", self.losses)):
            text += f" {word} {_units(units)}" if units else ""
        return text + "".join(f" {a.echo()}" for a in self.advances)

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units + (self.shift or ())

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        advances = tuple((parse_hex(a.into) if a.into else None, a.units)
                         for a in self.advances)
        return combat.check_attack(ctx, _hexes(self.hexes), self.units, self.shift or (),
                                   (("AFFECTED", self.affected), ("LOSSES", self.losses)),
                                   advances, self.monitor)


class Choice(BaseModel):
    """8.9: the option the defender takes on one combat result."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    result: str
    option: int


class Defend(Order):
    """A standing order for when the hex is attacked (8.9): the option for each result, the
    retreat path (8.62), the affected units if the defending force is the larger, and the units
    that lose its Steps. What it leaves unsaid takes the published default (rulings G8-G10)."""

    kind: Literal["defend"] = "defend"
    hex: str
    options: tuple[Choice, ...] = ()
    retreat: tuple[str, ...] = ()
    affected: tuple[str, ...] = ()
    losses: tuple[str, ...] = ()
    shift: tuple[str, ...] | None = None  # Serbia/Galicia 18.2: None, ruling G41's default
    actor: ClassVar[Actor] = "any"
    moments: ClassVar[frozenset[Moment]] = EVERY_PHASE
    cases: ClassVar[tuple[str, ...]] = ("8.9", "8.61", "8.62", "8.63")

    def echo(self) -> str:
        text = f"DEFEND {self.hex}"
        text += "".join(f" RESULT {c.result} OPTION {c.option}" for c in self.options)
        text += f" RETREAT {_path(self.retreat)}" if self.retreat else ""
        for word, units in (("AFFECTED", self.affected), ("LOSSES", self.losses)):
            text += f" {word} {_units(units)}" if units else ""
        if self.shift is not None:
            text += f" SHIFT {_units(self.shift) or 'NONE'}"
        return text

    def units_named(self) -> tuple[UnitId, ...]:
        return self.affected + self.losses + (self.shift or ())

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return combat.check_defend(ctx, parse_hex(self.hex),
                                   tuple((c.result, c.option) for c in self.options),
                                   _hexes(self.retreat), self.affected, self.losses,
                                   self.shift or ())


class Withdraw(Order):
    """12.1: a standing order to try the cavalry unit's withdrawal before combat, by the path
    written or the default (ruling G15)."""

    kind: Literal["withdraw"] = "withdraw"
    unit: str
    path: tuple[str, ...] = ()
    actor: ClassVar[Actor] = "any"
    moments: ClassVar[frozenset[Moment]] = EVERY_PHASE
    cases: ClassVar[tuple[str, ...]] = ("12.11", "12.12", "12.13")

    def echo(self) -> str:
        return f"WITHDRAW {self.unit}" + (f": {_path(self.path)}" if self.path else "")

    def units_named(self) -> tuple[UnitId, ...]:
        return (self.unit,)

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return combat.check_withdraw(ctx, self.unit, _hexes(self.path))


class Overstack(Order):
    """6.14: the units their owner loses first when a hex of his is over the Stacking limit at
    the end of a Phase; a standing order, kept until he gives another (ruling G88)."""

    kind: Literal["overstack"] = "overstack"
    units: tuple[str, ...]
    actor: ClassVar[Actor] = "any"
    moments: ClassVar[frozenset[Moment]] = EVERY_PHASE
    cases: ClassVar[tuple[str, ...]] = ("6.14",)

    def echo(self) -> str:
        return f"OVERSTACK {_units(self.units)}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return own_units(ctx, self.units, "6.14", on_map=False)


class Displace(Order):
    """10.52: where a HQ of the player's displaces, of the hexes of its nearest Friendly units
    or fortresses, in the order written; a standing order, kept until he gives another for the
    HQ (ruling G88)."""

    kind: Literal["displace"] = "displace"
    hq: str
    hexes: tuple[str, ...]
    actor: ClassVar[Actor] = "any"
    moments: ClassVar[frozenset[Moment]] = EVERY_PHASE
    cases: ClassVar[tuple[str, ...]] = ("10.52",)

    def echo(self) -> str:
        return f"DISPLACE {self.hq} TO {_units(self.hexes)}"

    def units_named(self) -> tuple[UnitId, ...]:
        return (self.hq,)

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        return movement.check_displace(ctx, self.hq, _hexes(self.hexes))


class Deploy(Order):
    """A scenario's deployment: units set up in a hex (of the start line), in the set-up alone
    (gm.games.gwe.setup.orders judges it there); in play it is refused."""

    kind: Literal["deploy"] = "deploy"
    units: tuple[str, ...]
    hex: str
    actor: ClassVar[Actor] = "any"
    moments: ClassVar[frozenset[Moment]] = EVERY_PHASE
    cases: ClassVar[tuple[str, ...]] = ("4.0",)  # no Phase of the Sequence of Play takes it

    def echo(self) -> str:
        return f"DEPLOY {_units(self.units)} {self.hex}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units

    def breaches(self, ctx: Context) -> Iterator[Breach]:
        yield Breach("DEPLOY is a set-up order (the scenario's deployment): the game has begun",
                     "4.0")


AnyOrder = Annotated[
    Move | Rail | Detrain | Command | Withhold | Replace | Follow | Attack | Defend | Withdraw
    | Overstack | Displace | Deploy,
    Field(discriminator="kind"),
]
