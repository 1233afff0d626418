"""Which rule case of the Standard Rules (sections 2-14, gm/games/gwe/rulebook.yaml) is named
by which adjudication case (its `rules:` tag, fixtures/cases-gwe, docs/cases-gwe.md) or test:
`@pytest.mark.rules("gwe:8.4")` (docs/rulings-gwe.md, G7); a rule case the
program does not use is listed, with the reason, in docs/rulings-gwe.md under EXCLUDED_HEADING."""

from __future__ import annotations

from pathlib import Path

from gm.core.errors import GameError
from gm.games import citations
from gm.games.system import Coverage, RuleCase

ROOT = Path(__file__).resolve().parents[4]
RULEBOOK = Path(__file__).resolve().parents[1] / "rulebook.yaml"
TESTS_DIR = ROOT / "tests"
CASES_DIR = ROOT / "fixtures" / "cases-gwe"
RULINGS = ROOT / "docs" / "rulings-gwe.md"
EXCLUDED_HEADING = "## Rule cases the program does not use"
GAME = "gwe"
EXCLUSIVE = "gwe-serbia-galicia"
EXCLUSIVE_RULEBOOK = Path(__file__).resolve().parents[1] / "rulebook-serbia-galicia.yaml"
EXCLUSIVE_EXCLUDED_HEADING = "## Serbia/Galicia rule cases the program does not use"


def marked_tests(folder: Path = TESTS_DIR) -> dict[str, list[str]]:
    """Each test marked with `@pytest.mark.rules("gwe:...")` -> its rule cases of this game."""
    return citations.of_game(citations.marked_tests(folder), GAME, default=False)


def case_rules(folder: Path = CASES_DIR) -> dict[str, list[str]]:
    """Each case file's name -> the rule cases of this game its `rules:` tag names."""
    return citations.of_game(citations.case_rules(folder), GAME, default=False)


def project_coverage() -> list[Coverage]:
    """The coverage of this checkout: its tests and its rulings; the Standard Rules' cases,
    then Serbia/Galicia's (named `gwe-serbia-galicia:18.1`)."""
    for path in (RULEBOOK, EXCLUSIVE_RULEBOOK, RULINGS):
        if not path.exists():
            raise GameError(f"{path} is missing: run from a checkout of the project")
    standard = citations.coverage(citations.rule_cases(RULEBOOK),
                                  case_rules() if CASES_DIR.is_dir() else {},
                                  marked_tests() if TESTS_DIR.is_dir() else {},
                                  citations.exclusions(RULINGS, EXCLUDED_HEADING))
    return standard + exclusive_coverage()


def exclusive_coverage() -> list[Coverage]:
    """Serbia/Galicia's Exclusive Rule cases of Decision in Galicia, each named by a case or
    test of `gwe-serbia-galicia`, or excluded under EXCLUSIVE_EXCLUDED_HEADING."""
    cases = citations.of_game(citations.case_rules(CASES_DIR), EXCLUSIVE, default=False) \
        if CASES_DIR.is_dir() else {}
    tests = citations.of_game(citations.marked_tests(TESTS_DIR), EXCLUSIVE, default=False) \
        if TESTS_DIR.is_dir() else {}
    rows = citations.coverage(citations.rule_cases(EXCLUSIVE_RULEBOOK), cases, tests,
                              citations.exclusions(RULINGS, EXCLUSIVE_EXCLUDED_HEADING))
    for row in rows:
        row.rule = RuleCase(f"{EXCLUSIVE}:{row.rule.id}", row.rule.title)
    return rows
