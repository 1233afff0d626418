"""Derive the land outline the map's province areas are cut from (run once by a developer).

Source: Natural Earth 1:50m land (public domain), as the TopoJSON `land-50m.json` that the npm
package world-atlas 2.0.2 ships (ISC). The outline is clipped to the map's frame, simplified and
rounded, and written as gm/games/rcw/dataset/land.json with its provenance; `gm data areas`
derives the province areas from it and the provinces' positions.

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    python scripts/land_outline.py package/land-50m.json gm/games/rcw/dataset/land.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from shapely import make_valid, unary_union
from shapely.geometry import Polygon, box, mapping
from shapely.geometry.base import BaseGeometry

FRAME = (18.0, 38.0, 136.0, 67.5)  # west, south, east, north (degrees)
TOLERANCE = 0.04  # degrees: about 3-4 km, far below a pixel of the drawn map
SOURCE = ("Natural Earth 1:50m land (public domain, naturalearthdata.com), from land-50m.json "
          "of the npm package world-atlas 2.0.2 (ISC); clipped to the map's frame, simplified "
          f"to {TOLERANCE} degrees by scripts/land_outline.py")


def _arcs(topology: dict) -> list[list[tuple[float, float]]]:
    """TopoJSON arcs decoded: quantized, delta-encoded positions to longitude and latitude."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    decoded = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        decoded.append(points)
    return decoded


def _ring(indexes: list[int], arcs: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """One ring; Chukotka, across the antimeridian, is moved east of 180 degrees so that
    Eurasia stays one valid polygon."""
    points: list[tuple[float, float]] = []
    for index in indexes:
        arc = arcs[index] if index >= 0 else list(reversed(arcs[~index]))
        points.extend(arc if not points else arc[1:])
    if max(x for x, _ in points) > 170:
        points = [(x + 360 if x < -150 else x, y) for x, y in points]
    return points


def land(topology: dict) -> BaseGeometry:
    arcs = _arcs(topology)
    polygons = []
    for geometry in topology["objects"]["land"]["geometries"]:
        shapes = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        for rings in shapes:
            outer, *holes = (_ring(r, arcs) for r in rings)
            polygons.append(make_valid(Polygon(outer, holes)))
    clipped = unary_union([p for p in polygons if p.intersects(box(*FRAME))])
    return clipped.intersection(box(*FRAME)).simplify(TOLERANCE)


def main(source: Path, target: Path) -> None:
    shape = land(json.loads(source.read_text(encoding="utf-8")))
    parts = shape.geoms if hasattr(shape, "geoms") else [shape]
    rings = []
    for part in parts:
        if part.area < 0.05:  # islets too small to draw
            continue
        geo = mapping(part)
        rings.append([[[round(x, 3), round(y, 3)] for x, y in ring]
                      for ring in geo["coordinates"]])
    document = {"source": SOURCE, "frame": list(FRAME), "polygons": rings}
    target.write_text(json.dumps(document, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{target}: {len(rings)} polygons, {sum(len(r) for p in rings for r in p)} points")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
