"""Serbia/Galicia's rail, supply and sequence rules as the engine plays them on a data set
that names them (fixtures/gwe-sg, the galician data set): the Rail Capacity by Game-Turn and
each nationality's country carried through the CSV sheets (5.3), supply by country and map
edge (5.3, 9.0), and the Allied Player first with no Player-Turn on Game-Turn 1 (4.0). The
public cases fixtures/cases-gwe/sg-*.yaml show the rest."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.core.data import DataError
from gm.core.dice import ForcedDice
from gm.core.errors import GameError
from gm.games.gwe.cases.load import case_sides, load_case
from gm.games.gwe.cases.run import check_case
from gm.games.gwe.data.copies import export_data_set, import_data_set
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.engine.phase import Sides, adjudicate_phase
from gm.games.gwe.games import GAMES, read_bound
from gm.games.gwe.rules.supply import rail_sources, supply_status
from gm.games.gwe.state import GweState, initial_state
from gm.games.gwe.system import GreatWarInTheEast
from tests.gwe import FIXTURE

SG = FIXTURE.parent / "gwe-sg"
CASES = FIXTURE.parent / "cases-gwe"


def loaded(folder: Path) -> GweData:
    data, problems = read_bound(folder, lined=False)
    assert data is not None, problems
    return data


def standard(data: GweData) -> GweData:
    """The same data set under the Standard Rules alone."""
    return GweData(directory=data.directory, map=data.map, charts=data.charts,
                   counters=data.counters.model_copy(update={"exclusive_rules": None}))


@pytest.mark.rules("gwe-serbia-galicia:5.3")
def test_the_galician_rail_capacity_varies_by_game_turn() -> None:
    galicia = loaded(GreatWarInTheEast().default_data_dir())
    central, allied = galicia.counters.sides["central"], galicia.counters.sides["allied"]
    assert (central.capacity(1), allied.capacity(1)) == (18, 13)  # the Track's note: 18/13
    assert [central.capacity(t) for t in range(7, 14)] == [14] * 7
    assert [allied.capacity(t) for t in range(7, 14)] == [16] * 7
    assert {n.country for n in galicia.counters.nationalities.values()} == {
        "Austria-Hungary", "Russia"}


@pytest.mark.rules("gwe-serbia-galicia:5.3")
def test_capacity_by_turn_and_country_come_back_from_the_csv_sheets(tmp_path: Path) -> None:
    export_data_set(SG, tmp_path / "csv")
    sides = (tmp_path / "csv" / "sides.csv").read_text(encoding="utf-8")
    assert ",2:4 4:9," in sides and ",Austria-Hungary," in sides
    import_data_set(tmp_path / "csv", tmp_path / "data")
    assert loaded(tmp_path / "data").counters == loaded(SG).counters


def test_a_capacity_by_turn_cell_that_cannot_be_read_is_a_problem_at_its_row(
        tmp_path: Path) -> None:
    export_data_set(SG, tmp_path / "csv")
    sheet = tmp_path / "csv" / "sides.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace(",2:4 4:9,", ",2-4 4:9,"),
                     encoding="utf-8")
    with pytest.raises(DataError) as raised:
        import_data_set(tmp_path / "csv", tmp_path / "data")
    assert "write a Game-Turn, a colon and a whole number" in str(raised.value)


def on_map(data: GweData, **units: str) -> GweState:
    state = initial_state(data, ("A", "B"))
    for unit_id in data.units:
        state = state.with_unit(unit_id, place="eliminated", hex=None)
    for unit_id, where in units.items():
        state = state.with_unit(unit_id, place="map", hex=where)
    return state


@pytest.mark.rules("gwe-serbia-galicia:5.3", "gwe-serbia-galicia:9.0")
def test_supply_by_country_and_by_map_edge() -> None:
    data = loaded(SG)
    state = on_map(data, **{"RU-D1": "g0906", "AH-D1": "g0901"})
    russian = {str(h) for h in rail_sources(state, data, "allied", "RU")}
    assert russian == {"g0105", "g0205", "g0305", "g0405", "g0505"}  # 5.3: Russia's alone
    assert not supply_status(state, data, "RU-D1").in_supply
    assert not supply_status(state, data, "AH-D1").in_supply  # 9.0: no East edge
    plain = standard(data)  # the Standard Rules: any Friendly line, any exit
    assert parse_hex("g0905") in rail_sources(state, plain, "allied", "RU")
    assert supply_status(state, plain, "RU-D1").in_supply
    assert supply_status(state, plain, "AH-D1").in_supply


@pytest.mark.rules("gwe-serbia-galicia:4.0")
def test_the_allied_player_is_first_but_has_no_player_turn_on_game_turn_1() -> None:
    path = CASES / "sg-17.2-an-austro-hungarian-reinforcement-detrains-after-its-phase.yaml"
    case, data = load_case(path, GAMES)[:2]
    sides = case_sides(path, case.model_copy(update={"players": {"A": "central",
                                                                 "B": "allied"}}), data)
    assert sides.first == "allied"  # 4.0, though A plays the central side
    state = on_map(data, **{"AH-HQ": "g0907", "RU-HQ": "g0207"})
    opening = state.model_copy(update={"turn": 1, "phase": 1})
    with pytest.raises(GameError, match="no Allied Player-Turn"):
        adjudicate_phase(opening, data, sides, {}, ForcedDice([], [], []))
    done = adjudicate_phase(opening.model_copy(update={"phase": 4}), data, sides, {},
                            ForcedDice([], [], []))
    assert done.phasing == "A"  # the Austro-Hungarian Player-Turn is played
    later = adjudicate_phase(opening.model_copy(update={"turn": 2}), data,
                             Sides(sides.players, "allied"), {}, ForcedDice([], [], []))
    assert later.phasing == "B"


@pytest.mark.rules("gwe-serbia-galicia:17.51")
def test_the_track_limits_apply_only_when_turned_on(tmp_path: Path) -> None:
    name = "sg-17.51-a-single-track-carries-five-austro-hungarian-points.yaml"
    text = (CASES / name).read_text(encoding="utf-8")
    off = tmp_path / name
    off.write_text(text.replace("options:\n- '17.5'\n", "").replace("../gwe-sg", str(SG)),
                   encoding="utf-8")
    assert "options" not in off.read_text(encoding="utf-8")
    diffs = check_case(off, GAMES)[1]
    assert any("line 6" in d and "succeeded" in d for d in diffs), diffs
