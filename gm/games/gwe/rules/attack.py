"""One attack resolved whole (8.0-8.9): who may take part, the attack and defense totals
(5.4 terrain, 5.36 entrained defenders, 9.21/9.23 supply, 10.42 command, 10.23 heroic leaders,
10.53 HQ defense, 11.11 fortresses, 12.21 cavalry), the odds column and its HQ shifts (8.4,
10.21), the die and its modifiers (5.4), the Combat Results Table (8.8, provisional cells
flagged), 10.43, then the results through `results` (8.9, 8.6, 8.7).

Pure: a state, an attack with both players' written choices (None: the published defaults),
and the dice in; a new state and what happened, each with its rule case, out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import HexsideFeature
from gm.games.gwe.data.values import current_values, stacking_points
from gm.games.gwe.rules import combat, defense
from gm.games.gwe.rules.command import worse_by_command, worsened
from gm.games.gwe.rules.results import (
    Applied,
    DefenderChoice,
    advance,
    apply_attacker_result,
    force_steps,
)
from gm.games.gwe.rules.serbia_galicia import combat as sg
from gm.games.gwe.rules.steps import eliminate, is_hq
from gm.games.gwe.rules.strength import SOFT_TARGETS
from gm.games.gwe.rules.supply import attrition_roll, halved, supply_status
from gm.games.gwe.state import GweState


@dataclass(frozen=True)
class AttackerChoice:
    """What the attacker wrote in his ATTACK: the HQs whose Attack Shift he uses (None: ruling
    G19's default; (): none), the affected units if his force is the larger, the unit that
    gives each Step he loses (8.9, ruling G8), and his advance by vacated hex (8.7, G11)."""

    hqs: tuple[str, ...] | None = None
    affected: tuple[str, ...] = ()
    losses: tuple[str, ...] = ()
    advance: Mapping[Hex, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Attack:
    """8.11, 8.23: the attacking units, the hex (or hexes) they attack, and both players'
    written choices; the defender's None is every default (rulings G8-G10)."""

    attackers: tuple[str, ...]
    targets: tuple[Hex, ...]
    attacker: AttackerChoice = AttackerChoice()
    defender: DefenderChoice | None = None


@dataclass(frozen=True)
class Resolution:
    """The state after the attack and what happened; `made` False if it was not made (no
    attacker left, or odds below the table: 8.8)."""

    state: GweState
    made: bool
    events: tuple[str, ...]
    attack: int = 0
    defense: int = 0
    odds: str | None = None
    result: combat.CrtResult | None = None
    # for the reports (gm/games/gwe/reports): the die as rolled and its modifier, the HQs'
    # shift, the results after 10.43, and the defender's option (ordered, or G10's default)
    die: int | None = None
    modifier: int = 0
    shift: int = 0
    results: tuple[str, str] | None = None
    option: int | None = None
    option_ordered: bool = False


# --- who takes part ----------------------------------------------------------------------------


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
    if unit_id in state.rail_moved and data.tcr(unit_id) != 1:
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


# --- the totals --------------------------------------------------------------------------------


def _crossings(data: GweData, at: Hex, targets: Sequence[Hex]) -> frozenset[HexsideFeature]:
    return frozenset(f for where in targets for f in data.features(at, where))


def attack_total(state: GweState, data: GweData, attackers: Sequence[str],
                 targets: Sequence[Hex], unsupplied: Sequence[str], defenders: Sequence[str]
                 ) -> tuple[int, list[str]]:
    """8.4: each unit's Attack Strength (9.21, 10.42: halved out of supply, again out of
    command; a HQ's never by supply), halved again if it attacks across a Minor River (5.4),
    the cavalry's share cut by 75% (12.21); a Heroic leader adds its Combat Strength only if
    two or more Stacking Points of its stack attack with it (10.23)."""
    notes: list[str] = []
    cavalry = others = 0
    for unit_id in attackers:
        unit = state.unit(unit_id)
        at = parse_hex(str(unit.hex))
        if is_hq(data, unit_id):
            stack = sum(stacking_points(data.units[u]) for u in attackers
                        if state.unit(u).hex == unit.hex and not is_hq(data, u))
            if stack < 2:
                notes.append(f"{unit_id}: stacked with fewer than two attacking Stacking "
                             "Points, adds nothing (10.23)")
                continue
        strength = current_values(data.units[unit_id], unit.steps_lost).attack
        if unit_id in unsupplied and not is_hq(data, unit_id):
            strength = halved(strength)
        if unit.out_of_command:
            notes.append(f"{unit_id}: out of Command Control, Attack Strength {strength} "
                         f"halved to {halved(strength)} (10.42)")
            strength = halved(strength)
        if any(data.charts.hexsides[f].combat.attack_halved
               for f in _crossings(data, at, targets)):
            strength = halved(strength)
            notes.append(f"{unit_id}: attacks across a river, halved (5.4)")
        if data.units[unit_id].type == "cavalry":
            cavalry += strength
        else:
            others += strength
    if cavalry and not all(data.units[u].type in SOFT_TARGETS for u in defenders):
        notes.append(f"cavalry: {cavalry} attacks as {cavalry // 4} against other types (12.21)")
        cavalry //= 4
    return cavalry + others, notes


def hex_defense(state: GweState, data: GweData, where: Hex, units: Sequence[str]
                ) -> tuple[int, list[str], tuple[str, ...]]:
    """The Defense Strength of one attacked hex: its units' (5.36: an entrained unit's halved,
    fractions down; 10.53: a HQ's only with two or more Stacking Points of its side's units),
    multiplied by the hex's terrain and city (5.4, cumulative), then the fortress's added
    (11.11; the weaker value after two Steps lost, 11.14). Returns the total, notes and the
    provisional chart cells read (G4)."""
    notes: list[str] = []
    provisional: list[str] = []
    combat_points = sum(stacking_points(data.units[u]) for u in units if not is_hq(data, u))
    total = 0
    for unit_id in units:
        unit = state.unit(unit_id)
        strength = current_values(data.units[unit_id], unit.steps_lost).defense
        if is_hq(data, unit_id) and combat_points < 2:
            notes.append(f"{unit_id}: with fewer than two Stacking Points, adds nothing (10.53)")
            continue
        if unit.entrained:
            strength //= 2
            notes.append(f"{unit_id}: entrained, defends at half, {strength} (5.36)")
        total += strength
    entry = data.hexes[where]
    rows = [data.charts.terrain[entry.terrain]]
    rows += [data.charts.features["city"]] if entry.city is not None else []
    rows += [data.charts.features["trench"]] if entry.trench else []
    for row in rows:
        if row.combat.defense_multiplier != 1 and total:
            total *= row.combat.defense_multiplier
            marked = f", provisional {row.combat.provisional}" if row.combat.provisional else ""
            notes.append(f"{where}: defense multiplied by {row.combat.defense_multiplier} "
                         f"(5.4{marked})")
        if row.combat.provisional:
            provisional.append(row.combat.provisional)
    fortress = data.fortress(where)
    if fortress is not None and not state.fortress_destroyed(where) and \
            all(data.side_of(u) == fortress.side for u in units):
        lost = state.fortress_steps_lost.get(str(where), 0)
        value = fortress.weakened_defense if lost >= 2 else fortress.defense
        total += value
        notes.append(f"{where}: the fortress adds {value} (11.11{', 11.14' if lost >= 2 else ''})")
    return total, notes, tuple(provisional)


def die_modifier(data: GweData, attackers_at: Sequence[Hex], targets: Sequence[Hex]
                 ) -> tuple[int, list[str], tuple[str, ...]]:
    """5.4: each kind of hexside any attacker attacks across adds its number once (a Ridge
    1; a Major River 1, provisional G4); kinds add up (5.4's notes: cumulative)."""
    kinds = sorted({f for at in attackers_at for f in _crossings(data, at, targets)})
    total, notes, provisional = 0, [], []
    for kind in kinds:
        effect = data.charts.hexsides[kind].combat
        if effect.die_modifier:
            total += effect.die_modifier
            notes.append(f"across a {kind.replace('_', ' ')} hexside: +{effect.die_modifier} "
                         "to the die (5.4)")
            if effect.provisional:
                provisional.append(effect.provisional)
    return total, notes, tuple(provisional)


def table_rating(data: GweData, attackers: Sequence[str]) -> int:
    """8.4, 8.8: the table of the attackers' rating; of mixed ratings, the worst (ruling G18;
    a game's Exclusive Rules may say otherwise, Brusilov 17.0)."""
    return max(data.tcr(u) for u in attackers if not is_hq(data, u))


# --- the HQ shifts (10.21, 10.22, 10.24) -------------------------------------------------------


def shifting_hqs(state: GweState, data: GweData, side: str, attackers: tuple[str, ...],
                 named: tuple[str, ...] | None) -> tuple[tuple[str, ...], list[str]]:
    """The HQs that shift this attack: those named, in order (one per Command Level, 10.22),
    that have not shifted another attack (10.11) and have half the attacking Steps within
    their radius (10.21). Named None: ruling G19's default, every such HQ of the side, per
    level the one of the largest shift (then by id). A Heroic leader attacking here shifts
    no other attack (10.24)."""
    notes: list[str] = []
    heroic = [u for u in attackers if is_hq(data, u)]
    if named is None:
        pool = sorted((u for u, _ in state.on_map() if data.side_of(u) == side
                       and is_hq(data, u)),
                      key=lambda u: (-(data.units[u].hq.attack_shift  # type: ignore[union-attr]
                                       ), u))
        pool = [*heroic, *[u for u in pool if u not in heroic]]
    else:
        pool = list(named)
    levels: dict[str, str] = {}
    for hq_id in pool:
        rating = data.units[hq_id].hq if hq_id in data.units else None
        if rating is None or data.side_of(hq_id) != side or state.unit(hq_id).hex is None:
            notes.append(f"{hq_id}: not a HQ of {side} on the map (10.21)")
            continue
        if rating.level in levels or hq_id in state.shifts_used or not rating.attack_shift:
            if named is not None:
                notes.append(f"{hq_id}: no shift here (10.11, 10.22)")
            continue
        if not sg.army_integrity(state, data, hq_id, attackers):  # Serbia/Galicia 18.1
            if named is not None:
                notes.append(sg.integrity_note(hq_id))
        elif combat.gives_shift(state, data, hq_id, attackers):
            levels[rating.level] = hq_id
            notes.append(f"{hq_id}: shifts {rating.attack_shift} column(s) right (10.21)")
        elif named is not None:
            notes.append(f"{hq_id}: fewer than half the attacking Steps within its Command "
                         "Radius (10.21)")
    return tuple(levels.values()), notes


# --- the whole attack --------------------------------------------------------------------------


def _supply_at_instant(state: GweState, data: GweData, units: Sequence[str], attacking: bool
                       ) -> list[str]:
    """9.11: the units (HQs aside) out of supply at the instant of combat."""
    return [u for u in units if not is_hq(data, u)
            and not supply_status(state, data, u, attacking=attacking).in_supply]


def resolve_attack(state: GweState, data: GweData, side: str, attack: Attack, dice: Dice
                   ) -> Resolution:
    """8.0: one attack by `side`, the Phasing Player, resolved and applied before any other
    (8.73); see the module's docstring."""
    events: list[str] = []
    targets = tuple(sorted(set(attack.targets)))
    for where in targets:
        problem = target_problem(state, data, where, side)
        if problem is not None:
            return Resolution(state, False, (f"attack on {where} not made: {problem}",))
    attackers = []
    for unit_id in dict.fromkeys(attack.attackers):
        problem = attacker_problem(state, data, unit_id, side, targets)
        if problem is None:
            attackers.append(unit_id)
        else:
            events.append(f"{problem}; does not attack")
    where_text = " ".join(str(t) for t in targets)
    if not any(not is_hq(data, u) for u in attackers):
        return Resolution(state, False, (*events, f"attack on {where_text} not made: no unit "
                                                  "may attack it (8.11)"))
    for unit_id in _supply_at_instant(state, data, attackers, attacking=True):  # 9.23
        state, note = attrition_roll(state, data, unit_id, dice, why="9.23")
        events.append(note)
    unsupplied = _supply_at_instant(state, data, attackers, attacking=True)
    fighting = state  # Serbia/Galicia 25.2: the losses from here on are combat's
    attackers = [u for u in attackers if state.unit(u).place == "map"]
    if not any(not is_hq(data, u) for u in attackers):
        return Resolution(state, False, (*events, f"attack on {where_text} not made: attrition "
                                                  "left no attacker (9.23)"))
    defenders = defender_side(state, data, targets, side)
    apart = defense.retreated_into(state, targets, defenders)
    counted = [u for u in defenders if u not in apart]
    for unit_id in apart:
        events.append(f"{unit_id}: retreated into {state.unit(unit_id).hex} this Combat "
                      "Phase, adds no strength and no Steps (8.66, 12.17)")

    total_attack, notes = attack_total(state, data, attackers, targets, unsupplied, counted)
    events.extend(notes)
    total_defense = 0
    provisional: list[str] = []
    for where in targets:
        strength, notes, marked = hex_defense(
            state, data, where, [u for u in counted if state.unit(u).hex == str(where)])
        total_defense += strength
        events.extend(notes)
        provisional.extend(marked)
    at_hexes = sorted({parse_hex(str(state.unit(u).hex)) for u in attackers})
    modifier, notes, marked = die_modifier(data, at_hexes, targets)
    events.extend(notes)
    provisional.extend(marked)

    rating = table_rating(data, attackers)
    table = data.combat_table(rating)
    column = combat.odds_column(table, total_attack, total_defense)
    events.append(f"attack {total_attack} against defense {total_defense}, table of "
                  f"rating {rating} (8.4, 8.8)")
    if column is None:
        return Resolution(state, False, (*events, f"attack on {where_text} not made: below "
                                                  f"{table.columns[0]} (8.8)"),
                          total_attack, total_defense)
    hqs, notes = shifting_hqs(state, data, side, tuple(attackers), attack.attacker.hqs)
    events.extend(notes)
    shift = sum(r.attack_shift for h in hqs if (r := data.units[h].hq) is not None)
    final = combat.shifted(table, column, shift)
    odds = table.columns[final]
    events.append(f"odds {table.columns[column]}"
                  f"{f', shifted {shift} to {odds}' if shift else ''} (8.4, 10.21)")
    guards, notes = sg.defensive_shifts(state, data, data.side_of(defenders[0]), counted,
                                        attack.defender.hqs if attack.defender else None) \
        if defenders else ((), [])
    events.extend(notes)
    if guards:  # Serbia/Galicia 18.2: after the attacker's shifts, no further than the first
        back = sum(r.attack_shift for h in guards if (r := data.units[h].hq) is not None)
        final = max(final - back, 0)
        odds = table.columns[final]
        events.append(f"odds shifted {back} left to {odds} ({sg.CITE}:18.2, ruling G41)")
    die = dice.die(f"8.4 combat die: {', '.join(attackers)} against {where_text}")
    result = combat.crt_result(table, final, die + modifier)
    if result.provisional:
        provisional.append(result.provisional)
    cell = f", provisional {result.provisional}" if result.provisional else ""
    events.append(f"die {die}{f' +{modifier}' if modifier else ''}: {result.attacker}/"
                  f"{result.defender} (8.8{cell})")
    for ruling in sorted(set(provisional)):
        events.append(f"a provisional chart cell was read (ruling {ruling}): the GM's "
                      "printed table replaces it")
    attacker_result, defender_result = result.attacker, result.defender
    if worse_by_command(state, data, attackers, phasing=True):
        attacker_result = worsened(attacker_result, attacker=True)
        events.append(f"attacker: out of Command Control, result {attacker_result} (10.43)")
    if worse_by_command(state, data, counted, phasing=False):
        defender_result = worsened(defender_result, attacker=False)
        events.append(f"defender: out of every HQ's Command Radius, result "
                      f"{defender_result} (10.43)")

    state = state.model_copy(update={
        "fought": state.fought | set(attackers) | set(defenders),
        "shifts_used": state.shifts_used | set(hqs) | set(guards)
        | {u for u in attackers if is_hq(data, u)}})
    for unit_id in defenders:  # 5.36: attacked, they detrain
        if state.unit(unit_id).entrained:
            state = state.with_unit(unit_id, entrained=False)
            events.append(f"{unit_id}: attacked, detrains (5.36)")
    in_supply = not _supply_at_instant(state, data, counted, attacking=False)
    attacking_steps = force_steps(state, data, attackers)
    defending_steps = defense.force_size(state, data, counted, targets)
    affected = combat.affected_steps(attacking_steps, defending_steps)
    events.append(f"attacker {attacking_steps} Steps, defender {defending_steps}: "
                  f"{affected} affected (8.9)")
    applied = defense.apply(state, data, defender_result, targets, counted, apart, affected,
                            in_supply, attack.defender or DefenderChoice())
    events.extend(applied.notes)
    state, note = apply_attacker_result(applied.state, data, attacker_result,
                                        [u for u in attackers if not is_hq(data, u)],
                                        affected, attack.attacker.affected,
                                        attack.attacker.losses)
    events.append(note)
    state = _attacking_hq_fates(state, data, attackers)
    state, advanced = advance(state, data, applied, attackers, attack.attacker.advance)
    events.extend(advanced)
    state = _record_advance(state, data, applied, side)
    state, awarded = sg.award_combat_losses(fighting, state, data)  # 25.14
    events.extend(awarded)
    return Resolution(state, True, tuple(events), total_attack, total_defense, odds, result,
                      die, modifier, shift, (attacker_result, defender_result), applied.option,
                      applied.ordered)


def _attacking_hq_fates(state: GweState, data: GweData, attackers: Sequence[str]) -> GweState:
    """10.53: a Heroic leader shares its stack's fate; alone after the result, eliminated."""
    for unit_id in attackers:
        at = state.unit(unit_id).hex
        if is_hq(data, unit_id) and at is not None and not any(
                not is_hq(data, u) and data.side_of(u) == data.side_of(unit_id)
                for u in state.units_in(parse_hex(at))):
            state = eliminate(state, unit_id)
    return state


def _record_advance(state: GweState, data: GweData, applied: Applied, side: str) -> GweState:
    """5.33, 9.15: a vacated hex the attacker advanced into was last occupied by him."""
    for where in applied.vacated:
        if any(data.side_of(u) == side for u in state.units_in(where)):
            state = state.occupied_by(where, side)
    return state
