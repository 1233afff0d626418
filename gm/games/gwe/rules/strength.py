"""Attack Strengths at the instant of combat: halved out of supply (9.21) and again out of
Command Control (10.42), a cavalry force's total cut by 75% against other types (12.21)."""

from __future__ import annotations

from collections.abc import Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.values import current_values
from gm.games.gwe.rules.supply import halved
from gm.games.gwe.state import GweState

SOFT_TARGETS = ("cavalry", "depot", "hq")  # 12.21


def unit_attack(state: GweState, data: GweData, unit_id: str, out_of_supply: bool) -> int:
    """9.21, 10.42: the unit's Attack Strength after Steps lost (8.5), halved if out of
    supply at the instant of combat (9.11), halved again if out of Command Control; a HQ's
    never by supply (10.51); an entrained unit may not attack (5.36)."""
    unit = state.unit(unit_id)
    if unit.entrained:
        return 0
    strength = current_values(data.units[unit_id], unit.steps_lost).attack
    if out_of_supply and data.units[unit_id].type != "hq":
        strength = halved(strength)
    return halved(strength) if unit.out_of_command else strength


def cavalry_attack(total: int, defenders_types: Sequence[str]) -> int:
    """12.21: full against a hex holding only cavalry, depots or HQ units; otherwise the
    cavalry's total reduced by 75%, fractions down (4 attacks as 1)."""
    if all(t in SOFT_TARGETS for t in defenders_types):
        return total
    return total // 4


def force_attack(state: GweState, data: GweData, attackers: Sequence[str],
                 defenders: Sequence[str], unsupplied: Sequence[str] = ()) -> int:
    """8.4: the attackers' total, the cavalry's share as 12.21 says."""
    strengths = {u: unit_attack(state, data, u, u in unsupplied) for u in attackers}
    cavalry = sum(s for u, s in strengths.items() if data.units[u].type == "cavalry")
    others = sum(s for u, s in strengths.items() if data.units[u].type != "cavalry")
    return others + cavalry_attack(cavalry, [data.units[u].type for u in defenders])
