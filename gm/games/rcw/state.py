"""The game state: an immutable snapshot of the position, the chart and everything pending.

Functions that change the game take a state and return a new one (`model_copy(update=...)`);
nothing mutates a state in place. `to_json` and `from_json` round-trip exactly.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

UnitId = int | str  # counters by number; "CZAR" and "GOLD"
UNASSIGNED = "unassigned"  # the chart section of units no player earned (8.46, 12.11)

Stage = Literal["trading", "deployment", "play", "ended"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Stack(_Frozen):
    """Units in one stack, top to bottom (7.21), under one player's control marker or none."""

    player: str | None
    units: tuple[UnitId, ...]


class ChartSection(_Frozen):
    """A section of the Victory Point Chart (14.5) and the markers kept on it (15.34, 12.13)."""

    politburo: int = 0
    assassin: int = 0
    units: tuple[UnitId, ...] = ()  # face up: eliminated (8.45, 10.21, 12.11), executed Czar
    face_down: tuple[UnitId, ...] = ()  # removed for Victory Points (14.45, 14.46)
    markers: tuple[str, ...] = ()  # Blue and Green control markers: "CTRL:FR"


class Hand(_Frozen):
    """What a player was dealt and traded before the markers go to the chart (15.31-15.34)."""

    units: tuple[int, ...] = ()
    politburo: int = 0
    assassin: int = 0


class DeployOrder(_Frozen):
    """A player's chosen stack for the Initial Deployment (15.5, 15.54), top to bottom."""

    player: str
    province: str
    units: tuple[UnitId, ...]


class Pending(_Frozen):
    subversive_doubled: bool = False  # 12.12, postal 12.0: applies to the next Second Phase
    red_replacements_suspended: int = 0  # Replacement Phases left without Red replacements (9.14)
    permanently_eliminated: tuple[int, ...] = ()  # assassinated leaders (10.21)
    quit_players: tuple[str, ...] = ()  # 14.2
    purged_this_turn: tuple[str, ...] = ()  # players who took part in a Purge (11.13)
    red_leaders_lost_this_turn: tuple[int, ...] = ()  # Lenin, Trotsky killed this turn (9.14)
    czar_execution_ordered: bool = False  # 13.5 postal: awaiting the holder's answer


class GameState(_Frozen):
    game: Literal["rcw"] = "rcw"
    players: tuple[str, ...]  # seating order, clockwise (15.31)
    stage: Stage
    turn: int = 0  # Game-Turn; 0 before the game starts
    phase: int = 0  # 1 First Phase, 2 Second Phase (17.0); 0 before the game starts
    sequence: tuple[str, ...] = ()  # Player-Turn order of this Game-Turn (4.2, 15.62)
    position: dict[str, tuple[Stack, ...]] = Field(default_factory=dict)
    hands: dict[str, Hand] = Field(default_factory=dict)
    chart: dict[str, ChartSection] = Field(default_factory=dict)
    deploy_orders: tuple[DeployOrder, ...] = ()
    initial_randomizer: tuple[str, ...] = ()  # "151", "POLITBURO", "ASSASSIN" (15.22)
    auxiliary_randomizer: tuple[str, ...] = ()  # "CTRL:FR", "WITHDRAW:FR", "ASSASSIN" (15.23)
    player_turn_randomizer: tuple[str, ...] = ()  # player letters (15.21)
    removed: tuple[UnitId, ...] = ()  # out of play: withdrawn Blue units (5.66, 12.13)
    pending: Pending = Pending()
    victory: Literal["red", "white"] | None = None  # 14.1, once the game has ended

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        return cls.model_validate_json(text)

    def stacks_in(self, province: str) -> tuple[Stack, ...]:
        return self.position.get(province, ())

    def where_is(self, unit: UnitId) -> tuple[str, int] | None:
        """(province, stack index) of a unit on the map, or None."""
        for province, stacks in self.position.items():
            for index, stack in enumerate(stacks):
                if unit in stack.units:
                    return province, index
        return None

    def units_on_map(self) -> list[UnitId]:
        return [u for stacks in self.position.values() for s in stacks for u in s.units]

    def with_position(self, province: str, stacks: tuple[Stack, ...]) -> GameState:
        position = dict(self.position)
        if stacks:
            position[province] = stacks
        else:
            position.pop(province, None)
        return self.model_copy(update={"position": dict(sorted(position.items()))})
