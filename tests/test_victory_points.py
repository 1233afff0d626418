"""Victory Points (14.4-14.47) on a position built for the purpose."""

from __future__ import annotations

import pytest

from gm.engine.ranking import Place
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.rules.victory import ranking, victory_points
from gm.games.rcw.state import ChartSection, GameState, Pending, Stack


def _state() -> GameState:
    return GameState(
        players=("A", "B", "C"), stage="ended", turn=4, phase=2,
        position={
            "TVER": (Stack(player="A", units=(152, 111)),),  # Red leader 3, Red unit 3
            "OMSK": (Stack(player="B", units=(252, "GOLD", 205)),),  # White 3, Gold, White 3
        },
        chart={
            "A": ChartSection(politburo=2, units=(251, 403, 315), face_down=(404,)),
            "B": ChartSection(units=(153, 113, "CZAR"), face_down=("GOLD",)),
            "C": ChartSection(politburo=4, units=(160,)),
            "unassigned": ChartSection(units=(101,)),
        },
        pending=Pending(quit_players=("C",)),
    )


@pytest.mark.rules("14.4", "14.41", "14.42", "14.45", "14.46", "14.21")
def test_red_victory_points(data: GameData) -> None:  # 14.41, 14.42, 14.45, 14.46
    points = victory_points(_state(), data, "red")
    # A: chart White leader 251? no (only Red leaders, and White/Blue/Green combat units):
    # 403 CZ face up 2 + 315 FN 3 + 2 Politburo x 2 = 9; map: Trotsky 3 + 111 3 = 6 -> 15
    # B: chart Red leader 153 (3), Czar face up 5 (113 is a Red combat unit: no) ; map: Gold 5
    assert points == {"A": 15, "B": 13}  # C quit: no points (14.21)


@pytest.mark.rules("14.4", "14.43", "14.44", "14.45", "14.46")
def test_white_victory_points(data: GameData) -> None:  # 14.43, 14.44, 14.45, 14.46
    points = victory_points(_state(), data, "white")
    # A: chart nothing Red or Green but 315 FN (3); face-down Czech 404 (1) -> 4
    # B: chart 153 (3) + 113 (2); face-down Gold 5; map Kolchak 3, Gold 5, 205 3 -> 21
    assert points == {"A": 4, "B": 21}
    assert ranking(points) == [Place(1, "B", 21, False), Place(2, "A", 4, False)]


@pytest.mark.rules("14.0")
@pytest.mark.parametrize(("points", "places"), [
    ({"A": 7, "B": 7, "C": 4}, [(1, "A", 7, True), (1, "B", 7, True), (3, "C", 4, False)]),
    ({"D": 2, "C": 9, "B": 2, "A": 2}, [(1, "C", 9, False), (2, "A", 2, True),
                                        (2, "B", 2, True), (2, "D", 2, True)]),
    ({"B": 5, "A": 5}, [(1, "A", 5, True), (1, "B", 5, True)]),
    ({"A": 0}, [(1, "A", 0, False)]),
    ({}, []),
])
def test_equal_points_share_a_place(points: dict[str, int],
                                    places: list[tuple[int, str, int, bool]]) -> None:
    """14.0 names one winning Player and breaks no tie: players with equal points share a
    place and the places after them are skipped (1, 1, 3), listed in player-letter order, each
    shown as tied (ruling R66)."""
    ranked = ranking(points)
    assert [tuple(p) for p in ranked] == places
    assert [p.score() for p in ranked] == [f"{v} (tied)" if tied else str(v)
                                           for _, _, v, tied in places]
