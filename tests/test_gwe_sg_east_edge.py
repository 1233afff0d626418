"""Serbia/Galicia 9.0's East edge as a data set names it (ruling G62): the blind reviewer's
sheet (fixtures/gwe-sg-blind, issue 28) is drawn north up, its East edge column 16, where the
shipped Galician sheet is turned (row 01 of map g, ruling G26); a GM's sheet.csv says which."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gm.core.data import DataError
from gm.games.gwe.data.checks import check_directory
from gm.games.gwe.data.copies import export_data_set, import_data_set
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.games import read_bound
from gm.games.gwe.rules.countries import friendly_edge
from gm.games.gwe.rules.supply import rail_sources
from gm.games.gwe.state import initial_state
from gm.games.gwe.system import GreatWarInTheEast

BLIND = Path(__file__).parent.parent / "fixtures" / "gwe-sg-blind"


def _loaded(folder: Path) -> GweData:
    data, problems = read_bound(folder)
    assert data is not None, problems
    return data


@pytest.mark.rules("gwe-serbia-galicia:9.0", "gwe:9.15")
def test_the_east_edge_the_data_set_names_is_never_austro_hungarian() -> None:
    blind = _loaded(BLIND)
    assert not friendly_edge(blind, parse_hex("1606"), "AH")  # in Galicia, on the East edge
    assert friendly_edge(blind, parse_hex("0108"), "AH")  # the west edge, in Galicia
    assert friendly_edge(blind, parse_hex("1603"), "RU")  # the East edge, in Russia
    # row 01 is this sheet's north edge, no East edge: the G26 reading is the shipped sheet's
    assert friendly_edge(blind, parse_hex("1401"), "RU")
    state = initial_state(blind, ("C", "E"))
    for unit_id in state.units:
        state = state.with_unit(unit_id, place="pending", hex=None)
    austrian = {str(h) for h in rail_sources(state, blind, "central", "AH")}
    assert "0108" in austrian and not {"1406", "1506", "1606"} & austrian
    # a data set that names no East edge keeps ruling G26's: row 01 of map g
    galicia = _loaded(GreatWarInTheEast().default_data_dir())
    assert galicia.map.east_edges == ()
    assert not friendly_edge(galicia, parse_hex("g2901"), "AH")
    assert friendly_edge(galicia, parse_hex("g3010"), "AH")


def test_sheet_csv_names_the_east_edge_and_it_comes_back(tmp_path: Path) -> None:
    export_data_set(BLIND, tmp_path / "csv")
    sheet = (tmp_path / "csv" / "sheet.csv").read_text(encoding="utf-8")
    assert "\neast_edge,,column 16," in sheet
    import_data_set(tmp_path / "csv", tmp_path / "data")
    assert _loaded(tmp_path / "data").map == _loaded(BLIND).map


@pytest.mark.parametrize(("value", "said"), [
    (",diagonal 3,", "east_edge 'diagonal 3': write `row` or `column` and its number"),
    (",row 5,", "an east edge is a first or last row or column of its map"),
    ("s,row 1,", "east edge of map 's': no map has that letter"),
])
def test_an_east_edge_the_rules_cannot_use_is_said_plainly(tmp_path: Path, value: str,
                                                           said: str) -> None:
    sheets = tmp_path / "sheets"
    shutil.copytree(BLIND / "sheets", sheets)
    sheet = sheets / "sheet.csv"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("east_edge,,column 16,",
                                                               f"east_edge,{value}"),
                     encoding="utf-8")
    try:
        import_data_set(sheets, tmp_path / "data")
    except DataError as exc:
        problems = [str(p) for p in exc.problems]
    else:
        problems = [str(p) for p in check_directory(tmp_path / "data")[0]]
    assert any(said in p for p in problems), problems
