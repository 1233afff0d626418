"""`gm play` (issue 16): a 3-player standard campaign at the table, driven through a real
terminal by pexpect: orders typed a line at a time with each result shown at once, errors as
the mail answers give them, another player speaking, a crash that loses nothing typed, and the
Player-Turns following one another into the next Game-Turn."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

from tests.conftest import gm
from tests.rcw import state_of

PLAYERS = ["-p", "A:Anna:a@x.org:pwa", "-p", "B:Boris:b@x.org:pwb", "-p", "C:Clara:c@x.org:pwc"]
TIMEOUT = 120  # generous: a loaded machine is slow, and nothing here measures time


def _play(folder: Path) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "gm", "play", str(folder)], encoding="utf-8",
                          timeout=TIMEOUT, env={**os.environ, "COLUMNS": "200"})
    return child


def test_a_game_turn_at_the_table(tmp_path: Path) -> None:
    folder = tmp_path / "table"
    gm("new", str(folder), "--mode", "standard", "--seed", "st", *PLAYERS)
    gm("end-trading", str(folder))
    gm("start", str(folder))
    first, second, third = state_of(folder).sequence
    lenin = state_of(folder).where_is(151)
    assert first == "A" and lenin is not None and lenin[0] == "PETR"

    child = _play(folder)
    child.expect(r"Game-Turn 1, Player-Turn 1 \(player A\)")
    child.expect_exact("A> ")
    child.sendline("MOVE 151 101: PETR-NOVGX")
    child.expect_exact("line 1, column 20: there is no province 'NOVGX'")
    child.expect_exact("did you mean Novgorod?")
    child.expect_exact("(not kept: type it again)")
    child.expect_exact("A> ")
    child.sendline("MOVE 151 101: PETR-NOVG")
    child.expect_exact("line 1: MOVE 151 101: PETR-NOVG -- succeeded (5.1)")
    child.expect_exact("A> ")
    child.sendline(f"PLAYER {second}")
    child.expect_exact(f"{second}> ")
    child.sendline("MOVE 152 111: TVER-RYAZ")
    child.expect_exact("only the Phasing Player, A, may do this in his Player-Turn (5.21)")
    child.expect_exact(f"{second}> ")
    child.kill(9)  # a crash: what was carried out is kept
    child.wait()

    child = _play(folder)
    child.expect_exact("1 order line(s) of this Player-Turn kept from before.")
    child.expect_exact("A> ")
    child.sendline("DONE")
    child.expect(r"Game-Turn 1, Player-Turn 1 \(player A\) adjudicated\.")
    child.expect_exact(f"Game-Turn 1, Player-Turn 2 (player {second}): player {second}.")
    child.expect_exact(f"{second}> ")
    moved = state_of(folder).where_is(151)
    assert moved is not None and moved[0] == "NOVG"  # the move typed before the crash
    child.sendline("DONE")
    child.expect_exact(f"{third}> ")
    child.sendline("DONE")
    child.expect(r"Game-Turn 2, Player-Turn 1 \(player [ABC]\)")
    child.sendline("EXIT")
    child.expect(pexpect.EOF)
    assert (state_of(folder).turn, state_of(folder).phase) == (2, 1)


def test_play_refuses_a_postal_campaign(tmp_path: Path) -> None:
    folder = tmp_path / "postal"
    gm("new", str(folder), "--seed", "p", *PLAYERS)
    gm("end-trading", str(folder))
    gm("start", str(folder))
    child = _play(folder)
    child.expect_exact("gm play plays a campaign made with gm new --mode standard")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


@pytest.mark.rules("24.11", "19.2")
def test_a_solitaire_game_at_the_terminal(tmp_path: Path) -> None:
    """Issue 17: the lone Red Player deploys a leader and sees it placed at once; DONE plays
    the rest of the Game-Turn and the program's next non-Red Player-Turn, explained."""
    folder = tmp_path / "alone"
    gm("new", str(folder), "--mode", "solitaire", "--seed", "st", "-p", "R:Ivan:i@x.org:pwr")
    gm("start", str(folder))
    state = state_of(folder)
    assert state.solitaire is not None and state.solitaire.leaders_allowed >= 1
    child = _play(folder)
    child.expect_exact("Game-Turn 1 of 7, Red Player-Turn")
    child.expect_exact("R> ")
    child.sendline("DEPLOY 151 IN TVER")
    child.expect_exact("is not a Red leader he may deploy now")
    child.expect_exact("(not kept: type it again)")
    child.expect_exact("R> ")
    child.sendline("DEPLOY 158 IN TVER")
    child.expect_exact("line 1: DEPLOY 158 IN TVER -- succeeded (24.11): 158 placed in TVER")
    child.expect_exact("R> ")
    child.sendline("DONE")
    child.expect_exact("Game-Turn 1 of 7, Red Player-Turn adjudicated.")
    child.expect_exact("[Game-Turn indication]")
    after = child.expect([r"Game-Turn 2 of 7, Red Player-Turn: player R\.",
                          r"(decisive|substantive|marginal|Draw) \(28\.0\)\."])
    if after == 0:
        child.sendline("EXIT")
    child.expect(pexpect.EOF)
    assert state_of(folder).turn == (2 if after == 0 else 1)
