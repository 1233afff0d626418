"""`gm data map --json` and `gm data counters --json` for Great War in the East: the data set
as its files give it (docs/data-gwe.md), every hex listed with what it holds, and the map in
words for a summary."""

from __future__ import annotations

from typing import Any

from gm.games.gwe.data.dataset import GweData


def map_document(data: GweData) -> dict[str, Any]:
    document = data.map.model_dump(mode="json", exclude_none=True)
    document["hexes"] = [entry.model_dump(mode="json", exclude_none=True)
                         for _, entry in sorted(data.hexes.items())]
    return {"game": "gwe", **document}


def map_summary(data: GweData) -> str:
    named = [e for e in data.hexes.values() if e.city is not None]
    fortresses = [e for e in data.hexes.values() if e.fortress is not None]
    return (f"{data.map.name}: {len(data.hexes)} hexes, {len(named)} towns and cities, "
            f"{len(fortresses)} fortresses, {len(data.map.rail_lines)} rail lines, "
            f"{len(data.map.start_lines)} start-line sectors\n")


def counters_document(data: GweData) -> dict[str, Any]:
    return {"game": "gwe", **data.counters.model_dump(mode="json", exclude_none=True)}
