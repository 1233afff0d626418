"""The scripted Decision in Galicia campaign of fixtures/gwe-campaign (issue 29), played through
the CLI as a GM would: its set-up (setup.gm), then every Phase of Game-Turns 7-13, each
player's order file for it recorded (`gm orders record`, each line judged at once) and the
Phase adjudicated (`gm adjudicate`); a Phase with no file is adjudicated empty."""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from gm.cli import cli

SCRIPT = Path(__file__).resolve().parents[1] / "fixtures" / "gwe-campaign"
LAST_TURN = 13


@dataclass(frozen=True)
class Step:
    """One GM command of the script and what it answered."""

    turn: int
    phase: int
    command: tuple[str, ...]
    exit_code: int
    output: str


def _run(folder: Path, turn: int, phase: int, *args: str) -> Step:
    words = tuple(str(folder) if a == "CAMPAIGN" else
                  str(SCRIPT / a) if a.startswith("orders/") else a for a in args)
    result = CliRunner().invoke(cli, list(words), catch_exceptions=False)
    return Step(turn, phase, args, result.exit_code, result.output)


def phase_files(turn: int, phase: int) -> list[str]:
    """The script's order files for one Phase, by player."""
    return [f"orders/{p.name}" for p in sorted((SCRIPT / "orders").glob(
        f"t{turn:02d}p{phase}-*.txt"))]


def play(folder: Path, until: tuple[int, int] | None = None) -> Iterator[Step]:
    """Every step of the script in `folder`, up to and including Phase `until` (turn, phase)."""
    for line in (SCRIPT / "setup.gm").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            yield _run(folder, 0, 0, *shlex.split(line))
    for turn in range(7, LAST_TURN + 1):
        for phase in range(1, 7):
            for name in phase_files(turn, phase):
                yield _run(folder, turn, phase, "orders", "record", "CAMPAIGN", name)
            yield _run(folder, turn, phase, "adjudicate", "CAMPAIGN")
            if (turn, phase) == until:
                return
