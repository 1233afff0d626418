"""Whose country a hex is, and whose railroads and map edges a unit may use, where a game's
Exclusive Rules tie them to countries: Serbia/Galicia 5.3 (a unit uses only the railroads of
its own country, for movement and supply) and 9.0 (a map edge is Friendly to the country it
lies in; the Austro-Hungarians never treat the Galician map's East edge as Friendly). Under
the Standard Rules alone every Friendly line and edge serves every unit of the side (None)."""

from __future__ import annotations

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex

SERBIA_GALICIA = "serbia-galicia"
# 9.0: "The Austro-Hungarian Player may not treat any East map-edge hexes of the Galician map
# as Friendly"; the sheet is turned, east at the top: its row 01 (ruling G26)
NO_EAST_EDGE = {"AH": ("g", 1)}  # nationality -> (map letter, the East edge's row)


def nationality_country(data: GweData, nationality: str | None) -> str | None:
    """The country whose railroads and edges the nationality's units use; None: any."""
    if data.exclusive != SERBIA_GALICIA or nationality is None:
        return None
    return data.counters.nationalities[nationality].country


def unit_country(data: GweData, unit_id: str) -> str | None:
    return nationality_country(data, data.units[unit_id].nationality)


def in_country(data: GweData, where: Hex, country: str | None) -> bool:
    """Whether a hex lies in the country (None: any hex)."""
    entry = data.hexes.get(where)
    return country is None or (entry is not None and entry.country == country)


def friendly_edge(data: GweData, where: Hex, nationality: str | None) -> bool:
    """9.0 as Serbia/Galicia modifies it: a map-edge hex is Friendly to the country it lies in
    (an edge two countries share, to each behind its own border), and never the Galician
    East edge to the Austro-Hungarians."""
    if not in_country(data, where, nationality_country(data, nationality)):
        return False
    east = NO_EAST_EDGE.get(nationality or "") if data.exclusive == SERBIA_GALICIA else None
    return east is None or (where.map, where.row) != east
