"""The GM report (17.0: "report all results"): one model rendered as text, HTML with a map,
and JSON; golden files pin a scripted phase word for word; headless Chromium draws the map.

To accept a deliberate change: GM_UPDATE_GOLDEN=1 pytest tests/test_reports.py
"""

from __future__ import annotations

import json
import os
import re
import shutil
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
    assert model["schema_version"] == 4
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


@pytest.mark.rules("14.0")
def test_players_on_equal_points_share_a_place(played: Path, tmp_path: Path) -> None:
    """Ruling R66: the scripted campaign ends with two players on equal points. They share a
    place, each shown as tied, and the place after them is skipped, alike in the text, HTML
    and JSON reports, on the published site and in `gm adjudicate`'s output."""
    import yaml

    expected = yaml.safe_load((CAMPAIGN / "expected.yaml").read_text(encoding="utf-8"))
    ranking = expected["ranking"]  # best first, equal points in player-letter order
    places = {p: 1 + sum(v > points for _, v in ranking) for p, points in ranking}
    scores = {p: f"{points} (tied)" if sum(v == points for _, v in ranking) > 1 else str(points)
              for p, points in ranking}
    assert sorted(places.values()) != list(range(1, len(ranking) + 1))  # a tie to show
    text = gm("report", str(played))
    html = gm("report", str(played), "--format", "html")
    model = json.loads(gm("report", str(played), "--format", "json"))
    assert model["ranking"] == ranking and model["places"] == places
    site = tmp_path / "site"
    gm("publish", str(played), str(site))
    index = (site / "index.html").read_text(encoding="utf-8")
    again = tmp_path / "scripted"  # the last phase adjudicated again, nothing stored
    shutil.copytree(played, again)
    gm("rollback", str(again), "--to", f"{expected['turn']}.2", "--reason", "test")
    said = gm("adjudicate", str(again), "--dry-run",
              *map(str, sorted((CAMPAIGN / "orders").glob(f"t{expected['turn']:02d}p2-*"))))
    for player, _ in ranking:
        place, score = places[player], re.escape(scores[player])
        assert re.search(rf"\n  {place}\. player {player} \(\w+\): {score}\n", text)
        assert re.search(rf'<li value="{place}">player {player} \(\w+\): {score}<ul>', html)
        assert re.search(rf"<tr><td>{place}</td><td>{player} \(\w+\)</td><td>{score}</td>",
                         index)
        assert f"\n  {place}. player {player}: {scores[player]}\n" in said
    assert text.count("(tied)") == sum("(tied)" in score for score in scores.values())


def test_the_pre_game_reports(tmp_path: Path) -> None:
    folder = tmp_path / "pre"
    gm("new", str(folder), "--seed", "r", "-p", "A:A:a@x.org:a", "-p", "B:B:b@x.org:b",
       "-p", "C:C:c@x.org:c")
    deal = gm("report", str(folder))
    assert "the trading session (15.33)" in deal and "HELD BY EACH PLAYER" in deal
    gm("end-trading", str(folder))
    html = gm("report", str(folder), "--format", "html")
    assert "Initial Deployment" in html and html.count('class="province"') == 78


def _chromium() -> str:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (scripts/test.sh installs it)")
        pytest.skip("chromium is not installed")
    return browser


CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
MEASURE = (Path(__file__).resolve().parent / "map_measure.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [1400, 390])
def test_the_html_report_in_headless_chromium(played: Path, tmp_path: Path, width: int) -> None:
    """A player's report as Chromium draws it on a desktop and on a phone, for a phase of
    moves and one of attacks (issue 25), measured in the page: every counter's and mark's
    centre inside its own province's area; no province's code covered by a counter, a mark,
    a move's line or its head; no counter over another; the whole map without overflow; every
    province and stack titled; the legend explaining every fill and mark drawn; on a phone,
    the player's own regions open and drawn large (codes 11 CSS px or more), every one of his
    stacks in one; in the dark scheme, a dark map; nothing fetched, nothing logged."""
    from playwright.sync_api import sync_playwright

    pages = {}
    for turn, phase in ((1, 1), (2, 2)):
        pages[turn, phase] = tmp_path / f"report-t{turn}p{phase}.html"
        gm("report", str(played), "--turn", str(turn), "--phase", str(phase), "--format",
           "html", "--player", "A", "--out", str(pages[turn, phase]))
    requested: list[str] = []
    console: list[str] = []
    found = {}
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=_chromium(), args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.on("request", lambda request: requested.append(request.url))
        page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: console.append(f"error: {error}"))
        for key, page_file in pages.items():
            page.goto(page_file.as_uri())
            shot = tmp_path / f"report-{width}-t{key[0]}p{key[1]}.png"
            page.screenshot(path=str(shot), full_page=True)
            overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            map_box = page.evaluate("() => document.querySelector('#map')"
                                    ".getBoundingClientRect().toJSON()")
            assert overflow <= 0 and map_box["right"] <= width, "wider than the screen"
            titles = page.evaluate("() => [...document.querySelectorAll('#map path.province, "
                                   "#map g.stack, #map g.mark')].filter(e => !e.querySelector("
                                   "'title').textContent).length")
            assert titles == 0
            found[key] = page.evaluate(MEASURE, "A")
        page.emulate_media(color_scheme="dark")
        dark = page.evaluate(MEASURE, "A")["colours"]
        browser.close()
    moves, attacks = found[1, 1], found[2, 2]
    assert moves["moves"] > 20 and attacks["marks"] > 10  # a busy phase of each
    for measured in found.values():
        assert measured["stacks"] > 50
        assert measured["outside"] == []
        assert measured["covered"] == []
        assert measured["overlaps"] == 0
        assert measured["unexplained"] == []
        if width == 390:
            assert measured["sizes"] and min(measured["sizes"]) >= 11
            assert measured["unseen"] == []
        else:
            assert measured["sizes"] == []  # a desktop shows the whole map only
    light = found[2, 2]["colours"]
    assert all(a != b for a, b in zip(light, dark, strict=True)), (light, dark)
    assert [u for u in requested if not u.startswith(("file:", "data:"))] == []
    assert console == []
    source = pages[1, 1].read_text(encoding="utf-8")
    assert not re.search(r'(src|href)="https?://', source), "the report fetches nothing"
    assert source.count('class="move"') > 0 and source.count('class="rail"') > 90


def test_every_reader_has_his_own_picture(played: Path, tmp_path: Path) -> None:
    """Issue 25: `gm report --format png`: the GM's picture and each player's differ, each
    captioned (campaign, Game-Turn, phase, reader) in the picture and in its Title."""
    from PIL import Image

    from gm.reporting.picture import caption_in

    made = {}
    for reader in (None, "A", "B"):
        out = tmp_path / f"map-{reader or 'GM'}.png"
        gm("report", str(played), "--turn", "2", "--phase", "2", "--format", "png",
           *(["--player", reader] if reader else []), "--out", str(out))
        made[reader] = out.read_bytes()
    assert caption_in(made[None]) == "scripted: Game-Turn 2, Second Phase (the GM's copy)"
    assert caption_in(made["A"]) == "scripted: Game-Turn 2, Second Phase, player A (Anna)"
    assert str(caption_in(made["B"])).startswith("scripted: Game-Turn 2, Second Phase, player B")
    pixels = {k: Image.open(tmp_path / f"map-{k or 'GM'}.png").convert("RGB")
              for k in made}
    band = (0, 0, 1200, 30)  # the caption is drawn, and the rest differs by the outlines
    assert pixels["A"].crop(band).tobytes() != pixels["B"].crop(band).tobytes()
    body = (0, 30, *pixels["A"].size)
    assert pixels["A"].crop(body).tobytes() != pixels["B"].crop(body).tobytes()
    assert pixels[None].crop(body).tobytes() not in (pixels["A"].crop(body).tobytes(),
                                                    pixels["B"].crop(body).tobytes())


def test_every_phase_of_the_scripted_campaign_verifies(played: Path) -> None:
    """docs/dice.md: each phase's dice recomputed from its revealed seed and salts."""
    output = gm("verify", str(played))
    assert "0 mismatch(es)" in output and "MISMATCH" not in output
    assert output.count("verified") == len(list((CAMPAIGN / "orders").glob("*-A.txt")))


def test_the_published_site_opens_in_chromium_with_every_phase_linked(
        played: Path, tmp_path: Path) -> None:
    """Issue 15, gm publish: after the game, every phase's GM report and map, linked from the
    index and to each other, the final ranking; nothing fetched, nothing logged."""
    from playwright.sync_api import sync_playwright

    site = tmp_path / "site"
    output = gm("publish", str(played), str(site))
    phases = len(list((CAMPAIGN / "orders").glob("*-A.txt")))
    assert f"{1 + 2 * phases} file(s) written" in output and "(reports)" in output
    requested: list[str] = []
    console: list[str] = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=_chromium(), args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.on("request", lambda request: requested.append(request.url))
        page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
        page.goto((site / "index.html").as_uri())
        assert "Final ranking" in page.inner_text("body")
        reports = page.eval_on_selector_all("li > a:first-child", "es => es.map(e => e.href)")
        assert len(reports) == phases
        page.click("li:first-child > a:first-child")
        visited = [page.url]
        while page.query_selector("nav a:text-is('Next')"):
            page.click("nav a:text-is('Next')")
            visited.append(page.url)
            assert page.query_selector("#map path.province") is not None
        page.click("nav a:text-is('All phases')")
        assert page.url.endswith("index.html")
        browser.close()
    assert visited == reports
    assert [u for u in requested if not u.startswith(("file:", "data:"))] == []
    assert console == []


def test_during_play_the_site_shows_what_the_campaign_allows(tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    gm("new", str(folder), "--seed", "p", "-p", "A:A:a@x.org:a", "-p", "B:B:b@x.org:b",
       "-p", "C:C:c@x.org:c")
    gm("end-trading", str(folder))
    gm("start", str(folder))
    gm("adjudicate", str(folder))  # nobody sent orders: the phase is adjudicated all the same
    gm("publish", str(folder), str(tmp_path / "none"))
    assert sorted(p.name for p in (tmp_path / "none").iterdir()) == ["index.html"]
    assert "published when the game is over" in (tmp_path / "none" / "index.html").read_text()
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[publish]\nduring_play = "maps"\n')
    gm("publish", str(folder), str(tmp_path / "maps"))
    assert sorted(p.name for p in (tmp_path / "maps").iterdir()) == ["index.html", "t1p1.svg"]
