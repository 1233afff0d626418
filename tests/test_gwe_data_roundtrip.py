"""The shipped Galician data set exported to CSV and imported again plays as shipped (issue
29): each start line keeps its order through the sheets (ruling G29 reads the sides of the line
from it), the rail capacity's Game-Turns stay numbers, `gm new --data` refuses a data set `gm
data check` refuses, and a deployment.yaml problem is said at its unit's line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from gm.games.gwe.data.copies import export_data_set, import_data_set
from gm.games.gwe.data.importing import import_map
from gm.games.gwe.games import read_bound
from gm.games.gwe.system import GreatWarInTheEast

SHIPPED = GreatWarInTheEast().default_data_dir()
PLAYERS = ("-p", "C:Conrad:conrad@example.org:pwc", "-p", "E:Ivanov:ivanov@example.org:pwe")


def gm(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"}, check=False)


@pytest.fixture(scope="module")
def round_trip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped data set exported and imported (its deployment.yaml carried both ways,
    issue 37)."""
    root = tmp_path_factory.mktemp("trip")
    export_data_set(SHIPPED, root / "sheets")
    import_data_set(root / "sheets", root / "data")
    assert (root / "data" / "deployment.yaml").read_bytes() == \
        (SHIPPED / "deployment.yaml").read_bytes()
    return root


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_each_start_line_comes_back_in_its_order_and_the_set_up_still_passes(
        round_trip: Path) -> None:
    before, _ = read_bound(SHIPPED)
    after, problems = read_bound(round_trip / "data")
    assert before is not None and after is not None, problems
    assert [(s.name, s.hexes) for s in after.map.start_lines] == \
        [(s.name, s.hexes) for s in before.map.start_lines]
    hexes = (round_trip / "sheets" / "hexes.csv").read_text(encoding="utf-8")
    assert "1 September 1914: AH 1st Army / RU 4th Army #1" in hexes
    checked = gm("data", "check", "--game", "gwe", str(round_trip / "data"))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_rail_capacity_by_game_turn_is_written_with_numbers(round_trip: Path) -> None:
    written = yaml.safe_load((round_trip / "data" / "counters.yaml").read_text(encoding="utf-8"))
    assert written["sides"]["central"]["rail_capacity_by_turn"][7] == 14
    assert all(isinstance(turn, int) for side in written["sides"].values()
               for turn in side.get("rail_capacity_by_turn", {}))


def test_a_start_line_half_numbered_or_numbered_twice_is_said_at_its_row(
        round_trip: Path, tmp_path: Path) -> None:
    sheets = tmp_path / "sheets"
    shutil.copytree(round_trip / "sheets", sheets)
    hexes = sheets / "hexes.csv"
    text = hexes.read_text(encoding="utf-8")
    text = text.replace("AH 4th Army / RU 5th Army #2", "AH 4th Army / RU 5th Army") \
        .replace("AH 3rd Army / RU 3rd Army #2", "AH 3rd Army / RU 3rd Army #1") \
        .replace("AH 2nd Army / RU 8th Army #2", "AH 2nd Army / RU 8th Army #x")
    hexes.write_text(text, encoding="utf-8")
    _, _, problems = import_map(sheets)
    said = [p.message for p in problems]
    assert any("give its place along the start line" in m for m in said), said
    assert sum("place #1 along the start line is given to another hex too" in m
               for m in said) == 2, said
    assert any("write its name, then # and the hex's place" in m for m in said), said
    assert all(p.line > 0 for p in problems)


def test_a_data_set_gm_data_check_refuses_is_refused_by_gm_new(tmp_path: Path) -> None:
    data = tmp_path / "mydata"
    shutil.copytree(SHIPPED, data)
    deployment = data / "deployment.yaml"
    text = deployment.read_text(encoding="utf-8")
    # the 4th Army's HQ put behind the Austro-Hungarian side of the line
    before = next(line for line in text.splitlines() if line.startswith("  RU-4-HQ:"))
    deployment.write_text(text.replace(before, "  RU-4-HQ: {hex: \"g0325\", source: moved}"),
                          encoding="utf-8")
    checked = gm("data", "check", "--game", "gwe", str(data))
    line = text.splitlines().index(before) + 1
    assert checked.returncode == 1
    assert f"{deployment}:{line}: RU-4-HQ: g0325 is not on the start line" in checked.stdout
    made = gm("new", str(tmp_path / "east"), "--game", "gwe", "--data", str(data), *PLAYERS)
    assert made.returncode == 1 and "Traceback" not in made.stderr
    assert "RU-4-HQ: g0325 is not on the start line" in made.stderr
    assert "gm data check" in made.stderr and not (tmp_path / "east").exists()
