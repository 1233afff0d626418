"""Issue 29: a Decision in Galicia report finds what it needs once a position (each unit's
routes, for YOUR FORCES and the template alike) and draws its map's ground once a data set,
while two positions in one process each get their own report, never the other's."""

from __future__ import annotations

import dataclasses
import gc

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.reports.board import ground
from gm.games.gwe.reports.planning import routes
from gm.games.gwe.reports.report import build_report
from gm.games.gwe.state import GweState
from tests.gwe_campaign import galician_state

FRONT = {"RU-4-XIV": "g0416", "RU-4-XVI": "g0416", "RU-4-HQ": "g0315", "AH-1-I": "g0418",
         "AH-1-HQ": "g0519"}


def _forces(state: GweState, data: GweData, unit: str) -> tuple[str, list[str]]:
    report = build_report("once", None, state, data, [], "A")
    assert report.player is not None
    found = next(f for f in report.player.forces if f.unit == unit)
    return found.hex, found.reach


def test_each_unit_s_routes_are_found_once_a_position(galicia: GweData) -> None:
    state = galician_state(FRONT)
    first = routes(state, galicia, "RU-4-XIV")
    assert routes(state, galicia, "RU-4-XIV") is first  # kept, not found again
    again = routes(state.model_copy(deep=True), galicia, "RU-4-XIV")
    assert again is not first and again == first  # another position: found afresh
    assert ground(galicia) is ground(galicia)  # the map's ground: drawn once a data set
    assert ground(dataclasses.replace(galicia)) is not ground(galicia)


def test_two_positions_in_one_process_get_their_own_reports(galicia: GweData) -> None:
    before = galician_state(FRONT)
    moved = before.with_unit("RU-4-XIV", hex="g0415")
    was, reached = _forces(before, galicia, "RU-4-XIV")
    now, reached_now = _forces(moved, galicia, "RU-4-XIV")
    assert (was, now) == ("g0416", "g0415")
    assert reached != reached_now
    assert not any(r.startswith("g0415 ") for r in reached_now)  # not where it stands
    # each the same as its position's copy gives, found afresh
    assert _forces(before.model_copy(deep=True), galicia, "RU-4-XIV") == (was, reached)
    assert _forces(moved.model_copy(deep=True), galicia, "RU-4-XIV") == (now, reached_now)
    # a position made where a dropped one lived (the same id, perhaps) is its own
    del before, moved
    gc.collect()
    for hex_id in ("g0414", "g0417"):
        fresh = galician_state({**FRONT, "RU-4-XIV": hex_id})
        where, reach_there = _forces(fresh, galicia, "RU-4-XIV")
        assert where == hex_id
        assert reach_there == [f"{h} ({cost})" for h, (cost, _) in sorted(
            routes(fresh.model_copy(deep=True), galicia, "RU-4-XIV").items(),
            key=lambda i: (i[1][0], i[0]))]
        assert parse_hex(hex_id) not in routes(fresh, galicia, "RU-4-XIV")
        del fresh
        gc.collect()
