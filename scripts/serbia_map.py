"""Build the reconstructed Serbian Front map, map s of Serbia/Galicia
(gm/games/gwe/exclusive/serbia_galicia/dataset/serbia/map.yaml).

No public copy of Serbia/Galicia's map exists. This lays 1914 geography on the hex grid fitted
to the hexes the rulebook names (scripts/serbia_grid.py, ruling G90), with the Galician map's
functions (scripts/galicia_map.py, given this map's grid):

- rivers on hexsides from Natural Earth (public domain): the 1:10m rivers and lake centrelines
  (Danube, Sava, Drina) and 1:10m European rivers (Lim, Bosna, Tamis, the Golijska Moravica
  down to Pozega), as the CC0 GeoJSON of github.com/martynafford/natural-earth-geojson (commit
  0b9a6ce); a hexside carries a river where the river crosses the line between the two hexes'
  centres; the rivers that run beside a railway closer than a hex (the Morava, the West
  Morava, the Djetinja) and those Natural Earth lacks are typed in scripts/serbia_geography.py,
  the first drawn on the corners of hexes, so that they lie along hexsides on the line's true
  bank;
- the 1914 border: along the Drina, Sava and Danube on Natural Earth's courses of those rivers
  (so that river and border share their hexsides), elsewhere typed; a hexside between hexes of
  two countries is a border hexside;
- everything else from scripts/serbia_geography.py (reconstructed, with reasons): towns,
  terrain, the land borders, railways, the entry hexes; plus the rulebook's printed hexes
  (s0307 Belgrade, errata; S1101, 25.2; s1513, errata, a set-up hex).

    git -C <mirror of martynafford/natural-earth-geojson> show \
        HEAD:10m/physical/ne_10m_rivers_europe.json > ne/ne_10m_rivers_europe.json
    git -C <mirror> show HEAD:10m/physical/ne_10m_rivers_lake_centerlines.7z > ne/r.7z
    (cd ne && 7z x r.7z)   # the repository keeps this one as a 7z archive only
    python scripts/serbia_map.py ne gm/games/gwe/exclusive/serbia_galicia/dataset/serbia/map.yaml

The raw data stays out of the repository; the output is deterministic.

The loader reads one map.yaml a data set, and a map.yaml holds any number of lettered maps (its
`extents`, each with its letter). The campaign games (Serbia/Galicia 26.1, 26.2) play on both
maps: `merge_maps` joins this map and the Galician one into one map.yaml.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

import galicia_map as hexmap
import serbia_geography as geo
import serbia_grid as grid

Hex = tuple[int, int]
Point = tuple[float, float]
NE_SOURCE = ("Natural Earth (public domain), GeoJSON of martynafford/natural-earth-geojson "
             "(CC0) commit 0b9a6ce")
NE_RIVERS: dict[str, dict[str, str]] = {  # file: Natural Earth's name -> the map's
    "ne_10m_rivers_lake_centerlines.json": {"Danube": "Danube", "Sava": "Sava",
                                            "Drina": "Drina"},
    "ne_10m_rivers_europe.json": {"Lim": "Lim", "Bosna": "Bosna", "Tamis": "Tamis",
                                  "Golijska Moravica": "Golijska Moravica"},
}
# Natural Earth's lines followed only down to a point: its "Golijska Moravica" runs on down the
# West Morava to Kraljevo, which scripts/serbia_geography.py draws at the hex scale
NE_ENDS: dict[str, Point] = {"Golijska Moravica": geo.GOLIJSKA_MOUTH}
BOX = (42.5, 17.8, 45.6, 22.2)  # south, west, north, east: the sheet and a margin
SIDE_OF_COUNTRY = {"Austria-Hungary": "central", "Serbia": "allied", "Montenegro": "allied"}
LETTER = "s"
PRINTED_HEXES = ("s0307", "s1101", "s1513")
MAP_SOURCE = ("reconstructed: ruling G90; geography of 1914 from Natural Earth (public domain) "
              "and scripts/serbia_geography.py")
EXTENT_SOURCE = ("reconstructed: the sheet holds the hexes the rulebook names (s0307, s1513, "
                 "S1101) and the places of the 1914 campaigns from Mitrovica to Plevlje and "
                 "Sarajevo to Krusevac, a hex round each (ruling G90); a hex not listed is clear")


def hex_id(h: Hex) -> str:
    return f"{LETTER}{h[0]:02d}{h[1]:02d}"


def q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def rivers(ne_dir: Path) -> dict[str, list[list[Point]]]:
    """Natural Earth's courses of the map's big rivers, as (lat, lon) lines, by the map's name."""
    found: dict[str, list[list[Point]]] = {}
    south, west, north, east = BOX
    for name, wanted in NE_RIVERS.items():
        for feature in json.loads((ne_dir / name).read_text())["features"]:
            river, geometry = feature["properties"].get("name"), feature["geometry"]
            if river not in wanted or geometry is None:
                continue
            parts = geometry["coordinates"] if geometry["type"] == "MultiLineString" \
                else [geometry["coordinates"]]
            for part in parts:
                points = [(lat, lon) for lon, lat in part]
                if wanted[river] in NE_ENDS:
                    points = points[:_nearest(points, NE_ENDS[wanted[river]]) + 1]
                if any(south < lat < north and west < lon < east for lat, lon in points):
                    found.setdefault(wanted[river], []).append(points)
    return found


def corner(hexes: geo.Corner) -> Point:
    """Where three hexes meet, as latitude and longitude: a point of a river drawn at the hex
    scale (scripts/serbia_geography.py), the three hexes each the other two's neighbour."""
    found = [hexmap.parse(h) for h in hexes]
    assert all(b in hexmap.neighbours(a) for a in found for b in found if a != b), hexes
    x, y = (sum(grid.map_xy(*h)[i] for h in found) / 3 for i in (0, 1))
    return grid.xy_to_latlon(x, y)


def course(points: list[Point | geo.Corner]) -> list[Point]:
    """A typed river as latitude and longitude, its corners turned into points. Two corners
    one after the other share two hexes, so that the river runs along the hexside between
    them (and crosses the line between their centres)."""
    for a, b in pairwise(points):
        if isinstance(a[0], str) and isinstance(b[0], str):
            assert len(set(a) & set(b)) == 2, (a, b)
    return [corner(p) if isinstance(p[0], str) else p for p in points]  # type: ignore[arg-type]


def _nearest(line: list[Point], point: Point) -> int:
    return min(range(len(line)), key=lambda i: math.dist(line[i], point))


def _longest(parts: list[list[Point]]) -> list[Point]:
    return max(parts, key=len)


def serbia_outline(courses: dict[str, list[list[Point]]]) -> list[Point]:
    """Serbia in 1914 as a polygon: the Drina from where the Bosnian border leaves it down to
    the Sava, the Sava down to Belgrade, the Danube east past the sheet (Natural Earth's
    courses), closed off the sheet and back by the Montenegrin and Bosnian land borders."""
    drina = _longest(courses["Drina"])  # Natural Earth draws it from its mouth upstream
    drina = drina[:_nearest(drina, geo.DRINA_LEAVES) + 1][::-1]  # the border: down to the Sava
    sava = _longest(courses["Sava"])  # from its source down
    sava = sava[_nearest(sava, drina[-1]):]
    danube = _longest(courses["Danube"])  # downstream
    start = _nearest(danube, sava[-1])
    end = next(i for i in range(start, len(danube)) if danube[i][1] >= geo.DANUBE_EAST)
    return [*drina, *sava, *danube[start:end + 1], *geo.SERBIA_FAR,
            *geo.SERBIA_MONTENEGRO[::-1], *geo.BOSNIA_LAND[::-1]]


def montenegro_outline() -> list[Point]:
    return [*geo.SERBIA_MONTENEGRO, (42.0, 20.3), (42.0, 18.5), *geo.BOSNIA_MONTENEGRO[::-1]]


def country_of(point: Point, courses: dict[str, list[list[Point]]]) -> str:
    """Whose land a place was in 1914."""
    return "Montenegro" if hexmap.inside(point, montenegro_outline()) else \
        "Serbia" if hexmap.inside(point, serbia_outline(courses)) else "Austria-Hungary"


def countries(courses: dict[str, list[list[Point]]]) -> dict[Hex, str]:
    """Each hex of the sheet in the country its centre lies in."""
    serbia, montenegro = serbia_outline(courses), montenegro_outline()
    found = {}
    for h in hexmap.sheet(grid):
        centre = grid.hex_latlon(*h)
        found[h] = "Montenegro" if hexmap.inside(centre, montenegro) else \
            "Serbia" if hexmap.inside(centre, serbia) else "Austria-Hungary"
    return found


def terrain(centre: Point) -> tuple[str, list[str]]:
    """5.4's terrain of a hex by its centre, and why: rough, broken, then clear valleys cut
    out of them, forest, swamp, each overriding the one before."""
    kind, notes = "clear", []
    for name, outlines, why in (("rough", geo.ROUGH, "5.4's Rough, letter S, as "
                                 "Serbia/Galicia has no Mountain"),
                                ("broken", geo.BROKEN, "5.4's Broken, letter S"),
                                ("clear", geo.CLEAR, "a valley in the hills"),
                                ("forest", geo.FORESTS, "5.4's Forest, letter S"),
                                ("swamp", geo.MARSHES, "5.4's Swamp")):
        for place, outline in outlines.items():
            if hexmap.inside(centre, outline):
                kind = name
                notes.append(f"{name}: {place} (reconstructed outline; {why})")
    return kind, notes


def towns_by_hex(courses: dict[str, list[list[Point]]], country: dict[Hex, str]
                 ) -> dict[str, Hex]:
    """Each town's hex: the one its coordinates fall in, unless the border leaves that hex's
    centre on the other side (a town on a border river: Pancsova, Kevevara, Zvornik,
    Ljubovija); then the nearest hex of the town's own country."""
    return {name: hex_in_country(lat, lon, country_of((lat, lon), courses), country)
            for name, lat, lon, _ in geo.TOWNS}


def hex_in_country(lat: float, lon: float, own: str, country: dict[Hex, str]) -> Hex:
    """A place's hex: the one its coordinates fall in, or, where the border puts that hex's
    centre in another country, the nearest of its neighbours in the place's own (for a town,
    or a unit's set-up place, on a border river)."""
    here = grid.hex_at(lat, lon)
    if country.get(here, own) == own:
        return here
    xy = grid.latlon_to_xy(lat, lon)
    return min((h for h in [here, *hexmap.neighbours(here)] if country.get(h) == own),
               key=lambda h: math.dist(grid.map_xy(*h), xy))


def stops_on_map(stops: list[str | Point], courses: dict[str, list[list[Point]]],
                 country: dict[Hex, str]) -> list[str | Point]:
    """A railway's stops with each point (not a town, not a printed hex) turned into the hex of
    its own country, as a town's (`hex_in_country`): a station on the border, Vardiste, lies in
    Bosnia though the centre of its hex is Serbian. A point off the sheet stays as it is."""
    return [hex_id(hex_in_country(*stop, country_of(stop, courses), country))
            if isinstance(stop, tuple) and grid.on_sheet(*grid.hex_at(*stop)) else stop
            for stop in stops]


def map_towns(path: Path) -> dict[str, Hex]:
    """Each town's hex as a written map.yaml gives it: a unit's set-up place named as a town
    sets up there (scripts/serbia_oob.py's `place_hex`)."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {h["city"]["name"]: hexmap.parse(h["id"]) for h in document["hexes"]
            if h["id"].startswith(LETTER) and h.get("city")}


def map_countries(path: Path) -> dict[Hex, str]:
    """Each hex's country as a written map.yaml gives it (no Natural Earth needed): with
    `hex_in_country`, a unit's set-up place to its hex (scripts/serbia_oob.py's `build`)."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {hexmap.parse(h["id"]): h["country"] for h in document["hexes"]
            if h["id"].startswith(LETTER)}


def extent_needed() -> tuple[tuple[int, int], tuple[int, int]]:
    """Ruling G90's sheet: the smallest rectangle of whole columns and rows, from column and
    row 1, holding the hexes the rulebook names and geo.EXTENT_PLACES with a hex round each
    (all six neighbours on the sheet, so that Sarajevo's railways leave it by the edge)."""
    hexes = [hexmap.parse(h) for h in PRINTED_HEXES] + \
        [grid.hex_at(*p) for p in geo.EXTENT_PLACES.values()]
    return ((1, max(c for c, _ in hexes) + 1), (1, max(r for _, r in hexes) + 1))


def rail_runs(hexes: list[Hex], country: dict[Hex, str]) -> Iterator[tuple[list[Hex], bool]]:
    """A line cut where it leaves the sheet or crosses a border (5.3: units use only the
    railroads of their own country), each piece with whether its last hex is a rail map-exit
    hex (5.37, 9.13): a piece that runs off the sheet at its start is turned round so that its
    exit is its last hex; one that runs off at both ends is cut in two, an exit each."""
    pieces: list[tuple[list[Hex], bool, bool]] = []
    run: list[Hex] = []
    off_before = False
    for h in hexes:
        if h not in country:
            if run:
                pieces.append((run, off_before, True))
            run, off_before = [], True
            continue
        if run and country[run[-1]] != country[h]:
            pieces.append((run, off_before, False))
            run, off_before = [], False
        run.append(h)
    if run:
        pieces.append((run, off_before, False))
    for piece, off_start, off_end in pieces:
        if len(piece) < 2:
            continue
        if off_start and off_end and len(piece) > 2:
            middle = len(piece) // 2
            yield piece[:middle + 1][::-1], True
            yield piece[middle:], True
        elif off_start and not off_end:
            yield piece[::-1], True
        else:
            yield piece, off_end


def build(ne_dir: Path) -> str:
    assert extent_needed() == (grid.COLUMNS, grid.ROWS), extent_needed()
    courses = rivers(ne_dir)
    country = countries(courses)
    towns = towns_by_hex(courses, country)
    lines = ["# Serbia/Galicia's Serbian Front map (map s), RECONSTRUCTED: no public copy of the "
             "printed map exists.\n# Generated by scripts/serbia_map.py; do not edit by hand "
             "(edit the script or its tables).\n# The grid's fit: ruling G90 "
             "(docs/rulings-gwe.md). A GM who owns the game replaces this file.",
             "name: Serbian Front",
             f"source: {q(MAP_SOURCE)}",
             "extents:",
             f"  - {{map: {LETTER}, columns: [{grid.COLUMNS[0]}, {grid.COLUMNS[1]}], rows: "
             f"[{grid.ROWS[0]}, {grid.ROWS[1]}], source: "
             f"{q(EXTENT_SOURCE)}}}",
             "hexes:"]
    for h in hexmap.sheet(grid):
        lat, lon = grid.hex_latlon(*h)
        kind, notes = terrain((lat, lon))
        notes = [f"centre {lat:.2f}N {lon:.2f}E",
                 f"in {country[h]} in 1914 (border reconstructed)", *notes]
        fields = [f"id: {q(hex_id(h))}", f"terrain: {kind}", f"country: {q(country[h])}"]
        town = next(((n, vp) for n, _, _, vp in geo.TOWNS if towns[n] == h), None)
        source = ""
        if hex_id(h) == "s1101":
            fields.append(f"landmark: {{name: {q('S1101')}, kind: hex, vp: -5}}")
            source = (f"{hexmap.PRINTED_HEX}printed: Serbia/Galicia 25.2 names hex S1101, "
                      "-5 VP a Game-Turn for "
                      "Austro-Hungarian control; read as the Belgrade-Nis main line between "
                      "Jagodina and Cuprija (ruling G90), the railway routed through it; ")
        if town is not None:
            name, vp = town
            fields.append(f"city: {{name: {q(name)}" + (f", vp: {vp}}}" if vp else "}"))
            if hex_id(h) == "s0307":
                source = (f"{hexmap.PRINTED_HEX}errata: the Serbian Be Brigade starts in "
                          "s0307 (Belgrade) (Serbia/"
                          "Galicia errata sheet, 9/7/2005); printed: -3 VP a Game-Turn for "
                          "Austro-Hungarian control of Belgrade (25.2); the grid is placed "
                          "on it (ruling G90); ")
            elif h != grid.hex_at(*next((la, lo) for n, la, lo, _ in geo.TOWNS
                                                     if n == name)):
                notes.insert(0, f"town {name}, in the hex of {country[h]} nearest its "
                             "coordinates (the border leaves the centre of theirs across the "
                             "river)")
            else:
                notes.insert(0, f"town {name}, placed by its coordinates")
        if hex_id(h) == "s1513":
            notes.insert(0, "errata: the Austro-Hungarian 2/6 Brigade starts in s1513 (Serbia/"
                         "Galicia errata sheet, 9/7/2005), read as the Uvac railhead of the "
                         "Bosnian Eastern Railway on the Sandzak border (ruling G90); Priboj, "
                         "Serbian since 1913, lies 4 km south-east across the Uvac")
        source = source + "; ".join(notes) if source else "reconstructed: " + "; ".join(notes)
        lines.append(f"  - {{{', '.join(fields)}, source: {q(source)}}}")
    lines.append("hexsides:")
    sides: dict[tuple[Hex, Hex], list[tuple[str, str]]] = {}
    for name, parts in sorted(courses.items()):
        for part in parts:
            for side in hexmap.crossed_hexsides(part, grid):
                sides.setdefault(side, []).append(
                    ("major_river" if name in geo.MAJOR_RIVERS else "minor_river",
                     f"{name} ({NE_SOURCE})"))
    for name, typed in geo.EXTRA_RIVERS.items():
        how = "course reconstructed" + (", drawn on the corners of the hexes beside the railway"
                                        if any(isinstance(p[0], str) for p in typed) else "")
        for side in hexmap.crossed_hexsides(course(typed), grid):
            sides.setdefault(side, []).append(("minor_river", f"{name} ({how})"))
    for h in hexmap.sheet(grid):
        for n in hexmap.neighbours(h):
            if n in country and h < n and country[h] != country[n]:
                pair = " and ".join(sorted((country[h], country[n])))
                sides.setdefault((h, n), []).append(
                    ("border", f"the 1914 border of {pair} (reconstructed)"))
    lines.extend(hexmap.hexside_rows(sides, hex_id))
    lines.append("rail_lines:")
    for kind, stops, why in geo.RAILWAYS:
        for run, exits in rail_runs(hexmap.route(stops_on_map(stops, courses, country), towns,
                                                 grid), country):
            whose = SIDE_OF_COUNTRY[country[run[0]]]
            edge = "; its last hex a rail map-exit hex, a Friendly map edge of " \
                   f"{country[run[-1]]} (9.0, 9.13)" if exits else ""
            lines.append(f"  - {{kind: {kind}, hexes: [{', '.join(q(hex_id(h)) for h in run)}],"
                         + (" exits_map: true," if exits else "")
                         + f" side: {whose}, source: "
                         + q(f"reconstructed: {why}; route drawn town to town{edge}") + "}")
    lines.append("entry_hexes:")
    for whose, letter, point, why in geo.ENTRY_POINTS:
        line = next(hexmap.route(stops_on_map(stops, courses, country), towns, grid)
                    for _, stops, _ in geo.RAILWAYS if point in stops)
        far = grid.latlon_to_xy(*point)
        entry = min((h for h in line if h in country),
                    key=lambda h: math.dist(grid.map_xy(*h), far))
        lines.append(f"  - {{letter: {letter}, hex: {q(hex_id(entry))}, side: {whose}, "
                     f"source: {q(f'reconstructed: {why}, where the railway leaves the sheet')}}}")
    return "\n".join(lines) + "\n"


LISTS = ("extents", "hexes", "hexsides", "rail_lines", "entry_hexes", "start_lines",
         "off_map_links", "east_edges")


def merge_maps(*documents: dict[str, Any]) -> dict[str, Any]:
    """One map.yaml of several lettered maps (the campaign games, Serbia/Galicia 26.1, 26.2,
    play on the Galician and the Serbian map): their names and sources joined, their lists
    one after the other. The maps' letters must differ (2.1)."""
    letters = [e["map"] for d in documents for e in d["extents"]]
    if len(set(letters)) != len(letters) or "" in letters:
        raise ValueError(f"each map needs a letter of its own (2.1): {letters}")
    merged: dict[str, Any] = {
        "name": " and ".join(d["name"] for d in documents),
        "source": "; ".join(f"{d['name']}: {d['source']}" for d in documents)}
    for key in LISTS:
        items = [item for d in documents for item in d.get(key, ())]
        if items:
            merged[key] = items
    return merged


def main() -> None:
    hexmap.main(build, grid, lambda hex_text: grid.PRINTED[hex_text][0])


if __name__ == "__main__":
    main()
