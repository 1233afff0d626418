"""Serbia/Galicia's combat in the engine: the Victory Points of combat losses as they occur
(25.14, 25.2), and 25.12's control kept right: a side is the last to occupy every hex its units
pass through, by a retreat or a withdrawal as much as by a move (5.33, 9.15)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.cases.load import load_case
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.games import GAMES
from gm.games.gwe.rules.attack import Attack
from gm.games.gwe.rules.cavalry import withdraw
from gm.games.gwe.rules.results import DefenderChoice
from tests.gwe import attacked, fixture_data, opening

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "cases-gwe"
SCORED = CASES / "sg-25.2-steps-lost-in-combat-score-at-once.yaml"


def _retreat_two(vp: int | None) -> tuple[dict[str, str], int | None, tuple[str, ...]]:
    _, data, state, _ = load_case(SCORED, GAMES)
    state = state.model_copy(update={"vp": vp})
    done = attacked(state, data, "allied", Attack(
        ("RU-A1", "RU-A2"), (parse_hex("0603"),), defender=DefenderChoice(options={"2": 3})),
        [1])
    return done.state.last_occupied, done.state.vp, done.events


@pytest.mark.rules("gwe-serbia-galicia:25.12", "gwe:5.33", "gwe:9.15", "gwe:8.62")
def test_a_retreat_makes_its_side_the_last_to_occupy_each_hex_it_passes() -> None:
    occupied, _, events = _retreat_two(35)
    assert any("retreat from 0603: by 0703 0803" in e for e in events)
    assert occupied.get("0703") == "central" and occupied.get("0803") == "central"


@pytest.mark.rules("gwe-serbia-galicia:25.14")
def test_no_index_kept_no_points_awarded() -> None:
    _, vp, events = _retreat_two(None)
    assert vp is None and not any("VP" in e for e in events)


@pytest.mark.rules("gwe-serbia-galicia:25.12", "gwe:12.13")
def test_a_cavalry_withdrawal_records_both_hexes_it_passes() -> None:
    data = fixture_data()
    state = opening(data)
    done = withdraw(state, data, "RU-4C", ForcedDice([6], [], []))
    assert done.vacated == parse_hex("0504")
    end = done.state.unit("RU-4C").hex
    passed = [h for h, side in done.state.last_occupied.items() if side == "allied"
              and h not in state.last_occupied]
    assert end in passed and len(passed) == 2, done.note
