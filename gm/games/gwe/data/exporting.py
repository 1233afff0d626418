"""`gm data export --game gwe DATA_DIR CSV_DIR`: a data set written as the GM's CSV files
(sheets.py, docs/data-gwe.md); and `gm data import`'s other half, the YAML files written from
what the CSV files say."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from gm.core.errors import GameError
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.models import CountersFile, MapFile, Unit
from gm.games.gwe.data.sheets import (
    COUNTERS,
    HEXES,
    RAIL,
    SHEET,
    SIDES,
    UNLIMITED,
    armies_cell,
    by_turn_cell,
    number_cell,
    start_line_cell,
    write_rows,
    yes_cell,
)

Rows = list[dict[str, str]]


class ExportError(GameError):
    """A data set the CSV files cannot say (a hexside between hexes that do not touch)."""


def _sourced(item: Any) -> dict[str, str]:
    return {"source": item.source, "note": item.note or ""}


def sheet_rows(map_file: MapFile, counters: CountersFile) -> Rows:
    rows = [{"item": "map", "name": map_file.name, **_sourced(map_file)},
            {"item": "counters", "value": counters.exclusive_rules or "", **_sourced(counters)}]
    rows += [{"item": "extent", "name": e.map,
              "value": f"{e.columns[0]}-{e.columns[1]} {e.rows[0]}-{e.rows[1]}", **_sourced(e)}
             for e in map_file.extents]
    names = [line.name for line in map_file.start_lines]
    for name in {n for n in names if names.count(n) > 1 or ";" in n or "#" in n}:
        raise ExportError(f"start line {name!r}: a start line's name is written once, "
                          "without a `;` or `#`, to be named in hexes.csv")
    rows += [{"item": "start_line", "name": line.name, "value": armies_cell(line.armies),
              **_sourced(line)} for line in map_file.start_lines]
    rows += [{"item": "east_edge", "name": edge.map, "value": f"row {edge.row}"
              if edge.row is not None else f"column {edge.column}", **_sourced(edge)}
             for edge in map_file.east_edges]
    return rows


class _HexRows:
    """The rows of hexes.csv: one a hex, and another where a part of it (a hexside, an entry
    hex) has its own source or note, or where a row's place for it is taken."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, dict[str, str]]] = []

    def row(self, hex_id: str, sourced: dict[str, str], free: tuple[str, ...] = ()
            ) -> dict[str, str]:
        for found_id, row in self.rows:
            if found_id == hex_id and all(row.get(k, "") == v for k, v in sourced.items()) \
                    and not any(row.get(c) for c in free):
                return row
        row = {"hex": hex_id, **sourced}
        self.rows.append((hex_id, row))
        return row

    def sorted(self) -> Rows:
        order = {id(row): i for i, (_, row) in enumerate(self.rows)}
        return [row for _, row in sorted(self.rows, key=lambda r: (parse_hex(r[0]), r[0],
                                                                   order[id(r[1])]))]


def hex_rows(map_file: MapFile) -> Rows:
    found = _HexRows()
    for entry in map_file.hexes:
        row = found.row(entry.id, _sourced(entry), free=("terrain",))
        row |= {"terrain": entry.terrain, "country": entry.country or "",
                "trench": yes_cell(entry.trench)}
        if entry.city is not None:
            row |= {"city": entry.city.name, "vp": number_cell(entry.city.vp)}
        if entry.landmark is not None:  # a hex is a city or a landmark, never both (its VP)
            if entry.city is not None:
                raise ExportError(f"hex {entry.id}: both a city and a landmark; the sheet "
                                  "gives a hex one Victory Point value")
            landmark = entry.landmark
            row |= {"landmark": f"{landmark.kind}: {landmark.name}",
                    "vp": number_cell(landmark.vp)}
        if entry.fortress is not None:
            fortress = entry.fortress
            row["fortress"] = f"{fortress.side} {fortress.defense}/{fortress.weakened_defense}"
    for side in map_file.hexsides:
        first, second = (parse_hex(h) for h in side.between)
        direction = first.direction_to(second)
        if direction is None:
            raise ExportError(f"hexside {side.between[0]}/{side.between[1]}: the hexes do not "
                              "touch; fix it (gm data check) before exporting")
        if not side.features:
            raise ExportError(f"hexside {side.between[0]}/{side.between[1]} has no feature")
        found.row(side.between[0], _sourced(side), free=(direction,))[direction] = \
            " ".join(side.features)
    for entry_hex in map_file.entry_hexes:
        row = found.row(entry_hex.hex, _sourced(entry_hex))
        row["entry"] = " ".join([*row.get("entry", "").split(),
                                 f"{entry_hex.side}:{entry_hex.letter}"])
    for line in map_file.start_lines:
        for place, hex_id in enumerate(line.hexes, start=1):
            # a hex's membership carries no source of its own: its line's row in sheet.csv
            row = next((r for i, r in found.rows if i == hex_id), {}) or \
                found.row(hex_id, {"source": line.source, "note": line.note or ""})
            row["start_line"] = "; ".join([*filter(None, [row.get("start_line", "")]),
                                           start_line_cell(line.name, place)])
    return found.sorted()


def rail_rows(map_file: MapFile) -> Rows:
    rows = [{"kind": line.kind, "hexes": " ".join(line.hexes),
             "exits_map": yes_cell(line.exits_map), "side": line.side or "", **_sourced(line)}
            for line in map_file.rail_lines]
    rows += [{"kind": "link", "hexes": f"{link.exit} {link.reenter}", "cost": str(link.cost),
              "side": link.side or "", **_sourced(link)} for link in map_file.off_map_links]
    return rows


def side_rows(counters: CountersFile) -> Rows:
    rows = [{"kind": "side", "code": code, "name": side.name,
             "stacking_limit": str(side.stacking_limit), "rail_capacity":
             str(side.rail_capacity), "rail_capacity_by_turn":
             by_turn_cell(side.rail_capacity_by_turn), "rail_rate": str(side.rail_rate),
             "rail_capacity_source": side.rail_capacity_source or "", **_sourced(side)}
            for code, side in counters.sides.items()]
    rows += [{"kind": "nationality", "code": code, "name": n.name, "side": n.side,
              "tcr": str(n.tcr), "supply_range": str(n.supply_range),
              "country": n.country or "",
              "rail_capacity": "" if n.rail_capacity is None else str(n.rail_capacity),
              "rail_capacity_by_turn": by_turn_cell(n.rail_capacity_by_turn),
              "rail_rate": "" if n.rail_rate is None else str(n.rail_rate), **_sourced(n)}
             for code, n in counters.nationalities.items()]
    return rows


def _hq_cell(unit: Unit) -> str:
    if unit.hq is None:
        return ""
    hq = unit.hq
    strength = UNLIMITED if hq.command_strength is None else str(hq.command_strength)
    shift = f"({hq.attack_shift})" if hq.parenthesized else str(hq.attack_shift)
    return f"{shift}-{hq.command_radius}-{strength} {hq.level}" + \
        (" heroic" if hq.heroic else "")


def counter_rows(counters: CountersFile) -> Rows:
    rows: Rows = []
    for unit in counters.units:
        nationality = counters.nationalities.get(unit.nationality)
        arrives = unit.arrives
        rows.append({
            "id": unit.id, "side": nationality.side if nationality else "",
            "nationality": unit.nationality, "type": unit.type, "size": unit.size,
            "steps": " ".join(f"{s.attack}-{s.defense}-{s.movement}" for s in unit.steps),
            "tcr": number_cell(unit.tcr), "stacking": number_cell(unit.stacking_points),
            "hq": _hq_cell(unit), "setup": unit.setup or "",
            "arrives": "" if arrives is None else
            f"{arrives.turn} {arrives.entry}" + (" entrained" if arrives.entrained else ""),
            "exception": unit.exception or "", **_sourced(unit)})
    return rows


def write_sheets(map_file: MapFile, counters: CountersFile, folder: Path) -> list[Path]:
    """The five CSV files of a data set written in `folder`; the paths written."""
    tables = {SHEET: sheet_rows(map_file, counters), HEXES: hex_rows(map_file),
              RAIL: rail_rows(map_file), SIDES: side_rows(counters),
              COUNTERS: counter_rows(counters)}
    folder.mkdir(parents=True, exist_ok=True)
    for name, rows in tables.items():
        write_rows(folder / name, rows)
    return [folder / name for name in tables]


def yaml_text(model: MapFile | CountersFile, origin: str, block: bool = False) -> str:
    """A map.yaml or counters.yaml: the defaults left out, each entry on a line or few
    (`block`: each field on a line of its own, so that a problem's line names its field)."""
    document = model.model_dump(mode="json", exclude_defaults=True)
    for side in document.get("sides", {}).values():  # JSON's keys are strings; Game-Turns not
        if "rail_capacity_by_turn" in side:
            side["rail_capacity_by_turn"] = {int(turn): value for turn, value
                                             in side["rail_capacity_by_turn"].items()}
    head = f"# Written by `gm data import` from {origin}: edit those files and import again.\n"
    return head + yaml.dump(document, Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                            default_flow_style=False if block else None, width=100)


class _Dumper(yaml.SafeDumper):
    """Hex ids quoted ("0803"), as the data sets write them: a reader of YAML 1.2 would take
    0803 unquoted for a number."""


def _string(dumper: yaml.SafeDumper, text: str) -> yaml.Node:
    style = '"' if text[-4:].isdigit() and len(text) <= 5 else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _string)
