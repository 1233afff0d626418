"""The defender's side of an attack: units that retreated into the hex earlier (8.66, 12.17),
a force's size with its fortress's Steps (11.13), and the defender's result carried out, in
Steps alone where a fortress is in the force (11.12 with 8.9, ruling G22)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from math import ceil

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.rules.fortress import FORTRESS_STEPS, absorptions, fortress_loss
from gm.games.gwe.rules.losses import force_steps, spread_losses
from gm.games.gwe.rules.results import Applied, DefenderChoice, apply_defender_result, hq_fates
from gm.games.gwe.rules.steps import eliminate, is_hq
from gm.games.gwe.state import GweState


def retreated_into(state: GweState, targets: Sequence[Hex], defenders: Sequence[str]
                   ) -> tuple[str, ...]:
    """8.66, 12.17: the defenders that retreated (or withdrew) this Combat Phase into a hex
    that holds other Friendly units; a hex where only such units are left defends with them."""
    apart = []
    for where in targets:
        here = [u for u in defenders if state.unit(u).hex == str(where)]
        came = [u for u in here if state.retreated.get(u) == str(where)]
        if len(came) < len(here):
            apart.extend(came)
    return tuple(sorted(apart))


def defended_fortresses(state: GweState, data: GweData, targets: Sequence[Hex], side: str
                        ) -> list[Hex]:
    """11.11: the undestroyed fortresses of `side` (the defender) among the attacked hexes."""
    found = []
    for where in targets:
        fortress = data.fortress(where)
        if fortress is not None and fortress.side == side and \
                not state.fortress_destroyed(where):
            found.append(where)
    return found


def _side(state: GweState, data: GweData, targets: Sequence[Hex], units: Sequence[str]) -> str:
    if units:
        return data.side_of(units[0])
    fortress = next(f for t in targets if (f := data.fortress(t)) is not None)
    return fortress.side


def fortress_steps_left(state: GweState, where: Hex) -> int:
    return FORTRESS_STEPS - state.fortress_steps_lost.get(str(where), 0)


def force_size(state: GweState, data: GweData, units: Sequence[str], targets: Sequence[Hex]
               ) -> int:
    """8.9, 11.13: the defending force's Steps, its fortresses' Steps counted (two divisions
    and a fortress are 8 Steps)."""
    side = _side(state, data, targets, units)
    return force_steps(state, data, units) + sum(
        fortress_steps_left(state, w) for w in defended_fortresses(state, data, targets, side))


def _fortress_losses(state: GweState, hexes: Sequence[Hex], count: int) -> GweState:
    """11.13: fortress Steps lost, the first fortress (by hex) first; four lost destroy it."""
    lost = dict(state.fortress_steps_lost)
    for where in hexes:
        taken = min(count, fortress_steps_left(state, where))
        if taken:
            lost[str(where)] = lost.get(str(where), 0) + taken
        count -= taken
    return state.model_copy(update={"fortress_steps_lost": lost})


def absorb_in_steps(state: GweState, data: GweData, result: str, targets: Sequence[Hex],
                    units: Sequence[str], affected: int, choice: DefenderChoice
                    ) -> tuple[GweState, list[str]]:
    """11.12, 11.13 with 8.9 (rulings G6, G22): a force with a fortress in it never retreats;
    it loses R/2 of the affected Steps (E: everything), a fortress Step absorbing two. The
    defender writes how many fortress Steps he gives; by default the way that leaves the
    force the most Steps, i.e. the most fortress Steps (G22). The units' share as G8."""
    side = _side(state, data, targets, units)
    forts = defended_fortresses(state, data, targets, side)
    fortress_left = sum(fortress_steps_left(state, w) for w in forts)
    combat_units = [u for u in units if not is_hq(data, u)]
    if result == "E":
        for unit_id in units:
            state = eliminate(state, unit_id)
        state = _fortress_losses(state, forts, fortress_left)
        return state, ["defender: result E, every unit eliminated and the fortress destroyed "
                       "(8.9, 11.12)"]
    loss = fortress_loss(result, affected)
    ways = absorptions(loss, fortress_left, force_steps(state, data, combat_units))
    notes = [f"defender: result {result} with a fortress: {loss} Step(s) to absorb, a "
             "fortress Step counting two, no retreat (11.12, 11.13, ruling G6)"]
    wanted = next((w for w in ways if w[0] == choice.fortress_steps), None)
    if wanted is None:
        if choice.fortress_steps is not None:
            notes.append(f"defender: {choice.fortress_steps} fortress Step(s) do not meet the "
                         "loss exactly (11.13)")
        wanted = max(ways, key=lambda w: (w[0], -w[1]))
        notes.append(f"defender: {wanted[0]} fortress Step(s) and {wanted[1]} unit Step(s), "
                     "the default (ruling G22)")
    else:
        notes.append(f"defender: {wanted[0]} fortress Step(s) and {wanted[1]} unit Step(s) as "
                     "ordered (11.13)")
    state = _fortress_losses(state, forts, wanted[0])
    state = spread_losses(state, data, combat_units, wanted[1], choice.losses)
    state, fates = hq_fates(state, data, targets, side)
    notes.extend(fates)
    for where in forts:
        if state.fortress_destroyed(where):
            notes.append(f"{where}: the fortress is destroyed (11.13)")
    return state, notes


def _apart_fates(state: GweState, data: GweData, before: GweState, targets: Sequence[Hex],
                 counted: Sequence[str], apart: Sequence[str]) -> tuple[GweState, list[str]]:
    """8.66: the retreated units share their hosts' fate: eliminated if the hosts retreated
    or were eliminated, half their Steps (rounded up) lost if the hosts lost Steps."""
    notes: list[str] = []
    for where in targets:
        guests = [u for u in apart if state.unit(u).hex == str(where)]
        if not guests:
            continue
        hosts = [u for u in counted if before.unit(u).hex == str(where) and not is_hq(data, u)]
        if not any(state.unit(u).hex == str(where) for u in hosts):
            for unit_id in guests:
                state = eliminate(state, unit_id)
            notes.append(f"{', '.join(guests)}: their hosts in {where} retreated or were "
                         "eliminated; eliminated too (8.66)")
        elif any(state.unit(u).steps_lost > before.unit(u).steps_lost for u in hosts):
            half = ceil(force_steps(state, data, guests) / 2)
            state = spread_losses(state, data, [u for u in guests if not is_hq(data, u)], half)
            notes.append(f"{', '.join(guests)}: their hosts in {where} lost Steps; they lose "
                         f"{half} (8.66)")
    return state, notes


def apply(state: GweState, data: GweData, result: str, targets: Sequence[Hex],
          counted: Sequence[str], apart: Sequence[str], affected: int, in_supply: bool,
          choice: DefenderChoice) -> Applied:
    """8.54: the defender's result first: in Steps alone with a fortress in the force (G22),
    else his option of 8.9 (G10 by default); then 8.66 for the units apart, and the hexes
    left empty of his units and of an undestroyed fortress (8.71, 5.13)."""
    before = state
    if result == "-":
        return Applied(state, None, ("defender: no effect (8.54)",), ())
    side = _side(state, data, targets, [*counted, *apart])
    if defended_fortresses(state, data, targets, side):
        state, notes = absorb_in_steps(state, data, result, targets, counted, affected, choice)
        applied = Applied(state, None, tuple(notes), ())
    else:
        applied = apply_defender_result(state, data, result, counted, affected, in_supply,
                                        choice, apart)
    state, notes = _apart_fates(applied.state, data, before, targets, counted, apart)
    state = record_retreats(state, data, before, counted)
    vacated = tuple(w for w in targets if not any(data.side_of(u) == side
                                                   for u in state.units_in(w))
                    and not defended_fortresses(state, data, (w,), side))
    return replace(applied, state=state, notes=(*applied.notes, *notes), vacated=vacated)


def record_retreats(state: GweState, data: GweData, before: GweState, units: Sequence[str]
                    ) -> GweState:
    """8.66, 12.17: a unit that retreated (or withdrew) into a hex holding other Friendly
    units is remembered there until the Combat Phase ends."""
    moved = {u: at for u in units if (at := state.unit(u).hex) is not None
             and at != before.unit(u).hex}
    retreated = dict(state.retreated)
    for unit_id, at in moved.items():
        hosts = [u for u in state.units_in(parse_hex(at)) if u not in moved
                 and data.side_of(u) == data.side_of(unit_id)]
        if hosts:
            retreated[unit_id] = at
    if retreated == state.retreated:
        return state
    return state.model_copy(update={"retreated": retreated})
