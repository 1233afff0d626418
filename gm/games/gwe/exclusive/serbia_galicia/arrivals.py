"""Serbia/Galicia's reinforcements by rail: 14.1 (entrained at the owner's option, counted
against the Rail Capacity of their Game-Turn of arrival) and 17.2 (Austro-Hungarians entering
entrained detrain at the end of that Movement Phase). Ruling G35."""

from __future__ import annotations

from collections.abc import Callable, Collection

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.exclusive.serbia_galicia.rail import detrains_on_entry
from gm.games.gwe.state import GweState


def count_arrivals(state: GweState, arrived: Collection[str], on_foot: Collection[str],
                   capacity: int, take: Callable[[str], bool]
                   ) -> tuple[GweState, tuple[str, ...]]:
    """14.1: each reinforcement that entered entrained counts against the Rail Capacity now,
    in the order of the ids, before the written moves, unless it is `on_foot` (the player's
    first step for it detrains it: brought on by normal movement, so the capacity serves the
    units already on the map); one past the capacity (`take` False) enters detrained (ruling
    G35)."""
    notes: list[str] = []
    for unit_id in sorted(arrived):
        if not state.unit(unit_id).entrained:
            continue
        if unit_id in on_foot:
            notes.append(f"{unit_id}: brought on by normal movement, not counted against the "
                         "Rail Capacity (Serbia/Galicia 14.1)")
        elif take(unit_id):
            notes.append(f"{unit_id}: enters entrained, counted against the Rail Capacity of "
                         f"{capacity} (Serbia/Galicia 14.1)")
        else:
            state = state.with_unit(unit_id, entrained=False)
            notes.append(f"{unit_id}: past the Rail Capacity of {capacity}, enters "
                         "detrained (Serbia/Galicia 14.1, ruling G35)")
    return state, tuple(notes)


def detrain_entered(state: GweState, data: GweData, arrived: Collection[str]
                    ) -> tuple[GweState, tuple[str, ...]]:
    """17.2: the Austro-Hungarian reinforcements that entered this Phase and are still
    entrained at its end are detrained where they stand."""
    notes: list[str] = []
    for unit_id in sorted(arrived):
        unit = state.unit(unit_id)
        if unit.place == "map" and unit.entrained and detrains_on_entry(data, unit_id, True):
            state = state.with_unit(unit_id, entrained=False)
            notes.append(f"{unit_id}: entered the map entrained this Phase, detrains in "
                         f"{unit.hex} (Serbia/Galicia 17.2)")
    return state, tuple(notes)
