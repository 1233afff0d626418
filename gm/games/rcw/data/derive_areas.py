"""`gm data areas`: derive each province's area from the provinces' positions and the land
outline, and lay out where labels and stack markers go.

The areas are Voronoi cells of the provinces' positions, cut to the land; land far from every
province (the Arctic coast, the Kazakh steppe, Mongolia) is left to no province by empty cells
of their own. Neighbours in the game whose areas do not touch get a drawn crossing; those that
touch, the middle of their shared border, where a drawn move crosses. Each code is written
inside its area where it fits, where it leaves the most room (else where most of it is inside,
clear of the codes placed); the stack markers' places are then laid in rows wholly inside the
area, nearest the code (a province too small for FEW takes places whose centre and most are
inside it; one too small for any, one place at its middle and its code beside it), never over
another marker or any label; then each area's spare room for this phase's marks, a mark high,
wholly inside it and clear of every label and place. What had to be squeezed is said."""

from __future__ import annotations

import math
import shutil
from pathlib import Path
from typing import Any

import numpy
import shapely
from shapely.geometry import MultiPoint, MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from gm.core.data import DataError, Problem
from gm.games.rcw.data.areas import (
    AREAS_FILE,
    LAND_FILE,
    MARK_HEIGHT,
    TOUCH,
    Area,
    AreaFile,
    Box,
    Projection,
    Ring,
    Sea,
    inputs_digest,
    label_box,
    overlaps,
    read_land,
    slot_box,
    touch,
)
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
from gm.games.rcw.data.locate import Locator
from gm.games.rcw.data.models import MapFile
from gm.games.rcw.data.reading import read_data_set

WIDTH = 1200  # map units across
EAST_FROM, EAST_SCALE = 60.0, 0.22  # the Urals; Siberia, few and far apart, at a fifth
MARKER = (26.0, 15.0)
GAP = 1.0  # between two markers
SLOTS = 6  # markers a province has room for; more stacks are drawn as fewer (the map says so)
FEW = 2  # a province with fewer places wholly inside takes places half out of it
REACH = 150.0  # land farther than this from every province belongs to none
STEP = 3.0  # the grid labels and markers are placed on
ROOM = 4  # spare boxes an area keeps for marks
ROOM_LENGTH = 44.0  # the longest: two marks of two-digit numbers, or three single ones
ROOM_REACH = 60.0  # how far from its code an area's spare room may be


def projection_for(frame: list[float]) -> Projection:
    west, south, east, north = frame
    squeeze = math.cos(math.radians((south + north) / 2))
    degrees = (EAST_FROM - west) + (east - EAST_FROM) * EAST_SCALE
    return Projection(west=west, south=south, east=east, north=north, squeeze=round(squeeze, 6),
                      east_from=EAST_FROM, east_scale=EAST_SCALE,
                      scale=round(WIDTH / (degrees * squeeze), 6))


def _projected(polygons: list[Any], projection: Projection) -> BaseGeometry:
    shapes = []
    for polygon in polygons:
        outer, *holes = ([projection.at(lat, lon) for lon, lat in ring] for ring in polygon)
        shapes.append(Polygon(outer, holes))
    return shapely.make_valid(MultiPolygon(shapes))


def _rings(geometry: BaseGeometry) -> list[list[Ring]]:
    parts = getattr(geometry, "geoms", [geometry])
    outline = []
    for part in parts:
        if not isinstance(part, Polygon) or part.area < 4:
            continue
        outline.append([[(round(x, 1), round(y, 1)) for x, y in ring.coords]
                        for ring in (part.exterior, *part.interiors)])
    return outline


def _ghosts(points: list[tuple[float, float]], width: int, height: int) -> list[tuple[float,
                                                                                      float]]:
    """Points of no province, wherever land lies beyond every province's reach."""
    found = []
    spacing = REACH * 0.6
    for row in range(int(height / spacing) + 2):
        for column in range(int(width / spacing) + 2):
            x = column * spacing + (spacing / 2 if row % 2 else 0)
            y = row * spacing
            if min(math.hypot(x - px, y - py) for px, py in points) > REACH:
                found.append((x, y))
    return found


class _Taken:
    """Boxes placed so far, indexed by a coarse grid."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, b: Box) -> list[tuple[int, int]]:
        return [(i, j) for i in range(int(b[0] // 40), int(b[2] // 40) + 1)
                for j in range(int(b[1] // 40), int(b[3] // 40) + 1)]

    def free(self, b: Box) -> bool:
        return not any(o[0] < b[2] + GAP and b[0] < o[2] + GAP and o[1] < b[3] + GAP
                       and b[1] < o[3] + GAP
                       for key in self._keys(b) for o in self.cells.get(key, ()))

    def add(self, b: Box) -> None:
        for key in self._keys(b):
            self.cells.setdefault(key, []).append(b)

    def remove(self, b: Box) -> None:
        for key in self._keys(b):
            self.cells[key].remove(b)

    def shape(self) -> BaseGeometry:
        """Everything placed, each box grown by GAP."""
        boxes = {b for cell in self.cells.values() for b in cell}
        return shapely.union_all([box(b[0] - GAP, b[1] - GAP, b[2] + GAP, b[3] + GAP)
                                  for b in sorted(boxes)])


def _largest(shape: BaseGeometry) -> Polygon:
    parts: list[Polygon] = list(getattr(shape, "geoms", [shape]))
    return max(parts, key=lambda g: g.area)


def _grid(bounds: Box, step: tuple[float, float], dx: float = 0.0, dy: float = 0.0
          ) -> tuple[Any, Any]:
    """The points of a grid over `bounds`, row by row."""
    x0, y0, x1, y1 = bounds
    xs, ys = numpy.meshgrid(numpy.arange(x0 + dx, x1, step[0]), numpy.arange(y0 + dy, y1, step[1]))
    return xs.ravel(), ys.ravel()


def _boxes(xs: Any, ys: Any, size: tuple[float, float]) -> Any:
    w, h = size
    return shapely.box(xs - w / 2, ys - h / 2, xs + w / 2, ys + h / 2)


def _lattice(shape: BaseGeometry, blocked: BaseGeometry, label: tuple[float, float]
             ) -> list[tuple[float, float]]:
    """The most markers that fit wholly inside the area, clear of `blocked`, in rows and
    columns (the best of a few offsets), nearest the label first."""
    w, h = MARKER
    best: list[tuple[float, float]] = []
    for dx in (0.0, w / 3, 2 * w / 3):
        for dy in (0.0, h / 2):
            xs, ys = _grid(shape.bounds, (w + GAP, h + GAP), dx + w / 2, dy + h / 2)
            if not len(xs):
                continue
            boxes = _boxes(xs, ys, MARKER)
            fits = shapely.contains(shape, boxes) & ~shapely.intersects(boxes, blocked)
            found = sorted(zip(xs[fits].tolist(), ys[fits].tolist(), strict=True),
                           key=lambda p: (math.hypot(p[0] - label[0], p[1] - label[1]), p))
            if len(found) > len(best):
                best = found
    return [(round(x, 1), round(y, 1)) for x, y in best]


def _label(shape: BaseGeometry, code: str, port: bool, others: BaseGeometry | None = None
           ) -> tuple[float, float] | None:
    """Where the code goes: wholly inside the area where it fits, leaving the most room for
    markers, near the area's middle; else (when `others` is given: the codes placed) the place
    most of it is inside, clear of the others where it can be; None: it does not fit."""
    largest = _largest(shape)
    middle = polylabel(largest, tolerance=1.0)
    xs, ys = _grid(shape.bounds, (4.0, 4.0))
    # a label's box about its point: label_box((0, 0), code, port)
    x0, y0, x1, y1 = label_box((0.0, 0.0), code, port)
    boxes = shapely.box(xs + x0 - GAP, ys + y0 - GAP, xs + x1 + GAP, ys + y1 + GAP)
    fits = shapely.contains(shape, boxes)
    if not fits.any():
        if others is None:
            return None
        share = shapely.area(shapely.intersection(boxes, shape))
        clear = ~shapely.intersects(boxes, others)
        best = int(numpy.argmax(share + 1000 * clear * (share > 0)
                                - 0.001 * numpy.hypot(xs - middle.x, ys - middle.y)))
        return (round(float(xs[best]), 1), round(float(ys[best]), 1))
    near = sorted(zip(xs[fits].tolist(), ys[fits].tolist(), strict=True),
                  key=lambda p: (math.hypot(p[0] - middle.x, p[1] - middle.y), p))[:24]
    scored = []
    for rank, (x, y) in enumerate(near):
        room = len(_lattice(shape, box(x + x0 - GAP, y + y0 - GAP, x + x1 + GAP, y + y1 + GAP),
                            (x, y)))
        scored.append((-min(room, SLOTS), rank, (x, y)))
        if room >= SLOTS:
            break
    x, y = min(scored)[2]
    return (round(x, 1), round(y, 1))


def _grown(bounds: Box, by: float) -> Box:
    return (bounds[0] - by, bounds[1] - by, bounds[2] + by, bounds[3] + by)


def _slots(shape: BaseGeometry, label: tuple[float, float], taken: _Taken
           ) -> list[tuple[float, float]]:
    """The province's marker places: wholly inside it first, in rows; where fewer than FEW
    fit, places whose centre is inside and most of them too, clear of everything placed."""
    x0, y0, x1, y1 = shape.bounds
    chosen: list[tuple[float, float]] = []
    for at in _lattice(shape, box(-1, -1, -1, -1), label):
        marker = slot_box(at, MARKER)
        if len(chosen) < SLOTS and taken.free(marker):
            taken.add(marker)
            chosen.append(at)
    if len(chosen) >= FEW:
        return chosen
    xs, ys = _grid((x0 - MARKER[0], y0 - MARKER[1], x1 + MARKER[0], y1 + MARKER[1]), (STEP, STEP))
    boxes = _boxes(xs, ys, MARKER)
    centred = shapely.contains_xy(shape, xs, ys)
    share = shapely.area(shapely.intersection(boxes, shape)) / (MARKER[0] * MARKER[1])
    distance = numpy.hypot(xs - label[0], ys - label[1])
    for index in numpy.lexsort((distance, -numpy.round(share, 1))):
        if len(chosen) >= FEW or not centred[index] or share[index] < 0.5:
            continue
        at = (round(float(xs[index]), 1), round(float(ys[index]), 1))
        marker = slot_box(at, MARKER)
        if taken.free(marker):
            taken.add(marker)
            chosen.append(at)
    return chosen


def _squeezed(shape: BaseGeometry, code: str, port: bool, label: tuple[float, float],
              taken: _Taken) -> tuple[tuple[float, float], tuple[float, float]]:
    """A province with no room for a marker's place clear of everything: one place at its
    middle (the pole of inaccessibility), or the nearest point clear of what is placed, and
    its code moved beside it (above, below, left or right: where most of the code is inside
    the area and clear): (the place, the code's point)."""
    taken.remove(label_box(label, code, port))
    middle = polylabel(_largest(shape), tolerance=0.5)
    xs, ys = _grid(_grown(shape.bounds, MARKER[0]), (1.0, 1.0))
    order = numpy.argsort(numpy.hypot(xs - middle.x, ys - middle.y), kind="stable")
    at = (round(middle.x, 1), round(middle.y, 1))
    for index in order[:4000]:
        point = (round(float(xs[index]), 1), round(float(ys[index]), 1))
        if shape.contains(shapely.Point(point)) and taken.free(slot_box(point, MARKER)):
            at = point
            break
    taken.add(slot_box(at, MARKER))
    x0, y0, x1, y1 = label_box((0.0, 0.0), code, port)
    half = MARKER[1] / 2 + GAP
    beside = [(at[0], at[1] - half - y1), (at[0], at[1] + half - y0),
              (at[0] - MARKER[0] / 2 - GAP - x1, at[1] - (y0 + y1) / 2),
              (at[0] + MARKER[0] / 2 + GAP - x0, at[1] - (y0 + y1) / 2)]

    def score(point: tuple[float, float]) -> tuple[bool, float]:
        placed = label_box(point, code, port)
        return taken.free(placed), box(*placed).intersection(shape).area

    found = max(beside, key=score)
    found = (round(found[0], 1), round(found[1], 1))
    taken.add(label_box(found, code, port))
    return at, found


def _room(shape: BaseGeometry, label: tuple[float, float], blocked: BaseGeometry
          ) -> list[Box]:
    """Spare room for this phase's marks (attacks, events) where the area's free marker
    places are too few: up to ROOM boxes a mark high, wholly inside the area and clear of
    every label and marker place (`blocked`), nearest the code."""
    height = MARK_HEIGHT
    x0, y0, x1, y1 = shape.bounds
    x0, x1 = max(x0, label[0] - ROOM_REACH), min(x1, label[0] + ROOM_REACH)
    y0, y1 = max(y0, label[1] - ROOM_REACH), min(y1, label[1] + ROOM_REACH)
    if x1 - x0 < MARK_HEIGHT or y1 - y0 < height:
        return []
    near = blocked.intersection(box(x0, y0, x1, y1))
    within = shape.buffer(-TOUCH)  # clear of the outline as drawn (rounded)
    candidates = []
    for y in numpy.arange(y0 + height / 2, y1 - height / 2 + 0.01, STEP).tolist():
        strip = box(x0, y - height / 2, x1, y + height / 2)
        bad = strip.difference(within).union(strip.intersection(near))
        spans = sorted((g.bounds[0], g.bounds[2])
                       for g in getattr(bad, "geoms", [bad]) if not g.is_empty)
        start = x0
        for left, right in [*spans, (x1, x1)]:
            if left - start >= MARK_HEIGHT:
                length = min(left - start, ROOM_LENGTH)
                middle = min(max(label[0], start + length / 2), left - length / 2)
                candidates.append((math.hypot(middle - label[0], y - label[1]), y, middle,
                                   length))
            start = max(start, right)
    chosen: list[Box] = []
    for _, y, middle, length in sorted(candidates):
        found = (round(middle - length / 2 + 0.05, 1), round(y - height / 2 + 0.05, 1),
                 round(middle + length / 2 - 0.05, 1), round(y + height / 2 - 0.05, 1))
        if not any(o[0] < found[2] + GAP and found[0] < o[2] + GAP and o[1] < found[3] + GAP
                   and found[1] < o[3] + GAP for o in chosen):
            chosen.append(found)
            if len(chosen) == ROOM:
                break
    return chosen


def _centre(shape: BaseGeometry, label: tuple[float, float], code: str, port: bool
            ) -> tuple[float, float]:
    """The point inside the area farthest from its edge and its label: where moves start."""
    x0, y0, x1, y1 = label_box(label, code, port)
    rest = _largest(shape.difference(box(x0 - 6, y0 - 6, x1 + 6, y1 + 6)))
    if rest.is_empty or rest.area < 1:
        rest = _largest(shape)
    found = polylabel(rest, tolerance=1.0)
    return (round(found.x, 1), round(found.y, 1))


def _border(a: BaseGeometry, b: BaseGeometry, labels: BaseGeometry
            ) -> tuple[float, float] | None:
    """The point of the longest stretch of border two areas share nearest its middle that is
    well clear of every code (where a drawn move crosses it)."""
    shared = a.boundary.intersection(b.boundary)
    pieces = [g for g in getattr(shared, "geoms", [shared]) if g.length > 0]
    if not pieces:
        return None
    merged = shapely.line_merge(shapely.union_all(pieces))
    longest = max(getattr(merged, "geoms", [merged]), key=lambda g: g.length)
    points = [longest.interpolate(t, normalized=True)
              for t in (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82, 0.1, 0.9)]
    at = next((p for p in points if p.distance(labels) > 10),
              max(points, key=lambda p: p.distance(labels)))
    return (round(at.x, 1), round(at.y, 1))


def same_places(map_file: MapFile, projection: Projection) -> list[list[str]]:
    """Provinces drawn at one point (their positions the same, or too near to tell apart):
    no area can be drawn for each."""
    found: dict[tuple[float, float], list[str]] = {}
    for p in map_file.provinces:
        found.setdefault(projection.at(p.lat, p.lon), []).append(p.code)
    return [codes for codes in found.values() if len(codes) > 1]


def derive(map_file: MapFile, land: dict[str, Any], notes: list[str] | None = None
           ) -> AreaFile:
    """The areas of a map; `notes` gets what had to be squeezed (a province with room for
    one marker only, a code that does not fit inside its area, what overlaps)."""
    projection = projection_for(land["frame"])
    width, height = projection.size
    land_shape = _projected(land["polygons"], projection)
    codes = [p.code for p in map_file.provinces]
    ports = {p.code: p.port for p in map_file.provinces}
    clash = same_places(map_file, projection)
    if clash:
        raise DataError([Problem("map.yaml", 0, f"{' and '.join(c)} are at the same position: "
                                                "each province needs a place of its own on "
                                                "the drawn map") for c in clash])
    points = [projection.at(p.lat, p.lon) for p in map_file.provinces]
    generators = MultiPoint([*points, *_ghosts(points, width, height)])
    cells = shapely.voronoi_polygons(generators, extend_to=box(-50, -50, width + 50, height + 50),
                                     ordered=True)
    shapes = {code: shapely.make_valid(cell.intersection(land_shape))
              for code, cell in zip(codes, cells.geoms, strict=False)}
    shapes = {code: shape for code, shape in shapes.items() if not shape.is_empty}
    for shape in shapes.values():
        shapely.prepare(shape)
    said = notes if notes is not None else []
    taken = _Taken()
    inside = {code: _label(shapes[code], code, ports[code]) for code in codes if code in shapes}
    labels = {code: at for code, at in inside.items() if at is not None}
    for code, at in labels.items():
        taken.add(label_box(at, code, ports[code]))
    for code in (c for c, at in inside.items() if at is None):  # codes larger than their areas
        placed = _label(shapes[code], code, ports[code], taken.shape())
        assert placed is not None
        labels[code] = placed
        taken.add(label_box(placed, code, ports[code]))
    labels = {code: labels[code] for code in codes if code in labels}
    seas = [Sea(name=s.name, at=projection.at(s.lat, s.lon)) for s in map_file.seas]
    for sea in seas:
        taken.add((sea.at[0] - 4 * len(sea.name), sea.at[1] - 9, sea.at[0] + 4 * len(sea.name),
                   sea.at[1] + 4))
    slots = {code: _slots(shapes[code], labels[code], taken)
             for code in sorted(labels, key=lambda c: (shapes[c].area, c))}
    for code in sorted(labels, key=lambda c: (shapes[c].area, c)):
        if not slots[code]:
            at, labels[code] = _squeezed(shapes[code], code, ports[code], labels[code], taken)
            slots[code] = [at]
            said.append(f"{code}: no room for a marker's place clear of the others: one at its "
                        "middle, its code moved beside it; its stacks are drawn as one marker")
        elif len(slots[code]) == 1:
            said.append(f"{code}: room for one marker's place only; its stacks are drawn as one "
                        "marker")
    blocked = taken.shape()
    areas = {code: Area(outline=_rings(shapes[code]), label=labels[code], slots=slots[code],
                        centre=_centre(shapes[code], labels[code], code, ports[code]),
                        port=ports[code], room=_room(shapes[code], labels[code], blocked))
             for code in codes if code in labels}
    pairs = sorted({tuple(sorted((p.code, n))) for p in map_file.provinces for n in p.adjacent
                    if p.code in areas and n in areas})
    crossings = [(a, b) for a, b in pairs if not touch(areas[a], areas[b])]
    borders = []
    codes_drawn = shapely.union_all([box(*label_box(at, code, ports[code]))
                                     for code, at in labels.items()])
    for a, b in pairs:
        middle = None if (a, b) in crossings else _border(shapes[a], shapes[b], codes_drawn)
        if middle is not None:
            borders.append((a, b, middle[0], middle[1]))
    found = AreaFile(source="derived by `gm data areas` from map.yaml (positions, neighbours, "
                            "ports, seas) and land.json: " + str(land.get("source", "")),
                     inputs=inputs_digest(map_file, land), projection=projection, marker=MARKER,
                     land=_rings(land_shape), areas=areas, crossings=crossings, seas=seas,
                     borders=borders)
    said += overlaps(found)
    return found


def write_areas(map_file: MapFile, land: dict[str, Any], directory: Path,
                notes: list[str] | None = None) -> AreaFile:
    areas = derive(map_file, land, notes)
    text = areas.model_dump_json(exclude_defaults=False)
    (directory / AREAS_FILE).write_text(text + "\n", encoding="utf-8")
    return areas


def derive_from_folder(directory: Path) -> str:
    """`gm data areas DIR`: the areas of DIR's map.yaml, cut from DIR/land.json (copied there
    from the embedded data set when DIR has none, so that the check finds what they came
    from); what was written, and what had to be squeezed."""
    data, problems = read_data_set(directory, lined=True)
    if data is None:
        raise DataError(problems)
    if not (directory / LAND_FILE).is_file():
        shutil.copyfile(DEFAULT_DATA_DIR / LAND_FILE, directory / LAND_FILE)
    land = read_land(directory)
    assert isinstance(land, dict)
    clash = same_places(data.map, projection_for(land["frame"]))
    if clash:
        where = Locator(data)
        raise DataError([where.province(c[1], "lat", f"{' and '.join(c)} are at the same "
                                                     "position: each province needs a place of "
                                                     "its own on the drawn map")
                         for c in clash])
    notes: list[str] = []
    areas = write_areas(data.map, land, directory, notes)
    return "\n".join([f"{directory / AREAS_FILE}: {len(areas.areas)} areas, "
                      f"{len(areas.crossings)} crossings drawn between neighbours whose areas do "
                      "not touch", *(f"squeezed: {note}" for note in notes)])
