"""Steps lost to a combat result (8.9): a force's size, the units its result affects, the
Steps they give (the owner's LOSSES, else ruling G8's default), and the attacker's result
(8.54: applied after the defender's)."""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.steps import is_hq, lose_steps, steps_left
from gm.games.gwe.state import GweState


def force_steps(state: GweState, data: GweData, units: Sequence[str]) -> int:
    """8.9: a force's size in Steps at the moment of combat; HQ units are not counted, they
    share their stack's fate (10.53, ruling G8); depots are (8.51)."""
    return sum(steps_left(state, data, u) for u in units if not is_hq(data, u))


def default_order(state: GweState, data: GweData, units: Sequence[str]) -> list[str]:
    """Ruling G8: the units in the order a default takes them: most Steps left first, then
    by id."""
    return sorted((u for u in units if not is_hq(data, u) and steps_left(state, data, u)),
                  key=lambda u: (-steps_left(state, data, u), u))


def affected_units(state: GweState, data: GweData, force: Sequence[str], affected: int,
                   chosen: Sequence[str] = ()) -> tuple[str, ...]:
    """8.9: a force no larger than the other is affected whole; of a larger one, its owner
    chooses units holding the affected Steps. `chosen` is his choice (units of the force, in
    order); ruling G8 fills it up in default order until their Steps reach `affected`."""
    if force_steps(state, data, force) <= affected:
        return tuple(u for u in force if not is_hq(data, u))
    picked: list[str] = []
    for unit_id in [*[u for u in chosen if u in force], *default_order(state, data, force)]:
        if unit_id in picked or is_hq(data, unit_id):
            continue
        if force_steps(state, data, picked) >= affected:
            break
        picked.append(unit_id)
    return tuple(picked)


def spread_losses(state: GweState, data: GweData, units: Sequence[str], count: int,
                  chosen: Sequence[str] = ()) -> GweState:
    """8.9: `count` Steps lost from `units` as their owner sees fit: `chosen` names a unit
    for each Step he gives (one that has no Step left is passed over); the rest one at a time
    from the unit with the most Steps left, then by id (ruling G8)."""
    for unit_id in chosen:
        if count == 0:
            break
        if unit_id in units and steps_left(state, data, unit_id):
            state, count = lose_steps(state, data, unit_id, 1), count - 1
    while count > 0:
        order = default_order(state, data, units)
        if not order:
            break
        state, count = lose_steps(state, data, order[0], 1), count - 1
    return state


def loss_for(share: str, affected: int) -> int:
    """8.9: half the affected Steps (rounded up), all of them, or none."""
    return {"none": 0, "half": ceil(affected / 2), "all": affected}[share]


def apply_attacker_result(state: GweState, data: GweData, result: str, attackers: Sequence[str],
                          affected: int, chosen_units: Sequence[str] = (),
                          losses: Sequence[str] = ()) -> tuple[GweState, str]:
    """8.9 Attacking Unit Options: 1 loses half the affected Steps, 2 all of them (8.54: after
    the defender's result). Attackers never retreat (8.61)."""
    if result == "-":
        return state, "attacker: no effect (8.54)"
    share = data.charts.options.attacker[result]  # type: ignore[index]
    count = loss_for(share, affected)
    hit = affected_units(state, data, attackers, affected, (*chosen_units, *losses))
    state = spread_losses(state, data, hit, count, losses)
    return state, "; ".join([f"attacker: result {result}, loses {count} Step(s) (8.9)",
                             *losses_unused("attacker", hit, losses)])


def losses_unused(who: str, hit: Sequence[str], losses: Sequence[str]) -> list[str]:
    """Ruling G71: a unit LOSSES names is chosen among the affected (after AFFECTED's); one
    that is still not affected (the affected Steps already held, or not in the force) gives
    no Step, and the result says so."""
    return [f"{who}: LOSSES {unit_id} not used: not among the affected units (8.9, ruling "
            "G71)" for unit_id in dict.fromkeys(losses) if unit_id not in hit]
