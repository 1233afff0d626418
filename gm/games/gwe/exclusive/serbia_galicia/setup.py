"""Serbia/Galicia 26.31: the Decision in Galicia set-up checked: each unit on the Sept. 1 start
line within its army's boundaries and on its own side of the line, and every start-line hex
covered by the side's units or their Zones of Control (ruling G29)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import DIRECTIONS, Hex, parse_hex
from gm.games.gwe.data.models import StartLine
from gm.games.gwe.data.values import army_of, sector_armies
from gm.games.gwe.rules.stacking import overstacked
from gm.games.gwe.rules.steps import enemy_units_in
from gm.games.gwe.rules.supply import rail_sources, supplied_depots
from gm.games.gwe.rules.zoc import controlled_hexes
from gm.games.gwe.state import GweState

__all__ = ["army_of", "deployment_problems", "sector_armies", "sector_army", "setup_hexes",
           "setup_problems", "start_line"]

# Walking the start line as the data lists it (north-west to south-east), the Russians (north
# and east of it, 26.31) are on its left; the Austro-Hungarians (south and west) on its right.
LEFT_SIDE = "allied"
CENTRAL = "central"  # 26.31: the Austro-Hungarian Player sets up first


def sector_army(line: StartLine, side: str) -> str | None:
    """The army whose boundaries a start-line sector lies in for a side, as the data set
    names it (`armies: {central: "1", allied: "4"}`; several joined by `+`, sector_armies;
    ruling G29)."""
    return line.armies.get(side)


def start_line(data: GweData) -> tuple[Hex, ...]:
    return tuple(parse_hex(h) for line in data.map.start_lines for h in line.hexes)


def _sides(data: GweData) -> dict[Hex, str]:
    """Each hex beside the start line, off it, and the side of the line it lies on; a hex the
    line's bends put on both sides is on neither."""
    line = start_line(data)
    found: dict[Hex, set[str]] = {}
    for a, b in itertools.pairwise(line):
        heading = a.direction_to(b)
        if heading is None:
            continue
        turn = DIRECTIONS.index(heading)
        for offsets, side in (((1, 2), "right"), ((4, 5), "left")):
            for here in (a, b):
                for offset in offsets:
                    there = here.neighbour(DIRECTIONS[(turn + offset) % 6])
                    if there is not None and there not in line and data.on_map(there):
                        found.setdefault(there, set()).add(side)
    right = next(s for s in data.counters.sides if s != LEFT_SIDE)
    return {h: (LEFT_SIDE if s == {"left"} else right) for h, s in found.items() if len(s) == 1}


def setup_hexes(data: GweData, unit_id: str) -> frozenset[Hex]:
    """26.31: where a unit may set up: a start-line hex of its army's sector, or a hex beside
    one on its own side of the line (a supply depot: anywhere in supply, see setup_problems;
    ruling G32)."""
    _, army = army_of(unit_id)
    side, sides = data.side_of(unit_id), _sides(data)
    own = {parse_hex(h) for line in data.map.start_lines
           if army in sector_armies(sector_army(line, side)) for h in line.hexes}
    beside = {n for h in own for n in data.neighbours(h) if sides.get(n) == side}
    return frozenset(own | beside)


def setup_problems(state: GweState, data: GweData, side: str) -> list[str]:
    """26.31: what is wrong with a side's set-up, each with its case: a unit of the scenario's
    start (no reinforcement) not on the map, a unit outside its army's part of the start line
    (a supply depot: out of supply, ruling G32),
    a hex shared with the Enemy, a hex over the Stacking limit, a start-line hex neither
    occupied by the side nor in its Zone of Control."""
    problems = []
    units = sorted(u.id for u in data.counters.units
                   if data.side_of(u.id) == side and u.arrives is None)
    nationalities = {data.units[u].nationality for u in units}
    supplied = {d for n in sorted(nationalities)  # each country's own depots and rails (5.3)
                for d in supplied_depots(state, data, side, rail_sources(state, data, side, n),
                                         n)}
    for unit_id in units:
        if state.unit(unit_id).place == "eliminated":  # out of the game (a case leaves it out)
            continue
        where = state.unit(unit_id).hex
        if where is None:
            problems.append(f"{unit_id}: not set up; every unit sets up on the start line "
                            "(Serbia/Galicia 26.31)")
        elif data.units[unit_id].type == "depot":
            if unit_id not in supplied:
                problems.append(f"{unit_id}: {where} is out of supply; a supply depot sets up "
                                "where it is in supply, to build its side's supply lines "
                                "(9.16; Serbia/Galicia 26.31, ruling G32)")
        elif parse_hex(where) not in setup_hexes(data, unit_id):
            nationality, army = army_of(unit_id)
            problems.append(f"{unit_id}: {where} is not on the start line within the "
                            f"{nationality} {army} Army's boundaries, on its side "
                            "(Serbia/Galicia 26.31)")
        elif enemy_units_in(state, data, parse_hex(where), side):
            problems.append(f"{unit_id}: {where} holds Enemy units (5.13)")
    problems += [f"{o} (Serbia/Galicia 6.11)" for o in overstacked(state, data) if o.side == side]
    occupied = {at for u, at in state.on_map() if data.side_of(u) == side}
    covered = occupied | controlled_hexes(state, data, side)
    problems += [f"{h}: a start-line hex not covered: neither occupied by the {side} side's "
                 "units nor in their Zone of Control (Serbia/Galicia 26.31)"
                 for h in start_line(data) if h not in covered]
    return problems


def deployment_problems(state: GweState, data: GweData, hexes: Mapping[str, Hex]) -> list[str]:
    """26.31 for a whole default deployment: the Austro-Hungarians placed and checked first,
    then the Russians beside them; each side's set-up problems (both must cover the line)."""
    problems = []
    for side in (CENTRAL, LEFT_SIDE):
        for unit_id, where in hexes.items():
            if unit_id in data.units and data.side_of(unit_id) == side:
                state = state.with_unit(unit_id, place="map", hex=str(where))
        problems += setup_problems(state, data, side)
    return problems


def setup_refusal(data: GweData, unit_id: str, where: Hex) -> tuple[str, str] | None:
    """26.31: why the unit may not DEPLOY in the hex (the words, the case), None if it may. A
    supply depot is bound to no sector: it sets up wherever it is in supply, which the side's
    set-up check says when the deployment closes (setup_problems; ruling G32)."""
    if where in setup_hexes(data, unit_id) or data.units[unit_id].type == "depot":
        return None
    nationality, army = army_of(unit_id)
    return (f"{where} is not on the start line within the {nationality} {army} Army's "
            "boundaries, on its own side", "Serbia/Galicia 26.31, ruling G29")
