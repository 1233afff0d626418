"""The scripted campaign of fixtures/campaign, replayed phase by phase through the gm commands
from the deal to its victory; its key figures must come out as recorded in expected.yaml."""

from __future__ import annotations

import itertools
import shlex
from pathlib import Path

import yaml
from click.testing import CliRunner

from gm.campaign import open_campaign
from gm.cli import cli
from gm.engine.end_of_turn import ranking, victory_points

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "campaign"


def gm(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_scripted_campaign_ends_as_recorded(tmp_path: Path) -> None:
    folder = tmp_path / "scripted"
    for line in (HERE / "setup.gm").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            gm(*[str(folder) if a == "CAMPAIGN" else a for a in shlex.split(line)])
    files = sorted((HERE / "orders").glob("*.txt"))
    phases = 0
    for phase, group in itertools.groupby(files, key=lambda p: p.name.split("-")[0]):
        output = gm("adjudicate", str(folder), *map(str, group))
        assert "adjudicated" in output and "refused" not in output, phase
        phases += 1
    expected = yaml.safe_load((HERE / "expected.yaml").read_text(encoding="utf-8"))
    campaign = open_campaign(folder)
    final = campaign.latest().state
    assert phases == expected["phases"]
    assert (final.stage, final.turn, final.victory) == ("ended", expected["turn"],
                                                        expected["victory"])
    points = victory_points(final, campaign.data, final.victory or "red")
    assert [[p, v] for p, v in ranking(points)] == expected["ranking"]
    assert list(final.sequence) == expected["sequence"]
    assert len(campaign.store.history(campaign.row)) == 3 + phases
