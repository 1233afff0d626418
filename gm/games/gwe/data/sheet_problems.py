"""A problem `gm data check` finds in a data set just made from the GM's CSV files, said where
he typed it (issue 37): the sheet, its row, the column and the unit or hex, not the line of a
YAML file he never wrote. The entry a problem's line falls in is found from the written
file's lines; the row it was read from, from the origins the import kept (importing.py)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gm.core.data import Problem
from gm.core.yamlio import LinedDict, LinedList
from gm.games.gwe.data.importing import Origin

LABELS = ("id", "hex", "code", "name")  # what names a row's unit, hex, side or map item


def at_sheet(problem: Problem, staged: Path, sheets: Path, docs: Mapping[str, Any],
             origins: Mapping[str, Mapping[str, Mapping[object, Origin]]]) -> Problem:
    """`problem`, found in the data set written in `staged`, said at its sheet's row, or in
    the GM's own file of the folder `sheets` (deployment.yaml, charts.yaml) for one he typed
    as it is."""
    path = Path(problem.file)
    if path.parent != staged:
        return problem
    name = path.name
    if name not in origins or name not in docs:
        return Problem(str(sheets / name), problem.line, problem.message)
    found = _entry(docs[name], problem.line)
    if found is None:
        return Problem(str(sheets / name), problem.line, problem.message)
    section, place, key = found
    origin = origins[name].get(section, {}).get(place)
    if origin is None:
        return _rows_named(problem, origins[name].get(section, {}))
    return said_at(origin, key, problem.message)


def said_at(origin: Origin, key: str | None, message: str) -> Problem:
    """The message at the row, with its column and what the row names (if it does not say)."""
    row = origin.row
    column = origin.columns.get(key, key) if key else None
    label = next((row[c] for c in LABELS if row[c]), "")
    named = f"{label}: " if label and label not in message else ""
    where = f"column {column}, " if column and column in row.cells else ""
    return Problem(str(row.file), row.line, f"{where}{named}{message}")


def _rows_named(problem: Problem, section: Mapping[object, Origin]) -> Problem:
    """A problem of a whole section (`unit X listed 2 times`): at each row that names what it
    says."""
    rows = [o.row for o in section.values()
            if any(o.row[c] and f" {o.row[c]} " in f" {problem.message} " for c in LABELS)]
    if not rows:
        first = next(iter(section.values()), None)
        where = str(first.row.file) if first else problem.file
        return Problem(where, 0, problem.message)
    lines = ", ".join(str(row.line) for row in rows[1:])
    return Problem(str(rows[0].file), rows[0].line,
                   problem.message + (f" (rows {rows[0].line}, {lines})" if lines else ""))


def _entry(document: Any, line: int) -> tuple[str, object, str | None] | None:
    """(section, place in it, field) of the entry of a lined YAML document that `line` falls
    in: the one that begins last at or before it."""
    best: tuple[int, str, object, Any] | None = None
    if not isinstance(document, LinedDict):
        return None
    for section in document:
        if document.key_lines.get(section) == line:
            return section, None, None  # the section as a whole (`unit X listed twice`)
    for section, node in document.items():
        if isinstance(node, LinedList):
            places: list[tuple[int, object, Any]] = [
                (start, i, node[i]) for i, start in enumerate(node.item_lines)]
        elif isinstance(node, LinedDict):
            places = [(node.key_lines.get(k, 0), k, v) for k, v in node.items()]
        else:
            continue
        for start, place, item in places:
            if start <= line and (best is None or start >= best[0]):
                best = (start, section, place, item)
    if best is None:
        return None
    _, section, place, item = best
    key = None
    if isinstance(item, LinedDict):
        fields = [(item.key_lines.get(k, 0), k) for k in item]
        key = max((f for f in fields if f[0] <= line), default=(0, None))[1]
    return section, place, key
