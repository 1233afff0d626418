"""The next Game-Turn's Player-Turn Sequencing Segment (4.2 B)."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.games.rcw.state import GameState


def sequencing_draw(state: GameState, dice: Dice) -> GameState:
    """4.2 B Player-Turn Sequencing Segment: a marker drawn from the Player-Turn Randomizer
    names the First Player; the others follow around the table (15.62)."""
    seats = [p for p in state.players if p in state.player_turn_randomizer]
    first = dice.draw(sorted(seats), f"Player-Turn sequencing, Game-Turn {state.turn}")
    start = seats.index(first)
    return state.model_copy(update={"sequence": tuple(seats[start:] + seats[:start])})

