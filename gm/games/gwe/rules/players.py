"""Who plays which side and whose Phase is open (4.0), a game's Exclusive Rules saying which
side's Player-Turn comes first."""

from __future__ import annotations

from gm.games.gwe.rules.exclusive import ExclusiveRules
from gm.games.gwe.rules.sequence import PLAYER_TURN, game_turn
from gm.games.gwe.state import GweState

SIDES = ("allied", "central")  # 2.0: the Allied Player and the Central Powers Player


def first_and_second(game: ExclusiveRules) -> tuple[str, str]:
    """The side phasing first in a Game-Turn (its game's, else the Allied), then the other."""
    first = game.first_side or SIDES[0]
    return first, next(s for s in SIDES if s != first)


def sides_of(state: GweState, game: ExclusiveRules) -> dict[str, str]:
    """Player -> side: the state's, or else the first player the side phasing first, the
    second the other (ruling G51)."""
    return dict(state.sides) or dict(zip(state.players, first_and_second(game), strict=False))


def phasing_side(state: GweState, game: ExclusiveRules) -> str:
    """The side whose Player-Turn the open Phase (1-6) belongs to (4.0)."""
    return game_turn(*first_and_second(game))[state.phase - 1].phasing


def phasing_player(state: GweState, game: ExclusiveRules) -> str | None:
    """The Phasing Player of the open Phase; None if no player plays that side."""
    side = phasing_side(state, game)
    return next((p for p, s in sorted(sides_of(state, game).items()) if s == side), None)


def phase_title(state: GweState, game: ExclusiveRules) -> str:
    """`Game-Turn 7, Russian Player-Turn, Movement Phase` (4.0)."""
    if state.stage == "ended":
        return f"the game has ended (Game-Turn {state.turn})"
    phase = PLAYER_TURN[(state.phase - 1) % len(PLAYER_TURN)]
    side = phasing_side(state, game)
    title = game.side_title(side, game.scenario_of(state))
    return f"Game-Turn {state.turn}, {title} Player-Turn, {phase.name} Phase"
