"""Serbia/Galicia 25.0, 26.33: the Allied Victory Point Total, the towns, passes and hexes that
yield Victory Points each Game-Turn, the points for Steps lost, and the level of victory."""

from __future__ import annotations

from dataclasses import dataclass

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.exclusive.serbia_galicia import supply
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.rules.supply import line_of_supply, supply_sources
from gm.games.gwe.state import GweState

DECISION_IN_GALICIA_START = 35  # 26.33: the Allied markers begin at 35
ALLIED, CENTRAL = "allied", "central"
# 25.2: Victory Points for each Step lost in combat, by nationality (Allied points positive)
STEP_VP = {"AH": 2, "RU": -1}
# 25.2: and for each Stacking Point of a unit entirely eliminated
ELIMINATED_SP_VP = {"AH": 1, "RU": -1}
# 25.3 (which 26.33 calls 25.4, ruling G27): the lowest total of each level, best first; a
# total printed in two rows (15, 5) takes the upper row's level (G27).
LEVELS = ((56, "Allied Strategic"), (36, "Allied Substantive"), (21, "Allied Marginal"),
          (15, "Draw"), (5, "Austro-Hungarian Marginal"), (-10, "Austro-Hungarian Substantive"))
LOWEST_LEVEL = "Austro-Hungarian Decisive"  # -11 or less


@dataclass(frozen=True)
class Award:
    """One town, pass or hex yielding its points this Game-Turn Interphase (25.13)."""

    hex: Hex
    name: str
    side: str
    vp: int

    def __str__(self) -> str:
        return f"{self.name} ({self.hex}): {self.vp:+d} VP to the {self.side} side (25.11)"


def occupier(state: GweState, data: GweData, where: Hex) -> str | None:
    """25.12: the side whose units are in the hex now, else the last to occupy or pass it."""
    sides = {data.side_of(u) for u in state.units_in(where)}
    if len(sides) == 1:
        return sides.pop()
    return state.last_occupied.get(str(where))


def hex_in_supply(state: GweState, data: GweData, where: Hex, side: str) -> bool:
    """25.12, 9.12: a line of supply from the hex to a source one of the side's nationalities
    may use, within its Supply Range (three hexes in Galicia, 9.1): its own country's
    railroads, map edges and depots (5.3, 9.0; ruling G60)."""
    for code, nationality in sorted(data.counters.nationalities.items()):
        if nationality.side != side:
            continue
        if supply.supplied_in_place(data, code, where) is not None:
            return True  # 9.1: a town in Serbia, for the Serbians (ruling G91)
        sources = supply_sources(state, data, side, code)
        if where in sources or line_of_supply(state, data, where, side,
                                              nationality.supply_range, 0, sources,
                                              supply.supply_barriers(data, code)) is not None:
            return True
    return False


def controller(state: GweState, data: GweData, where: Hex) -> str | None:
    """25.12: a Player controls a town if his units were the last to occupy it or move through
    it, or occupy it now, and it is in supply."""
    side = occupier(state, data, where)
    return side if side is not None and hex_in_supply(state, data, where, side) else None


def valued_hexes(data: GweData) -> list[tuple[Hex, str, int]]:
    """25.11, 25.2: each town or city, pass or numbered hex printed with Victory Points."""
    found = []
    for where, entry in sorted(data.hexes.items()):
        for named in (entry.city, entry.landmark):
            if named is not None and named.vp:
                found.append((where, named.name, named.vp))
    return found


def turn_awards(state: GweState, data: GweData) -> list[Award]:
    """25.11, 25.13: the awards of this Game-Turn Interphase: the Allied Player's for the
    positive towns he controls, the Austro-Hungarian's for the negative ones."""
    awards = []
    for where, name, vp in valued_hexes(data):
        side = controller(state, data, where)
        if (vp > 0 and side == ALLIED) or (vp < 0 and side == CENTRAL):
            awards.append(Award(where, name, side, vp))
    return awards


def turn_vp(state: GweState, data: GweData) -> int:
    """25.13: the change to the Allied Victory Point Total this Interphase."""
    return sum(a.vp for a in turn_awards(state, data))


def combat_loss_vp(data: GweData, unit_id: str, steps: int, eliminated: bool) -> int:
    """25.2, 25.14: the points for Steps a unit lost in combat (made as they occur), and for
    its Stacking Points if it was entirely eliminated. Other losses (attrition, 9.22, 26.32)
    award none (ruling G27); HQ units lose no Steps in combat (G8)."""
    if is_hq(data, unit_id):
        return 0
    nationality = data.units[unit_id].nationality
    points = STEP_VP.get(nationality, 0) * steps
    if eliminated:
        points += ELIMINATED_SP_VP.get(nationality, 0) * stacking_points(data.units[unit_id])
    return points


def victory_level(total: int) -> str:
    """25.3 (26.33): the level of victory the Allied Victory Point Total gives."""
    return next((level for lowest, level in LEVELS if total >= lowest), LOWEST_LEVEL)


def level_points(total: int) -> int:
    """A level of victory as points for the ranking (ruling G53): +3 for Allied Strategic
    down to -3 for Austro-Hungarian Decisive, 0 for a Draw."""
    names = [level for _, level in LEVELS] + [LOWEST_LEVEL]
    return names.index("Draw") - names.index(victory_level(total))
