"""One order for a map's entries whose order means nothing to the rules (hexes, hexsides, entry
hexes): by hex, then by what they say. A start line's hexes keep theirs: ruling G29 reads
which side of the line is whose from it. An import gives its map in this
order, so the data of an export imported again is the data exported, put in this order."""

from __future__ import annotations

from gm.games.gwe.data.hexes import DIRECTIONS, parse_hex
from gm.games.gwe.data.models import EntryHex, HexEntry, HexsideEntry, MapFile


def _hex_key(entry: HexEntry) -> tuple[object, ...]:
    return parse_hex(entry.id), entry.id, entry.model_dump_json()


def _side_key(entry: HexsideEntry) -> tuple[object, ...]:
    first, second = (parse_hex(h) for h in entry.between)
    direction = first.direction_to(second)
    return (first, entry.between[0], DIRECTIONS.index(direction) if direction else -1,
            entry.model_dump_json())


def _entry_key(entry: EntryHex) -> tuple[object, ...]:
    return parse_hex(entry.hex), entry.hex, entry.model_dump_json()


def canonical_map(map_file: MapFile) -> MapFile:
    return map_file.model_copy(update={
        "hexes": tuple(sorted(map_file.hexes, key=_hex_key)),
        "hexsides": tuple(sorted(map_file.hexsides, key=_side_key)),
        "entry_hexes": tuple(sorted(map_file.entry_hexes, key=_entry_key)),
    })
