"""Issue 29, 2: `gm demo --game gwe` makes a Decision in Galicia campaign with no mail server
in its own folder (./gm-demo-gwe, issue 37: the RCW demo's ./gm-demo is left alone)
(both deployments by DEPLOY, Game-Turn 7's six Phases from the players' order messages), writes
the GM's and each player's reports, and says what to try next: each suggestion runs when pasted
into a shell as printed, the venv not on PATH (as README's first command runs gm)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.commands.demo import next_steps
from gm.games.gwe.state import GweState


def test_the_gwe_demo_plays_a_game_turn_and_its_suggestions_run(tmp_path: Path) -> None:
    gm_path = Path(sys.executable).parent / "gm"
    bare = {**os.environ, "PATH": "/usr/bin:/bin"}
    rcw_demo = tmp_path / "gm-demo" / "demo"  # made first, as README asks: left as it is
    rcw_demo.mkdir(parents=True)
    (rcw_demo / "campaign.toml").write_text("kept", encoding="utf-8")
    made = subprocess.run([str(gm_path), "demo", "--game", "gwe"], capture_output=True,
                          text=True, cwd=tmp_path, env=bare, check=False)
    assert made.returncode == 0, made.stderr
    out = made.stdout
    assert "the Russian Player (E) deploys now" in out
    for phase in ("Russian Player-Turn, Movement Phase", "Russian Player-Turn, Combat Phase",
                  "Austro-Hungarian Player-Turn, Movement Phase",
                  "Austro-Hungarian Player-Turn, Combat Phase"):
        assert f"Game-Turn 7, {phase} adjudicated" in out, phase
    assert "C line 7: stands: DEFEND g1510 RESULT 1 OPTION 2" in out  # a standing order
    assert "C line 7: succeeded (8.9, G25): DEFEND g1510 RESULT 1 OPTION 2 -- standing, from " \
        "your message of Game-Turn 7 Phase 1, line 7: taken in the attack on g1510" in out
    assert "Game-Turn 8, Russian Player-Turn, Movement Phase is open" in out
    demo = tmp_path / "gm-demo-gwe"
    state = open_campaign(demo / "demo").latest().state
    assert isinstance(state, GweState)
    assert (state.turn, state.phase, state.scenario) == (8, 1, "decision-in-galicia")
    reports = demo / "reports"
    assert {p.name for p in reports.iterdir()} == {
        f"report-{who}.{kind}" for who in ("GM", "C", "E") for kind in ("txt", "html", "json")}
    assert "Allies: player E (you)" in (reports / "report-E.txt").read_text(encoding="utf-8")
    assert "<svg" in (reports / "report-C.html").read_text(encoding="utf-8")  # the hex map
    assert "Decision in Galicia" in out and "Try next:" in out
    suggested = [line.split("#")[0].strip() for line in out.splitlines()
                 if line.startswith(f"  {gm_path} ")]
    assert len(suggested) == 8 and f". {gm_path.parent}/activate" in out
    said: dict[str, str] = {}
    for line in suggested:
        done = subprocess.run(["bash", "-c", line], capture_output=True, text=True,
                              cwd=tmp_path, env=bare, check=False)
        assert done.returncode == 0, (line, done.stderr)
        said[line.split()[1]] = said.get(line.split()[1], "") + done.stdout
    assert "RU-5-V" in said["show"] and "waiting for: E (Ivanov)" in said["status"]
    assert "YOUR FORCES" in said["report"]
    assert "Game-Turn 8, Russian Player-Turn, Movement Phase adjudicated" in said["adjudicate"]
    assert (tmp_path / "gm-demo-gwe" / "site" / "index.html").is_file()
    assert (tmp_path / "gm.html").is_file()
    assert (rcw_demo / "campaign.toml").read_text(encoding="utf-8") == "kept"


def test_both_demos_suggest_from_one_list_each_line_said_for_its_game() -> None:
    """One list of suggestions (gm/commands/demo.py TRY_NEXT): the commands both games offer
    in the same order, each with what it shows in that game, and a game's own beside them."""
    said = {game: next_steps(Path("d/demo"), Path("d/reports"), "gm", game)
            for game in ("rcw", "gwe")}
    commands = {game: [line.split()[1] for line in text.splitlines() if line.startswith("  gm ")]
                for game, text in said.items()}
    assert commands["rcw"] == ["show", "history", "status", "report", "report", "publish",
                               "adjudicate", "new"]
    assert commands["gwe"] == ["show", "show", "history", "status", "report", "report",
                               "publish", "adjudicate"]
    assert "  gm show d/demo                     # the position now\n" in said["rcw"]
    assert "  gm show d/demo g0612               # one hex: the Russian V Corps, thrown back" \
        in said["gwe"]
    assert "--player B        # player B's report" in said["rcw"] and "--player E" not in \
        said["rcw"]
    assert "The demo campaign (Decision in Galicia) is kept in d/demo" in said["gwe"]


@pytest.mark.rules("gwe-serbia-galicia:26.1", "gwe-serbia-galicia:21.0")
def test_the_historical_campaign_demo_bombards_belgrade_and_its_suggestions_run(
        tmp_path: Path) -> None:
    gm_path = Path(sys.executable).parent / "gm"
    bare = {**os.environ, "PATH": "/usr/bin:/bin"}
    made = subprocess.run([str(gm_path), "demo", "--game", "gwe", "--scenario",
                           "historical-campaign"], capture_output=True, text=True, cwd=tmp_path,
                          env=bare, check=False)
    assert made.returncode == 0, made.stderr
    out = made.stdout
    assert "Game-Turn 1, Austro-Hungarian Player-Turn, Combat Phase adjudicated" in out
    assert "The demo campaign (the Historical Campaign) is kept in" in out
    state = open_campaign(tmp_path / "gm-demo-gwe" / "demo").latest().state
    assert isinstance(state, GweState)
    assert (state.turn, state.phase, state.scenario) == (2, 2, "historical-campaign")
    suggested = [line.split("#")[0].strip() for line in out.splitlines()
                 if line.startswith(f"  {gm_path} ")]
    said = ""
    for line in suggested:
        done = subprocess.run(["bash", "-c", line], capture_output=True, text=True,
                              cwd=tmp_path, env=bare, check=False)
        assert done.returncode == 0, (line, done.stderr)
        said += done.stdout
    assert "MONITOR (C) on s0307" in said and "Serbian Supply Track" in said
    assert "demo-gwe-campaign" in out  # where its order messages are
