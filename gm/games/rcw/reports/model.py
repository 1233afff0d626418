"""Russian Civil War's part of the report model (the core: gm/reporting/model.py): the position
by region and province, the Victory Point Chart and its markers, the points, the hands before
play, the map as a graph, and the reader's forces (the routes, attacks and subversions open to
them) and markers; rendered by the core's templates with this package's (templates/)."""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from gm.engine.ranking import Place, placed
from gm.games.rcw.engine.facts import RcwFact, own_fact
from gm.reporting import model as core


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)


TEMPLATES = Path(__file__).resolve().parent / "templates"  # found before the core's


class Event(core.Event):
    """One thing that happened, in the order it happened."""

    fact: RcwFact | None = None  # what it did, as fields: path, strengths, dice, losses


def own_event(event: core.Event) -> Event:
    """An event with its fact as this game's kind (one read back from the store is not)."""
    if isinstance(event, Event):
        return event
    fields = dict(event)
    fact = fields.pop("fact")
    return Event(**fields, fact=None if fact is None else own_fact(fact))


class UnitView(_Frozen):
    """A unit as other programs want it: its identity, what it is, and its numbers."""

    id: int | str
    label: str  # as the text report writes it: `152 Trotsky (3)`
    name: str
    kind: str  # "leader", "combat", "imperial"
    color: str | None  # None: an Imperial unit, which takes its holder's colour
    strength: int | None = None  # a combat unit's Strength Points
    value: int | None = None  # a leader's Leadership Value
    controller: str | None = None  # the player whose stack it is in, or whose chart


class StackView(_Frozen):
    player: str | None
    color: str
    strength: int
    units: list[UnitView]


class ProvinceView(_Frozen):
    code: str
    name: str
    stacks: list[StackView]


class RegionView(_Frozen):
    name: str
    provinces: list[ProvinceView]


class ChartView(_Frozen):
    name: str
    held: dict[str, int]  # the markers a player holds, by kind, in the game's order
    markers: list[str]
    units: list[UnitView]
    face_down: list[UnitView]


class RouteView(_Frozen):
    """A province a stack can end its move in this phase, and the shortest path there that
    the rules allow."""

    to: str
    path: list[str]  # from the stack's province to `to`, both included
    rail: bool  # by rail (5.5); else overland, one Movement Point a province entered

    @property
    def entered(self) -> int:
        """The provinces entered on the way, `to` included."""
        return len(self.path) - 1

    @cached_property
    def way(self) -> str:
        """The path as the reports write it after its start: `RYAZ-TULA-KALU`."""
        return "-".join(self.path[1:])


class TargetView(_Frozen):
    """A stack one of the reader's stacks can attack (8.2) or subvert (8.3) alone, and the odds
    that attack would have now."""

    target: str  # the stack attacked, by its top unit: `201 Denikin (3)`
    province: str
    subversive: bool
    attack: int  # Strength Points, 12.12's doubling counted
    defense: int
    odds: str  # the Combat Results Table's column (8.0, 8.47, 8.48): `3:1`
    doubled: bool = False  # Red units doubled in this Subversive Attack (12.12)


class ForceView(_Frozen):
    """One of the reader's stacks, and what it can do this phase."""

    province: str
    name: str
    strength: int
    units: list[UnitView]
    neighbours: list[str]  # `NOVG (rail)`, `FINL (rail, port)`
    port: bool
    limits: list[str]  # special crossings from here and what they allow
    reach: list[str]  # provinces it can end a move in this phase
    rail_reach: list[str]  # by rail only, beyond `reach`
    attack: list[str]  # stacks it can attack (8.2), with the odds: `201 ... in TVER: 3:1 (13 to 4)`
    subvert: list[str]  # Blue stacks it can subvert (8.3), with the odds
    routes: list[RouteView] = []  # every province in `reach` and `rail_reach`, nearest first
    targets: list[TargetView] = []  # `attack` and `subvert` as fields


class HeldView(_Frozen):
    kind: str
    count: int
    allows: str


class PointItem(_Frozen):
    """One item of a player's Victory Points (14.4)."""

    what: str
    points: int
    rule: str


class GraphProvince(_Frozen):
    """The map as a graph, enough for another program to draw it."""

    code: str
    name: str
    region: str
    lat: float
    lon: float
    adjacent: list[str]
    rail: list[str]
    port: bool




class PlayerPart(core.PlayerPart):  # the core's, with the reader's forces and markers
    forces: list[ForceView] = Field(default=[])
    held: list[HeldView] = Field(default=[])


class Report(core.Report):  # the core's, with this game's part
    templates: ClassVar[Path | None] = TEMPLATES
    shared: ClassVar[tuple[str, ...]] = (
        *core.Report.shared, "hands", "regions", "chart", "standings", "ranking", "places",
        "victory", "final_points")
    key_order: ClassVar[tuple[str, ...]] = (
        "schema_version", "kind", "campaign", "title", "next_phase", "deadline", "events",
        "regions", "chart", "standings", "ranking", "places", "victory", "player", "hands",
        "map", "players", "sequence", "final_points", "graph", "dice_seed", "dice_salts",
        "next_commitment")
    quit_rule: ClassVar[str] = "14.2"

    events: list[Event]
    player: PlayerPart | None
    regions: list[RegionView]
    chart: list[ChartView]
    standings: dict[str, dict[str, int]]  # colour -> player -> points if the game ended now
    ranking: list[tuple[str, int]]  # the final ranking, when the game has ended: best first,
    # equal points in player-letter order
    places: dict[str, int] = Field(default={})  # the final ranking's places: equal points
    # share one (1, 1, 3)
    victory: str | None
    hands: dict[str, list[str]]  # before the game: the Initial Forces and the trades (15.3)
    sequence: list[str] = Field(default=[])  # the Player-Turn order of the Game-Turn (4.2)
    final_points: dict[str, list[PointItem]] = Field(default={})  # when the game has ended:
    # item by item
    graph: list[GraphProvince] = Field(default=[])

    def final_places(self) -> list[Place]:
        """The final ranking with its places, as every report shows it: a shared place is
        tied."""
        return placed(self.ranking)
