"""Combat (8.0): the odds column (8.4, 8.8), the HQ units' shifts (10.21, 10.22), the Combat
Results Table (8.8) and the Steps a result affects (8.9)."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import CombatTable, ProvisionalResult
from gm.games.gwe.rules.exclusive import tcr_of
from gm.games.gwe.rules.known import PerPosition
from gm.games.gwe.rules.zoc import enemy_zones
from gm.games.gwe.state import GweState

MAX_DIE = 6


@dataclass(frozen=True)
class CrtResult:
    """8.54: the attacker's and the defender's results ("-" none), and the ruling that
    supplied the cell if the rulebook text lacks it (G3)."""

    odds: str
    die: int
    attacker: str
    defender: str
    provisional: str | None = None


def _ratio(odds: str) -> Fraction:
    attack, defense = odds.split("-")
    return Fraction(int(attack), int(defense))


def odds_column(table: CombatTable, attack: int, defense: int) -> int | None:
    """8.4: the column of the ratio rounded in the defender's favour (26 to 9 is 2-1); above
    the last column, the last (8.8); below the first, None: no attack at such odds (8.8)."""
    if defense <= 0:
        return len(table.columns) - 1
    ratio = Fraction(attack, defense)
    fitting = [i for i, odds in enumerate(table.columns) if _ratio(odds) <= ratio]
    return fitting[-1] if fitting else None


def shifted(table: CombatTable, column: int, shift: int) -> int:
    """10.21: `shift` columns to the right, no further than the last (8.8)."""
    return min(column + shift, len(table.columns) - 1)


def crt_result(table: CombatTable, column: int, die: int) -> CrtResult:
    """8.8: the cell under the column for the die; a die modified past 6 reads row 6 (G5)."""
    row = table.rows[min(max(die, 1), MAX_DIE)]
    cell = row[column]
    text, ruling = (cell.result, cell.provisional) if isinstance(cell, ProvisionalResult) \
        else (cell, None)
    attacker, defender = text.split("/")
    return CrtResult(table.columns[column], die, attacker, defender, ruling)


def affected_steps(attacker_steps: int, defender_steps: int) -> int:
    """8.9: the affected Steps are those of the smaller force (all of each if neither is)."""
    return min(attacker_steps, defender_steps)


def command_distance(state: GweState, data: GweData, hq_id: str, target: Hex) -> int | None:
    """10.33: hexes from the HQ's (exclusive) to the target (inclusive), never across a
    Prohibited hexside nor through an Enemy-occupied hex; 10.34: a HQ rated 2-4 not through an
    Enemy-controlled hex without a Friendly unit in it. None if it cannot be traced."""
    return _traced(state, data, hq_id, target=target).get(target)


def command_area(state: GweState, data: GweData, hq_id: str) -> Mapping[Hex, int]:
    """Each hex within the HQ's Command Radius (10.32) as `command_distance` traces it, by its
    distance: found once a position and HQ (each unit of the side asks of each HQ)."""
    rating = data.units[hq_id].hq
    if rating is None:
        return {}
    return _AREAS.get(state, data, hq_id,
                      lambda: _traced(state, data, hq_id, limit=rating.command_radius))


_AREAS: PerPosition[str, Mapping[Hex, int]] = PerPosition()


def _traced(state: GweState, data: GweData, hq_id: str, target: Hex | None = None,
            limit: int | None = None) -> dict[Hex, int]:
    """The hexes traced from the HQ (10.33, 10.34) by their distance, breadth first: until
    `target` is reached, or every hex within `limit`, or every hex the trace reaches."""
    start = state.unit(hq_id).hex
    if start is None:
        return {}
    side, tcr = data.side_of(hq_id), tcr_of(data, hq_id)
    enemies = data.enemies_of(side)
    occupied = {at: data.side_of(u) for u, at in state.on_map()}
    zones = enemy_zones(state, data, side)

    def passable(here: Hex, there: Hex) -> bool:
        if "prohibited" in data.features(here, there) or occupied.get(there) in enemies:
            return False
        return tcr == 1 or occupied.get(there) == side or there not in zones

    origin = parse_hex(start)
    seen, queue = {origin: 0}, deque([origin])
    while queue:
        here = queue.popleft()
        if here == target:
            break
        if limit is not None and seen[here] >= limit:
            continue
        for there in data.neighbours(here):
            if there not in seen and passable(here, there):
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def gives_shift(state: GweState, data: GweData, hq_id: str, attackers: tuple[str, ...]) -> bool:
    """10.21: a HQ's Attack Shift helps an attack if at least half the attacking Steps (HQ
    units and depots aside) are within its Command Radius."""
    assert data.units[hq_id].hq is not None
    counted = [u for u in attackers if data.units[u].type not in ("hq", "depot")]
    steps = {u: len(data.units[u].steps) - state.unit(u).steps_lost for u in counted}
    area = command_area(state, data, hq_id)
    within = 0
    for unit_id in counted:
        at = state.unit(unit_id).hex
        if at is not None and parse_hex(at) in area:
            within += steps[unit_id]
    return sum(steps.values()) > 0 and 2 * within >= sum(steps.values())


def attack_shift(state: GweState, data: GweData, hqs: tuple[str, ...],
                 attackers: tuple[str, ...]) -> int:
    """10.21, 10.22: the columns the chosen HQ units shift an attack, one HQ per Command
    Level (the first named of a level counts; a second of the same level adds nothing)."""
    by_level: dict[str, int] = {}
    for hq_id in hqs:
        rating = data.units[hq_id].hq
        if rating is None or rating.level in by_level:
            continue
        if gives_shift(state, data, hq_id, attackers):
            by_level[rating.level] = rating.attack_shift
    return sum(by_level.values())
