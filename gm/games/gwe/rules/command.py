"""Command Control (10.3, 10.4): a HQ's Command Strength allocated to units within its Command
Radius (10.31-10.34), the 10.41 die, and the effects of being out of Command Control (10.42,
10.43). The allocation is the player's, written ahead; ruling G13 gives it when he wrote none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.rules.combat import command_area, command_distance
from gm.games.gwe.rules.exclusive import tcr_of
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.state import GweState

Allocation = Mapping[str, Sequence[str]]  # HQ -> the units it places in Command Control
WORSE = {"1": "2", "2": "3", "3": "E", "E": "E", "-": "-"}  # 10.43: 3 becomes E


def reach(state: GweState, data: GweData, hq_id: str, unit_id: str) -> int | None:
    at = state.unit(unit_id).hex
    return None if at is None else command_distance(state, data, hq_id, parse_hex(at))


def within_radius(state: GweState, data: GweData, hq_id: str, unit_id: str) -> bool:
    """10.32, 10.33: within the HQ's Command Radius, traced as 10.33 and 10.34 say."""
    at = state.unit(unit_id).hex
    return at is not None and parse_hex(at) in command_area(state, data, hq_id)


def _hqs(state: GweState, data: GweData, side: str) -> list[str]:
    return sorted(u for u, _ in state.on_map() if data.side_of(u) == side and is_hq(data, u))


def _commandable(state: GweState, data: GweData, side: str) -> list[str]:
    return sorted(u for u, _ in state.on_map() if data.side_of(u) == side
                  and not is_hq(data, u))


def default_allocation(state: GweState, data: GweData, side: str,
                       written: Allocation | None = None) -> dict[str, tuple[str, ...]]:
    """Ruling G13: each HQ in turn by id gives its Command Strength to the units within its
    radius not yet in command, nearest first, then the larger in Stacking Points, then by id,
    while its strength lasts (10.31); a HQ of unlimited strength takes every such unit. The
    HQs of `written` (the player's own allocation) are left out, their units already taken."""
    written = written or {}
    taken: set[str] = {u for units in written.values() for u in units}
    allocation: dict[str, tuple[str, ...]] = {}
    for hq_id in _hqs(state, data, side):
        if hq_id in written:
            continue
        rating = data.units[hq_id].hq
        assert rating is not None
        left = rating.command_strength
        candidates = []
        area = command_area(state, data, hq_id)
        for unit_id in _commandable(state, data, side):
            at = state.unit(unit_id).hex
            distance = None if at is None else area.get(parse_hex(at))
            if unit_id not in taken and distance is not None:
                candidates.append((distance, -stacking_points(data.units[unit_id]), unit_id))
        chosen = []
        for _, _, unit_id in sorted(candidates):
            points = stacking_points(data.units[unit_id])
            if left is None or points <= left:
                chosen.append(unit_id)
                taken.add(unit_id)
                left = None if left is None else left - points
        allocation[hq_id] = tuple(chosen)
    return allocation


def checked_allocation(state: GweState, data: GweData, side: str, allocation: Allocation
                       ) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
    """10.31, 10.32: the player's allocation with what the rules forbid left out, and why:
    a unit not his or not on the map, outside the HQ's radius, or past its Command Strength
    (the units named first are served first)."""
    kept: dict[str, tuple[str, ...]] = {}
    notes: list[str] = []
    taken: set[str] = set()
    for hq_id, units in allocation.items():
        rating = data.units[hq_id].hq if hq_id in data.units else None
        if rating is None or data.side_of(hq_id) != side or state.unit(hq_id).hex is None:
            notes.append(f"{hq_id}: not a HQ of {side} on the map (10.31)")
            continue
        left = rating.command_strength
        chosen = []
        for unit_id in units:
            if unit_id not in data.units or data.side_of(unit_id) != side or \
                    state.unit(unit_id).hex is None or is_hq(data, unit_id):
                notes.append(f"{unit_id}: not a unit of {side} on the map (10.31)")
            elif unit_id in taken:
                notes.append(f"{unit_id}: already in Command Control (10.31)")
            elif not within_radius(state, data, hq_id, unit_id):
                notes.append(f"{unit_id}: outside {hq_id}'s Command Radius (10.32, 10.33)")
            elif left is not None and stacking_points(data.units[unit_id]) > left:
                notes.append(f"{unit_id}: past {hq_id}'s Command Strength (10.31)")
            else:
                chosen.append(unit_id)
                taken.add(unit_id)
                left = None if left is None else left - stacking_points(data.units[unit_id])
        kept[hq_id] = tuple(chosen)
    return kept, tuple(notes)


@dataclass(frozen=True)
class CommandResult:
    state: GweState
    allocation: dict[str, tuple[str, ...]]
    notes: tuple[str, ...]


def command_control(state: GweState, data: GweData, side: str, allocation: Allocation | None,
                    dice: Dice | None) -> CommandResult:
    """4.0 A.1c, A.3a, 10.31-10.42: the side's units given Command Strength are in Command
    Control; HQ units always are (ruling G13). In the Movement Phase (`dice` given) a die is
    rolled for each other unit, by id, and one above its rating is in command too (10.41: the
    player may roll, and rolling never hurts, so he does); in the Combat Phase (`dice` None)
    no die brings a unit back (10.42)."""
    notes: list[str] = []
    if allocation is None:
        chosen = default_allocation(state, data, side)
        notes.append("command: the default allocation (ruling G13)")
    else:  # G13 per HQ: those he wrote no COMMAND for allocate by default
        chosen, refused = checked_allocation(state, data, side, allocation)
        notes.extend(refused)
        rest = default_allocation(state, data, side, chosen)
        if rest:
            notes.append(f"command: as written for {', '.join(sorted(chosen))}; the default "
                         f"allocation for {', '.join(sorted(rest))} (ruling G13)")
        chosen = {**chosen, **rest}
    commanded = {u for units in chosen.values() for u in units}
    for unit_id in _commandable(state, data, side):
        in_command = unit_id in commanded
        if not in_command and dice is not None:
            die = dice.die(f"10.41 Command Control of {unit_id}")
            in_command = die > tcr_of(data, unit_id)
            notes.append(f"{unit_id}: die {die} against rating {tcr_of(data, unit_id)}, "
                         f"{'in' if in_command else 'out of'} Command Control (10.41)")
        state = state.with_unit(unit_id, out_of_command=not in_command)
    for hq_id in _hqs(state, data, side):
        state = state.with_unit(hq_id, out_of_command=False)
    return CommandResult(state, chosen, tuple(notes))


def clear_markers(state: GweState, data: GweData, side: str) -> GweState:
    """4.0 A.1d: after the Movement Segment the Out of Command Control markers come off."""
    for unit_id, _ in sorted(state.on_map()):
        if data.side_of(unit_id) == side:
            state = state.with_unit(unit_id, out_of_command=False)
    return state


def worse_by_command(state: GweState, data: GweData, units: Sequence[str], phasing: bool
                     ) -> bool:
    """10.43: units rated 3 or 4 out of Command Control (the phasing units, by their
    markers) or out of every Friendly HQ's Command Radius (the non-phasing units) at the
    instant of combat add one to their result."""
    for unit_id in units:
        if tcr_of(data, unit_id) < 3 or is_hq(data, unit_id):
            continue
        if phasing and state.unit(unit_id).out_of_command:
            return True
        side = data.side_of(unit_id)
        if not phasing and not any(within_radius(state, data, hq, unit_id)
                                   for hq in _hqs(state, data, side)):
            return True
    return False


def worsened(result: str, attacker: bool) -> str:
    """10.43: one added to the result, 3 becoming E. The attacker's options stop at 2, so
    his 2 stays 2 (ruling G14)."""
    if attacker:
        return {"1": "2", "2": "2"}.get(result, result)
    return WORSE[result]
