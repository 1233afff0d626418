"""What a line typed at the table may change of a result shown already (`gm play`, rulings
G80, G81): the table refuses a line that would change a result it showed (G78, as the standard
game's R74), save where the rules make that result depend on the Phase's later lines."""

from __future__ import annotations

import re
from collections.abc import Sequence

from gm.engine.results import OrderResult
from gm.games.gwe.orders import model as m

MOVING = (m.Move, m.Rail, m.Detrain)


def may_change(was: OrderResult, given: m.Order | None, player: str, typed: m.Order) -> bool:
    """A standing order not used yet (`stands`: a DEFEND, a WITHDRAW, a FOLLOW kept for later)
    is used or replaced as the Phase's lines go on (G50, G52; ruling G80); a unit's MOVE, RAIL
    and DETRAIN lines are one move, so a later one goes on with the move an earlier one's
    result describes (5.0, G61; ruling G81)."""
    if was.result == "stands":
        return True
    if given is None or was.player != player or not isinstance(given, MOVING) or \
            not isinstance(typed, MOVING):
        return False
    return bool(set(given.units) & set(typed.units))


def dice_of_line(notes: Sequence[str], typed: m.Order) -> list[str]:
    """The dice rolled for the line's units before the Phase's end steps: its Command Control
    (10.41), entrainment (the game's, if it rolls), withdrawal (12.12) dice; not the Attrition
    Segment's (9.22), which comes after all movement (4.0 A.1e)."""
    if not isinstance(typed, (*MOVING, m.Withdraw)):  # an attack's dice are in its result
        return []
    units = {typed.unit} if isinstance(typed, m.Withdraw) else set(typed.units)
    return [note for note in notes if "die " in note and "(9.22)" not in note
            and units & set(re.findall(r"[A-Z]+-[\w-]+", note))]
