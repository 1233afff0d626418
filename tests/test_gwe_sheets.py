"""A GM's own Great War in the East map and counters as CSV files (issue 28, docs/data-gwe.md):
`gm data import` / `gm data export --game gwe`, the round trip, the reconstructed items listed
by `gm data check --list-reconstructed`, and `gm data map --game gwe` drawing the map."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.games.gwe.data.canonical import canonical_map
from gm.games.gwe.data.copies import export_data_set, import_data_set
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.exporting import write_sheets
from gm.games.gwe.data.hexes import DIRECTIONS, Hex
from gm.games.gwe.data.importing import import_map
from gm.games.gwe.data.models import (
    EntryHex,
    Extent,
    HexEntry,
    HexsideEntry,
    MapFile,
    StartLine,
)
from gm.games.gwe.data.sheets import COLUMNS
from gm.games.gwe.games import read_bound
from gm.games.gwe.system import GreatWarInTheEast

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "fixtures" / "gwe"
DOC = ROOT / "docs" / "data-gwe.md"
SHEETS = tuple(COLUMNS)


def gm(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from gm.cli import main; main()", *args],
                          capture_output=True, text=True, cwd=cwd, check=False)


def _loaded(folder: Path) -> GweData:
    data, problems = read_bound(folder)
    assert problems == [] and data is not None
    return data


def _doc_example(folder: Path) -> Path:
    """The CSV files docs/data-gwe.md shows, written as a GM would save them."""
    blocks = re.findall(r"```csv (\S+)\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert sorted(name for name, _ in blocks) == sorted(SHEETS)
    folder.mkdir()
    for name, text in blocks:
        (folder / name).write_text(text, encoding="utf-8")
    return folder


# --- import and export ---------------------------------------------------------------------


def test_the_documented_example_imports_into_a_data_set_that_passes_the_checks(
        tmp_path: Path) -> None:
    sheets = _doc_example(tmp_path / "sheets")
    result = gm("data", "import", "--game", "gwe", str(sheets), str(tmp_path / "data"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "data set OK" in result.stdout
    data = _loaded(tmp_path / "data")
    lemberg = data.hexes[Hex("", 2, 2)]
    assert lemberg.city is not None and (lemberg.city.name, lemberg.city.vp) == ("Lemberg", 5)
    assert lemberg.fortress is not None and lemberg.fortress.weakened_defense == 3
    # the ridge has its own row: its own source and note, the river the printed hex's
    ne, sw = Hex("", 3, 2), Hex("", 1, 3)
    assert data.features(Hex("", 2, 2), ne) == {"minor_river"}
    assert data.features(Hex("", 2, 2), sw) == {"ridge"}
    ridge = next(s for s in data.map.hexsides if "ridge" in s.features)
    assert (ridge.source, ridge.note) == ("reconstructed", "the ridge is read off a relief map")
    assert data.map.start_lines[0].hexes == ("0301", "0302")
    assert data.units["AH-XI"].steps[3].attack == 1
    assert data.units["RU-3C"].arrives is not None and data.units["RU-3C"].arrives.entry == "A"
    assert [(e.side, e.letter, e.hex) for e in data.map.entry_hexes] == [("allied", "A", "0101")]


def test_an_import_of_the_fixtures_export_gives_the_same_data(tmp_path: Path) -> None:
    export_data_set(FIXTURE, tmp_path / "csv")
    import_data_set(tmp_path / "csv", tmp_path / "data")
    before, after = _loaded(FIXTURE), _loaded(tmp_path / "data")
    assert after.map == canonical_map(before.map)
    assert after.counters == before.counters
    assert after.hexes == before.hexes and after.rail_links == before.rail_links
    # and once in that order, byte for byte: the CSV files and the YAML written from them
    export_data_set(tmp_path / "data", tmp_path / "csv2")
    import_data_set(tmp_path / "csv2", tmp_path / "data2")
    for name in SHEETS:
        assert (tmp_path / "csv" / name).read_bytes() == (tmp_path / "csv2" / name).read_bytes()
    for name in ("map.yaml", "counters.yaml"):
        first = (tmp_path / "data" / name).read_text(encoding="utf-8").splitlines()[1:]
        assert first == (tmp_path / "data2" / name).read_text(encoding="utf-8").splitlines()[1:]
    # hex ids stay quoted: 0803 unquoted is a number to a YAML 1.2 reader
    assert "id: \"0803\"" in (tmp_path / "data" / "map.yaml").read_text(encoding="utf-8")


@pytest.mark.rules("gwe:2.1")
def test_the_shipped_galician_map_comes_back_whole_landmarks_too(tmp_path: Path) -> None:
    """Issue 28's done-when: an import of an exported data set gives the same data, on the
    data set shipped (its passes and G1126 are landmarks with their Victory Points, 25.2)."""
    galicia = GreatWarInTheEast().default_data_dir()
    export_data_set(galicia, tmp_path / "csv")
    import_data_set(tmp_path / "csv", tmp_path / "data")
    before, after = _loaded(galicia), _loaded(tmp_path / "data")
    assert after.map == canonical_map(before.map) and after.counters == before.counters
    assert [line.armies for line in after.map.start_lines][-1] == {"central": "2",
                                                                   "allied": "8"}
    landmarks = {e.id: e.landmark for e in after.map.hexes if e.landmark is not None}
    assert len(landmarks) == 6 and landmarks["g1825"] is not None
    assert (landmarks["g1825"].kind, landmarks["g1825"].name, landmarks["g1825"].vp) == (
        "mountain_pass", "Duka Pass", 4)


GRID = [Hex("", c, r) for c in range(1, 6) for r in range(1, 6)]
ARMIES = st.dictionaries(st.sampled_from(["central", "allied"]), st.sampled_from(["1", "IX"]))
SOURCES = st.sampled_from(["printed", "errata", "reconstructed", "reconstructed: from 1914"])
NOTES = st.none() | st.sampled_from(["why, with, a comma", "a \"quoted\" note", "Lemberg"])
FEATURES = st.lists(st.sampled_from(["minor_river", "major_river", "ridge", "prohibited",
                                     "border"]), min_size=1, max_size=2, unique=True)


@st.composite
def maps(draw: st.DrawFn) -> MapFile:
    hexes = [HexEntry(id=str(h), terrain=draw(st.sampled_from(["clear", "forest", "swamp"])),
                      country=draw(st.none() | st.just("Galicia")), trench=draw(st.booleans()),
                      source=draw(SOURCES), note=draw(NOTES))
             for h in draw(st.lists(st.sampled_from(GRID), unique=True, max_size=6))]
    sides = []
    for here in draw(st.lists(st.sampled_from(GRID), max_size=6)):
        there = here.neighbour(draw(st.sampled_from(DIRECTIONS)))
        if there is not None and there in GRID:
            sides.append(HexsideEntry(between=(str(here), str(there)), features=draw(FEATURES),
                                      source=draw(SOURCES), note=draw(NOTES)))
    entries = [EntryHex(letter=letter, hex=str(draw(st.sampled_from(GRID))), side="allied",
                        source=draw(SOURCES), note=draw(NOTES))
               for letter in draw(st.lists(st.sampled_from("ABC"), unique=True, max_size=3))]
    line = draw(st.lists(st.sampled_from(GRID), unique=True, min_size=1, max_size=4))
    return MapFile(name="Drawn", source="reconstructed",
                   extents=(Extent(columns=(1, 5), rows=(1, 5), source="printed"),),
                   hexes=tuple(hexes), hexsides=tuple(sides), entry_hexes=tuple(entries),
                   start_lines=(StartLine(name="Start, 1914", hexes=tuple(map(str, line)),
                                          armies=draw(ARMIES), source=draw(SOURCES),
                                          note=draw(NOTES)),))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(map_file=maps())
def test_any_map_comes_back_from_its_csv_files_as_it_was(tmp_path: Path,
                                                          map_file: MapFile) -> None:
    counters = _loaded(FIXTURE).counters
    folder = tmp_path / "sheets"
    write_sheets(map_file, counters, folder)
    imported, again, problems = import_map(folder)
    assert problems == []
    assert imported == canonical_map(map_file)
    assert again == counters


def test_rows_that_cannot_be_read_are_said_at_their_lines_and_nothing_is_written(
        tmp_path: Path) -> None:
    sheets = _doc_example(tmp_path / "sheets")
    hexes = (sheets / "hexes.csv").read_text(encoding="utf-8")
    (sheets / "hexes.csv").write_text(hexes.replace("0101,forest", "0101,jungle")
                                      .replace(",minor_river,", ",creek,"), encoding="utf-8")
    counters = (sheets / "counters.csv").read_text(encoding="utf-8")
    (sheets / "counters.csv").write_text(counters.replace("2-2-8 1-1-8", "2-2-8 1-1")
                                         .replace("allied,RU", "central,RU"), encoding="utf-8")
    result = gm("data", "import", "--game", "gwe", str(sheets), str(tmp_path / "data"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{sheets / 'hexes.csv'}:2: terrain:" in result.stderr
    assert f"{sheets / 'hexes.csv'}:3: hexside NE.0:" in result.stderr
    assert f"{sheets / 'counters.csv'}:3: step '1-1': write Attack-Defense-Movement" \
        in result.stderr
    assert "side 'central', but its nationality RU is of 'allied'" in result.stderr
    assert "nothing written" in result.stderr and not (tmp_path / "data").exists()


def test_an_import_the_checks_refuse_says_each_problem_and_what_to_do(tmp_path: Path) -> None:
    """Checked as `gm data check` does before anything is written (issue 37): each problem at
    the sheet's row and column, the count and what to do, exit 1 (a set-up hex off the map
    passes the sheets but not the checks)."""
    sheets = _doc_example(tmp_path / "sheets")
    counters = (sheets / "counters.csv").read_text(encoding="utf-8")
    (sheets / "counters.csv").write_text(counters.replace(",0302,,,printed", ",0909,,,printed"),
                                         encoding="utf-8")
    row = next(n for n, line in enumerate(counters.splitlines(), start=1)
               if ",0302,,,printed" in line)
    unit = counters.splitlines()[row - 1].split(",")[0]
    data = tmp_path / "data"
    result = gm("data", "import", "--game", "gwe", str(sheets), str(data))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    said = result.stdout + result.stderr
    assert f"{sheets / 'counters.csv'}:{row}: column setup, {unit}: 0909 is not on the map" \
        in said
    assert "gm: 1 problem(s); nothing written" in said and not data.exists()


def test_a_missing_file_or_column_is_said_plainly(tmp_path: Path) -> None:
    sheets = _doc_example(tmp_path / "sheets")
    (sheets / "sides.csv").unlink()
    rail = sheets / "rail.csv"
    rail.write_text(rail.read_text(encoding="utf-8").replace("exits_map", "exits"),
                    encoding="utf-8")
    result = gm("data", "import", "--game", "gwe", str(sheets), str(tmp_path / "data"))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "no sides.csv: the data set needs it" in result.stderr
    assert f"{rail}:1: unknown column(s): exits; the columns are kind,hexes," in result.stderr
    assert "missing column(s): exits_map" in result.stderr


def test_every_cli_path_gives_a_clear_error(tmp_path: Path) -> None:
    for args in (("data", "import", "--game", "gwe", str(tmp_path / "none"), str(tmp_path)),
                 ("data", "export", "--game", "gwe", str(tmp_path / "none"), str(tmp_path)),
                 ("data", "map", "--game", "gwe", str(tmp_path / "none")),
                 ("data", "import", str(FIXTURE), str(tmp_path / "out"))):
        result = gm(*args)
        assert result.returncode == 1, args
        assert "Traceback" not in result.stderr and result.stderr.startswith(("gm: ", "/")), \
            (args, result.stderr)
    assert "imports no data set" in gm("data", "import", str(FIXTURE), str(tmp_path)).stderr
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "map.yaml").write_text("name: [\n", encoding="utf-8")
    result = gm("data", "export", "--game", "gwe", str(broken), str(tmp_path / "csv"))
    assert result.returncode == 1 and f"{broken / 'map.yaml'}:" in result.stderr
    drawn = gm("data", "map", "--game", "gwe")  # the embedded data set: the Galician Front
    assert drawn.returncode == 0 and drawn.stdout.count('class="hex ') > 1000


# --- what is reconstructed --------------------------------------------------------------------


def test_check_lists_every_reconstructed_item_with_its_note(tmp_path: Path) -> None:
    import_data_set(_doc_example(tmp_path / "sheets"), tmp_path / "data")
    result = gm("data", "check", "--game", "gwe", str(tmp_path / "data"),
                "--list-reconstructed")
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if not line.startswith("warning:")]
    head = next(line for line in lines if line.startswith("not printed"))
    assert "1 hexside, 1 start line, 1 counter" in head and "provisional chart cells" in head
    listed = [line for line in lines if "(reconstructed)" in line]
    assert len(listed) == 3
    map_yaml, counters_yaml = tmp_path / "data" / "map.yaml", tmp_path / "data" / "counters.yaml"
    assert any(line.startswith(f"{map_yaml}:") and "hexside 0202/0103 (reconstructed): the "
               "ridge is read off a relief map" in line for line in listed)
    assert any(line.startswith(f"{counters_yaml}:") and "counter RU-3C (reconstructed): "
               "values by type (2-2-8)" in line for line in listed)
    line_no = int(next(x for x in listed if "RU-3C" in x).split(":")[1])
    assert "RU-3C" in counters_yaml.read_text(encoding="utf-8").splitlines()[line_no - 1]


def test_without_the_flag_check_lists_nothing_and_the_fixture_lists_all_it_invents() -> None:
    plain = gm("data", "check", "--game", "gwe", str(FIXTURE))
    assert plain.returncode == 0 and "not printed" not in plain.stdout
    listed = gm("data", "check", "--game", "gwe", str(FIXTURE), "--list-reconstructed").stdout
    assert "9 hexes, 7 hexsides, 5 rail lines" in listed
    assert "counter RU-8 (synthetic)" in listed


# --- the map drawn ------------------------------------------------------------------------


def test_the_map_is_drawn_with_every_hex_once_and_its_features(tmp_path: Path) -> None:
    result = gm("data", "map", "--game", "gwe", str(FIXTURE), "--out", str(tmp_path / "m.svg"))
    assert result.returncode == 0, result.stderr
    svg = (tmp_path / "m.svg").read_text(encoding="utf-8")
    drawn = re.findall(r'<polygon class="hex terrain-(\w+)" data-hex="(\d+)"', svg)
    assert len(drawn) == 80 and len({h for _, h in drawn}) == 80
    assert ("mountain", "0805") in drawn and ("forest", "0304") in drawn
    assert 'class="hexside minor_river" data-between="0505/0604"' in svg
    assert 'class="hexside major_river" data-between="0402/0502"' in svg
    assert 'class="hexside border"' in svg and 'class="hexside ridge"' in svg
    assert svg.count('<polyline class="rail double"') == 2
    assert svg.count('<polyline class="rail single"') == 3
    assert "Alphaburg (3 VP)" in svg and 'class="fortress" data-hex="0803"' in svg
    assert svg.count('class="entry"') == 3 and svg.count('class="start"') == 8
    assert '<g class="legend"' in svg and ">minor river</text>" in svg
    # printed, the same drawing
    assert gm("data", "map", "--game", "gwe", str(FIXTURE)).stdout == svg


def test_the_drawn_map_renders() -> None:
    import resvg_py

    svg = gm("data", "map", "--game", "gwe", "--data", str(FIXTURE)).stdout
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg))
    assert png.startswith(b"\x89PNG")

