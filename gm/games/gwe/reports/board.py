"""The report's hex map: the map sheet's terrain, rivers, rail, borders and start line
(mapsheet.py) drawn larger, with the position on it: each hex's units as one counter
(Attack-Defense-Movement at its current Step, its Steps left as pips) or, several, as a stack
marker (their totals, how many); the reader's own outlined; out-of-supply and out-of-command
marks; this Player-Turn's moves as arrows and attacks as numbered marks; the towns and Victory
Point hexes named; a legend; and the windows a phone shows large around the reader's front."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from markupsafe import Markup

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.reports.mapsheet import (
    HEXSIDE_STROKE,
    TEMPLATES,
    TERRAIN_FILL,
    Grid,
    Point,
    sheet,
)
from gm.games.gwe.reports.model import AttackView, MoveView, SideView, UnitView
from gm.games.gwe.reports.picture import Drawn
from gm.games.gwe.reports.pieces import Counter, Strike, own_layer
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.known import PerDataSet
from gm.reporting.render import render

RADIUS = 36.0  # px, a hex's centre to a corner: room for a counter, its hex id and a name
COUNTER = (40.0, 30.0)  # a counter's width and height
LIFT = 4.0  # a counter stands this much above its hex's centre, its hex's name under it
WINDOW = (250.0, 340.0)  # a phone's view: 9 px text drawn at 11 CSS px or more on 390 px
FRONT = 3  # hexes: the reader's units this near an Enemy unit are his front
PALE = {"#0072B2": "#D3E6F4", "#D55E00": "#F7DCC8"}  # a side's counters, dark text on them
NAME_CHARACTERS = 10  # a longer name is cut to its first word (the whole in its title)
LEGEND_HEIGHT = 120.0


@dataclass(frozen=True)
class Label:
    hex: str
    x: float
    y: float
    text: str
    title: str
    vp: bool


@dataclass(frozen=True)
class Arrow:
    unit: str
    points: str
    colour: str
    rail: bool
    title: str


def short(unit_id: str) -> str:
    """A unit's id on its counter: without its nationality (`AH-1-I` -> `1-I`), six at most."""
    head, _, rest = unit_id.partition("-")
    return (rest or head)[:6]


def _label(name: str) -> str:
    return name if len(name) <= NAME_CHARACTERS else name.split()[0][:NAME_CHARACTERS]


def _counter(where: str, at: Point, units: Sequence[UnitView], colours: dict[str, str],
             own: str | None) -> Counter:
    units = sorted(units, key=lambda u: (-u.attack, -u.defense, u.id))
    first = units[0]
    band = colours.get(first.side, "#333333")
    listed = "; ".join(u.label for u in units)
    if len(units) == 1:
        top = f"{first.attack}-{first.defense}-{first.movement}"
        bottom = short(first.id)
        pips = tuple(i < first.steps_left for i in range(first.steps))
    else:
        top = (f"{sum(u.attack for u in units)}-{sum(u.defense for u in units)}-"
               f"{min(u.movement for u in units)}")
        bottom, pips = f"x{len(units)}", ()
    return Counter(where, at.x, at.y - LIFT, PALE.get(band, "#EEEEEE"), band, top, bottom,
                   pips, len(units), own is not None and first.side == own,
                   any(u.out_of_supply for u in units), any(u.out_of_command for u in units),
                   f"{where}: {listed}")


def _front(data: GweData, units: Sequence[UnitView], own: str | None) -> list[Hex]:
    """The hexes of the reader's units (every side's, for the GM) within FRONT hexes of an
    Enemy unit on the same map (a game of two maps has hexes of each): the part of the map he
    most needs to read."""
    placed = [(parse_hex(u.hex), u.side) for u in units if u.hex is not None]
    found = []
    for where, side in placed:
        if own is not None and side != own:
            continue
        if any(s != side and h.map == where.map and where.distance(h) <= FRONT
               for h, s in placed):
            found.append(where)
    return sorted(set(found)) or sorted({h for h, s in placed if own is None or s == own})


def windows(centres: Sequence[Point], width: float, height: float, limit: int = 6
            ) -> list[tuple[float, float, float, float]]:
    """Boxes of WINDOW's size tiling the points' extent (clamped to the map), at most
    `limit`, those holding the most points first."""
    if not centres:
        return []
    w, h = WINDOW
    left = min(p.x for p in centres) - w / 3
    top = min(p.y for p in centres) - h / 4
    columns = max(1, math.ceil((max(p.x for p in centres) - left + w / 3) / w))
    rows = max(1, math.ceil((max(p.y for p in centres) - top + h / 4) / h))
    boxes = []
    for row in range(rows):
        for column in range(columns):
            x = min(max(0.0, left + column * w), max(0.0, width - w))
            y = min(max(0.0, top + row * h), max(0.0, height - h))
            inside = sum(x <= p.x < x + w and y <= p.y < y + h for p in centres)
            if inside:
                boxes.append((inside, (round(x, 1), round(y, 1), w, h)))
    boxes.sort(key=lambda b: -b[0])
    return [box for _, box in boxes[:limit]]


@dataclass(frozen=True)
class Ground:
    """The map's layers that are its data set's alone, drawn once a data set: the map sheet's,
    the Victory Point hexes, the hex ids and the towns' and passes' names."""

    grid: Grid
    svg: Markup


def _ground(data: GweData) -> Ground:
    drawn = sheet(data, RADIUS)
    game = exclusive_rules(data)
    case = f" ({game.vp_schedule_case})" if game.vp_schedule_case else ""
    grid = drawn.grid
    labels = []
    for where, entry in sorted(data.hexes.items()):
        for named in (entry.city, entry.landmark):
            if named is not None:
                at = grid.centre(where)
                vp = f", {named.vp:+d} VP{case}" if named.vp else ""
                labels.append(Label(str(where), at.x, at.y + RADIUS * 0.72, _label(named.name),
                                    f"{where}: {named.name}{vp}", bool(named.vp)))
                break
    svg = render("board-map.svg.j2", TEMPLATES, width=grid.width, height=grid.height,
                 legend_height=LEGEND_HEIGHT, radius=RADIUS, hexes=drawn.hexes,
                 sides=drawn.sides, rails=drawn.rails, fortresses=drawn.fortresses,
                 entries=drawn.entries, start=drawn.start, labels=labels)
    return Ground(grid, Markup(svg))  # board-map.svg.j2's, escaped already


ground = PerDataSet(_ground)


def board_svg(data: GweData, units: Sequence[UnitView], sides: Sequence[SideView],
              moves: Sequence[MoveView], attacks: Sequence[AttackView], own: str | None
              ) -> Drawn:
    """The map's SVG body (the HTML report writes it inline; the picture wraps it), its size
    and the phone's windows on it."""
    drawn, game = ground(data), exclusive_rules(data)
    grid = drawn.grid
    colours = {s.code: s.colour for s in sides}
    by_hex: dict[str, list[UnitView]] = {}
    for unit in units:
        if unit.hex is not None:
            by_hex.setdefault(unit.hex, []).append(unit)
    counters = [_counter(h, grid.centre(parse_hex(h)), found, colours, own)
                for h, found in sorted(by_hex.items())]
    arrows = []
    for move in moves:
        if move.start is None or move.end is None:
            continue
        a, b = grid.centre(parse_hex(move.start)), grid.centre(parse_hex(move.end))
        arrows.append(Arrow(move.unit, f"{a} {b}", colours.get(move.side, "#333333"), move.rail,
                            f"{move.unit}: {move.start} to {move.end} ({move.how})"))
    strikes = []
    for attack in attacks:
        targets = [grid.centre(parse_hex(h)) for h in attack.hexes]
        lines = tuple((grid.centre(parse_hex(o)), t) for o in attack.origins for t in targets)
        first = lines[0] if lines else (targets[0], targets[0])
        middle = Point((first[0].x + first[1].x) / 2, (first[0].y + first[1].y) / 2)
        strikes.append(Strike(attack.number, lines, middle, f"{attack.number}. {attack.text}"))
    front = [grid.centre(h) for h in _front(data, units, own)]
    views = windows(front, grid.width, grid.height)
    drawing = {"ground": drawn.svg, "height": grid.height, "counter": COUNTER, "arrows": arrows,
               "strikes": strikes,
               "terrain": [(n.replace("_", " "), f) for n, f in TERRAIN_FILL.items()],
               "features": [(n.replace("_", " "), *s) for n, s in HEXSIDE_STROKE.items()],
               "side_colours": [(s.name, s.colour, PALE.get(s.colour, "#EEEEEE"))
                                for s in sides],
               "vp_case": game.vp_schedule_case, "start_line_case": game.start_line_case}
    # as written, not escaped: the HTML report keeps its apostrophe
    wording = Markup("your units" if own else "a player's own (in his copy)")
    svg = render("board.svg.j2", TEMPLATES, counters=counters, own_wording=wording, **drawing)
    # every reader's picture of the Phase shares the map with no one's own: drawn once
    shared = render("board.svg.j2", TEMPLATES, counters=[replace(c, own=False) for c in counters],
                    own_wording="", **drawing)
    return Drawn(svg, grid.width, grid.height + LEGEND_HEIGHT, [list(v) for v in views],
                 own_layer(shared, counters, strikes, grid.height, grid.width, wording, COUNTER))
