"""Retreat after combat (8.6): the legal paths of a retreating stack in the order of 8.63's
priorities, and the default when the owner wrote none (ruling G9). Cavalry withdrawal (12.13)
walks the same paths."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.steps import enemy_occupied
from gm.games.gwe.rules.supply import supply_sources
from gm.games.gwe.rules.zoc import blocks_tracing, enemy_controlled
from gm.games.gwe.state import GweState


@dataclass(frozen=True, order=True)
class Path:
    """A retreat's hexes in order, with its place in 8.63's priorities: hexes from its end to
    the nearest Friendly supply source (priority 1), then Enemy-controlled hexes it enters
    (priority 2, for units rated 1), then the hex ids (ruling G9)."""

    to_source: int
    zones: int
    hexes: tuple[Hex, ...]

    @property
    def priority(self) -> tuple[int, int]:
        return self.to_source, self.zones

    @property
    def end(self) -> Hex:
        return self.hexes[-1]

    def __str__(self) -> str:
        return " ".join(str(h) for h in self.hexes)


def _distance_to(where: Hex, sources: frozenset[Hex]) -> int:
    same_map = [where.distance(s) for s in sources if s.map == where.map]
    return min(same_map, default=0)  # no source: priority 1 cannot be observed (8.63)


def paths(state: GweState, data: GweData, origin: Hex, side: str, length: int,
          through_zones: bool, units: Sequence[str] = (), zone_test: str = "retreat"
          ) -> list[Path]:
    """8.61-8.64: every way `units` (a stack of `side`) can retreat `length` hexes from
    `origin`, best first. Each hex is farther from the origin than the one before (ruling G9);
    never into or through a hex with an Enemy unit (but HQ units alone, 10.52) nor across a
    Prohibited hexside (8.61);
    into or through an Enemy-controlled hex only if `through_zones` (8.64: rated 1), a hex
    with a Friendly unit or fortress not counting as one for a retreat (7.24; `zone_test`
    "withdrawal" counts every Enemy-controlled hex, 12.13); never ending over the Stacking
    limit (8.63, 6.15)."""
    def zone(where: Hex) -> bool:
        if zone_test == "withdrawal":
            return enemy_controlled(state, data, where, side)
        return blocks_tracing(state, data, where, side)

    found: list[tuple[tuple[Hex, ...], int]] = []

    def walk(hexes: tuple[Hex, ...], zones: int) -> None:
        here = hexes[-1] if hexes else origin
        if len(hexes) == length:
            found.append((hexes, zones))
            return
        for there in data.neighbours(here):
            if there.distance(origin) != len(hexes) + 1 or \
                    "prohibited" in data.features(here, there) or \
                    enemy_occupied(state, data, there, side):  # 10.52: HQs alone do not block
                continue
            entered = zone(there)
            if entered and not through_zones:
                continue
            walk((*hexes, there), zones + entered)

    walk((), 0)
    sources = supply_sources(state, data, side)
    moving = sum(stacking_points(data.units[u]) for u in units)
    limit = exclusive_rules(data).stacking_limit(data, side)
    legal = []
    for hexes, zones in found:
        there = sum(stacking_points(data.units[u]) for u in state.units_in(hexes[-1])
                    if data.side_of(u) == side and u not in units)
        if there + moving <= limit:
            legal.append(Path(_distance_to(hexes[-1], sources), zones, hexes))
    return sorted(legal)


@dataclass(frozen=True)
class Chosen:
    path: Path | None  # None: no legal path, the stack is eliminated (8.63, 8.64)
    note: str


def choose(legal: Sequence[Path], wanted: tuple[Hex, ...] | None, what: str) -> Chosen:
    """8.62, 8.63: the owner's path if he wrote one that observes the priorities as well as
    any legal path can; otherwise the first of the best (ruling G9)."""
    if not legal:
        return Chosen(None, f"{what}: no legal path, eliminated (8.63, 8.64)")
    best = [p for p in legal if p.priority == legal[0].priority]
    if wanted is not None:
        match = next((p for p in best if p.hexes == wanted), None)
        if match is not None:
            return Chosen(match, f"{what}: by {match} as ordered (8.62)")
        rejected = " ".join(str(h) for h in wanted)
        return Chosen(best[0], f"{what}: {rejected} is not among the legal paths of the "
                               f"first priority (8.63); by {best[0]} instead (ruling G9)")
    return Chosen(best[0], f"{what}: by {best[0]}, the default path (8.63, ruling G9)")
