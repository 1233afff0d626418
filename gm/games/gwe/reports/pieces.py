"""The pieces of the report's hex map (board.py) the picture also draws on the reader's own
layer (picture.py): a hex's counter or stack, an attack; and that layer: the reader's counters
and the legend's word for them, each a tile of the map on a small canvas."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from gm.games.gwe.reports.mapsheet import TEMPLATES, Point
from gm.games.gwe.reports.picture import PictureParts
from gm.reporting.render import render

# a counter's tile: its box (board.py's COUNTER), its stack's second box 3 px down and
# right, its outline (3 px, half outside), a pixel of antialiasing, from its centre's pixel
TILE = (-23, -19, 50, 40)
# the legend's word for the reader's own units: its entry at (10 + 540 + 24, 66 + 11) under
# the map (board.svg.j2), the next entry 196 px to the right
WORDING = (570, 64, 196, 20)
GAP = 2  # px between tiles on the reader's canvas
MARK = 10  # px: an attack's numbered mark's radius (board-parts.svg.j2), and its white ring


@dataclass(frozen=True)
class Counter:
    hex: str
    x: float  # its centre
    y: float
    fill: str
    band: str  # its side's colour
    top: str  # Attack-Defense-Movement: `4-4-3`; a stack's totals
    bottom: str  # the unit's id without its nationality; a stack's "x3"
    pips: tuple[bool, ...]  # its Steps, True for each left
    stack: int  # how many units it stands for
    own: bool
    out_of_supply: bool
    out_of_command: bool
    title: str


@dataclass(frozen=True)
class Strike:
    """An attack: a line from each hex it came from to the hex attacked, its number on the
    first."""

    number: int
    lines: tuple[tuple[Point, Point], ...]
    at: Point
    title: str


@dataclass(frozen=True)
class _Tile:
    at: tuple[int, int]  # on the reader's canvas
    box: tuple[int, int, int, int]  # on the map: x, y, width, height
    counter: Counter | None  # None: the legend's word
    strikes: tuple[Strike, ...] = ()  # the attacks drawn over it


def _over(box: tuple[int, int, int, int], strikes: Sequence[Strike]) -> tuple[Strike, ...]:
    """The attacks whose lines or numbered marks may cross the box: drawn over its counter
    again (a `<use>` of all of them in every tile costs resvg more than the rest together)."""
    left, top, right, bottom = box[0], box[1], box[0] + box[2], box[1] + box[3]

    def near(xs: Sequence[float], ys: Sequence[float], margin: float) -> bool:
        return (min(xs) - margin < right and max(xs) + margin > left
                and min(ys) - margin < bottom and max(ys) + margin > top)

    return tuple(s for s in strikes if near([s.at.x], [s.at.y], MARK) or any(
        near([a.x, b.x], [a.y, b.y], 2) for a, b in s.lines))


def own_layer(shared: str, counters: Sequence[Counter], strikes: Sequence[Strike],
              map_height: float, width: float, wording: str, counter: tuple[float, float]
              ) -> PictureParts:
    """The picture's parts: the map's body every reader shares (`shared`) and the reader's own
    counters and wording on their tiles."""
    legend = int(f"{map_height:.0f}")  # the legend's top, as board.svg.j2 writes it
    boxes: list[tuple[tuple[int, int, int, int], Counter | None]] = [
        ((WORDING[0], legend + WORDING[1], *WORDING[2:]), None)]
    boxes += [((math.floor(c.x) + TILE[0], math.floor(c.y) + TILE[1], *TILE[2:]), c)
              for c in counters if c.own]
    tiles, x, y, row = [], 0, 0, 0
    for box, own in boxes:
        if x and x + box[2] > width:
            x, y, row = 0, y + row + GAP, 0
        tiles.append(_Tile((x, y), box, own, _over(box, strikes) if own else ()))
        x, row = x + box[2] + GAP, max(row, box[3])
    own_svg = render("board-own.svg.j2", TEMPLATES, tiles=tiles, counter=counter,
                     height=map_height, wording=wording)
    return PictureParts(shared=shared, own=own_svg, own_height=y + row,
                        tiles=[(*t.at, *t.box) for t in tiles])
