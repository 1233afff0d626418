"""The hex grid (2.1): four-digit hex ids, with the map's letter in a two-map game (`s0307`).

Ruling G1 (docs/rulings-gwe.md): the first two digits number the column, the last two the row;
the hexes are flat-topped in vertical columns, rows counted down the map, and each even-numbered
column sits half a hex lower than the odd ones beside it. A hex's neighbours are the two above
and below it in its column and two in each column beside it: rows r and r+1 beside an even
column, rows r-1 and r beside an odd one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from gm.core.errors import GameError

HEX_ID = re.compile(r"^([A-Za-z]?)(\d{2})(\d{2})$")
HEX_PATTERN = r"^[A-Za-z]?\d{4}$"
Direction = Literal["N", "NE", "SE", "S", "SW", "NW"]
DIRECTIONS: tuple[Direction, ...] = ("N", "NE", "SE", "S", "SW", "NW")


class HexError(GameError):
    """A hex id that is not four digits after an optional map letter (2.1)."""


@dataclass(frozen=True, order=True)
class Hex:
    """One hex: its map's letter ("" in a one-map game), column and row."""

    map: str
    column: int
    row: int

    def __str__(self) -> str:
        return f"{self.map}{self.column:02d}{self.row:02d}"

    def _step(self, direction: Direction) -> Hex:
        even = self.column % 2 == 0
        column, row = self.column, self.row
        match direction:
            case "N":
                row -= 1
            case "S":
                row += 1
            case "NE" | "NW":
                column += 1 if direction == "NE" else -1
                row += 0 if even else -1
            case "SE" | "SW":
                column += 1 if direction == "SE" else -1
                row += 1 if even else 0
        return Hex(self.map, column, row)

    def neighbour(self, direction: Direction) -> Hex | None:
        """The hex across the side facing `direction`, None past the numbering (00-99)."""
        found = self._step(direction)
        return found if 0 <= found.column <= 99 and 0 <= found.row <= 99 else None

    def neighbours(self) -> tuple[Hex, ...]:
        """The six hexes round this one (7.11), clockwise from north; fewer at the numbering's
        edge. Whether each is on the map is the data set's to say."""
        return _ring(self)

    def direction_to(self, other: Hex) -> Direction | None:
        """The side of this hex that `other` lies across, None if they are not neighbours."""
        return next((d for d in DIRECTIONS if self._step(d) == other), None)

    def _cube(self) -> tuple[int, int, int]:
        # even columns lower: the axial row drops by half the column, rounded up
        q = self.column
        r = self.row - (self.column + (self.column & 1)) // 2
        return q, r, -q - r

    def distance(self, other: Hex) -> int:
        """Hexes between the two, counting the far one but not this one (as 10.33 counts a
        Command Radius); the maps of a two-map game are apart (2.1)."""  # Serbia/Galicia's
        if self.map != other.map:
            raise HexError(f"{self} and {other} are on different maps (2.1)")
        a, b = self._cube(), other._cube()
        return max(abs(x - y) for x, y in zip(a, b, strict=True))


@dataclass(frozen=True, order=True)
class Hexside:
    """The side two neighbouring hexes share, the same whichever is named first."""

    first: Hex
    second: Hex

    def __str__(self) -> str:
        return f"{self.first}/{self.second}"


@lru_cache(maxsize=4096)  # a report asks where every unit stands many times over
def parse_hex(text: str) -> Hex:
    """`0307`, `s0307`, `G2809` -> a Hex; the map letter kept lower case, as a two-map game's
    2.1 prints it ("coded with g or s"), though its own rules also write `G2809` (ruling
    G2)."""  # Serbia/Galicia's maps
    found = HEX_ID.match(text.strip())
    if found is None:
        raise HexError(f"{text!r} is not a hex: four digits, column then row, after an optional "
                       "map letter (2.1), e.g. 0307 or s0307")
    return Hex(found.group(1).lower(), int(found.group(2)), int(found.group(3)))


@lru_cache(maxsize=8192)  # asked for every hex a search of movement, supply or command enters
def _ring(where: Hex) -> tuple[Hex, ...]:
    return tuple(n for d in DIRECTIONS if (n := where.neighbour(d)) is not None)


@lru_cache(maxsize=65536)  # likewise, for every side crossed
def hexside(a: Hex, b: Hex) -> Hexside:
    """The side between two neighbours (7.11, 8.61: rivers, ridges, prohibited sides lie on
    them)."""
    if b not in _ring(a):
        raise HexError(f"{a} and {b} are not neighbours: no hexside between them")
    return Hexside(a, b) if a <= b else Hexside(b, a)
