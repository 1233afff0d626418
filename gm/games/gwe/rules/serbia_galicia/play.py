"""Decision in Galicia played as a campaign (Serbia/Galicia 4.0, 26.3): who plays which side,
whose Player-Turn comes first, whose Phase is open, and when the game ends."""

from __future__ import annotations

from gm.games.gwe.rules.sequence import PLAYER_TURN, game_turn
from gm.games.gwe.rules.serbia_galicia.sequence import FIRST
from gm.games.gwe.rules.serbia_galicia.victory import (
    ALLIED,
    CENTRAL,
    LEVELS,
    LOWEST_LEVEL,
    victory_level,
)
from gm.games.gwe.state import GweState

FIRST_SIDE = FIRST  # Serbia/Galicia 4.0: the Allied Player's Player-Turn comes first
SECOND_SIDE = CENTRAL
LAST_TURN = 13  # 26.3: Decision in Galicia ends at the end of Game-Turn 13
SIDE_NAMES = {ALLIED: "Russian", CENTRAL: "Austro-Hungarian"}  # in Galicia (26.0)
SIDE_WORDS = {ALLIED: "Allied (Russian)", CENTRAL: "Austro-Hungarian"}  # a side, to players


def sides_of(state: GweState) -> dict[str, str]:
    """Player -> side: the state's, or else the first player the Allied side, the second the
    Central Powers (ruling G51)."""
    return dict(state.sides) or dict(zip(state.players, (FIRST_SIDE, SECOND_SIDE),
                                         strict=False))


def phasing_side(state: GweState) -> str:
    """The side whose Player-Turn the open Phase (1-6) belongs to (4.0)."""
    return game_turn(FIRST_SIDE, SECOND_SIDE)[state.phase - 1].phasing


def phasing_player(state: GweState) -> str | None:
    """The Phasing Player of the open Phase; None if no player plays that side."""
    side = phasing_side(state)
    return next((p for p, s in sorted(sides_of(state).items()) if s == side), None)


def phase_title(state: GweState) -> str:
    """`Game-Turn 7, Russian Player-Turn, Movement Phase` (4.0; Serbia/Galicia 4.0)."""
    if state.stage == "ended":
        return f"the game has ended (Game-Turn {state.turn})"
    phase = PLAYER_TURN[(state.phase - 1) % len(PLAYER_TURN)]
    return (f"Game-Turn {state.turn}, {SIDE_NAMES[phasing_side(state)]} Player-Turn, "
            f"{phase.name} Phase")


def level_points(total: int) -> int:
    """A level of victory as points for the ranking (ruling G53): +3 for Allied Strategic
    down to -3 for Austro-Hungarian Decisive, 0 for a Draw."""
    names = [level for _, level in LEVELS] + [LOWEST_LEVEL]
    return names.index("Draw") - names.index(victory_level(total))
