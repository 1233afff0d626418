"""Serbia/Galicia's supply sources (5.3, 9.0, 9.13-9.16) on the blind reviewer's data set
(fixtures/gwe-sg-blind, issue 28): a rail line of no side serves each country along its own
stretch, a side's depots count for it as a whole, and a town's supply (25.12) is traced for
the side's own nationalities (ruling G60)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.exclusive.serbia_galicia.victory import controller, turn_awards, turn_vp
from gm.games.gwe.rules.supply import rail_sources, supply_sources
from tests.gwe import fixture_data, only

BLIND = Path(__file__).parent.parent / "fixtures" / "gwe-sg-blind"


@pytest.fixture(scope="module")
def blind() -> GweData:
    return fixture_data(BLIND)



@pytest.mark.rules("gwe:9.13", "gwe:9.15", "gwe-serbia-galicia:5.3")
def test_a_line_of_no_side_is_a_source_for_each_country_along_its_own_stretch(
        blind: GweData) -> None:
    # 0803-0808 names no side and crosses the border: 0803-0804 in Russia, 0805-0808 in
    # Galicia. Each part joins its country's main line, which runs to a Friendly map edge.
    state = only(blind)
    austrian = {str(h) for h in rail_sources(state, blind, "central", "AH")}
    russian = {str(h) for h in rail_sources(state, blind, "allied", "RU")}
    assert {"0805", "0806", "0807", "0808"} <= austrian
    assert not {"0803", "0804"} & austrian
    assert {"0803", "0804"} <= russian
    assert not {"0805", "0806", "0807", "0808"} & russian


@pytest.mark.rules("gwe:9.16", "gwe-serbia-galicia:5.3")
def test_the_sides_sources_as_a_whole_count_its_supplied_depots(blind: GweData) -> None:
    # A depot of a country (Austria-Hungary) is a source for its side taken as a whole too.
    state = only(blind, AH_1_D="0907")
    assert parse_hex("0907") in supply_sources(state, blind, "central")
    assert parse_hex("0907") in supply_sources(state, blind, "central", "AH")


@pytest.mark.rules("gwe-serbia-galicia:25.12", "gwe-serbia-galicia:5.3", "gwe:9.16")
def test_a_town_is_in_supply_only_through_its_holders_own_countrys_sources(
        blind: GweData) -> None:
    lublin = parse_hex("0602")
    # Two hexes from a depot that is two from the Galician rail 0805: Austro-Hungarian.
    assert controller(only(blind, AH_1_I="0602", AH_1_D="0604"), blind, lublin) == "central"
    # Without the depot the nearest Austro-Hungarian source is four hexes off; the Russian
    # stretch of the same line (0803, two hexes off) supplies no Austro-Hungarian (5.3).
    assert controller(only(blind, AH_1_I="0602"), blind, lublin) is None
    # Control stays with the last to occupy it while it is in supply (25.12, 25.13).
    left = only(blind, AH_1_D="0604").occupied_by(lublin, "central")
    assert [str(a) for a in turn_awards(left, blind)] == [
        "Lublin (0602): -5 VP to the central side (25.11)"]


@pytest.mark.rules("gwe-serbia-galicia:25.2", "gwe-serbia-galicia:25.11", "gwe:9.16")
def test_russian_control_of_a_pass_yields_four_a_game_turn(blind: GweData) -> None:
    # Duka Pass (0711) in Galicia: two hexes from RU-5-D, three from RU-4-D, two from the
    # Russian rail 0804 (9.16's chain of depots).
    assert turn_vp(only(blind, RU_4_D="0706", RU_5_D="0709", RU_4_45="0711"), blind) == 4
    assert turn_vp(only(blind, RU_4_45="0711"), blind) == 0  # no depots: no supply, no control
