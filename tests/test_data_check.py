"""`gm data check` on the broken data sets of fixtures/data/broken.yaml."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from gm.cli import cli
from gm.core.data import DataError
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
from gm.games.rcw.data.load import load_game_data

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "data" / "broken.yaml"
BROKEN: list[dict[str, Any]] = yaml.safe_load(FIXTURES.read_text(encoding="utf-8"))


def build(case: dict[str, Any], folder: Path) -> Path:
    shutil.copytree(DEFAULT_DATA_DIR, folder)
    path = folder / case["file"]
    if case.get("delete"):
        path.unlink()
        return folder
    text = path.read_text(encoding="utf-8")
    assert text.count(case["find"]) == 1, f"{case['name']}: `find` must occur exactly once"
    path.write_text(text.replace(case["find"], case["replace"]), encoding="utf-8")
    return folder


@pytest.mark.parametrize("case", BROKEN, ids=[c["name"] for c in BROKEN])
def test_data_check_reports_the_problem(case: dict[str, Any], tmp_path: Path) -> None:
    folder = build(case, tmp_path / case["name"])
    result = CliRunner().invoke(cli, ["data", "check", str(folder)])
    assert result.exit_code == 1, result.output
    assert case["expect"] in result.output, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("case", BROKEN[:4], ids=[c["name"] for c in BROKEN[:4]])
def test_the_program_refuses_to_run_on_a_broken_data_set(case: dict[str, Any],
                                                          tmp_path: Path) -> None:
    folder = build(case, tmp_path / case["name"])
    with pytest.raises(DataError) as raised:
        load_game_data(folder)
    assert any(case["expect"].split(": ", 1)[-1] in str(p) for p in raised.value.problems)


def test_data_check_passes_on_the_embedded_set() -> None:
    result = CliRunner().invoke(cli, ["data", "check"])
    assert result.exit_code == 0 and "data set OK" in result.output


def test_a_gm_corrected_data_set_is_used(tmp_path: Path) -> None:
    """A GM's own data (e.g. the real strength of US 417's neighbour) is what runs."""
    folder = build({"name": "corrected", "file": "counters.yaml",
                    "find": "{id: 401, kind: combat, nationality: JA, strength: 2,",
                    "replace": "{id: 401, kind: combat, nationality: JA, strength: 4,"},
                   tmp_path / "corrected")
    result = CliRunner().invoke(cli, ["data", "check", str(folder)])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, ["data", "counters", "--json", "--data", str(folder)])
    assert '"strength": 4' in result.output
