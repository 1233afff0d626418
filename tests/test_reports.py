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

from gm.games.rcw.state import Mode
from gm.reporting.model import SCHEMA_VERSION
from tests.chromium import chromium_page
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
    assert model["schema_version"] == SCHEMA_VERSION == 5
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


MEASURE = (Path(__file__).resolve().parent / "map_measure.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [1400, 390])
def test_the_html_report_in_headless_chromium(played: Path, tmp_path: Path, width: int) -> None:
    """A player's report as Chromium draws it on a desktop and on a phone, for a phase of
    moves and one of attacks (issue 25), measured in the page: every counter's and mark's
    centre inside its own province's area; no province's code covered by a counter, a mark,
    a move's line or its head; no counter over another, no mark over a counter or another
    mark, every mark's number inside it; the whole map without overflow; every
    province and stack titled; the legend explaining every fill and mark drawn; on a phone,
    the player's own regions open and drawn large (codes 11 CSS px or more), every one of his
    stacks in one; in the dark scheme, a dark map; nothing fetched, nothing logged."""
    pages = {}
    for turn, phase in ((1, 1), (2, 2)):
        pages[turn, phase] = tmp_path / f"report-t{turn}p{phase}.html"
        gm("report", str(played), "--turn", str(turn), "--phase", str(phase), "--format",
           "html", "--player", "A", "--out", str(pages[turn, phase]))
    found = {}
    with chromium_page(width) as watched:
        page = watched.page
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
    moves, attacks = found[1, 1], found[2, 2]
    assert moves["moves"] > 20 and attacks["marks"] > 10  # a busy phase of each
    for measured in found.values():
        assert measured["stacks"] > 50
        assert measured["outside"] == []
        assert measured["covered"] == []
        assert measured["overlaps"] == 0
        assert measured["markMark"] == measured["markCounter"] == measured["markText"] == []
        assert measured["unexplained"] == []
        if width == 390:
            assert measured["sizes"] and min(measured["sizes"]) >= 11
            assert measured["unseen"] == []
        else:
            assert measured["sizes"] == []  # a desktop shows the whole map only
    light = found[2, 2]["colours"]
    assert all(a != b for a, b in zip(light, dark, strict=True)), (light, dark)
    assert watched.fetched == []
    assert watched.console == []
    source = pages[1, 1].read_text(encoding="utf-8")
    assert not re.search(r'(src|href)="https?://', source), "the report fetches nothing"
    assert source.count('class="move"') > 0 and source.count('class="rail"') > 90


# Phases of random campaigns (mode, players, seed, Game-Turn, phase) whose maps once went wrong
# (issue 25, second review): two marks in a province of two places (KHER: an attack's "3+"
# half under a subversive attack's "7"; two epidemics on one spot), numbers wider than their
# disc ("13-14" in BAKU), a province with no room left for its marks (YEKA: one "+" mark for
# all), a move bent round TIFL's code into DAGH's (TERE-TIFL-YELI).
CROWDED: tuple[tuple[Mode, str, int, int, int], ...] = (
    ("postal", "ABC", 1, 1, 2), ("postal", "ABC", 22, 1, 2), ("postal", "ABC", 32, 3, 2),
    ("postal", "ABC", 15, 2, 2), ("postal", "ABC", 13, 6, 1))


def _crowded_pages(folder: Path) -> tuple[list[Path], list[Any]]:
    """The CROWDED phases' reports (player A's, HTML), and their maps."""
    from gm.games.rcw.data.load import load_game_data
    from gm.games.rcw.reports.build import build_report
    from gm.games.rcw.simulation.simulate import play, start
    from gm.reporting.events import events_of
    from gm.reporting.render import render_report

    data = load_game_data()
    pages, maps = [], []
    for mode, players, seed, turn, phase in CROWDED:
        found = next(p for p in play(data, start(data, players, seed, mode), seed, turn)
                     if (p.before.turn, p.before.phase) == (turn, phase))
        model = build_report(f"s{seed}", found.before, found.after, data,
                             events_of(found.result.timeline), player="A")
        pages.append(folder / f"{mode}-{players}-{seed}-t{turn}p{phase}.html")
        pages[-1].write_text(render_report(model, "html"), encoding="utf-8")
        maps.append(model.map)
    return pages, maps


def test_marks_in_crowded_provinces_in_headless_chromium(tmp_path: Path) -> None:
    """Issue 25, second review: in phases whose marks crowd small provinces, as Chromium draws
    them, no mark over another mark or over a counter, every mark's number inside its disc or
    pill, every mark's centre inside its area, no code under a move's line; the phases hold
    what once went wrong (two and three marks in a province of two places, numbers of two
    figures, one mark standing for several, a move by TIFL)."""
    from gm.games.rcw.data.areas import areas_of
    from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR

    pages, maps = _crowded_pages(tmp_path)
    areas = areas_of(DEFAULT_DATA_DIR)
    assert areas is not None
    found = {}
    with chromium_page(1400) as watched:
        for page_file in pages:
            watched.page.goto(page_file.as_uri())
            found[page_file.stem] = watched.page.evaluate(MEASURE, "A")
    for name, measured in found.items():
        assert measured["marks"] > 3, name
        for key in ("markMark", "markCounter", "markText", "outside", "covered"):
            assert measured[key] == [], (name, key, measured[key])
        assert measured["overlaps"] == 0 and measured["unexplained"] == [], name
    marks = [m for view in maps for m in view.marks]
    crowded = {(m.province, index) for index, v in enumerate(maps) for m in v.marks
               if len(areas.areas[m.province].slots) == 2
               and sum(k.province == m.province for k in v.marks) > 1}
    assert len(crowded) >= 3 and any(re.fullmatch(r"1\d-1\d", m.text) for m in marks)
    assert any(m.more for m in marks) and max(m.width for m in marks) > 30
    assert any("TERE-TIFL-YELI" in a.title for v in maps for a in v.arrows)


def test_the_pictures_legend_fits_its_columns_in_headless_chromium(tmp_path: Path) -> None:
    """Issue 25, second review: the legend and key under the map in its picture (the PNG, the
    published SVG), as Chromium draws it, with a solitaire game's non-Red Player and a
    player's long name: no entry runs into another, none past the picture's edge."""
    from gm.games.rcw.data.load import load_game_data
    from gm.games.rcw.reports.build import build_report
    from gm.games.rcw.simulation import solitaire
    from gm.games.rcw.simulation.simulate import play, start
    from gm.reporting.events import events_of
    from gm.reporting.render import render_map

    data = load_game_data()
    alone = next(iter(solitaire.play(data, solitaire.start(data, 3), 3, solitaire.simple_red)))
    named = next(p for p in play(data, start(data, "ABC", 22), 22, 1) if p.before.phase == 2)
    drawn = [render_map(build_report("alone", alone.before, alone.after, data,
                                    events_of(alone.result.timeline), player="R")),
            render_map(build_report("named", named.before, named.after, data,
                                    events_of(named.result.timeline), player="A",
                                    names={"A": "Konstantin Rokossovsky",
                                           "B": "Mikhail Tukhachevsky", "C": "Semyon Budyonny"}))]
    svgs = [svg for svg in drawn if svg is not None]
    measure = """() => {
      const svg = document.querySelector('svg');
      const width = svg.getBoundingClientRect().right;
      const boxes = [...svg.querySelectorAll('g.legend > g, g.legend > text.attack')].map(e => {
        const r = e.getBoundingClientRect();
        return [e.textContent, r.left, r.top, r.right, r.bottom];
      });
      const clash = [];
      for (let i = 0; i < boxes.length; i++) {
        if (boxes[i][3] > width) clash.push(boxes[i][0] + ' past the edge');
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          if (a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5 && a[2] < b[4] - 0.5 && b[2] < a[4] - 0.5)
            clash.push(a[0] + ' x ' + b[0]);
        }
      }
      return [boxes.length, clash];
    }"""
    with chromium_page(1200) as watched:
        for index, svg in enumerate(svgs):
            path = tmp_path / f"map-{index}.svg"
            path.write_text(svg, encoding="utf-8")
            watched.page.goto(path.as_uri())
            count, clash = watched.page.evaluate(measure)
            assert count > 20 and clash == [], clash
    assert "the non-Red Player, played by the program" in svgs[0]
    assert "Konstantin Rokossovsky" in svgs[1]


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
    site = tmp_path / "site"
    output = gm("publish", str(played), str(site))
    phases = len(list((CAMPAIGN / "orders").glob("*-A.txt")))
    assert f"{1 + 2 * phases} file(s) written, the index and each phase's report and map." \
        in output and "withheld" not in output
    with chromium_page(1000, 800) as watched:
        page = watched.page
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
    assert visited == reports
    assert watched.fetched == []
    assert watched.console == []


def test_during_play_the_site_shows_what_the_campaign_allows(tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    gm("new", str(folder), "--seed", "p", "-p", "A:A:a@x.org:a", "-p", "B:B:b@x.org:b",
       "-p", "C:C:c@x.org:c")
    gm("end-trading", str(folder))
    gm("start", str(folder))
    gm("adjudicate", str(folder))  # nobody sent orders: the phase is adjudicated all the same
    gm("publish", str(folder), str(tmp_path / "none"))
    assert sorted(p.name for p in (tmp_path / "none").iterdir()) == ["index.html"]
    assert "withheld until the game is over" in (tmp_path / "none" / "index.html").read_text()
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[publish]\nduring_play = "maps"\n')
    gm("publish", str(folder), str(tmp_path / "maps"))
    assert sorted(p.name for p in (tmp_path / "maps").iterdir()) == ["index.html", "t1p1.svg"]
