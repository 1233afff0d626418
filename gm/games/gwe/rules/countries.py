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
# as Friendly"
NO_EAST_EDGE = frozenset({"AH"})
# 2.1: the Galician map's letter; "" a data set of that map alone (26.3 plays on it only)
GALICIAN_MAPS = ("g", "")
# where the data set does not say: the shipped sheet is turned, east at the top (ruling G26)
G26_EAST_EDGE = ("g", 1)  # map letter, row


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
    barred = data.exclusive == SERBIA_GALICIA and nationality in NO_EAST_EDGE
    return not (barred and on_galician_east_edge(data, where))


def on_galician_east_edge(data: GweData, where: Hex) -> bool:
    """9.0: whether the hex lies on the Galician map's East edge, as the data set says it
    (`east_edges`, ruling G62); one that says nothing has ruling G26's sheet: row 01 of map g."""
    if where.map not in GALICIAN_MAPS:
        return False
    if not data.map.east_edges:
        return (where.map, where.row) == G26_EAST_EDGE
    return any(edge.map == where.map and (where.row == edge.row or where.column == edge.column)
               for edge in data.map.east_edges)
