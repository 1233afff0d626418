"""Which rule case is named by which adjudication case or test (issue 11).

The rule cases are those of sections 4-15 and 17 of the rulebook (gm/games/rcw/rulebook.yaml);
an adjudication case names rule cases in its `rules:` tag, a test by the pytest marker
`@pytest.mark.rules("5.27", ...)`. A rule case the postal game does not use is listed, with the
reason, in the table of docs/rulings.md headed "Rule cases the postal game does not use"."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from gm.core.errors import GameError
from gm.games import citations
from gm.games.citations import coverage
from gm.games.system import Coverage, RuleCase

ROOT = Path(__file__).resolve().parents[4]
RULEBOOK = Path(__file__).resolve().parents[1] / "rulebook.yaml"
CASES_DIR = ROOT / "fixtures" / "cases"
TESTS_DIR = ROOT / "tests"
RULINGS = ROOT / "docs" / "rulings.md"
EXCLUDED_HEADING = "## Rule cases the postal game does not use"
GAME = "rcw"  # the default game: its citations are bare (gm/games/citations.py)


def rule_cases(path: Path = RULEBOOK) -> list[RuleCase]:
    return citations.rule_cases(path)


def case_rules(folder: Path = CASES_DIR) -> dict[str, list[str]]:
    """Each adjudication case file's name -> the rule cases its `rules:` tag names."""
    return citations.of_game(citations.case_rules(folder), GAME, default=True)


def marked_tests(folder: Path = TESTS_DIR) -> dict[str, list[str]]:
    """Each test (file::name) marked with `@pytest.mark.rules(...)` -> this game's rule cases
    (another game's, `gwe:8.4`, are not this game's)."""
    return citations.of_game(citations.marked_tests(folder), GAME, default=True)


def exclusions(path: Path = RULINGS) -> dict[str, str]:
    """The rule cases the postal game does not use, with the reason, from docs/rulings.md."""
    return citations.exclusions(path, EXCLUDED_HEADING)


def unknown_rules(cases: dict[str, list[str]], tests: dict[str, list[str]],
                  rules: Iterable[RuleCase]) -> list[str]:
    """Tags that name no rule case of sections 4-15 and 17 (misprints); tags of the other
    sections (1-3, the solitaire rules 18-28) are not checked here."""
    known = {rule.id for rule in rules}

    def in_scope(rule: str) -> bool:
        section = re.match(r"^(\d+)\.", rule)
        return section is not None and 4 <= int(section.group(1)) <= 17

    return sorted({f"{name}: {rule}" for source in (cases, tests)
                   for name, named in source.items() for rule in named
                   if rule not in known and in_scope(rule)})


def project_coverage() -> list[Coverage]:
    """The coverage of this checkout: its cases, its tests, its rulings."""
    for path in (RULEBOOK, CASES_DIR, RULINGS):
        if not path.exists():
            raise GameError(f"{path} is missing: run from a checkout of the project")
    return coverage(rule_cases(), case_rules(),
                    marked_tests() if TESTS_DIR.is_dir() else {}, exclusions())
