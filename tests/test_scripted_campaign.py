"""The scripted campaign of fixtures/campaign, replayed phase by phase through the gm commands
from the deal to its victory; its key figures must come out as recorded in expected.yaml."""

from __future__ import annotations

from pathlib import Path

import yaml

from gm.app.campaign import open_campaign
from gm.games.rcw.rules.victory import ranking, victory_points
from tests.conftest import SCRIPTED, play_scripted
from tests.rcw import rcw_data, state_of


def test_the_scripted_campaign_ends_as_recorded(tmp_path: Path) -> None:
    folder = tmp_path / "scripted"
    phases = play_scripted(folder)
    expected = yaml.safe_load((SCRIPTED / "expected.yaml").read_text(encoding="utf-8"))
    campaign = open_campaign(folder)
    final = state_of(campaign)
    assert phases == expected["phases"]
    assert (final.stage, final.turn, final.victory) == ("ended", expected["turn"],
                                                        expected["victory"])
    points = victory_points(final, rcw_data(campaign.data), final.victory or "red")
    assert [[p.player, p.points] for p in ranking(points)] == expected["ranking"]
    assert list(final.sequence) == expected["sequence"]
    assert len(campaign.store.history(campaign.row)) == 3 + phases
