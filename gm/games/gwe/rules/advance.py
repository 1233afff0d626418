"""Advance after combat (8.7): the attacker's surviving units into the hexes the defender
vacated, as he ordered (ruling G11), and who last occupied them (5.33, 9.15)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.results import Applied
from gm.games.gwe.state import GweState


def advance(state: GweState, data: GweData, applied: Applied, attackers: Sequence[str],
            wanted: Mapping[Hex, Sequence[str]] | None = None) -> tuple[GweState, tuple[str, ...]]:
    """8.7: surviving attackers that took part may advance into a vacated hex, ignoring Enemy
    Zones of Control (8.72), within the Stacking limit (8.71); never after 8.75. Units are
    never forced to (8.73): with no order none advances (ruling G11)."""
    if not wanted:
        return state, ()
    notes = []
    moved: set[str] = set()
    for where, units in sorted(wanted.items()):
        if applied.no_advance or where not in applied.vacated:
            notes.append(f"advance into {where}: not a hex vacated by this combat"
                         f"{' (8.75)' if applied.no_advance else ' (8.71)'}")
            continue
        for unit_id in units:
            if unit_id not in attackers or unit_id in moved or \
                    state.unit(unit_id).place != "map":
                notes.append(f"{unit_id}: did not attack here or is gone; does not advance "
                             "(8.71)")
                continue
            side = data.side_of(unit_id)
            there = sum(stacking_points(data.units[u]) for u in state.units_in(where)
                        if data.side_of(u) == side)
            if there + stacking_points(data.units[unit_id]) > \
                    exclusive_rules(data).stacking_limit(data, side):
                notes.append(f"{unit_id}: would overstack {where}; does not advance (8.71)")
                continue
            state = state.with_unit(unit_id, hex=str(where))
            moved.add(unit_id)
            notes.append(f"{unit_id} advances into {where} (8.71)")
    return state, tuple(notes)


def record_advance(state: GweState, data: GweData, applied: Applied, side: str) -> GweState:
    """5.33, 9.15: a vacated hex the attacker advanced into was last occupied by him."""
    for where in applied.vacated:
        if any(data.side_of(u) == side for u in state.units_in(where)):
            state = state.occupied_by(where, side)
    return state
