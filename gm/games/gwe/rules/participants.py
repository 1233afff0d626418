"""Who takes part in an attack (8.11-8.14, 8.21, 8.23): the hexes that may be attacked, the
units that may attack them, and the defending units."""

from __future__ import annotations

from collections.abc import Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.values import current_values
from gm.games.gwe.rules.exclusive import tcr_of
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.state import GweState


def defender_side(state: GweState, data: GweData, targets: Sequence[Hex], side: str
                  ) -> list[str]:
    return sorted(u for where in targets for u in state.units_in(where)
                  if data.side_of(u) in data.enemies_of(side))


def _defended_fortress(state: GweState, data: GweData, where: Hex, side: str) -> bool:
    fortress = data.fortress(where)
    return fortress is not None and fortress.side in data.enemies_of(side) and \
        not state.fortress_destroyed(where)


def target_problem(state: GweState, data: GweData, where: Hex, side: str) -> str | None:
    """8.11, 8.14, 8.21: a hex holding Enemy units or an undestroyed Enemy fortress (11.11),
    none of whose units has been attacked this Combat Phase."""
    if not data.on_map(where):
        return f"{where} is not a hex of the map (2.1)"
    units = [u for u in state.units_in(where) if data.side_of(u) in data.enemies_of(side)]
    if not units and not _defended_fortress(state, data, where, side):
        return f"{where} holds no Enemy unit nor Enemy fortress (8.11)"
    if any(u in state.fought and state.retreated.get(u) != str(where) for u in units):
        # 8.66: a unit that retreated in after its own combat does not shield its hosts
        return f"{where}: its units were attacked already this Combat Phase (8.14)"
    return None


def attacker_problem(state: GweState, data: GweData, unit_id: str, side: str,
                     targets: Sequence[Hex]) -> str | None:
    """Why a unit may not take part in this attack, None if it may."""
    if unit_id not in data.units or data.side_of(unit_id) != side:
        return f"{unit_id}: not a unit of {side} (8.11)"
    unit = state.unit(unit_id)
    if unit.hex is None:
        return f"{unit_id}: not on the map (8.11)"
    at = parse_hex(unit.hex)
    counter = data.units[unit_id]
    if unit_id in state.fought:
        return f"{unit_id}: attacked or advanced already this Combat Phase (8.14, 8.73)"
    if unit.entrained:
        return f"{unit_id}: entrained units may not attack (5.36)"
    if unit_id in state.rail_moved and tcr_of(data, unit_id) != 1:
        return f"{unit_id}: moved by rail this Player-Turn; only units rated 1 attack (5.34)"
    if is_hq(data, unit_id) and (counter.hq is None or not counter.hq.heroic):
        return f"{unit_id}: a HQ that is not a Heroic leader may not attack (8.12, 10.51)"
    if is_hq(data, unit_id) and unit_id in state.shifts_used:
        return f"{unit_id}: its Attack Shift went to another attack (10.24)"
    if current_values(counter, unit.steps_lost).attack == 0:
        return f"{unit_id}: an Attack Strength of zero may not attack (8.12)"
    for where in targets:
        if where not in data.neighbours(at):
            return f"{unit_id}: not adjacent to {where} (8.11, 8.23)"
        if "prohibited" in data.features(at, where):
            return f"{unit_id}: across a Prohibited hexside to {where} (7.11, ruling G18)"
    return None

