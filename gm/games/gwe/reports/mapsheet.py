"""`gm data map --game gwe DIR`: the hex map of a data set drawn as SVG, to check what was typed
against the printed map: the hexes by terrain, the hexsides' rivers, ridges, borders and
prohibited sides, the railways, cities, fortresses, entry hexes and the start line, with a
legend. The grid as ruling G1 lays it (gm/games/gwe/data/hexes.py): flat-topped hexes in
columns, the even columns half a hex lower."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import DIRECTIONS, Hex, parse_hex
from gm.reporting.render import render

TEMPLATES = Path(__file__).resolve().parent / "templates"
RADIUS = 20.0  # a hex's centre to a corner, in pixels
MARGIN = 30.0
LEGEND_HEIGHT = 150.0
# 5.4's terrain, pale enough to read the ids and symbols on
TERRAIN_FILL = {"clear": "#F4F1E4", "forest": "#A9CF9A", "broken": "#D9C7A0",
                "swamp": "#A8CFD2", "rough": "#C2A98A", "mountain": "#9C8874"}
HEXSIDE_STROKE = {"minor_river": ("#3A7FC1", 2.5, ""), "major_river": ("#1F4E9A", 5.0, ""),
                  "ridge": ("#6B4A2B", 4.0, "2 2"), "prohibited": ("#000000", 5.0, ""),
                  "border": ("#B0306A", 2.5, "6 3")}
# the corners (degrees, y down) that bound the side facing each direction
SIDE_CORNERS = {"N": (240, 300), "NE": (300, 0), "SE": (0, 60), "S": (60, 120),
                "SW": (120, 180), "NW": (180, 240)}
SIDE_COLOURS = ("#0072B2", "#D55E00")  # the palette's blue and vermillion (gm.reporting)


@dataclass(frozen=True)
class Point:
    x: float
    y: float

    def __str__(self) -> str:
        return f"{self.x:.1f},{self.y:.1f}"


@dataclass(frozen=True)
class DrawnHex:
    id: str
    terrain: str
    fill: str
    centre: Point
    corners: str  # the polygon's points


@dataclass(frozen=True)
class DrawnSide:
    between: str
    feature: str
    start: Point
    end: Point
    stroke: str
    width: float
    dash: str


@dataclass(frozen=True)
class Mark:
    """A city, fortress or entry hex's symbol and words at a hex."""

    hex: str
    at: Point
    text: str
    colour: str = "#1A1A1A"


@dataclass(frozen=True)
class DrawnRail:
    kind: str
    points: str
    colour: str


class Grid:
    """Where each hex's centre is: the maps of a two-map game side by side; `radius` a hex's
    centre to a corner."""

    def __init__(self, hexes: list[Hex], radius: float = RADIUS) -> None:
        self.radius = radius
        self.offsets: dict[str, float] = {}
        left = MARGIN
        self.low, self.high = min(h.row for h in hexes), max(h.row for h in hexes)
        self.first: dict[str, int] = {}
        for letter in sorted({h.map for h in hexes}):
            columns = [h.column for h in hexes if h.map == letter]
            self.first[letter] = min(columns)
            self.offsets[letter] = left
            left += (max(columns) - min(columns)) * 1.5 * radius + 2 * radius + MARGIN
        self.width = left
        self.height = (self.high - self.low + 1.5) * math.sqrt(3) * radius + 2 * MARGIN

    def centre(self, where: Hex) -> Point:
        x = self.offsets[where.map] + self.radius + (where.column - self.first[where.map]) * \
            1.5 * self.radius
        y = MARGIN + math.sqrt(3) * self.radius * ((where.row - self.low) + 0.5 +
                                              (0.5 if where.column % 2 == 0 else 0))
        return Point(x, y)

    def corner(self, where: Hex, degrees: float) -> Point:
        centre = self.centre(where)
        angle = math.radians(degrees)
        return Point(centre.x + self.radius * math.cos(angle),
                     centre.y + self.radius * math.sin(angle))


def side_colour(data: GweData, side: str | None) -> str:
    sides = list(data.counters.sides)
    return SIDE_COLOURS[sides.index(side) % 2] if side in sides else "#333333"


@dataclass(frozen=True)
class Sheet:
    """The map's drawn parts at one size: what the map sheet and the report's map share."""

    grid: Grid
    hexes: list[DrawnHex]
    sides: list[DrawnSide]
    rails: list[DrawnRail]
    cities: list[Mark]
    fortresses: list[Mark]
    entries: list[Mark]
    start: list[Mark]


def sheet(data: GweData, radius: float = RADIUS) -> Sheet:
    hexes = sorted(data.hexes)
    grid = Grid(hexes, radius)
    drawn = [DrawnHex(str(h), data.hexes[h].terrain, TERRAIN_FILL[data.hexes[h].terrain],
                      grid.centre(h), " ".join(str(grid.corner(h, a)) for a in range(0, 360, 60)))
             for h in hexes]
    sides = []
    for side in data.map.hexsides:
        first, second = (parse_hex(h) for h in side.between)
        direction = first.direction_to(second)
        if direction is None or first not in data.hexes:
            continue  # gm data check says so
        a, b = SIDE_CORNERS[direction]
        for feature in side.features:
            stroke, width, dash = HEXSIDE_STROKE[feature]
            sides.append(DrawnSide("/".join(side.between), feature, grid.corner(first, a),
                                   grid.corner(first, b), stroke, width, dash))
    rails = [DrawnRail(line.kind, " ".join(str(grid.centre(parse_hex(h))) for h in line.hexes
                                           if parse_hex(h) in data.hexes),
                       side_colour(data, line.side)) for line in data.map.rail_lines]
    cities, fortresses = [], []
    for h in hexes:
        city, fortress = data.hexes[h].city, data.hexes[h].fortress
        if city is not None:
            vp = f" ({city.vp} VP)" if city.vp is not None else ""
            cities.append(Mark(str(h), grid.centre(h), city.name + vp))
        if fortress is not None:
            fortresses.append(Mark(str(h), grid.centre(h), f"{fortress.defense}",
                                   side_colour(data, fortress.side)))
    entries = [Mark(e.hex, grid.centre(parse_hex(e.hex)), e.letter, side_colour(data, e.side))
               for e in data.map.entry_hexes if parse_hex(e.hex) in data.hexes]
    start = [Mark(h, grid.centre(parse_hex(h)), line.name) for line in data.map.start_lines
             for h in line.hexes if parse_hex(h) in data.hexes]
    return Sheet(grid, drawn, sides, rails, cities, fortresses, entries, start)


def map_svg(data: GweData) -> str:
    drawn = sheet(data)
    legend = [(name.replace("_", " "), fill) for name, fill in TERRAIN_FILL.items()]
    features = [(name.replace("_", " "), *style) for name, style in HEXSIDE_STROKE.items()]
    side_names = [(s.name, side_colour(data, code)) for code, s in data.counters.sides.items()]
    return render("map-sheet.svg.j2", TEMPLATES, title=data.map.name, source=data.map.source,
                  width=max(drawn.grid.width, 760.0), height=drawn.grid.height,
                  legend_height=LEGEND_HEIGHT, radius=RADIUS, hexes=drawn.hexes,
                  sides=drawn.sides, rails=drawn.rails, cities=drawn.cities,
                  fortresses=drawn.fortresses, entries=drawn.entries, start=drawn.start,
                  terrain=legend, features=features, side_names=side_names,
                  directions=DIRECTIONS)
