"""The GM's own copy of a data set as CSV files he types from his printed map and counters
(docs/data-gwe.md): which files, their columns, and how a cell is written. Importing.py reads
them into the schema (models.py), exporting.py writes them from it."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from gm.core.data import Problem

SHEET = "sheet.csv"  # the map, its extents, its start lines (value: armies); counters' source
HEXES = "hexes.csv"  # one row a hex
RAIL = "rail.csv"  # one row a railway, or a link between rail lines off the map (5.37)
SIDES = "sides.csv"  # one row a side or a nationality (an army's TCR, 2.4)
COUNTERS = "counters.csv"  # one row a counter

DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
COLUMNS: dict[str, tuple[str, ...]] = {
    SHEET: ("item", "name", "value", "source", "note"),
    HEXES: ("hex", "terrain", "country", "city", "vp", "landmark", "fortress", "trench",
            *DIRECTIONS, "entry", "start_line", "source", "note"),
    RAIL: ("kind", "hexes", "exits_map", "side", "cost", "source", "note"),
    SIDES: ("kind", "code", "name", "side", "stacking_limit", "rail_capacity",
            "rail_capacity_by_turn", "rail_rate", "tcr", "supply_range", "country",
            "rail_capacity_source", "source", "note"),
    COUNTERS: ("id", "side", "nationality", "type", "size", "steps", "tcr", "stacking", "hq",
               "setup", "arrives", "exception", "source", "note"),
}
# columns a file may leave out (an older sheet, a map without them): read as empty
OPTIONAL = {HEXES: ("landmark",), SIDES: ("rail_capacity_by_turn", "country",
                                         "rail_capacity_source")}
REQUIRED = (SHEET, HEXES, SIDES, COUNTERS)  # rail.csv may be left out: a map without railways
# A cell a spreadsheet would run as a formula (HYPERLINK, DDE) begins so; it is exported as
# text, behind an apostrophe, which an import takes off again (docs/data-gwe.md, issue 36).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
QUOTED = (*FORMULA_STARTS, "'")  # a cell that begins with the apostrophe itself is quoted too
PLAIN_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")  # -1 stays a number
YES, NO = ("yes", "y", "true", "1"), ("", "no", "n", "false", "0")
UNLIMITED = "*"  # a HQ's Command Strength without limit (10.32 optional)


@dataclass(frozen=True)
class Row:
    """One row as typed: its file, the line it ends on, and its cells by column."""

    file: Path
    line: int
    cells: dict[str, str]

    def __getitem__(self, column: str) -> str:
        return self.cells.get(column, "")

    def problem(self, message: str) -> Problem:
        return Problem(str(self.file), self.line, message)


class SheetError(Exception):
    """A cell that cannot be read; the row's problem says where."""


def read_rows(path: Path, problems: list[Problem]) -> list[Row]:
    """The rows of one file, skipping blank rows and those whose first cell starts with `#`;
    a missing, unreadable or mis-headed file is a problem at its line."""
    name = path.name
    try:
        text = path.read_text(encoding="utf-8-sig")  # a spreadsheet's UTF-8 may carry a BOM
    except FileNotFoundError:
        if name in REQUIRED:
            problems.append(Problem(str(path), 0, f"no {name}: the data set needs it "
                                    "(docs/data-gwe.md)"))
        return []
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(Problem(str(path), 0, f"cannot read: {exc}"))
        return []
    reader = csv.reader(io.StringIO(text, newline=""))
    header: list[str] | None = None
    rows: list[Row] = []
    try:
        for cells in reader:
            if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
                continue
            if header is None:
                header = [c.strip() for c in cells]
                if not _header_ok(path, header, reader.line_num, problems):
                    return []
                continue
            if len(cells) > len(header):
                problems.append(Problem(str(path), reader.line_num,
                                        f"{len(cells)} cells for {len(header)} columns"))
                continue
            rows.append(Row(path, reader.line_num, {k: typed(v.strip()) for k, v in zip(
                header, cells, strict=False)}))
    except csv.Error as exc:
        problems.append(Problem(str(path), reader.line_num, f"not valid CSV: {exc}"))
    if header is None:
        problems.append(Problem(str(path), 0, "no header row: "
                                + ",".join(COLUMNS[name])))
    return rows


def _header_ok(path: Path, header: list[str], line: int, problems: list[Problem]) -> bool:
    known = COLUMNS[path.name]
    unknown = [c for c in header if c not in known]
    missing = [c for c in known if c not in header and c not in OPTIONAL.get(path.name, ())]
    doubled = sorted({c for c in header if header.count(c) > 1})
    for what, names in (("unknown column(s)", unknown), ("missing column(s)", missing),
                        ("column(s) named twice", doubled)):
        if names:
            problems.append(Problem(str(path), line, f"{what}: {', '.join(names)}; the "
                                    f"columns are {','.join(known)}"))
    return not (unknown or missing or doubled)


def write_rows(path: Path, rows: list[dict[str, str]]) -> None:
    columns = COLUMNS[path.name]
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([as_text(row.get(c, "")) for c in columns])


def as_text(cell: str) -> str:
    """The cell as exported: one a spreadsheet would take for a formula (spaces before it
    too) behind an apostrophe, so that it opens as text; so is one that begins with an
    apostrophe, so that the import gives it back as it was."""
    if cell.lstrip().startswith(QUOTED) and not PLAIN_NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def typed(cell: str) -> str:
    """The cell as imported: the apostrophe as_text put before it taken off."""
    return cell[1:] if cell.startswith("'") and cell[1:].lstrip().startswith(QUOTED) else cell


# --- cells ----------------------------------------------------------------------------------


def yes(text: str) -> bool:
    if text.lower() in YES:
        return True
    if text.lower() in NO:
        return False
    raise SheetError(f"{text!r}: write yes, or leave it blank")


def yes_cell(value: bool) -> str:
    return "yes" if value else ""


def number(text: str, what: str) -> int | None:
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise SheetError(f"{what} {text!r} is not a whole number") from None


def by_turn(text: str, what: str) -> dict[int, int]:
    """`7:18 8:18`: a Game-Turn, a colon and its number, for each Game-Turn listed."""
    found: dict[int, int] = {}
    for word in text.replace(",", " ").split():
        turn, colon, value = word.partition(":")
        if not colon or not turn.isdigit() or not value.isdigit():
            raise SheetError(f"{what} {word!r}: write a Game-Turn, a colon and a whole "
                             "number, e.g. 7:18")
        found[int(turn)] = int(value)
    return found


def by_turn_cell(values: dict[int, int]) -> str:
    return " ".join(f"{turn}:{value}" for turn, value in sorted(values.items()))


def number_cell(value: int | None) -> str:
    return "" if value is None else str(value)


def words(text: str) -> list[str]:
    return text.split()


def names(text: str) -> list[str]:
    """A cell of several names (start lines) separated by `;`."""
    return [n.strip() for n in text.split(";") if n.strip()]


def start_line_place(text: str) -> tuple[str, int | None]:
    """`Front of 1 September #2`: a start line's name and the hex's place along it, 1 first,
    the line walked as ruling G29 reads it (north-west to south-east, the Russian side on the
    left); a name alone leaves the place to the rows' order."""
    name, hash_mark, place = text.rpartition("#")
    if not hash_mark:
        return text, None
    if not place.strip().isdigit() or int(place) < 1 or not name.strip():
        raise SheetError(f"start line {text!r}: write its name, then # and the hex's place "
                         "along the line, e.g. Front of 1 September #2")
    return name.strip(), int(place)


def start_line_cell(name: str, place: int) -> str:
    return f"{name} #{place}"


def armies(text: str) -> dict[str, str]:
    """A start line's Army boundaries (ruling G29), `central:1 allied:4`: the army of each
    side whose sector it is, as a unit id writes it."""
    found: dict[str, str] = {}
    for part in text.split():
        side, colon, army = part.partition(":")
        if not (side and colon and army) or side in found:
            raise SheetError(f"armies {part!r}: write each side once with its army, e.g. "
                             "central:1 allied:4")
        found[side] = army
    return found


def armies_cell(value: dict[str, str]) -> str:
    return " ".join(f"{side}:{army}" for side, army in value.items())


def triples(text: str, what: str) -> Iterator[tuple[int, int, int]]:
    """`4-6-5 3-5-5`: a counter's Attack-Defense-Movement at each Step, full first (8.5)."""
    for part in text.split():
        pieces = part.split("-")
        if len(pieces) != 3 or not all(p.isdigit() for p in pieces):
            raise SheetError(f"{what} {part!r}: write Attack-Defense-Movement, e.g. 4-6-5")
        yield int(pieces[0]), int(pieces[1]), int(pieces[2])
