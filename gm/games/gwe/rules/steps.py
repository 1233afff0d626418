"""Steps (8.5): what a unit has left, losing them (8.51-8.53), and who is where."""

from __future__ import annotations

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.state import GweState


def steps_left(state: GweState, data: GweData, unit_id: str) -> int:
    """8.51-8.53: a regiment or depot has one Step, a division two, a corps four."""
    unit = state.unit(unit_id)
    return 0 if unit.place == "eliminated" else len(data.units[unit_id].steps) - unit.steps_lost


def lose_steps(state: GweState, data: GweData, unit_id: str, count: int) -> GweState:
    """8.5: the unit loses `count` Steps (no more than it has); with none left it is eliminated
    and leaves the map (8.51: a one-Step unit reduced one Step)."""
    left = steps_left(state, data, unit_id)
    if count <= 0 or left == 0:
        return state
    if count >= left:
        return eliminate(state, unit_id)
    return state.with_unit(unit_id, steps_lost=state.unit(unit_id).steps_lost + count)


def eliminate(state: GweState, unit_id: str) -> GweState:
    return state.with_unit(unit_id, place="eliminated", hex=None, entrained=False,
                           out_of_supply=False, out_of_command=False)


def is_hq(data: GweData, unit_id: str) -> bool:
    return data.units[unit_id].type == "hq"


def enemy_units_in(state: GweState, data: GweData, where: Hex, side: str) -> tuple[str, ...]:
    enemies = data.enemies_of(side)
    return tuple(u for u in state.units_in(where) if data.side_of(u) in enemies)


def enemy_occupied(state: GweState, data: GweData, where: Hex, side: str) -> bool:
    """5.13, 8.61, 9.14: an Enemy unit is there; a hex holding only Enemy HQ units does not
    block a supply line or a retreat (9.17, 10.52)."""
    return any(not is_hq(data, u) for u in enemy_units_in(state, data, where, side))
