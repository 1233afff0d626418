"""Serbia/Galicia 9.1: Serbian supply. "Serbian units are always in supply while in Serbia.
Serbian units outside Serbia have a 'normal' three-hex range. Serbian supply may never be traced
across a major river hexside." A Serbian unit is one of a nationality whose country is Serbia
(its counters' `country`, 5.3); Serbia is the hexes the map gives that country (ruling G91)."""

from __future__ import annotations

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.rules.countries import in_country

SERBIA = "Serbia"
NO_CROSSING = frozenset({"major_river"})  # 9.1: never across a major river hexside


def serbian(data: GweData, nationality: str) -> bool:
    found = data.counters.nationalities.get(nationality)
    return found is not None and found.country == SERBIA


def supplied_in_place(data: GweData, nationality: str, where: Hex) -> str | None:
    """9.1: a Serbian unit in Serbia is in supply, whatever its line."""
    if serbian(data, nationality) and in_country(data, where, SERBIA):
        return "Serbia/Galicia 9.1: a Serbian unit in Serbia is always in supply"
    return None


def supply_barriers(data: GweData, nationality: str) -> frozenset[str]:
    """9.1: a Serbian line of supply never crosses a major river hexside."""
    return NO_CROSSING if serbian(data, nationality) else frozenset()
