"""Great War in the East's reports (issue 29): the GM's and each player's report of a Phase
played by the engine on the Decision in Galicia data set, as text, HTML with the hex map, JSON
(docs/report-gwe.schema.json) and PNG."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import jsonschema
import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.engine.phase import PhaseOutcome, Sides, adjudicate_phase
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.grammar.parser import parse_line
from gm.games.gwe.orders import model as m
from gm.games.gwe.reports import planning
from gm.games.gwe.reports.changes import phase_events
from gm.games.gwe.reports.model import Report
from gm.games.gwe.reports.report import build_report
from gm.games.gwe.state import GweState
from gm.games.gwe.system import GREAT_WAR_IN_THE_EAST
from gm.reporting.model import report_schema
from gm.reporting.picture import caption_in, picture
from gm.reporting.render import render_report
from tests.gwe_galicia_position import SIDES, galicia, set_up

ROOT = Path(__file__).resolve().parents[1]
PUBLISHED = ROOT / "docs" / "report-gwe.schema.json"
DATA = galicia()
NAMES = Names(DATA)
PLAY = Sides(SIDES, "central")  # A, Austria-Hungary, phasing in Phases 1-3


def _orders(lines: list[str]) -> list[m.Order]:
    parsed = [parse_line(line, number, NAMES) for number, line in enumerate(lines, 1)]
    assert all(isinstance(o, m.Order) for o in parsed), parsed
    return [o for o in parsed if isinstance(o, m.Order)]


def _play(state: GweState, orders: dict[str, list[str]], dice: list[int]
          ) -> tuple[GweState, PhaseOutcome]:
    done = adjudicate_phase(state, DATA, PLAY, {p: _orders(o) for p, o in orders.items()},
                            ForcedDice(dice, [], []))
    return state, done


def moved() -> tuple[GweState, PhaseOutcome]:
    """A's Movement Phase: two units move; every die a 6 (in command, no attrition)."""
    return _play(set_up(DATA), {"A": ["MOVE AH-1-9C: g0319-g0419-g0420",
                                      "MOVE AH-4-25: g0615-g0715"],
                                "B": ["DEFEND g1010 RESULT 1 OPTION 2"]}, [6] * 60)


def fought(defend: bool = True) -> tuple[GweState, PhaseOutcome]:
    """A's Combat Phase: AH-1-V and AH-1-X attack the weakened Grenadiers in g0121 (1-2,
    shifted to 1-1 by AH-1-HQ), die 1; B's DEFEND (if `defend`) takes option 1. Kummer's HQ
    is off the map: its command would keep the attackers in Command Control."""
    state = set_up(DATA).model_copy(update={"phase": 3, "vp": -3})
    state = state.with_unit("RU-4-HQ", place="eliminated", hex=None).with_unit(
        "RU-4-Gren", steps_lost=3).with_unit("AH-Kummer-HQ", place="eliminated", hex=None)
    return _play(state, {"A": ["ATTACK g0121 WITH AH-1-V AH-1-X"],
                         "B": ["DEFEND g0121 RESULT 1 OPTION 1 RESULT 2 OPTION 1",
                               "DEFEND g1010 RESULT 1 OPTION 2"] if defend else []},
                 [6, 6, 1] + [6] * 40)


def report_of(played: tuple[GweState, PhaseOutcome], player: str | None = None,
              drawn: bool = False) -> Report:
    before, done = played
    return build_report("galicia", before, done.state, DATA,
                        list(phase_events(done, before.phase)), player=player,
                        names={"A": "Conrad", "B": "Ivanov"}, sent=["A", "B"], drawn=drawn)


@pytest.mark.rules("gwe:5.1", "gwe:10.41", "gwe:9.22")
def test_a_movement_phase_reports_each_move_and_every_roll() -> None:
    report = report_of(moved(), "A")
    assert [(v.unit, v.start, v.end, v.how) for v in report.moves] == [
        ("AH-1-9C", "g0319", "g0420", "moved"), ("AH-4-25", "g0615", "g0715", "moved")]
    kinds = {r.kind for r in report.rolls}
    assert {"command", "supply"} <= kinds, kinds
    text = render_report(report, "text")
    assert "AH-1-9C: g0319 to g0420 (moved)" in text
    assert "Austria-Hungary: player A (you)" in text
    assert max(len(line) for line in text.splitlines()) <= 72
    assert "g0420: AH-1-9C 1-2-6, 2 of 2 Steps" in text  # its A-D-M at its Step, Steps left


def test_a_player_sees_not_the_others_standing_orders_the_gm_does() -> None:
    played = moved()
    mine = render_report(report_of(played, "A"), "text")
    gm_copy = render_report(report_of(played), "text")
    assert "DEFEND g1010" not in mine  # ruling G56
    assert "DEFEND g1010" in gm_copy
    assert "YOUR ORDERS, PLAYER A" in mine and "YOUR ORDERS" not in gm_copy
    assert "MOVE AH-1-9C: g0319-g0419-g0420 -- succeeded" in mine


@pytest.mark.rules("gwe:8.4", "gwe:10.21", "gwe:8.9")
def test_an_attack_reports_odds_shift_die_result_and_the_option_taken() -> None:
    attack, = report_of(fought()).attacks
    assert (attack.attackers, attack.hexes, attack.origins) == (
        ["AH-1-V", "AH-1-X"], ["g0121"], ["g0221"])
    assert (attack.attack, attack.defense, attack.odds, attack.shift, attack.die,
            attack.result, attack.option, attack.option_by) == (2, 3, "1-1", 1, 1, "2/2", 1,
                                                               "order")
    assert "option 1 as the defender ordered (8.9)" in attack.text
    default, = report_of(fought(defend=False)).attacks
    assert default.option_by == "default" and "by default (ruling G10)" in default.text
    text = render_report(report_of(fought(), "B"), "text")
    assert "ATTACKS (numbered as on the map)" in text and "1. AH-1-V AH-1-X (A) on" in text


@pytest.mark.rules("gwe-serbia-galicia:25.0")
def test_the_victory_point_index_is_reported() -> None:
    played = fought()
    report = report_of(played, "A")
    # -3 before; the Steps the attack cost both sides move it as they occur (25.14, G40)
    after = played[1].state.vp
    assert after is not None and after != -3
    assert report.victory is not None and report.victory.index == after
    assert {h.name for h in report.victory.hexes} >= {"Duka Pass", "G1126", "Lublin"}
    assert f"VICTORY POINT INDEX (25.0): {after}" in render_report(report, "text")


def test_the_published_schema_is_the_models_and_the_reports_conform() -> None:
    text = json.dumps(report_schema(Report), indent=2, sort_keys=True) + "\n"
    if os.environ.get("GM_UPDATE_GOLDEN"):
        PUBLISHED.write_text(text, encoding="utf-8")
    assert PUBLISHED.read_text(encoding="utf-8") == text
    schema = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(schema)
    for played in (moved(), fought()):
        for player in (None, "A"):
            found = json.loads(render_report(report_of(played, player), "json"))
            jsonschema.validate(found, schema, cls=jsonschema.Draft202012Validator)
    found = json.loads(render_report(report_of(fought(), "A"), "json"))
    assert found["attacks"][0]["odds"] == "1-1" and "board" not in found
    found["attacks"][0]["die"] = "one"
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(found))


def test_the_html_report_draws_every_stack_as_a_counter_the_readers_outlined() -> None:
    played = fought()
    report = report_of(played, "A", drawn=True)
    html = render_report(report, "html")
    after = played[1].state
    held = {h for _, h in after.on_map()}
    own = {h for u, h in after.on_map() if DATA.side_of(u) == "central"}
    assert html.count('<g class="stack"') == len(held)
    assert len(re.findall(r'<g class="stack"[^>]*data-own="1"', html)) == len(own)
    assert html.count('<g class="attack"') == 1 and 'class="board-window"' in html
    assert 'data-hex="g0221" data-units="2"' in html  # two units: a stack marker
    gm_html = render_report(report_of(played, None, drawn=True), "html")
    assert "data-own" not in gm_html


def test_the_png_is_the_readers_map_captioned() -> None:
    report = report_of(moved(), "B", drawn=True)
    png = picture(report)
    assert png is not None and png.startswith(b"\x89PNG")
    assert caption_in(png) == f"{report.title}, player B (Ivanov)"


def test_the_game_system_reports_through_build_report() -> None:
    before, done = moved()
    report = GREAT_WAR_IN_THE_EAST.report("galicia", before, done.state, DATA,
                                          list(phase_events(done, 1)), player="A",
                                          drawn=False)
    assert isinstance(report, Report) and len(report.moves) == 2


@pytest.mark.rules("gwe:5.14", "gwe:8.4")
def test_your_forces_offer_the_moves_and_attacks_the_engine_allows_at_its_costs_and_odds(
        ) -> None:
    before, _ = moved()
    reach = planning.reach(before, DATA, "AH-1-9C")
    assert reach[parse_hex("g0420")] == 2  # as the move's result says: 2 Movement Points
    state, _ = fought()
    offer = next(o for o in planning.attacks(state, DATA, "central") if o.hex == "g0121")
    # adjudicated: 8 halved out of supply (9.23), halved again out of Command Control (10.42,
    # decided in the Combat Phase), 2 to 3; the offer is made before Command Control
    assert (offer.attackers, offer.attack, offer.defense, offer.odds) == (
        ["AH-1-V", "AH-1-X"], 4, 3, "1-1")
    part = report_of(moved(), "A").player
    assert part is not None and part.forces and part.offers
    for offer in part.offers:  # each an ATTACK the order grammar reads
        order = parse_line(offer.line.removeprefix("# ").split("   #")[0], 1, NAMES)
        assert isinstance(order, m.Attack), (offer.line, order)
    # A plays Austria-Hungary: the Russian Movement Phase is open, he owes no orders in it
    assert part.template[3] == "TURN 1 PHASE 1"
    assert part.template[4].startswith("## Game-Turn 1, Russian Player-Turn, Movement Phase:")
    text = render_report(report_of(moved(), "A"), "text")
    assert "YOUR FORCES" in text and "ATTACKS OPEN NOW" in text
