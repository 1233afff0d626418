"""HQ displacement (10.52, 10.54) on the synthetic map: an Enemy unit entering or retreating
into a hex of HQ units alone drives them to their nearest Friendly unit or fortress; a lone
HQ beside an Enemy unit in the Enemy Movement Phase goes too; an army HQ flips instead of
dying with its stack."""

from __future__ import annotations

import pytest

from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.rules import retreat
from gm.games.gwe.rules.displacement import (
    displacement_hex,
    enemy_hqs_displaced,
    lone_hqs_displaced,
)
from gm.games.gwe.rules.movement import entry
from gm.games.gwe.rules.results import DefenderChoice, apply_defender_result
from tests.gwe import fixture_data, opening

DATA = fixture_data()
h = parse_hex


@pytest.mark.rules("gwe:10.52", "gwe:5.13")
def test_a_combat_unit_may_enter_a_hex_of_enemy_hqs_alone_and_they_displace() -> None:
    state = opening(DATA).with_unit("RU-12", hex="0907")
    assert entry(state, DATA, "RU-12", h("0907"), h("0906")).allowed  # AH-A4 alone there
    assert not entry(state.with_unit("RU-D1", hex="0907"), DATA, "RU-D1", h("0907"),
                     h("0906")).allowed  # a depot's Attack Strength is 0
    moved = state.with_unit("RU-12", hex="0906")
    after, notes = enemy_hqs_displaced(moved, DATA, h("0906"), "allied")
    assert notes == ("AH-A4 displaces to 0705 (10.52)",)  # GE-35, two hexes off
    assert after.unit("AH-A4").hex == "0705"


@pytest.mark.rules("gwe:10.52")
def test_a_hq_rated_2_to_4_hemmed_in_by_enemy_zones_cannot_displace() -> None:
    state = opening(DATA).with_unit("RU-8", hex="0805").with_unit("RU-4C", hex="1006")
    state = state.with_unit("RU-12", hex="0906")  # every way out of 0906 Russian-controlled
    assert displacement_hex(state, DATA, "AH-A4", ("RU-12",)) is None
    after, notes = enemy_hqs_displaced(state, DATA, h("0906"), "allied")
    assert notes == ("AH-A4: cannot displace, eliminated (10.52, G21)",)
    assert after.unit("AH-A4").place == "eliminated"
    german = state.with_unit("GE-HL", hex="0906").with_unit("AH-A4", hex="0101")
    assert displacement_hex(german, DATA, "GE-HL", ("RU-12",)) == h("0705")  # rated 1


@pytest.mark.rules("gwe:10.52")
def test_a_lone_hq_beside_an_enemy_unit_in_his_movement_phase_displaces() -> None:
    state = opening(DATA).with_unit("GE-35", hex="0306").with_unit("GE-HL", hex="0101")
    after, notes = lone_hqs_displaced(state, DATA, "central")
    assert notes == ("RU-KA displaces to 0205 (10.52)",)  # RU-D1 and RU-8 equally near
    assert after.unit("RU-KA").hex == "0205"
    stacked = state.with_unit("RU-12", hex="0305")  # stacked with a combat unit: stays
    assert lone_hqs_displaced(stacked, DATA, "central") == (stacked, ())


@pytest.mark.rules("gwe:10.52", "gwe:8.61")
def test_a_retreat_enters_a_hex_of_enemy_hqs_alone_and_displaces_them() -> None:
    state = opening(DATA).with_unit("GE-35", hex="0101").with_unit("GE-HL", hex="0101")
    state = state.with_unit("RU-KA", hex="0705")
    paths = retreat.paths(state, DATA, h("0604"), "central", 1, False, ("AH-24",))
    assert "0705" in [str(p) for p in paths]
    done = apply_defender_result(state, DATA, "1", ("AH-24",), 2, True,
                                 DefenderChoice(option=2, paths={h("0604"): (h("0705"),)}))
    assert done.state.unit("AH-24").hex == "0705"
    assert done.state.unit("RU-KA").hex != "0705" and done.state.unit("RU-KA").place == "map"
    assert any(n.startswith("RU-KA displaces to") for n in done.notes)


@pytest.mark.rules("gwe:10.54", "gwe:10.53")
def test_an_army_hq_with_a_reverse_side_flips_and_displaces_instead_of_dying() -> None:
    state = opening(DATA).with_unit("AH-A4", hex="0604")
    done = apply_defender_result(state, DATA, "E", ("AH-24", "AH-A4"), 2, True)
    assert done.state.unit("AH-24").place == "eliminated"
    assert done.state.unit("AH-A4").steps_lost == 1 and done.state.unit("AH-A4").hex == "0705"
    assert ("AH-A4: its stack eliminated, flips to its reverse side (10.54); AH-A4 displaces "
            "to 0705 (10.54)") in done.notes
    reduced = state.with_unit("AH-A4", steps_lost=1)
    gone = apply_defender_result(reduced, DATA, "E", ("AH-24", "AH-A4"), 2, True)
    assert gone.state.unit("AH-A4").place == "eliminated"
    corps = opening(DATA).with_unit("GE-35", hex="0101")  # GE-HL, a corps HQ, alone with nothing
    lost = apply_defender_result(corps.with_unit("GE-HL", hex="0604"), DATA, "E",
                                 ("AH-24", "GE-HL"), 2, True)
    assert lost.state.unit("GE-HL").place == "eliminated"
