"""The defender's combat result applied (8.5, 8.6, 8.9): his option (ordered, or ruling G10's
default), its Steps lost (through `losses`), his retreats and his HQs' fates; what it leaves
vacant for the attacker's advance (8.7, `advance`).

Every choice a player has mid-combat is an explicit argument; when he wrote none the
published default of docs/rulings-gwe.md applies (G8 losses and affected units, G9 retreat
paths, G10 the defender's option, G11 advance): a play-by-mail game never waits for a reply.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from gm.core.errors import GameError
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import OptionEntry
from gm.games.gwe.rules import displacement, retreat
from gm.games.gwe.rules.exclusive import tcr_of
from gm.games.gwe.rules.losses import (
    affected_units,
    force_steps,
    loss_for,
    losses_unused,
    spread_losses,
)
from gm.games.gwe.rules.steps import eliminate, is_hq, lose_steps
from gm.games.gwe.state import GweState

NO_ADVANCE_RESULTS = ("2", "3")  # 8.75


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
        rated_1 = tuple(u for u in stack if tcr_of(data, u) == 1)
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
