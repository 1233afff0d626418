"""The cheapest walks on foot the reports plan with (5.12-5.17): from where a unit starts, or
from each hex a ride left it in with the points it had spent (5.34), every hex it can end in,
by the fewest Movement Points and the path that costs them. One search for YOUR FORCES'
reach (planning.py) and its walks on from a train (rail_reach.py)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.rules.movement import may_enter

Routes = dict[Hex, tuple[int, tuple[Hex, ...]]]
Step = Callable[[Hex, Hex], int | None]  # a step's cost in Movement Points; None: it may not


def cheapest(data: GweData, starts: Mapping[Hex, int], step: Step, allowance: int,
             in_command: bool, spent_stops: bool = False) -> Routes:
    """Each hex reached from `starts` (a hex, the points spent on arriving there) by the fewest
    points within the allowance (5.14; 5.17's one hex for a unit in Command Control that has
    spent nothing), starts included; `spent_stops`: a unit with no points left takes no step,
    even one costing nothing (5.14, after a ride)."""
    best: Routes = {h: (spent, (h,)) for h, spent in starts.items()}
    queue = [(spent, h) for h, spent in starts.items()]
    heapq.heapify(queue)
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best[here][0] or (spent_stops and spent >= allowance):
            continue
        for there in data.neighbours(here):
            cost = step(here, there)
            if cost is None or not may_enter(spent, cost, allowance, in_command):
                continue
            if there not in best or spent + cost < best[there][0]:
                best[there] = (spent + cost, (*best[here][1], there))
                heapq.heappush(queue, (spent + cost, there))
    return best
