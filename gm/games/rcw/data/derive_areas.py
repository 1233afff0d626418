"""`gm data areas`: derive each province's area from the provinces' positions and the land
outline, and lay out where labels and stack markers go.

The areas are Voronoi cells of the provinces' positions, cut to the land; land far from every
province (the Arctic coast, the Kazakh steppe, Mongolia) is left to no province by empty cells
of their own. Neighbours in the game whose areas do not touch get a drawn crossing. Markers are
placed province by province, the smallest first, at the free places nearest the label, inside
the area where there is room, never over another marker or label."""

from __future__ import annotations

import math
import shutil
from pathlib import Path
from typing import Any

import numpy
import shapely
from shapely.geometry import MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from gm.core.data import DataError
from gm.games.rcw.data.areas import (
    AREAS_FILE,
    LAND_FILE,
    Area,
    AreaFile,
    Projection,
    Ring,
    Sea,
    inputs_digest,
    label_box,
    read_land,
    slot_box,
    touch,
)
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
from gm.games.rcw.data.models import MapFile
from gm.games.rcw.data.reading import read_data_set

WIDTH = 1200  # map units across
EAST_FROM, EAST_SCALE = 60.0, 0.35  # the Urals; Siberia at about a third of the scale
MARKER = (30.0, 17.0)
SLOTS = 6  # markers a province has room for; more stacks share the last (the map says so)
REACH = 150.0  # land farther than this from every province belongs to none
STEP = 3.0  # the grid markers are placed on


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
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}

    def _keys(self, b: tuple[float, float, float, float]) -> list[tuple[int, int]]:
        return [(i, j) for i in range(int(b[0] // 40), int(b[2] // 40) + 1)
                for j in range(int(b[1] // 40), int(b[3] // 40) + 1)]

    def free(self, b: tuple[float, float, float, float]) -> bool:
        return not any(o[0] < b[2] + 1 and b[0] < o[2] + 1 and o[1] < b[3] + 1 and b[1] < o[3] + 1
                       for key in self._keys(b) for o in self.cells.get(key, ()))

    def add(self, b: tuple[float, float, float, float]) -> None:
        for key in self._keys(b):
            self.cells.setdefault(key, []).append(b)


def _label(shape: BaseGeometry, point: tuple[float, float]) -> tuple[float, float]:
    largest = max(getattr(shape, "geoms", [shape]), key=lambda g: g.area)
    here = Point(point)
    if largest.contains(here) and largest.exterior.distance(here) > 9:
        return point
    found = polylabel(largest, tolerance=1.0)
    return (round(found.x, 1), round(found.y, 1))


def _slots(shape: BaseGeometry, label: tuple[float, float], taken: _Taken) -> list[tuple[float,
                                                                                         float]]:
    chosen: list[tuple[float, float]] = []
    for margin in (60, 160):  # farther out only where the neighbours left no room
        x0, y0, x1, y1 = shape.bounds
        xs = numpy.arange(x0 - margin, x1 + margin, STEP)
        ys = numpy.arange(y0 - margin, y1 + margin, STEP)
        grid_x, grid_y = (a.ravel() for a in numpy.meshgrid(xs, ys))
        w, h = MARKER
        boxes = shapely.box(grid_x - w / 2, grid_y - h / 2, grid_x + w / 2, grid_y + h / 2)
        inside = shapely.contains(shape, boxes)
        distance = numpy.hypot(grid_x - label[0], grid_y - label[1])
        for index in numpy.lexsort((distance, ~inside)):  # inside first, then nearest the label
            if len(chosen) == SLOTS:
                return chosen
            at = (round(float(grid_x[index]), 1), round(float(grid_y[index]), 1))
            marker = slot_box(at, MARKER)
            if taken.free(marker):
                taken.add(marker)
                chosen.append(at)
    return chosen


def derive(map_file: MapFile, land: dict[str, Any]) -> AreaFile:
    projection = projection_for(land["frame"])
    width, height = projection.size
    land_shape = _projected(land["polygons"], projection)
    codes = [p.code for p in map_file.provinces]
    points = [projection.at(p.lat, p.lon) for p in map_file.provinces]
    generators = MultiPoint([*points, *_ghosts(points, width, height)])
    cells = shapely.voronoi_polygons(generators, extend_to=box(-50, -50, width + 50, height + 50),
                                     ordered=True)
    shapes = {code: shapely.make_valid(cell.intersection(land_shape))
              for code, cell in zip(codes, cells.geoms, strict=False)}
    taken = _Taken()
    labels = {code: _label(shapes[code], point) for code, point in zip(codes, points,
                                                                             strict=True)
              if not shapes[code].is_empty}
    seas = [Sea(name=s.name, at=projection.at(s.lat, s.lon)) for s in map_file.seas]
    for code, at in labels.items():
        taken.add(label_box(at, code))
    for sea in seas:
        taken.add((sea.at[0] - 4 * len(sea.name), sea.at[1] - 9, sea.at[0] + 4 * len(sea.name),
                   sea.at[1] + 4))
    slots = {code: _slots(shapes[code], labels[code], taken)
             for code in sorted(labels, key=lambda c: shapes[c].area)}
    areas = {code: Area(outline=_rings(shapes[code]), label=labels[code], slots=slots[code])
             for code in codes if code in labels}
    crossings = sorted({tuple(sorted((p.code, n))) for p in map_file.provinces for n in p.adjacent
                        if p.code in areas and n in areas
                        and not touch(areas[p.code], areas[n])})
    return AreaFile(source="derived by `gm data areas` from map.yaml (positions, neighbours, "
                           "seas) and land.json: " + str(land.get("source", "")),
                    inputs=inputs_digest(map_file, land), projection=projection, marker=MARKER,
                    land=_rings(land_shape), areas=areas,
                    crossings=[(a, b) for a, b in crossings], seas=seas)


def write_areas(map_file: MapFile, land: dict[str, Any], directory: Path) -> AreaFile:
    areas = derive(map_file, land)
    text = areas.model_dump_json(exclude_defaults=False)
    (directory / AREAS_FILE).write_text(text + "\n", encoding="utf-8")
    return areas


def derive_from_folder(directory: Path) -> str:
    """`gm data areas DIR`: the areas of DIR's map.yaml, cut from DIR/land.json (copied there
    from the embedded data set when DIR has none, so that the check finds what they came
    from)."""
    data, problems = read_data_set(directory, lined=True)
    if data is None:
        raise DataError(problems)
    if not (directory / LAND_FILE).is_file():
        shutil.copyfile(DEFAULT_DATA_DIR / LAND_FILE, directory / LAND_FILE)
    land = read_land(directory)
    assert isinstance(land, dict)
    areas = write_areas(data.map, land, directory)
    return (f"{directory / AREAS_FILE}: {len(areas.areas)} areas, {len(areas.crossings)} "
            "crossings drawn between neighbours whose areas do not touch")
