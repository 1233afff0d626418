"""Every rule case of the postal game is named by a passing adjudication case or test; the
ones the postal game does not use are listed in docs/rulings.md with the reason (issue 11)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.games.gwe.games import GAMES
from gm.games.rcw.cases.coverage import (
    RULEBOOK,
    case_rules,
    exclusions,
    marked_tests,
    project_coverage,
    rule_cases,
    unknown_rules,
)

# The rulebook is not in the repository: a GM who has its text names his copy in $GM_RULEBOOK.
RULEBOOK_TEXT = Path(os.environ["GM_RULEBOOK"]) if os.environ.get("GM_RULEBOOK") else None


def test_every_rule_case_is_named_or_documented_as_unused() -> None:
    rows = project_coverage()
    unnamed = [row.rule.id for row in rows if not row.named and row.excluded is None]
    assert unnamed == []
    needless = [row.rule.id for row in rows if row.named and row.excluded is not None]
    assert needless == []  # an exclusion is for a rule case nothing names
    known = {rule.id for rule in rule_cases()}
    assert set(exclusions()) <= known


def test_every_tag_names_a_rule_case() -> None:
    assert unknown_rules(case_rules(), marked_tests(), rule_cases()) == []


@pytest.mark.skipif(RULEBOOK_TEXT is None or not RULEBOOK_TEXT.is_file(),
                    reason="$GM_RULEBOOK does not name a copy of the rulebook")
def test_the_rule_cases_are_those_of_the_rulebook() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "rule_cases", Path(__file__).resolve().parents[1] / "scripts" / "rule_cases.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert RULEBOOK_TEXT is not None
    expected = module.render(module.rule_cases(RULEBOOK_TEXT.read_text(encoding="utf-8")))
    assert RULEBOOK.read_text(encoding="utf-8") == expected


def test_gm_case_list_and_coverage() -> None:
    listed = CliRunner().invoke(cli, ["case", "list", "--rule", "5.27"])
    assert listed.exit_code == 0
    assert "17.0-movement-example: " in listed.output and "case(s) naming 5.27" in listed.output
    assert "quit:" not in listed.output
    every = CliRunner().invoke(cli, ["case", "coverage"])
    assert every.exit_code == 0, every.output
    assert "0 named by nothing" in every.output
    assert "5.37          not used in the postal game: the cities" in every.output
    assert "8.29          test test_reports.py::test_every_player_sees_every_stack" in every.output
    missing = CliRunner().invoke(cli, ["case", "coverage", "--missing"])
    assert missing.exit_code == 0 and missing.output.splitlines()[-1].endswith(
        "0 named by nothing")


def test_citations_name_their_game_and_each_game_counts_its_own() -> None:
    """A citation names its game unless it is the default's: `gwe:8.4` is Great War in the
    East's 8.4, never Russian Civil War's (docs/rulings-gwe.md, G7)."""
    from gm.games.citations import cited
    from gm.games.gwe.cases import coverage as gwe

    assert cited("gwe:8.4") == ("gwe", "8.4") and cited("5.27") == (None, "5.27")
    assert cited("gwe-brusilov:17.0") == ("gwe-brusilov", "17.0")
    assert not any(name.startswith("test_gwe_") for name in marked_tests())
    theirs = gwe.marked_tests()
    assert theirs["test_gwe_combat.py::test_26_to_9_is_2_to_1_the_rulebooks_own_example"] == [
        "8.4", "8.8"]
    known = {rule.id for rule in rule_cases(gwe.RULEBOOK)}
    assert {"2.1", "8.4", "14.24"} <= known and not any(r.startswith("15.") for r in known)
    assert sorted({rule for rules in theirs.values() for rule in rules} - known) == []


def test_gm_case_coverage_of_another_game() -> None:
    every = CliRunner().invoke(cli, ["case", "coverage", "--game", "gwe"])
    lines = every.output.splitlines()
    assert any(line.startswith("8.4 ") and "test_gwe_combat.py::" in line for line in lines)
    rows = [line for line in lines if not line.startswith("==") and " rule cases: " not in line]
    assert lines[-1].startswith(f"{len(rows)} rule cases: ")
    assert not any(line.startswith(("15.", "17.0")) for line in lines)  # the Standard Rules
    # each part apart (issue 35): the Standard Rules, then each game's Exclusive Rules
    parts = [line for line in lines if line.startswith("== ")]
    assert parts == ["== the Standard Rules (2.0-14.0)",
                     *(f"== {game.title}'s Exclusive Rules" for game in GAMES.values())]
    counts = [line for line in lines[:-1] if " rule cases: " in line]
    assert [c.split(":")[0] for c in counts] == [p.removeprefix("== ") for p in parts]
    assert sum(int(c.split(": ")[1].split()[0]) for c in counts) == len(rows)
    missing = CliRunner().invoke(cli, ["case", "coverage", "--game", "gwe", "--missing"])
    assert missing.exit_code == 0 and "NAMED BY NOTHING" not in missing.output
