"""Build the reconstructed Galician Front map (gm/games/gwe/exclusive/serbia_galicia/dataset/galicia/map.yaml).

No public copy of Serbia/Galicia's map exists. This lays 1914 geography on the hex grid fitted
to the hexes the rulebook names (scripts/galicia_grid.py, ruling G26):

- rivers on hexsides from Natural Earth (public domain): 1:10m rivers and lake centrelines
  (Vistula, Bug: the whole Bug, source to beyond the north edge, and the Vistula true to the
  border that follows it), 1:10m European rivers (San, Wieprz, Dunajec, Styr, Prut, the Turia,
  which Natural Earth names Prypyat, ...) and 1:50m rivers and lake centrelines (Dniester), as
  the CC0 GeoJSON of github.com/martynafford/natural-earth-geojson (commit 0b9a6ce); a hexside
  carries a river where the river crosses the line between the two hexes' centres;
- everything else from scripts/galicia_geography.py (reconstructed, with reasons): towns,
  fortresses, the 1914 border (along the Vistula and the San as the rivers are drawn), the
  rivers Natural Earth lacks, the Carpathians, forests, marshes, railways, the Sept. 1 start
  line and the entry hexes; plus the rulebook's printed hexes (Serbia/Galicia 25.2's passes
  and g1126).

    git -C <mirror of martynafford/natural-earth-geojson> show \
        HEAD:10m/physical/ne_10m_rivers_europe.json > ne/ne_10m_rivers_europe.json
    git -C <mirror> show HEAD:50m/physical/ne_50m_rivers_lake_centerlines.json \
        > ne/ne_50m_rivers_lake_centerlines.json
    git -C <mirror> show HEAD:10m/physical/ne_10m_rivers_lake_centerlines.7z > ne/c.7z
    (cd ne && 7zz x c.7z)   # ne_10m_rivers_lake_centerlines.json (Debian package 7zip)
    python scripts/galicia_map.py ne gm/games/gwe/exclusive/serbia_galicia/dataset/galicia/map.yaml

The raw data stays out of the repository; the output is deterministic.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import galicia_geography as geo  # noqa: E402
import galicia_grid as grid  # noqa: E402

Hex = tuple[int, int]
Point = tuple[float, float]
NE_FILES = {"ne_10m_rivers_europe.json": None,  # every named river in the sheet's box
            "ne_10m_rivers_lake_centerlines.json": ("Vistula", "Bug"),
            "ne_50m_rivers_lake_centerlines.json": ("Dniester",)}
# The 1:10m European file's "Zakhidnyy Buh" in the sheet's box is a 60 km headwater line from
# west of Zolkiew to Busk, not the river's course: the Bug comes whole from the 1:10m lake
# centrelines instead.
NE_LEFT_OUT = {"ne_10m_rivers_europe.json": ("Zakhidnyy Buh",)}
NE_SOURCE = ("Natural Earth (public domain), GeoJSON of martynafford/natural-earth-geojson "
             "(CC0) commit 0b9a6ce")
RIVER_NAMES = {"Prypyat": "Turia"}
NE_NOTES = {"Turia": "Natural Earth names this line Prypyat; on this sheet, from its source by "
                     "Wlodzimierz to Kowel, it is the Turia, the Pripet's tributary"}
PRINTED = {
    "g1825": ("Duka Pass", "mountain_pass"), "g1924": ("Lupkow Pass", "mountain_pass"),
    "g2118": ("Ushok Pass", "mountain_pass"), "g2315": ("Lysa Pass", "mountain_pass"),
    "g2809": ("Jabloniza Pass", "mountain_pass"), "g1126": ("G1126", "hex"),
}
SIDE_OF_COUNTRY = {"Austria-Hungary": "central", "Russia": "allied"}


def hex_id(h: Hex) -> str:
    return f"g{h[0]:02d}{h[1]:02d}"


def parse(hex_text: str) -> Hex:
    return int(hex_text[1:3]), int(hex_text[3:5])


def sheet(grid: Any = grid) -> list[Hex]:
    """Every hex of a grid's sheet (galicia_grid's, or another map's grid module of the same
    shape: scripts/serbia_grid.py)."""
    return [(c, r) for c in range(grid.COLUMNS[0], grid.COLUMNS[1] + 1)
            for r in range(grid.ROWS[0], grid.ROWS[1] + 1)]


def neighbours(h: Hex) -> list[Hex]:
    c, r = h
    side = (r, r + 1) if c % 2 == 0 else (r - 1, r)
    return [(c, r - 1), (c, r + 1), *[(c + d, s) for d in (-1, 1) for s in side]]


def _cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def turn(p: Point, q: Point, s: Point) -> float:
        return (q[0] - p[0]) * (s[1] - p[1]) - (q[1] - p[1]) * (s[0] - p[0])
    return (turn(a, b, c) * turn(a, b, d) < 0) and (turn(c, d, a) * turn(c, d, b) < 0)


def crossed_hexsides(line: list[Point], grid: Any = grid) -> set[tuple[Hex, Hex]]:
    """The hexsides of the sheet a line (lat/lon points) crosses between two hexes' centres."""
    xy = [grid.latlon_to_xy(*p) for p in line]
    on = set(sheet(grid))
    found: set[tuple[Hex, Hex]] = set()
    for a, b in zip(xy, xy[1:], strict=False):
        near = {grid.hex_at(*grid.xy_to_latlon(a[0] + (b[0] - a[0]) * t / 8,
                                               a[1] + (b[1] - a[1]) * t / 8))
                for t in range(9)}
        for h in {n for x in near for n in [x, *neighbours(x)]} & on:
            for n in neighbours(h):
                if n in on and h < n and _cross(grid.map_xy(*h), grid.map_xy(*n), a, b):
                    found.add((h, n))
    return found


def inside(point: Point, polygon: list[Point]) -> bool:
    lat, lon = point
    hit = False
    for (a_lat, a_lon), (b_lat, b_lon) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (a_lon > lon) != (b_lon > lon):
            if lat < a_lat + (lon - a_lon) * (b_lat - a_lat) / (b_lon - a_lon):
                hit = not hit
    return hit


def south_of(point: Point, line: list[Point]) -> bool:
    """South of a west-east line: inside the polygon it closes with the far south."""
    polygon = [*line, (40.0, line[-1][1]), (40.0, line[0][1])]
    return inside(point, polygon)


# A hex the rulebook prints (a Victory Point hex, a pass, an errata's set-up hex): its terrain
# and country are the reconstruction's all the same, so its source says so first
# (`gm data check --list-reconstructed` lists it).
PRINTED_HEX = "reconstructed: its terrain and its country of 1914, as the rest of this source says; "


def walk(a: Hex, b: Hex, grid: Any = grid) -> list[Hex]:
    """The hexes of a straight line from a to b, each touching the last (5.33)."""
    (ax, ay), (bx, by) = grid.map_xy(*a), grid.map_xy(*b)
    steps = max(1, int(math.dist((ax, ay), (bx, by)) / 2.0))
    path = [a]
    for i in range(1, steps + 1):
        h = grid.hex_at(*grid.xy_to_latlon(ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps))
        if h != path[-1]:
            if h not in neighbours(path[-1]):  # a corner cut: step through a common neighbour
                path.append(min(set(neighbours(path[-1])) & set(neighbours(h)),
                                key=lambda n: math.dist(grid.map_xy(*n), grid.map_xy(*h))))
            path.append(h)
        if len(path) > 2 and path[-1] == path[-3]:  # no doubling back
            del path[-2:]
    return path


def route(stops: Iterable[str | Point], towns: dict[str, Hex], grid: Any = grid) -> list[Hex]:
    """The hexes of a line through its stops (towns, printed hexes: a map letter, lower case,
    then four digits, "g1126", or points (lat, lon)), each touching the last; no zigzag: a hex
    (not a stop) between two that touch each other is left out, from the line's end back."""
    hexes: list[Hex] = []
    fixed: set[Hex] = set()
    for stop in stops:
        here = (parse(stop) if stop[:1].islower() else towns[stop]) \
            if isinstance(stop, str) else grid.hex_at(*stop)
        fixed.add(here)
        hexes = [here] if not hexes else hexes + walk(hexes[-1], here, grid)[1:]
    for i in range(len(hexes) - 3, -1, -1):
        if i + 2 < len(hexes) and hexes[i + 1] not in fixed and \
                hexes[i + 2] in neighbours(hexes[i]):
            del hexes[i + 1]
    return hexes


def runs_on_sheet(hexes: list[Hex], country: dict[Hex, str]
                  ) -> Iterator[tuple[list[Hex], bool, bool]]:
    """The line cut where it leaves the sheet or crosses the border (5.3: Friendly railroads
    are those in a unit's own country); each run with whether it came onto the sheet at its
    first hex and whether it ran off the sheet at its last."""
    run: list[Hex] = []
    came_on = False
    for i, h in enumerate(hexes):
        if h not in country:
            if len(run) > 1:
                yield run, came_on, True
            run, came_on = [], True
            continue
        if run and country[run[-1]] != country[h]:
            if len(run) > 1:
                yield run, came_on, False
            run, came_on = [], False
        run.append(h)
        if i == len(hexes) - 1 and len(run) > 1:
            yield run, came_on, False


def as_lines(run: list[Hex], first_exit: bool, last_exit: bool) -> list[tuple[list[Hex], bool]]:
    """A run written as lines whose map exit, if any, is the last hex (5.37: `exits_map`): a
    run leaving the sheet at its first hex is turned round; one leaving at both ends is cut in
    two at its middle hex, each half ending at its own edge."""
    if first_exit and last_exit:
        middle = len(run) // 2
        return [(run[:middle + 1][::-1], True), (run[middle:], True)]
    if first_exit:
        return [(run[::-1], True)]
    return [(run, last_exit)]


def rivers(ne_dir: Path) -> dict[str, list[list[Point]]]:
    found: dict[str, list[list[Point]]] = {}
    for name, wanted in NE_FILES.items():
        for feature in json.loads((ne_dir / name).read_text())["features"]:
            river = feature["properties"].get("name")
            geometry = feature["geometry"]
            if not river or geometry is None or (wanted and river not in wanted) or \
                    river in NE_LEFT_OUT.get(name, ()):
                continue
            parts = geometry["coordinates"] if geometry["type"] == "MultiLineString" \
                else [geometry["coordinates"]]
            for part in parts:
                points = [(lat, lon) for lon, lat in part]
                if any(47.5 < lat < 52.5 and 18.5 < lon < 27.5 for lat, lon in points):
                    found.setdefault(RIVER_NAMES.get(river, river), []).append(points)
    return found


def _km(a: Point, b: Point) -> float:
    return math.dist(grid.latlon_to_xy(*a), grid.latlon_to_xy(*b))


def _nearest_on(point: Point, parts: list[list[Point]]) -> Point:
    """The point of a river's course (its lines' segments) nearest a place."""
    best, where = math.inf, point
    p = grid.latlon_to_xy(*point)
    for part in parts:
        for a, b in itertools.pairwise(part):
            (ax, ay), (bx, by) = grid.latlon_to_xy(*a), grid.latlon_to_xy(*b)
            length = (bx - ax) ** 2 + (by - ay) ** 2
            t = 0.0 if not length else max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) +
                                                          (p[1] - ay) * (by - ay)) / length))
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            if math.dist((x, y), p) < best:
                best, where = math.dist((x, y), p), grid.xy_to_latlon(x, y)
    return where


def typed_rivers(found: dict[str, list[list[Point]]]) -> dict[str, list[Point]]:
    """geo.EXTRA_RIVERS, each carried on to the river it runs into (geo.RIVER_MOUTHS)."""
    courses = {}
    for name, course in geo.EXTRA_RIVERS.items():
        into = geo.RIVER_MOUTHS.get(name)
        courses[name] = course + ([_nearest_on(course[-1], found[into])] if into else [])
    return courses


def follow(parts: list[list[Point]], start: Point, end: Point) -> list[Point]:
    """A river's course from its point nearest `start` to that nearest `end` (one line)."""
    def fit(part: list[Point]) -> tuple[float, int, int]:
        i = min(range(len(part)), key=lambda k: _km(part[k], start))
        j = min(range(len(part)), key=lambda k: _km(part[k], end))
        return _km(part[i], start) + _km(part[j], end), i, j
    part = min(parts, key=lambda p: fit(p)[0])
    _, i, j = fit(part)
    return part[i:j + 1] if i <= j else part[j:i + 1][::-1]


def border(courses: dict[str, list[list[Point]]]
           ) -> tuple[list[tuple[Point, str | None]], dict[str, list[Point]]]:
    """geo.BORDER with its river stretches drawn as the rivers run: each point, with the river
    the border follows from it to the next point (None: overland); and each such stretch."""
    points: list[tuple[Point, str | None]] = []
    stretches: dict[str, list[Point]] = {}
    for item in geo.BORDER:
        if isinstance(item[0], str):
            name, start, end = item  # type: ignore[misc]
            stretches[name] = follow(courses[name], start, end)
            points += [(p, name) for p in stretches[name][:-1]] + [(stretches[name][-1], None)]
        else:
            points.append((item, None))  # type: ignore[arg-type]
    return points, stretches


def border_hexsides(country: dict[Hex, str], line: list[tuple[Point, str | None]]
                    ) -> dict[tuple[Hex, Hex], str | None]:
    """The hexsides between hexes of two countries, each with the river the border follows
    there (that of the stretch of the border line nearest the hexside's middle), or None."""
    xy = [(grid.latlon_to_xy(*p), river) for p, river in line]
    found: dict[tuple[Hex, Hex], str | None] = {}
    for h in country:
        for n in neighbours(h):
            if n in country and h < n and country[h] != country[n]:
                mid = tuple((a + b) / 2 for a, b in zip(grid.map_xy(*h), grid.map_xy(*n),
                                                          strict=True))
                found[(h, n)] = min(
                    ((_to_segment(mid, a, b), river)  # type: ignore[arg-type]
                     for (a, river), (b, _) in itertools.pairwise(xy)),
                    key=lambda d: d[0])[1]
    return found


def _to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    length = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2
    t = 0.0 if not length else max(0.0, min(1.0, ((p[0] - a[0]) * (b[0] - a[0]) +
                                                  (p[1] - a[1]) * (b[1] - a[1])) / length))
    return math.dist(p, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))


def q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def hexside_rows(sides: dict[tuple[Hex, Hex], list[tuple[str, str]]],
                 hex_id: Callable[[Hex], str] = hex_id) -> list[str]:
    """map.yaml's `hexsides` rows, in hexside order: each hexside's features (a major river
    hides a minor one) and the reasons it was marked for, from (feature, reason) marks; the
    hexes named by a map's `hex_id` (this map's, or another's: scripts/serbia_map.py)."""
    rows = []
    for (a, b), marks in sorted(sides.items()):
        features = sorted({f for f, _ in marks}, key=["major_river", "minor_river",
                                                      "border"].index)
        if {"major_river", "minor_river"} <= set(features):
            features.remove("minor_river")
        why = "; ".join(sorted({w for _, w in marks}))
        source = ("reconstructed: " if "reconstructed" in why else "reconstructed: river from ") \
            + why
        rows.append(f"  - {{between: [{q(hex_id(a))}, {q(hex_id(b))}], features: "
                    f"[{', '.join(features)}], source: {q(source)}}}")
    return rows


def build(ne_dir: Path) -> str:
    hexes = sheet()
    centre = {h: grid.hex_latlon(*h) for h in hexes}
    found_rivers = rivers(ne_dir)
    typed = typed_rivers(found_rivers)
    line, stretches = border({**found_rivers, **{name: [c] for name, c in typed.items()}})
    polygon = [p for p, _ in line]
    country = {h: "Russia" if inside(centre[h], polygon) else "Austria-Hungary" for h in hexes}
    towns = {name: grid.hex_at(lat, lon) for name, lat, lon, _ in geo.TOWNS}
    for name, lat, lon, _ in geo.TOWNS:  # a town's hex is in the town's own country
        if towns[name] in country and hex_id(towns[name]) not in PRINTED:
            country[towns[name]] = "Russia" if inside((lat, lon), polygon) \
                else "Austria-Hungary"
            if (country[towns[name]] == "Russia") != (name in geo.RUSSIAN_TOWNS):
                raise SystemExit(f"{name} falls in {country[towns[name]]}: check the border")
    lines = [f"# Serbia/Galicia's Galician Front map, RECONSTRUCTED: no public copy of the "
             f"printed map exists.\n# Generated by scripts/galicia_map.py; do not edit by "
             f"hand (edit the script or its tables).\n# The grid's fit: ruling G26 "
             f"(docs/rulings-gwe.md). A GM who owns the game replaces this file.",
             "name: Galician Front",
             f"source: {q('reconstructed: ruling G26; geography of 1914 from Natural Earth (public domain) and scripts/galicia_geography.py')}",
             "extents:",
             f"  - {{map: g, columns: [{grid.COLUMNS[0]}, {grid.COLUMNS[1]}], rows: "
             f"[{grid.ROWS[0]}, {grid.ROWS[1]}], source: "
             f"{q('reconstructed: the sheet holds every hex the rulebook names, the four VP towns of 25.2 and Krakow (ruling G26); a hex not listed is clear')}}}",
             "hexes:"]
    for h in hexes:
        lat, lon = centre[h]
        notes, terrain = [f"centre {lat:.2f}N {lon:.2f}E", f"in {country[h]} in 1914 (border "
                          "reconstructed)"], "clear"
        if south_of(centre[h], geo.CARPATHIANS_NORTH) and \
                not south_of(centre[h], geo.CARPATHIANS_SOUTH):
            terrain = "rough"
            notes.append("rough: in the Carpathians (reconstructed line of their northern "
                         "edge; 5.4's Rough, letter S, as Serbia/Galicia has no Mountain)")
        for name, polygon in geo.FORESTS.items():
            if inside(centre[h], polygon):
                terrain = "forest"
                notes.append(f"forest: {name} (reconstructed outline)")
        for name, polygon in geo.MARSHES.items():
            if inside(centre[h], polygon):
                terrain = "swamp"
                notes.append(f"swamp: the {name} marshes (reconstructed edge)")
        fields = [f"id: {q(hex_id(h))}", f"terrain: {terrain}", f"country: {q(country[h])}"]
        printed = PRINTED.get(hex_id(h))
        # a town the fit lays on a printed pass hex stays off it: the pass is what is printed
        town = None if printed else next(
            ((n, vp) for n, la, lo, vp in geo.TOWNS if towns[n] == h), None)
        if printed is not None:
            name, kind = printed
            if kind == "mountain_pass":
                terrain = "rough"
                fields[1] = "terrain: rough"
            fields.append(f"landmark: {{name: {q(name)}, kind: {kind}, vp: 4}}")
            source = (f"{PRINTED_HEX}printed: Serbia/Galicia 25.2 names {hex_id(h).upper()} "
                      f"({name}), +4 VP a Game-Turn for Russian control; "
                      + ("a pass of the Carpathian crest, so rough; " if kind == "mountain_pass"
                         else "") + "; ".join(notes))
        if town is not None:
            name, vp = town
            fields.append(f"city: {{name: {q(name)}" + (f", vp: {vp}}}" if vp else "}"))
            if name in geo.FORTRESSES:
                strong, weak, why = geo.FORTRESSES[name]
                fields.append(f"fortress: {{side: central, defense: {strong}, "
                              f"weakened_defense: {weak}}}")
                notes.append(f"fortress (11.0) {strong}/{weak}, values reconstructed: {why}")
            notes.insert(0, f"town {name}, placed by its coordinates"
                         + (f"; {vp} VP printed (Serbia/Galicia 25.2)" if vp else ""))
        if printed is None:
            source = "reconstructed: " + "; ".join(notes)
        elif town is not None:
            source += f"; also town {town[0]} (reconstructed)"
        lines.append(f"  - {{{', '.join(fields)}, source: {q(source)}}}")
    lines.append("hexsides:")
    sides: dict[tuple[Hex, Hex], list[tuple[str, str]]] = {}
    # where the border follows a river it is drawn on the border's hexsides (between the two
    # countries' hexes), not where the river's line crosses between hexes of one country
    bounds = border_hexsides(country, line)
    drawn = {name: crossed_hexsides(stretch) for name, stretch in stretches.items()}
    for name, parts in sorted(found_rivers.items()):
        note = f"; {NE_NOTES[name]}" if name in NE_NOTES else ""
        for part in parts:
            for side in crossed_hexsides(part) - drawn.get(name, set()):
                sides.setdefault(side, []).append(
                    ("major_river" if name in geo.MAJOR_RIVERS else "minor_river",
                     f"{name} ({NE_SOURCE}{note})"))
    typed_why = {name: f"{name} (course reconstructed"
                 + (f", to the {geo.RIVER_MOUTHS[name]})" if name in geo.RIVER_MOUTHS else ")")
                 for name in typed}
    for name, course in typed.items():
        for side in crossed_hexsides(course) - drawn.get(name, set()):
            sides.setdefault(side, []).append(("minor_river", typed_why[name]))
    for side, river in bounds.items():
        sides.setdefault(side, []).append(("border", "the 1914 border (reconstructed)"))
        if river is not None:
            sides[side].append(("major_river" if river in geo.MAJOR_RIVERS else "minor_river",
                                typed_why.get(river, f"{river} ({NE_SOURCE})")
                                + ", the border following it"))
    lines.extend(hexside_rows(sides))
    lines.append("rail_lines:")
    for kind, stops, why in geo.RAILWAYS:
        for run, came_on, ran_off in runs_on_sheet(route(stops, towns), country):
            side = SIDE_OF_COUNTRY[country[run[0]]]
            # Serbia/Galicia 9.0: no East map-edge hex is Friendly to the Austro-Hungarians
            east = [end for end, off in ((run[0], came_on), (run[-1], ran_off))
                    if off and side == "central" and end[1] == 1]
            note = "; its East map-edge end no Friendly map edge (Serbia/Galicia 9.0)" \
                if east else ""
            for hexes, exits in as_lines(run, came_on and run[0] not in east,
                                         ran_off and run[-1] not in east):
                lines.append(f"  - {{kind: {kind}, hexes: "
                             f"[{', '.join(q(hex_id(h)) for h in hexes)}],"
                             + (" exits_map: true," if exits else "")
                             + f" side: {side}, source: "
                             + q(f"reconstructed: {why}; route drawn town to town{note}") + "}")
    lines.append("entry_hexes:")
    for side, letter, point, why in geo.ENTRY_POINTS:
        line = next(route(stops, towns) for _, stops, _ in geo.RAILWAYS if point in stops)
        far = grid.latlon_to_xy(*point)
        entry = min((h for h in line if h in country),
                    key=lambda h: math.dist(grid.map_xy(*h), far))
        if SIDE_OF_COUNTRY[country[entry]] != side:  # 5.3: on its own country's railroad
            raise SystemExit(f"{side} entry {letter} at {hex_id(entry)} is in {country[entry]}")
        lines.append(f"  - {{letter: {letter}, hex: {q(hex_id(entry))}, side: {side}, "
                     f"source: {q(f'reconstructed: {why}, where the railway leaves the sheet')}}}")
    lines.append("start_lines:")
    taken: set[Hex] = set()
    for name, why, points in geo.START_LINE:
        path = [h for h in route(points, towns) if h in country and h not in taken]
        taken.update(path)
        central, allied = geo.SECTOR_ARMIES[name]
        lines.append(f"  - {{name: {q('1 September 1914: ' + name)}, hexes: "
                     f"[{', '.join(q(hex_id(h)) for h in path)}], "
                     f"armies: {{central: {q(central)}, allied: {q(allied)}}}, source: "
                     f"{q(f'reconstructed: Serbia/Galicia 26.31 start line, this army sector: {why}')}}}")
    return "\n".join(lines) + "\n"


def main(build: Callable[[Path], str] = build, grid: Any = grid,
         place: Callable[[str], str] = lambda hex_text: "the real pass") -> None:
    """Write a map's map.yaml (arguments: the Natural Earth folder, the file) with its `build`
    (this map's, or another's: scripts/serbia_map.py), then say how far each printed hex of its
    grid lies from the `place` the fit reads it as."""
    ne_dir, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(build(ne_dir))
    for hex_text in grid.GRID.printed:
        print(f"{hex_text}: {grid.residual_km(hex_text):.1f} km from {place(hex_text)}")


if __name__ == "__main__":
    main()
