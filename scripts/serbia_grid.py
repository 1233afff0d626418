"""The Serbian Front map's hex grid laid on the earth (ruling G90, docs/rulings-gwe.md).

Serbia/Galicia 2.5 gives 12.87 km a hex; the errata name two hexes of the Serbian map, s0307
(Belgrade) and s1513 (where the Austro-Hungarian 2/6 Brigade sets up), and 25.2 a third,
S1101, by number alone. The grid (ruling G1: flat-topped columns, even columns half a hex
lower; the hex sizes of scripts/galicia_grid.py) is turned as the Galician map's (ruling G26:
the two maps are the two halves of one sheet, east at the top) and placed so that Belgrade
lies at the centre of s0307. Column and row go to kilometres east and north of 44.3 N 19.9 E
(an azimuthal equidistant projection about the sheet's middle), then to latitude and longitude.
Used by scripts/serbia_map.py; the same interface as galicia_grid, so that galicia_map's
functions take either.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from galicia_grid import COLUMN_STEP, EARTH_KM, KM_PER_HEX, TURN, map_xy

__all__ = ["COLUMNS", "COLUMN_STEP", "KM_PER_HEX", "PRINTED", "ROWS", "TURN", "hex_at",
           "hex_latlon", "latlon_to_xy", "map_xy", "on_sheet", "residual_km", "xy_to_latlon"]

LAT0, LON0 = 44.3, 19.9  # the sheet's middle: the projection's centre

# The hexes the rulebook names on the Serbian map, at the places the fit reads them as.
# s0307 is placed exactly (the fit's anchor); the others are checks of the fit.
BELGRADE = (44.8185, 20.4560)  # the old town under the Kalemegdan fortress
PRINTED: dict[str, tuple[str, float, float]] = {
    # errata (counters): "The Serbian Be Brigade starts in s0307 (Belgrade)"
    "s0307": ("Belgrade", *BELGRADE),
    # errata (counters): "The Austro-Hungarian 2/6 Brigade starts in s1513": a 6th Army
    # brigade at Uvac, the railhead of the Bosnian Eastern Railway (1906) on the Bosnian
    # side of the Uvac bridge, the border with the Sandzak (Serbian since 1913, Priboj)
    "s1513": ("Uvac railhead", 43.600, 19.486),
    # 25.2: -5 a Game-Turn for Austro-Hungarian control of S1101: read as the Belgrade-Nis
    # main line in the Morava valley between Jagodina and Cuprija, where it leaves the sheet
    # towards Nis (the wartime capital) and Salonika
    "s1101": ("Belgrade-Nis main line at Jagodina-Cuprija", 43.955, 21.315),
}


def _to_km(lat: float, lon: float) -> tuple[float, float]:
    """Azimuthal equidistant about (LAT0, LON0): true to 0.1% over the sheet."""
    p, p0, dl = math.radians(lat), math.radians(LAT0), math.radians(lon - LON0)
    cos_c = math.sin(p0) * math.sin(p) + math.cos(p0) * math.cos(p) * math.cos(dl)
    c = math.acos(max(-1.0, min(1.0, cos_c)))
    k = EARTH_KM * (c / math.sin(c) if c else 1.0)
    return (k * math.cos(p) * math.sin(dl),
            k * (math.cos(p0) * math.sin(p) - math.sin(p0) * math.cos(p) * math.cos(dl)))


def _from_km(east: float, north: float) -> tuple[float, float]:
    rho, p0 = math.hypot(east, north), math.radians(LAT0)
    if not rho:
        return LAT0, LON0
    c = rho / EARTH_KM
    lat = math.asin(math.cos(c) * math.sin(p0) + north * math.sin(c) * math.cos(p0) / rho)
    lon = math.atan2(east * math.sin(c),
                     rho * math.cos(p0) * math.cos(c) - north * math.sin(p0) * math.sin(c))
    return math.degrees(lat), LON0 + math.degrees(lon)


def _rotated(x: float, y: float) -> tuple[float, float]:
    """A sheet offset (x right, y down) as km east and north, before the origin's shift."""
    return (math.cos(TURN) * x - math.sin(TURN) * -y,
            math.sin(TURN) * x + math.cos(TURN) * -y)


# The fit (ruling G90): the origin (column 0, row 0) placed so that s0307's centre is Belgrade
_east, _north = _to_km(*BELGRADE)
_dx, _dy = _rotated(*map_xy(3, 7))
EAST_KM, NORTH_KM = _east - _dx, _north - _dy

# The sheet's extent (ruling G90): the smallest rectangle of whole columns and rows, from
# column and row 1, holding the named hexes and the places scripts/serbia_geography.py's
# EXTENT_PLACES lists with a hex round each (worked out by scripts/serbia_map.py)
COLUMNS, ROWS = (1, 18), (1, 20)


def xy_to_latlon(x: float, y: float) -> tuple[float, float]:
    east, north = _rotated(x, y)
    return _from_km(east + EAST_KM, north + NORTH_KM)


def latlon_to_xy(lat: float, lon: float) -> tuple[float, float]:
    east, north = _to_km(lat, lon)
    east, north = east - EAST_KM, north - NORTH_KM
    x = math.cos(-TURN) * east - math.sin(-TURN) * north
    up = math.sin(-TURN) * east + math.cos(-TURN) * north
    return x, -up


def hex_latlon(column: int, row: int) -> tuple[float, float]:
    return xy_to_latlon(*map_xy(column, row))


def hex_at(lat: float, lon: float) -> tuple[int, int]:
    """The hex (column, row) whose centre is nearest a place; it may lie off the sheet."""
    x, y = latlon_to_xy(lat, lon)
    column = round(x / COLUMN_STEP)
    candidates = [(c, r) for c in (column - 1, column, column + 1)
                  for r in range(math.floor(y / KM_PER_HEX) - 1, math.floor(y / KM_PER_HEX) + 2)]
    return min(candidates, key=lambda h: math.dist(map_xy(*h), (x, y)))


def on_sheet(column: int, row: int) -> bool:
    return COLUMNS[0] <= column <= COLUMNS[1] and ROWS[0] <= row <= ROWS[1]


def residual_km(hex_id: str) -> float:
    """How far a printed hex's centre lies from the place the fit reads it as."""
    _, lat, lon = PRINTED[hex_id]
    column, row = int(hex_id[1:3]), int(hex_id[3:5])
    return math.dist(map_xy(column, row), latlon_to_xy(lat, lon))
