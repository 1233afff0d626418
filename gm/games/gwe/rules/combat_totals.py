"""The totals an attack is resolved by (8.4, 5.4): the attack and defense strengths (5.36
entrained defenders, 9.21 supply, 10.42 command, 10.23 heroic leaders, 10.53 HQ defense, 11.11
fortresses, 12.21 cavalry), the die's modifier for the hexsides crossed, and the table the
attack is read on."""

from __future__ import annotations

from collections.abc import Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import HexsideFeature
from gm.games.gwe.data.values import current_values, stacking_points
from gm.games.gwe.rules.exclusive import tcr_of
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.rules.strength import SOFT_TARGETS
from gm.games.gwe.rules.supply import halved
from gm.games.gwe.state import GweState


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
    a game's Exclusive Rules may say otherwise)."""  # Brusilov 17.0
    return max(tcr_of(data, u) for u in attackers if not is_hq(data, u))

