"""A Decision in Galicia position for the gwe report tests: every unit of the scenario's start
set up on its army's part of the start line (26.31), two to a hex at most, on the embedded
data set (gm/games/gwe/exclusive/serbia_galicia/dataset/galicia)."""

from __future__ import annotations

from functools import cache

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.exclusive.serbia_galicia.setup import setup_hexes
from gm.games.gwe.state import GweState, initial_state
from gm.games.gwe.system import GREAT_WAR_IN_THE_EAST

SIDES = {"A": "central", "B": "allied"}  # kept in the state (ruling G51)


@cache
def galicia() -> GweData:
    data = GREAT_WAR_IN_THE_EAST.load_data()
    assert isinstance(data, GweData)
    return data


def set_up(data: GweData) -> GweState:
    """Each unit in the first hex of its set-up hexes (by id) that holds fewer than two units
    and none of the Enemy's."""
    state = initial_state(data, ("A", "B")).model_copy(update={"vp": 0, "sides": SIDES})
    held: dict[str, list[str]] = {}
    for unit in data.counters.units:
        if unit.arrives is not None:
            continue
        side = data.side_of(unit.id)
        for where in sorted(setup_hexes(data, unit.id)):
            there = held.setdefault(str(where), [])
            if len(there) < 2 and all(data.side_of(u) == side for u in there):
                there.append(unit.id)
                state = state.with_unit(unit.id, place="map", hex=str(where))
                break
    return state
