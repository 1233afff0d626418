"""Serbia/Galicia 11.0: Step Replacement (13.0's numbers) — only the Austro-Hungarian Player,
on or after Game-Turn 8, on a 5 or 6, at most 8 Stacking Points a Game-Turn, units at least
six hexes from an Allied unit (ruling G43)."""

from __future__ import annotations

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.game_values import Replacement
from gm.games.gwe.state import GweState

RULE = "gwe-serbia-galicia:11.0"
SUCCEEDS_ON = (5, 6)
ENEMY_DISTANCE = 5  # "at least six hexes from an Allied unit": one within five bars it
FROM_TURN = 8
MAX_POINTS = 8  # Stacking Points of units rolled for, a Game-Turn
NATIONALITIES = frozenset({"AH"})  # the Austro-Hungarian Player's units
NUMBERS = Replacement(SUCCEEDS_ON, ENEMY_DISTANCE, max_points=MAX_POINTS, rule=RULE)


def exclusive_bar(state: GweState, data: GweData, unit_id: str) -> tuple[str, str] | None:
    """Why 11.0 bars the unit before 13.0 is asked, with the case; None if it does not."""
    if data.units[unit_id].nationality not in NATIONALITIES:
        return f"{unit_id}: only the Austro-Hungarian Player replaces Steps", RULE
    if state.turn < FROM_TURN:
        return f"{unit_id}: no Step replacement before Game-Turn {FROM_TURN}", RULE
    return None
