"""What several kinds of order check alike: the units named are the player's and where the
order needs them, and a path's steps join neighbouring hexes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.orders.context import Context
from gm.games.gwe.rules.arrivals import entry_hex
from gm.orders.refusal import Breach


def own_units(ctx: Context, units: Sequence[str], rule: str, on_map: bool = True,
              once: bool = True) -> Iterator[Breach]:
    """Each unit the player's own (and on the map, if `on_map`), named once (if `once`)."""
    for index, unit_id in enumerate(units):
        if once and unit_id in units[:index]:
            yield Breach(f"{unit_id} is named twice", rule)
        elif not ctx.mine(unit_id):
            yield Breach(f"{unit_id} is not one of your units", rule)
        elif on_map and ctx.hex_of(unit_id) is None:
            yield not_arrived(ctx, unit_id) or Breach(f"{unit_id} is not on the map", rule)


def not_arrived(ctx: Context, unit_id: str) -> Breach | None:
    """Why a reinforcement is not on the map yet, with its case: not due (14.1), or its entry
    hex was blocked and it comes a Game-Turn late (14.22); None if it is not one waiting."""
    unit, arrives = ctx.state.unit(unit_id), ctx.data.units[unit_id].arrives
    if unit.place != "pending" or arrives is None:
        return None
    if unit.delayed_until is not None and unit.delayed_until > ctx.state.turn:
        entry = entry_hex(ctx.data, ctx.side, arrives.entry)
        where = f" at {unit.delayed_to}" if unit.delayed_to else ""
        return Breach(f"{unit_id} has not arrived: its entry hex {entry} is blocked, so it "
                      f"is delayed to Game-Turn {unit.delayed_until}{where}", "14.22")
    if arrives.turn > ctx.state.turn:
        return Breach(f"{unit_id} has not arrived: a reinforcement due Game-Turn "
                      f"{arrives.turn}", "14.1")
    return None


def starts_at(ctx: Context, units: Sequence[str], origin: Hex, rule: str) -> Iterator[Breach]:
    """A path begins in the hex the units stand in (once the earlier orders are carried
    out: where their paths, as written, leave them, ruling G61, whatever the dice give)."""
    for unit_id in units:
        at = ctx.hex_of(unit_id)
        if at != origin:
            left = ctx.left_by.get(unit_id)  # where a path written before leaves it: G61
            where = f", where line {left}'s path, as written, leaves it (ruling G61)" \
                if left is not None else ""
            yield Breach(f"{unit_id} is in {at}{where}, not {origin}: a path begins in the "
                         "hex the units stand in", rule)


def steps_of(ctx: Context, path: Sequence[Hex], rule: str, prohibited: str = ""
             ) -> Iterator[Breach]:
    """Each hex of the path next to the one before it, never across a Prohibited hexside (the
    case that forbids it: `prohibited`, else `rule`)."""
    for here, there in itertools.pairwise(path):
        if there not in ctx.data.neighbours(here):
            yield Breach(f"{there} is not next to {here}", rule)
        elif "prohibited" in ctx.data.features(here, there):
            yield Breach(f"the hexside {here}/{there} is Prohibited", prohibited or rule)


def retreat_shape(ctx: Context, path: Sequence[Hex], most: int, exact: bool, rule: str
                  ) -> Iterator[Breach]:
    """A retreat or withdrawal path (ruling G9): from its first hex, each hex one farther than
    the one before; `most` hexes entered (exactly so many if `exact`)."""
    entered = len(path) - 1
    if entered > most or (exact and entered != most) or entered < 1:
        yield Breach(f"the path enters {entered} hex(es), not {'' if exact else 'one to '}"
                     f"{most}", rule)
        return
    yield from steps_of(ctx, path, rule, "8.61")
    for index, there in enumerate(path[1:], 1):
        if there.distance(path[0]) != index:
            yield Breach(f"{there} is not {index} hex(es) from {path[0]}: each hex of a "
                         "retreat is one farther from where it began (ruling G9)", rule)
            return
