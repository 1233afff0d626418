"""A Serbia/Galicia map's hex grid laid on the earth: the projection both maps' grids share.

Serbia/Galicia 2.5 gives 12.87 km a hex; the grid (ruling G1: flat-topped columns, even columns
half a hex lower) is turned and placed on the earth: column and row to kilometres east and north
of the sheet's middle (an azimuthal equidistant projection about it, true to 0.1% over a sheet),
then to latitude and longitude. A `Grid` holds one map's numbers (its centre, turn, origin,
extent and the hexes the rulebook names); scripts/galicia_grid.py (ruling G26) and
scripts/serbia_grid.py (ruling G90) each make one and give its methods module-level names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

KM_PER_HEX = 12.87  # Serbia/Galicia 2.5: across the flats, centre to centre along a column
COLUMN_STEP = KM_PER_HEX * 1.5 / math.sqrt(3)  # between the centres of neighbouring columns
EARTH_KM = 6371.0

Place = tuple[str, float, float]  # a printed hex's place: (name, latitude, longitude)


def map_xy(column: int, row: int) -> tuple[float, float]:
    """A hex centre in km on the sheet: x to the right, y down (even columns half a hex lower)."""
    return column * COLUMN_STEP, (row + (0.5 if column % 2 == 0 else 0.0)) * KM_PER_HEX


@dataclass(frozen=True)
class Grid:
    """One map's grid: `lat0`, `lon0` the projection's centre; `turn` the sheet's turn from
    north-up (radians, negative clockwise); `east_km`, `north_km` where the sheet's column 0,
    row 0 lies from the centre; `columns`, `rows` the sheet's extent (first, last); `printed`
    the hexes the rulebook names, by id ("g1825"), at the places the fit reads them as."""

    lat0: float
    lon0: float
    turn: float
    east_km: float
    north_km: float
    columns: tuple[int, int]
    rows: tuple[int, int]
    printed: dict[str, Place] = field(default_factory=dict)

    @classmethod
    def anchored(cls, lat0: float, lon0: float, turn: float, anchor: tuple[int, int],
                 at: tuple[float, float], columns: tuple[int, int], rows: tuple[int, int],
                 printed: dict[str, Place]) -> Grid:
        """The grid whose hex `anchor` (column, row) has its centre exactly at `at` (lat, lon)."""
        probe = cls(lat0, lon0, turn, 0.0, 0.0, columns, rows, printed)
        east, north = probe.to_km(*at)
        dx, dy = probe.rotated(*map_xy(*anchor))
        return cls(lat0, lon0, turn, east - dx, north - dy, columns, rows, printed)

    def to_km(self, lat: float, lon: float) -> tuple[float, float]:
        """Azimuthal equidistant about (lat0, lon0): true to 0.1% over the sheet."""
        p, p0, dl = math.radians(lat), math.radians(self.lat0), math.radians(lon - self.lon0)
        cos_c = math.sin(p0) * math.sin(p) + math.cos(p0) * math.cos(p) * math.cos(dl)
        c = math.acos(max(-1.0, min(1.0, cos_c)))
        k = EARTH_KM * (c / math.sin(c) if c else 1.0)
        return (k * math.cos(p) * math.sin(dl),
                k * (math.cos(p0) * math.sin(p) - math.sin(p0) * math.cos(p) * math.cos(dl)))

    def from_km(self, east: float, north: float) -> tuple[float, float]:
        rho, p0 = math.hypot(east, north), math.radians(self.lat0)
        if not rho:
            return self.lat0, self.lon0
        c = rho / EARTH_KM
        lat = math.asin(math.cos(c) * math.sin(p0) + north * math.sin(c) * math.cos(p0) / rho)
        lon = math.atan2(east * math.sin(c),
                         rho * math.cos(p0) * math.cos(c) - north * math.sin(p0) * math.sin(c))
        return math.degrees(lat), self.lon0 + math.degrees(lon)

    def rotated(self, x: float, y: float) -> tuple[float, float]:
        """A sheet offset (x right, y down) as km east and north, before the origin's shift."""
        return (math.cos(self.turn) * x - math.sin(self.turn) * -y,
                math.sin(self.turn) * x + math.cos(self.turn) * -y)

    def xy_to_latlon(self, x: float, y: float) -> tuple[float, float]:
        east, north = self.rotated(x, y)
        return self.from_km(east + self.east_km, north + self.north_km)

    def latlon_to_xy(self, lat: float, lon: float) -> tuple[float, float]:
        east, north = self.to_km(lat, lon)
        east, north = east - self.east_km, north - self.north_km
        x = math.cos(-self.turn) * east - math.sin(-self.turn) * north
        up = math.sin(-self.turn) * east + math.cos(-self.turn) * north
        return x, -up

    def hex_latlon(self, column: int, row: int) -> tuple[float, float]:
        return self.xy_to_latlon(*map_xy(column, row))

    def hex_at(self, lat: float, lon: float) -> tuple[int, int]:
        """The hex (column, row) whose centre is nearest a place; it may lie off the sheet."""
        x, y = self.latlon_to_xy(lat, lon)
        column = round(x / COLUMN_STEP)
        candidates = [(c, r) for c in (column - 1, column, column + 1)
                      for r in range(math.floor(y / KM_PER_HEX) - 1,
                                     math.floor(y / KM_PER_HEX) + 2)]
        return min(candidates, key=lambda h: math.dist(map_xy(*h), (x, y)))

    def on_sheet(self, column: int, row: int) -> bool:
        return self.columns[0] <= column <= self.columns[1] and \
            self.rows[0] <= row <= self.rows[1]

    def residual_km(self, hex_id: str) -> float:
        """How far a printed hex's centre lies from the place the fit reads it as."""
        _, lat, lon = self.printed[hex_id]
        column, row = int(hex_id[1:3]), int(hex_id[3:5])
        return math.dist(map_xy(column, row), self.latlon_to_xy(lat, lon))
