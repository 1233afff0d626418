"""Serbia/Galicia 26.31 on the Galician data set: units set up on the start line within their
army's boundaries and on their own side of it, and every start-line hex covered by the side's
units or their Zones of Control."""

from __future__ import annotations

import pytest

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.deployment import read_deployment
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.exclusive.serbia_galicia.setup import (
    army_of,
    sector_armies,
    sector_army,
    setup_hexes,
    setup_problems,
    start_line,
)
from gm.games.gwe.rules.zoc import controlled_hexes
from gm.games.gwe.state import GweState, initial_state
from gm.games.gwe.system import GreatWarInTheEast


def deploy_all(data: GweData, side: str) -> GweState:
    """Each army's units spread evenly along its own sector's start-line hexes."""
    state = initial_state(data, ("C", "E"))
    for line in data.map.start_lines:
        units = sorted(u.id for u in data.counters.units if data.side_of(u.id) == side
                       and u.arrives is None and u.type != "depot"
                       and army_of(u.id)[1] in sector_armies(sector_army(line, side)))
        for number, unit_id in enumerate(units):
            state = state.with_unit(unit_id, place="map",
                                    hex=line.hexes[number * len(line.hexes) // len(units)])
    deployment = read_deployment(GreatWarInTheEast().default_data_dir())
    assert deployment is not None
    for unit_id, where in deployment.hexes.items():  # the depots where they are in supply
        if data.units[unit_id].type == "depot" and data.side_of(unit_id) == side:
            state = state.with_unit(unit_id, place="map", hex=str(where))
    return state


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_the_sectors_name_a_pair_of_facing_armies(galicia: GweData) -> None:
    assert [line.armies for line in galicia.map.start_lines] == [
        {"central": "1+Kummer", "allied": "4"}, {"central": "4", "allied": "5"},
        {"central": "3", "allied": "3"}, {"central": "2", "allied": "8"}]
    assert sector_army(galicia.map.start_lines[0], "allied") == "4"
    assert sector_armies(sector_army(galicia.map.start_lines[0], "central")) == ("1", "Kummer")
    assert army_of("AH-1-45LW") == ("AH", "1")


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_kummers_group_sets_up_within_the_1st_armys_boundaries(galicia: GweData) -> None:
    """Armeegruppe Kummer fought within the 1st Army on 1 September 1914: the sector names
    both (`1+Kummer`), and Kummer's units set up where the 1st Army's may."""
    assert setup_hexes(galicia, "AH-Kummer-106L") == setup_hexes(galicia, "AH-1-I")
    assert parse_hex("g1011") not in setup_hexes(galicia, "AH-Kummer-7C")


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_each_side_sets_up_on_its_own_side_of_its_armys_sector(galicia: GweData) -> None:
    russian, austrian = setup_hexes(galicia, "RU-4-XIV"), setup_hexes(galicia, "AH-1-I")
    line = set(start_line(galicia))
    assert parse_hex("g0220") in russian - austrian  # beside the line, towards Lublin
    assert parse_hex("g0322") in austrian - russian  # Krasnik, south-west of it
    assert parse_hex("g0223") in russian & austrian & line
    assert parse_hex("g1011") not in austrian  # the 3rd Army's sector, not the 1st's


@pytest.mark.rules("gwe-serbia-galicia:26.31", "gwe-serbia-galicia:6.11")
def test_a_whole_deployment_passes_and_each_fault_is_named(galicia: GweData) -> None:
    assert setup_problems(deploy_all(galicia, "allied"), galicia, "allied") == []
    state = deploy_all(galicia, "central")
    before = setup_problems(state, galicia, "central")
    assert before == []  # the 2nd Army's four units cover its five hexes (issue 28)
    moved = state.with_unit("AH-1-I", hex="g1011")
    assert setup_problems(moved, galicia, "central") == [
        "AH-1-I: g1011 is not on the start line within the AH 1 Army's boundaries, on its "
        "side (Serbia/Galicia 26.31)", *before]
    wrong_side = state.with_unit("AH-1-I", hex="g0220")  # the Russian side, by Lublin
    assert setup_problems(wrong_side, galicia, "central")[0].startswith("AH-1-I: g0220 is not")
    far = state.with_unit("AH-1-SD1", hex="g0101")  # a depot out of supply (ruling G32)
    assert setup_problems(far, galicia, "central")[0].startswith("AH-1-SD1: g0101 is out of "
                                                                 "supply; a supply depot")
    missing = state.with_unit("AH-1-I", place="pending", hex=None)
    assert setup_problems(missing, galicia, "central")[0] == \
        "AH-1-I: not set up; every unit sets up on the start line (Serbia/Galicia 26.31)"


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_every_start_line_hex_is_covered_by_units_or_their_zones(galicia: GweData) -> None:
    state = initial_state(galicia, ("C", "E")).with_unit("RU-4-XIV", place="map", hex="g0221")
    problems = setup_problems(state, galicia, "allied")
    covered = controlled_hexes(state, galicia, "allied") | {parse_hex("g0221")}
    uncovered = [h for h in start_line(galicia) if h not in covered]
    assert parse_hex("g0222") not in uncovered and parse_hex("g2108") in uncovered
    assert [p for p in problems if "start-line hex" in p] == [
        f"{h}: a start-line hex not covered: neither occupied by the allied side's units nor "
        "in their Zone of Control (Serbia/Galicia 26.31)" for h in uncovered]


@pytest.mark.rules("gwe-serbia-galicia:6.11")
def test_nine_stacking_points_a_hex(galicia: GweData) -> None:
    state = deploy_all(galicia, "central")
    for unit_id in ("AH-1-I", "AH-1-V", "AH-1-X"):  # three corps: 12 points
        state = state.with_unit(unit_id, hex="g0223")
    assert any("over the limit of 9" in p for p in setup_problems(state, galicia, "central"))


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_a_depot_is_deployed_wherever_its_set_up_lets_it_trace_supply(
        galicia: GweData) -> None:
    """Ruling G32: a supply depot is bound to no sector; a DEPLOY of one is taken anywhere,
    its supply checked when the deployment closes (the default deployment's Kummer depot in
    g0422 lies two hexes behind the line)."""
    from gm.games.gwe.exclusive.serbia_galicia.setup import setup_refusal

    assert parse_hex("g0422") not in setup_hexes(galicia, "AH-1-I")
    assert setup_refusal(galicia, "AH-Kummer-SD1", parse_hex("g0422")) is None
    assert setup_refusal(galicia, "AH-1-I", parse_hex("g0422")) is not None
