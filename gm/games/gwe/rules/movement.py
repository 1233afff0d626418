"""Movement (5.0): what entering a hex costs a unit by terrain and Tactical Competence Rating
(5.4), hexsides and Enemy Zones of Control (7.21), and whether it may (5.13, 5.14, 5.17)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.data.models import MovementCost, StepValues
from gm.games.gwe.data.values import current_values
from gm.games.gwe.rules.exclusive import tcr_of
from gm.games.gwe.rules.known import PerDataSet, PerPosition
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.rules.zoc import enemy_zones
from gm.games.gwe.state import GweState


@dataclass(frozen=True)
class Entry:
    """What entering a hex costs (None: it may not be entered, and why), and the provisional
    chart cells the cost was read from (rulings G3, G4)."""

    cost: int | None
    rule: str
    provisional: tuple[str, ...] = ()

    @property
    def allowed(self) -> bool:
        return self.cost is not None


def _read(cell: MovementCost, tcr: int) -> tuple[int | None, tuple[str, ...]]:
    cost = None if cell.by_tcr is None else cell.by_tcr[tcr - 1]
    return cost, (cell.provisional,) if cell.provisional else ()


def terrain_cost(data: GweData, where: Hex, tcr: int) -> tuple[int, tuple[str, ...]]:
    """5.12, 5.4: the Movement Points a unit of that rating spends to enter the hex's terrain
    (a city, fortress or trench costs what its hex's terrain does: ruling G4)."""
    row = data.charts.terrain[data.hexes[where].terrain]
    assert row.movement is not None and row.movement.by_tcr is not None  # the schema's terrain
    cost, provisional = _read(row.movement, tcr)
    assert cost is not None
    return cost, provisional


def entry(state: GweState, data: GweData, unit_id: str, origin: Hex, target: Hex) -> Entry:
    """5.12, 5.13, 5.4, 7.21, 7.23: what it costs `unit_id` to move from origin into target."""
    return entries(state, data, unit_id)(origin, target)


def entries(state: GweState, data: GweData, unit_id: str) -> Callable[[Hex, Hex], Entry]:
    """`entry` for one unit in one position. What a hex costs is the same for every unit of
    its side and rating that alike may or may not enter a hex of Enemy HQs (10.52): their
    answers are found once a position (a search of each unit's reach asks of thousands)."""
    side, tcr = data.side_of(unit_id), tcr_of(data, unit_id)
    unarmed = is_hq(data, unit_id) or current_values(
        data.units[unit_id], state.unit(unit_id).steps_lost).attack == 0
    return _KNOWN.get(state, data, (side, tcr, unarmed),
                      lambda: _Entries(state, data, side, tcr, unarmed))


class _Entries:
    """What entering each hex costs the units of one side and rating in one position."""

    def __init__(self, state: GweState, data: GweData, side: str, tcr: int,
                 unarmed: bool) -> None:
        # what it asks of the position, not the position itself: the cache that keeps this
        # holds a position only weakly
        self.data, self.side, self.tcr, self.unarmed = data, side, tcr, unarmed
        enemies = data.enemies_of(side)
        self.held: dict[Hex, bool] = {}  # each Enemy-held hex: whether by HQ units alone
        for unit_id, at in state.on_map():
            if data.side_of(unit_id) in enemies:
                self.held[at] = self.held.get(at, True) and is_hq(data, unit_id)
        self.fortresses = frozenset(where for where, fortress in _FORTRESSES(data)
                                    if fortress.side != side
                                    and not state.fortress_destroyed(where))
        self.zones = enemy_zones(state, data, side)
        self.known: dict[tuple[Hex, Hex], Entry] = {}

    def __call__(self, origin: Hex, target: Hex) -> Entry:
        found = self.known.get((origin, target))
        if found is None:
            found = self.known[origin, target] = self._entry(origin, target)
        return found

    def _entry(self, origin: Hex, target: Hex) -> Entry:
        data, tcr = self.data, self.tcr
        if target not in data.neighbours(origin):
            return Entry(None, f"5.0: {target} is not a hex of the map next to {origin}")
        hqs_alone = self.held.get(target)
        if hqs_alone is False:
            return Entry(None, f"5.13: {target} is Enemy-occupied")
        if hqs_alone and self.unarmed:
            return Entry(None, f"10.52: only a combat unit with an Attack Strength may enter "
                               f"{target}, held by Enemy HQ units alone")
        if target in self.fortresses:
            return Entry(None, f"5.13: {target} is an undestroyed Enemy fortress")
        cost, provisional = terrain_cost(data, target, tcr)
        for feature in sorted(data.features(origin, target)):
            row = data.charts.hexsides[feature]
            if row.movement is None:
                continue
            extra, marked = _read(row.movement, tcr)
            if extra is None:
                return Entry(None, f"5.4: the {feature.replace('_', ' ')} hexside "
                                   f"{origin}/{target} may not be crossed")
            cost, provisional = cost + extra, provisional + marked
        if target in self.zones:
            return Entry(cost + 1, "7.21: terrain plus one to enter an Enemy-controlled hex",
                         provisional)
        return Entry(cost, "5.4", provisional)  # 7.23: leaving an Enemy-controlled hex is free


_KNOWN: PerPosition[tuple[str, int, bool], _Entries] = PerPosition()
_FORTRESSES = PerDataSet(lambda data: tuple((where, entry.fortress) for where, entry
                                            in data.hexes.items() if entry.fortress is not None))


def may_enter(spent: int, cost: int, allowance: int, in_command: bool) -> bool:
    """5.14: never more than the Movement Allowance; 5.17: a unit in Command Control that has
    spent nothing may always move one hex."""
    return spent + cost <= allowance or (spent == 0 and in_command)


def allowance(values: StepValues, out_of_supply: bool) -> int:
    """9.21: out of supply, the Movement Allowance is halved, fractions down, never below one."""
    return max(values.movement // 2, 1) if out_of_supply else values.movement


def unit_allowance(state: GweState, data: GweData, unit_id: str) -> int:
    unit = state.unit(unit_id)
    return allowance(current_values(data.units[unit_id], unit.steps_lost), unit.out_of_supply)


def entrain_cost(data: GweData, unit_id: str) -> int:
    """5.32: the Movement Points to entrain equal the unit's Tactical Competence Rating."""
    return tcr_of(data, unit_id)
