"""Serbia/Galicia 17.4: Austro-Hungarian intermap transfer, by the off-map links (5.37, 5.38)
from one map to the other: the Austro-Hungarian Player's alone; never the 5th and 6th (Balkan)
Armies' units, HQs and depots (17.41); the 2nd Army's not off the Serbian map before Game-Turn
Three (17.42). A unit's army is its id's (ruling G29)."""

from __future__ import annotations

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.models import OffMapLink
from gm.games.gwe.data.values import army_of
from gm.games.gwe.state import GweState

TRANSFERS = "AH"  # 17.4: the Austro-Hungarian player, only
BALKAN = ("5", "6")  # 17.41
LATE = "2"  # 17.42: the 2nd Army
LATE_FROM = 3  # 17.42: Game-Turn Three
SERBIAN_MAP = "s"  # 2.1


def refusal(state: GweState, data: GweData, unit_id: str, link: OffMapLink
            ) -> tuple[str, str] | None:
    """Why the unit may not take this link from one map to the other, and the case."""
    leaving, entering = parse_hex(link.exit).map, parse_hex(link.reenter).map
    if leaving == entering:
        return None  # not an intermap transfer
    army = army_of(unit_id)[1]
    if data.units[unit_id].nationality != TRANSFERS:
        return f"{unit_id}: only Austro-Hungarian units transfer between the maps", "17.4"
    if army in BALKAN:
        return f"{unit_id}: a unit of the {army}th (Balkan) Army never leaves its map", "17.41"
    if army == LATE and leaving == SERBIAN_MAP and state.turn < LATE_FROM:
        return (f"{unit_id}: a unit of the 2nd Army leaves the Serbian map from Game-Turn "
                f"{LATE_FROM} on", "17.42")
    return None
