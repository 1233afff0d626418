"""Reading a Great War in the East case file (docs/cases-gwe.md) into its data set, state,
sides and the rest of what its Phase is run with."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gm.core.errors import GameError
from gm.core.state import PLAY
from gm.games import system
from gm.games.case_files import read_case
from gm.games.gwe.data.checks import check_data_set
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import HexError, parse_hex
from gm.games.gwe.data.models import Unit
from gm.games.gwe.data.reading import read_data_set
from gm.games.gwe.engine.phase import Sides
from gm.games.gwe.rules.exclusive import Games, bind, exclusive_rules
from gm.games.gwe.rules.game_values import Replacement
from gm.games.gwe.state import GAME, GweState, UnitState, state_problems

ROOT = Path(__file__).resolve().parents[4]
DEFAULT_DATA = ROOT / "fixtures" / "gwe"
# What `expect:` may compare (docs/cases-gwe.md): a misspelt key would otherwise check nothing.
EXPECT_KEYS = ("units", "position", "eliminated", "fortresses", "orders", "log", "dice_used",
               "vp", "setup", "victory", "tracks")


class CaseError(system.CaseError):
    """A case file that cannot be run; the message says where and why."""


class CaseReplacement(BaseModel):
    model_config = ConfigDict(extra="forbid")
    succeeds_on: list[int]
    enemy_distance: int = Field(ge=0)
    fought: list[str] = Field(default_factory=list)


class LaterPhase(BaseModel):
    """A later Phase a case plays after its first (docs/cases-gwe.md, `then:`): its Game-Turn
    (the one before it by default) and Phase, and the players' messages for it."""

    model_config = ConfigDict(extra="forbid")
    turn: int | None = Field(default=None, ge=1)
    phase: int = Field(ge=1, le=6)
    orders: dict[str, str] = Field(default_factory=dict)


class CaseFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["gwe"]
    case: str
    rules: list[str] = Field(default_factory=list)
    data: str | None = None  # the data set's folder, from the case file's own
    counters: list[dict[str, Any]] = Field(default_factory=list)  # added to the data set
    exclusive: str | None = None  # the game whose Exclusive Rules the case plays by
    options: list[str] = Field(default_factory=list)  # its optional rules played, by case
    scenario: str | None = None  # the game's scenario (its end, its set-up); None: the first
    players: dict[str, str]  # player letter -> side
    first: str | None = None  # the side phasing first in a Game-Turn (default: A's)
    turn: int = Field(default=1, ge=1)
    phase: int = Field(default=1, ge=1, le=6)
    # A stage of a scenario rather than a Phase: a side's set-up checked and its attrition
    # rolled, or the Game-Turn Record Interphase (4.0 C), as the case's game has them.
    stage: Literal["phase", "setup", "interphase"] = "phase"
    side: str | None = None  # whose set-up a `setup` case checks
    vp: int | None = None  # the Victory Point Index before, where the game keeps one
    tracks: dict[str, int] = Field(default_factory=dict)  # a game's own tracks before
    units: dict[str, str | dict[str, Any]] = Field(default_factory=dict)
    fortresses: dict[str, int] = Field(default_factory=dict)  # hex -> fortress Steps lost
    last_occupied: dict[str, str] = Field(default_factory=dict)  # hex -> side (5.33, 9.15)
    rail_moved: list[str] = Field(default_factory=list)  # 5.34: moved by rail this Player-Turn
    retreated: dict[str, str] = Field(default_factory=dict)  # 8.66: unit -> the hex
    replacement: CaseReplacement | None = None  # 13.0's numbers, the Exclusive Rules'
    dice: list[int] = Field(default_factory=list)
    orders: dict[str, str] = Field(default_factory=dict)
    then: list[LaterPhase] = Field(default_factory=list)  # later Phases played in turn
    expect: dict[str, Any] = Field(default_factory=dict)


def _data(path: Path, case: CaseFile, games: Games) -> GweData:
    folder = (path.parent / case.data).resolve() if case.data else DEFAULT_DATA
    data, problems = read_data_set(folder, lined=False)
    if data is None:
        raise CaseError(f"{path}: data {folder}: {problems[0]}")
    if case.counters:
        try:
            added = {u.id: u for u in (Unit.model_validate({"source": "adjudication case", **c})
                                       for c in case.counters)}
        except ValidationError as exc:
            raise CaseError(f"{path}: counters: {exc.errors()[0]['msg']}") from None
        units = tuple(added.pop(u.id, u) for u in data.counters.units) + tuple(added.values())
        data = dataclasses.replace(data, counters=data.counters.model_copy(
            update={"units": units}))
        problems = check_data_set(data)
        if problems:
            raise CaseError(f"{path}: counters: {problems[0]}")
    if case.exclusive is not None:
        if case.exclusive not in games:
            raise CaseError(f"{path}: exclusive: {case.exclusive!r} is not a game the program "
                            f"plays ({', '.join(sorted(games))})")
        data = dataclasses.replace(data, counters=data.counters.model_copy(
            update={"exclusive_rules": case.exclusive}))
    try:
        data = bind(data, games)
    except GameError as exc:
        raise CaseError(f"{path}: data {folder}: {exc}") from None
    game = exclusive_rules(data)
    unknown = sorted(set(case.options) - set(game.options))
    if unknown:
        raise CaseError(f"{path}: options: {', '.join(unknown)}: not an optional rule of "
                        f"{game.title} (it has {', '.join(game.options) or 'none'})")
    if case.options:
        data = dataclasses.replace(data, options=frozenset(case.options))
    if case.scenario is not None and case.scenario not in {s.name for s in game.scenarios}:
        raise CaseError(f"{path}: scenario: {case.scenario!r} is not one of {game.title}'s "
                        f"({', '.join(s.name for s in game.scenarios) or 'none'})")
    return data


def _unit(entry: str | dict[str, Any]) -> UnitState:
    """`"0405"`, a place word, or the fields of the unit's state (docs/cases-gwe.md)."""
    if isinstance(entry, str):
        if entry in ("pending", "eliminated"):
            return UnitState(place=entry)
        return UnitState(place="map", hex=str(parse_hex(entry)))
    fields = dict(entry)
    if "hex" in fields:
        fields["hex"] = str(parse_hex(str(fields["hex"])))
        fields.setdefault("place", "map")
    return UnitState.model_validate(fields)


def case_state(path: Path, case: CaseFile, data: GweData) -> GweState:
    """The units listed where the case puts them; a reinforcement not listed waits for its
    Game-Turn (14.0), every other unit of the data set is out of this case (eliminated)."""
    units: dict[str, UnitState] = {}
    for unit_id, entry in case.units.items():
        if unit_id not in data.units:
            raise CaseError(f"{path}: units: {unit_id} is not a unit of the data set")
        try:
            units[unit_id] = _unit(entry)
        except (ValueError, HexError) as exc:
            raise CaseError(f"{path}: units: {unit_id}: {exc}") from None
    for unit in data.counters.units:
        units.setdefault(unit.id, UnitState(place="pending" if unit.arrives else "eliminated"))
    try:
        fortresses = {str(parse_hex(h)): lost for h, lost in case.fortresses.items()}
        occupied = {str(parse_hex(h)): side for h, side in case.last_occupied.items()}
        state = GweState(game=GAME, players=tuple(sorted(case.players)), stage=PLAY,
                         turn=case.turn, phase=case.phase, units=units, vp=case.vp,
                         tracks=case.tracks,
                         scenario=case.scenario,
                         fortress_steps_lost=fortresses, last_occupied=occupied,
                         rail_moved=frozenset(case.rail_moved),
                         retreated={u: str(parse_hex(h)) for u, h in case.retreated.items()})
    except (ValueError, HexError) as exc:
        raise CaseError(f"{path}: {exc}") from None
    problems = state_problems(state, data)
    if problems:
        raise CaseError(f"{path}: {problems[0]}")
    return state


def case_sides(path: Path, case: CaseFile, data: GweData) -> Sides:
    for player, side in case.players.items():
        if side not in data.counters.sides:
            raise CaseError(f"{path}: players: {player} plays {side}, not a side of the data "
                            f"set ({', '.join(data.counters.sides)})")
    if sorted(case.players.values()) != sorted(data.counters.sides):
        raise CaseError(f"{path}: players: one player for each side of the data set")
    first = case.first or exclusive_rules(data).first_side or \
        case.players[sorted(case.players)[0]]
    if first not in data.counters.sides:
        raise CaseError(f"{path}: first: {first} is not a side of the data set")
    return Sides(dict(case.players), first)


def later_phases(case: CaseFile) -> list[tuple[int, int, dict[str, str]]]:
    """Each later Phase of the case: Game-Turn, Phase, messages."""
    turn, found = case.turn, []
    for later in case.then:
        turn = later.turn or turn
        found.append((turn, later.phase, later.orders))
    return found


def _check_later(path: Path, case: CaseFile) -> None:
    """`then:` only after a Phase, each later than the one before it."""
    if case.then and case.stage != "phase":
        raise CaseError(f"{path}: then: a {case.stage} case plays no later Phases")
    before = (case.turn, case.phase)
    for number, (turn, phase, _) in enumerate(later_phases(case), 1):
        if (turn, phase) <= before:
            raise CaseError(f"{path}: then: Phase {number} (Game-Turn {turn}, Phase {phase}) "
                            f"does not come after Game-Turn {before[0]}, Phase {before[1]}")
        before = (turn, phase)


def replacement(case: CaseFile) -> Replacement | None:
    given = case.replacement
    return None if given is None else Replacement(tuple(given.succeeds_on),
                                                  given.enemy_distance,
                                                  frozenset(given.fought), own_bars=False)


def load_case(path: Path, games: Games) -> tuple[CaseFile, GweData, GweState, Sides]:
    """The case file read and checked, its data set bound to the game it plays (one of
    `games`), its state and its sides."""
    case = read_case(path, CaseFile, CaseError)
    _check_later(path, case)
    unknown = sorted(set(case.expect) - set(EXPECT_KEYS))
    if unknown:
        raise CaseError(f"{path}: expect: unknown key(s) {', '.join(unknown)} (expected "
                        f"{', '.join(EXPECT_KEYS)})")
    data = _data(path, case, games)
    return case, data, case_state(path, case, data), case_sides(path, case, data)
