"""The data set as `gm data map` and `gm data counters` print it: JSON documents, and the
map's summary in words."""

from __future__ import annotations

from typing import Any

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.data.models import Leader


def map_document(game: GameData) -> dict[str, Any]:
    """Every province with its neighbours, rail links and port, the special crossings, and
    the provinces off the rail net."""
    provinces = [
        {"code": p.code, "name": p.name, "region": game.map.regions[p.region],
         "adjacent": list(p.adjacent), "rail": list(p.rail), "port": p.port,
         "lat": p.lat, "lon": p.lon, "source": p.source}
        for p in game.map.provinces
    ]
    special = [s.model_dump(mode="json") for s in game.map.special]
    return {"provinces": provinces, "special": special,
            "off_rail": [p.code for p in game.map.provinces if not p.rail]}


def map_summary(game: GameData) -> str:
    """Regions, ports, rail, and the provinces off the rail net (5.5, 21.21)."""
    links = sum(len(p.rail) for p in game.map.provinces) // 2
    lines = [f"{len(game.map.provinces)} provinces in {len(game.map.regions)} regions; "
             f"{links} rail links"]
    for letter, region in game.map.regions.items():
        codes = [p.code for p in game.map.provinces if p.region == letter]
        lines.append(f"  {region}: {' '.join(codes)}")
    lines.append(f"ports (13.32): {' '.join(p.code for p in game.map.provinces if p.port)}")
    off_rail = [p.code for p in game.map.provinces if not p.rail]
    lines.append(f"off the rail net (5.5, 21.21): {' '.join(off_rail) or 'none'}")
    return "\n".join(lines) + "\n"


def counters_document(game: GameData) -> dict[str, Any]:
    """Every unit (combat, leader, Imperial) and the markers."""
    units: list[dict[str, Any]] = []
    for unit in game.counters.units:
        nationality = game.counters.nationalities[unit.nationality]
        entry: dict[str, Any] = {"id": unit.id, "kind": unit.kind, "color": nationality.color,
                                 "nationality": unit.nationality}
        if isinstance(unit, Leader):
            entry |= {"value": unit.value, "name": unit.name, "home": unit.home,
                      "asterisk": unit.asterisk, "solitaire_setup": unit.solitaire_setup,
                      "spellings": list(unit.spellings)}
        else:
            entry |= {"strength": unit.strength, "name": f"{unit.nationality} {unit.id}",
                      "home": unit.home, "asterisk": False}
        units.append(entry | {"source": unit.source})
    for imperial in game.counters.imperial:
        units.append({"id": imperial.id, "kind": "imperial", "color": None,
                      "nationality": None, "name": imperial.name, "home": imperial.setup,
                      "asterisk": False, "source": f"rulebook {imperial.rule}"})
    markers = game.counters.markers.model_dump(mode="json")
    markers["randomizers"] = game.counters.randomizers.model_dump(mode="json")
    return {"units": units, "markers": markers}
