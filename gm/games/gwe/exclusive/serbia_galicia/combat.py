"""Serbia/Galicia's modifications to combat (18.1, 18.2, 25.14/25.2): Army Combat Integrity for
a HQ's Combat Shift, the defender's HQ shifts, and the Victory Points of combat losses made as
they occur (rulings G40-G42)."""

from __future__ import annotations

from collections.abc import Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.exclusive.serbia_galicia.setup import army_of
from gm.games.gwe.exclusive.serbia_galicia.victory import combat_loss_vp
from gm.games.gwe.rules.command import within_radius
from gm.games.gwe.rules.steps import is_hq, steps_left
from gm.games.gwe.state import GweState

CITE = "gwe-serbia-galicia"


def _combat_units(data: GweData, force: Sequence[str]) -> list[str]:
    return [u for u in force if not is_hq(data, u) and data.units[u].type != "depot"]


def army_integrity(state: GweState, data: GweData, hq_id: str, force: Sequence[str]) -> bool:
    """18.1: a HQ's Combat Shift benefits an attack only if over half of the affected force,
    in Steps (HQ units and depots aside), belongs to the HQ's army (2.3, ruling G29)."""
    steps = {u: steps_left(state, data, u) for u in _combat_units(data, force)}
    own = sum(n for u, n in steps.items() if army_of(u) == army_of(hq_id))
    return 2 * own > sum(steps.values())


# --- 18.2: the defender's HQ shifts ------------------------------------------------------------


def defensive_problem(state: GweState, data: GweData, hq_id: str, side: str,
                      defenders: Sequence[str]) -> str | None:
    """18.2 (ruling G41): why a HQ may not shift this combat to the left, None if it may: a
    HQ of the defending side on the map with an Attack Shift, its shift not spent on another
    combat this Combat Phase, every defending unit within its Command Radius, their Stacking
    Points within its Command Strength, and 18.1 met."""
    rating = data.units[hq_id].hq if hq_id in data.units else None
    if rating is None or data.side_of(hq_id) != side or state.unit(hq_id).hex is None:
        return f"{hq_id}: not a HQ of the defender on the map ({CITE}:18.2)"
    if not rating.attack_shift:
        return f"{hq_id}: no Attack Shift to shift with ({CITE}:18.2)"
    if rating.parenthesized:
        return f"{hq_id}: its Attack Shift is in parentheses, never applied defensively " \
               f"({CITE}:18.2, 19.13)"
    if hq_id in state.shifts_used:
        return f"{hq_id}: its shift went to another combat ({CITE}:18.2)"
    units = _combat_units(data, defenders)
    if not units or not all(within_radius(state, data, hq_id, u) for u in units):
        return f"{hq_id}: not every defending unit within its Command Radius ({CITE}:18.2)"
    points = sum(stacking_points(data.units[u]) for u in units)
    if rating.command_strength is not None and points > rating.command_strength:
        return f"{hq_id}: {points} Stacking Points defend, past its Command Strength of " \
               f"{rating.command_strength} ({CITE}:18.2)"
    if not army_integrity(state, data, hq_id, defenders):
        return f"{hq_id}: not over half the force's Steps of its army, no shift ({CITE}:18.1)"
    return None


def defensive_shifts(state: GweState, data: GweData, side: str, defenders: Sequence[str],
                     named: tuple[str, ...] | None) -> tuple[tuple[str, ...], list[str]]:
    """18.2: the HQs of `side` (the defender) that shift this combat to the left, one per
    Command Level (10.22), and why the others named do not. Named None: ruling G41's default,
    every HQ that may, per level the largest shift, then by id; (): none."""
    if not defenders:
        return (), []
    notes: list[str] = []
    if named is None:
        pool = sorted((u for u, _ in state.on_map() if data.side_of(u) == side
                       and is_hq(data, u)),
                      key=lambda u: (-(data.units[u].hq.attack_shift  # type: ignore[union-attr]
                                       ), u))
    else:
        pool = list(named)
    levels: dict[str, str] = {}
    for hq_id in pool:
        problem = defensive_problem(state, data, hq_id, side, defenders)
        rating = data.units[hq_id].hq if hq_id in data.units else None
        if problem is None and rating is not None and rating.level not in levels:
            levels[rating.level] = hq_id
            notes.append(f"{hq_id}: shifts {rating.attack_shift} column(s) left for the "
                         f"defender ({CITE}:18.2)")
        elif named is not None:
            notes.append(problem or f"{hq_id}: one shift per Command Level (10.22)")
    return tuple(levels.values()), notes


# --- 25.14, 25.2: Victory Points for losses in combat ------------------------------------------


def award_combat_losses(before: GweState, after: GweState, data: GweData
                        ) -> tuple[GweState, list[str]]:
    """25.14, 25.2 (ruling G40): each unit's Steps lost and elimination between `before` and
    `after` (one combat's results) adjust the Victory Point Index at once, each award an
    event; a unit eliminated in combat loses all the Steps it had. No Index kept: nothing."""
    if after.vp is None:
        return after, []
    total = after.vp
    events: list[str] = []
    for unit_id, unit in sorted(after.units.items()):
        was = before.units.get(unit_id)
        if was is None or was.place == "eliminated":
            continue
        eliminated = unit.place == "eliminated"
        lost = steps_left(before, data, unit_id) - steps_left(after, data, unit_id)
        points = combat_loss_vp(data, unit_id, lost, eliminated) if lost > 0 else 0
        if points:
            total += points
            what = f"{lost} Step(s) lost in combat" + (", eliminated" if eliminated else "")
            events.append(f"{unit_id}: {what}: {points:+d} VP, the Allied Victory Point "
                          f"Total {total} ({CITE}:25.2)")
    return after.model_copy(update={"vp": total}), events
