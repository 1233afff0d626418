"""Stacking (6.0): the Stacking Points a side has in a hex, and the hexes over the limit at the
end of a Phase (6.14)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.state import GweState


@dataclass(frozen=True)
class Overstack:
    """6.14: a side over its Stacking limit in a hex; its owner chooses what is eliminated."""

    hex: Hex
    side: str
    points: int
    limit: int

    def __str__(self) -> str:
        return (f"{self.side} has {self.points} Stacking Points in {self.hex}, over the limit "
                f"of {self.limit}: the excess is eliminated (6.14)")


def hex_points(state: GweState, data: GweData, where: Hex, side: str) -> int:
    """6.11, 6.16: the side's Stacking Points in a hex; a fortress counts none (6.12)."""
    return sum(stacking_points(data.units[u]) for u in state.units_in(where)
               if data.side_of(u) == side)


def overstacked(state: GweState, data: GweData) -> list[Overstack]:
    """6.14: every hex where a side is over its limit at the end of a Phase (not a Segment:
    5.22, 6.21 let units pass and overstack within one)."""
    found = []
    for where, side in sorted({(at, data.side_of(u)) for u, at in state.on_map()}):
        points, limit = hex_points(state, data, where, side), \
            exclusive_rules(data).stacking_limit(data, side)
        if points > limit:
            found.append(Overstack(where, side, points, limit))
    return found
