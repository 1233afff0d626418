"""The report model. Built once, rendered by templates that hold no game logic."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pydantic import BaseModel, ConfigDict, Field

from gm.engine.facts import Fact
from gm.engine.ranking import Place, placed
from gm.engine.results import Outcome
from gm.reporting.textwidth import wrap_to


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)


class Event(_Frozen):
    """One thing that happened, in the order it happened."""

    step: str  # trades, movement, combat, purge, random events, ...
    text: str
    rule: str | None = None
    player: str | None = None
    line: int | None = None
    result: Outcome | None = None
    order: str | None = None  # the order as understood, for results of orders
    detail: str | None = None
    fact: Fact | None = None  # what it did, as fields: path, strengths, dice, losses


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


class PlayerView(_Frozen):
    letter: str
    name: str
    colour: str  # on the map and in its legend
    in_game: bool
    sent_orders: bool | None = None  # for the phase reported (None: not known)


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


class OrderView(_Frozen):
    line: int
    text: str
    result: Outcome
    rule: str | None
    detail: str


class PlayerPart(_Frozen):
    letter: str
    orders: list[OrderView]
    template: list[str]  # the next phase's orders, ready to edit
    forces: list[ForceView] = []
    held: list[HeldView] = []


class MapArea(_Frozen):
    code: str
    path: str  # SVG path data
    fill: str
    holder: str  # the player whose stacks alone are there, "contested", or "" (nobody's)
    label: tuple[float, float]
    title: str


class MapMarker(_Frozen):
    """A stack as a counter: the side's colour, a band of the controlling player's colour
    with his letter, and the stack's strength; or, where its province has no room for each
    stack's own, several stacks as one ("group": one player's; "province": all there)."""

    province: str
    x: float  # the marker's centre
    y: float
    fill: str
    ink: str  # text colour on `fill`
    band: str
    band_ink: str
    letter: str
    text: str
    title: str
    kind: str = "stack"  # "stack", "group", "province"
    owners: list[str] = []  # the players whose stacks it shows (outlined in their picture)


class MapLine(_Frozen):
    x1: float
    y1: float
    x2: float
    y2: float
    title: str = ""


class MapArrow(_Frozen):
    player: str
    stroke: str
    points: list[tuple[float, float]]  # from the area it left, by the borders it crossed,
    # to just inside the area it ended in (or its centre, over water)
    title: str


class MapCombat(_Frozen):
    """One attack, for the key beside the map: its number is written in its province."""

    number: int
    player: str  # the attacker
    province: str
    stroke: str
    text: str  # the key's line: where, who, strengths, odds, die, result
    title: str


class MapMark(_Frozen):
    kind: str  # "combat" (attacks in the province), "from" (a subversive attack's units
    # stand here), "assassination", "epidemic"
    province: str
    x: float
    y: float
    title: str
    text: str = ""  # the attacks' numbers; an epidemic's "E"
    width: float = 13.0  # as wide as its text (gm/reporting/textwidth.py), 13 at least
    size: float = 10.0  # its text's
    more: bool = False  # it stands for more marks than there was room for (its text ends in
    # "+"; its title says all)


class MapLabel(_Frozen):
    text: str
    x: float
    y: float


class MapWindow(_Frozen):
    """A part of the map drawn large on a phone: a region (or part of one) of the data set."""

    name: str
    box: tuple[float, float, float, float]  # x, y, width, height
    players: list[str]  # whose stacks are in it: the reader's own are shown first, open


class LegendEntry(_Frozen):
    kind: str  # "player", "area", "counter", "group", "own", "rail", "crossing", "move",
    # "combat", "from", "assassination", "epidemic", "port"
    fill: str
    ink: str
    key: str
    text: str
    tint: str = ""  # a player's areas


class MapView(_Frozen):
    """The drawn map: geometry and colours decided, the template only writes them out."""

    width: int
    height: int
    land: list[str]
    areas: list[MapArea]
    rails: list[MapLine]
    crossings: list[MapLine]
    ports: list[MapLabel]
    seas: list[MapLabel]
    markers: list[MapMarker]
    arrows: list[MapArrow]
    combats: list[MapCombat]
    marks: list[MapMark]
    legend: list[LegendEntry]
    windows: list[MapWindow] = []
    shades: dict[str, str] = {}  # an area's fill in the dark scheme, by its holder

    @property
    def caption(self) -> int:
        """The height of the caption band above the map, in its picture (PNG, SVG file)."""
        return 30

    @property
    def footer(self) -> int:
        """The height under the map, in its picture: the legend, and the key of this phase's
        attacks."""
        return self.under.height

    @cached_property
    def under(self) -> Footer:
        """The legend and the key under the map in its picture, laid out: each entry's words
        wrapped to its column as drawn (gm/reporting/textwidth.py), so none runs into the
        next."""
        return footer_of(self.legend, self.combats)


LEGEND_COLUMNS, LEGEND_WIDTH, LEGEND_TEXT = 3, 400, 38  # px; an entry's words after its swatch
KEY_COLUMNS, KEY_WIDTH = 2, 595
LINE = 13  # px between two lines of one entry (11 px text)


@dataclass(frozen=True)
class Placed:
    """An entry of the legend or the key: where it is drawn, its words line by line."""

    x: float
    y: float
    lines: list[str]
    entry: LegendEntry | None = None
    combat: MapCombat | None = None


@dataclass(frozen=True)
class Footer:
    legend: list[Placed]
    key_top: float  # where the key of the attacks begins
    key: list[Placed]
    height: int


def footer_of(legend: list[LegendEntry], combats: list[MapCombat]) -> Footer:
    """The legend in LEGEND_COLUMNS columns, in order down each, as even as can be (an entry
    of two lines is taller); the key of the attacks under it, two to a row."""
    wrapped = [wrap_to(e.text, LEGEND_WIDTH - LEGEND_TEXT - 12, 11) for e in legend]
    tall = [19 + LINE * (len(lines) - 1) for lines in wrapped]
    for cap in sorted({sum(tall[i:j]) for i in range(len(tall))
                       for j in range(i + 1, len(tall) + 1)}):
        columns: list[list[int]] = [[]]
        for index, each in enumerate(tall):
            if columns[-1] and sum(tall[i] for i in columns[-1]) + each > cap:
                columns.append([])
            columns[-1].append(index)
        if len(columns) <= LEGEND_COLUMNS:
            break
    else:
        columns = [list(range(len(tall)))]
    placed = []
    for column, indices in enumerate(columns if legend else []):
        y = 30.0
        for index in indices:
            placed.append(Placed(x=10 + column * LEGEND_WIDTH, y=y, lines=wrapped[index],
                                 entry=legend[index]))
            y += tall[index]
    bottom = max((p.y + 19 + LINE * (len(p.lines) - 1) for p in placed), default=30.0)
    top = bottom + 4
    key = []
    y = top + 32
    for row in range(0, len(combats), KEY_COLUMNS):
        lines = [wrap_to(f"{c.number}. {c.text}", KEY_WIDTH - 10, 11)
                 for c in combats[row:row + KEY_COLUMNS]]
        for column, (combat, text) in enumerate(zip(combats[row:row + KEY_COLUMNS], lines,
                                                    strict=False)):
            key.append(Placed(x=10 + column * KEY_WIDTH, y=y, lines=text, combat=combat))
        y += 17 + LINE * (max(len(t) for t in lines) - 1)
    height = bottom + 4 + (y - top - 2 if combats else 0.0)
    return Footer(legend=placed, key_top=top, key=key, height=round(height))


SCHEMA_VERSION = 5  # of the JSON report (docs/report.schema.json); 1 had no number; 3 adds
# places; 4 adds each force's routes and targets (with their odds); 5 lists an order's result
# words, `stands` new among them (an order kept for later Player-Turns, ruling R58)


class Report(_Frozen):
    schema_version: int = SCHEMA_VERSION
    kind: str  # "phase", "deal", "trading", "final"
    campaign: str
    title: str
    next_phase: str | None
    deadline: str | None
    events: list[Event]
    regions: list[RegionView]
    chart: list[ChartView]
    standings: dict[str, dict[str, int]]  # colour -> player -> points if the game ended now
    ranking: list[tuple[str, int]]  # the final ranking, when the game has ended: best first,
    # equal points in player-letter order
    places: dict[str, int] = {}  # the final ranking's places: equal points share one (1, 1, 3)
    victory: str | None
    player: PlayerPart | None
    hands: dict[str, list[str]]  # before the game: the Initial Forces and the trades (15.3)
    map: MapView | None = Field(default=None, exclude=True)  # drawn for HTML and PNG only
    players: list[PlayerView] = []
    sequence: list[str] = []  # the Player-Turn order of the Game-Turn (4.2)
    final_points: dict[str, list[PointItem]] = {}  # when the game has ended: item by item
    graph: list[GraphProvince] = []
    dice_seed: str | None = None  # the seed of the phase reported, revealed (docs/dice.md)
    dice_salts: list[str] = []
    next_commitment: str | None = None  # SHA-256 of the next phase's seed

    def final_places(self) -> list[Place]:
        """The final ranking with its places, as every report shows it: a shared place is
        tied."""
        return placed(self.ranking)


def report_schema() -> dict[str, object]:
    """The JSON report's JSON Schema, as published in docs/report.schema.json."""
    schema = Report.model_json_schema(mode="serialization")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"gamesmaster-report-v{SCHEMA_VERSION}", **schema}
