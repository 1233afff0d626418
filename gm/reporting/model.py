"""The report model's core, the part every game's report shares: its title, Game-Turn and
phase, players, the reader's orders and their results, the events in order with their rule
cases, the dice, and the drawn map. Each game's report extends it with its own part (Russian
Civil War's: gm/games/rcw/reports/model.py) and its own templates. Built once, rendered by
templates that hold no game logic."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializeAsAny,
    SerializerFunctionWrapHandler,
    model_serializer,
)
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from gm.engine.facts import Fact
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
    fact: SerializeAsAny[Fact] | None = None  # what it did, as fields (its game's kind)


class PlayerView(_Frozen):
    letter: str
    name: str
    colour: str  # on the map and in its legend
    in_game: bool
    sent_orders: bool | None = None  # for the phase reported (None: not known)


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
    kind: str  # "combat" (attacks in the area), "from" (where an attack's units stand), or
    # the game's own (drawn as its `glyph` says, else as its text on a disc)
    province: str
    x: float
    y: float
    title: str
    text: str = ""  # the attacks' numbers; an epidemic's "E"
    width: float = 13.0  # as wide as its text (gm/reporting/textwidth.py), 13 at least
    size: float = 10.0  # its text's
    more: bool = False  # it stands for more marks than there was room for (its text ends in
    # "+"; its title says all)
    glyph: str = ""  # how the map draws it, if not by its kind: "cross" (a cross on a disc)


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
    # "combat", "from", "port", or a mark of the game's own
    fill: str
    ink: str
    key: str
    text: str
    tint: str = ""  # a player's areas
    glyph: str = ""  # a mark's, as MapMark's


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


@dataclass(frozen=True)
class Layers:
    """A game's own picture of its map as two SVG documents: `shared`, every reader's of a phase
    alike (rendered once), and `own`, the reader's parts on a small transparent canvas; each of
    `tiles` (x, y, width, height on `own`; x, y on the picture) is pasted over the shared."""

    shared: str
    own: str
    tiles: tuple[tuple[int, int, int, int, int, int], ...]


class Report(_Frozen):
    # what each game's report (a subclass) says of itself, none of it in the JSON:
    templates: ClassVar[Path | None] = None  # the folder of its own templates, if any
    shared: ClassVar[tuple[str, ...]] = (  # the fields of the part every reader's holds alike
        "events", "players", "dice_seed", "dice_salts", "next_commitment")
    key_order: ClassVar[tuple[str, ...]] = ()  # its fields in the JSON's order, if not theirs
    # its fields left out of the JSON while empty: what only some of its games keep
    optional: ClassVar[tuple[str, ...]] = ()
    quit_rule: ClassVar[str] = ""  # the rule case by which a player leaves the game

    schema_version: int = SCHEMA_VERSION
    kind: str  # "phase", "final", or a stage before play
    campaign: str
    title: str
    next_phase: str | None
    deadline: str | None
    events: Sequence[Event]
    player: PlayerPart | None
    map: MapView | None = Field(default=None, exclude=True)  # drawn for HTML and PNG only
    players: list[PlayerView] = []
    dice_seed: str | None = None  # the seed of the phase reported, revealed (docs/dice.md)
    dice_salts: list[str] = []
    next_commitment: str | None = None  # SHA-256 of the next phase's seed

    def own_picture(self) -> Layers | None:
        """A game's own drawing of its map for the picture (the PNG), where it draws none as a
        MapView (Great War in the East's hexes): the layers every reader shares and his own;
        None: `map`'s."""
        return None

    @model_serializer(mode="wrap")
    def _in_order(self, handler: SerializerFunctionWrapHandler) -> Any:
        """The fields in `key_order`: a game's part may stand between the core's fields."""
        fields = handler(self)
        if not isinstance(fields, dict):
            return fields
        fields = {name: value for name, value in fields.items()
                  if value or name not in self.optional}
        if not self.key_order:
            return fields
        return {name: fields[name] for name in self.key_order if name in fields} | fields


class _Fields(GenerateJsonSchema):
    """The model's fields as they are: the order of the JSON's keys is not in its schema."""

    def ser_schema(self, schema: core_schema.SerSchema | core_schema.IncExSeqSerSchema
                   | core_schema.IncExDictSerSchema) -> JsonSchemaValue | None:
        if schema["type"] == "function-wrap":
            return None
        return super().ser_schema(schema)


def report_schema(model: type[Report]) -> dict[str, object]:
    """A game's JSON report's JSON Schema (Russian Civil War's is docs/report.schema.json)."""
    schema = model.model_json_schema(mode="serialization", schema_generator=_Fields)
    if model.key_order and isinstance(required := schema.get("required"), list):
        schema["required"] = sorted(required, key=model.key_order.index)  # as the JSON's
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": f"gamesmaster-report-v{SCHEMA_VERSION}", **schema}
