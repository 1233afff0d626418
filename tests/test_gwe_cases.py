"""Great War in the East's public adjudication cases (fixtures/cases-gwe, docs/cases-gwe.md):
each one runs through the engine and comes out as it expects; `gm case check --game gwe`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.games.gwe.cases.coverage import CASES_DIR
from gm.games.gwe.cases.load import CaseError, load_case
from gm.games.gwe.cases.run import check_case, run_case
from gm.games.gwe.games import GAMES

CASES = sorted(CASES_DIR.glob("*.yaml"))


def test_there_are_forty_public_cases_each_naming_its_rule_cases() -> None:
    assert len(CASES) >= 40
    for path in CASES:
        case = load_case(path, GAMES)[0]
        cited = ("gwe:", *(f"{game.cited}:" for game in GAMES.values()))  # each game's own
        assert case.rules and all(r.startswith(cited) for r in case.rules), path.name


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_each_public_case_comes_out_as_it_expects(path: Path) -> None:
    title, diffs = check_case(path, GAMES)
    assert diffs == [], (title, diffs)


def test_gm_case_check_game_gwe_passes_them_all() -> None:
    outcome = CliRunner().invoke(cli, ["case", "check", "--game", "gwe",
                                        *map(str, CASES)])
    assert outcome.exit_code == 0, outcome.output
    assert f"{len(CASES)} passed, 0 failed" in outcome.output


def test_a_case_with_a_wrong_expectation_fails_with_the_difference(tmp_path: Path) -> None:
    text = (CASES_DIR / "8.4-26-to-9-is-2-1.yaml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace('"odds 2-1 (8.4, 10.21)"', '"odds 3-1"'), encoding="utf-8")
    assert check_case(wrong, GAMES)[1] == ["log: no line says 'odds 3-1'"]


def test_a_case_without_game_gwe_or_with_an_unknown_unit_is_refused(tmp_path: Path) -> None:
    text = (CASES_DIR / "8.4-26-to-9-is-2-1.yaml").read_text(encoding="utf-8")
    bare = tmp_path / "bare.yaml"
    bare.write_text(text.replace("game: gwe\n", ""), encoding="utf-8")
    with pytest.raises(CaseError, match="game"):
        load_case(bare, GAMES)
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text(text.replace("GE-D9: \"0603\"", "GE-99: \"0603\""), encoding="utf-8")
    with pytest.raises(CaseError, match="GE-99 is not a unit"):
        load_case(unknown, GAMES)


def test_the_outcome_logs_every_die_with_its_purpose() -> None:
    outcome = run_case(CASES_DIR / "8.4-26-to-9-is-2-1.yaml", GAMES)
    assert outcome["dice"] == [{"purpose": "8.4 combat die: RU-A1, RU-A2 against 0603",
                                "value": 1}]
    assert outcome["units"]["GE-D9"] == {"place": "map", "hex": "0803", "steps_lost": 0}
