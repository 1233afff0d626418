"""Rules of the solitaire game (18.0-28.0) that are pure functions of the map and the
position: the target province and path of a non-Red force (21.13, 21.21, 21.22), and the
victory at the end of a Game-Turn (28.0). The automaton that plays the non-Red side is built
on them (issue 17)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence

from gm.core.state import UnitId
from gm.games.rcw.data.dataset import GameData

TARGETS = ("PETR", "TVER")  # 21.13: Petrograd and Tver
RED_OBJECTIVE = ("G", "W", "U", "C")  # 28.11: Greater Russia, White Russia, Ukraine, Cossack
RED_LEVELS = {5: "decisive", 6: "substantive", 7: "marginal"}  # 28.12
LAST_TURN = 7  # 27.32, 28.15


def _shortest(start: str, goals: set[str], step: Callable[[str], list[str]]
              ) -> list[tuple[str, ...]]:
    """Every path of the fewest provinces from `start` to any of `goals` (start included)."""
    if start in goals:
        return [(start,)]
    depth = {start: 0}
    parents: dict[str, list[str]] = {start: []}
    queue = deque([start])
    found_at: int | None = None
    while queue:
        here = queue.popleft()
        if found_at is not None and depth[here] >= found_at:
            break
        for there in step(here):
            if there not in depth:
                depth[there] = depth[here] + 1
                parents[there] = [here]
                queue.append(there)
                if there in goals:
                    found_at = depth[there]
            elif depth[there] == depth[here] + 1:
                parents[there].append(here)
    if found_at is None:
        return []  # no way there
    ends = sorted(g for g in goals if depth.get(g) == found_at)

    def back(node: str) -> list[tuple[str, ...]]:
        return [(start,)] if node == start else [
            (*path, node) for parent in sorted(parents[node]) for path in back(parent)]

    return [path for end in ends for path in back(end)]


def rail_paths(data: GameData, start: str) -> list[tuple[str, ...]]:
    """21.13, 21.22: the paths along rail lines with the fewest provinces from `start` to
    Tver or Petrograd (the nearer of the two; both when equally near). None off the rail net."""
    def by_rail(code: str) -> list[str]:
        return sorted(data.provinces[code].rail)
    return _shortest(start, set(TARGETS), by_rail)


def target_paths(data: GameData, start: str) -> list[tuple[str, ...]]:
    """21.13, 21.21, 21.22: every path a non-Red force in `start` may be given, of which a die
    chooses one when there are several: along the rail lines to the nearer of Tver and
    Petrograd; from a province the rail lines do not reach there, first by the fewest
    provinces to one they do, then along them (ruling R59)."""
    paths = rail_paths(data, start)
    if paths:
        return paths
    leads = {code for code in data.provinces if rail_paths(data, code)}
    approaches = _shortest(start, leads, lambda code: sorted(data.provinces[code].adjacent))
    candidates = [(*approach, *rail[1:]) for approach in approaches
                  for rail in rail_paths(data, approach[-1])]
    fewest = min((len(c) for c in candidates), default=0)
    return [c for c in candidates if len(c) == fewest]


def solitaire_victory(position: Mapping[str, Sequence[Sequence[UnitId]]], data: GameData,
                      turn: int) -> str | None:
    """28.0 at the end of Game-Turn `turn` (each province's stacks, as unit lists): the
    non-Red decisive victory when a non-Red unit stands in Petrograd or Tver (28.13); the
    Red victory, by the Game-Turn, when no non-Red unit is left in Greater Russia, White
    Russia, the Ukraine or the Cossack Territories (28.11, 28.12; ruling R60); a draw after
    the seventh Game-Turn (28.15); else None, play goes on."""
    def non_red(code: str) -> bool:
        return any(isinstance(u, int) and data.color(u) != "red"
                   for stack in position.get(code, ()) for u in stack)
    if any(non_red(code) for code in TARGETS):
        return "non-red decisive"
    held = [p.code for p in data.map.provinces if p.region in RED_OBJECTIVE]
    if not any(non_red(code) for code in held):
        return f"red {RED_LEVELS[max(turn, 5)]}" if turn <= LAST_TURN else None
    return "draw" if turn >= LAST_TURN else None
