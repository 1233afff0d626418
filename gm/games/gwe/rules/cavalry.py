"""Cavalry Withdrawal Before Combat (12.1): who may try, the die, the two-hex paths, and the
Phasing Player's move into the vacated hex (12.16). Not tried unless ordered (ruling G15)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.rules import displacement, retreat
from gm.games.gwe.rules.exclusive import exclusive_rules, tcr_of
from gm.games.gwe.rules.steps import enemy_units_in
from gm.games.gwe.state import GweState

WITHDRAWAL_HEXES = 2  # 12.11: no more or less


def may_try(state: GweState, data: GweData, unit_id: str) -> bool:
    """12.11: a cavalry unit on the map adjacent to an Enemy unit (whether or not in Command
    Control)."""
    at = state.unit(unit_id).hex
    if at is None or not exclusive_rules(data).withdraws_before_combat(data, unit_id):
        return False
    side = data.side_of(unit_id)
    return any(enemy_units_in(state, data, n, side) for n in data.neighbours(parse_hex(at)))


def withdrawal_paths(state: GweState, data: GweData, unit_id: str) -> list[retreat.Path]:
    """12.13: two hexes, toward the Friendly supply source first; into or through an
    Enemy-controlled hex only if rated 1 (ruling G9's paths)."""
    at = state.unit(unit_id).hex
    assert at is not None
    return retreat.paths(state, data, parse_hex(at), data.side_of(unit_id), WITHDRAWAL_HEXES,
                         through_zones=tcr_of(data, unit_id) == 1, units=(unit_id,),
                         zone_test="withdrawal")


@dataclass(frozen=True)
class Withdrawal:
    state: GweState
    vacated: Hex | None  # 12.16: the hex left, if it withdrew
    note: str


def withdraw(state: GweState, data: GweData, unit_id: str, dice: Dice,
             wanted: tuple[Hex, ...] | None = None) -> Withdrawal:
    """12.12-12.14: a die above the unit's rating withdraws it two hexes, at no Movement
    Point cost; otherwise it stays, and may be attacked (12.15)."""
    if not may_try(state, data, unit_id):
        return Withdrawal(state, None, f"{unit_id}: not cavalry beside an Enemy unit (12.11)")
    die = dice.die(f"12.12 withdrawal before combat of {unit_id}")
    rating = tcr_of(data, unit_id)
    if die <= rating:
        return Withdrawal(state, None, f"{unit_id}: die {die}, not above its rating {rating}: "
                                       "does not withdraw (12.12)")
    chosen = retreat.choose(withdrawal_paths(state, data, unit_id), wanted,
                            f"{unit_id}: die {die}, withdraws (12.12)")
    if chosen.path is None:  # withdrawal is voluntary: with no path it simply stays
        return Withdrawal(state, None, f"{unit_id}: die {die}, but no two-hex path: stays "
                                       "(12.13)")
    origin = state.unit(unit_id).hex
    state = state.with_unit(unit_id, hex=str(chosen.path.end))
    for where in chosen.path.hexes:  # 5.33, 9.15, Serbia/Galicia 25.12: passed through
        state = state.occupied_by(where, data.side_of(unit_id))
    state, displaced = displacement.enemy_hqs_displaced(state, data, chosen.path.end,
                                                        data.side_of(unit_id))  # 10.52
    return Withdrawal(state, parse_hex(origin) if origin else None,
                      "; ".join((chosen.note.replace("retreat", "withdrawal"), *displaced)))


def follow(state: GweState, data: GweData, vacated: Hex, units: tuple[str, ...]
           ) -> tuple[GweState, tuple[str, ...]]:
    """12.16: the Phasing Player's units adjacent to the vacated hex may move into it, within
    the Stacking limit; none unless ordered (ruling G15)."""
    notes = []
    for unit_id in units:
        at = state.unit(unit_id).hex
        side = data.side_of(unit_id)
        there = sum(stacking_points(data.units[u]) for u in state.units_in(vacated)
                    if data.side_of(u) == side)
        remaining = enemy_units_in(state, data, vacated, side)
        if remaining:  # not vacated: the withdrawal left Enemy units there
            notes.append(f"{unit_id}: {vacated} is not vacated, {' '.join(remaining)} "
                         "remaining (12.16)")
        elif at is None or vacated not in data.neighbours(parse_hex(at)):
            notes.append(f"{unit_id}: not adjacent to the vacated {vacated} (12.16)")
        elif there + stacking_points(data.units[unit_id]) > \
                exclusive_rules(data).stacking_limit(data, side):
            notes.append(f"{unit_id}: would overstack {vacated} (12.16)")
        else:
            state = state.with_unit(unit_id, hex=str(vacated)).occupied_by(vacated, side)
            notes.append(f"{unit_id} moves into {vacated} (12.16)")
    return state, tuple(notes)
