"""A Great War in the East data set (map.yaml, counters.yaml and charts.yaml, read by
reading.py) with the lookups the rules need."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from gm.core.data import DataError, Problem
from gm.games.gwe.data.hexes import Hex, Hexside, hexside, parse_hex
from gm.games.gwe.data.models import (
    ChartsFile,
    CombatTable,
    CountersFile,
    Fortress,
    HexEntry,
    HexsideFeature,
    MapFile,
    Unit,
)

MAP_FILE = "map.yaml"
COUNTERS_FILE = "counters.yaml"
CHARTS_FILE = "charts.yaml"
# The Standard Rules' charts, provisional where the text is incomplete (docs/rulings-gwe.md);
# a data set's own charts.yaml (the GM's printed tables) replaces them.
DEFAULT_CHARTS = Path(__file__).resolve().parent.parent / "dataset" / CHARTS_FILE


@dataclass(frozen=True)
class GweData:
    """A validated map, counter mix and charts, and the documents they came from."""

    directory: Path
    map: MapFile
    counters: CountersFile
    charts: ChartsFile
    charts_path: Path = DEFAULT_CHARTS
    docs: Any = None  # file name -> its lined document, to place problems
    # the optional rules a campaign or case plays, by their cases ("17.5")
    options: frozenset[str] = frozenset()
    # The game whose Exclusive Rules modify the Standard Rules for this data set (an
    # ExclusiveRules of gm.games.gwe.rules.exclusive, a layer above this one): bound where the
    # data set is loaded, asked through `exclusive_rules(data)`; None: not yet bound.
    game: Any = None

    @cached_property
    def hexes(self) -> dict[Hex, HexEntry]:
        """Every hex of the map: each extent's hexes clear unless listed."""
        found: dict[Hex, HexEntry] = {}
        for extent in self.map.extents:
            for column in range(extent.columns[0], extent.columns[1] + 1):
                for row in range(extent.rows[0], extent.rows[1] + 1):
                    where = Hex(extent.map, column, row)
                    found[where] = HexEntry(id=str(where), source=extent.source)
        for entry in self.map.hexes:
            found[parse_hex(entry.id)] = entry
        return found

    @property
    def exclusive(self) -> str | None:
        """The name of the game whose Exclusive Rules apply, as the counters give it; None: the
        Standard Rules alone."""
        return self.counters.exclusive_rules

    def on_map(self, where: Hex) -> bool:
        return where in self.hexes

    def neighbours(self, where: Hex) -> tuple[Hex, ...]:
        """The neighbours of a hex that are on the map (found once a hex: every move and
        supply line asks of each hex it passes)."""
        found = self._neighbours.get(where)
        if found is None:
            found = self._neighbours[where] = tuple(n for n in where.neighbours()
                                                    if n in self.hexes)
        return found

    @cached_property
    def _neighbours(self) -> dict[Hex, tuple[Hex, ...]]:
        return {}

    @cached_property
    def _hexsides(self) -> dict[Hexside, frozenset[HexsideFeature]]:
        found: dict[Hexside, frozenset[HexsideFeature]] = {}
        for entry in self.map.hexsides:
            side = hexside(parse_hex(entry.between[0]), parse_hex(entry.between[1]))
            found[side] = found.get(side, frozenset()) | frozenset(entry.features)
        return found

    def features(self, a: Hex, b: Hex) -> frozenset[HexsideFeature]:
        """What lies on the side between two neighbours: rivers, ridge, prohibited, border
        (found once a pair: a move's cost asks of each side it crosses)."""
        found = self._features.get((a, b))
        if found is None:
            found = self._features[a, b] = self._hexsides.get(hexside(a, b), frozenset())
        return found

    @cached_property
    def _features(self) -> dict[tuple[Hex, Hex], frozenset[HexsideFeature]]:
        return {}

    @cached_property
    def rail_links(self) -> dict[Hexside, str]:
        """Each hexside a railroad crosses, and its kind (the better where two lines do)."""
        found: dict[Hexside, str] = {}
        for line in self.map.rail_lines:
            hexes = [parse_hex(h) for h in line.hexes]
            for a, b in itertools.pairwise(hexes):
                if a.direction_to(b) is not None:
                    side = hexside(a, b)
                    found[side] = "double" if "double" in (found.get(side), line.kind) else \
                        line.kind
        return found

    @cached_property
    def rail_hexes(self) -> frozenset[Hex]:
        return frozenset(parse_hex(h) for line in self.map.rail_lines for h in line.hexes)

    @cached_property
    def units(self) -> dict[str, Unit]:
        return {u.id: u for u in self.counters.units}

    def side_of(self, unit_id: str) -> str:
        return self.counters.nationalities[self.units[unit_id].nationality].side

    def enemies_of(self, side: str) -> frozenset[str]:
        """4.0: the other Player's side (a game has two)."""
        found = self._enemies.get(side)
        if found is None:
            found = self._enemies[side] = frozenset(self.counters.sides) - {side}
        return found

    @cached_property
    def _enemies(self) -> dict[str, frozenset[str]]:
        return {}

    def fortress(self, where: Hex) -> Fortress | None:
        entry = self.hexes.get(where)
        return entry.fortress if entry is not None else None

    def tcr(self, unit_id: str) -> int:
        """2.4: the unit's own rating where it has one, else its army's."""
        unit = self.units[unit_id]
        return unit.tcr or self.counters.nationalities[unit.nationality].tcr

    def combat_table(self, tcr: int) -> CombatTable:
        """8.8: the table of the attacker's Tactical Competence Rating."""
        return next(t for t in self.charts.combat_results if tcr in t.tcr)


__all__ = ["DataError", "GweData", "Problem"]
