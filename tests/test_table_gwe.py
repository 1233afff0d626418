"""Issue 29: `gm play` at the table for Decision in Galicia (rulings G76-G78): the set-up
refused with the GM's commands named, each Phase played a line at a time (DONE ends the open
Phase, the next opening with its Phasing Player speaking, the other player's standing DEFEND
after PLAYER C), the table's words the game's, and each line's result the one the same line
gets by order files (`gm orders record`, `gm adjudicate`) and the report keeps."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.app.campaign import open_campaign
from gm.app.table import Table
from gm.cli import cli
from gm.core.errors import GameError
from gm.games.gwe.exclusive.serbia_galicia.game import SERBIA_GALICIA
from gm.games.gwe.reports.wording import plain
from gm.games.gwe.state import GweState
from tests.conftest import gm

PLAYERS = ("-p", "C:Conrad:c@x.org:pwc", "-p", "E:Evert:e@x.org:pwe")
RCW_WORDS = re.compile(r"province|Czar|Politburo|\bRed\b|PROVINCE", re.IGNORECASE)
# Game-Turn 7 after the set-up of seed g28: the Russian 4th Army against the A-H 1st
MOVES = ("MOVE RU-4-XIV: g0220-g0320", "MOVE RU-4-XVI: g0318-g0418")
REFUSED = "MOVE RU-4-HQ: g0220-g0999"
DEFEND = "DEFEND g0319 RESULT 1 OPTION 2 RETREAT g0319-g0219"
ATTACK = "ATTACK g0319 WITH RU-4-XIV RU-4-XVI"


def set_up(folder: Path) -> Path:
    """A Decision in Galicia campaign as a GM makes it: gm new, both deployments left to the
    scenario's defaults, gm end-deployment, gm start: Game-Turn 7's first Phase open."""
    gm("new", str(folder), "--game", "gwe", "--scenario", "decision-in-galicia", "--seed",
       "g28", *PLAYERS)
    gm("end-deployment", str(folder))
    gm("start", str(folder))
    return folder


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return set_up(tmp_path_factory.mktemp("galicia") / "east")


def copy(started: Path, where: Path) -> Path:
    where.mkdir()
    return Path(shutil.copytree(started, where / started.name))


def state(folder: Path) -> GweState:
    found = open_campaign(folder).latest().state
    assert isinstance(found, GweState)
    return found


def test_the_set_up_is_not_played_at_the_table(tmp_path: Path) -> None:
    """Ruling G76: refused, the GM's commands of the set-up named."""
    folder = tmp_path / "east"
    gm("new", str(folder), "--game", "gwe", "--seed", "g28", *PLAYERS)
    played = subprocess.run([sys.executable, "-m", "gm", "play", str(folder)], input="STATUS\n",
                            capture_output=True, text=True, check=False,
                            env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert played.returncode == 1 and "Traceback" not in played.stderr
    said = " ".join(played.stderr.split())
    assert "the Austro-Hungarian deployment" in said and "not played at the table" in said
    assert "gm end-deployment (when player C's DEPLOY orders are in)" in said
    assert "gm start" in said
    with pytest.raises(GameError, match="gm orders record"):
        Table.sit(open_campaign(folder))


@pytest.mark.rules("gwe:4.0", "gwe:12.1", "gwe-serbia-galicia:4.0")
def test_a_russian_player_turn_phase_by_phase_in_the_games_words(
        started: Path, tmp_path: Path) -> None:
    table = Table.sit(open_campaign(copy(started, tmp_path / "t")))
    opening = table.opening()
    assert opening.startswith("Game-Turn 7, Russian Player-Turn, Movement Phase: player E "
                              "speaks.")
    assert "DONE ends the Phase" in opening and "PLAYER C lets player C" in opening
    assert table.prompt() == "E Movement> "
    assert table.enter(MOVES[0]).startswith(f"line 3: {MOVES[0]} -- succeeded")
    refused = table.enter(REFUSED)
    assert "line 4, column 21: g0999 is not a hex of the map (2.1)" in refused
    assert "(not kept: type it again)" in refused
    assert table.enter(MOVES[1]).startswith(f"line 4: {MOVES[1]} -- succeeded")
    looks = {word: table.enter(word) for word in ("HELP", "STATUS", "UNITS", "SHOW g0320")}
    assert "SHOW [HEX]" in looks["HELP"] and "end the Phase" in looks["HELP"]
    assert "  PLAYER C           player C speaks: his " in looks["HELP"]  # a player of the game
    assert "Game-Turn 7, Russian Player-Turn, Movement Phase." in looks["STATUS"]
    assert "phasing: player E; speaking: player E; DONE ends the Phase." in looks["STATUS"]
    assert "Kept this Phase: player E lines 3-4." in looks["STATUS"]
    assert "UNITS of player E" in looks["UNITS"] and "g0320: RU-4-XIV" in looks["UNITS"]
    assert looks["SHOW g0320"].startswith("g0320:") and "RU-4-XIV" in looks["SHOW g0320"]
    for word, said in looks.items():  # no word of the Russian Civil War's
        assert not RCW_WORDS.search(said), (word, said)

    done = table.enter("DONE")
    assert "Game-Turn 7, Russian Player-Turn, Movement Phase adjudicated." in done
    assert done.endswith("Game-Turn 7, Russian Player-Turn, Cavalry Withdrawal Before "
                         "Combat Phase: player E.")
    assert table.prompt() == "E Withdrawal> "
    assert table.enter("PLAYER C") == "player C speaks"
    assert table.enter(DEFEND) == f"line 3: {DEFEND} -- stands: a standing order: kept for a " \
        "later Phase (ruling G25)"
    table.enter("PLAYER E")
    assert table.enter("DONE").endswith("Combat Phase: player E.")
    assert table.prompt() == "E Combat> "
    attack = table.enter(ATTACK)
    assert attack.startswith(f"line 3: {ATTACK} -- succeeded (") and "die " in attack
    done = table.enter("DONE")
    assert "C line 3: DEFEND g0319" in done and "standing, from your message of Game-Turn 7 " \
        "Phase 2, line 3" in done  # the DEFEND stood into the Combat Phase (G52)
    assert done.endswith("Game-Turn 7, Austro-Hungarian Player-Turn, Movement Phase: player C.")
    assert (state(table.campaign.folder).turn, state(table.campaign.folder).phase) == (7, 4)


def record(folder: Path, name: str, player: str, phase: int, *lines: str) -> str:
    path = folder.parent / name
    path.write_text("\n".join([f"GAME {folder.name}", f"PLAYER {player}",
                               f"PASSWORD pw{player.lower()}", f"TURN 7 PHASE {phase}",
                               *lines]) + "\n", encoding="utf-8")
    return CliRunner().invoke(cli, ["orders", "record", str(folder), str(path)]).output


def results(said: str) -> list[str]:
    """Each result as `<result> (<rules>): <detail>`, wherever its line stands."""
    return sorted(re.findall(r" -- ((?:succeeded|illegal|stands)[^\n]*)", said) +
                  [f"{r} ({rules}): {detail}" for r, rules, detail in re.findall(
                      r"line \d+: (succeeded|illegal|stands) \(([^)]*)\): [^\n]*? -- ([^\n]*)",
                      said)])


@pytest.mark.rules("gwe:8.4", "gwe:8.9")
def test_a_line_at_the_table_gives_what_it_gives_by_order_files_and_the_report_keeps(
        started: Path, tmp_path: Path) -> None:
    """Ruling G78: the same lines, the same seed: the same results, the same position; the
    ATTACK's result shown at the table is the one the Combat Phase's report gives."""
    at_table, by_files = copy(started, tmp_path / "table"), copy(started, tmp_path / "files")
    table = Table.sit(open_campaign(at_table))
    shown = [table.enter(line) for line in MOVES]
    shown.append(table.enter("DONE"))
    table.enter("PLAYER C")
    shown.append(table.enter(DEFEND))
    table.enter("PLAYER E")
    table.enter("DONE")
    attack = table.enter(ATTACK)
    table.enter("DONE")

    assert "recorded: player E's message counts" in record(by_files, "e1.txt", "E", 1, *MOVES)
    gm("adjudicate", str(by_files))
    record(by_files, "c2.txt", "C", 2, DEFEND)
    gm("adjudicate", str(by_files))
    recorded = record(by_files, "e3.txt", "E", 3, ATTACK)
    # the GM's codes, as players read them
    adjudicated = plain(gm("adjudicate", str(by_files)), SERBIA_GALICIA)

    assert state(at_table).model_dump() == state(by_files).model_dump()
    shown_attack = attack.split(" -- ", 1)[1]  # `succeeded (rules): detail`
    assert f"E line 5: {shown_attack.split(':', 1)[0]}: {ATTACK} -- " \
           f"{shown_attack.split(': ', 1)[1]}" in adjudicated
    report = " ".join(gm("report", str(at_table), "--turn", "7", "--phase", "3", "--player",
                         "E").split())  # its lines wrapped
    assert f"YOUR ORDERS, PLAYER E line 3: {ATTACK} -- succeeded" in report  # as shown:
    squeezed = "".join(report.split())  # wrapped at its hyphens too
    assert "".join(shown_attack.split(": ", 1)[1].split()) in squeezed  # all the table said
    assert "Traceback" not in recorded
    # the moves of Phase 1 too: the table's results are the files' adjudication's
    phase_1 = " ".join(gm("report", str(by_files), "--turn", "7", "--phase", "1").split())
    for move in shown[:2]:  # its first line (its Command Control die follows, ruling G83)
        assert move.split("\n")[0].split(" -- succeeded: ", 1)[1] in phase_1
