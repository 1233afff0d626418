"""A game's final ranking as places: players with equal points share a place, and the places
after them are skipped (standard competition ranking: 1, 1, 3), shown as tied."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple


class Place(NamedTuple):
    place: int  # 1 for the best; players with equal points share one
    player: str
    points: int
    tied: bool  # another player has as many points

    def score(self) -> str:
        """The points as every ranking shows them: `7`, or `7 (tied)` on a shared place."""
        return f"{self.points} (tied)" if self.tied else str(self.points)

    def line(self) -> str:
        """`1. player A: 7 (tied)`: the place, the player and his points."""
        return f"{self.place}. player {self.player}: {self.score()}"


def placed(best_first: Iterable[tuple[str, int]]) -> list[Place]:
    """The places of players listed best first: each takes the place of the first listed with
    as many points."""
    listed = list(best_first)
    counts = Counter(points for _, points in listed)
    places: list[Place] = []
    for index, (player, points) in enumerate(listed, 1):
        shared = places[-1].place if places and places[-1].points == points else index
        places.append(Place(shared, player, points, counts[points] > 1))
    return places
