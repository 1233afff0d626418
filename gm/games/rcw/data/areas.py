"""The province areas the map is drawn with (areas.json beside map.yaml): derived once from the
provinces' positions and a land outline by `gm data areas` (gm/games/rcw/data/derive_areas.py),
read here, and checked by `gm data check` against the map they were derived from.

Coordinates are the drawn map's own units (the SVG's viewBox), after the projection below."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gm.core.data import Problem
from gm.games.rcw.data.models import MapFile

AREAS_FILE = "areas.json"
LAND_FILE = "land.json"
Point = tuple[float, float]
Ring = list[Point]
Box = tuple[float, float, float, float]  # left, top, right, bottom
MARK_HEIGHT = 14.0  # a mark on the map (an attack's number, an event) and its outline
TOUCH = 0.6  # map units: two outlines within this of each other at two points share a border


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Projection(_Frozen):
    """Equirectangular, squeezed by the cosine of the middle latitude; east of `east_from`
    longitudes are drawn at `east_scale` of the scale, so that the Siberian provinces, few and
    far apart, leave European Russia most of the map."""

    west: float
    south: float
    east: float
    north: float
    squeeze: float
    east_from: float
    east_scale: float
    scale: float  # map units a degree of squeezed longitude

    def at(self, lat: float, lon: float) -> Point:
        degrees = (min(lon, self.east_from) - self.west) + max(lon - self.east_from, 0) \
            * self.east_scale
        return (round(degrees * self.squeeze * self.scale, 1),
                round((self.north - lat) * self.scale, 1))

    @property
    def size(self) -> tuple[int, int]:
        width, height = self.at(self.south, self.east)
        return math.ceil(width), math.ceil(height)


class Area(_Frozen):
    outline: list[list[Ring]]  # polygons, each its outer ring then its holes
    label: Point  # where its code is written
    slots: list[Point]  # where its stacks' markers go, best first, none overlapping another's
    # (or a label), every centre inside the area, most markers wholly inside
    centre: Point | None = None  # inside the area, clear of its label: where moves start
    port: bool = False  # an anchor is drawn beside the label, inside its box
    room: list[Box] = []  # spare room for marks, a mark high, wholly inside the area, clear
    # of every label and marker place, nearest the label first


class Sea(_Frozen):
    name: str
    at: Point


class AreaFile(_Frozen):
    source: str
    inputs: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]  # digest of what it came from
    projection: Projection
    marker: tuple[float, float]  # a stack marker's width and height
    land: list[list[Ring]]
    areas: dict[str, Area]
    crossings: list[tuple[str, str]]  # neighbours whose areas do not touch: a line is drawn
    seas: list[Sea] = []
    # neighbours whose areas touch, and the middle of their longest shared stretch of border:
    # where a move crosses from one to the other
    borders: list[tuple[str, str, float, float]] = []


def inputs_digest(map_file: MapFile, land: object) -> str:
    """What the areas depend on: each province's position, neighbours and port, and the
    land."""
    basis = {"provinces": [(p.code, p.lat, p.lon, sorted(p.adjacent), p.port)
                           for p in map_file.provinces],
             "seas": [(s.name, s.lat, s.lon) for s in map_file.seas], "land": land}
    return hashlib.sha256(json.dumps(basis, sort_keys=True).encode()).hexdigest()


@cache
def areas_of(directory: Path) -> AreaFile | None:
    """The areas of a data set, read once per process: when a map is first drawn."""
    return read_areas(directory)


def read_areas(directory: Path) -> AreaFile | None:
    """The areas of a data set; None when it has none, or none the schema accepts."""
    try:
        return AreaFile.model_validate_json((directory / AREAS_FILE).read_bytes())
    except (OSError, ValidationError):
        return None


def read_land(directory: Path) -> object:
    return json.loads((directory / LAND_FILE).read_text(encoding="utf-8"))


def _segments(area: Area) -> Iterator[tuple[Point, Point]]:
    for polygon in area.outline:
        for ring in polygon:
            yield from pairwise(ring)


def _near(point: Point, a: Point, b: Point) -> bool:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy) <= TOUCH


def _box(area: Area) -> tuple[float, float, float, float]:
    points = [p for polygon in area.outline for ring in polygon for p in ring]
    return (min(x for x, _ in points), min(y for _, y in points),
            max(x for x, _ in points), max(y for _, y in points))


def _corners(area: Area) -> list[Point]:
    return [point for polygon in area.outline for point in polygon[0][:-1]]


def _on_outline(a: Area, b: Area, box: tuple[float, float, float, float]) -> list[Point]:
    """a's corners inside `box` (where the two areas' boxes meet) that lie on b's outline."""
    x0, y0, x1, y1 = box
    near = [(s, e) for s, e in _segments(b)
            if min(s[0], e[0]) - TOUCH <= x1 and max(s[0], e[0]) + TOUCH >= x0
            and min(s[1], e[1]) - TOUCH <= y1 and max(s[1], e[1]) + TOUCH >= y0]
    return [point for point in _corners(a)
            if x0 - TOUCH <= point[0] <= x1 + TOUCH and y0 - TOUCH <= point[1] <= y1 + TOUCH
            and any(_near(point, s, e) for s, e in near)] if near else []


def touch(a: Area, b: Area) -> bool:
    """Do two areas share a stretch of border: two corners of either on the other's outline
    (a corner alone is not a border)?"""
    ax0, ay0, ax1, ay1 = _box(a)
    bx0, by0, bx1, by1 = _box(b)
    if ax0 > bx1 + TOUCH or bx0 > ax1 + TOUCH or ay0 > by1 + TOUCH or by0 > ay1 + TOUCH:
        return False
    if len(set(_corners(a)) & set(_corners(b))) >= 2:  # derived areas share their corners
        return True
    meet = (max(ax0, bx0), max(ay0, by0), min(ax1, bx1), min(ay1, by1))
    shared = {(round(x), round(y)) for x, y in (*_on_outline(a, b, meet),
                                                *_on_outline(b, a, meet))}
    return len(shared) >= 2


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def slot_box(at: Point, marker: tuple[float, float]) -> tuple[float, float, float, float]:
    return (at[0] - marker[0] / 2, at[1] - marker[1] / 2, at[0] + marker[0] / 2,
            at[1] + marker[1] / 2)


PORT_ICON = 11.0  # map units the anchor beside a port's code takes


def label_box(at: Point, code: str, port: bool = False) -> tuple[float, float, float, float]:
    """The box a province's code takes, written bold at 11 map units: the widest sans-serif
    capitals (DejaVu Sans Bold, 8.4 units), the line's ascent above and descent below; a
    port's anchor is drawn at its right."""
    width = 8.4 * len(code) + 2
    return (at[0] - width / 2, at[1] - 11, at[0] + width / 2 + (PORT_ICON if port else 0),
            at[1] + 3)


def port_at(area: Area, code: str) -> Point:
    """Where a port's anchor is drawn: at the right of its code, inside the label's box."""
    box = label_box(area.label, code)
    return (round(box[2] + PORT_ICON / 2, 1), area.label[1] - 2)


def inside(outline: list[list[Ring]], point: Point) -> bool:
    """Is the point inside the area (even-odd, over every ring)?"""
    x, y = point
    crossings = 0
    for polygon in outline:
        for ring in polygon:
            for (x1, y1), (x2, y2) in pairwise(ring):
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    crossings += 1
    return crossings % 2 == 1


def check_areas(map_file: MapFile, directory: Path) -> list[Problem]:
    """`gm data check`: every province has an area, game neighbours touch or carry a drawn
    crossing, every marker's centre is inside its area, no two markers or labels overlap, and
    the file fits the map it came from."""
    path = str(directory / AREAS_FILE)
    if not (directory / AREAS_FILE).is_file():
        return [Problem(path, 0, "file missing: run `gm data areas` to derive it")]
    areas = read_areas(directory)
    if areas is None:
        return [Problem(path, 0, "not a valid areas file: run `gm data areas` to derive it")]
    problems = []
    land: object = None
    if (directory / LAND_FILE).is_file():
        land = read_land(directory)
    if inputs_digest(map_file, land) != areas.inputs:
        problems.append(Problem(path, 0, "derived from another map.yaml or land.json (positions, "
                                         "neighbours or seas changed): run `gm data areas`"))
    codes = {p.code for p in map_file.provinces}
    for code in sorted(codes - set(areas.areas)):
        problems.append(Problem(path, 0, f"{code} has no area"))
    for code in sorted(set(areas.areas) - codes):
        problems.append(Problem(path, 0, f"{code}: an area of no province in map.yaml"))
    crossings = {frozenset(pair) for pair in areas.crossings}
    for province in map_file.provinces:
        for other in province.adjacent:
            if province.code < other and province.code in areas.areas and other in areas.areas \
                    and frozenset((province.code, other)) not in crossings \
                    and not touch(areas.areas[province.code], areas.areas[other]):
                problems.append(Problem(path, 0, f"{province.code} and {other} are neighbours "
                                                 "but their areas do not touch, and no crossing "
                                                 "is drawn between them"))
    for code, area in areas.areas.items():
        if not area.slots:
            problems.append(Problem(path, 0, f"{code} has no place for a stack marker"))
        for n, at in enumerate(area.slots, 1):
            if not inside(area.outline, at):
                problems.append(Problem(path, 0, f"{code} marker {n} is outside its area"))
        for n, (x0, y0, x1, y1) in enumerate(area.room, 1):
            if not all(inside(area.outline, at) for at in ((x0, y0), (x1, y0), (x1, y1),
                                                            (x0, y1))):
                problems.append(Problem(path, 0, f"{code} room {n} is outside its area"))
        if area.centre is None or not inside(area.outline, area.centre):
            problems.append(Problem(path, 0, f"{code} has no centre inside its area: run "
                                             "`gm data areas`"))
    problems += [Problem(path, 0, overlap) for overlap in overlaps(areas)]
    return problems


def overlaps(areas: AreaFile) -> list[str]:
    """Every label, marker place and spare room for marks that overlaps another."""
    boxes = [(f"{code} label", label_box(area.label, code, area.port))
             for code, area in areas.areas.items()]
    boxes += [(f"{code} marker {n}", slot_box(at, areas.marker))
              for code, area in areas.areas.items() for n, at in enumerate(area.slots, 1)]
    boxes += [(f"{code} room {n}", room) for code, area in areas.areas.items()
              for n, room in enumerate(area.room, 1)]
    boxes.sort(key=lambda named: named[1][0])
    found = []
    for index, (name, box) in enumerate(boxes):  # a sweep along x
        for other, other_box in boxes[index + 1:]:
            if other_box[0] >= box[2]:
                break
            if _overlap(box, other_box):
                found.append(f"{name} overlaps {other}")
    return found
