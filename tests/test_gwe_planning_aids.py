"""A Decision in Galicia player's planning aids carry out what the rules will (issue 29, the
blind audit of the planning report, fixtures/cases-gwe/blind-plan-01..03): YOUR FORCES reaches
with the supply his next Movement Phase determines (9.11, 9.21) and by rail (5.32-5.34,
Serbia/Galicia 17.11), the POSITION marks supply as it stands (ruling G79), and the Combat
Phase's template halves the attackers no HQ can command (10.42)."""

from __future__ import annotations

import pytest

from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.reports.model import PlayerPart, Report
from gm.games.gwe.reports.planning import reach
from gm.games.gwe.reports.rail_reach import Railways, rail_reach
from gm.games.gwe.reports.report import build_report
from gm.games.gwe.state import GweState
from gm.reporting.render import render_report
from tests.gwe_campaign import galician_state
from tests.gwe_galicia_position import galicia

DATA = galicia()


def _report(state: GweState, player: str) -> Report:
    return build_report("galicia", None, state, DATA, [], player=player, drawn=False)


def _part(state: GweState, player: str) -> PlayerPart:
    part = _report(state, player).player
    assert part is not None
    return part


def _reach(part: PlayerPart, unit: str) -> list[str]:
    return next(f.reach for f in part.forces if f.unit == unit)


def _marks(report: Report) -> dict[str, bool]:
    return {u.id: u.out_of_supply for h in report.position for u in h.units}


# blind-plan-01: C's Movement Phase (Game-Turn 7 Phase 4); AH-1-I has no supply within three
# hexes, AH-4-IX traces to the Jaroslaw-Rawa Ruska line
OUT_OF_SUPPLY = {"AH-1-I": "g0222", "AH-1-HQ": "g0222", "AH-4-IX": "g0812",
                 "AH-4-HQ": "g0812", "RU-3-XI": "g0912"}


@pytest.mark.rules("gwe:9.21", "gwe:9.11", "gwe:4.0")
def test_reach_halves_the_allowance_of_a_unit_its_movement_phase_finds_out_of_supply() -> None:
    state = galician_state(OUT_OF_SUPPLY, phase=4)  # no mark stored: none determined yet
    part = _part(state, "B")  # the Austro-Hungarian, about to move
    halved = _reach(part, "AH-1-I")
    assert "g0421 (2)" in halved and not any(r.startswith("g0722") for r in halved), halved
    assert max(int(r.split("(")[1].rstrip(")")) for r in halved) <= 2  # 4 halved to 2
    assert "g1213 (5)" in _reach(part, "AH-4-IX")  # in supply: its full five


@pytest.mark.rules("gwe:9.11", "gwe:9.12")
def test_the_position_marks_supply_as_it_stands_for_both_sides() -> None:
    report = _report(galician_state(OUT_OF_SUPPLY, phase=4), "A")
    marks = _marks(report)
    assert marks["AH-1-I"] and not marks["AH-4-IX"] and not marks["AH-1-HQ"]  # 10.35
    assert marks["RU-3-XI"]  # the Russian corps alone, no depot or rail: out, now too


# blind-plan-03: E's Combat Phase (Game-Turn 7 Phase 3); RU-3-IX and RU-3-10C stand five hexes
# from RU-3-HQ round the Zones of Control and beyond every other HQ's radius
OUT_OF_RADIUS = {"RU-3-10C": "g1210", "RU-3-IX": "g1210", "RU-3-HQ": "g0911",
                 "RU-3-SD1": "g1108", "RU-3-9C": "g0911", "RU-3-XI": "g0912",
                 "AH-3-III": "g1111", "AH-3-4C": "g1111", "AH-3-XI": "g1410",
                 "AH-3-HQ": "g1410", "AH-4-IX": "g0812"}


def _out_of_radius(phase: int) -> GweState:
    state = galician_state(OUT_OF_RADIUS, phase=phase)
    for unit_id, lost in (("RU-3-IX", 1), ("RU-3-9C", 1), ("RU-3-XI", 3)):
        state = state.with_unit(unit_id, steps_lost=lost)
    return state


@pytest.mark.rules("gwe:10.42", "gwe:10.33", "gwe:8.8")
def test_the_combat_template_halves_attackers_no_hq_can_command() -> None:
    part = _part(_out_of_radius(3), "A")
    offer = next(o for o in part.offers if o.hex == "g1111")
    assert (offer.attack, offer.defense, offer.odds) == (1, 8, "below 1-3"), offer
    assert "RU-3-IX RU-3-10C" in offer.note or "RU-3-10C RU-3-IX" in offer.note, offer
    assert not any(line.startswith("# ATTACK g1111") for line in part.template), part.template
    assert any(line.startswith("## not offered, g1111: below 1-3") for line in part.template)
    moving = _part(_out_of_radius(1), "A")  # in the Movement Phase units and HQs may move
    assert next(o for o in moving.offers if o.hex == "g1111").attack == 3


@pytest.mark.rules("gwe:5.32", "gwe:5.33", "gwe:5.34", "gwe-serbia-galicia:17.11")
def test_forces_list_the_hexes_reached_only_by_rail() -> None:
    # blind-plan-02: RU-4-14C walks to g0120 (1), entrains (3), rides the Vistula line and
    # walks on with 2 left
    state = galician_state({"RU-4-14C": "g0220", "RU-4-HQ": "g0220", "AH-1-X": "g0221"})
    force = next(f for f in _part(state, "A").forces if f.unit == "RU-4-14C")
    assert "g0110 (4)" in force.rail and "g0210 (5)" in force.rail, force.rail
    assert not any(r.split()[0] in {h.split()[0] for h in force.reach} for r in force.rail)
    hq = next(f for f in _part(state, "A").forces if f.unit == "RU-4-HQ")
    assert hq.rail  # a HQ rides too, whatever its supply (10.35)
    cut = state.with_unit("RU-4-14C", out_of_supply=True)  # 5.32: none out of supply entrains
    walked = reach(cut, DATA, "RU-4-14C")
    assert rail_reach(cut, DATA, "RU-4-14C", walked, Railways(cut, DATA)) == {}


@pytest.mark.rules("gwe:5.33", "gwe:5.34", "gwe:5.35")
def test_an_entrained_unit_is_listed_riding_on_not_as_unable_to_move() -> None:
    # blind rail audit: RU-4-SD1 left entrained was "cannot move"; it rides on without
    # entraining again, detrains and walks (5.34), or, out of Command Control, rides only (5.35)
    state = galician_state({"RU-4-14C": "g0120", "RU-4-HQ": "g0220", "AH-1-X": "g0221"})
    state = state.with_unit("RU-4-14C", entrained=True)
    force = next(f for f in _part(state, "A").forces if f.unit == "RU-4-14C")
    assert force.reach == [] and "g0110 (0)" in force.rail and "g0210 (1)" in force.rail
    text = render_report(_report(state, "A"), "text")
    assert "RU-4-14C in g0120: only by rail" in text and "cannot move" not in text
    cut = state.with_unit("RU-4-14C", out_of_command=True)
    ridden = rail_reach(cut, DATA, "RU-4-14C", {}, Railways(cut, DATA))
    assert ridden[parse_hex("g0110")] == 0 and parse_hex("g0210") not in ridden
