"""`gm data import --game gwe CSV_DIR OUT_DIR`: the GM's CSV files (sheets.py,
docs/data-gwe.md) read into the schema, every problem at its file and line. The entries come
out in a canonical order (canonical.py), so an export imported again gives the same data."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from gm.core.data import Problem
from gm.games.gwe.data.canonical import canonical_map
from gm.games.gwe.data.dataset import COUNTERS_FILE, MAP_FILE
from gm.games.gwe.data.hexes import DIRECTIONS as HEX_DIRECTIONS
from gm.games.gwe.data.hexes import Direction, HexError, parse_hex
from gm.games.gwe.data.models import (
    CountersFile,
    EntryHex,
    Extent,
    HexEntry,
    HexsideEntry,
    MapEdge,
    MapFile,
    Nationality,
    OffMapLink,
    RailLine,
    Side,
    StartLine,
    Unit,
)
from gm.games.gwe.data.sheets import (
    COUNTERS,
    HEXES,
    RAIL,
    SHEET,
    SIDES,
    UNLIMITED,
    Row,
    SheetError,
    armies,
    by_turn,
    names,
    number,
    read_rows,
    start_line_place,
    triples,
    words,
    yes,
)

Model = TypeVar("Model", bound=BaseModel)


@dataclass(frozen=True)
class Origin:
    """The row an entry of the data set was read from, and the column of each of its fields
    whose name differs, so that a problem found in the data set is said where it was typed."""

    row: Row
    columns: dict[str, str]


@dataclass(frozen=True)
class Imported:
    """A folder of CSV files read: the map and counters (None with problems), and the origin
    of each entry, by file, section and place, in the order written (sheet_problems.py)."""

    map_file: MapFile | None
    counters: CountersFile | None
    problems: list[Problem]
    origins: dict[str, dict[str, dict[object, Origin]]]


# what makes a hex entry (a row with none of them gives only hexsides, entries, start lines)
HEX_OWN = ("terrain", "country", "city", "vp", "landmark", "fortress", "trench")


class _Reader:
    """Collects the problems of every row while the models are built."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.failed: set[tuple[Path, int]] = set()  # rows with a cell already said wrong
        self.origins: dict[int, Origin] = {}  # each model made, by id: its row and columns

    def cell(self, row: Row, read: Callable[..., Any], *args: str) -> Any:
        """read(*args), or None and the row's problem."""
        try:
            return read(*args)
        except (SheetError, HexError) as exc:
            self.problems.append(row.problem(str(exc)))
            self.failed.add((row.file, row.line))
            return None

    def model(self, row: Row, model: type[Model], fields: dict[str, Any],
              columns: dict[str, str] | None = None) -> Model | None:
        """The row's model, or its problems; `columns`: the CSV column of a field, where
        their names differ."""
        try:
            made = model.model_validate({k: v for k, v in fields.items() if v is not None})
            self.origins[id(made)] = Origin(row, columns or {})
            return made
        except ValidationError as exc:
            for error in exc.errors():
                if error["type"] == "missing" and (row.file, row.line) in self.failed:
                    continue  # its cell's own problem says why
                loc = [str(p) for p in error["loc"]]
                if loc:
                    loc[0] = (columns or {}).get(loc[0], loc[0])
                where = ".".join(loc) or model.__name__
                self.problems.append(row.problem(f"{where}: {error['msg']}"))
            return None


def read_sheets(folder: Path) -> tuple[MapFile | None, CountersFile | None, list[Problem]]:
    """The map and the counters a folder of CSV files describes, or the problems found."""
    return _read_sheets(folder, _Reader())


def _read_sheets(folder: Path, reader: _Reader
                 ) -> tuple[MapFile | None, CountersFile | None, list[Problem]]:
    rows = {name: read_rows(folder / name, reader.problems)
            for name in (SHEET, HEXES, RAIL, SIDES, COUNTERS)}
    if reader.problems:
        return None, None, reader.problems
    map_file = _map(reader, rows)
    counters = _counters(reader, rows)
    if reader.problems:
        return None, None, reader.problems
    return map_file, counters, []


def _sourced(row: Row) -> dict[str, Any]:
    return {"source": row["source"], "note": row["note"] or None}


def _map(reader: _Reader, rows: dict[str, list[Row]]) -> MapFile | None:
    heads = [r for r in rows[SHEET] if r["item"] == "map"]
    for row in rows[SHEET]:
        if row["item"] not in ("map", "counters", "extent", "start_line", "east_edge"):
            reader.problems.append(row.problem(f"item {row['item']!r}: one of map, counters, "
                                               "extent, start_line, east_edge"))
    if len(heads) != 1:
        where = heads[1] if heads else None
        message = "one `map` row names the map and its source"
        reader.problems.append(where.problem(message) if where else
                               Problem(str(rows_path(rows, SHEET)), 0, message))
        return None
    extents = [reader.model(r, Extent, {"map": r["name"], **_extent(reader, r), **_sourced(r)})
               for r in rows[SHEET] if r["item"] == "extent"]
    start_rows = {r["name"]: r for r in rows[SHEET] if r["item"] == "start_line"}
    members: dict[str, list[_Member]] = {name: [] for name in start_rows}
    hexes, hexsides, entries = _hex_rows(reader, rows[HEXES], members)
    starts = [reader.model(r, StartLine, {"name": name, "hexes": _along(reader, members[name]),
                                          "armies": reader.cell(r, armies, r["value"]) or {},
                                          **_sourced(r)})
              for name, r in start_rows.items()]
    lines = [reader.model(r, RailLine, {"kind": r["kind"], "hexes": words(r["hexes"]),
                                        "exits_map": reader.cell(r, yes, r["exits_map"]),
                                        "side": r["side"] or None, **_sourced(r)})
             for r in rows[RAIL] if r["kind"] != "link"]
    links = [_link(reader, r) for r in rows[RAIL] if r["kind"] == "link"]
    east = [reader.model(r, MapEdge, {"map": r["name"], **_edge(reader, r), **_sourced(r)})
            for r in rows[SHEET] if r["item"] == "east_edge"]
    head = heads[0]
    return reader.model(head, MapFile, {
        "name": head["name"], **_sourced(head), "extents": extents, "hexes": hexes,
        "hexsides": hexsides, "rail_lines": lines, "entry_hexes": entries,
        "start_lines": starts, "off_map_links": links, "east_edges": east}) \
        if reader.problems == [] else None


def rows_path(rows: dict[str, list[Row]], name: str) -> Path:
    return next((r.file for found in rows.values() for r in found), Path(".")).with_name(name)


def _extent(reader: _Reader, row: Row) -> dict[str, Any]:
    def read() -> dict[str, Any]:
        spans = row["value"].split()
        pairs = [s.split("-") for s in spans]
        if len(pairs) != 2 or any(len(p) != 2 or not all(x.isdigit() for x in p)
                                  for p in pairs):
            raise SheetError(f"extent {row['value']!r}: write its columns then its rows, "
                             "e.g. 1-10 1-8")
        return {"columns": [int(x) for x in pairs[0]], "rows": [int(x) for x in pairs[1]]}
    return reader.cell(row, read) or {}


def _edge(reader: _Reader, row: Row) -> dict[str, Any]:
    """`row 1` or `column 16`: the map's East edge (9.0, as a game's Exclusive Rules name
    it)."""
    def read() -> dict[str, Any]:
        parts = row["value"].split()
        if len(parts) != 2 or parts[0] not in ("row", "column") or not parts[1].isdigit():
            raise SheetError(f"east_edge {row['value']!r}: write `row` or `column` and its "
                             "number, e.g. row 1 or column 16")
        return {parts[0]: int(parts[1])}
    return reader.cell(row, read) or {}


def _link(reader: _Reader, row: Row) -> OffMapLink | None:
    ends = words(row["hexes"])
    if len(ends) != 2:
        reader.problems.append(row.problem("a link names two hexes: where a unit leaves the "
                                           "map, then where it comes back (5.37)"))
        return None
    cost = reader.cell(row, number, row["cost"], "cost")
    return reader.model(row, OffMapLink, {"exit": ends[0], "reenter": ends[1], "cost": cost,
                                          "side": row["side"] or None, **_sourced(row)},
                        {"exit": "hexes", "reenter": "hexes"})


_Member = tuple[int | None, str, Row]  # a start-line hex: its place along the line, id, row


def _along(reader: _Reader, found: list[_Member]) -> list[str]:
    """A start line's hexes in its order (ruling G29 reads the sides from it): by their
    places, or the rows' order where none has one."""
    numbered = [m for m in found if m[0] is not None]
    if not numbered:
        return [hex_id for _, hex_id, _ in found]
    for place, hex_id, row in found:
        if place is None:
            reader.problems.append(row.problem(
                f"hex {hex_id}: give its place along the start line (`name #N`), as its other "
                "hexes have"))
        elif sum(1 for m in numbered if m[0] == place) > 1:
            reader.problems.append(row.problem(f"hex {hex_id}: place #{place} along the start "
                                               "line is given to another hex too"))
    return [hex_id for _, hex_id, _ in sorted(numbered, key=lambda m: m[0] or 0)]


def _hex_rows(reader: _Reader, rows: list[Row], members: dict[str, list[_Member]]
              ) -> tuple[list[Any], list[Any], list[Any]]:
    hexes: list[Any] = []
    hexsides: list[Any] = []
    entries: list[Any] = []
    own: dict[str, Row] = {}
    for row in rows:
        where = reader.cell(row, parse_hex, row["hex"])
        if where is None:
            continue
        text = row["hex"]
        if any(row[c] for c in HEX_OWN):
            if str(where) in own:
                reader.problems.append(row.problem(
                    f"hex {text}: its terrain and city already given on line "
                    f"{own[str(where)].line}"))
            own[str(where)] = row
            hexes.append(_hex_entry(reader, row))
        for direction in HEX_DIRECTIONS:
            if row[direction]:
                hexsides.append(_hexside(reader, row, direction))
        for word in words(row["entry"]):
            side, _, letter = word.partition(":")
            if not letter:
                reader.problems.append(row.problem(
                    f"entry {word!r}: write the side, a colon and the letter, e.g. allied:A"))
                continue
            entries.append(reader.model(row, EntryHex, {"letter": letter, "hex": text,
                                                        "side": side, **_sourced(row)}))
        for member in names(row["start_line"]):
            name, place = reader.cell(row, start_line_place, member) or (member, None)
            if name not in members:
                reader.problems.append(row.problem(
                    f"start line {name!r} is not named in {SHEET} (item start_line)"))
                continue
            members[name].append((place, text, row))
    return hexes, hexsides, entries


def _hex_entry(reader: _Reader, row: Row) -> HexEntry | None:
    vp = reader.cell(row, number, row["vp"], "vp")
    if vp is not None and not (row["city"] or row["landmark"]):
        reader.problems.append(row.problem("Victory Points belong to a city or a landmark: "
                                           "name it"))
    city = {"name": row["city"], "vp": vp} if row["city"] else None
    landmark = None
    if row["landmark"]:  # `mountain_pass: Duka Pass` or `hex: G1126`; its VP in `vp`
        kind, _, name = row["landmark"].partition(":")
        landmark = {"kind": kind.strip(), "name": name.strip(),
                    "vp": None if city else vp}
    return reader.model(row, HexEntry, {
        "id": row["hex"], "terrain": row["terrain"] or None, "country": row["country"] or None,
        "city": city, "landmark": landmark,
        "fortress": reader.cell(row, _fortress, row["fortress"]),
        "trench": reader.cell(row, yes, row["trench"]), **_sourced(row)},
        {"id": "hex"})


def _fortress(text: str) -> dict[str, Any] | None:
    if not text:
        return None
    side, _, strengths = text.partition(" ")
    whole, _, weakened = strengths.strip().partition("/")
    if not (whole.isdigit() and weakened.isdigit()):
        raise SheetError(f"fortress {text!r}: write its side and Defense Strengths whole and "
                         "weakened (11.14), e.g. central 6/3")
    return {"side": side, "defense": int(whole), "weakened_defense": int(weakened)}


def _hexside(reader: _Reader, row: Row, direction: Direction) -> HexsideEntry | None:
    here = parse_hex(row["hex"])
    there = here.neighbour(direction)
    if there is None:
        reader.problems.append(row.problem(f"hex {row['hex']} has no neighbour to the "
                                           f"{direction}: past the numbering (2.1)"))
        return None
    text = str(there)
    if row["hex"][:1].isupper():  # the map letter written as the row writes it (ruling G2)
        text = text[:1].upper() + text[1:]
    made = reader.model(row, HexsideEntry, {"between": [row["hex"], text],
                                            "features": words(row[direction]), **_sourced(row)},
                        {"features": f"hexside {direction}"})
    if made is not None:  # its row's column is its direction
        reader.origins[id(made)] = Origin(row, {"features": direction, "between": direction})
    return made


def _counters(reader: _Reader, rows: dict[str, list[Row]]) -> CountersFile | None:
    heads = [r for r in rows[SHEET] if r["item"] == "counters"]
    if len(heads) != 1:
        message = "one `counters` row gives the counters' source"
        reader.problems.append(heads[1].problem(message) if heads else
                               Problem(str(rows_path(rows, SHEET)), 0, message))
        return None
    sides: dict[str, Any] = {}
    nationalities: dict[str, Any] = {}
    for row in rows[SIDES]:
        kind, code = row["kind"], row["code"]
        if kind not in ("side", "nationality") or not code:
            reader.problems.append(row.problem("kind side or nationality, and its code"))
            continue
        found = sides if kind == "side" else nationalities
        if code in found:
            reader.problems.append(row.problem(f"{kind} {code} given twice"))
        numbers = {c: reader.cell(row, number, row[c], c.replace("_", " "))
                   for c in ("stacking_limit", "rail_capacity", "rail_rate", "tcr",
                             "supply_range")}
        fields = {"name": row["name"], **_sourced(row)}
        if kind == "side":
            fields |= {c: numbers[c] for c in ("stacking_limit", "rail_capacity", "rail_rate")}
            fields["rail_capacity_by_turn"] = reader.cell(
                row, by_turn, row["rail_capacity_by_turn"], "rail capacity by turn") or {}
            fields["rail_capacity_source"] = row["rail_capacity_source"] or None
            found[code] = reader.model(row, Side, fields)
        else:
            fields |= {"side": row["side"], "tcr": numbers["tcr"],
                       "supply_range": numbers["supply_range"],
                       "country": row["country"] or None,
                       "rail_capacity": numbers["rail_capacity"],
                       "rail_rate": numbers["rail_rate"],
                       "rail_capacity_by_turn": reader.cell(
                           row, by_turn, row["rail_capacity_by_turn"],
                           "rail capacity by turn") or {}}
            found[code] = reader.model(row, Nationality, fields)
    units = [_unit(reader, row, nationalities) for row in rows[COUNTERS]]
    if reader.problems:
        return None
    return reader.model(heads[0], CountersFile, {"source": heads[0]["source"],
                                                 "note": heads[0]["note"] or None,
                                                 "exclusive_rules": heads[0]["value"] or None,
                                                 "sides": sides, "nationalities": nationalities,
                                                 "units": units})


def _unit(reader: _Reader, row: Row, nationalities: dict[str, Any]) -> Unit | None:
    nationality = nationalities.get(row["nationality"])
    if nationality is None:
        reader.problems.append(row.problem(f"{row['id']}: nationality {row['nationality']!r}"
                                           f" is not in {SIDES}"))
    elif row["side"] and row["side"] != nationality.side:
        reader.problems.append(row.problem(
            f"{row['id']}: side {row['side']!r}, but its nationality {row['nationality']} "
            f"is of {nationality.side!r}"))
    steps = reader.cell(row, lambda: [{"attack": a, "defense": d, "movement": m}
                                      for a, d, m in triples(row["steps"], "step")])
    return reader.model(row, Unit, {
        "id": row["id"], "nationality": row["nationality"], "type": row["type"],
        "size": row["size"], "steps": steps,
        "tcr": reader.cell(row, number, row["tcr"], "tcr"),
        "stacking_points": reader.cell(row, number, row["stacking"], "stacking"),
        "hq": reader.cell(row, _hq, row["hq"]), "setup": row["setup"] or None,
        "arrives": reader.cell(row, _arrival, row["arrives"]),
        "exception": row["exception"] or None, **_sourced(row)},
        {"stacking_points": "stacking", "arrives": "arrives"})


def _hq(text: str) -> dict[str, Any] | None:
    """`1-3-6 army`, `2-4-* front heroic`, `(1)-8-4 front`: Attack Shift (in parentheses as
    printed, where it is), Command Radius, Command Strength (`*`: no limit), its level, and H
    for a Heroic leader (10.11, 10.12)."""
    if not text:
        return None
    parts = text.split()
    values = parts[0].split("-") if parts else []
    parenthesized = bool(values) and values[0].startswith("(") and values[0].endswith(")")
    if parenthesized:
        values[0] = values[0][1:-1]
    usage = (f"hq {text!r}: write Attack Shift-Command Radius-Command Strength and the level, "
             "e.g. 1-3-6 army (Strength * for no limit; add heroic for an H)")
    if len(parts) not in (2, 3) or len(values) != 3 or not values[0].isdigit() or \
            not values[1].isdigit() or not (values[2].isdigit() or values[2] == UNLIMITED) or \
            (len(parts) == 3 and parts[2] != "heroic"):
        raise SheetError(usage)
    return {"attack_shift": int(values[0]), "command_radius": int(values[1]),
            "command_strength": None if values[2] == UNLIMITED else int(values[2]),
            "level": parts[1], "heroic": len(parts) == 3, "parenthesized": parenthesized}


def _arrival(text: str) -> dict[str, Any] | None:
    """`3 B`, `3 B entrained`: a reinforcement's Game-Turn and entry hex letter (3.0, 14.12)."""
    if not text:
        return None
    parts = text.split()
    if len(parts) not in (2, 3) or not parts[0].isdigit() or \
            (len(parts) == 3 and parts[2] != "entrained"):
        raise SheetError(f"arrives {text!r}: write the Game-Turn and the entry hex's letter, "
                         "e.g. 3 B (add entrained if it arrives by rail, 14.12)")
    return {"turn": int(parts[0]), "entry": parts[1], "entrained": len(parts) == 3}


def import_map(folder: Path) -> tuple[MapFile | None, CountersFile | None, list[Problem]]:
    """read_sheets with the map's entries in canonical order."""
    imported = import_sheets(folder)
    return imported.map_file, imported.counters, imported.problems


def import_sheets(folder: Path) -> Imported:
    """The map (its entries in canonical order) and the counters of a folder of CSV files,
    with each entry's origin."""
    reader = _Reader()
    map_file, counters, problems = _read_sheets(folder, reader)
    if map_file is None or counters is None:
        return Imported(None, None, problems, {})
    map_file = canonical_map(map_file)

    def placed(entries: Sequence[object]) -> dict[object, Origin]:
        return {i: reader.origins[id(e)] for i, e in enumerate(entries)
                if id(e) in reader.origins}

    def coded(entries: Mapping[str, object]) -> dict[object, Origin]:
        return {code: reader.origins[id(e)] for code, e in entries.items()
                if id(e) in reader.origins}

    return Imported(map_file, counters, [], {
        MAP_FILE: {section: placed(getattr(map_file, section)) for section in (
            "extents", "hexes", "hexsides", "rail_lines", "entry_hexes", "start_lines",
            "off_map_links", "east_edges")},
        COUNTERS_FILE: {"units": placed(counters.units), "sides": coded(counters.sides),
                        "nationalities": coded(counters.nationalities)}})
