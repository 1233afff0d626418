"""What every game system's state has: the players, where the game stands, the position.

A game system extends `GameStateBase` with what its rules keep (gm/games/<system>/state.py).
States are immutable: a change makes a new state (`model_copy(update=...)`), and `to_json`
and `from_json` round-trip exactly.
"""

from __future__ import annotations

from typing import Self

from pydantic import BaseModel, ConfigDict, Field

UnitId = int | str  # counters by number; a few special pieces by name
PLAY = "play"  # the stage of a game under way: phases open one after another
ENDED = "ended"  # the stage of a game over


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Stack(Frozen):
    """Units in one stack, top to bottom, under one player's control marker or none."""

    player: str | None
    units: tuple[UnitId, ...]


class GameStateBase(Frozen):
    """A game system's state, as the application sees it."""

    game: str
    players: tuple[str, ...]
    stage: str  # a system's set-up stages, then PLAY, then ENDED
    turn: int = 0  # Game-Turn; 0 before the game starts
    phase: int = 0  # the phase of the turn open now, counted from 1 (the mode says which)
    sequence: tuple[str, ...] = ()  # the order the players take their turns this Game-Turn
    position: dict[str, tuple[Stack, ...]] = Field(default_factory=dict)
    victory: str | None = None  # who won, once the game has ended

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        return cls.model_validate_json(text)

    def players_in_game(self) -> tuple[str, ...]:
        """The players still playing (a system whose players may quit narrows this)."""
        return self.players

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

    def with_position(self, province: str, stacks: tuple[Stack, ...]) -> Self:
        position = dict(self.position)
        if stacks:
            position[province] = stacks
        else:
            position.pop(province, None)
        return self.model_copy(update={"position": dict(sorted(position.items()))})
