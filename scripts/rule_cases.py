"""Writes gm/games/rcw/rulebook.yaml: every rule case of sections 4-15, 17 and 18-28 of the
rulebook, Russian Civil War 1918-1922, with the start of its text, for `gm case coverage`.
The rulebook is not part of the repository: give the path of your copy, as text (Markdown).
tests/test_coverage.py checks the file against it when $GM_RULEBOOK names that copy.

Run from the repository: .venv/bin/python scripts/rule_cases.py RULEBOOK
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "gm" / "games" / "rcw" / "rulebook.yaml"
TITLE_CHARS = 70


def _title(text: str) -> str:
    text = " ".join(text.replace('"', "'").split())
    return text if len(text) <= TITLE_CHARS else text[:TITLE_CHARS - 3].rstrip() + "..."


def _numbered(lines: list[str]) -> list[tuple[str, str]]:
    """The sections and parts (`5.2 Movement ...`) and the cases (`[5.21] ...`) of `lines`."""
    found: list[tuple[str, str]] = []
    for line in lines:
        heading = re.match(r"^(\d+\.\d+) ([A-Z].*)$", line)
        case = re.match(r"^\[(\d+\.\d+)\] (.*)$", line)
        if heading:
            found.append((heading.group(1), _title(heading.group(2))))
        elif case:
            found.append((case.group(1), _title(case.group(2))))
    return found


def rule_cases(text: str) -> list[tuple[str, str]]:
    """(id, title) of every rule case of sections 4-15, 17 and 18-28, in the rulebook's
    order: the sections (4.0), their numbered parts (5.2) and their cases ([5.21]); 17.0 and
    its changes by section ([13.26] -> '17.0 [13.26]'); the solitaire rules (18.0-28.15)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("4.0 "))
    postal = next(i for i, line in enumerate(lines) if line.startswith("17.0 "))
    end = next(i for i, line in enumerate(lines) if line.startswith("Russian Civil War Solitaire"))
    notes = next(i for i, line in enumerate(lines) if line.startswith("29.0 "))
    found: list[tuple[str, str]] = []
    found += _numbered(lines[start:postal])
    found.append(("17.0", "Postal Russian Civil War"))
    for index in range(postal, end):
        change = re.match(r"^\[(\d+\.\d+)\] (.*)$", lines[index])
        if change:
            found.append((f"17.0 [{change.group(1)}]", _title(change.group(2))))
    found += _numbered(lines[end:notes])
    unique: dict[str, str] = {}
    for key, title in found:
        unique.setdefault(key, title)
    return list(unique.items())


def render(cases: list[tuple[str, str]]) -> str:
    lines = ["# The rule cases of sections 4-15, 17 and 18-28 of the rulebook, for `gm case "
             "coverage`.",
             "# Written by scripts/rule_cases.py from the rulebook, Russian Civil War 1918-1922.",
             "cases:"]
    lines += [f'  - {{id: "{key}", title: "{title}"}}' for key, title in cases]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/rule_cases.py RULEBOOK (the path of your copy of the rulebook)")
    source = Path(sys.argv[1])
    OUT.write_text(render(rule_cases(source.read_text(encoding="utf-8"))), encoding="utf-8")
    print(f"{OUT} written")
