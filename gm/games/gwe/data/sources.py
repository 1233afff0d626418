"""What of a data set is not the printed game: every entry whose `source` begins with
reconstructed, provisional or synthetic (`gm data check --game gwe --list-reconstructed`), by
kind, each with its id and its note, at its file and line; a GM who owns the game replaces
them (docs/data-gwe.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from gm.core.data import Problem
from gm.core.yamlio import line_of
from gm.games.gwe.data.dataset import COUNTERS_FILE, MAP_FILE, GweData
from gm.games.gwe.data.deployment import DEPLOYMENT_FILE, Deployment, load_deployment

NOT_PRINTED = ("reconstructed", "provisional", "synthetic")


@dataclass(frozen=True)
class SourcedItem:
    kind: str  # "hex", "hexside", "rail line", ...
    id: str
    source: str
    note: str
    at: Problem  # its file and line, the words of its listing

    def __str__(self) -> str:
        return str(self.at)


@dataclass(frozen=True)
class _Sourced:
    """A value with a source of its own inside an entry (a side's Rail Capacity)."""

    source: str
    note: str | None = None


def source_kind(source: str) -> str:
    """`reconstructed: from the 1914 railways` -> `reconstructed`."""
    return source.split(":", 1)[0].strip().split(" ", 1)[0].lower()


def _entries(data: GweData) -> Iterator[tuple[str, str, str, tuple[Any, ...], Any]]:
    yield "map", data.map.name, MAP_FILE, (), data.map
    for i, extent in enumerate(data.map.extents):
        span = f"{extent.map}{extent.columns[0]:02d}-{extent.columns[1]:02d} by " \
               f"{extent.rows[0]:02d}-{extent.rows[1]:02d}"
        yield "extent", span, MAP_FILE, ("extents", i), extent
    for i, entry in enumerate(data.map.hexes):
        yield "hex", entry.id, MAP_FILE, ("hexes", i), entry
    for i, side in enumerate(data.map.hexsides):
        yield "hexside", "/".join(side.between), MAP_FILE, ("hexsides", i), side
    for i, line in enumerate(data.map.rail_lines):
        yield "rail line", f"{line.hexes[0]}-{line.hexes[-1]}", MAP_FILE, ("rail_lines", i), line
    for i, entry_hex in enumerate(data.map.entry_hexes):
        yield "entry hex", f"{entry_hex.side} {entry_hex.letter} {entry_hex.hex}", MAP_FILE, \
            ("entry_hexes", i), entry_hex
    for i, start in enumerate(data.map.start_lines):
        yield "start line", start.name, MAP_FILE, ("start_lines", i), start
    for i, link in enumerate(data.map.off_map_links):
        yield "off-map link", f"{link.exit}>{link.reenter}", MAP_FILE, ("off_map_links", i), link
    for i, edge in enumerate(data.map.east_edges):
        yield "east edge", edge.map or "the map", MAP_FILE, ("east_edges", i), edge
    yield "counters file", "counters.yaml", COUNTERS_FILE, (), data.counters
    for code, own_side in data.counters.sides.items():
        yield "side", code, COUNTERS_FILE, ("sides", code), own_side
        if own_side.rail_capacity_source is not None:  # a Game-Turn Track of its own source
            yield "rail capacity", code, COUNTERS_FILE, ("sides", code, "rail_capacity_source"), \
                _Sourced(own_side.rail_capacity_source)
    for code, nationality in data.counters.nationalities.items():
        yield "nationality", code, COUNTERS_FILE, ("nationalities", code), nationality
    for i, unit in enumerate(data.counters.units):
        yield "counter", unit.id, COUNTERS_FILE, ("units", i), unit


def _deployment_entries(deployment: Deployment
                        ) -> Iterator[tuple[str, str, str, tuple[Any, ...], Any]]:
    file = deployment.file
    yield "deployment", file.scenario, DEPLOYMENT_FILE, (), file
    for unit_id, entry in file.units.items():
        yield "placement", f"{unit_id} {entry.hex}", DEPLOYMENT_FILE, ("units", unit_id), entry


def not_printed(data: GweData) -> list[SourcedItem]:
    found = []
    deployment, _ = load_deployment(data.directory)  # its problems are gm data check's
    documents = {**(data.docs or {}),
                 **({DEPLOYMENT_FILE: deployment.document} if deployment else {})}
    entries = [*_entries(data), *(_deployment_entries(deployment) if deployment else ())]
    for kind, item_id, name, loc, item in entries:
        source: str = item.source
        if source_kind(source) not in NOT_PRINTED:
            continue
        note = item.note or source.partition(":")[2].strip()
        document = documents.get(name)
        line = line_of(document, loc) if document is not None else 0
        words = f"{kind} {item_id} ({source_kind(source)})" + (f": {note}" if note else "")
        found.append(SourcedItem(kind, item_id, source, note,
                                 Problem(str(data.directory / name), line, words)))
    return found


def listing(items: list[SourcedItem], provisional_cells: int) -> list[str]:
    """The counts by kind, then each item at its line (the chart cells are the warnings)."""
    counts = Counter(item.kind for item in items)
    parts = [f"{n} {kind if n == 1 else _plural(kind)}" for kind, n in counts.items()]
    if provisional_cells:
        parts.append(f"{provisional_cells} provisional chart cell"
                     f"{'' if provisional_cells == 1 else 's'} (the warnings)")
    head = f"not printed ({', '.join(NOT_PRINTED)}): " + (", ".join(parts) or "nothing")
    return [head, *(str(item) for item in items)]


def _plural(kind: str) -> str:
    if kind.endswith("y"):  # a rail capacity, capacities
        return kind[:-1] + "ies"
    return kind + ("es" if kind.endswith(("x", "s")) else "s")
