"""`gm data check` for a Great War in the East data set: the inconsistencies of its map,
counters and charts (errors), and the provisional chart cells still in use (warnings)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from gm.core.data import Problem
from gm.core.yamlio import line_of
from gm.games.gwe.data.dataset import CHARTS_FILE, COUNTERS_FILE, MAP_FILE, GweData
from gm.games.gwe.data.deployment import Deployment, load_deployment
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import ProvisionalResult, TerrainRow, Unit
from gm.games.gwe.data.reading import read_data_set
from gm.games.gwe.data.scenario_checks import check_army_sectors, check_deployment
from gm.games.gwe.data.values import corps_reduced, stacking_points

# 8.51-8.53, 10.54: the Steps a unit of each size has, unless its `exception` cites a case
STEPS_BY_SIZE: dict[str, tuple[int, ...]] = {
    "regiment": (1,), "brigade": (1, 2), "division": (2,), "corps": (4,), "army": (1, 2)}
DICE = range(1, 7)


class _Where:
    """The file and line of an entry, for its problem."""

    def __init__(self, data: GweData) -> None:
        self.data = data

    def __call__(self, name: str, loc: tuple[Any, ...], message: str) -> Problem:
        path = data_path(self.data, name)
        document = (self.data.docs or {}).get(name)
        return Problem(str(path), line_of(document, loc) if document is not None else 0,
                       message)


def data_path(data: GweData, name: str) -> Path:
    return data.charts_path if name == CHARTS_FILE else data.directory / name


def check_directory(directory: Path) -> tuple[list[Problem], list[Problem]]:
    """Everything `gm data check DIR` reports of the files: the problems, then the warnings."""
    return read_and_check(directory).said


@dataclass(frozen=True)
class Checked:
    """A data set folder read once and checked: its data and deployment (None if a file does
    not pass the schema, or it has no deployment.yaml), the problems, then the warnings."""

    data: GweData | None
    deployment: Deployment | None
    problems: list[Problem]
    warnings: list[Problem]

    @property
    def said(self) -> tuple[list[Problem], list[Problem]]:
        return self.problems, self.warnings


def read_and_check(directory: Path) -> Checked:
    data, problems = read_data_set(directory, lined=True)
    deployment, deployment_problems = load_deployment(directory)
    if data is None:
        return Checked(None, deployment, problems + deployment_problems, [])
    problems = check_data_set(data) + deployment_problems
    if deployment is not None:
        problems += check_deployment(data, deployment)
    return Checked(data, deployment, problems, provisional_cells(data))


def check_data_set(data: GweData) -> list[Problem]:
    where = _Where(data)
    problems = [*_check_map(data, where), *_check_counters(data, where),
                *check_army_sectors(data, where), *_check_charts(data, where)]
    return sorted(problems, key=lambda p: (p.file, p.line, p.message))


def _hex(where: _Where, data: GweData, text: str, loc: tuple[Any, ...],
         name: str = MAP_FILE) -> Iterator[Problem]:
    if not data.on_map(parse_hex(text)):
        yield where(name, loc, f"{text} is not on the map")


def _within(data: GweData, place: Hex) -> bool:
    return any(extent.map == place.map and extent.columns[0] <= place.column <=
               extent.columns[1] and extent.rows[0] <= place.row <= extent.rows[1]
               for extent in data.map.extents)


def _check_map(data: GweData, where: _Where) -> Iterator[Problem]:
    letters = {extent.map for extent in data.map.extents}
    for text, count in Counter(str(parse_hex(h.id)) for h in data.map.hexes).items():
        if count > 1:
            yield where(MAP_FILE, ("hexes",), f"hex {text} listed {count} times")
    for i, entry in enumerate(data.map.hexes):
        if parse_hex(entry.id).map not in letters:
            yield where(MAP_FILE, ("hexes", i, "id"), f"{entry.id}: no map has that letter")
        elif not _within(data, parse_hex(entry.id)):  # it would be played, and valued
            yield where(MAP_FILE, ("hexes", i, "id"), f"{entry.id} lies outside its map's "
                        "extent (sheet.csv's extent rows): off the sheet")
        if entry.fortress is not None:
            if entry.fortress.side not in data.counters.sides:
                yield where(MAP_FILE, ("hexes", i, "fortress"),
                            f"{entry.id}: fortress of unknown side {entry.fortress.side!r}")
            if entry.fortress.weakened_defense > entry.fortress.defense:
                yield where(MAP_FILE, ("hexes", i, "fortress"),
                            f"{entry.id}: a weakened fortress defends more than a whole one "
                            "(11.14)")
    for i, side in enumerate(data.map.hexsides):
        a, b = (parse_hex(h) for h in side.between)
        if a.direction_to(b) is None:
            yield where(MAP_FILE, ("hexsides", i, "between"),
                        f"{a} and {b} are not neighbours: no hexside between them")
            continue
        for text in side.between:
            yield from _hex(where, data, text, ("hexsides", i, "between"))
        for feature, count in Counter(side.features).items():
            if count > 1:
                yield where(MAP_FILE, ("hexsides", i, "features"),
                            f"{a}/{b}: {feature} listed {count} times")
    for i, line in enumerate(data.map.rail_lines):
        for j, text in enumerate(line.hexes):
            yield from _hex(where, data, text, ("rail_lines", i, "hexes", j))
            if j and parse_hex(line.hexes[j - 1]).direction_to(parse_hex(text)) is None:
                yield where(MAP_FILE, ("rail_lines", i, "hexes", j),
                            f"rail line breaks between {line.hexes[j - 1]} and {text} (5.33)")
        if line.side is not None and line.side not in data.counters.sides:
            yield where(MAP_FILE, ("rail_lines", i, "side"),
                        f"rail line of unknown side {line.side!r} (9.13)")
    letters_by_side: Counter[tuple[str, str]] = Counter()
    for i, entry_hex in enumerate(data.map.entry_hexes):
        letters_by_side[(entry_hex.side, entry_hex.letter)] += 1
        yield from _hex(where, data, entry_hex.hex, ("entry_hexes", i, "hex"))
        if entry_hex.side not in data.counters.sides:
            yield where(MAP_FILE, ("entry_hexes", i, "side"),
                        f"entry hex {entry_hex.letter}: unknown side {entry_hex.side!r}")
    for (side_name, letter), count in letters_by_side.items():
        if count > 1:
            yield where(MAP_FILE, ("entry_hexes",),
                        f"entry hex {letter} of {side_name} listed {count} times")
    exits = {parse_hex(line.hexes[-1]) for line in data.map.rail_lines if line.exits_map}
    for i, link in enumerate(data.map.off_map_links):
        for key in ("exit", "reenter"):
            text = getattr(link, key)
            yield from _hex(where, data, text, ("off_map_links", i, key))
            if parse_hex(text) not in exits:
                yield where(MAP_FILE, ("off_map_links", i, key),
                            f"off-map link: {text} is not a rail map-exit hex (5.37)")
    for i, start in enumerate(data.map.start_lines):
        for j, text in enumerate(start.hexes):
            yield from _hex(where, data, text, ("start_lines", i, "hexes", j))
    yield from _check_edges(data, where)


def _check_edges(data: GweData, where: _Where) -> Iterator[Problem]:
    """9.0 as a game's Exclusive Rules name a map's East edge: once a map, a row or column on
    its boundary."""  # Serbia/Galicia 9.0: the Galician map's
    extents = {extent.map: extent for extent in data.map.extents}
    said = Counter(edge.map for edge in data.map.east_edges)
    for i, edge in enumerate(data.map.east_edges):
        extent = extents.get(edge.map)
        if extent is None or said[edge.map] > 1:
            yield where(MAP_FILE, ("east_edges", i), f"east edge of map {edge.map!r}: "
                        + ("no map has that letter" if extent is None else "said twice"))
        elif edge.row not in (None, *extent.rows) or edge.column not in (None, *extent.columns):
            yield where(MAP_FILE, ("east_edges", i), "an east edge is a first or last row or "
                        f"column of its map: rows {extent.rows}, columns {extent.columns}")


def _check_counters(data: GweData, where: _Where) -> Iterator[Problem]:
    counters = data.counters
    for code, nationality in counters.nationalities.items():
        if nationality.side not in counters.sides:
            yield where(COUNTERS_FILE, ("nationalities", code, "side"),
                        f"nationality {code}: unknown side {nationality.side!r}")
    for unit_id, count in Counter(u.id for u in counters.units).items():
        if count > 1:
            yield where(COUNTERS_FILE, ("units",), f"unit {unit_id} listed {count} times")
    entries = {(e.side, e.letter) for e in data.map.entry_hexes}
    for i, unit in enumerate(counters.units):
        if unit.nationality not in counters.nationalities:
            yield where(COUNTERS_FILE, ("units", i, "nationality"),
                        f"{unit.id}: unknown nationality {unit.nationality!r}")
            continue
        yield from (where(COUNTERS_FILE, ("units", i, key), f"{unit.id}: {message}")
                    for key, message in _unit_problems(unit))
        if unit.setup is not None:
            yield from _hex(where, data, unit.setup, ("units", i, "setup"), COUNTERS_FILE)
        side = counters.nationalities[unit.nationality].side
        if unit.arrives is not None and (side, unit.arrives.entry) not in entries:
            yield where(COUNTERS_FILE, ("units", i, "arrives"),
                        f"{unit.id}: no entry hex {unit.arrives.entry} of {side} (14.0)")
    yield from _check_setup_stacking(data, where)


def _unit_problems(unit: Unit) -> Iterator[tuple[str, str]]:
    sizes = STEPS_BY_SIZE.get(unit.size, ())
    # 8.51: a depot has one Step; 10.54: a HQ one, or two with a reduced reverse side
    allowed = (1,) if unit.type == "depot" else (1, 2) if unit.type == "hq" else sizes
    if len(unit.steps) not in allowed and unit.exception is None:
        yield "steps", (f"a {unit.type} {unit.size} has {len(unit.steps)} Step(s), not "
                        f"{' or '.join(map(str, allowed))} (8.51-8.53); cite its `exception`")
    for weaker, stronger in zip(unit.steps[1:], unit.steps, strict=False):
        if weaker.attack > stronger.attack or weaker.defense > stronger.defense:
            yield "steps", "a Step lost makes it stronger (8.5)"
    if unit.size == "corps" and len(unit.steps) == 4 and unit.exception is None:
        for printed, marked in ((0, 1), (2, 3)):
            if unit.steps[marked] != corps_reduced(unit.steps[printed]):
                yield "steps", (f"Step {marked + 1} of a corps is Step {printed + 1} less one "
                                "in Attack and Defense (8.53)")
    if unit.hq is not None:
        for step in unit.steps:
            if unit.hq.heroic and step.attack != step.defense:
                yield "steps", "a Heroic leader attacks and defends with its Combat Strength " \
                               "(10.11)"
            if not unit.hq.heroic and step.attack != 0:
                yield "steps", "a HQ that is not Heroic has no Attack Strength (10.11)"


def _check_setup_stacking(data: GweData, where: _Where) -> Iterator[Problem]:
    points: Counter[tuple[str, str]] = Counter()
    for unit in data.counters.units:
        if unit.setup is not None and unit.nationality in data.counters.nationalities:
            points[(str(parse_hex(unit.setup)), data.side_of(unit.id))] += stacking_points(unit)
    for (hex_id, side), total in sorted(points.items()):
        limit = data.counters.sides[side].stacking_limit if side in data.counters.sides else 0
        if total > limit:
            yield where(COUNTERS_FILE, ("units",),
                        f"{side} sets up {total} Stacking Points in {hex_id}, over its limit "
                        f"of {limit} (6.14)")


def _check_charts(data: GweData, where: _Where) -> Iterator[Problem]:
    charts = data.charts
    covered = Counter(t for table in charts.combat_results for t in table.tcr)
    for tcr in range(1, 5):
        if covered[tcr] != 1:
            yield where(CHARTS_FILE, ("combat_results",),
                        f"TCR {tcr} has {covered[tcr]} Combat Results Tables, not one (8.8)")
    for i, table in enumerate(charts.combat_results):
        ratios = [_ratio(c) for c in table.columns]
        if ratios != sorted(set(ratios)):
            yield where(CHARTS_FILE, ("combat_results", i, "columns"),
                        "the odds columns are not in rising order (8.8)")
        for die in DICE:
            row = table.rows.get(die)
            if row is None:
                yield where(CHARTS_FILE, ("combat_results", i, "rows"),
                            f"TCR {_tcrs(table.tcr)} table: no row for die {die}")
            elif len(row) != len(table.columns):
                yield where(CHARTS_FILE, ("combat_results", i, "rows", die),
                            f"TCR {_tcrs(table.tcr)} table, die {die}: {len(row)} cells for "
                            f"{len(table.columns)} columns")
    for result in ("1", "2", "3", "E"):
        if result not in charts.options.defender:
            yield where(CHARTS_FILE, ("options", "defender"),
                        f"no defender's options for result {result} (8.9)")


def _ratio(odds: str) -> Fraction:
    attack, defense = odds.split("-")
    return Fraction(int(attack), int(defense))


def _tcrs(tcrs: tuple[int, ...]) -> str:
    return " and ".join(map(str, tcrs))


def provisional_cells(data: GweData) -> list[Problem]:
    """A warning for every chart cell the rulebook text lacks and a ruling supplies: the GM
    who owns the printed charts replaces them (charts.yaml in his data set)."""
    where = _Where(data)
    found: list[Problem] = []
    for i, table in enumerate(data.charts.combat_results):
        for die, cells in sorted(table.rows.items()):
            for column, cell in zip(table.columns, cells, strict=False):
                if isinstance(cell, ProvisionalResult):
                    found.append(where(CHARTS_FILE, ("combat_results", i, "rows", die),
                                       f"provisional (ruling {cell.provisional}): Combat Results"
                                       f" Table TCR {_tcrs(table.tcr)}, die {die}, {column}: "
                                       f"{cell.result}"))
    for section in ("terrain", "hexsides", "features"):
        rows: dict[str, TerrainRow] = getattr(data.charts, section)
        for name, row in rows.items():
            for part, marked in (("movement", row.movement), ("combat", row.combat)):
                ruling = getattr(marked, "provisional", None)
                if ruling is not None:
                    found.append(where(CHARTS_FILE, (section, name, part),
                                       f"provisional (ruling {ruling}): Terrain Effects Chart, "
                                       f"{name.replace('_', ' ')}, {part}"))
    return found
