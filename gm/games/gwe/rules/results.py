"""Combat results applied (8.5-8.7, 8.9): the affected Steps and units, the defender's option
and losses, his retreats, the attacker's losses, and advance after combat.

Every choice a player has mid-combat is an explicit argument; when he wrote none the
published default of docs/rulings-gwe.md applies (G8 losses and affected units, G9 retreat
paths, G10 the defender's option, G11 advance): a play-by-mail game never waits for a reply.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from math import ceil

from gm.core.errors import GameError
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import OptionEntry
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.rules import displacement, retreat
from gm.games.gwe.rules.steps import eliminate, is_hq, lose_steps, steps_left
from gm.games.gwe.state import GweState

NO_ADVANCE_RESULTS = ("2", "3")  # 8.75


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


@dataclass(frozen=True)
class DefenderChoice:
    """What the defender wrote ahead for this combat (standing orders): the option of 8.9,
    the affected units if his force is the larger, the units that give each lost Step, and a
    retreat path for each stack by its hex; with a fortress in his force, the fortress Steps
    he gives (11.13, ruling G22). `options` gives the option by result (DEFEND's RESULT r
    OPTION n), for when `option` is None."""

    option: int | None = None
    options: Mapping[str, int] = field(default_factory=dict)
    affected: tuple[str, ...] = ()
    losses: tuple[str, ...] = ()
    paths: Mapping[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    fortress_steps: int | None = None
    hqs: tuple[str, ...] | None = None  # Serbia/Galicia 18.2: None, ruling G41's default


@dataclass(frozen=True)
class Applied:
    state: GweState
    option: int | None  # the option carried out (None for "-")
    notes: tuple[str, ...]
    vacated: tuple[Hex, ...]  # defending hexes left empty of the defender's units (8.71)
    no_advance: bool = False  # 8.75: "Ils ne passeront pas!"
    ordered: bool = False  # the option was the defender's written one (else G10's default)


def _retreat_stack(state: GweState, data: GweData, origin: Hex, side: str, length: int,
                   wanted: tuple[Hex, ...] | None, apart: Collection[str] = ()
                   ) -> tuple[GweState, list[str]]:
    """8.62-8.64: a stack retreats together (units that retreated into it earlier stay,
    8.66). If no path avoids Enemy-controlled hexes, the units rated 1 may take one that
    enters them and the others are eliminated (8.64)."""
    stack = tuple(u for u in state.units_in(origin) if data.side_of(u) == side
                  and u not in apart)
    notes: list[str] = []
    safe = retreat.paths(state, data, origin, side, length, through_zones=False, units=stack)
    movers, chosen = stack, retreat.choose(safe, wanted, f"retreat from {origin}")
    if chosen.path is None:
        rated_1 = tuple(u for u in stack if data.tcr(u) == 1)
        bold = retreat.paths(state, data, origin, side, length, through_zones=True,
                             units=rated_1) if rated_1 else []
        if bold:
            movers, chosen = rated_1, retreat.choose(bold, wanted, f"retreat from {origin}")
            notes.append(f"{origin}: only units rated 1 may retreat through Enemy-controlled "
                         "hexes (8.64)")
    notes.append(chosen.note)
    for unit_id in stack:
        if chosen.path is not None and unit_id in movers:
            state = state.with_unit(unit_id, hex=str(chosen.path.end), entrained=False)
        else:
            state = eliminate(state, unit_id)
    if chosen.path is not None:
        for where in chosen.path.hexes:  # 5.33, 9.15, Serbia/Galicia 25.12: passed through
            state = state.occupied_by(where, side)
        # 10.52: retreats displace Enemy HQ units
        state, displaced = displacement.enemy_hqs_displaced(state, data, chosen.path.end, side)
        notes.extend(displaced)
    return state, notes


def hq_fates(state: GweState, data: GweData, hexes: Sequence[Hex], side: str
             ) -> tuple[GweState, list[str]]:
    """10.53: a HQ unit whose stack's combat units are all eliminated is eliminated too;
    10.54: an army HQ with a reverse side flips and displaces instead (ruling G21)."""
    notes: list[str] = []
    for where in hexes:
        stack = [u for u in state.units_in(where) if data.side_of(u) == side]
        if stack and all(is_hq(data, u) for u in stack):
            for unit_id in stack:
                if displacement.reverse_side_saves(data, state, unit_id):
                    state = lose_steps(state, data, unit_id, 1)
                    state, note = displacement.displace(state, data, unit_id, why="10.54")
                    notes.append(f"{unit_id}: its stack eliminated, flips to its reverse side "
                                 f"(10.54); {note}")
                else:
                    state = eliminate(state, unit_id)
                    notes.append(f"{unit_id}: its stack eliminated, eliminated too (10.53)")
    return state, notes


def carry_out_option(state: GweState, data: GweData, entry: OptionEntry, defenders: Sequence[str],
                     affected: int, choice: DefenderChoice, apart: Collection[str] = ()
                     ) -> tuple[GweState, list[str]]:
    """8.9 Defending Unit Options: the Steps lost from the affected units, then every stack
    holding a surviving affected unit retreats (with the unaffected units in it)."""
    side = data.side_of(defenders[0])
    hexes = sorted({parse_hex(h) for u in defenders if (h := state.unit(u).hex) is not None})
    hit = affected_units(state, data, defenders, affected, (*choice.affected, *choice.losses))
    count = loss_for(entry.lose, affected)
    state = spread_losses(state, data, hit, count, choice.losses)
    notes = [f"defender: loses {count} Step(s) (8.9)",
             *losses_unused("defender", hit, choice.losses)] if count else []
    state, fates = hq_fates(state, data, hexes, side)
    notes.extend(fates)
    if entry.retreat:
        for origin in hexes:
            if any(state.unit(u).hex == str(origin) for u in hit):
                state, said = _retreat_stack(state, data, origin, side, entry.retreat,
                                             choice.paths.get(origin), apart)
                notes.extend(said)
    return state, notes


def _survivors(state: GweState, data: GweData, units: Sequence[str]) -> int:
    return force_steps(state, data, [u for u in units if state.unit(u).place == "map"])


def default_option(state: GweState, data: GweData, result: str, defenders: Sequence[str],
                   affected: int, choice: DefenderChoice, apart: Collection[str] = ()) -> int:
    """Ruling G10: the option that leaves the defending force the most Steps once carried out
    (a blocked retreat eliminating as 8.64 says); of equals, the one listed first (so a
    force that must die anyway holds its ground, 8.75)."""
    entries = data.charts.options.defender[result]  # type: ignore[index]
    kept = [_survivors(carry_out_option(state, data, e, defenders, affected, choice, apart)[0],
                       data, defenders) for e in entries]
    return kept.index(max(kept)) + 1


def apply_defender_result(state: GweState, data: GweData, result: str,
                          defenders: Sequence[str], affected: int, in_supply: bool,
                          choice: DefenderChoice = DefenderChoice(),
                          apart: Collection[str] = ()) -> Applied:
    """8.9, 8.54 (the defender's result first), 8.75: the defender's option carried out, the
    hexes it leaves vacant, and whether the attackers may advance into them."""
    if not defenders:
        raise GameError("a combat needs a defending unit (8.21)")
    hexes = sorted({parse_hex(h) for u in defenders if (h := state.unit(u).hex) is not None})
    if result == "-":
        return Applied(state, None, ("defender: no effect (8.54)",), ())
    entries = data.charts.options.defender[result]  # type: ignore[index]
    notes: list[str] = []
    option = choice.option if choice.option is not None else choice.options.get(result)
    chosen = option is not None and 1 <= option <= len(entries)
    if option is None or not chosen:
        if option is not None:
            notes.append(f"defender: there is no option {option} for result {result} (8.9)")
        option = default_option(state, data, result, defenders, affected, choice, apart)
        notes.append(f"defender: result {result}, option {option}, the default (ruling G10)")
    else:
        notes.append(f"defender: result {result}, option {option} as ordered (8.9)")
    side = data.side_of(defenders[0])
    state, said = carry_out_option(state, data, entries[option - 1], defenders, affected, choice,
                                   apart)
    notes.extend(said)
    vacated = tuple(h for h in hexes if not any(data.side_of(u) == side
                                                for u in state.units_in(h)))
    wiped = all(state.unit(u).place == "eliminated" for u in defenders)
    held = result in NO_ADVANCE_RESULTS and option == 1 and wiped and in_supply
    if held:
        notes.append("Ils ne passeront pas: no attacking unit may advance (8.75)")
    return Applied(state, option, tuple(notes), vacated, held, ordered=chosen)


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
                    data.counters.sides[side].stacking_limit:
                notes.append(f"{unit_id}: would overstack {where}; does not advance (8.71)")
                continue
            state = state.with_unit(unit_id, hex=str(where))
            moved.add(unit_id)
            notes.append(f"{unit_id} advances into {where} (8.71)")
    return state, tuple(notes)
