"""Every report of whole campaigns, pinned byte for byte by digest (issue 27: the report core
split from each game's part must leave RCW's reports exactly as they were): the scripted
postal campaign from its deal to its victory, a standard and a solitaire campaign's opening
Player-Turns; each position and phase as text, HTML and JSON, for the GM and every player.

To accept a deliberate change: GM_UPDATE_GOLDEN=1 pytest tests/test_report_digests.py"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from gm.app.campaign import open_campaign
from tests.conftest import gm, play_scripted
from tests.report_digest import FORMATS, digest, entry_reports

GOLDEN = Path(__file__).resolve().parent / "golden" / "campaign-reports.sha256"


def _digests(name: str, folder: Path) -> Iterator[str]:
    """A line per report: what it is, and the SHA-256 of its rendering."""
    campaign = open_campaign(folder)
    readers: list[str | None] = [None, *campaign.latest().state.players]
    for entry in campaign.store.entries(campaign.row):
        for reader, report in entry_reports(campaign, entry, readers).items():
            for fmt in FORMATS:
                yield (f"{name} {entry.seq} {entry.action} {reader or 'GM'} {fmt} "
                       f"{digest(report, fmt)}")


def _standard(folder: Path) -> None:
    players = ["-p", "A:Anna:a@x.org:pwa", "-p", "B:Boris:b@x.org:pwb", "-p", "C:Clara:c@x.org:pwc"]
    gm("new", str(folder), "--mode", "standard", "--seed", "st", *players)
    gm("end-trading", str(folder))
    gm("start", str(folder))
    for _ in range(3):
        gm("adjudicate", str(folder))


def _solitaire(folder: Path) -> None:
    gm("new", str(folder), "--mode", "solitaire", "--seed", "alone", "-p", "R:Ivan:i@x.org:pwr")
    gm("start", str(folder))
    for _ in range(2):
        gm("adjudicate", str(folder))


def test_every_report_of_three_campaigns_is_as_pinned(tmp_path: Path) -> None:
    play_scripted(tmp_path / "scripted")
    _standard(tmp_path / "standard")
    _solitaire(tmp_path / "solitaire")
    lines = [line for name in ("scripted", "standard", "solitaire")
             for line in _digests(name, tmp_path / name)]
    text = "\n".join(lines) + "\n"
    if os.environ.get("GM_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text.splitlines() == GOLDEN.read_text(encoding="utf-8").splitlines()
