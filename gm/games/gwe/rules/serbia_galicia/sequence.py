"""Serbia/Galicia 4.0: "The Allied Player is the first Player, but on Game-Turn one, only, he
has No Player Turn."""

from __future__ import annotations

from gm.games.gwe.data.dataset import GweData

FIRST = "allied"  # 4.0: the Allied Player (Russians and Serbians, 2.3) is the first Player
NO_FIRST_PLAYER_TURN = 1  # 4.0: the Game-Turn whose first (Allied) Player-Turn is not played


def first_side(data: GweData) -> str | None:
    """The side phasing first in each Game-Turn, if the data set's Exclusive Rules say."""
    return FIRST if data.exclusive == "serbia-galicia" else None


def no_player_turn(data: GweData, turn: int, phasing: str) -> str | None:
    """Why the side has no Player-Turn in this Game-Turn (the case), None if it has one."""
    if first_side(data) == phasing and turn == NO_FIRST_PLAYER_TURN:
        return (f"Game-Turn {turn} has no Allied Player-Turn (Serbia/Galicia 4.0): it begins "
                "with the Austro-Hungarian Player-Turn, Phase 4")
    return None
