"""Writes gm/games/gwe/rulebook.yaml: every rule case of the Standard Rules, sections 2-14, of
The Great War in the East, with the start of its text, for `gm case coverage --game gwe`. The
rulebook is not part of the repository: give the path of your copy, as text (Markdown).

Run from the repository: .venv/bin/python scripts/rule_cases_gwe.py RULEBOOK
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "gm" / "games" / "gwe" / "rulebook.yaml"
TITLE_CHARS = 70
SECTIONS = range(2, 15)  # the Standard Rules shared by the four games; 15 on are each game's


def _title(text: str) -> str:
    text = " ".join(text.replace('"', "'").split())
    return text if len(text) <= TITLE_CHARS else text[:TITLE_CHARS - 3].rstrip() + "..."


def rule_cases(text: str) -> list[tuple[str, str]]:
    """(id, title) of every numbered heading and case (`8.4`, `8.41`) of sections 2-14, in
    the rulebook's order, up to the first Exclusive Rules (the table of contents passed by)."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        match = re.match(r"^(\d+)\.(\d+) (.*)$", line)
        if match is None:
            continue
        if int(match.group(1)) not in SECTIONS:
            if found and int(match.group(1)) > max(SECTIONS):
                break
            continue
        found.setdefault(f"{match.group(1)}.{match.group(2)}", _title(match.group(3)))
    return list(found.items())


def render(cases: list[tuple[str, str]]) -> str:
    lines = ["# The rule cases of the Standard Rules, sections 2-14, for `gm case coverage "
             "--game gwe`",
             "# (cited `gwe:8.4`: docs/rulings-gwe.md, G7). Written by scripts/rule_cases_gwe.py "
             "from the rulebook.",
             "cases:"]
    lines += [f'  - {{id: "{key}", title: "{title}"}}' for key, title in cases]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/rule_cases_gwe.py RULEBOOK (the path of your copy)")
    OUT.write_text(render(rule_cases(Path(sys.argv[1]).read_text(encoding="utf-8"))),
                   encoding="utf-8")
    print(f"{OUT} written")
