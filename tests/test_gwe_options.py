"""Issue 35: a campaign chooses its game's optional rules (`gm new --option`, kept in campaign.toml
as `optional_rules`); `gm new` says which its game offers and which it plays, the position and
every report's heading name those played, and the rules play them (Serbia/Galicia 17.5, the
track limits: a data set without the option has none)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.exclusive.serbia_galicia.rail import track_limit
from gm.games.gwe.rules.exclusive import exclusive_rules
from tests.conftest import gm
from tests.test_cli import run_gm

PLAYERS = ["-p", "C:Carl:c@example.org", "-p", "E:Ewa:e@example.org"]


@pytest.mark.rules("gwe-serbia-galicia:17.51")
def test_a_campaign_plays_the_optional_rules_it_chose(tmp_path: Path) -> None:
    folder = tmp_path / "tracks"
    made = gm("new", str(folder), "--game", "gwe", "--seed", "7", "--option", "17.5", *PLAYERS)
    assert "optional rules (campaign.toml optional_rules):" in made
    assert "  17.5: the track limits of the railroads (17.51-17.53, ruling G38): played" in made
    config = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    assert config["optional_rules"] == ["17.5"]
    data = open_campaign(folder).data
    assert isinstance(data, GweData) and data.options == frozenset({"17.5"})
    assert track_limit(data, "single", "RU") == 4
    assert "Optional rule played: 17.5, the track limits" in gm("show", str(folder))
    heading = " ".join(gm("report", str(folder), "--player", "C").splitlines()[:2])
    assert heading.endswith("(Serbia/Galicia 26.3) (optional rules: 17.5)"), heading

    plain = tmp_path / "plain"
    made = gm("new", str(plain), "--game", "gwe", "--seed", "7", *PLAYERS)
    assert "  17.5: the track limits of the railroads (17.51-17.53, ruling G38): not played" \
        in made
    unchosen = open_campaign(plain).data
    assert isinstance(unchosen, GweData)
    assert exclusive_rules(unchosen).track_limit(unchosen, "single", "RU") is None
    assert "optional rules" not in gm("report", str(plain), "--player", "C")


def test_an_optional_rule_its_game_does_not_offer_is_refused(tmp_path: Path) -> None:
    refused = run_gm("new", str(tmp_path / "x"), "--game", "gwe", "--option", "24.0", *PLAYERS)
    assert refused.returncode == 1, refused.stdout
    assert "24.0: not an optional rule of Serbia/Galicia (it offers 17.5: the track limits" \
        in refused.stderr
    assert "Traceback" not in refused.stderr and not (tmp_path / "x").exists()
    rcw = run_gm("new", str(tmp_path / "y"), "--option", "17.5", "-p", "A:A:a@x.org",
                 "-p", "B:B:b@x.org", "-p", "C:C:c@x.org")
    assert rcw.returncode == 1 and "has no optional rules to choose (17.5)" in rcw.stderr
    assert not (tmp_path / "y").exists()


def test_a_gm_who_edits_campaign_toml_is_told_what_is_wrong(tmp_path: Path) -> None:
    folder = tmp_path / "edited"
    gm("new", str(folder), "--game", "gwe", "--seed", "7", *PLAYERS)
    config = folder / "campaign.toml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("optional_rules = []", 'optional_rules = ["18.9"]'),
                      encoding="utf-8")
    shown = run_gm("show", str(folder))
    assert shown.returncode == 1 and "18.9: not an optional rule of Serbia/Galicia" in \
        shown.stderr and "Traceback" not in shown.stderr
    config.write_text(text.replace("optional_rules = []", 'optional_rules = "17.5"'),
                      encoding="utf-8")
    shown = run_gm("show", str(folder))
    assert shown.returncode == 1 and "optional_rules is a list of rule cases" in shown.stderr
