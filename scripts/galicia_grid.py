"""The Galician Front map's hex grid laid on the earth (ruling G26, docs/rulings-gwe.md).

Serbia/Galicia 2.5 gives 12.87 km a hex; 25.2 names five Carpathian passes by hex. The grid
(ruling G1: flat-topped columns, even columns half a hex lower) is turned and placed by a
similarity fit at that scale: column and row to kilometres east and north of 49 N 20 E
(a local equirectangular projection, good to 1% over the sheet), then to latitude and longitude.
Used by scripts/galicia_map.py; kept apart so a test can check the fit's residuals.
"""

from __future__ import annotations

import math

KM_PER_HEX = 12.87  # Serbia/Galicia 2.5: across the flats, centre to centre along a column
COLUMN_STEP = KM_PER_HEX * 1.5 / math.sqrt(3)  # between the centres of neighbouring columns
LAT0, LON0 = 49.0, 20.0
KM_PER_DEG_LAT = 110.57
KM_PER_DEG_LON = 111.32 * math.cos(math.radians(LAT0))
# The fit (ruling G26): the map's "down" (rising rows) points west, its columns run north to
# south; turned 90.9 degrees clockwise from north-up, placed so column 1 holds Lublin and Kowel.
TURN = math.radians(-90.9)
EAST_KM, NORTH_KM = 454.5, 250.5  # where the map's origin (column 0, row 0 top) lies
COLUMNS, ROWS = (1, 30), (1, 36)  # the sheet's extent (ruling G26)

# Serbia/Galicia 25.2's passes, at their real summits (public geography; the names as printed)
PASSES: dict[str, tuple[str, float, float]] = {
    "g1825": ("Duka Pass", 49.415, 21.700),  # Dukla Pass
    "g1924": ("Lupkow Pass", 49.247, 22.075),
    "g2118": ("Ushok Pass", 49.004, 22.857),  # Uzsok / Uzhok Pass
    "g2809": ("Jabloniza Pass", 48.299, 24.473),  # Jablonica / Tatar Pass
}


def map_xy(column: int, row: int) -> tuple[float, float]:
    """A hex centre in km on the sheet: x to the right, y down (even columns half a hex lower)."""
    return column * COLUMN_STEP, (row + (0.5 if column % 2 == 0 else 0.0)) * KM_PER_HEX


def xy_to_latlon(x: float, y: float) -> tuple[float, float]:
    east = math.cos(TURN) * x - math.sin(TURN) * -y + EAST_KM
    north = math.sin(TURN) * x + math.cos(TURN) * -y + NORTH_KM
    return LAT0 + north / KM_PER_DEG_LAT, LON0 + east / KM_PER_DEG_LON


def latlon_to_xy(lat: float, lon: float) -> tuple[float, float]:
    east = (lon - LON0) * KM_PER_DEG_LON - EAST_KM
    north = (lat - LAT0) * KM_PER_DEG_LAT - NORTH_KM
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
    """How far a printed pass hex's centre lies from the real pass."""
    _, lat, lon = PASSES[hex_id]
    column, row = int(hex_id[1:3]), int(hex_id[3:5])
    return math.dist(map_xy(column, row), latlon_to_xy(lat, lon))
