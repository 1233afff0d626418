"""Typed, immutable orders of the Russian Civil War (docs/orders.md), each with its
source line and column.

`echo()` gives the normal form: parsing it again gives the same order (tests/test_orders_*).
Each kind is checked against the position it is carried out from by the check registered for
it in gm/games/rcw/orders/legality.py, citing the rule case of every refusal.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from gm.core.state import UnitId
from gm.orders import order

# When an order may be given: before the game, the postal First or Second Phase (17.0), or
# a Player-Turn of the standard game (4.2), which takes every order of either postal phase.
Phase = Literal["setup", "first", "second", "player-turn"]


def _units(units: tuple[UnitId, ...]) -> str:
    return " ".join(str(u) for u in units)


class Goods(BaseModel):
    """What a GIVE or TRADE hands over: units (trading session only) or markers."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    units: tuple[UnitId, ...] = ()
    politburo: int = 0
    assassin: int = 0

    def echo(self) -> str:
        if self.units:
            return _units(self.units)
        if self.politburo:
            return f"{self.politburo} POLITBURO"
        return f"{self.assassin} ASSASSIN{'S' if self.assassin > 1 else ''}"


class Order(order.Order):
    """An order of this game: the common order, and the phases it may be given in."""

    # In which phases the order may be given (17.0 [4.2], orders.md).
    phases: ClassVar[frozenset[Phase]] = frozenset({"first", "second"})


class Give(Order):
    kind: Literal["give"] = "give"
    goods: Goods
    to: str
    phases: ClassVar[frozenset[Phase]] = frozenset({"setup", "first", "second"})

    def echo(self) -> str:
        return f"GIVE {self.goods.echo()} TO {self.to}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.goods.units


class Trade(Order):
    kind: Literal["trade"] = "trade"
    goods: Goods
    to: str
    receive: Goods
    phases: ClassVar[frozenset[Phase]] = frozenset({"setup", "first", "second"})

    def echo(self) -> str:
        return f"TRADE {self.goods.echo()} TO {self.to} FOR {self.receive.echo()}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.goods.units + self.receive.units


class StackChange(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    action: Literal["PICKUP", "DROP"]
    units: tuple[UnitId, ...]
    at: str


class Move(Order):
    kind: Literal["move"] = "move"
    rail: bool = False  # 5.5
    force: tuple[UnitId, ...]
    path: tuple[str, ...]
    changes: tuple[StackChange, ...] = ()
    phases: ClassVar[frozenset[Phase]] = frozenset({"first"})

    def echo(self) -> str:
        text = f"{'RAIL' if self.rail else 'MOVE'} {_units(self.force)}: {'-'.join(self.path)}"
        for change in self.changes:
            text += f" {change.action} {_units(change.units)} AT {change.at}"
        return text

    def units_named(self) -> tuple[UnitId, ...]:
        return self.force + tuple(u for c in self.changes for u in c.units)


class Attach(Order):
    kind: Literal["attach"] = "attach"
    units: tuple[UnitId, ...]
    leader: UnitId
    phases: ClassVar[frozenset[Phase]] = frozenset({"first"})

    def echo(self) -> str:
        return f"ATTACH {_units(self.units)} TO {self.leader}"

    def units_named(self) -> tuple[UnitId, ...]:
        return (*self.units, self.leader)


class Detach(Order):
    kind: Literal["detach"] = "detach"
    units: tuple[UnitId, ...]
    leader: UnitId
    phases: ClassVar[frozenset[Phase]] = frozenset({"first"})

    def echo(self) -> str:
        return f"DETACH {_units(self.units)} FROM {self.leader}"

    def units_named(self) -> tuple[UnitId, ...]:
        return (*self.units, self.leader)


class Transfer(Order):
    kind: Literal["transfer"] = "transfer"
    imperial: UnitId
    source: UnitId
    target: UnitId
    phases: ClassVar[frozenset[Phase]] = frozenset({"first"})

    def echo(self) -> str:
        return f"TRANSFER {self.imperial} FROM {self.source} TO {self.target}"

    def units_named(self) -> tuple[UnitId, ...]:
        return (self.imperial, self.source, self.target)


class Emigrate(Order):
    kind: Literal["emigrate"] = "emigrate"
    unit: UnitId
    phases: ClassVar[frozenset[Phase]] = frozenset({"first"})

    def echo(self) -> str:
        return f"EMIGRATE {self.unit}"


class Assassinate(Order):
    kind: Literal["assassinate"] = "assassinate"
    targets: tuple[UnitId, ...]
    markers: int | None  # None: ALL
    phases: ClassVar[frozenset[Phase]] = frozenset({"first"})

    def echo(self) -> str:
        count = "ALL ASSASSINS" if self.markers is None else (
            f"{self.markers} ASSASSIN{'S' if self.markers != 1 else ''}")
        return f"ASSASSINATE {' AND/OR '.join(map(str, self.targets))} WITH {count}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.targets


class Purge(Order):
    kind: Literal["purge"] = "purge"
    target: str
    partners: tuple[str, ...] = ()
    politburo: int | None = None  # markers assigned; None: all the player holds
    split: Literal["equally", "in_order"] | None = None
    split_order: tuple[str, ...] = ()
    prefer: tuple[UnitId, ...] = ()  # leaders, or "POLITBURO"

    def echo(self) -> str:
        text = f"PURGE {self.target}"
        if self.partners:
            text += f" WITH {' '.join(self.partners)}"
        if self.politburo is not None:
            text += f" POLITBURO {self.politburo}"
        if self.split == "equally":
            text += " SPLIT EQUALLY"
        elif self.split == "in_order":
            text += f" SPLIT IN ORDER {' '.join(self.split_order)}"
        if self.prefer:
            text += f" PREFER {_units(self.prefer)}"
        return text

    def units_named(self) -> tuple[UnitId, ...]:
        return tuple(u for u in self.prefer if u != "POLITBURO")

    def turns(self, members: tuple[str, ...]) -> tuple[str, ...]:
        """The division of the spoils as it takes effect (11.23, ruling R20): the order in
        which the participants take their shares. SPLIT IN ORDER's participants as written,
        each once, then those it leaves out alphabetically; SPLIT EQUALLY, or no SPLIT at
        all, alphabetically. Two orders divide alike when their turns are the same."""
        everyone = sorted(set(members))
        written = [m for m in dict.fromkeys(self.split_order) if m in everyone] \
            if self.split == "in_order" else []
        return (*written, *(m for m in everyone if m not in written))


class IfPurged(Order):
    kind: Literal["if_purged"] = "if_purged"
    counterpurge: str | None  # None: DO NOT COUNTERPURGE

    def echo(self) -> str:
        if self.counterpurge is None:
            return "IF PURGED DO NOT COUNTERPURGE"
        return f"IF PURGED COUNTERPURGE {self.counterpurge}"


class ExecuteCzar(Order):
    kind: Literal["execute"] = "execute"

    def echo(self) -> str:
        return "EXECUTE CZAR"


class IfExecution(Order):
    kind: Literal["if_execution"] = "if_execution"
    comply: bool

    def echo(self) -> str:
        return f"IF EXECUTION ORDERED {'COMPLY' if self.comply else 'REFUSE'}"


class Steal(Order):
    kind: Literal["steal"] = "steal"
    unit: UnitId
    leader: UnitId

    def echo(self) -> str:
        return f"STEAL {self.unit} WITH {self.leader}"

    def units_named(self) -> tuple[UnitId, ...]:
        return (self.unit, self.leader)


class Quit(Order):
    kind: Literal["quit"] = "quit"

    def echo(self) -> str:
        return "QUIT"


class Attack(Order):
    kind: Literal["attack"] = "attack"
    subversive: bool = False  # SUBVERT: 8.3
    target: tuple[UnitId, ...]
    forces: tuple[tuple[UnitId, ...], ...]
    phases: ClassVar[frozenset[Phase]] = frozenset({"second"})

    def echo(self) -> str:
        forces = ", ".join(_units(f) for f in self.forces)
        return f"{'SUBVERT' if self.subversive else 'ATTACK'} {_units(self.target)} WITH {forces}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.target + tuple(u for f in self.forces for u in f)


class Losses(Order):
    kind: Literal["losses"] = "losses"
    units: tuple[UnitId, ...]
    phases: ClassVar[frozenset[Phase]] = frozenset({"second"})

    def echo(self) -> str:
        return f"LOSSES {_units(self.units)}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units


class EndGame(Order):
    kind: Literal["end_game"] = "end_game"
    phases: ClassVar[frozenset[Phase]] = frozenset({"second"})

    def echo(self) -> str:
        return "END GAME"


class Deploy(Order):
    kind: Literal["deploy"] = "deploy"
    units: tuple[UnitId, ...]
    province: str
    # before the game (15.5); in the solitaire game also in the Red Player-Turn (24.11)
    phases: ClassVar[frozenset[Phase]] = frozenset({"setup"})

    def echo(self) -> str:
        return f"DEPLOY {_units(self.units)} IN {self.province}"

    def units_named(self) -> tuple[UnitId, ...]:
        return self.units


AnyOrder = Annotated[
    Give | Trade | Move | Attach | Detach | Transfer | Emigrate | Assassinate | Purge | IfPurged
    | ExecuteCzar | IfExecution | Steal | Quit | Attack | Losses | EndGame | Deploy,
    Field(discriminator="kind"),
]
