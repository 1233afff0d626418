"""Zones of Control (7.0): the hexes a side controls, and where an Enemy Zone of Control still
counts when supply or a retreat is traced (7.24)."""

from __future__ import annotations

import weakref

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.state import GweState


def exerts_zoc(state: GweState, data: GweData, unit_id: str) -> bool:
    """7.12: every unit at all times, but HQ units and supply depots (7.26, 10.52) and
    entrained units (5.36)."""
    unit = state.unit(unit_id)
    return unit.hex is not None and not unit.entrained and \
        data.units[unit_id].type not in ("hq", "depot")


def _reach(data: GweData, origin: Hex) -> tuple[Hex, ...]:
    """7.11: the six hexes round, but not across a Prohibited hexside."""
    return tuple(n for n in data.neighbours(origin)
                 if "prohibited" not in data.features(origin, n))


# The controlled hexes of each position already asked about (a state is immutable, so they
# hold while it lives): a move costs, a retreat and a supply line ask of every hex they pass.
_KNOWN: dict[tuple[int, str], tuple[weakref.ref[GweState], GweData, frozenset[Hex]]] = {}
_KNOWN_MOST = 4096


def controlled_hexes(state: GweState, data: GweData, side: str) -> frozenset[Hex]:
    """The hexes the side's units and fortresses control (7.0: a fortress that is not
    destroyed controls as a unit does, 11.13), worked out once a position."""
    known = _KNOWN.get((id(state), side))
    if known is not None and known[0]() is state and known[1] is data:
        return known[2]
    found = _controlled_hexes(state, data, side)
    if len(_KNOWN) >= _KNOWN_MOST:
        _KNOWN.clear()
    _KNOWN[(id(state), side)] = (weakref.ref(state), data, found)
    return found


def _controlled_hexes(state: GweState, data: GweData, side: str) -> frozenset[Hex]:
    origins = {at for u, at in state.on_map() if data.side_of(u) == side
               and exerts_zoc(state, data, u)}
    origins |= {parse_hex(entry.id) for entry in data.map.hexes if entry.fortress is not None
                and entry.fortress.side == side
                and not state.fortress_destroyed(parse_hex(entry.id))}
    return frozenset(n for origin in origins for n in _reach(data, origin))


def enemy_controlled(state: GweState, data: GweData, where: Hex, side: str) -> bool:
    """Whether an Enemy of `side` controls the hex (7.25: a friendly Zone there too changes
    nothing)."""
    return where in enemy_zones(state, data, side)


def enemy_zones(state: GweState, data: GweData, side: str) -> frozenset[Hex]:
    """Every hex an Enemy of `side` controls (7.25: whatever Zone of its own `side` has
    there), found once a position as the controlled hexes are."""
    enemies = data.enemies_of(side)
    if len(enemies) == 1:
        return controlled_hexes(state, data, next(iter(enemies)))
    return frozenset().union(*(controlled_hexes(state, data, e) for e in enemies))


def blocks_tracing(state: GweState, data: GweData, where: Hex, side: str) -> bool:
    """7.24: an Enemy-controlled hex stops a supply line or a retreat unless Friendly units or a
    Friendly fortress are in it (a Friendly Zone of Control does not negate it)."""
    if not enemy_controlled(state, data, where, side):
        return False
    friendly_unit = any(data.side_of(u) == side for u in state.units_in(where))
    fortress = data.fortress(where)
    friendly_fortress = fortress is not None and fortress.side == side and \
        not state.fortress_destroyed(where)
    return not (friendly_unit or friendly_fortress)
