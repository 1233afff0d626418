"""The drawn map's province areas (areas.json): derived by `gm data areas`, checked by
`gm data check` against the map they came from, and laid out so that no marker or label covers
another."""

from __future__ import annotations

import itertools
import json
import random
import shutil
from collections.abc import Sequence
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
    """Issue 25: each stack its own place while the marks fit in the places left (side by
    side, each as wide as it is, centred in its place) and the area's spare room; else one
    marker per player; else one for all; None for the marks when even that leaves no room."""
    from gm.core.state import Stack

    slots = [(0.0, 0.0), (30.0, 0.0), (60.0, 0.0)]
    a1, a2, b1, c1 = (Stack(player=p, units=(n,)) for p, n in
                      (("A", 1), ("A", 2), ("B", 3), ("C", 4)))
    placed, spots = place(slots, [a1, b1], [MARK])
    assert placed == [((0.0, 0.0), [a1]), ((30.0, 0.0), [b1])] and spots == [(60.0, 0.0)]
    placed, spots = place(slots, [a1, b1, a2], [MARK, MARK])
    assert placed == [((0.0, 0.0), [a1, a2]), ((30.0, 0.0), [b1])]  # one per player
    assert spots == [(60.0 - MARK / 2, 0.0), (60.0 + MARK / 2, 0.0)]
    placed, spots = place(slots[:2], [a1, b1, c1], [20.0])
    assert placed == [((0.0, 0.0), [a1, b1, c1])] and spots == [(30.0, 0.0)]  # one for all
    assert place(slots, [a1, a2, b1], []) == ([(slots[0], [a1]), (slots[1], [a2]),
                                               (slots[2], [b1])], [])
    room = [(100.0, -7.0, 140.0, 7.0)]  # the area's spare room: the stacks keep their places
    placed, spots = place(slots, [a1, a2, b1], [MARK, 24.0], room)
    assert len(placed) == 3 and spots == [(108.0, 0.0), (126.5, 0.0)]  # centred in it
    assert place(slots[:2], [a1, b1], [40.0, MARK]) == ([((0.0, 0.0), [a1, b1])], None)
    row = [(0.0, 0.0), (27.0, 0.0)]  # two free places side by side: room for a wide mark
    assert place([(0.0, 30.0), *row], [a1], [40.0])[1] == [(13.5, 0.0)]


def test_marks_never_cover_a_counter_or_another_mark() -> None:
    """Random provinces of lattice places and spare room, random stacks and marks: every mark
    inside a free place or the room, none over another or over a counter; a mark that does
    not fit is said (None), never drawn over anything."""
    from gm.core.state import Stack

    rng = random.Random(25)
    for _ in range(3000):
        slots = rng.sample([(x * 27.0, y * 16.0) for x in range(3) for y in range(2)],
                           rng.randint(1, 6))
        room = [(100.0, y * 20.0 - 7, 100 + rng.choice([14.0, 30.0, 44.0]), y * 20.0 + 7)
                for y in range(rng.randint(0, 2))]
        stacks = [Stack(player=rng.choice("ABC"), units=(n,)) for n in range(rng.randint(0, 5))]
        widths = [rng.choice([MARK, MARK, 20.0, 24.0, 31.5, 39.0])
                  for _ in range(rng.randint(0, 4))]
        placed, spots = place(slots, stacks, widths, room)
        assert {id(s) for _, group in placed for s in group} == {id(s) for s in stacks} or (
            not stacks)
        if spots is None:
            continue
        counters = [slot_box(at, (26.0, 15.0)) for at, _ in placed]
        marks = [(x - w / 2, y - MARK / 2, x + w / 2, y + MARK / 2)
                 for (x, y), w in zip(spots, widths, strict=True)]
        free = [slot_box(at, (26.0, 15.0)) for at in slots[len(placed):]] + room
        for index, mark in enumerate(marks):
            assert not any(_meet(mark, other) for other in [*counters, *marks[index + 1:]])
            assert _within_any(mark, free), (mark, free)


def _meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Do two boxes overlap, by more than the points' rounding (0.1)?"""
    return a[0] < b[2] - 0.1 and b[0] < a[2] - 0.1 and a[1] < b[3] - 0.1 and b[1] < a[3] - 0.1


def _within_any(mark: tuple[float, ...], boxes: Sequence[tuple[float, ...]]) -> bool:
    """Inside one box, or across boxes side by side in a row, a place's gap apart."""
    for box in boxes:
        row = [b for b in boxes if b[1] == box[1] and b[3] == box[3]]
        left, right = box[0], box[2]
        while True:
            grown = [b for b in row if left - 1.5 <= b[2] and b[0] <= right + 1.5]
            if (min(b[0] for b in grown), max(b[2] for b in grown)) == (left, right):
                break
            left, right = min(b[0] for b in grown), max(b[2] for b in grown)
        if left <= mark[0] + 0.1 and right >= mark[2] - 0.1 and box[1] <= mark[1] + 0.1 \
                and box[3] >= mark[3] - 0.1:
            return True
    return False


def test_marks_that_find_no_room_are_written_shorter_then_as_one() -> None:
    """A province of two places, one stack: an attack "13-14" takes the free place as "13+";
    an attack and two events take it as one mark, "4+", every title kept; a mark's text
    always fits its width."""
    from gm.core.state import Stack
    from gm.games.rcw.reports.mapview import _placed, mark_width
    from gm.reporting.model import MapMark
    from gm.reporting.textwidth import text_width

    area = Area(outline=[], label=(0.0, 0.0), slots=[(0.0, 20.0), (0.0, 40.0)])
    stack = [Stack(player="A", units=(1,))]

    def mark(kind: str, text: str, title: str) -> MapMark:
        return MapMark(kind=kind, province="X", x=0, y=0, text=text, width=mark_width(text),
                       title=title)

    _, [wide] = _placed(area, stack, [mark("combat", "13-14", "13 and 14")], (26.0, 15.0))
    assert (wide.text, wide.x, wide.y) == ("13+", 0.0, 40.0) and wide.width <= 26
    _, [one] = _placed(area, stack, [mark("combat", "4", "4."), mark("from", "6", "6."),
                                     mark("epidemic", "E", "epidemic")], (26.0, 15.0))
    assert one.kind == "combat" and one.text == "4+" and one.more
    assert one.title == "4.; 6.; epidemic"
    for text in ("7", "12", "3-5", "10-11", "13-14", "3,24", "12+", "E+"):
        for size in (10.0, 8.0):
            assert text_width(text, size, bold=True) + 2 <= mark_width(text, size)


def test_moves_cross_borders_and_never_a_code() -> None:
    """Issue 25: a move's line runs from the centre of the area it left through the borders it
    crossed, ends inside the area it reached, and crosses no province's code: every move to a
    neighbour and every move of two steps through a province (every segment a longer move
    draws is one of theirs), the bends round a code clear of every other code (a move from
    TERE by TIFL to YELI once bent round TIFL's into DAGH's)."""
    from gm.games.rcw.reports.mapview import _hits, _label_boxes

    areas = read_areas(DEFAULT_DATA_DIR)
    assert areas is not None
    boxes = [label_box(a.label, code, a.port) for code, a in areas.areas.items()]
    assert len(_label_boxes(areas)) == len(boxes)
    crossed = {c for pair in areas.crossings for c in pair}
    paths = [[p.code, other] for p in DATA.map.provinces for other in p.adjacent]
    paths += [[a, b, c] for a, b in paths for c in DATA.provinces[b].adjacent if c != a]
    assert len(paths) > 1500
    for path in paths:
        line = route(areas, path)
        assert line[0] == areas.areas[path[0]].centre
        assert inside(areas.areas[path[-1]].outline, line[-1]) or path[-1] in crossed, path
        for start, end in itertools.pairwise(line):
            assert not any(_hits(start, end, b) for b in boxes), (path, start, end)


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


def _move(folder: Path, code: str, lat: float, lon: float) -> None:
    path = folder / "map.yaml"
    text = path.read_text(encoding="utf-8")
    province = DATA.provinces[code]
    block = text.index(f"- code: {code}\n")
    old = f"    lat: {province.lat}\n    lon: {province.lon}\n"
    at = text.index(old, block)
    path.write_text(text[:at] + f"    lat: {lat}\n    lon: {lon}\n" + text[at + len(old):],
                    encoding="utf-8")


def test_a_squeezed_province_keeps_a_place_for_its_stacks(tmp_path: Path) -> None:
    """Issue 25, second review: YEKA moved into the Caucasus leaves TIFL no room for a
    marker's place clear of the others: it gets one at its middle, its code moved beside
    it, and `gm data areas` says so; the check passes, and its stacks are drawn (one marker).
    An areas file made before, with a province of no place, still draws its stacks."""
    from gm.core.state import Stack
    from gm.games.rcw.reports.mapview import _placed

    folder = _copy(tmp_path)
    _move(folder, "YEKA", 41.85, 44.95)
    result = CliRunner().invoke(cli, ["data", "areas", str(folder)])
    assert result.exit_code == 0, result.output
    assert "squeezed: TIFL: no room for a marker's place" in result.output
    assert "data set OK" in _check(folder)
    areas = read_areas(folder)
    assert areas is not None and all(area.slots for area in areas.areas.values())
    tifl = areas.areas["TIFL"]
    assert inside(tifl.outline, tifl.slots[0])
    assert not any(_overlap(label_box(tifl.label, "TIFL"), slot_box(at, areas.marker))
                   for area in areas.areas.values() for at in area.slots)
    stacks = [Stack(player="A", units=(1,)), Stack(player="B", units=(2,))]
    placed, _ = _placed(tifl, stacks, [], areas.marker)
    assert [group for _, group in placed] == [stacks]
    bare = tifl.model_copy(update={"slots": []})  # as `gm data areas` once left it
    placed, _ = _placed(bare, stacks, [], areas.marker)
    assert placed == [(tifl.centre, stacks)]


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_two_provinces_at_one_position_are_named(tmp_path: Path) -> None:
    """Two provinces given the same position: `gm data check` and `gm data areas` name them
    (it was GEOS's internal error)."""
    folder = _copy(tmp_path)
    kiev = DATA.provinces["KIEV"]
    _move(folder, "POLT", kiev.lat, kiev.lon)
    result = CliRunner().invoke(cli, ["data", "areas", str(folder)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "map.yaml" in result.output
    assert "KIEV and POLT are at the same position" in result.output, result.output
    assert "POLT is at the same position as KIEV" in _check(folder)


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
