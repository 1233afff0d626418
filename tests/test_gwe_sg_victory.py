"""Serbia/Galicia 25.0 and 26.33 on the Galician data set: the towns, passes and hexes that
yield Victory Points each Game-Turn when controlled and in supply, the points for Steps lost in
combat, the Allied total starting at 35 and the levels of victory."""

from __future__ import annotations

import dataclasses

import pytest

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.models import RailLine
from gm.games.gwe.exclusive.serbia_galicia.victory import (
    DECISION_IN_GALICIA_START,
    combat_loss_vp,
    controller,
    turn_awards,
    turn_vp,
    valued_hexes,
    victory_level,
)
from gm.games.gwe.state import GweState, initial_state
from tests.gwe import with_depots


def placed(data: GweData, **where: str) -> GweState:
    state = initial_state(data, ("C", "E"))
    for unit_id, hex_id in where.items():
        state = state.with_unit(unit_id.replace("_", "-"), place="map", hex=hex_id)
    return state


@pytest.mark.rules("gwe-serbia-galicia:25.11", "gwe-serbia-galicia:25.2")
def test_the_valued_hexes_are_25_2s_towns_passes_and_g1126(galicia: GweData) -> None:
    found = {str(h): (name, vp) for h, name, vp in valued_hexes(galicia)}
    assert found == {
        "g0108": ("Kowel", -5), "g0115": ("Chelm", -5), "g0120": ("Lublin", -5),
        "g0802": ("Dubno", -5), "g1126": ("G1126", 4), "g1825": ("Duka Pass", 4),
        "g1924": ("Lupkow Pass", 4), "g2118": ("Ushok Pass", 4), "g2315": ("Lysa Pass", 4),
        "g2809": ("Jabloniza Pass", 4)}


@pytest.mark.rules("gwe-serbia-galicia:25.11", "gwe-serbia-galicia:25.12",
                   "gwe-serbia-galicia:25.13")
def test_a_town_yields_its_points_only_to_its_side_controlling_it_in_supply(
        galicia: GweData) -> None:
    # Russians in Lublin: a negative town yields the Allied Player nothing (25.11).
    state = placed(galicia, RU_4_XIV="g0120")
    assert controller(state, galicia, parse_hex("g0120")) == "allied"
    assert turn_awards(state, galicia) == []
    # Austro-Hungarians in Lublin, out of supply there: no control (25.12).
    state = placed(galicia, AH_1_I="g0120")
    assert controller(state, galicia, parse_hex("g0120")) is None
    assert turn_vp(state, galicia) == 0
    # ... nor through a railroad in Russia, though the data names it theirs: they use only
    # their own country's (Serbia/Galicia 5.3, ruling G60; tests/test_gwe_sg_supply_sources.py
    # has a town they control through a depot).
    line = RailLine(kind="single", hexes=("g0220", "g0120"), exits_map=True, side="central",
                    source="synthetic: a test line")
    fed = dataclasses.replace(galicia, map=galicia.map.model_copy(
        update={"rail_lines": (*galicia.map.rail_lines, line)}))
    state = placed(fed).occupied_by(parse_hex("g0120"), "central")
    assert turn_awards(state, fed) == []
    # ... but once a chain of its depots reaches it (9.16; its own railroads, 5.3), -5 each
    # Game-Turn, even after they leave (25.12).
    state = with_depots(placed(galicia), galicia, parse_hex("g0120"), "central", "AH")
    state = state.occupied_by(parse_hex("g0120"), "central")
    assert [str(a) for a in turn_awards(state, galicia)] == [
        "Lublin (g0120): -5 VP to the central side (25.11)"]


@pytest.mark.rules("gwe-serbia-galicia:25.2", "gwe-serbia-galicia:25.11")
def test_russian_control_of_a_pass_yields_four_a_game_turn(galicia: GweData) -> None:
    state = with_depots(placed(galicia, RU_8_VII="g1825"), galicia, parse_hex("g1825"),
                        "allied", "RU")
    assert turn_vp(state, galicia) == 4
    assert turn_vp(placed(galicia, RU_8_VII="g1825"), galicia) == 0  # no supply: no control
    # A line in Galicia supplies no Russian, whatever side the data gives it (Serbia/Galicia
    # 5.3, ruling G60); tests/test_gwe_sg_supply_sources.py has a pass held through depots.
    line = RailLine(kind="single", hexes=("g1826", "g1825"), exits_map=True, side="allied",
                    source="synthetic: a test line")
    fed = dataclasses.replace(galicia, map=galicia.map.model_copy(
        update={"rail_lines": (*galicia.map.rail_lines, line)}))
    assert turn_vp(placed(fed, RU_8_VII="g1825"), fed) == 0


@pytest.mark.rules("gwe-serbia-galicia:25.2", "gwe-serbia-galicia:25.14")
def test_steps_lost_in_combat_and_units_eliminated(galicia: GweData) -> None:
    assert combat_loss_vp(galicia, "AH-1-I", 1, eliminated=False) == 2
    assert combat_loss_vp(galicia, "AH-1-12", 2, eliminated=True) == 2 * 2 + 2  # a division: 2 SP
    assert combat_loss_vp(galicia, "RU-4-XIV", 1, eliminated=False) == -1
    assert combat_loss_vp(galicia, "RU-4-XIV", 4, eliminated=True) == -4 - 4  # a corps: 4 SP
    assert combat_loss_vp(galicia, "AH-1-HQ", 1, eliminated=True) == 0  # G8


@pytest.mark.rules("gwe-serbia-galicia:26.33", "gwe-serbia-galicia:25.3",
                   "gwe-serbia-galicia:25.15")
def test_the_levels_of_victory_from_an_allied_total_starting_at_35() -> None:
    assert DECISION_IN_GALICIA_START == 35
    assert victory_level(DECISION_IN_GALICIA_START) == "Allied Marginal"
    assert [victory_level(t) for t in (63, 56, 55, 36, 21, 20, 15, 14, 5, 4, -10, -11, -40)] == [
        "Allied Strategic", "Allied Strategic", "Allied Substantive", "Allied Substantive",
        "Allied Marginal", "Draw", "Draw", "Austro-Hungarian Marginal",
        "Austro-Hungarian Marginal", "Austro-Hungarian Substantive",
        "Austro-Hungarian Substantive", "Austro-Hungarian Decisive",
        "Austro-Hungarian Decisive"]
