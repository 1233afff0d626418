"""A GM's own data imported (issue 37): a problem `gm data check` finds in what his CSV files
make is said at the sheet, row and column he typed, with the unit or hex it is about; nothing
is written while anything is wrong; a hex typed off the sheet is refused; the files a scenario
needs besides the sheets (deployment.yaml, charts.yaml) go both ways."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.games.gwe.system import GreatWarInTheEast
from tests.conftest import gm

SHIPPED = GreatWarInTheEast().default_data_dir()


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as sheet:
        return list(csv.reader(sheet))


def _save(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as sheet:  # as a spreadsheet saves it
        csv.writer(sheet, lineterminator="\r\n").writerows(rows)


@pytest.fixture
def sheets(tmp_path: Path) -> Path:
    gm("data", "export", "--game", "gwe", str(SHIPPED), str(tmp_path / "sheets"))
    return tmp_path / "sheets"


def test_the_export_carries_the_set_up_and_the_import_brings_it_back(sheets: Path) -> None:
    assert (sheets / "deployment.yaml").read_bytes() == (SHIPPED / "deployment.yaml").read_bytes()
    out = gm("data", "import", "--game", "gwe", str(sheets), str(sheets.parent / "mine"))
    assert "data set OK" in out
    assert (sheets.parent / "mine" / "deployment.yaml").is_file()


def test_each_problem_is_said_at_the_sheet_row_and_column_and_nothing_is_written(
        sheets: Path) -> None:
    counters = _rows(sheets / "counters.csv")
    head = counters[0]
    unit = counters[3]
    unit[head.index("setup")] = "g3141"  # off the map
    counters[8][head.index("id")] = counters[7][head.index("id")]  # an id typed twice
    _save(sheets / "counters.csv", counters)
    hexes = _rows(sheets / "hexes.csv")
    columns = hexes[0]
    town = [""] * len(columns)
    for column, value in (("hex", "g3140"), ("terrain", "clear"), ("city", "Nowhere"),
                          ("vp", "3"), ("source", "typed")):
        town[columns.index(column)] = value
    _save(sheets / "hexes.csv", [*hexes, town])
    rail = _rows(sheets / "rail.csv")
    line = rail[1][rail[0].index("hexes")].split()
    rail[1][rail[0].index("hexes")] = " ".join([*line[:2], "g0101", *line[2:]])
    _save(sheets / "rail.csv", rail)
    out = sheets.parent / "mine"
    done = CliRunner().invoke(cli, ["data", "import", "--game", "gwe", str(sheets), str(out)])
    said = done.output
    assert done.exit_code != 0 and "nothing written" in said and not out.exists()
    assert f"{sheets}/counters.csv:4: column setup, {unit[head.index('id')]}: g3141 is not " \
        "on the map" in said
    twice = counters[7][head.index("id")]
    assert f"{sheets}/counters.csv:8: unit {twice} listed 2 times (rows 8, 9)" in said
    assert f"{sheets}/hexes.csv:{len(hexes) + 1}: column hex, g3140 lies outside its map's " \
        "extent" in said
    assert f"{sheets}/rail.csv:2: column hexes, rail line breaks between {line[1]} and g0101 " \
        "(5.33)" in said
    assert "counters.yaml:" not in said and "map.yaml:" not in said  # no line of a file made
