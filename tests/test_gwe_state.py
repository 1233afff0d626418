"""The state of a Great War in the East game: immutable, each unit in one place (issue 27)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gm.core.errors import GameError
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.state import GweState, UnitState, initial_state, state_problems
from tests.gwe import fixture_data as _data


@pytest.mark.rules("gwe:3.0", "gwe:14.0")
def test_set_up_units_are_placed_and_reinforcements_wait() -> None:
    state = initial_state(_data(), ("A", "B"))
    assert state.unit("RU-8").hex == "0405" and state.unit("RU-8").place == "map"
    assert state.unit("AH-9").place == "pending" and state.unit("AH-9").hex is None
    assert set(state.units_in(parse_hex("0405"))) == {"RU-8", "RU-12"}
    assert state.turn == 1 and state.game == "gwe"
    assert state_problems(state, _data()) == []


@pytest.mark.rules("gwe:8.5", "gwe:5.32", "gwe:10.31", "gwe:9.2")
def test_a_change_makes_a_new_state() -> None:
    state = initial_state(_data(), ("A", "B"))
    after = state.with_unit("RU-8", steps_lost=1, entrained=True, out_of_command=True,
                            out_of_supply=True)
    assert state.unit("RU-8").steps_lost == 0 and not state.unit("RU-8").entrained
    assert after.unit("RU-8") == UnitState(place="map", hex="0405", steps_lost=1,
                                           entrained=True, out_of_supply=True,
                                           out_of_command=True)
    assert GweState.from_json(after.to_json()) == after
    with pytest.raises(ValidationError):
        after.units["RU-8"].steps_lost = 2  # type: ignore[misc]


@pytest.mark.rules("gwe:8.5", "gwe:5.38")
def test_every_unit_is_in_one_place_and_steps_never_below_zero() -> None:
    state = initial_state(_data(), ("A", "B"))
    with pytest.raises(ValidationError, match="has a hex exactly when"):
        state.with_unit("RU-8", place="eliminated")
    with pytest.raises(ValidationError, match="greater than or equal to 0"):
        state.with_unit("RU-8", steps_lost=-1)
    with pytest.raises(ValidationError, match="only a unit on the map"):
        state.with_unit("AH-9", entrained=True)
    off = state.with_unit("RU-12", place="off_map", hex=None, entrained=True, off_map_points=3)
    assert off.unit("RU-12").off_map_points == 3
    with pytest.raises(GameError, match="no unit XX-1"):
        state.unit("XX-1")


@pytest.mark.rules("gwe:8.5", "gwe:11.13")
def test_what_the_data_set_contradicts() -> None:
    state = initial_state(_data(), ("A", "B"))
    state = state.with_unit("RU-12", steps_lost=2).with_unit("GE-35", hex="1109")
    assert state_problems(state, _data()) == [
        "RU-12: 2 Steps lost of 2, yet not eliminated (8.5)", "GE-35: 1109 is not on the map"]
    fortress = state.model_copy(update={"fortress_steps_lost": {"0803": 4}})
    assert fortress.fortress_destroyed(parse_hex("0803"))
    assert not state.fortress_destroyed(parse_hex("0803"))
    with pytest.raises(ValidationError):
        GweState.model_validate({**state.model_dump(), "fortress_steps_lost": {"0803": 5}})
