"""The Galician Front map's hex grid laid on the earth (ruling G26, docs/rulings-gwe.md).

Serbia/Galicia 2.5 gives 12.87 km a hex; 25.2 names five Carpathian passes by hex. The grid
(ruling G1: flat-topped columns, even columns half a hex lower) is turned and placed by a
similarity fit at that scale: column and row to kilometres east and north of 49.7 N 22.9 E
(an azimuthal equidistant projection about the sheet's middle, true to 0.1% over it), then to
latitude and longitude.
Used by scripts/galicia_map.py; kept apart so a test can check the fit's residuals.
"""

from __future__ import annotations

import math

KM_PER_HEX = 12.87  # Serbia/Galicia 2.5: across the flats, centre to centre along a column
COLUMN_STEP = KM_PER_HEX * 1.5 / math.sqrt(3)  # between the centres of neighbouring columns
LAT0, LON0 = 49.7, 22.9  # the sheet's middle: the projection's centre
EARTH_KM = 6371.0


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


# The fit (ruling G26): the map's "down" (rising rows) points west, its columns run north to
# south; turned 89.7 degrees clockwise from north-up, placed so column 1 holds Lublin and Kowel.
TURN = math.radians(-89.7)
EAST_KM, NORTH_KM = 234.5, 177.5  # km east and north of the centre: the map's column 0, row 0
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
    return _from_km(east, north)


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
    """How far a printed pass hex's centre lies from the real pass."""
    _, lat, lon = PASSES[hex_id]
    column, row = int(hex_id[1:3]), int(hex_id[3:5])
    return math.dist(map_xy(column, row), latlon_to_xy(lat, lon))
