"""A data set (map.yaml, counters.yaml, read by gm/games/rcw/data/reading.py) with the lookups
the program needs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from gm.core.data import DataError, Problem
from gm.games.rcw.data.models import (
    Color,
    CombatUnit,
    CountersFile,
    Imperial,
    Leader,
    MapFile,
    Nationality,
    Province,
)

MAP_FILE = "map.yaml"
COUNTERS_FILE = "counters.yaml"
DEFAULT_DATA_DIR = Path(__file__).resolve().parent.parent / "dataset"

UnitId = int | str  # counters by number; the Imperial units by name: "CZAR", "GOLD"
IMPERIAL_IDS = ("CZAR", "GOLD")
LENIN, TROTSKY = 151, 152  # the two Red leaders the rules name (9.14, 15.32, 24.0)
LEADER_COLORS: dict[str, Color] = {"RD": "red", "WH": "white"}


@dataclass(frozen=True)
class GameData:
    """A validated map and counter mix, and the documents they came from (for line numbers)."""

    directory: Path
    map: MapFile
    counters: CountersFile
    map_doc: Any = None
    counters_doc: Any = None

    @cached_property
    def provinces(self) -> dict[str, Province]:
        return {p.code: p for p in self.map.provinces}

    @cached_property
    def province_by_name(self) -> dict[str, Province]:
        return {p.name.casefold(): p for p in self.map.provinces}

    @cached_property
    def units(self) -> dict[int, CombatUnit | Leader]:
        return {u.id: u for u in self.counters.units}

    @cached_property
    def leaders(self) -> dict[int, Leader]:
        return {u.id: u for u in self.counters.units if isinstance(u, Leader)}

    @cached_property
    def combat_units(self) -> dict[int, CombatUnit]:
        return {u.id: u for u in self.counters.units if isinstance(u, CombatUnit)}

    @cached_property
    def imperial(self) -> dict[str, Imperial]:
        return {i.id: i for i in self.counters.imperial}

    @cached_property
    def _adjacent(self) -> frozenset[frozenset[str]]:
        return frozenset(frozenset((p.code, n)) for p in self.map.provinces for n in p.adjacent)

    @cached_property
    def _rail(self) -> frozenset[frozenset[str]]:
        return frozenset(frozenset((p.code, n)) for p in self.map.provinces for n in p.rail)

    def adjacent(self, a: str, b: str) -> bool:
        """Land border between a and b (5.24); the special crossings are not included."""
        return frozenset((a, b)) in self._adjacent

    def rail_linked(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self._rail

    def nationality(self, unit_id: int) -> Nationality:
        return self.counters.nationalities[self.units[unit_id].nationality]

    def color(self, unit_id: UnitId) -> Color | None:
        """A unit's colour; None for the Imperial units, which take their controller's (13.21)."""
        if isinstance(unit_id, str):
            return None
        return self.nationality(unit_id).color

    def is_leader(self, unit_id: UnitId) -> bool:
        return isinstance(unit_id, int) and unit_id in self.leaders

    def is_combat(self, unit_id: UnitId) -> bool:
        return isinstance(unit_id, int) and unit_id in self.combat_units

    def describe(self, unit_id: UnitId) -> str:
        """Short label for reports: `152 Trotsky (3)`, `111 RD 3`, `CZAR`."""
        if isinstance(unit_id, str):
            return unit_id
        unit = self.units.get(unit_id)
        if unit is None:
            return f"{unit_id} ?"
        if isinstance(unit, Leader):
            return f"{unit.id} {unit.name} ({unit.value})"
        return f"{unit.id} {unit.nationality} {unit.strength}"

    def region_name(self, code: str) -> str:
        return self.map.regions.get(self.provinces[code].region, "?")


__all__ = ["DataError", "GameData", "Problem", "UnitId"]
