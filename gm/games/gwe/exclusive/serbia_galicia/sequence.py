"""Serbia/Galicia 4.0: "The Allied Player is the first Player, but on Game-Turn one, only, he
has No Player Turn."""

from __future__ import annotations

FIRST = "allied"  # 4.0: the Allied Player (Russians and Serbians, 2.3) is the first Player
NO_FIRST_PLAYER_TURN = 1  # 4.0: the Game-Turn whose first (Allied) Player-Turn is not played


def no_player_turn(turn: int, phasing: str) -> str | None:
    """Why the side has no Player-Turn in this Game-Turn (the case), None if it has one."""
    if phasing == FIRST and turn == NO_FIRST_PLAYER_TURN:
        return (f"Game-Turn {turn} has no Allied Player-Turn (Serbia/Galicia 4.0): it begins "
                "with the Austro-Hungarian Player-Turn, Phase 4")
    return None
