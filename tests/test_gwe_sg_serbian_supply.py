"""Serbia/Galicia 9.1 and 20.0, Serbian supply and the Serbian Supply Track, on the synthetic
Serbian front of fixtures/gwe-sg-serbia (Serbia columns 01-05, Austria-Hungary 06-10, the border
a major river, a second major river inside Serbia between rows 05 and 06; the Serbian line along
row 08): a Serbian unit in Serbia is always in supply, and its line of supply never crosses a
major river; a town's supply for control (25.12) likewise (ruling G91); the Serbian Supply
Track's die (20.2) and an attack's cost (20.1). The Phases' own are shown by the cases sg-9.1-*
and sg-20.*."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.exclusive.serbia_galicia.supply_track import TRACK, attack_cost, replenish
from gm.games.gwe.exclusive.serbia_galicia.victory import hex_in_supply
from gm.games.gwe.rules.supply import determine_supply, supply_status
from tests.gwe import fixture_data, only

SERBIAN_FRONT = Path(__file__).parent.parent / "fixtures" / "gwe-sg-serbia"


@pytest.fixture(scope="module")
def front() -> GweData:
    return fixture_data(SERBIAN_FRONT)



@pytest.mark.rules("gwe-serbia-galicia:9.1")
def test_a_serbian_unit_anywhere_in_serbia_is_in_supply_and_says_why(front: GweData) -> None:
    for column in range(1, 6):
        for row in range(1, 11):
            where = f"s{column:02d}{row:02d}"
            status = supply_status(only(front, SE_D1=where), front, "SE-D1")
            assert status.in_supply, where
            assert status.rule.startswith("Serbia/Galicia 9.1"), where


@pytest.mark.rules("gwe-serbia-galicia:9.1", "gwe:9.12")
def test_out_of_serbia_only_a_line_that_crosses_no_major_river_supplies(front: GweData) -> None:
    # In Austria-Hungary every way back to the Serbian line crosses the border's major river:
    # out of supply wherever it stands there; an Austrian unit the same distance off its own
    # line across the river is in supply (the Standard Rules let a line cross rivers).
    for where in ("s0606", "s0607", "s0608", "s0609"):
        state = determine_supply(only(front, SE_D2=where), front, "allied")
        assert state.unit("SE-D2").out_of_supply, where
    state = determine_supply(only(front, AH_D1="s0505"), front, "central")
    assert not state.unit("AH-D1").out_of_supply


@pytest.mark.rules("gwe-serbia-galicia:9.1", "gwe-serbia-galicia:25.12")
def test_a_town_s_supply_for_control_follows_the_serbian_rule(front: GweData) -> None:
    state = only(front)
    assert hex_in_supply(state, front, parse_hex("s0303"), "allied")  # in Serbia
    assert not hex_in_supply(state, front, parse_hex("s0607"), "allied")  # across the river
    assert hex_in_supply(state, front, parse_hex("s0505"), "central")  # an Austrian line


@pytest.mark.rules("gwe-serbia-galicia:20.2")
@pytest.mark.parametrize(("die", "added"), [(1, 0), (2, 0), (3, 1), (4, 2), (5, 2), (6, 4)])
def test_the_serbian_supply_die_adds_as_printed(front: GweData, die: int, added: int) -> None:
    state = only(front).model_copy(update={"tracks": {TRACK: 3}})
    dice = ForcedDice([die], [], [])
    after, notes = replenish(state, "allied", dice)
    assert after.tracks[TRACK] == 3 + added
    assert not dice.dice and len(dice.log) == 1 and len(notes) == 1
    assert replenish(state, "central", ForcedDice([], [], []))[0] is state  # the Allied's only


@pytest.mark.rules("gwe-serbia-galicia:20.1", "gwe-serbia-galicia:20.2")
def test_a_game_without_the_serbian_track_rolls_nothing_and_pays_nothing(front: GweData) -> None:
    # Decision in Galicia (26.3) keeps no Serbian Supply Track: no die is rolled for it, and an
    # attack of no Serbian unit costs none.
    state = only(front)
    assert replenish(state, "allied", ForcedDice([], [], []))[0] is state
    assert attack_cost(front, ["AH-D1"]) is None
    assert attack_cost(front, ["SE-D1", "SE-D2", "SE-HQ"]) == (TRACK, 3)
