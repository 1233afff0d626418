"""Serbia/Galicia's Historical Campaign Game (26.1) made from a data set of both maps whose
counters give each unit its set-up hex or its arrival (the synthetic Serbian front of
fixtures/gwe-sg-serbia, maps s and g): it opens at the Austro-Hungarian Player-Turn of
Game-Turn 1 (4.0: the Allied Player has none in Game-Turn 1), the Allied Victory Point Total at
nothing and four Serbian Supply Points (20.3, ruling G96), which the reports show; a data set
with a unit the counters place nowhere is refused. The shipped data set
(dataset/serbia-galicia) is tests/test_gwe_sg_campaign_data.py's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.app.campaign import open_campaign
from gm.cli import cli
from gm.games.gwe.state import GweState
from tests.conftest import gm

FRONT = Path(__file__).parent.parent / "fixtures" / "gwe-sg-serbia"
PLAYERS = ("-p", "C:Conrad:conrad@example.org:pwc", "-p", "E:Putnik:putnik@example.org:pwe")


@pytest.mark.rules("gwe-serbia-galicia:26.1", "gwe-serbia-galicia:20.3", "gwe-serbia-galicia:4.0")
def test_the_historical_campaign_opens_at_game_turn_1_with_the_serbian_track(
        tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    gm("new", str(folder), "--game", "gwe", "--scenario", "historical-campaign", "--data",
       str(FRONT), *PLAYERS)
    state = open_campaign(folder).latest().state
    assert isinstance(state, GweState)
    assert (state.turn, state.phase, state.stage) == (1, 4, "play")  # 4.0: A.1 of the second
    assert state.tracks == {"serbian-supply": 4} and state.vp == 0  # 20.3; ruling G96
    assert state.unit("SE-D1").hex == "s0303" and state.unit("AH-D1").hex == "s0703"  # 3.0
    text = gm("report", str(folder), "--player", "E")
    assert "TRACKS\n  Serbian Supply Track: 4 (gwe-serbia-galicia:20.1)" in text
    shown = json.loads(gm("report", str(folder), "--format", "json"))
    assert shown["tracks"] == [{"name": "Serbian Supply Track", "points": 4,
                                "rule": "gwe-serbia-galicia:20.1"}]


def test_a_decision_in_galicia_report_keeps_no_tracks_in_its_json(tmp_path: Path) -> None:
    folder = tmp_path / "galicia"
    gm("new", str(folder), "--game", "gwe", *PLAYERS)
    assert "tracks" not in json.loads(gm("report", str(folder), "--format", "json"))


def test_a_unit_placed_nowhere_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(FRONT, data)
    counters = data / "counters.yaml"
    counters.write_text(counters.read_text(encoding="utf-8").replace(
        '    setup: "s0406"\n', ""), encoding="utf-8")  # SE-D2 set up nowhere
    runner = CliRunner()
    refused = runner.invoke(cli, ["new", str(tmp_path / "c1"), "--game", "gwe", "--scenario",
                                  "historical-campaign", "--data", str(data), *PLAYERS])
    said = f"{refused.output}{refused.exception}"  # the entry point prints a GameError's words
    assert refused.exit_code != 0
    assert "neither a set-up hex nor an arrival: SE-D2" in said and "Serbia/Galicia 26.1" in said
    assert not (tmp_path / "c1").exists()
