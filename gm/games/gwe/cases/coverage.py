"""Which rule case of the Standard Rules (sections 2-14, gm/games/gwe/rulebook.yaml) and of each
game's Exclusive Rules (its package's rulebook.yaml) is named by which adjudication case (its
`rules:` tag, fixtures/cases-gwe, docs/cases-gwe.md) or test: `@pytest.mark.rules("gwe:8.4")`,
`gwe-<game>:18.1` (docs/rulings-gwe.md, G7); a rule case the program does not use is listed,
with the reason, in docs/rulings-gwe.md under the heading of its rulebook."""

from __future__ import annotations

from pathlib import Path

from gm.core.errors import GameError
from gm.games import citations
from gm.games.gwe.rules.exclusive import ExclusiveRules, Games
from gm.games.system import Coverage, RuleCase

ROOT = Path(__file__).resolve().parents[4]
RULEBOOK = Path(__file__).resolve().parents[1] / "rulebook.yaml"
TESTS_DIR = ROOT / "tests"
CASES_DIR = ROOT / "fixtures" / "cases-gwe"
RULINGS = ROOT / "docs" / "rulings-gwe.md"
EXCLUDED_HEADING = "## Rule cases the program does not use"
GAME = "gwe"
STANDARD_PART = "the Standard Rules (2.0-14.0)"


def marked_tests(folder: Path = TESTS_DIR) -> dict[str, list[str]]:
    """Each test marked with `@pytest.mark.rules("gwe:...")` -> its rule cases of this game."""
    return citations.of_game(citations.marked_tests(folder), GAME, default=False)


def case_rules(folder: Path = CASES_DIR) -> dict[str, list[str]]:
    """Each case file's name -> the rule cases of this game its `rules:` tag names: the
    Standard Rules' bare, a game's Exclusive Rules' as cited (`gwe-<game>:18.1`)."""
    named = citations.case_rules(folder)
    standard = citations.of_game(named, GAME, default=False)
    return {name: [*standard.get(name, []), *(r for r in tags if r.startswith(f"{GAME}-"))]
            for name, tags in named.items() if name in standard or any(
                r.startswith(f"{GAME}-") for r in tags)}


def project_coverage(games: Games) -> list[Coverage]:
    """The coverage of this checkout: its tests and its rulings; the Standard Rules' cases,
    then each game's Exclusive Rules' (named `gwe-<game>:18.1`), game by game."""
    for path in (RULEBOOK, RULINGS):
        if not path.exists():
            raise GameError(f"{path} is missing: run from a checkout of the project")
    standard = citations.coverage(citations.rule_cases(RULEBOOK),
                                  case_rules() if CASES_DIR.is_dir() else {},
                                  marked_tests() if TESTS_DIR.is_dir() else {},
                                  citations.exclusions(RULINGS, EXCLUDED_HEADING))
    for row in standard:
        row.part = STANDARD_PART
    return standard + [row for game in games.values() for row in exclusive_coverage(game)]


def exclusive_coverage(game: ExclusiveRules) -> list[Coverage]:
    """A game's Exclusive Rule cases (those its rulebook index lists), each named by a case or
    test citing `gwe-<game>:`, or excluded under its heading in docs/rulings-gwe.md."""
    if game.rulebook is None:
        return []
    if not game.rulebook.exists():
        raise GameError(f"{game.rulebook} is missing: run from a checkout of the project")
    if game.excluded_heading not in RULINGS.read_text(encoding="utf-8").splitlines():
        raise GameError(f"{RULINGS} has no heading {game.excluded_heading!r} for the rule "
                        f"cases of {game.title} the program does not use (an empty table will do)")
    cases = citations.of_game(citations.case_rules(CASES_DIR), game.cited, default=False) \
        if CASES_DIR.is_dir() else {}
    tests = citations.of_game(citations.marked_tests(TESTS_DIR), game.cited, default=False) \
        if TESTS_DIR.is_dir() else {}
    rows = citations.coverage(citations.rule_cases(game.rulebook), cases, tests,
                              citations.exclusions(RULINGS, game.excluded_heading))
    for row in rows:
        row.rule = RuleCase(game.cite(row.rule.id), row.rule.title)
        row.part = f"{game.title}'s Exclusive Rules"
    return rows
