"""The Serbian Front map's hex grid laid on the earth (ruling G90, docs/rulings-gwe.md).

Serbia/Galicia 2.5 gives 12.87 km a hex; the errata name two hexes of the Serbian map, s0307
(Belgrade) and s1513 (where the Austro-Hungarian 2/6 Brigade sets up), and 25.2 a third,
S1101, by number alone. The grid (ruling G1: flat-topped columns, even columns half a hex
lower; the hex sizes of scripts/galicia_grid.py) is turned as the Galician map's (ruling G26:
the two maps are the two halves of one sheet, east at the top) and placed so that Belgrade
lies at the centre of s0307. Column and row go to kilometres east and north of 44.3 N 19.9 E
(an azimuthal equidistant projection about the sheet's middle), then to latitude and longitude
(the projection: scripts/hexgrid.py; this module holds the numbers).
Used by scripts/serbia_map.py; the same interface as galicia_grid, so that galicia_map's
functions take either.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from galicia_grid import TURN
from hexgrid import COLUMN_STEP, EARTH_KM, KM_PER_HEX, Grid, map_xy

__all__ = ["COLUMNS", "COLUMN_STEP", "EARTH_KM", "KM_PER_HEX", "PRINTED", "ROWS", "TURN", "hex_at",
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

# The sheet's extent (ruling G90): the smallest rectangle of whole columns and rows, from
# column and row 1, holding the named hexes and the places scripts/serbia_geography.py's
# EXTENT_PLACES lists with a hex round each (worked out by scripts/serbia_map.py)
COLUMNS, ROWS = (1, 18), (1, 20)

# The fit (ruling G90): the origin (column 0, row 0) placed so that s0307's centre is Belgrade
GRID = Grid.anchored(LAT0, LON0, TURN, (3, 7), BELGRADE, COLUMNS, ROWS, PRINTED)
EAST_KM, NORTH_KM = GRID.east_km, GRID.north_km
xy_to_latlon = GRID.xy_to_latlon
latlon_to_xy = GRID.latlon_to_xy
hex_latlon = GRID.hex_latlon
hex_at = GRID.hex_at
on_sheet = GRID.on_sheet
residual_km = GRID.residual_km
