"""Serbia/Galicia 17.11-17.51 and 24.1 on the Galician data set: the entrainment roll after the
move to a rail hex, who needs none, what counts against Rail Capacity, reinforcements, the
track limits, and foraging cavalry's Zone of Control."""

from __future__ import annotations

import dataclasses

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.exclusive.serbia_galicia.rail import (
    cavalry_exerts_zoc,
    detrains_on_entry,
    entrainment_roll,
    track_limit,
)
from gm.games.gwe.state import GweState, initial_state


def at(data: GweData, unit_id: str, hex_id: str) -> GweState:
    return initial_state(data, ("C", "E")).with_unit(unit_id, place="map", hex=hex_id)


@pytest.mark.rules("gwe-serbia-galicia:17.11", "gwe-serbia-galicia:17.12")
def test_a_roll_of_3_to_6_entrains_and_1_or_2_ends_the_move(galicia: GweData) -> None:
    state = at(galicia, "AH-3-III", "g1512")  # Lemberg, on the Friendly main line
    dice = ForcedDice(dice=[3, 2], draws=[], recipients=[])
    good = entrainment_roll(state, galicia, "AH-3-III", dice)
    bad = entrainment_roll(state, galicia, "AH-3-III", dice)
    assert (good.entrained, good.die, good.counts_capacity) == (True, 3, True)
    assert (bad.entrained, bad.die, bad.ends_movement, bad.counts_capacity) == (
        False, 2, True, True)
    assert [r.purpose for r in dice.log] == ["17.11 entrainment of AH-3-III at g1512"] * 2


@pytest.mark.rules("gwe-serbia-galicia:17.11")
def test_the_roll_is_made_on_reaching_a_rail_hex(galicia: GweData) -> None:
    dice = ForcedDice(dice=[], draws=[], recipients=[])
    russian_on_austrian_rail = entrainment_roll(at(galicia, "RU-3-IX", "g1512"), galicia,
                                                "RU-3-IX", dice)
    assert not russian_on_austrian_rail.entrained and dice.log == []
    assert "rail hex" in russian_on_austrian_rail.rule


@pytest.mark.rules("gwe-serbia-galicia:17.31", "gwe-serbia-galicia:17.32",
                   "gwe-serbia-galicia:17.11")
def test_no_roll_for_hqs_reinforcements_or_units_entrained(galicia: GweData) -> None:
    dice = ForcedDice(dice=[], draws=[], recipients=[])
    hq = entrainment_roll(at(galicia, "AH-3-HQ", "g1512"), galicia, "AH-3-HQ", dice)
    assert (hq.entrained, hq.die, hq.counts_capacity) == (True, None, False)
    arriving = entrainment_roll(at(galicia, "AH-2-IV", "g3020"), galicia, "AH-2-IV", dice,
                                arriving=True)
    assert (arriving.entrained, arriving.counts_capacity) == (True, True)
    riding = at(galicia, "AH-3-III", "g1512").with_unit("AH-3-III", entrained=True)
    assert entrainment_roll(riding, galicia, "AH-3-III", dice).entrained
    assert dice.log == []


@pytest.mark.rules("gwe-serbia-galicia:17.2", "gwe-serbia-galicia:17.51")
def test_entering_austrians_detrain_and_the_track_limits(galicia: GweData) -> None:
    assert detrains_on_entry(galicia, "AH-2-IV", arrived_this_phase=True)
    assert not detrains_on_entry(galicia, "AH-2-IV", arrived_this_phase=False)
    assert not detrains_on_entry(galicia, "RU-9-HQ", arrived_this_phase=True)
    chosen = dataclasses.replace(galicia, options=frozenset({"17.5"}))
    assert [track_limit(chosen, k, n) for k in ("single", "double") for n in ("RU", "AH")] == [
        4, 5, 12, 14]
    assert track_limit(galicia, "single", "RU") is None  # an optional rule not chosen


@pytest.mark.rules("gwe-serbia-galicia:24.1")
def test_foraging_cavalry_loses_its_zone_only_in_its_owners_player_turn(
        galicia: GweData) -> None:
    assert not cavalry_exerts_zoc(galicia, "RU-8-12C", foraging=True, phasing_side="allied")
    assert cavalry_exerts_zoc(galicia, "RU-8-12C", foraging=True, phasing_side="central")
    assert cavalry_exerts_zoc(galicia, "RU-8-12C", foraging=False, phasing_side="allied")
    assert cavalry_exerts_zoc(galicia, "RU-8-VII", foraging=True, phasing_side="allied")
