"""Railroad and off-map movement (5.3): entraining (5.32), moving along Friendly rail (5.33),
the Rail Capacity a Movement Phase (5.31, 5.38) and the off-map links (5.37, 14.23)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import get_args

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import OffMapLink, RailLine
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.rules.countries import in_country, unit_country
from gm.games.gwe.rules.exclusive import exclusive_rules, tcr_of
from gm.games.gwe.rules.steps import enemy_occupied, is_hq
from gm.games.gwe.rules.zoc import enemy_controlled
from gm.games.gwe.state import GweState

RAIL_KINDS = get_args(RailLine.model_fields["kind"].annotation)  # single, double track


def friendly_line(line_side: str | None, side: str) -> bool:
    """5.32: a line is Friendly to the side its data names (None: to either)."""
    return line_side is None or line_side == side


def rail_graph(data: GweData, side: str, country: str | None = None
               ) -> dict[Hex, frozenset[Hex]]:
    """5.33: each Friendly rail hex and the rail hexes next along its lines; with `country`,
    only the stretches of line inside it (ExclusiveRules.rail_country)."""
    links: dict[Hex, set[Hex]] = {}
    for line in data.map.rail_lines:
        if friendly_line(line.side, side):
            for a, b in itertools.pairwise(parse_hex(h) for h in line.hexes):
                if in_country(data, a, country) and in_country(data, b, country):
                    links.setdefault(a, set()).add(b)
                    links.setdefault(b, set()).add(a)
    return {h: frozenset(n) for h, n in links.items()}


def unit_rail_graph(data: GweData, unit_id: str) -> dict[Hex, frozenset[Hex]]:
    """The railroads the unit may use (5.32, 5.33; where its game says, its own country's)."""
    return rail_graph(data, data.side_of(unit_id), unit_country(data, unit_id))


def _friendly(data: GweData, unit_id: str) -> str:
    country = unit_country(data, unit_id)
    game = exclusive_rules(data)
    return "Friendly" if country is None else \
        f"{country}'s ({game.printed(game.rail_country_case)})"


def entrain_problem(state: GweState, data: GweData, unit_id: str) -> str | None:
    """5.32: why the unit may not entrain where it is, None if it may: in a hex of a Friendly
    rail line, not Enemy-controlled (unless rated 1), in supply and in Command Control (a HQ
    whatever its supply, 10.35)."""
    unit, side = state.unit(unit_id), data.side_of(unit_id)
    if unit.hex is None or unit.entrained:
        return f"{unit_id}: not on the map or entrained already (5.32)"
    at = parse_hex(unit.hex)
    if at not in unit_rail_graph(data, unit_id):
        return f"{unit_id}: {at} has no {_friendly(data, unit_id)} railroad line (5.32)"
    if tcr_of(data, unit_id) != 1 and enemy_controlled(state, data, at, side):
        return f"{unit_id}: {at} is Enemy-controlled; only units rated 1 entrain there (5.32)"
    if unit.out_of_supply and not is_hq(data, unit_id):
        return f"{unit_id}: out of supply, may not entrain (5.32)"
    if unit.out_of_command:
        return f"{unit_id}: out of Command Control, may not entrain (5.32, 5.35)"
    return None


def rail_step_problem(state: GweState, data: GweData, unit_id: str, origin: Hex, target: Hex
                      ) -> str | None:
    """5.33: an entrained unit moves to the next hex of a Friendly line, never into an
    Enemy-controlled hex, one last occupied by the Enemy, or an Enemy-occupied one (HQ units
    alone do not block rail movement, 10.52)."""
    if target not in unit_rail_graph(data, unit_id).get(origin, frozenset()):
        return f"{unit_id}: {origin} to {target} is not along a {_friendly(data, unit_id)} " \
               "railroad (5.33)"
    return rail_target_problem(state, data, unit_id, target)


def rail_target_problem(state: GweState, data: GweData, unit_id: str, target: Hex
                        ) -> str | None:
    """5.33, 5.13: why an entrained unit may not ride into the rail hex `target` (the line
    aside), None if it may."""
    side = data.side_of(unit_id)
    if enemy_controlled(state, data, target, side):
        return f"{unit_id}: {target} is Enemy-controlled (5.33)"
    if state.last_occupied.get(str(target)) in data.enemies_of(side):
        return f"{unit_id}: {target} was last occupied by the Enemy (5.33)"
    if enemy_occupied(state, data, target, side):
        return f"{unit_id}: {target} is Enemy-occupied (5.13)"
    return None


def off_map_link(data: GweData, side: str, exit_hex: Hex, reenter: Hex) -> OffMapLink | None:
    """5.37: the Friendly link from a rail map-exit hex to the hex it re-enters at."""
    return next((link for link in data.map.off_map_links
                 if friendly_line(link.side, side) and parse_hex(link.exit) == exit_hex
                 and parse_hex(link.reenter) == reenter), None)


def link_refusal(state: GweState, data: GweData, unit_id: str, link: OffMapLink
                 ) -> tuple[str, str] | None:
    """Why the unit may not take the link by its game's Exclusive Rules (a link between two
    maps, ExclusiveRules.off_map_refusal), and the case; None if it may."""
    return exclusive_rules(data).off_map_refusal(state, data, unit_id, link)


def reentry_blocked(state: GweState, data: GweData, where: Hex, side: str) -> bool:
    """5.37, 14.22: never into an Enemy-occupied hex nor an Enemy Zone of Control."""
    return enemy_occupied(state, data, where, side) or enemy_controlled(state, data, where,
                                                                        side)


@dataclass
class RailUse:
    """5.31, 5.38: the Stacking Points of units that moved by rail (or off the map) or stay
    entrained this Movement Segment, against the side's Rail Capacity; HQ units free."""

    capacity: int
    counted: set[str] = field(default_factory=set)
    # the nationalities with a Rail Capacity of their own (Nationality.rail_capacity), each
    # counted apart from the side's
    own: dict[str, int] = field(default_factory=dict)
    # the units that entered the map this Phase (Serbia/Galicia 17.32: no entrainment roll;
    # 17.2: the Austro-Hungarians among them detrain at its end)
    arrived: frozenset[str] = frozenset()
    # Serbia/Galicia 17.51 (optional): Stacking Points across each hexside, by line
    tracks: dict[tuple[int, Hex, Hex], int] = field(default_factory=dict)

    def cross(self, data: GweData, unit_id: str, origin: Hex, target: Hex) -> str | None:
        """A game's track limits (ExclusiveRules.track_limit, by line kind and nationality):
        count the unit across the hexside on the first of the unit's lines through it with
        room (another line may serve when one is used up); why it may not cross, None if it
        may."""
        game = exclusive_rules(data)
        nationality = data.units[unit_id].nationality
        if all(game.track_limit(data, kind, nationality) is None for kind in RAIL_KINDS):
            return None
        points = stacking_points(data.units[unit_id])
        side = data.side_of(unit_id)
        limits: list[int] = []
        for number, line in enumerate(data.map.rail_lines):
            hexes = [parse_hex(h) for h in line.hexes]
            if not friendly_line(line.side, side) or not any(
                    {a, b} == {origin, target} for a, b in itertools.pairwise(hexes)):
                continue
            limit = game.track_limit(data, line.kind, nationality)
            low, high = sorted((origin, target))
            used = self.tracks.get((number, low, high), 0)
            if limit is None or used + points <= limit:
                self.tracks[(number, low, high)] = used + points
                return None
            limits.append(limit)
        return f"{unit_id}: {origin} to {target} carries no more Stacking Points this Phase " \
               f"({game.title} {game.track_limit_rule}: {', '.join(map(str, limits))})"

    @classmethod
    def of(cls, data: GweData, side: str, turn: int, arrived: frozenset[str] = frozenset()
           ) -> RailUse:
        """The side's Rail Capacity of the Game-Turn, and its nationalities' own."""
        game = exclusive_rules(data)
        own = {code: game.rail_capacity(data, side, turn, code)
               for code, nationality in data.counters.nationalities.items()
               if nationality.side == side and nationality.capacity(turn) is not None}
        return cls(game.rail_capacity(data, side, turn), own=own, arrived=arrived)

    def limit(self, data: GweData, unit_id: str) -> int:
        """The Rail Capacity the unit counts against: its nationality's own, or the side's."""
        return self.own.get(data.units[unit_id].nationality, self.capacity)

    def _pool(self, nationality: str | None) -> str | None:
        """The capacity a nationality's units count against: its own (by its code), or the
        side's (None)."""
        return nationality if nationality in self.own else None

    def points(self, data: GweData, nationality: str | None = None) -> int:
        """The Stacking Points counted against the side's capacity, or a nationality's own."""
        pool = self._pool(nationality)
        return sum(stacking_points(data.units[u]) for u in self.counted
                   if self._pool(data.units[u].nationality) == pool)

    def take(self, data: GweData, unit_id: str) -> bool:
        """Count the unit (once); False if that would pass the Rail Capacity."""
        if is_hq(data, unit_id) or unit_id in self.counted:
            return True
        nationality = data.units[unit_id].nationality
        if self.points(data, nationality) + stacking_points(data.units[unit_id]) > \
                self.limit(data, unit_id):
            return False
        self.counted.add(unit_id)
        return True
