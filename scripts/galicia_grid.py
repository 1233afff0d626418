"""The Galician Front map's hex grid laid on the earth (ruling G26, docs/rulings-gwe.md).

Serbia/Galicia 2.5 gives 12.87 km a hex; 25.2 names five Carpathian passes by hex. The grid
(ruling G1: flat-topped columns, even columns half a hex lower) is turned and placed by a
similarity fit at that scale: column and row to kilometres east and north of 49.7 N 22.9 E
(an azimuthal equidistant projection about the sheet's middle, true to 0.1% over it), then to
latitude and longitude (the projection: scripts/hexgrid.py; this module holds the numbers).
Used by scripts/galicia_map.py; kept apart so a test can check the fit's residuals.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hexgrid import COLUMN_STEP, EARTH_KM, KM_PER_HEX, Grid, map_xy

__all__ = ["COLUMNS", "COLUMN_STEP", "EARTH_KM", "EAST_KM", "GRID", "KM_PER_HEX", "LAT0",
           "LON0", "NORTH_KM", "PASSES", "ROWS", "TURN", "hex_at", "hex_latlon", "latlon_to_xy",
           "map_xy", "on_sheet", "residual_km", "xy_to_latlon"]

LAT0, LON0 = 49.7, 22.9  # the sheet's middle: the projection's centre

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

GRID = Grid(LAT0, LON0, TURN, EAST_KM, NORTH_KM, COLUMNS, ROWS, PASSES)
xy_to_latlon = GRID.xy_to_latlon
latlon_to_xy = GRID.latlon_to_xy
hex_latlon = GRID.hex_latlon
hex_at = GRID.hex_at
on_sheet = GRID.on_sheet
residual_km = GRID.residual_km  # how far a printed pass hex's centre lies from the real pass
