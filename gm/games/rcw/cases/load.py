"""Reading a case file into a data set and a game state."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from gm.games import system
from gm.games.case_files import read_case
from gm.games.rcw.data.dataset import LENIN, TROTSKY, GameData
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.data.models import CombatUnit, Leader
from gm.games.rcw.setup.deal import ASSASSIN, auxiliary_forces
from gm.games.rcw.state import (
    NON_RED,
    RED,
    UNASSIGNED,
    ChartSection,
    GameState,
    Pending,
    Solitaire,
    Stack,
)

NATIONALITY_OF_LEADERS = {"red": "RD", "white": "WH"}
STANDARD_STEPS = ("movement", "combat")
# What `expect:` may compare (docs/cases.md): a misspelt key would otherwise check nothing.
EXPECT_KEYS = ("position", "chart", "orders", "randomizer", "pending", "removed", "victory",
               "victory_points", "ranking", "places", "next", "player_turns", "solitaire", "log")
PLAYER_TURN_KEYS = ("turn", "phase", "phasing", "dice_used")  # and EXPECT_KEYS, for each one


class CaseError(system.CaseError):
    """A case file that cannot be run; the message says where and why."""


class CaseUnit(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: int
    kind: Literal["combat", "leader"]
    color: Literal["red", "white", "blue", "green"] | None = None
    nationality: str | None = None
    strength: int | None = None
    value: int | None = None
    name: str | None = None
    home: str
    asterisk: bool = False


class CaseStack(BaseModel):
    model_config = ConfigDict(extra="forbid")
    player: str | None
    units: list[int | str]


# The first Game-Turn whose Red Leader Determination a case's step has still to come to: the
# Red Player-Turn's opening comes after the non-Red Player-Turn (19.2), and a `game-turn`
# step runs the next Game-Turn's (ruling R65).
BEFORE_DETERMINATION = ("targets", "non-red movement", "non-red stacking", "non-red combat",
                        "non-red player-turn", "determination")


def next_determination(step: str, turn: int, after: bool) -> int:
    """The Game-Turn of the next Red Leader Determination to come, before the case's step
    runs or (`after`) once it has run."""
    first = turn if step in BEFORE_DETERMINATION else turn + 1
    if after and step in ("determination", "game-turn"):
        return first + 1
    return first


class CaseSolitaire(Solitaire):
    """What a solitaire case keeps besides the position; `determinations_skipped`, the count of
    Red Leader Determinations still to pass over of the first form of docs/cases-solitaire.md,
    stands for the next ones to come (ruling R67)."""

    determinations_skipped: int | None = None


class CasePlayerTurn(BaseModel):
    """One Player-Turn of a case that plays several (docs/cases-standard.md)."""

    model_config = ConfigDict(extra="forbid")
    orders: dict[str, str] = Field(default_factory=dict)


class CaseFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    case: str
    rules: list[str] = Field(default_factory=list)
    players: list[str]
    turn: int = 1
    mode: Literal["postal", "standard", "solitaire"] = "postal"  # docs/cases-standard.md,
    # docs/cases-solitaire.md
    phase: int = Field(default=1, ge=1, le=6)  # postal: 1 or 2; standard: the Player-Turn
    sequence: list[str] | None = None  # standard: the Player-Turn order (default: players)
    phasing: str | None = None  # standard: the Phasing Player, as a check of sequence/phase
    # standard: where the Player-Turn stands; solitaire: the step of 19.2 the case runs
    step: Literal["movement", "combat", "targets", "non-red movement", "non-red stacking",
                  "non-red combat", "non-red player-turn", "determination", "red player-turn",
                  "end of game-turn", "game-turn"] = "movement"
    skip: list[Literal["random_events", "randomizer", "replacements", "purge", "movement",
                       "stacking", "combat", "determination"]] = Field(default_factory=list)
    solitaire: CaseSolitaire | None = None  # the solitaire game's paths and leader die
    units: list[CaseUnit] = Field(default_factory=list)
    position: dict[str, list[CaseStack]] = Field(default_factory=dict)
    chart: dict[str, ChartSection] = Field(default_factory=dict)
    randomizer: list[str] | None = None
    pending: Pending = Pending()
    dice: list[int] = Field(default_factory=list)
    draws: list[str] = Field(default_factory=list)
    recipients: list[str] = Field(default_factory=list)
    orders: dict[str, str] = Field(default_factory=dict)
    player_turns: list[CasePlayerTurn] | None = None  # standard: several, played in sequence
    expect: dict[str, Any] = Field(default_factory=dict)


def _unit(entry: CaseUnit) -> CombatUnit | Leader:
    source = "adjudication case"
    if entry.kind == "leader":
        color = entry.color or "red"
        return Leader(id=entry.id, kind="leader", nationality=NATIONALITY_OF_LEADERS.get(
            color, "RD"), name=entry.name or f"Leader {entry.id}", value=entry.value or 1,
            home=entry.home, asterisk=entry.asterisk, source=source)
    nationality = entry.nationality or {"red": "RD", "white": "WH"}.get(entry.color or "", "")
    return CombatUnit(id=entry.id, kind="combat", nationality=nationality,
                      strength=entry.strength or 1, home=entry.home, source=source)


def case_data(case: CaseFile, base: GameData) -> GameData:
    """The counter mix with the case's units put in (an id given replaces the counter's)."""
    if not case.units:
        return base
    replaced = {u.id: _unit(u) for u in case.units}
    units = tuple(replaced.pop(u.id, u) for u in base.counters.units) + tuple(replaced.values())
    counters = base.counters.model_copy(update={"units": units})
    return GameData(directory=base.directory, map=base.map, counters=counters)


def case_state(case: CaseFile, data: GameData) -> GameState:
    position = {p: tuple(Stack(player=s.player, units=tuple(
        u.upper() if isinstance(u, str) else u for u in s.units)) for s in stacks)
        for p, stacks in sorted(case.position.items()) if stacks}
    chart = {p: case.chart.get(p, ChartSection()) for p in case.players}
    chart[UNASSIGNED] = case.chart.get(UNASSIGNED, ChartSection())
    randomizer = tuple(sorted(case.randomizer)) if case.randomizer is not None else \
        tuple(c for c in auxiliary_forces(data) if case.mode != "solitaire" or c != ASSASSIN)
    solitaire = case.mode == "solitaire"  # his Red Player-Turn under way (19.2, 27.31)
    return GameState(players=tuple(case.players), stage="play", turn=case.turn,
                     mode=case.mode, phase=2 if solitaire else case.phase,
                     sequence=(NON_RED, RED) if solitaire else tuple(
                         case.sequence or case.players), position=position,
                     chart=chart, auxiliary_randomizer=randomizer,
                     player_turn_randomizer=tuple(sorted(case.players)), pending=case.pending,
                     solitaire=_solitaire(case) or (Solitaire() if case.mode == "solitaire"
                                                  else None))


def _solitaire(case: CaseFile) -> Solitaire | None:
    if case.solitaire is None:
        return None
    kept = case.solitaire.model_dump(exclude={"determinations_skipped"})
    skipped = case.solitaire.determinations_skipped
    if skipped is not None:
        first = next_determination(case.step, case.turn, after=False)
        passed = {*kept["determinations_passed_over"], *range(first, first + skipped)}
        # a death of this Game-Turn that the count no longer holds fell in its non-Red Combat
        # Phase, and passed over its Determination, now behind (24.16 Example 1)
        if first > case.turn and len(set(case.pending.red_leaders_lost_this_turn) &
                                     {LENIN, TROTSKY}) > skipped:
            passed.add(case.turn)
        kept["determinations_passed_over"] = tuple(sorted(passed))
    return Solitaire.model_validate(kept)


def load_case(path: Path, base: GameData | None = None) -> tuple[CaseFile, GameData, GameState]:
    case = read_case(path, CaseFile, CaseError)
    data = case_data(case, base or load_game_data())
    _check_references(path, case, data)
    return case, data, case_state(case, data)


def _check_references(path: Path, case: CaseFile, data: GameData) -> None:
    """Every province, unit and player the case names must exist, each unit once."""
    seen: set[object] = set()

    def unit(value: int | str, where: str) -> None:
        key = value.upper() if isinstance(value, str) else value
        if key not in data.units and key not in ("CZAR", "GOLD"):
            raise CaseError(f"{path}: {where} names an unknown unit {value}")
        if key in seen:
            raise CaseError(f"{path}: unit {value} is listed twice")
        seen.add(key)

    for province, stacks in case.position.items():
        if province not in data.provinces:
            raise CaseError(f"{path}: position names an unknown province {province}")
        for stack in stacks:
            if stack.player is not None and stack.player not in case.players:
                raise CaseError(f"{path}: position.{province}: no player {stack.player}")
            for value in stack.units:
                unit(value, f"position.{province}")
    for name, section in case.chart.items():
        if name not in (*case.players, UNASSIGNED):
            raise CaseError(f"{path}: chart: no player {name}")
        for value in (*section.units, *section.face_down):
            unit(value, f"chart.{name}")
    for orders in [case.orders, *(turn.orders for turn in case.player_turns or [])]:
        for player in orders:
            if player not in case.players:
                raise CaseError(f"{path}: orders of {player}, who is not among the players")
    if case.player_turns is not None and (case.mode != "standard" or case.orders or
                                          not case.player_turns):
        raise CaseError(f"{path}: player_turns, one entry or more, replace `orders` in a "
                        "standard case (docs/cases-standard.md)")
    _check_sequence(path, case)
    _check_expect(path, case.expect)


def _check_expect(path: Path, expect: dict[str, Any]) -> None:
    """Only keys that `expect` compares (docs/cases.md), at the top and in each Player-Turn."""
    unknown = [f"expect.{key}" for key in expect if key not in EXPECT_KEYS]
    turns = expect.get("player_turns") or []
    for number, entry in enumerate(turns if isinstance(turns, list) else [], 1):
        keys = entry if isinstance(entry, dict) else {}
        unknown += [f"expect.player_turns.{number}.{key}" for key in keys
                    if key not in (*EXPECT_KEYS, *PLAYER_TURN_KEYS)]
    if unknown:
        raise CaseError(f"{path}: {unknown[0]} is not a key a case compares (docs/cases.md "
                        f"lists them: {', '.join(EXPECT_KEYS)})")


def _check_sequence(path: Path, case: CaseFile) -> None:
    """The phase a mode has, and in the standard game a sequence of the players whose
    Player-Turn `phase` is the Phasing Player's (docs/cases-standard.md)."""
    if case.mode == "postal":
        if case.phase not in (1, 2) or case.sequence is not None or case.phasing is not None \
                or case.step != "movement":
            raise CaseError(f"{path}: a postal case has phase 1 or 2, and no sequence, "
                            "phasing or step (mode: standard has)")
        return
    if case.mode == "solitaire":
        if sorted(case.players) != [NON_RED, RED] or case.sequence or case.phasing or \
                case.phase != 1 or case.step in STANDARD_STEPS:
            raise CaseError(f"{path}: a solitaire case has players [{NON_RED}, {RED}], no "
                            "phase, sequence or phasing, and a step of "
                            "docs/cases-solitaire.md")
        return
    if case.step not in STANDARD_STEPS:
        raise CaseError(f"{path}: a standard case's step is movement or combat")
    sequence = case.sequence or case.players
    if sorted(sequence) != sorted(case.players):
        raise CaseError(f"{path}: sequence must list each player once")
    if case.phase > len(sequence):
        raise CaseError(f"{path}: phase {case.phase}: there are {len(sequence)} Player-Turns")
    if case.phasing is not None and case.phasing != sequence[case.phase - 1]:
        raise CaseError(f"{path}: phasing {case.phasing}, but Player-Turn {case.phase} is "
                        f"{sequence[case.phase - 1]}'s")
