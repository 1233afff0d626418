"""One attack resolved whole (8.0-8.9): who may take part (`participants`), the attack and
defense totals and the die's modifiers (`combat_totals`), the odds column and its HQ shifts
(8.4, `hq_shifts`), the Combat Results Table (8.8, provisional cells flagged), 10.43, then the
results (8.9, 8.6: `results`, `losses`; 8.7: `advance`).

Pure: a state, an attack with both players' written choices (None: the published defaults),
and the dice in; a new state and what happened, each with its rule case, out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.rules import combat, defense
from gm.games.gwe.rules.advance import advance, record_advance
from gm.games.gwe.rules.attack_costs import pay_for_attack
from gm.games.gwe.rules.combat_totals import attack_total, die_modifier, hex_defense, table_rating
from gm.games.gwe.rules.command import worse_by_command, worsened
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.hq_shifts import shifted_column
from gm.games.gwe.rules.losses import apply_attacker_result, force_steps
from gm.games.gwe.rules.participants import attacker_problem, defender_side, target_problem
from gm.games.gwe.rules.results import DefenderChoice
from gm.games.gwe.rules.steps import eliminate, is_hq
from gm.games.gwe.rules.supply import attrition_roll, supply_status
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
    monitor: bool = False  # the game's flotilla attacks too, or alone (ExclusiveRules.flotilla)


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
    game = exclusive_rules(data)
    flotilla = game.flotilla if attack.monitor else None
    alone = flotilla is not None and not attack.attackers  # MONITOR without a unit
    if not alone and not any(not is_hq(data, u) for u in attackers):
        return Resolution(state, False, (*events, f"attack on {where_text} not made: no unit "
                                                  "may attack it (8.11)"))
    state, refused, spent = pay_for_attack(state, data, attackers)
    if refused is not None:
        return Resolution(state, False, (*events, f"attack on {where_text} not made: {refused}"))
    events.extend(spent)
    for unit_id in _supply_at_instant(state, data, attackers, attacking=True):  # 9.23
        state, note = attrition_roll(state, data, unit_id, dice, why="9.23")
        events.append(note)
    unsupplied = _supply_at_instant(state, data, attackers, attacking=True)
    fighting = state  # a game's Victory Points for combat losses count from here on
    attackers = [u for u in attackers if state.unit(u).place == "map"]
    if not alone and not any(not is_hq(data, u) for u in attackers):
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
    if flotilla is not None:
        total_attack += flotilla.strength
        events.append(f"{flotilla.name}: +{flotilla.strength} Attack Strength"
                      f"{' alone' if alone else ''} ({game.cite(flotilla.rule)})")
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
    added, said = game.combat_die_modifier(state, data, side, attackers, counted)
    modifier += added
    events.extend(said)
    provisional.extend(marked)

    rating = data.counters.nationalities[flotilla.nationality].tcr if alone and flotilla \
        else table_rating(data, attackers)
    table = data.combat_table(rating)
    column = combat.odds_column(table, total_attack, total_defense)
    events.append(f"attack {total_attack} against defense {total_defense}, table of "
                  f"rating {rating} (8.4, 8.8)")
    if column is None:
        return Resolution(state, False, (*events, f"attack on {where_text} not made: below "
                                                  f"{table.columns[0]} (8.8)"),
                          total_attack, total_defense)
    shifted = shifted_column(state, data, side, table, column, tuple(attackers), defenders,
                             counted, () if alone else attack.attacker.hqs,
                             attack.defender.hqs if attack.defender else None)
    events.extend(shifted.notes)
    hqs, guards, shift, final = shifted.hqs, shifted.guards, shifted.shift, shifted.column
    odds = table.columns[final]
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
        "combat_turns": {**state.combat_turns, **dict.fromkeys(
            (*attackers, *defenders), state.turn)},
        "shifts_used": state.shifts_used | set(hqs) | set(guards)
        | {u for u in attackers if is_hq(data, u)}})
    for unit_id in defenders:  # 5.36: attacked, they detrain
        if state.unit(unit_id).entrained:
            state = state.with_unit(unit_id, entrained=False)
            events.append(f"{unit_id}: attacked, detrains (5.36)")
    in_supply = not _supply_at_instant(state, data, counted, attacking=False)
    attacking_steps = force_steps(state, data, attackers)
    defending_steps = defense.force_size(state, data, counted, targets)
    affected = defending_steps if alone else combat.affected_steps(attacking_steps,
                                                                   defending_steps)
    events.append(f"attacker {attacking_steps} Steps, defender {defending_steps}: "
                  f"{affected} affected (8.9{', ruling G93' if alone else ''})")
    applied = defense.apply(state, data, defender_result, targets, counted, apart, affected,
                            in_supply, attack.defender or DefenderChoice())
    events.extend(applied.notes)
    if alone and flotilla is not None:
        state, note = applied.state, (f"attacker: result {attacker_result} ignored, "
                                      f"{flotilla.name} attacked alone "
                                      f"({game.cite(flotilla.rule)})")
    else:
        state, note = apply_attacker_result(applied.state, data, attacker_result,
                                            [u for u in attackers if not is_hq(data, u)],
                                            affected, attack.attacker.affected,
                                            attack.attacker.losses)
    events.append(note)
    state = _attacking_hq_fates(state, data, attackers)
    state, advanced = advance(state, data, applied, attackers, attack.attacker.advance)
    events.extend(advanced)
    state = record_advance(state, data, applied, side)
    state, awarded = game.combat_losses(fighting, state, data)
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

