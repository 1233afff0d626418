"""The GM report (17.0: "report all results"): one model rendered as text, HTML with a map,
and JSON; golden files pin a scripted phase word for word; headless Chromium draws the map.

To accept a deliberate change: GM_UPDATE_GOLDEN=1 pytest tests/test_reports.py
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SCRIPTED, gm, play_scripted

ROOT = Path(__file__).resolve().parents[1]
CAMPAIGN = SCRIPTED
GOLDEN = Path(__file__).resolve().parent / "golden"



@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scripted campaign: the set-up, then every phase to its victory."""
    folder = tmp_path_factory.mktemp("reports") / "scripted"
    play_scripted(folder)
    return folder


def check_golden(name: str, text: str) -> None:
    golden = GOLDEN / name
    if os.environ.get("GM_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["text", "html", "json"])
@pytest.mark.parametrize("player", [None, "A"])
def test_golden_reports_of_a_scripted_phase(played: Path, fmt: str, player: str | None) -> None:
    args = ["report", str(played), "--turn", "2", "--phase", "2", "--format", fmt]
    text = gm(*args, *(["--player", player] if player else []))
    suffix = {"text": "txt", "html": "html", "json": "json"}[fmt]
    check_golden(f"report-t2p2{'-' + player if player else ''}.{suffix}", text)


def test_text_lines_fit_72_columns(played: Path) -> None:
    import yaml

    last = yaml.safe_load((CAMPAIGN / "expected.yaml").read_text(encoding="utf-8"))["turn"]
    for turn, phase in ((1, 1), (2, 2), (last, 2)):
        text = gm("report", str(played), "--turn", str(turn), "--phase", str(phase),
                  "--player", "B")
        assert max(len(line) for line in text.splitlines()) <= 72


def test_the_json_is_the_model(played: Path) -> None:
    model = json.loads(gm("report", str(played), "--turn", "1", "--phase", "1", "--format",
                          "json", "--player", "C"))
    assert model["kind"] == "phase" and model["title"] == "scripted: Game-Turn 1, First Phase"
    assert model["next_phase"] == "Game-Turn 1, Second Phase"
    assert [e["step"] for e in model["events"]] == sorted(
        (e["step"] for e in model["events"]),
        key=["orders", "quitting", "trades", "legality", "movement", "assassination", "purge",
             "random events"].index)
    assert "map" not in model and len(model["graph"]) == 78
    assert model["schema_version"] == 2
    assert model["player"]["template"][0] == "GAME scripted"
    assert set(model["standings"]) == {"red", "white"}


@pytest.mark.rules("8.29", "17.0")
def test_every_player_sees_every_stack(played: Path) -> None:
    """8.29: any force may be examined; the postal GM reports all positions to every player
    (17.0), so a player's report holds every stack on the map, whoever controls it."""
    mine = json.loads(gm("report", str(played), "--format", "json", "--player", "A"))
    everyone = json.loads(gm("report", str(played), "--format", "json"))

    def stacks(model: Any) -> list[tuple[str, Any]]:
        return [(p["code"], s) for r in model["regions"] for p in r["provinces"]
                for s in p["stacks"]]

    assert stacks(mine) == stacks(everyone)
    assert {s["player"] for _, s in stacks(mine)} - {None, "A"}


def test_the_final_report(played: Path) -> None:
    import yaml

    expected = yaml.safe_load((CAMPAIGN / "expected.yaml").read_text(encoding="utf-8"))
    text = gm("report", str(played))
    assert f"{expected['victory'].upper()} VICTORY (14.1)" in text and "FINAL RANKING" in text
    player, score = expected["ranking"][0]
    assert re.search(rf"1\. player {player} \(\w+\): {score}\n", text)
    assert "the next phase's seed is committed" not in text  # the game is over


def test_the_pre_game_reports(tmp_path: Path) -> None:
    folder = tmp_path / "pre"
    gm("new", str(folder), "--seed", "r", "-p", "A:A:a@x.org:a", "-p", "B:B:b@x.org:b",
       "-p", "C:C:c@x.org:c")
    deal = gm("report", str(folder))
    assert "the trading session (15.33)" in deal and "HELD BY EACH PLAYER" in deal
    gm("end-trading", str(folder))
    html = gm("report", str(folder), "--format", "html")
    assert "Initial Deployment" in html and html.count('class="province"') == 78


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def test_the_html_map_in_headless_chromium(played: Path, tmp_path: Path) -> None:
    browser = _chromium()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (scripts/test.sh installs it)")
        pytest.skip("chromium is not installed")
    page = tmp_path / "report.html"
    gm("report", str(played), "--turn", "1", "--phase", "1", "--format", "html", "--player",
       "A", "--out", str(page))
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--hide-scrollbars",
             f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0"]
    shot = tmp_path / "report.png"
    run = subprocess.run([browser, *flags, "--window-size=1150,1400", f"--screenshot={shot}",
                          page.as_uri()], capture_output=True, text=True, timeout=120,
                         check=False)
    assert shot.is_file() and shot.stat().st_size > 20_000, run.stderr[-2000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    dom = subprocess.run([browser, *flags, "--dump-dom", page.as_uri()], capture_output=True,
                         text=True, timeout=120, check=False)
    assert dom.stdout.count('class="province"') == 78
    source = page.read_text(encoding="utf-8")
    assert dom.stdout.count('class="stack"') == source.count('class="stack"') > 50
    assert dom.stdout.count('class="move"') == source.count('class="move"') > 0
    assert dom.stdout.count('class="rail"') > 90
    console = [line for line in (run.stderr + dom.stderr).splitlines()
               if "CONSOLE" in line or "Uncaught" in line]
    assert console == []
    assert not re.search(r'(src|href)="https?://', source), "the report fetches nothing"


def test_every_phase_of_the_scripted_campaign_verifies(played: Path) -> None:
    """docs/dice.md: each phase's dice recomputed from its revealed seed and salts."""
    output = gm("verify", str(played))
    assert "0 mismatch(es)" in output and "MISMATCH" not in output
    assert output.count("verified") == len(list((CAMPAIGN / "orders").glob("*-A.txt")))
