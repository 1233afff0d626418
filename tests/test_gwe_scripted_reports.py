"""Issue 29: the reports of the scripted Decision in Galicia campaign (fixtures/gwe-campaign)
from its set-up to the end of Game-Turn 9, each pinned by digest (text, HTML, JSON; the GM's
and each player's): played here up to there, so that pytest-xdist runs this file on one worker
while tests/test_gwe_scripted_campaign.py plays the whole campaign, checks its outcomes and
pins the later reports on the other.

To accept a deliberate change of the reports: GM_UPDATE_GOLDEN=1 pytest
tests/test_gwe_scripted_reports.py"""

from __future__ import annotations

from pathlib import Path

from gm.reporting.model import Report
from tests.gwe_scripted import GOLDEN, digests, pinned, play


def test_every_report_of_the_set_up_to_game_turn_9_is_as_pinned(tmp_path: Path) -> None:
    folder = tmp_path / "dig"
    for step in play(folder, until=(9, 6)):
        assert step.exit_code in (0, 1), step  # 1: a file with a refused line, recorded
    built: dict[str, Report] = {}
    pinned(GOLDEN / "gwe-campaign-reports.sha256", digests(folder, built, last=(9, 6)))
