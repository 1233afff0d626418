"""The open phase, whichever it is, with the Player-Turn sequencing draw after a Second Phase
that does not end the game (4.2 B)."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine.end_of_turn import sequencing_draw
from gm.games.rcw.engine.first_phase import PhaseResult, adjudicate_first_phase
from gm.games.rcw.engine.second_phase import adjudicate_second_phase
from gm.games.rcw.orders.model import Order
from gm.games.rcw.state import GameState


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
