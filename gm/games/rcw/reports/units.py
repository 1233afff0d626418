"""A unit as the reports give it: its identity, what it is, its numbers, its controller."""

from __future__ import annotations

from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.reports.model import UnitView


def unit_view(unit: UnitId, data: GameData, controller: str | None = None) -> UnitView:
    if isinstance(unit, str):
        return UnitView(id=unit, label=unit, name=data.imperial[unit].name if unit in
                        data.imperial else unit, kind="imperial", color=None,
                        controller=controller)
    counter = data.units[unit]
    if data.is_leader(unit):
        leader = data.leaders[unit]
        return UnitView(id=unit, label=data.describe(unit), name=leader.name, kind="leader",
                        color=data.color(unit), value=leader.value, controller=controller)
    return UnitView(id=unit, label=data.describe(unit), name=f"{counter.nationality} "
                    f"{data.combat_units[unit].strength}", kind="combat", color=data.color(unit),
                    strength=data.combat_units[unit].strength, controller=controller)
