"""YOUR FORCES by rail: the hexes a unit can reach in its Movement Phase only by walking to a
Friendly rail hex, entraining there for its Tactical Competence Rating (5.32), riding up to
the Railroad Movement Rate (5.33), detraining at no cost and walking on with the Movement
Points left (5.34); each with the Movement Points spent on foot and in entraining. Whether it
goes depends on the game's entrainment die, if it rolls one, and on the Rail Capacity left
(5.31), which the report cannot know: the list says so. One ride a Phase is counted (a second
would need another die and the Rate's hexes left); the off-map links (5.37) are left out."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.reports.walks import cheapest
from gm.games.gwe.rules.countries import unit_country
from gm.games.gwe.rules.exclusive import exclusive_rules, tcr_of
from gm.games.gwe.rules.movement import entrain_cost, entry, unit_allowance
from gm.games.gwe.rules.rail import rail_graph, rail_target_problem
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.rules.zoc import enemy_controlled
from gm.games.gwe.state import GweState

Graph = Mapping[Hex, frozenset[Hex]]


class Railways:
    """For one position: the rail graphs its units use (5.33; where its game says, a country's
    own lines), each found once, and the cost of each step on foot (the walks from the
    railheads are long: `entries` finds each step once for the units alike)."""

    def __init__(self, state: GweState, data: GweData) -> None:
        self.state, self.data = state, data
        self.graphs: dict[tuple[str, str | None], Graph] = {}

    def of(self, unit_id: str) -> Graph:
        key = (self.data.side_of(unit_id), unit_country(self.data, unit_id))
        if key not in self.graphs:
            self.graphs[key] = rail_graph(self.data, *key)
        return self.graphs[key]

    def step(self, unit_id: str, here: Hex, there: Hex) -> int | None:
        """`entry`'s cost (None: it may not), found once for the units alike (`entries`)."""
        return entry(self.state, self.data, unit_id, here, there).cost


def rail_reach(state: GweState, data: GweData, unit_id: str, walked: Mapping[Hex, int],
               railways: Railways) -> dict[Hex, int]:
    """Each hex the unit reaches by rail and not on foot (`walked`: its reach on foot, by the
    Movement Points each costs), by the fewest Movement Points spent on foot and entraining.
    None for a unit out of supply (5.32; a HQ whatever its supply, 10.35) or one that alone
    passes the Rail Capacity; an entrained unit rides on (`_rides_on`)."""
    unit, side = state.unit(unit_id), data.side_of(unit_id)
    if unit.hex is None:
        return {}
    if unit.entrained:
        return _rides_on(state, data, unit_id, railways)
    if unit.out_of_supply and not is_hq(data, unit_id):
        return {}
    game = exclusive_rules(data)
    if not is_hq(data, unit_id) and \
            stacking_points(data.units[unit_id]) > game.rail_capacity(
                data, side, state.turn, data.units[unit_id].nationality):
        return {}
    graph = railways.of(unit_id)
    allowance, cost = unit_allowance(state, data, unit_id), entrain_cost(data, unit_id)
    start = parse_hex(unit.hex)
    boards = {h: spent + cost for h, spent in {start: 0, **walked}.items()
              if h in graph and spent + cost <= allowance
              and (tcr_of(data, unit_id) == 1 or not enemy_controlled(state, data, h, side))}
    ridden = _ride(state, data, unit_id, graph, boards,
                   game.rail_rate(data, side, state.turn, data.units[unit_id].nationality))
    reached = _walk_on(data, unit_id, ridden, allowance, railways)
    return {h: spent for h, spent in reached.items() if h not in walked and h != start}


def _rides_on(state: GweState, data: GweData, unit_id: str, railways: Railways
              ) -> dict[Hex, int]:
    """A unit entrained as its Phase begins: no entraining again, so no points spent before
    the ride (5.32; nor the game's entrainment die); it rides (5.33), then detrains and walks
    its whole allowance (5.34) unless out of Command Control, which lets it ride only (5.35)."""
    unit = state.unit(unit_id)
    start = parse_hex(unit.hex or "")
    rate = exclusive_rules(data).rail_rate(data, data.side_of(unit_id), state.turn,
                                           data.units[unit_id].nationality)
    ridden = _ride(state, data, unit_id, railways.of(unit_id), {start: 0}, rate)
    reached = ridden if unit.out_of_command else \
        _walk_on(data, unit_id, ridden, unit_allowance(state, data, unit_id), railways)
    return {h: spent for h, spent in reached.items() if h != start}


def _ride(state: GweState, data: GweData, unit_id: str, graph: Graph, boards: Mapping[Hex, int],
          rate: int) -> dict[Hex, int]:
    """5.33: each rail hex reached within `rate` hexes of a hex the unit entrains in, by the
    fewest points spent before the ride (the cheapest boardings ride first, so the first to
    reach a hex spent least)."""
    best: dict[Hex, int] = {}
    for spent in sorted(set(boards.values())):
        depth = {h: 0 for h, s in boards.items() if s == spent}
        queue = deque(depth)
        while queue:
            here = queue.popleft()
            best.setdefault(here, spent)
            if depth[here] == rate:
                continue
            for there in sorted(graph.get(here, ())):
                if there not in depth and \
                        rail_target_problem(state, data, unit_id, there) is None:
                    depth[there] = depth[here] + 1
                    queue.append(there)
    return best


def _walk_on(data: GweData, unit_id: str, ridden: Mapping[Hex, int], allowance: int,
             railways: Railways) -> dict[Hex, int]:
    """5.34: from each hex ridden to, detrained at no cost, on foot with the points left."""
    walked = cheapest(data, ridden, lambda here, there: railways.step(unit_id, here, there),
                      allowance, True, spent_stops=True)
    return {there: spent for there, (spent, _) in walked.items()}
