"""Build Decision in Galicia's default deployment of 1 September 1914 (Serbia/Galicia 26.31):
gm/games/gwe/exclusive/serbia_galicia/dataset/galicia/deployment.yaml.

No public copy of the counters' set-up exists. Each army's units stand in its own sector of the
reconstructed start line (map.yaml), as the front ran that day (each sector's source says
where), spread so that they cover every start-line hex with their Zones of Control; the
Austro-Hungarians set up first, the Russians beside the line on their side. Each army's supply
depots stand where they chain its supply from its own country's railways to its front (9.16,
5.3; ruling G32). The result is checked with the rules' own set-up check (setup_problems).

    python scripts/galicia_deployment.py gm/games/gwe/exclusive/serbia_galicia/dataset/galicia
"""

from __future__ import annotations

import json
import sys
from collections import deque
from pathlib import Path

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.games import read_bound
from gm.games.gwe.data.values import army_of, stacking_points
from gm.games.gwe.exclusive.serbia_galicia.setup import (  # _sides: which side of the line
    _sides,
    sector_armies,
    sector_army,
    setup_hexes,
    setup_problems,
    start_line,
)
from gm.games.gwe.rules.supply import rail_sources
from gm.games.gwe.rules.zoc import blocks_tracing
from gm.games.gwe.state import GweState, initial_state

sys.path.insert(0, str(Path(__file__).resolve().parent))
from galicia_counters import army_name

SIDES = ("central", "allied")  # 26.31: the Austro-Hungarian Player sets up first
DEPOT_REACH = 3  # Serbia/Galicia 9.1


def _sector_units(data: GweData, side: str, army: str) -> list[str]:
    return [u.id for u in data.counters.units if data.side_of(u.id) == side and
            u.arrives is None and u.type != "depot" and army_of(u.id)[1] == army]


def _points(state: GweState, data: GweData, where: Hex, side: str) -> int:
    return sum(stacking_points(data.units[u]) for u in state.units_in(where)
               if data.side_of(u) == side)


def _place_army(state: GweState, data: GweData, side: str, line_hexes: list[Hex],
                units: list[str]) -> GweState:
    """Greedy: each next unit where it covers most start-line hexes still uncovered, then the
    rest stacked (9 Stacking Points at most) on the hexes taken, round the sector."""
    covered: set[Hex] = set()
    taken: list[Hex] = []
    by_army: dict[str, list[Hex]] = {}  # the hexes each army's units took, in order
    fighting = [u for u in units if data.units[u].type != "hq"]
    allowed = sorted(h for h in setup_hexes(data, fighting[0])
                     if not any(data.side_of(u) != side for u in state.units_in(h)))
    for unit_id in fighting:
        def gain(h: Hex, covered: set[Hex] = covered) -> int:
            return len(({h, *data.neighbours(h)} & set(line_hexes)) - covered)
        limit = data.counters.sides[side].stacking_limit - stacking_points(data.units[unit_id])
        room = [h for h in allowed if _points(state, data, h, side) <= limit]
        # a sector's later army (Kummer's group within the 1st Army's boundaries) keeps to the
        # line's start, the Vistula flank where it fought
        later = army_of(unit_id)[1] != army_of(fighting[0])[1]
        best = max(room, key=lambda h: (gain(h), h in taken,
                                        -line_hexes[0].distance(h) if later else 0,
                                        -_points(state, data, h, side)))
        state = state.with_unit(unit_id, place="map", hex=str(best))
        covered |= {best, *data.neighbours(best)} & set(line_hexes)
        if best not in taken:
            taken.append(best)
        own = by_army.setdefault(army_of(unit_id)[1], [])
        if best not in own:
            own.append(best)
    for unit_id in units:
        if data.units[unit_id].type == "hq":  # the army's HQ with its middle units
            own = by_army.get(army_of(unit_id)[1], taken)
            state = state.with_unit(unit_id, place="map", hex=str(own[len(own) // 2]))
    return state


def _depot_hexes(state: GweState, data: GweData, side: str, line_hexes: list[Hex],
                 units: list[str], count: int) -> list[Hex]:
    """A chain from the side's rail sources: each depot, within reach of a source (a rail
    source or a depot before it) through no Enemy-controlled hex, where it brings most of the
    army's units still beyond reach within it; else the nearest the sector, to go on."""
    def clear(h: Hex) -> bool:
        return not blocks_tracing(state, data, h, side) and h not in whole_line and \
            not state.units_in(h)  # an empty hex: no stacking to mind

    whole_line = set(start_line(data))
    by_side = _sides(data)  # the hexes beside the line, each on its side
    own = [h for h, s in by_side.items() if s == side]
    enemy = [h for h, s in by_side.items() if s != side]

    def behind(h: Hex) -> bool:  # nearer the line's own side than the Enemy's
        return min(h.distance(e) for e in enemy) > min(h.distance(o) for o in own)

    placed = [parse_hex(at) for u in units if (at := state.unit(u).hex) is not None]
    sources = set(rail_sources(state, data, side))
    chain: list[Hex] = []
    for _ in range(count):
        def beyond(h: Hex) -> bool:
            return all(h.distance(s) > DEPOT_REACH for s in sources)

        def score(h: Hex) -> tuple[int, int]:
            return (sum(1 for u in placed if beyond(u) and u.distance(h) <= DEPOT_REACH),
                    -min(h.distance(t) for t in line_hexes))
        best = max(sorted(h for h in _within(data, sources, DEPOT_REACH, clear)
                          if clear(h) and behind(h) and h not in chain), key=score)
        chain.append(best)
        sources.add(best)
    return chain


def _within(data: GweData, sources: set[Hex], reach: int, clear: object) -> set[Hex]:
    seen = {h: 0 for h in sources}
    queue = deque(sources)
    while queue:
        here = queue.popleft()
        if seen[here] == reach:
            continue
        for there in data.neighbours(here):
            if there not in seen and clear(there):  # type: ignore[operator]
                seen[there] = seen[here] + 1
                queue.append(there)
    return set(seen)


def deploy(data: GweData) -> tuple[GweState, dict[str, str]]:
    state = initial_state(data, ("C", "E"))
    why: dict[str, str] = {}
    for side in SIDES:
        for line in data.map.start_lines:
            armies = sector_armies(sector_army(line, side))  # the sector's first army first
            if not armies:
                continue
            hexes = [parse_hex(h) for h in line.hexes]
            units = [u for army in armies for u in _sector_units(data, side, army)]
            state = _place_army(state, data, side, hexes, units)
            sector = line.source.split("this army sector: ", 1)[-1]
            for unit_id in units:
                why[unit_id] = (f"reconstructed: {army_of(unit_id)[0]} "
                                f"{army_name(army_of(unit_id)[1])} on 1 Sep 1914 ({sector}); "
                                "its hex chosen so the army's units cover their sector of the "
                                "start line (26.31)")
            for army in armies:
                depots = sorted(u.id for u in data.counters.units if u.type == "depot" and
                                u.arrives is None and data.side_of(u.id) == side and
                                army_of(u.id)[1] == army)
                own = [u for u in units if army_of(u)[1] == army]
                for depot, where in zip(depots, _depot_hexes(state, data, side, hexes, own,
                                                             len(depots)), strict=True):
                    state = state.with_unit(depot, place="map", hex=str(where))
                    why[depot] = (f"reconstructed: a depot of the {army_of(depot)[0]} "
                                  f"{army_name(army)}, chained from its own railways towards "
                                  "its front so its units trace supply (9.16, 5.3; 26.31; "
                                  "ruling G32)")
        problems = setup_problems(state, data, side)
        if problems:
            raise SystemExit("\n".join(problems))
    return state, why


def build(directory: Path) -> str:
    data, problems = read_bound(directory)
    if data is None:
        raise SystemExit("\n".join(map(str, problems)))
    state, why = deploy(data)
    out = ["# Decision in Galicia's default deployment of 1 Sept 1914, RECONSTRUCTED: no public",
           "# copy of the set-up exists. Generated by scripts/galicia_deployment.py; a GM who "
           "owns the game", "# replaces it (or deletes it: then every unit is deployed by its "
           "player).", "scenario: decision-in-galicia",
           "source: " + json.dumps("reconstructed: each army in its sector of the reconstructed "
                                   "start line, covering it (Serbia/Galicia 26.31); depots "
                                   "chained to supply the front (9.16; ruling G32)"),
           "units:"]
    for unit in data.counters.units:
        where = state.unit(unit.id).hex
        if unit.arrives is None and where is not None:
            out.append(f"  {unit.id}: {{hex: {where}, source: {json.dumps(why[unit.id])}}}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    (folder / "deployment.yaml").write_text(build(folder))
