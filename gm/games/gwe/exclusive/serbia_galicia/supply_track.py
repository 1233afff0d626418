"""Serbia/Galicia 20.0: the Serbian Supply Track. Each Serbian unit in an attack spends one
Supply Point at once, and no Serbian attack is made without them (20.1); the Allied Player rolls
a die in his Initial Supply Determination Segment of each Game-Turn for more (20.2); four at
the start (20.3). Kept in the state's tracks as `serbian-supply`, only in a game played with
the Serbian front (ruling G92): a Galician game keeps none and rolls no die."""

from __future__ import annotations

from collections.abc import Sequence

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.exclusive.serbia_galicia.supply import serbian
from gm.games.gwe.exclusive.serbia_galicia.victory import ALLIED
from gm.games.gwe.state import GweState

TRACK = "serbian-supply"
NAME = "Serbian Supply Track"
START = 4  # 20.3
ADDED = {1: 0, 2: 0, 3: 1, 4: 2, 5: 2, 6: 4}  # 20.2: the die and the Supply Points it adds


def attack_cost(data: GweData, attackers: Sequence[str]) -> tuple[str, int] | None:
    """20.1: one Supply Point for each Serbian unit in the attack."""
    count = sum(serbian(data, data.units[u].nationality) for u in attackers)
    return (TRACK, count) if count else None


def replenish(state: GweState, side: str, dice: Dice) -> tuple[GweState, tuple[str, ...]]:
    """20.2: in the Allied Player's Initial Supply Determination Segment, a die for more."""
    if side != ALLIED or TRACK not in state.tracks:
        return state, ()
    held = state.tracks[TRACK]
    die = dice.die("Serbia/Galicia 20.2 Serbian Supply Points")
    now = held + ADDED[die]
    state = state.model_copy(update={"tracks": {**state.tracks, TRACK: now}})
    return state, (f"the {NAME}: die {die}, {ADDED[die]:+d} Supply Points, {held} -> {now} "
                   "(gwe-serbia-galicia:20.2)",)
