"""Great War in the East's part of the report model (the core: gm/reporting/model.py): the
Player-Turn's moves, attacks, rolls and reinforcements, the position hex by hex with each
counter's Attack-Defense-Movement at its current Step, the Victory Point Index its game keeps,
and the hex map with the counters (gm/games/gwe/reports/board.py), drawn for HTML and
PNG only; rendered by the core's templates with this package's (templates/)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from gm.engine.facts import Fact
from gm.games.gwe.engine.facts import Attacked, own_fact
from gm.games.gwe.reports.picture import PictureParts
from gm.reporting import model as core

TEMPLATES = Path(__file__).resolve().parent / "templates"  # found before the core's


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)


class Event(core.Event):
    fact: Attacked | None = None  # an attack as fields (gm/games/gwe/engine/facts.py)


def own_event(event: core.Event) -> Event:
    """An event with its fact as this game's kind (one read back from the store is not)."""
    if isinstance(event, Event):
        return event
    fields = dict(event)
    fact: Fact | None = fields.pop("fact")
    return Event(**fields, fact=own_fact(fact))


class SideView(_Frozen):
    code: str  # the counter mix's: "central", "allied"
    name: str
    player: str | None  # who plays it
    colour: str  # its counters' on the map


class UnitView(_Frozen):
    """A unit as the report lists it and the map draws it."""

    id: str
    label: str  # `AH-1-I 4-4-3, 3 of 4 Steps`
    side: str
    type: str
    size: str
    attack: int  # at its current Step (8.52)
    defense: int
    movement: int
    steps_left: int
    steps: int  # printed
    place: str  # "map", "off_map", "pending" (to arrive), "setup" (to set up), "eliminated"
    hex: str | None = None
    entrained: bool = False  # 5.32
    out_of_supply: bool = False  # 9.2
    out_of_command: bool = False  # 10.3


class HexView(_Frozen):
    """A hex holding units: its terrain and place name, and the units in it."""

    hex: str
    terrain: str
    name: str = ""  # a town's, a pass's
    units: list[UnitView]


class SectorView(_Frozen):
    """An army sector of the start line (ruling G29), shown while the sides set up."""

    name: str
    armies: dict[str, str]  # side -> the army whose sector it is, as a unit id writes it
    hexes: list[str]  # in the line's order, north-west to south-east (ruling G29)


class MoveView(_Frozen):
    """A unit that changed hex (or entered or left the map) this Player-Turn."""

    unit: str
    side: str
    start: str | None  # its hex before; None: it arrived (14.0)
    end: str | None  # its hex after; None: it left the map or was eliminated
    rail: bool = False  # it moved by rail (5.3)
    how: str  # "moved", "by rail", "arrived", "retreated or advanced", "eliminated", "left"


class AttackView(_Frozen):
    """One attack of the Combat Phase, numbered as the map marks it."""

    number: int
    player: str
    line: int
    attackers: list[str]
    hexes: list[str]
    origins: list[str]
    attack: int
    defense: int
    odds: str
    shift: int
    die: int
    modifier: int
    result: str  # attacker/defender, after 10.43: `1/2`
    option: int | None
    option_by: str | None  # "order" (the defender's DEFEND) or "default" (ruling G10)
    text: str  # the whole line as the reports write it


class RollView(_Frozen):
    """A die rolled outside combat: supply attrition, Command Control, entrainment, ..."""

    kind: str  # "supply", "command", "entrainment", "replacement", "withdrawal", "other"
    text: str
    rule: str | None = None


class VpHexView(_Frozen):
    hex: str
    name: str
    vp: int
    holder: str | None  # the side that controls it now (25.12), if any


class VictoryView(_Frozen):
    """The Victory Point Index the game keeps (a net total), and the level it would give now."""

    index: int
    level: str
    hexes: list[VpHexView]


class TrackView(_Frozen):
    """One of the game's own tracks (GweState.tracks): its name, points now and case."""

    name: str
    points: int
    rule: str


class ForceView(_Frozen):
    """One of the reader's units on the map, and the hexes it can reach in his next Movement
    Phase with the Movement Points each costs: `g0420 (2)`."""

    unit: str
    hex: str
    reach: list[str]
    # the hexes it reaches only by rail (5.32-5.34), if the entrainment die (Serbia/Galicia
    # 17.11) and the Rail Capacity (5.31) allow: Movement Points spent on foot and entraining
    rail: list[str] = Field(default=[])


class OfferView(_Frozen):
    """An attack the reader's units could make now on an Enemy hex next to them: every unit
    that may take part, the totals and the odds before any HQ's shift (8.4, 10.21)."""

    hex: str
    attackers: list[str]
    attack: int
    defense: int
    odds: str
    line: str  # the ATTACK to write, commented out, with its odds
    note: str = ""  # a halving the position already fixes (10.42 in the Combat Phase)


class GameWords(_Frozen):
    """What the templates cite of the game's own rules (the Exclusive Rules' cases as printed,
    its scenario's set-up), its Standard Rules' wording where the game adds nothing."""

    entrainment: str = ""  # the case of an entrainment die, if the game rolls one
    setup: str = ""  # the case of the scenario's deployments, as printed
    setup_case: str = ""  # and bare, as a unit still to set up cites it
    start_line: str = ""  # how its units set up along the start line
    vp_index: str = ""  # the case of its Victory Point Index
    victory_levels: str = ""  # the case of its levels of victory
    rolls: tuple[tuple[str, str], ...] = ()  # a roll's kind by the case it cites, in order


class PlayerPart(core.PlayerPart):  # the core's, with the reader's side and planning aids
    side: str | None = None
    forces: list[ForceView] = Field(default=[])
    offers: list[OfferView] = Field(default=[])


class Report(core.Report):  # the core's, with this game's part
    templates: ClassVar[Path | None] = TEMPLATES
    shared: ClassVar[tuple[str, ...]] = (
        *core.Report.shared, "sides", "moves", "attacks", "rolls", "reinforcements",
        "position", "waiting", "victory", "tracks", "sectors")
    key_order: ClassVar[tuple[str, ...]] = (
        "schema_version", "kind", "campaign", "title", "next_phase", "deadline", "sides",
        "events", "moves", "attacks", "rolls", "reinforcements", "position", "waiting",
        "victory", "tracks", "sectors", "player", "players", "dice_seed", "dice_salts",
        "next_commitment")
    optional: ClassVar[tuple[str, ...]] = ("tracks",)  # kept by Serbia/Galicia's campaigns
    quit_rule: ClassVar[str] = ""

    events: list[Event]
    player: PlayerPart | None
    sides: list[SideView]
    moves: list[MoveView] = Field(default=[])
    attacks: list[AttackView] = Field(default=[])
    rolls: list[RollView] = Field(default=[])
    reinforcements: list[str] = Field(default=[])  # what arrived, each with its case
    position: list[HexView] = Field(default=[])  # the hexes holding units, by hex
    waiting: list[UnitView] = Field(default=[])  # off the map: to arrive, moving, eliminated
    victory: VictoryView | None = None  # None: a game that keeps no index
    tracks: list[TrackView] = Field(default=[])  # the game's own tracks, if it keeps any
    sectors: list[SectorView] = Field(default=[])  # the start line's, while the sides set up
    words: GameWords = Field(default=GameWords(), exclude=True)  # the templates' citations
    # the hex map (gm/games/gwe/reports/board.py), drawn for HTML and PNG only: its SVG body,
    # size, the windows a phone shows (x, y, width, height)
    board: str | None = Field(default=None, exclude=True)
    board_size: tuple[float, float] = Field(default=(0.0, 0.0), exclude=True)
    windows: list[list[float]] = Field(default=[], exclude=True)
    board_picture: PictureParts | None = Field(default=None, exclude=True)

    def own_picture(self) -> core.Layers | None:
        if self.board_picture is None:
            return None
        from gm.games.gwe.reports.picture import layers  # lazy: the PNG only
        from gm.reporting.render import caption_of  # lazy: as the picture

        return layers(self.board_picture, *self.board_size, f"Map: {self.title}",
                      caption_of(self))
