"""Serbia/Galicia 26.32 on the Galician data set: a die for each deployed unit of a side,
logged with its purpose, and the Steps each die takes."""

from __future__ import annotations

import pytest

from gm.core.dice import ForcedDice, SeededDice
from gm.core.errors import GameError
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.exclusive.serbia_galicia.attrition import pre_play_attrition
from gm.games.gwe.state import GweState, initial_state


def deployed(data: GweData) -> GweState:
    state = initial_state(data, ("C", "E"))
    for unit_id, hex_id in (("AH-1-HQ", "g0323"), ("AH-1-I", "g0223"), ("AH-1-12", "g0123"),
                            ("AH-1-3C", "g0324"), ("AH-1-V", "g0222"),
                            ("RU-4-HQ", "g0120"), ("RU-4-XIV", "g0121"), ("RU-4-13C", "g0122"),
                            ("RU-4-Gren", "g0220")):
        state = state.with_unit(unit_id, place="map", hex=hex_id)
    return state


@pytest.mark.rules("gwe-serbia-galicia:26.32")
def test_austro_hungarians_lose_two_steps_on_a_2_and_one_on_a_1(galicia: GweData) -> None:
    dice = ForcedDice(dice=[2, 1, 2, 3], draws=[], recipients=[])
    state, rolls = pre_play_attrition(deployed(galicia), galicia, "AH", dice)
    assert [str(r) for r in rolls] == [
        "AH-1-12 in g0123: die 2, reduced 2 Step(s), eliminated (26.32)",
        "AH-1-3C in g0324: die 1, reduced 1 Step(s) (26.32)",
        "AH-1-I in g0223: die 2, reduced 2 Step(s) (26.32)",
        "AH-1-V in g0222: die 3, no effect (26.32)"]
    assert state.unit("AH-1-12").place == "eliminated"
    assert (state.unit("AH-1-3C").steps_lost, state.unit("AH-1-I").steps_lost,
            state.unit("AH-1-V").steps_lost) == (1, 2, 0)
    assert state.unit("AH-1-HQ").steps_lost == 0  # HQ units do not roll (G28)
    assert [r.purpose for r in dice.log] == [
        "26.32 attrition of AH-1-12 in g0123", "26.32 attrition of AH-1-3C in g0324",
        "26.32 attrition of AH-1-I in g0223", "26.32 attrition of AH-1-V in g0222"]
    assert state.unit("RU-4-XIV").steps_lost == 0  # the Russians roll after they deploy


@pytest.mark.rules("gwe-serbia-galicia:26.32")
def test_russians_lose_one_step_on_a_1_or_2(galicia: GweData) -> None:
    dice = ForcedDice(dice=[2, 1, 6], draws=[], recipients=[])
    state, rolls = pre_play_attrition(deployed(galicia), galicia, "RU", dice)
    assert [(r.unit, r.die, r.steps_lost) for r in rolls] == [
        ("RU-4-13C", 2, 1), ("RU-4-Gren", 1, 1), ("RU-4-XIV", 6, 0)]
    assert state.unit("RU-4-13C").steps_lost == 1


@pytest.mark.rules("gwe-serbia-galicia:26.32")
def test_the_rolls_are_seeded_and_replayable(galicia: GweData) -> None:
    first = pre_play_attrition(deployed(galicia), galicia, "AH", SeededDice("s", "26.32"))
    again = pre_play_attrition(deployed(galicia), galicia, "AH", SeededDice("s", "26.32"))
    assert first == again
    with pytest.raises(GameError, match=r"26\.32"):
        pre_play_attrition(deployed(galicia), galicia, "SE", SeededDice("s", "x"))
