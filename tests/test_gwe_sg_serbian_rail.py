"""Serbia/Galicia 5.3: the Serbian Rail Capacity (five Stacking Points a Game-Turn) and Rate (14
hexes) beside the Russians' on the Allied side: a nationality's own figures (counters.yaml
`nationalities`, sides.csv's nationality rows), counted apart from its side's (ruling G97); on
the synthetic Serbian front of fixtures/gwe-sg-serbia (the Allied side 13 and 18, the Serbians
5 and 14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.exporting import side_rows
from gm.games.gwe.games import read_bound
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.rail import RailUse
from tests.gwe import fixture_data

FRONT = Path(__file__).parent.parent / "fixtures" / "gwe-sg-serbia"


@pytest.fixture(scope="module")
def front() -> GweData:
    return fixture_data(FRONT)


@pytest.mark.rules("gwe-serbia-galicia:5.3")
def test_the_serbians_ride_at_their_own_rate_and_capacity(front: GweData) -> None:
    game = exclusive_rules(front)
    assert game.rail_rate(front, "allied", 2, "SE") == 14
    assert game.rail_rate(front, "allied", 2) == 18  # the side's, for any other nationality
    assert game.rail_capacity(front, "allied", 2, "SE") == 5
    assert game.rail_capacity(front, "allied", 2) == 13
    use = RailUse.of(front, "allied", 2)
    assert (use.capacity, use.own) == (13, {"SE": 5})
    # two Serbian divisions (two Stacking Points each: 4) fit the Serbian 5; a third does not,
    # whatever the side's 13 has left
    assert use.take(front, "SE-D1") and use.take(front, "SE-D2")
    assert use.points(front, "SE") == 4 and use.points(front) == 0
    assert use.limit(front, "SE-D1") == 5
    central = RailUse.of(front, "central", 2)
    assert central.own == {} and central.capacity == 4


@pytest.mark.rules("gwe-serbia-galicia:5.3")
def test_a_nationality_s_own_figures_go_to_the_sheet_and_back(front: GweData) -> None:
    rows = {row["code"]: row for row in side_rows(front.counters) if row["kind"] ==
            "nationality"}
    assert (rows["SE"]["rail_capacity"], rows["SE"]["rail_rate"]) == ("5", "14")
    assert (rows["AH"]["rail_capacity"], rows["AH"]["rail_rate"]) == ("", "")


@pytest.mark.rules("gwe-serbia-galicia:5.3", "gwe-serbia-galicia:19.1")
def test_the_serbian_front_exported_and_imported_is_the_same(tmp_path: Path) -> None:
    """Both maps, the off-map links between them, the Serbians' own rail figures and Putnik's
    parenthesized shift all survive the sheets."""
    from gm.games.gwe.data.copies import export_data_set, import_data_set

    export_data_set(FRONT, tmp_path / "sheets")
    import_data_set(tmp_path / "sheets", tmp_path / "data")
    before, _ = read_bound(FRONT)
    after, problems = read_bound(tmp_path / "data")
    assert before is not None and after is not None, problems
    assert after.counters.nationalities == before.counters.nationalities
    assert after.counters.units == before.counters.units
    assert after.map.off_map_links == before.map.off_map_links
    assert {e.map for e in after.map.extents} == {"s", "g"}
