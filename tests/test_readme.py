"""The GM's walkthrough works as written (issue 26, 3): the `gm` lines of its What it does and
Adjudication sections, read from docs/gm-guide.md itself (README.md's until issue 37), each run
by the shell in a fresh folder as a GM types it (the checkout's fixtures beside it, as from the
checkout), each exits 0 and does what its comment says. A guide edited so that a line no longer
works fails here; so does a README whose first screen outgrows a screen, forgets a game or a
kind of reader, or points to a page that is not there (issue 37)."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SECTIONS = ("What it does", "Adjudication")


def walkthrough(readme: str) -> list[str]:
    """The `gm` command lines of the code blocks of SECTIONS, in order (a line that is only a
    comment, the rest of the one before, is left out)."""
    lines: list[str] = []
    for title in SECTIONS:
        section = re.search(rf"(?ms)^## {re.escape(title)}\n(.*?)(?=^## )", readme)
        assert section is not None, title
        lines += [line.strip() for line in section.group(1).splitlines()
                  if line.startswith("    gm ")]
    return lines


Check = Callable[[str, Path], None]


def says(*texts: str) -> Check:
    def check(out: str, _: Path) -> None:
        for text in texts:
            assert text in out, (text, out[-2000:])
    return check


def wrote(name: str, starts: bytes, *texts: str) -> Check:
    def check(out: str, folder: Path) -> None:
        says(*texts)(out, folder)
        assert (folder / name).read_bytes().startswith(starts), name
    return check


def report_text(out: str, _: Path) -> None:
    says("Game-Turn 1, First Phase", "WHAT HAPPENED", "MOVE 161 112")(out, _)
    assert max(len(line) for line in out.splitlines()) <= 72


def report_json(out: str, _: Path) -> None:
    report = json.loads(out)
    assert report["kind"] == "phase" and report["title"] == "camp: Game-Turn 1, First Phase"


# What each line's comment says it does, for each command as the guide writes it (the comment
# aside); a command given twice, once for each time.
EXPECTED: dict[str, list[Check]] = {
    "gm new camp --seed 191906 -p A:Anna:anna@example.org -p B:Boris:boris@example.org "
    "-p C:Clara:clara@example.org": [says("player A password:", "Keep these passwords")],
    "gm show camp": [says("HELD BEFORE DEPLOYMENT", "A: 151 Lenin (1), 152 Trotsky (3)",
                          "255 Sakharov (1)", "VICTORY POINT CHART", "RANDOMIZERS"),
                     says("POSITION (stacks top to bottom", "[A] 151 Lenin (1), 101 RD 3")],
    "gm trade camp A B --give Trotsky --take 255 --take POLITBURO": [
        says("recorded: A gives Trotsky to B for 255, POLITBURO")],
    "gm end-trading camp": [says("trading session ended; combat and Imperial units deployed")],
    "gm deploy camp A Lenin 101 IN PETR": [says("recorded: A deploys Lenin 101 IN PETR")],
    "gm start camp": [says("Game-Turn 1 begins; Player-Turn order")],
    "gm history camp": [says("dealt the Initial Forces to A, B, C",
                             "trade: A gives Trotsky to B for 255 POLITBURO",
                             "deployment of A: Lenin 101 IN PETR", "the game started")],
    "gm status camp": [says("camp: Game-Turn 1, First Phase", "deadline:", "orders in:",
                            "outbox:")],
    "gm publish camp site/": [wrote("site/index.html", b"<!DOCTYPE html", "Open site/index.html")],
    "gm adjudicate camp --dry-run a.txt b.txt c.txt": [
        says("A line 5: succeeded (5.1): MOVE 161 112: TVER-RYAZ-PENZ",
             "B line 5: succeeded (5.1): MOVE 160 102: PETR-NOVG", "dry run: nothing stored")],
    "gm adjudicate camp a.txt b.txt c.txt": [
        says("Game-Turn 1, First Phase adjudicated; Game-Turn 1, Second Phase is open")],
    "gm report camp": [report_text],
    "gm report camp --turn 1 --phase 1 --player B --format html --out b.html": [
        wrote("b.html", b"<!DOCTYPE html", "report written to b.html")],
    "gm report camp --format json": [report_json],
    "gm report camp --format png --player B --out b.png": [
        wrote("b.png", b"\x89PNG\r\n\x1a\n", "map written to b.png")],
    "gm case run fixtures/cases/17.0-movement-example.yaml --json": [
        says('"case": "the 17.0 movement example')],
    "gm case check fixtures/cases/*.yaml": [says(" passed, 0 failed")],
    "gm case list --rule 5.27": [says("case(s) naming 5.27")],
    "gm case coverage": [says("0 named by nothing")],
}


def _message(player: str, password: str, orders: str) -> str:
    return f"GAME camp\nPLAYER {player}\nPASSWORD {password}\nTURN 1 PHASE 1\n{orders}"


def test_the_readme_walkthrough_runs_as_written(tmp_path: Path) -> None:
    lines = walkthrough((ROOT / "docs" / "gm-guide.md").read_text(encoding="utf-8"))
    commands = [line.split("  #")[0].strip() for line in lines]
    folder, tools = tmp_path / "fresh", tmp_path / "bin"
    folder.mkdir()
    tools.mkdir()
    (folder / "fixtures").symlink_to(ROOT / "fixtures")  # as from the checkout
    gm = tools / "gm"  # the command a GM types: this Python's gm
    gm.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m gm "$@"\n', encoding="utf-8")
    gm.chmod(stat.S_IRWXU)
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONIOENCODING": "utf-8", "COLUMNS": "200"}
    seen: dict[str, int] = {}
    passwords: dict[str, str] = {}
    unexplained: list[str] = []
    for line, command in zip(lines, commands, strict=True):
        if command.startswith("gm adjudicate") and not passwords:
            raise AssertionError("the walkthrough adjudicates before gm new printed passwords")
        done = subprocess.run(["bash", "-c", line], cwd=folder, env=env, capture_output=True,
                              text=True, check=False, timeout=300)
        assert done.returncode == 0, (line, done.stdout[-2000:], done.stderr[-2000:])
        assert "Traceback" not in done.stderr, (line, done.stderr)
        turn = seen.get(command, 0)
        seen[command] = turn + 1
        if len(EXPECTED.get(command, [])) > turn:
            EXPECTED[command][turn](done.stdout, folder)
        else:
            unexplained.append(line)
        if command.startswith("gm new"):  # the players mail their orders: a.txt, b.txt, c.txt
            passwords = dict(re.findall(r"player ([A-Z]) password: (\S+)", done.stdout))
            for player, orders in (("A", "MOVE Sverdlov 112: TVER-RYAZ-PENZ\n"),
                                   ("B", "MOVE Zinoviev 102: PETR-NOVG\n"), ("C", "")):
                (folder / f"{player.lower()}.txt").write_text(
                    _message(player, passwords[player], orders), encoding="utf-8")
    assert unexplained == [], "say in EXPECTED what each of these does"
    assert seen == {command: len(checks) for command, checks in EXPECTED.items()}


def test_the_readme_is_one_screen_for_both_games_and_every_reader() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 45
    first = " ".join(readme.split("## ")[0].split())
    assert "*Russian Civil War 1918-1922*" in first and "*Great War in the East*" in first
    commands = [line.strip() for line in readme.splitlines() if line.startswith("    ")]
    assert commands == ["python3 -m venv .venv && .venv/bin/pip install -q -e . && "
                        ".venv/bin/gm demo", "bash scripts/test.sh"]
    for reader in ("A GM", "A player of Russian Civil War", "A player of Great War in the East",
                   "Someone adding"):
        assert f"**{reader}" in readme, reader
    linked = re.findall(r"\]\(([^)#]+)", readme)
    assert linked and [page for page in linked if not (ROOT / page).is_file()] == []

