"""The scripted Decision in Galicia campaign of fixtures/gwe-campaign (issue 29), played through
the CLI as a GM would, on its own copy of the Galician data set (fixtures/gwe-campaign/data:
the reconstruction its orders were written for, before the audit of ruling G26 moved rivers,
railways, supply and the order of battle under them): its set-up (setup.gm), then every Phase
of Game-Turns 7-13, each player's order file for it recorded (`gm orders record`, each line
judged at once) and the Phase adjudicated (`gm adjudicate`); a Phase with no file is
adjudicated empty. And the digests of its reports, checked against tests/golden."""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from gm.app.campaign import open_campaign
from gm.cli import cli
from gm.reporting.model import Report
from tests.report_digest import FORMATS, digest, entry_reports

SCRIPT = Path(__file__).resolve().parents[1] / "fixtures" / "gwe-campaign"
LAST_TURN = 13
GOLDEN = Path(__file__).resolve().parent / "golden"


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
                  str(SCRIPT / a) if a.startswith("orders/") or a == "data" else a
                  for a in args)
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


def digests(folder: Path, built: dict[str, Report], first: tuple[int, int] = (0, 0),
            last: tuple[int, int] = (LAST_TURN, 6)) -> Iterator[str]:
    """A line per report of the campaign from Phase `first` to `last` (turn, phase; the set-up's
    steps are (0, 0)): what it is, and the SHA-256 of its rendering. Each report model is built
    once, for its three formats; the last kept in `built`, by reader."""
    campaign = open_campaign(folder)
    readers: list[str | None] = [None, *campaign.latest().state.players]
    for entry in campaign.store.entries(campaign.row):
        turn, phase = ((int(n) for n in entry.action.split()[1].split("."))
                       if entry.action.startswith("adjudicate") else (0, 0))
        if not first <= (turn, phase) <= last:
            continue
        reports = entry_reports(campaign, entry, readers)
        built.update((reader or "GM", report) for reader, report in reports.items())
        for reader, report in reports.items():
            for fmt in FORMATS:
                yield f"{entry.seq} {entry.action} {reader or 'GM'} {fmt} {digest(report, fmt)}"


def pinned(golden: Path, lines: Iterator[str]) -> None:
    """The digests as `golden` pins them (GM_UPDATE_GOLDEN=1 writes them there instead)."""
    text = "\n".join(lines) + "\n"
    if os.environ.get("GM_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text.splitlines() == golden.read_text(encoding="utf-8").splitlines()
