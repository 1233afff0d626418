"""Whose country a hex is, and whose railroads and map edges a unit may use, where a game's
Exclusive Rules tie them to countries (ExclusiveRules.rail_country, edge_barred). Under the
Standard Rules alone every Friendly line and edge serves every unit of the side (None)."""

from __future__ import annotations

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.rules.exclusive import exclusive_rules


def nationality_country(data: GweData, nationality: str | None) -> str | None:
    """The country whose railroads and edges the nationality's units use; None: any."""
    if nationality is None:
        return None
    return exclusive_rules(data).rail_country(data, nationality)


def unit_country(data: GweData, unit_id: str) -> str | None:
    return nationality_country(data, data.units[unit_id].nationality)


def in_country(data: GweData, where: Hex, country: str | None) -> bool:
    """Whether a hex lies in the country (None: any hex)."""
    entry = data.hexes.get(where)
    return country is None or (entry is not None and entry.country == country)


def friendly_edge(data: GweData, where: Hex, nationality: str | None) -> bool:
    """9.0 as a game's Exclusive Rules modify it: a map-edge hex is Friendly to the country it
    lies in (an edge two countries share, to each behind its own border), unless the game
    bars it to the nationality."""
    if not in_country(data, where, nationality_country(data, nationality)):
        return False
    return nationality is None or not exclusive_rules(data).edge_barred(data, where, nationality)
