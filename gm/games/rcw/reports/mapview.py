"""The map drawn from the map data: provinces placed by latitude and longitude (an equirectangular
projection squeezed by the cosine of Russia's middle latitude), regions coloured, rail lines,
stacks, this phase's moves and combats. Geometry only; no rule is decided here."""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from gm.games.rcw.data.dataset import GameData
from gm.reporting.model import MapLine, MapProvince, MapView, StackView

WIDTH = 1100
MARGIN = 30
REGION_FILL = {"G": "#e8d9b5", "W": "#d9e8c5", "U": "#f2e6a0", "T": "#e6c4c4", "S": "#c9dcea",
               "C": "#e3c9e6", "B": "#c4e6df", "F": "#d5d5ee", "P": "#eed5c4"}
ROUTE = re.compile(r"^([A-Z]{3,4}(?:-[A-Z]{3,4})+)")
WHERE = re.compile(r" in ([A-Z]{3,4})\b")


def _projection(data: GameData) -> tuple[int, Callable[[float, float], tuple[float, float]]]:
    lats = [p.lat for p in data.map.provinces]
    lons = [p.lon for p in data.map.provinces]
    squeeze = math.cos(math.radians((min(lats) + max(lats)) / 2))
    scale = (WIDTH - 2 * MARGIN) / ((max(lons) - min(lons)) * squeeze)
    height = int((max(lats) - min(lats)) * scale + 2 * MARGIN)

    def at(lat: float, lon: float) -> tuple[float, float]:
        return (round(MARGIN + (lon - min(lons)) * squeeze * scale, 1),
                round(MARGIN + (max(lats) - lat) * scale, 1))
    return height, at


def build_map(data: GameData, stacks: dict[str, list[StackView]], routes: list[list[str]],
              combats: list[str]) -> MapView:
    height, at = _projection(data)
    point = {p.code: at(p.lat, p.lon) for p in data.map.provinces}
    provinces = [MapProvince(code=p.code, x=point[p.code][0], y=point[p.code][1],
                             fill=REGION_FILL.get(p.region, "#dddddd"),
                             stacks=stacks.get(p.code, []))
                 for p in data.map.provinces]

    def lines(pairs: set[tuple[str, str]]) -> list[MapLine]:
        return [MapLine(x1=point[a][0], y1=point[a][1], x2=point[b][0], y2=point[b][1])
                for a, b in sorted(pairs)]

    borders = {tuple(sorted((p.code, n))) for p in data.map.provinces for n in p.adjacent}
    rails = {tuple(sorted((p.code, n))) for p in data.map.provinces for n in p.rail}
    return MapView(width=WIDTH, height=height, provinces=provinces,
                   borders=lines(borders), rails=lines(rails),  # type: ignore[arg-type]
                   moves=[[point[c] for c in route if c in point] for route in routes],
                   combats=[point[c] for c in combats if c in point])


def routes_and_combats(details: list[tuple[str, str]]) -> tuple[list[list[str]], list[str]]:
    """(order text, detail) of this phase -> the routes moved and the provinces fought in."""
    routes, combats = [], []
    for text, detail in details:
        if text.startswith(("MOVE", "RAIL")):
            found = ROUTE.match(detail)
            if found:
                routes.append(found.group(1).split("-"))
        elif text.startswith(("ATTACK", "SUBVERT")):
            found = WHERE.search(detail)
            if found:
                combats.append(found.group(1))
    return routes, combats
