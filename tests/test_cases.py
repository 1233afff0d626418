"""The public adjudication suite: every case in fixtures/cases must come out as it expects."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.games.rcw.cases.load import load_case
from gm.games.rcw.cases.run import compare, run_case

CASES = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "cases").glob("*.yaml"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    case = load_case(path)[0]
    assert case.expect, "a public case states what it expects"
    assert compare(case.expect, run_case(path)) == []


def test_case_run_json_has_the_documented_fields() -> None:
    result = CliRunner().invoke(cli, ["case", "run", str(CASES[0]), "--json"])
    assert result.exit_code == 0, result.output
    outcome = json.loads(result.output)
    assert set(outcome) >= {"case", "turn", "phase", "position", "chart", "orders",
                            "randomizer", "pending", "dice_used", "victory", "log", "removed",
                            "victory_points", "ranking", "places"}
    assert outcome["randomizer"] == sorted(outcome["randomizer"])
    assert "unassigned" in outcome["chart"]


def test_case_check_reports_failures_and_malformed_files(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.yaml"
    movement = next(p for p in CASES if "movement-example" in p.name)
    wrong.write_text(movement.read_text(encoding="utf-8").replace(
        "result: partial", "result: succeeded"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["case", "check", str(wrong)])
    assert result.exit_code == 1
    assert "result succeeded expected, got partial" in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("case: x\nplayers: [A]\nphase: 3\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["case", "check", str(bad), str(wrong)])
    assert result.exit_code == 2 and "MALFORMED" in result.output and "phase" in result.output


def test_a_case_that_forces_too_little_or_too_much_chance_fails(tmp_path: Path) -> None:
    source = next(p for p in CASES if p.name == "17.0-assassination-example.yaml")
    text = source.read_text(encoding="utf-8")
    short = tmp_path / "short.yaml"
    short.write_text(text.replace("dice: [6, 5]", "dice: [6]"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["case", "check", str(short)])
    assert result.exit_code == 1 and "ran out of forced dice" in result.output
    extra = tmp_path / "extra.yaml"
    extra.write_text(text.replace("dice: [6, 5]", "dice: [6, 5, 1]"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["case", "check", str(extra)])
    assert result.exit_code == 1 and "1 dice unused" in result.output


@pytest.mark.parametrize(("body", "message"), [
    ("position:\n  PETR: [{player: A, units: [999]}]\n", "unknown unit 999"),
    ("position:\n  MOSC: [{player: A, units: [152]}]\n", "unknown province MOSC"),
    ("position:\n  PETR: [{player: Z, units: [152]}]\n", "no player Z"),
    ("position:\n  PETR: [{player: A, units: [152]}]\n  TVER: [{player: A, units: [152]}]\n",
     "listed twice"),
    ("orders:\n  Q: |\n    GAME x\n", "not among the players"),
])
def test_malformed_references_are_reported(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(f"case: c\nplayers: [A]\n{body}", encoding="utf-8")
    result = CliRunner().invoke(cli, ["case", "check", str(path)])
    assert result.exit_code == 2 and message in result.output
