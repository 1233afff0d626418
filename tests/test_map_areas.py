"""The drawn map's province areas (areas.json): derived by `gm data areas`, checked by
`gm data check` against the map they came from, and laid out so that no marker or label covers
another."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from gm.cli import cli
from gm.games.rcw.data.areas import (
    AREAS_FILE,
    Area,
    check_areas,
    inside,
    label_box,
    read_areas,
    slot_box,
    touch,
)
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
from gm.games.rcw.data.derive_areas import FEW, SLOTS
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.reports.mapview import MARK, place, route

DATA = load_game_data()


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, folder)
    return folder


def _check(folder: Path) -> str:
    result = CliRunner().invoke(cli, ["data", "check", str(folder)])
    assert "Traceback" not in result.output
    return result.output


def test_every_province_has_an_area_and_room_for_its_stacks_inside_it() -> None:
    """Issue 25: every marker's place has its centre inside its own area; most provinces have
    places wholly inside for several stacks, every one for FEW."""
    areas = read_areas(DEFAULT_DATA_DIR)
    assert areas is not None
    assert set(areas.areas) == set(DATA.provinces)
    assert all(FEW <= len(area.slots) <= SLOTS and area.outline
               for area in areas.areas.values())
    assert all(inside(area.outline, at) for area in areas.areas.values() for at in area.slots)
    assert all(area.centre and inside(area.outline, area.centre)
               for area in areas.areas.values())
    roomy = [code for code, area in areas.areas.items() if len(area.slots) >= 3]
    assert len(roomy) > len(areas.areas) / 2
    assert check_areas(DATA.map, DEFAULT_DATA_DIR) == []


def test_no_marker_or_label_overlaps_another_geometrically() -> None:
    areas = read_areas(DEFAULT_DATA_DIR)
    assert areas is not None
    boxes = [label_box(a.label, code, a.port) for code, a in areas.areas.items()]
    boxes += [slot_box(at, areas.marker) for a in areas.areas.values() for at in a.slots]
    for index, (x0, y0, x1, y1) in enumerate(boxes):
        for u0, v0, u1, v1 in boxes[index + 1:]:
            assert not (x0 < u1 and u0 < x1 and y0 < v1 and v0 < y1)


def test_neighbours_touch_or_have_a_crossing_drawn() -> None:
    areas = read_areas(DEFAULT_DATA_DIR)
    assert areas is not None
    crossings = {frozenset(pair) for pair in areas.crossings}
    pairs = {frozenset((p.code, n)) for p in DATA.map.provinces for n in p.adjacent}
    touching = {pair for pair in pairs if touch(*(areas.areas[c] for c in pair))}
    assert touching | crossings >= pairs
    assert len(touching) > 0.8 * len(pairs)  # most borders are drawn as borders


def test_a_province_with_too_few_places_draws_fewer_markers() -> None:
    """Issue 25: each stack its own place while there are enough, after the marks' half
    places; else one marker per player; else one for all. Every point is a place or half of
    one, so inside the area."""
    from gm.core.state import Stack

    slots = [(0.0, 0.0), (30.0, 0.0), (60.0, 0.0)]
    a1, a2, b1, c1 = (Stack(player=p, units=(n,)) for p, n in
                      (("A", 1), ("A", 2), ("B", 3), ("C", 4)))
    placed, spots = place(slots, [a1, b1], [MARK])
    assert placed == [((0.0, 0.0), [a1]), ((30.0, 0.0), [b1])]
    assert spots == [(60.0 - MARK / 2, 0.0)]
    placed, spots = place(slots, [a1, b1, a2], [MARK, MARK])
    assert placed == [((0.0, 0.0), [a1, a2]), ((30.0, 0.0), [b1])]  # one per player
    assert spots == [(60.0 - MARK / 2, 0.0), (60.0 + MARK / 2, 0.0)]
    placed, spots = place(slots[:2], [a1, b1, c1], [2 * MARK])
    assert placed == [((0.0, 0.0), [a1, b1, c1])] and spots == [(30.0, 0.0)]  # one for all
    assert place(slots, [a1, a2, b1], []) == ([(slots[0], [a1]), (slots[1], [a2]),
                                               (slots[2], [b1])], [])


def test_moves_cross_borders_and_never_a_code() -> None:
    """Issue 25: a move's line runs from the centre of the area it left through the borders it
    crossed, ends inside the area it reached, and crosses no province's code."""
    from gm.games.rcw.reports.mapview import _hits, _label_boxes

    areas = read_areas(DEFAULT_DATA_DIR)
    assert areas is not None
    boxes = [label_box(a.label, code, a.port) for code, a in areas.areas.items()]
    assert len(_label_boxes(areas)) == len(boxes)
    for province in DATA.map.provinces:
        for other in province.adjacent:
            line = route(areas, [province.code, other])
            assert line[0] == areas.areas[province.code].centre
            assert inside(areas.areas[other].outline, line[-1]) or other in {
                c for pair in areas.crossings for c in pair}, (province.code, other)
            for start, end in itertools.pairwise(line):
                assert not any(_hits(start, end, b) for b in boxes), (province.code, other)


def test_touching_needs_a_shared_stretch_of_border() -> None:
    def square(x: float, y: float) -> Area:
        ring = [(x, y), (x + 10, y), (x + 10, y + 10), (x, y + 10), (x, y)]
        return Area(outline=[[ring]], label=(x + 5, y + 5), slots=[])

    assert touch(square(0, 0), square(10, 0))  # a common edge
    assert touch(square(0, 0), square(10, 4))  # part of an edge
    assert not touch(square(0, 0), square(10, 10))  # a corner only
    assert not touch(square(0, 0), square(12, 0))  # apart


def test_a_moved_province_makes_the_areas_stale(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "map.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("    lat: 56.9\n    lon: 35.9\n", "    lat: 57.2\n    lon: 35.9\n",
                                 1), encoding="utf-8")
    assert "derived from another map.yaml or land.json" in _check(folder)
    result = CliRunner().invoke(cli, ["data", "areas", str(folder)])
    assert result.exit_code == 0 and "78 areas" in result.output, result.output
    assert "data set OK" in _check(folder)


def test_a_missing_area_and_a_missing_crossing_are_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    document = json.loads((folder / AREAS_FILE).read_text(encoding="utf-8"))
    first, second = document["crossings"][0]
    del document["areas"]["KIEV"]
    document["crossings"] = document["crossings"][1:]
    (folder / AREAS_FILE).write_text(json.dumps(document), encoding="utf-8")
    output = _check(folder)
    assert "KIEV has no area" in output
    assert f"{first} and {second} are neighbours but their areas do not touch" in output


def test_overlapping_markers_are_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    document = json.loads((folder / AREAS_FILE).read_text(encoding="utf-8"))
    slots = document["areas"]["TVER"]["slots"]
    slots[1] = [slots[0][0] + 3, slots[0][1]]
    (folder / AREAS_FILE).write_text(json.dumps(document), encoding="utf-8")
    assert "TVER marker 1 overlaps TVER marker 2" in _check(folder)


def test_a_data_set_without_areas_is_told_how_to_make_them(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / AREAS_FILE).unlink()
    assert "areas.json:0: file missing: run `gm data areas`" in _check(folder)


def test_a_campaign_on_a_data_set_without_areas_reports_without_a_map(tmp_path: Path) -> None:
    """A GM's own data set with no areas.json yet: every report is made, the HTML without a
    map (gm data check tells him how to make one), never a traceback."""
    from tests.conftest import gm

    folder = _copy(tmp_path)
    (folder / AREAS_FILE).unlink()
    campaign = tmp_path / "own"
    gm("new", str(campaign), "--seed", "a", "--data", str(folder), "-p", "A:A:a@x.org:a",
       "-p", "B:B:b@x.org:b", "-p", "C:C:c@x.org:c")
    gm("end-trading", str(campaign))
    gm("start", str(campaign))
    html = gm("report", str(campaign), "--format", "html", "--player", "A")
    assert "<svg" not in html and "Your forces" in html
    assert "YOUR FORCES" in gm("report", str(campaign), "--player", "A")
