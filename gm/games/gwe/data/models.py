"""Schema of a Great War in the East data set: the map (map.yaml), the counters
(counters.yaml) and the charts (charts.yaml). Every entry says where it comes from (`source`):
"rulebook 8.4", "reconstructed: ..." or "synthetic: ...", and its `note` may say why
(docs/data-gwe.md)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from gm.games.gwe.data.hexes import HEX_PATTERN

HexId = Annotated[str, Field(pattern=HEX_PATTERN)]
Source = Annotated[str, Field(min_length=1)]
Note = Annotated[str, Field(min_length=1)] | None  # why, for a reconstructed or provisional item
Tcr = Annotated[int, Field(ge=1, le=4)]  # 2.4: 1 (excellent) to 4 (poor)
RulingId = Annotated[str, Field(pattern=r"^G\d+$")]  # docs/rulings-gwe.md
Terrain = Literal["clear", "forest", "broken", "swamp", "rough", "mountain"]  # 5.4
HexsideFeature = Literal["minor_river", "major_river", "ridge", "prohibited", "border"]
UnitType = Literal["infantry", "cavalry", "artillery", "naval_infantry", "depot",
                   "mountain_infantry", "hq"]  # 2.33
UnitSize = Literal["regiment", "brigade", "division", "corps", "army"]  # 2.32; "army": a HQ
CommandLevel = Literal["corps", "army", "front"]  # 10.22: one shift per level


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


# --- the map -----------------------------------------------------------------------------------


class City(_Frozen):
    name: Annotated[str, Field(min_length=1)]
    vp: int | None = None  # the Victory Points printed with its name (Brusilov 25.11)


class Landmark(_Frozen):
    """A named hex that is no town, printed with its Victory Points: a mountain pass, or a hex
    the victory rules name by its number ("Duka Pass (G1825)", "hex G1126"). Unlike a City it
    has no effect on combat (5.4)."""  # the examples: Serbia/Galicia 25.2

    name: Annotated[str, Field(min_length=1)]
    kind: Literal["mountain_pass", "hex"]
    vp: int | None = None


class Fortress(_Frozen):
    """11.0: printed on the map, four Steps (11.13), two Defense Strengths (11.14)."""

    side: str
    defense: Annotated[int, Field(ge=0)]
    weakened_defense: Annotated[int, Field(ge=0)]  # 11.14: after two Steps lost


class HexEntry(_Frozen):
    id: HexId
    terrain: Terrain = "clear"
    country: str | None = None  # whose land (Serbia/Galicia 5.3, Von Hindenburg 16.22)
    city: City | None = None
    landmark: Landmark | None = None
    fortress: Fortress | None = None
    trench: bool = False  # Brusilov 23.11, Caporetto 7.1
    source: Source
    note: Note = None


class Extent(_Frozen):
    """A rectangle of hexes, each clear terrain unless listed (so a map lists only the rest)."""

    map: Annotated[str, Field(pattern=r"^[a-z]?$")] = ""
    columns: tuple[Annotated[int, Field(ge=0, le=99)], Annotated[int, Field(ge=0, le=99)]]
    rows: tuple[Annotated[int, Field(ge=0, le=99)], Annotated[int, Field(ge=0, le=99)]]
    source: Source
    note: Note = None


class MapEdge(_Frozen):
    """A map's East edge (9.0, as a game's Exclusive Rules name it): one row or one column of
    its extent's boundary, as the sheet is drawn (a shipped sheet may be turned, east at the
    top: ruling G26)."""  # Serbia/Galicia 9.0; the Galician sheet

    map: Annotated[str, Field(pattern=r"^[a-z]?$")] = ""
    row: Annotated[int, Field(ge=0, le=99)] | None = None
    column: Annotated[int, Field(ge=0, le=99)] | None = None
    source: Source
    note: Note = None

    @model_validator(mode="after")
    def _one_line(self) -> MapEdge:
        if (self.row is None) == (self.column is None):
            raise ValueError("an edge is one row or one column")
        return self


class HexsideEntry(_Frozen):
    between: tuple[HexId, HexId]
    features: tuple[HexsideFeature, ...]
    source: Source
    note: Note = None


class RailLine(_Frozen):
    """A railroad along contiguous hexes (5.33); its kind for a game's track limits."""

    kind: Literal["single", "double"]
    hexes: Annotated[tuple[HexId, ...], Field(min_length=2)]
    exits_map: bool = False  # its last hex a rail map-exit hex (5.37, 9.13)
    side: str | None = None  # whose Friendly railroad (9.13; Brusilov 18.27: by the start line)
    source: Source
    note: Note = None


class EntryHex(_Frozen):
    """A lettered hex where reinforcements arrive (3.0, 14.0)."""

    letter: Annotated[str, Field(pattern=r"^[A-Z]{1,2}$")]
    hex: HexId
    side: str
    source: Source
    note: Note = None


class StartLine(_Frozen):
    """A printed start line, as a game's Exclusive Rules use it (for Friendly rail, for the
    set-up)."""  # Brusilov 18.27, Serbia/Galicia 26.31

    name: Annotated[str, Field(min_length=1)]
    hexes: Annotated[tuple[HexId, ...], Field(min_length=1)]
    # Serbia/Galicia 26.31's Army boundaries: the army whose sector this is, by side, written
    # as a unit id writes it (`AH-1-I`: "1"; ruling G29)
    armies: dict[str, Annotated[str, Field(min_length=1)]] = {}
    source: Source
    note: Note = None


class OffMapLink(_Frozen):
    """5.37: rail lines linked off the map: an entrained unit leaving by `exit` re-enters at
    `reenter` after `cost` points of Rail Movement (ruling G23)."""

    exit: HexId
    reenter: HexId
    cost: Annotated[int, Field(ge=1)]
    side: str | None = None  # whose Friendly link (None: either side's)
    source: Source
    note: Note = None


class MapFile(_Frozen):
    name: Annotated[str, Field(min_length=1)]
    source: Source
    note: Note = None
    extents: Annotated[tuple[Extent, ...], Field(min_length=1)]
    hexes: tuple[HexEntry, ...] = ()
    hexsides: tuple[HexsideEntry, ...] = ()
    rail_lines: tuple[RailLine, ...] = ()
    entry_hexes: tuple[EntryHex, ...] = ()
    start_lines: tuple[StartLine, ...] = ()
    off_map_links: tuple[OffMapLink, ...] = ()
    east_edges: tuple[MapEdge, ...] = ()  # Serbia/Galicia 9.0; none said: ruling G26's


# --- the counters ------------------------------------------------------------------------------


class Side(_Frozen):
    name: Annotated[str, Field(min_length=1)]
    stacking_limit: Annotated[int, Field(ge=1)]  # 6.0: Stacking Points a hex may hold
    rail_capacity: Annotated[int, Field(ge=0)] = 0  # 5.31: Stacking Points a Movement Phase
    # 5.31 where the Game-Turn Track varies it (Serbia/Galicia 5.3): Game-Turn -> Stacking
    # Points; a Game-Turn not listed takes `rail_capacity`
    rail_capacity_by_turn: dict[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=0)]] = {}
    rail_rate: Annotated[int, Field(ge=0)] = 0  # 5.31: hexes a unit moves by rail
    source: Source
    note: Note = None
    # where `rail_capacity` and `rail_capacity_by_turn` come from, when not from `source` (a
    # Game-Turn Track reconstructed beside a printed stacking limit and rail rate)
    rail_capacity_source: Source | None = None

    def capacity(self, turn: int) -> int:
        """5.31: the Rail Capacity of a Movement Phase of this Game-Turn."""
        return self.rail_capacity_by_turn.get(turn, self.rail_capacity)


class Nationality(_Frozen):
    name: Annotated[str, Field(min_length=1)]
    side: str
    tcr: Tcr  # 2.4: given to each army by the Exclusive Rules
    supply_range: Annotated[int, Field(ge=0)]  # 9.12: hexes, given by the Exclusive Rules
    # whose land its railroads are (a hex's `country`; Serbia/Galicia 5.3: a unit uses only
    # its own country's railroads); None: any
    country: str | None = None
    # its own Rail Capacity and Rate where its game gives them apart from its side's
    # (Serbia/Galicia 5.3: the Serbians' 5 and 14 beside the Russians'); None: the side's
    rail_capacity: Annotated[int, Field(ge=0)] | None = None
    rail_capacity_by_turn: dict[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=0)]] = {}
    rail_rate: Annotated[int, Field(ge=0)] | None = None
    source: Source
    note: Note = None

    def capacity(self, turn: int) -> int | None:
        """Its own Rail Capacity in a Movement Phase of this Game-Turn; None: the side's."""
        return self.rail_capacity_by_turn.get(turn, self.rail_capacity)


class StepValues(_Frozen):
    """A unit's Attack-Defense-Movement at one Step (2.31, 8.5)."""

    attack: Annotated[int, Field(ge=0)]
    defense: Annotated[int, Field(ge=0)]
    movement: Annotated[int, Field(ge=0)]


class HqRating(_Frozen):
    """10.11: a HQ unit's Attack Shift, Command Radius and Command Strength."""

    attack_shift: Annotated[int, Field(ge=0)]
    command_radius: Annotated[int, Field(ge=0)]
    command_strength: Annotated[int, Field(ge=0)] | None  # None: no limit (10.32 optional)
    level: CommandLevel
    heroic: bool = False  # 10.12: "H" beside its Combat Strength
    # its Attack Shift printed in parentheses: given only as its game's Exclusive Rules say
    # (ExclusiveRules.parenthesized_shift), never by 10.21 alone
    parenthesized: bool = False


class Arrival(_Frozen):
    """3.0: a reinforcement's Game-Turn and lettered entry hex."""

    turn: Annotated[int, Field(ge=1)]
    entry: Annotated[str, Field(pattern=r"^[A-Z]{1,2}$")]
    entrained: bool = False  # 14.12


class Unit(_Frozen):
    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9/-]*$")]
    nationality: str
    type: UnitType
    size: UnitSize
    steps: Annotated[tuple[StepValues, ...], Field(min_length=1, max_length=4)]  # full first
    tcr: Tcr | None = None  # where a unit's differs from its army's (Caporetto 2.4)
    stacking_points: Annotated[int, Field(ge=0)] | None = None  # an exception to 6.11
    hq: HqRating | None = None
    setup: HexId | None = None
    arrives: Arrival | None = None
    exception: str | None = None  # the case that allows a size with other steps (8.51, 8.52)
    source: Source
    note: Note = None

    @model_validator(mode="after")
    def _hq_rating_for_hq_alone(self) -> Unit:
        if (self.type == "hq") != (self.hq is not None):
            raise ValueError("a HQ unit, and only a HQ unit, has an `hq` rating (10.11)")
        if self.setup is not None and self.arrives is not None:
            raise ValueError("a unit is set up (3.0) or arrives as a reinforcement, not both")
        return self


class CountersFile(_Frozen):
    source: Source
    note: Note = None
    # The game whose Exclusive Rules (15.0 on) modify the Standard Rules for this counter mix;
    # None: the Standard Rules alone (the synthetic fixtures).
    exclusive_rules: Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")] | None = None
    sides: dict[str, Side]
    nationalities: dict[str, Nationality]
    units: tuple[Unit, ...]


# --- the charts --------------------------------------------------------------------------------

Result = Annotated[str, Field(pattern=r"^([12-])/([123E-])$")]  # 8.54: attacker/defender


class ProvisionalResult(_Frozen):
    """A cell the rulebook text lacks, supplied until the GM writes in his printed table."""

    result: Result
    provisional: RulingId


Cell = Result | ProvisionalResult
Odds = Annotated[str, Field(pattern=r"^\d+-\d+$")]


class CombatTable(_Frozen):
    """One of 8.8's three tables, for the attacker's Tactical Competence Ratings."""

    tcr: Annotated[tuple[Tcr, ...], Field(min_length=1)]
    columns: Annotated[tuple[Odds, ...], Field(min_length=1)]
    rows: dict[Annotated[int, Field(ge=1, le=6)], tuple[Cell, ...]]  # die 1-6
    source: Source


class MovementCost(_Frozen):
    """Movement Points to enter (a hex) or cross (a hexside), by the mover's TCR 1-4 (5.4)."""

    by_tcr: tuple[int, int, int, int] | None  # None: may not enter or cross
    provisional: RulingId | None = None


class CombatEffect(_Frozen):
    """5.4's Effect on Combat: the defender's strength multiplied, the attackers' halved, a
    number added to the die."""

    defense_multiplier: Annotated[int, Field(ge=1)] = 1
    attack_halved: bool = False
    die_modifier: int = 0
    provisional: RulingId | None = None


class TerrainRow(_Frozen):
    movement: MovementCost | None  # None: no cost of its own (a feature in a hex of terrain)
    combat: CombatEffect
    source: Source


class OptionEntry(_Frozen):
    """One option of 8.9: the share of the affected Steps lost, and hexes retreated."""

    lose: Literal["none", "half", "all"]
    retreat: Annotated[int, Field(ge=0, le=2)] = 0


class OptionTable(_Frozen):
    """8.9: what each combat result asks of the attacker and the defender's choices."""

    attacker: dict[Literal["1", "2"], Literal["half", "all"]]
    defender: dict[Literal["1", "2", "3", "E"], tuple[OptionEntry, ...]]
    source: Source


class ChartsFile(_Frozen):
    source: Source
    combat_results: Annotated[tuple[CombatTable, ...], Field(min_length=1)]
    terrain: dict[Terrain, TerrainRow]
    hexsides: dict[HexsideFeature, TerrainRow]
    features: dict[Literal["city", "fortress", "trench"], TerrainRow]
    options: OptionTable
