"""What the GM and the players read says what the program does for each game (issue 29): the
help of the commands Great War in the East uses, README, and a player's report and answers
citing Serbia/Galicia's cases as the rulebook prints them, sides by name."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from gm.reporting.render import render_report
from tests.conftest import gm
from tests.test_gwe_reports import fought, report_of

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ("-p", "C:Conrad:conrad@example.org:pwc", "-p", "E:Ivanov:ivanov@example.org:pwe")


def help_of(*command: str) -> str:
    result = subprocess.run([sys.executable, "-m", "gm", *command, "--help"],
                            capture_output=True, text=True, check=True,
                            env={**os.environ, "COLUMNS": "200"})
    return " ".join(result.stdout.split())


def test_the_help_says_what_each_command_does_for_each_game() -> None:
    assert "Great War in the East" in help_of()
    for command in (("new",), ("data", "check"), ("case", "check"), ("orders", "check")):
        assert "not yet its campaigns" not in help_of(*command), command
    new = help_of("new")
    assert "Great War in the East: C and E" in new and "Russian Civil War: 3 to 6" in new
    assert "Russian Civil War: the Initial Forces dealt (15.31, 15.32)" in new
    start = help_of("start")
    assert "Russian Civil War: every leader deployed (15.5)" in start
    assert "Great War in the East: the Russian deployment closed" in start
    phase = help_of("report")
    assert "Russian Civil War 1 or 2 (postal)" in phase and "Great War in the East 1 to 6" in phase
    assert "--json" in help_of("data", "counters") and "one format offered" in \
        help_of("data", "counters")


def test_readme_says_decision_in_galicia_plays_and_where_the_players_guide_is() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "not playable yet" not in readme and "cannot be played yet" not in readme
    assert "(docs/player-guide-gwe.md)" in readme


def test_a_players_report_cites_serbia_galicia_as_printed() -> None:
    text = render_report(report_of(fought(), "A"), "text")
    assert "(Serbia/Galicia 25.2)" in text and "gwe-serbia-galicia" not in text
    html = render_report(report_of(fought(), "A"), "html")
    assert "gwe-serbia-galicia" not in html


def _checked(folder: Path, *orders: str) -> str:
    """`gm orders check`'s answer to player C's message of these orders for Phase 1."""
    message = folder.parent / "c.txt"
    message.write_text("GAME east\nPLAYER C\nPASSWORD pwc\nTURN 7 PHASE 1\n"
                       + "".join(f"{line}\n" for line in orders) + "END\n", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "gm", "orders", "check", str(message),
                           "--campaign", str(folder)], capture_output=True, text=True,
                          check=False).stdout


def test_an_order_out_of_turn_names_the_player_turn_by_its_side(tmp_path: Path) -> None:
    folder = tmp_path / "east"
    gm("new", str(folder), "--game", "gwe", "--seed", "g29", *PLAYERS)
    gm("end-deployment", str(folder))
    gm("start", str(folder))
    answer = _checked(folder, "MOVE AH-1-I: g0222-g0322")
    assert "the Allied (Russian) Player-Turn is under way" in answer, answer
    answer = _checked(folder, "OVERSTACK AH-1-I", "DISPLACE AH-1-HQ TO g0222")
    # the player is told his choices written ahead stand, as his DEFEND does (ruling G88)
    assert answer.count("stands until you give another for it (ruling G88)") == 2, answer


def test_the_docs_agree_with_each_other_and_speak_to_the_gm() -> None:
    rulings = (ROOT / "docs" / "rulings-gwe.md").read_text(encoding="utf-8")
    g24 = rulings.split("## G24.", 1)[1].split("\n## ", 1)[0]
    assert "second move for it is" not in " ".join(g24.split()) and "(G61)" in g24
    data = (ROOT / "docs" / "data-gwe.md").read_text(encoding="utf-8")
    headings = [line for line in data.splitlines() if line.startswith("## ")]
    assert sum("deployment.yaml" in h for h in headings) == 1, headings
    deployment = data.split("(deployment.yaml)\n", 1)[1].split("\n## ", 1)[0]
    assert "gm.games" not in deployment and "gm data check" in deployment
