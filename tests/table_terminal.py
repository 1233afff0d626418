"""`gm play` in a real terminal, for the tests (issue 26): a standard campaign set up through
the CLI, and the table driven line by line through a pty by pexpect, the way the players at
one screen use it. Timeouts are generous and nothing measures time: a loaded machine is slow.

    folder = standard_campaign(tmp_path / "table", seed="st")
    with Terminal(folder) as table:
        table.expect("Game-Turn 1, Player-Turn 1 (player A)")
        table.type("MOVE 151 101: PETR-NOVG", "line 3: MOVE 151 101: PETR-NOVG -- succeeded")
        table.type("DONE", "Game-Turn 1, Player-Turn 2 (player B)", speaker="B")
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

import pexpect

from tests.conftest import gm

PLAYERS = ("-p", "A:Anna:a@x.org:pwa", "-p", "B:Boris:b@x.org:pwb", "-p", "C:Clara:c@x.org:pwc")
TIMEOUT = 120
GM = Path(sys.executable).with_name("gm")  # the venv's console script, as a GM runs it


def standard_campaign(folder: Path, seed: str, deployments: Sequence[Sequence[str]] = ()
                      ) -> Path:
    """A 3-player standard campaign (A, B, C) made as a GM makes one: gm new, the trading
    session ended, each deployment (`["A", "160", "161", "IN", "PETR"]`) recorded, gm start:
    its first Player-Turn open, its Random Events rolled."""
    gm("new", str(folder), "--mode", "standard", "--seed", seed, *PLAYERS)
    gm("end-trading", str(folder))
    for deployment in deployments:
        gm("deploy", str(folder), *deployment)
    gm("start", str(folder))
    return folder


class Terminal:
    """`gm play FOLDER` in a pty. `speaker` is the player whose prompt is awaited next."""

    def __init__(self, folder: Path, speaker: str = "A") -> None:
        self.child = pexpect.spawn(str(GM), ["play", str(folder)], encoding="utf-8",
                                   timeout=TIMEOUT, dimensions=(50, 200),
                                   env={**os.environ, "COLUMNS": "200"})
        self.speaker = speaker

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)

    def expect(self, *said: str) -> None:
        """Each text, in this order, in what the table prints next."""
        for text in said:
            self.child.expect_exact(text)

    def prompt(self) -> str:
        """Wait for the speaker's prompt; what was printed before it."""
        self.child.expect_exact(f"{self.speaker}> ")
        return str(self.child.before)

    def type(self, line: str, *said: str, speaker: str | None = None) -> str:
        """Type a line at the prompt, see each text of `said` in order, then the next prompt
        (`speaker`'s, when the line changes who speaks); everything printed for it."""
        self.child.sendline(line)
        self.expect(*said)
        printed = str(self.child.before) + str(self.child.after)
        if speaker is not None:
            self.speaker = speaker
        return printed + self.prompt()

    def leave(self) -> None:
        """EXIT, and the program ends."""
        self.child.sendline("EXIT")
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == 0
