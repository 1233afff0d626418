"""Rule citations, and which rule case is named by which adjudication case or test, for any
game system (`gm case coverage --game G`).

Each game numbers its own rule cases, and they collide (Great War in the East's Exclusive Rules
restart at 15, in each of its four games; its 8.4 is not Russian Civil War's). So a citation
names its game unless it is the default game's: `5.27` is the default game's (Russian Civil
War's, as every citation was before a second game came), `gwe:8.4` Great War in the East's
Standard Rules, `gwe-brusilov:17.0` one of its games' Exclusive Rules (docs/rulings-gwe.md,
G7). A test names the cases it checks by `@pytest.mark.rules("gwe:8.4", ...)`, an
adjudication case in its `rules:` tag; a game's coverage counts only its own."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import yaml

from gm.games.system import Coverage, RuleCase

MARKER = re.compile(r"@pytest\.mark\.rules\(([^)]*)\)\s*\n(?:@.*\n)*\s*def (\w+)")
TABLE_ROW = re.compile(r"^\|\s*([\d.]+(?: \[[\d.]+\])?)\s*\|\s*(.+?)\s*\|\s*$")
QUALIFIED = re.compile(r"^([a-z][a-z0-9-]*):(.+)$")


def cited(tag: str) -> tuple[str | None, str]:
    """A citation's game (None: the default game's) and its rule case: `gwe:8.4` ->
    ("gwe", "8.4"), `5.27` -> (None, "5.27")."""
    match = QUALIFIED.match(tag)
    return (match.group(1), match.group(2)) if match else (None, tag)


def of_game(named: Mapping[str, list[str]], game: str, default: bool) -> dict[str, list[str]]:
    """The citations of one game (its rule cases, unqualified) of each name; `default`: the
    default game, whose citations are bare (or qualified with its name)."""
    found: dict[str, list[str]] = {}
    for name, tags in named.items():
        own = [case for whose, case in map(cited, tags)
               if whose == game or (default and whose is None)]
        if own or not tags:
            found[name] = own
    return found


def rule_cases(path: Path) -> list[RuleCase]:
    """A game's rule cases as its rulebook.yaml lists them."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [RuleCase(str(entry["id"]), str(entry["title"])) for entry in document["cases"]]


def case_rules(folder: Path) -> dict[str, list[str]]:
    """Each adjudication case file's name -> the citations its `rules:` tag names."""
    named: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        named[path.stem] = [str(r) for r in document.get("rules") or []]
    return named


def marked_tests(folder: Path) -> dict[str, list[str]]:
    """Each test (file::name) marked with `@pytest.mark.rules(...)` -> the citations."""
    named: dict[str, list[str]] = {}
    for path in sorted(folder.glob("test_*.py")):
        for match in MARKER.finditer(path.read_text(encoding="utf-8")):
            rules = re.findall(r"[\"']([^\"']+)[\"']", match.group(1))
            named[f"{path.name}::{match.group(2)}"] = rules
    return named


def exclusions(path: Path, heading: str) -> dict[str, str]:
    """The rule cases a game's rulings exclude, with the reason: the table under `heading`,
    a line of its own (the heading quoted in a ruling's prose is not it)."""
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    found = re.search(rf"^{re.escape(heading)}[ \t]*$", text, flags=re.MULTILINE)
    if found is None:
        return {}
    section = text[found.end():].split("\n## ", 1)[0]
    rows = (TABLE_ROW.match(line) for line in section.splitlines())
    return {row.group(1): row.group(2) for row in rows if row and row.group(1) != "case"}


def coverage(rules: Iterable[RuleCase], cases: dict[str, list[str]],
             tests: dict[str, list[str]], excluded: dict[str, str]) -> list[Coverage]:
    rows = {rule.id: Coverage(rule, excluded=excluded.get(rule.id)) for rule in rules}
    for name, named in cases.items():
        for rule in named:
            if rule in rows:
                rows[rule].cases.append(name)
    for name, named in tests.items():
        for rule in named:
            if rule in rows:
                rows[rule].tests.append(name)
    return list(rows.values())
