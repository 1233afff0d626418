"""The odds column shifted by HQ units (10.21, 10.22, 10.24): the attacker's HQs to the right,
then, where a game's Exclusive Rules allow it, the defending HQs back to the left."""

from __future__ import annotations

from dataclasses import dataclass

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.models import CombatTable
from gm.games.gwe.rules import combat
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.state import GweState


def shifting_hqs(state: GweState, data: GweData, side: str, attackers: tuple[str, ...],
                 named: tuple[str, ...] | None) -> tuple[tuple[str, ...], list[str]]:
    """The HQs that shift this attack: those named, in order (one per Command Level, 10.22),
    that have not shifted another attack (10.11) and have half the attacking Steps within
    their radius (10.21). Named None: ruling G19's default, every such HQ of the side, per
    level the one of the largest shift (then by id). A Heroic leader attacking here shifts
    no other attack (10.24)."""
    notes: list[str] = []
    game = exclusive_rules(data)
    heroic = [u for u in attackers if is_hq(data, u)]
    if named is None:
        pool = sorted((u for u, _ in state.on_map() if data.side_of(u) == side
                       and is_hq(data, u)),
                      key=lambda u: (-(data.units[u].hq.attack_shift  # type: ignore[union-attr]
                                       ), u))
        pool = [*heroic, *[u for u in pool if u not in heroic]]
    else:
        pool = list(named)
    # a shift in parentheses goes through the others (its game's rule): judged after them
    pool = sorted(pool, key=lambda u: parenthesized(data, u))
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
        if rating.parenthesized:
            problem = game.parenthesized_shift(state, data, hq_id, tuple(levels.values()),
                                               attackers)
            if problem is None:
                levels[rating.level] = hq_id
                notes.append(f"{hq_id}: shifts {rating.attack_shift} column(s) right "
                             f"({game.cite(game.parenthesized_shift_rule)})")
            elif named is not None:
                notes.append(problem)
        elif not game.army_integrity(state, data, hq_id, attackers):
            if named is not None:
                notes.append(f"{hq_id}: not over half the force's Steps of its army, no shift "
                             f"({game.cite(game.army_integrity_rule)})")
        elif combat.gives_shift(state, data, hq_id, attackers):
            levels[rating.level] = hq_id
            notes.append(f"{hq_id}: shifts {rating.attack_shift} column(s) right (10.21)")
        elif named is not None:
            notes.append(f"{hq_id}: fewer than half the attacking Steps within its Command "
                         "Radius (10.21)")
    return tuple(levels.values()), notes


def parenthesized(data: GweData, hq_id: str) -> bool:
    """Whether the unit is a HQ whose Attack Shift is printed in parentheses: given only
    through others, after them (ExclusiveRules.parenthesized_shift)."""
    rating = data.units[hq_id].hq if hq_id in data.units else None
    return rating is not None and rating.parenthesized



@dataclass(frozen=True)
class Shifted:
    """The odds column after every shift: the attacker's HQs that shifted it (`hqs`, by
    `shift` columns), the defender's that shifted it back (`guards`), and what was said."""

    column: int
    hqs: tuple[str, ...]
    shift: int
    guards: tuple[str, ...]
    notes: tuple[str, ...]


def shifted_column(state: GweState, data: GweData, side: str, table: CombatTable, column: int,
                   attackers: tuple[str, ...], defenders: list[str], counted: list[str],
                   named: tuple[str, ...] | None, guarding: tuple[str, ...] | None) -> Shifted:
    """10.21: the attacker's shifts right (`named` HQs, None: ruling G19's default), then
    the defending HQs a game's Exclusive Rules let shift it (`guarding`, None: ruling G41's
    default) left, no further than the first column."""
    hqs, notes = shifting_hqs(state, data, side, attackers, named)
    shift = sum(r.attack_shift for h in hqs if (r := data.units[h].hq) is not None)
    final = combat.shifted(table, column, shift)
    odds = table.columns[final]
    notes.append(f"odds {table.columns[column]}"
                 f"{f', shifted {shift} to {odds}' if shift else ''} (8.4, 10.21)")
    game = exclusive_rules(data)
    guards, said = game.defensive_shifts(state, data, data.side_of(defenders[0]), counted,
                                         guarding) if defenders else ((), [])
    notes.extend(said)
    if guards:
        back = sum(r.attack_shift for h in guards if (r := data.units[h].hq) is not None)
        final = max(final - back, 0)
        cited = game.cite(game.defensive_shift_rule)
        notes.append(f"odds shifted {back} left to {table.columns[final]} ({cited}, "
                     "ruling G41)")
    extra, moved = game.combat_shift(state, data, side, attackers, counted)
    if extra:
        final = min(max(final + extra, 0), len(table.columns) - 1)
        notes += [*moved, f"odds {table.columns[final]}"]
    return Shifted(final, hqs, shift, tuple(guards), tuple(notes))
