"""Every rule case of Great War in the East's Standard Rules 2-14 is named by a test, or listed
in docs/rulings-gwe.md with the reason the program does not use it (issue 27)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from gm.cli import cli
from gm.games import citations
from gm.games.gwe.cases.coverage import (
    EXCLUDED_HEADING,
    RULEBOOK,
    RULINGS,
    marked_tests,
    project_coverage,
)
from gm.games.gwe.games import GAMES


def test_every_rule_case_is_named_or_documented_as_unused() -> None:
    rows = project_coverage(GAMES)
    assert [row.rule.id for row in rows if not row.named and row.excluded is None] == []
    assert [row.rule.id for row in rows if row.named and row.excluded is not None] == []
    known = {rule.id for rule in citations.rule_cases(RULEBOOK)}
    assert set(citations.exclusions(RULINGS, EXCLUDED_HEADING)) <= known
    named = {case for cases in marked_tests().values() for case in cases}
    assert named <= known, named - known  # no tag names a case the rulebook lacks


def test_the_command_exits_0_when_every_case_is_accounted_for() -> None:
    result = CliRunner().invoke(cli, ["case", "coverage", "--game", "gwe"])
    assert result.exit_code == 0, result.output
    assert "0 named by nothing" in result.output


def test_the_exclusions_table_is_under_its_heading_not_a_quotation_of_it(tmp_path: Path
                                                                          ) -> None:
    rulings = tmp_path / "rulings.md"
    rulings.write_text(f'## G1. Citations\n\nA case goes under "{EXCLUDED_HEADING}" here.\n\n'
                       f"## G2. Other\n\n| case | reason |\n|---|---|\n| 9.9 | not this |\n\n"
                       f"{EXCLUDED_HEADING}\n\n| case | reason |\n|---|---|\n"
                       "| 2.6 | the parts inventory |\n", encoding="utf-8")
    assert citations.exclusions(rulings, EXCLUDED_HEADING) == {"2.6": "the parts inventory"}


def test_serbia_galicias_exclusive_rule_cases_are_listed_and_accounted_for() -> None:
    rows = {row.rule.id: row for row in project_coverage(GAMES)
            if row.rule.id.startswith("gwe-serbia-galicia:")}
    for case in ("2.4", "5.3", "6.11", "9.0", "9.1", "11.0", "14.1", "17.11", "18.1", "18.2",
                 "24.1", "25.12", "25.14", "25.2", "26.31", "26.32", "26.33", "19.1", "26.1"):
        assert f"gwe-serbia-galicia:{case}" in rows, case
    assert [i for i, row in rows.items() if not row.named and row.excluded is None] == []
    assert rows["gwe-serbia-galicia:18.2"].cases and rows["gwe-serbia-galicia:19.1"].cases
    assert rows["gwe-serbia-galicia:26.2"].excluded  # the Free Deployment is still to come
