"""The open phase, whichever it is, with the Player-Turn sequencing draw after a Second Phase
that does not end the game (4.2 B)."""

from __future__ import annotations

from gm.dice import Dice
from gm.engine.end_of_turn import sequencing_draw
from gm.engine.first_phase import PhaseResult, adjudicate_first_phase
from gm.engine.second_phase import adjudicate_second_phase
from gm.game_data.dataset import GameData
from gm.orders.model import Order
from gm.state import GameState


def adjudicate_phase(state: GameState, data: GameData, orders: dict[str, tuple[Order, ...]],
                     dice: Dice) -> tuple[PhaseResult, GameState]:
    """(the phase's result, the state the campaign goes on from)."""
    if state.phase == 1:
        result = adjudicate_first_phase(state, data, orders, dice)
        return result, result.state
    result = adjudicate_second_phase(state, data, orders, dice)
    after = result.state
    if after.stage == "play":
        after = sequencing_draw(after, dice)
    return result, after
