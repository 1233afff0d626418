"""Supply (9.0): Friendly supply sources (9.13, 9.15, 9.16), lines of supply (9.12, 9.14,
9.17, 7.24), the effects of being out of supply (9.21) and attrition (9.22-9.24, 11.22)."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from math import ceil

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.rules.countries import (
    friendly_edge,
    in_country,
    nationality_country,
    unit_country,
)
from gm.games.gwe.rules.exclusive import exclusive_rules, tcr_of
from gm.games.gwe.rules.rail import friendly_line
from gm.games.gwe.rules.steps import enemy_occupied, is_hq, lose_steps, steps_left
from gm.games.gwe.rules.zoc import blocks_tracing
from gm.games.gwe.state import GweState

MAX_ZONES_TCR_1 = 2  # 9.14: a unit rated 1 may trace through two Enemy-controlled hexes
ATTRITION_DICE = (1, 2, 3)  # 9.22


def _clear(state: GweState, data: GweData, where: Hex, side: str) -> bool:
    """Neither Enemy-occupied (9.17: HQ units alone do not count) nor Enemy-controlled (7.24:
    unless Friendly units or a Friendly fortress are in it)."""
    return not enemy_occupied(state, data, where, side) and \
        not blocks_tracing(state, data, where, side)


def rail_sources(state: GweState, data: GweData, side: str, nationality: str | None = None
                 ) -> frozenset[Hex]:
    """9.13, 9.15: the side's railroad hexes joined by contiguous rail hexes, each free of
    Enemy-occupied and Enemy-controlled hexes, to a Friendly map edge (the map-exit end of a
    Friendly line), and not last occupied by an Enemy unit. With a `nationality`, where its
    game's Exclusive Rules tie them to countries, only its own country's railroads and edges.
    A line of no side is Friendly to either, as for rail movement (`friendly_line`)."""
    lines = [line for line in data.map.rail_lines if friendly_line(line.side, side)]
    country = nationality_country(data, nationality)
    links: dict[Hex, set[Hex]] = {}
    for line in lines:
        hexes = [parse_hex(h) for h in line.hexes]
        for a, b in itertools.pairwise(hexes):
            if in_country(data, a, country) and in_country(data, b, country):
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
    exits = [parse_hex(line.hexes[-1]) for line in lines if line.exits_map
             and friendly_edge(data, parse_hex(line.hexes[-1]), nationality)]
    reached = {h for h in exits if _clear(state, data, h, side)}
    queue = deque(reached)
    while queue:
        here = queue.popleft()
        for there in sorted(links.get(here, ())):
            if there not in reached and _clear(state, data, there, side):
                reached.add(there)
                queue.append(there)
    enemies = data.enemies_of(side)
    return frozenset(h for h in reached if state.last_occupied.get(str(h)) not in enemies)


def supply_range(data: GweData, unit_id: str) -> int:
    """9.12: the unit's Supply Range, given by its game's Exclusive Rules."""
    return exclusive_rules(data).supply_range(data, unit_id)


def line_of_supply(state: GweState, data: GweData, origin: Hex, side: str, reach: int,
                   zones_allowed: int, sources: Iterable[Hex],
                   barriers: frozenset[str] = frozenset()) -> tuple[Hex, ...] | None:
    """9.12-9.14: the shortest line from `origin` (not counted) to a source, at most `reach`
    hexes, never across a Prohibited hexside (nor one with any of the `barriers` a game's
    Exclusive Rules set: `supply_barriers`) nor into an Enemy-occupied hex, through at most
    `zones_allowed` Enemy-controlled hexes (7.24). None if there is none."""
    barred = barriers | {"prohibited"}
    targets = frozenset(sources)
    start = (origin, 0)
    came: dict[tuple[Hex, int], tuple[Hex, int] | None] = {start: None}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        here, zones = node
        if here in targets:
            path = []
            step: tuple[Hex, int] | None = node
            while step is not None and step != start:
                path.append(step[0])
                step = came[step]
            return tuple(reversed(path))
        if depth[node] == reach:
            continue
        for there in data.neighbours(here):
            if not barred.isdisjoint(data.features(here, there)) or \
                    enemy_occupied(state, data, there, side):
                continue
            nxt = (there, zones + blocks_tracing(state, data, there, side))
            if nxt[1] <= zones_allowed and nxt not in came:
                came[nxt], depth[nxt] = node, depth[node] + 1
                queue.append(nxt)
    return None


def supplied_depots(state: GweState, data: GweData, side: str,
                    rails: frozenset[Hex], nationality: str | None = None) -> frozenset[str]:
    """9.16: a depot within its Supply Range, free of Enemy-occupied and Enemy-controlled
    hexes, of a usable rail hex or of another supplied depot; depots may form a chain (with
    a `nationality` whose game ties supply to countries, that country's depots; without one,
    the side's)."""
    country = nationality_country(data, nationality)
    depots = {u: at for u, at in state.on_map()
              if data.side_of(u) == side and data.units[u].type == "depot"
              and (country is None or unit_country(data, u) in (None, country))}
    supplied: set[str] = set()
    grew = True
    while grew:
        grew = False
        sources = set(rails) | {depots[d] for d in supplied}
        for depot, at in sorted(depots.items()):
            if depot not in supplied and (_supplied_in_place(data, depot, at) or line_of_supply(
                    state, data, at, side, supply_range(data, depot), 0, sources,
                    _barriers(data, depot)) is not None):
                supplied.add(depot)
                grew = True
    return frozenset(supplied)


def supply_sources(state: GweState, data: GweData, side: str, nationality: str | None = None
                   ) -> frozenset[Hex]:
    """9.13: usable Friendly rail hexes and map edges, and supplied depots' hexes (a
    nationality's own, where its Exclusive Rules tie supply to countries: `rail_sources`)."""
    rails = rail_sources(state, data, side, nationality)
    depots = supplied_depots(state, data, side, rails, nationality)
    return rails | {parse_hex(h) for d in depots if (h := state.unit(d).hex) is not None} | \
        exclusive_rules(data).supply_sources(state, data, side, nationality)


@dataclass(frozen=True)
class SupplyStatus:
    in_supply: bool
    rule: str


def supply_status(state: GweState, data: GweData, unit_id: str, attacking: bool = False,
                  sources: frozenset[Hex] | None = None) -> SupplyStatus:
    """Whether a unit on the map is in supply now (9.11: the caller says when)."""
    at_text = state.unit(unit_id).hex
    if at_text is None:
        return SupplyStatus(True, "9.0: not on the map")
    at, side = parse_hex(at_text), data.side_of(unit_id)
    if is_hq(data, unit_id):
        return SupplyStatus(True, "10.35: supply has no effect on HQ units")
    in_place = _supplied_in_place(data, unit_id, at)
    if in_place is not None:
        return SupplyStatus(True, in_place)
    if sources is None:
        sources = supply_sources(state, data, side, data.units[unit_id].nationality)
    if at in sources:
        return SupplyStatus(True, "9.13: on a Friendly supply source")
    zones = MAX_ZONES_TCR_1 if tcr_of(data, unit_id) == 1 else 0
    if line_of_supply(state, data, at, side, supply_range(data, unit_id), zones,
                      sources, _barriers(data, unit_id)) is not None:
        return SupplyStatus(True, "9.12: a line of supply within its Supply Range")
    if not attacking and feeds_off_fortress(state, data, unit_id):
        return SupplyStatus(True, "11.22: feeding off a Friendly fortress")
    return SupplyStatus(False, "9.12: no line of supply within its Supply Range")


def _supplied_in_place(data: GweData, unit_id: str, at: Hex) -> str | None:
    return exclusive_rules(data).supplied_in_place(data, data.units[unit_id].nationality, at)


def _barriers(data: GweData, unit_id: str) -> frozenset[str]:
    return exclusive_rules(data).supply_barriers(data, data.units[unit_id].nationality)


def feeds_off_fortress(state: GweState, data: GweData, unit_id: str) -> bool:
    """11.22: one unit stacked with a Friendly fortress is in supply while it does not attack
    (ruling G12: the first of the hex's non-HQ units by id)."""
    at_text = state.unit(unit_id).hex
    if at_text is None:
        return False
    at, side = parse_hex(at_text), data.side_of(unit_id)
    fortress = data.fortress(at)
    if fortress is None or fortress.side != side or state.fortress_destroyed(at):
        return False
    feeders = sorted(u for u in state.units_in(at) if data.side_of(u) == side
                     and not is_hq(data, u))
    return bool(feeders) and feeders[0] == unit_id


def determine_supply(state: GweState, data: GweData, side: str) -> GweState:
    """4.0 A.1a, 9.11: mark each of the side's units on the map in or out of supply."""
    sources: dict[str, frozenset[Hex]] = {}  # by nationality
    for unit_id, _ in sorted(state.on_map()):
        if data.side_of(unit_id) == side:
            nationality = data.units[unit_id].nationality
            if nationality not in sources:
                sources[nationality] = supply_sources(state, data, side, nationality)
            status = supply_status(state, data, unit_id, sources=sources[nationality])
            state = state.with_unit(unit_id, out_of_supply=not status.in_supply)
    return state


def halved(strength: int) -> int:
    """9.21: halved, fractions down, but never below one (a zero stays zero)."""
    return max(strength // 2, 1) if strength > 0 else 0


def attrition_roll(state: GweState, data: GweData, unit_id: str, dice: Dice,
                   why: str = "9.22") -> tuple[GweState, str]:
    """9.22: on a die of 1-3 the unit loses half its remaining Steps, rounded up."""
    at = state.unit(unit_id).hex
    die = dice.die(f"{why} attrition of {unit_id} in {at}")
    if die not in ATTRITION_DICE:
        return state, f"{unit_id}: attrition die {die}, no loss ({why})"
    loss = ceil(steps_left(state, data, unit_id) / 2)
    state = lose_steps(state, data, unit_id, loss)
    eliminated = state.unit(unit_id).place == "eliminated"
    return state, (f"{unit_id}: attrition die {die}, loses {loss} Step(s)"
                   f"{', eliminated' if eliminated else ''} ({why})")


def attrition(state: GweState, data: GweData, side: str, dice: Dice
              ) -> tuple[GweState, tuple[str, ...]]:
    """4.0 A.1e, 9.22, 9.24: supply determined afresh, then a die for each of the side's units
    out of supply, HQ units aside, in the order of their ids."""
    state = determine_supply(state, data, side)
    notes = []
    for unit_id, _ in sorted(state.on_map()):
        unit = state.unit(unit_id)
        if data.side_of(unit_id) == side and unit.out_of_supply and not is_hq(data, unit_id):
            state, note = attrition_roll(state, data, unit_id, dice)
            notes.append(note)
    return state, tuple(notes)
