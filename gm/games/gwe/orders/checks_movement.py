"""The checks of the Movement Phase's orders (4.0 A.1): Command Control (10.3), reinforcements
withheld (14.24), movement (5.1-5.2, 5.4, 7.2), Rail Movement (5.3), Step replacement (13.0),
and the move into a hex left by cavalry withdrawal (12.16). Each yields the rules an order
breaks; one that breaks none records what it did in the Context for the orders after it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from gm.games.gwe.data.hexes import Hex, Hexside, hexside, parse_hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.orders.checks import own_units, starts_at, steps_of
from gm.games.gwe.orders.context import Context
from gm.games.gwe.rules.arrivals import NOT_REPLACED, REPLACEABLE_LOSSES, entry_hex
from gm.games.gwe.rules.command import reach as command_reach
from gm.games.gwe.rules.command import within_radius
from gm.games.gwe.rules.countries import unit_country
from gm.games.gwe.rules.rail import rail_graph
from gm.games.gwe.rules.serbia_galicia import replacement as sg_replacement
from gm.games.gwe.rules.steps import enemy_units_in, is_hq
from gm.games.gwe.state import GweState
from gm.orders.refusal import Breach


def check_move(ctx: Context, units: Sequence[str], path: Sequence[Hex]) -> Iterator[Breach]:
    """5.0: the units, all in the path's first hex, walk a path of neighbouring hexes never
    across a Prohibited hexside (5.4). What a step costs or meets as the move goes (Movement
    Points, 5.14, 5.17, 9.21; Enemy units and fortresses, 5.13; Zones of Control, 7.21) is
    judged when the Phase carries the move out: such a step ends the move where the unit
    stands, the steps before it stand (ruling G24)."""
    found = [*own_units(ctx, units, "5.0")]
    if not found:
        found += starts_at(ctx, units, path[0], "5.0")
    if not found and len(path) < 2:
        found.append(Breach("a path names the hex the units stand in, then the hexes they "
                            "enter", "5.0"))
    found += [Breach(f"{u} was restored this Game-Turn and may not move (13.0)", "13.0")
              for u in units if u in ctx.replaced]
    found += [Breach(f"{u} is entrained: move it by RAIL, or DETRAIN it first", "5.34, 5.35")
              for u in units if not found and ctx.is_entrained(u)]
    if not found:
        found += steps_of(ctx, path, "5.0", "5.4")
    yield from found
    if not found:
        for unit_id in units:
            ctx.at[unit_id] = path[-1]
            ctx.moved.add(unit_id)


def friendly_rail(ctx: Context, country: str | None = None) -> frozenset[Hexside]:
    """The hexsides the side's rail lines cross (5.32: Friendly as its Exclusive Rules say; a
    line of no side serves both); with `country`, only inside it (Serbia/Galicia 5.3)."""
    return frozenset(hexside(a, b) for a, nexts in rail_graph(ctx.data, ctx.side,
                                                              country).items() for b in nexts
                     if b in ctx.data.neighbours(a))


def check_rail(ctx: Context, units: Sequence[str], path: Sequence[Hex], detrain: bool
               ) -> Iterator[Breach]:
    """5.3: the units, all in the path's first hex, follow a Friendly railroad from hex to
    contiguous hex (5.32, 5.33); DETRAIN at the end (5.34). Whether a unit may entrain there
    and then (5.32: Movement Points, supply, Enemy control) and what each rail hex holds as
    it goes (5.13, 5.33), the Rail Capacity and Movement Rate (5.31), are judged when the
    Phase carries the move out (ruling G24)."""
    found = [*own_units(ctx, units, "5.31")]
    if not found:
        found += starts_at(ctx, units, path[0], "5.33")
    countries = {unit_country(ctx.data, u) for u in units if u in ctx.data.units}
    rail = friendly_rail(ctx, countries.pop() if len(countries) == 1 else None)
    on_rail = {h for side in rail for h in (side.first, side.second)}
    if not found and path[0] not in on_rail and not all(ctx.is_entrained(u) for u in units):
        found.append(Breach(f"{path[0]} is not on a Friendly railroad", "5.32"))
    for here, there in itertools.pairwise(path) if not found else ():
        if there not in ctx.data.neighbours(here) or hexside(here, there) not in rail:
            found.append(Breach(f"no Friendly railroad runs from {here} to {there}", "5.33"))
            break
    yield from found
    if not found:
        for unit_id in units:
            ctx.at[unit_id], ctx.entrained[unit_id] = path[-1], not detrain
            if len(path) > 1:
                ctx.moved.add(unit_id)


def check_detrain(ctx: Context, units: Sequence[str]) -> Iterator[Breach]:
    """5.34: an entrained unit detrains at no Movement Point cost."""
    found = [*own_units(ctx, units, "5.34")]
    found += [Breach(f"{u} is not entrained", "5.34") for u in units
              if not found and not ctx.is_entrained(u)]
    yield from found
    if not found:
        ctx.entrained.update(dict.fromkeys(units, False))


def due(state: GweState, unit_id: str, turn: int, scheduled: int | None) -> bool:
    """A reinforcement not yet arrived whose Game-Turn has come (14.1, 14.22)."""
    unit = state.unit(unit_id)
    return unit.place == "pending" and scheduled is not None and \
        (unit.delayed_until or scheduled) <= turn


def check_withhold(ctx: Context, units: Sequence[str]) -> Iterator[Breach]:
    """14.24: a reinforcement due this Game-Turn (or before) may be withheld."""
    yield from own_units(ctx, units, "14.24", on_map=False)
    for unit_id in units:
        arrives = ctx.data.units[unit_id].arrives
        if ctx.mine(unit_id) and not due(ctx.state, unit_id, ctx.state.turn,
                                         arrives.turn if arrives else None):
            yield Breach(f"{unit_id} is not a reinforcement due by Game-Turn "
                         f"{ctx.state.turn}", "14.24")


def check_replace(ctx: Context, units: Sequence[str]) -> Iterator[Breach]:
    """13.0: a division short one Step or a corps short one or two, not cavalry nor a depot,
    not moved in this Movement Phase. The Enemy's distance, the combats of the preceding
    Game-Turn and the number of dice are its game's: judged when it is carried out."""
    found = [*own_units(ctx, units, "13.0")]
    for unit_id in units if not found else ():
        counter, lost = ctx.data.units[unit_id], ctx.state.unit(unit_id).steps_lost
        barred = sg_replacement.exclusive_bar(ctx.state, ctx.data, unit_id) \
            if ctx.data.exclusive == "serbia-galicia" else None
        if barred is not None:  # who and when: known now (Serbia/Galicia 11.0)
            found.append(Breach(barred.replace(f" ({sg_replacement.RULE})", ""),
                                sg_replacement.RULE))
        elif counter.type in NOT_REPLACED:
            found.append(Breach(f"{unit_id} is a {counter.type} unit: never replaced", "13.0"))
        elif lost not in REPLACEABLE_LOSSES.get(counter.size, ()):
            found.append(Breach(f"{unit_id} is not a division short one Step nor a corps short "
                                "one or two", "13.0"))
        elif unit_id in ctx.moved:
            found.append(Breach(f"{unit_id} moves in this Movement Phase", "13.0"))
    yield from found
    if not found:
        ctx.replaced.update(units)


def _placed(ctx: Context, unit_id: str) -> GweState | None:
    """The state with a reinforcement due now placed at its entry hex (4.0 A.1b comes before
    the Command Control Segment), None if it is not due."""
    arrives = ctx.data.units[unit_id].arrives
    if arrives is None or not due(ctx.state, unit_id, ctx.state.turn, arrives.turn):
        return None
    delayed = ctx.state.unit(unit_id).delayed_to
    where = delayed or str(entry_hex(ctx.data, ctx.side, arrives.entry))
    return ctx.state.with_unit(unit_id, place="map", hex=where)


def check_command(ctx: Context, hq_id: str, units: Sequence[str]) -> Iterator[Breach]:
    """10.31-10.34: a HQ of the player's on the map gives its Command Strength, in Stacking
    Points, to his units within its Command Radius; a unit takes it from one HQ only. HQ units
    need none (ruling G13)."""
    rating = ctx.data.units[hq_id].hq
    found = [*own_units(ctx, (hq_id,), "10.31")]
    if not found and rating is None:
        found.append(Breach(f"{hq_id} is not a HQ unit", "10.11"))
    if not found and hq_id in ctx.commanding:
        found.append(Breach(f"{hq_id}'s Command Strength is allocated twice", "10.31"))
    found += own_units(ctx, units, "10.31", on_map=False)
    points = 0
    for unit_id in units if not found else ():
        state = ctx.state if ctx.hex_of(unit_id) is not None else _placed(ctx, unit_id)
        if state is None:
            found.append(Breach(f"{unit_id} is not on the map", "10.31"))
        elif is_hq(ctx.data, unit_id):
            found.append(Breach(f"{unit_id} is a HQ unit, in Command Control without Command "
                                "Strength (ruling G13)", "10.31"))
        elif unit_id in ctx.commanded:
            found.append(Breach(f"{unit_id} is given Command Strength twice", "10.31"))
        elif not within_radius(state, ctx.data, hq_id, unit_id):
            assert rating is not None
            found.append(Breach(f"{unit_id} is outside {hq_id}'s Command Radius of "
                                f"{rating.command_radius}{_traced(state, ctx, hq_id, unit_id)}",
                                "10.32, 10.33, 10.34"))
        points += stacking_points(ctx.data.units[unit_id])
    strength = rating.command_strength if rating is not None else None
    if not found and strength is not None and points > strength:
        found.append(Breach(f"{points} Stacking Points are past {hq_id}'s Command Strength of "
                            f"{strength}", "10.31"))
    yield from found
    if not found:
        ctx.commanding.add(hq_id)
        ctx.commanded.update(units)


def check_follow(ctx: Context, where: Hex, units: Sequence[str]) -> Iterator[Breach]:
    """12.16: units of the Phasing Player that will move into the hex an Enemy cavalry unit
    leaves by withdrawal; whether they are beside it then, and the Stacking limit, are judged
    when it is carried out."""
    yield from own_units(ctx, units, "12.16")
    cavalry = [u for u in enemy_units_in(ctx.state, ctx.data, where, ctx.side)
               if ctx.data.units[u].type == "cavalry"]
    if not cavalry:
        yield Breach(f"no Enemy cavalry unit stands in {where}", "12.16")


def _traced(state: GweState, ctx: Context, hq_id: str, unit_id: str) -> str:
    """Why a unit near its HQ is out of its radius: the trace goes round Enemy units and their
    Zones of Control (10.34), so say how long it is, or that none gets through."""
    at, there = state.unit(hq_id).hex, state.unit(unit_id).hex
    if at is None or there is None:
        return ""
    traced = command_reach(state, ctx.data, hq_id, unit_id)
    straight = parse_hex(at).distance(parse_hex(there))
    if traced is None:
        return f": {straight} hexes away, but no trace free of Enemy units and their Zones " \
               "of Control reaches it"
    if traced > straight:
        return f": {straight} hexes away, {traced} traced round Enemy units and their Zones " \
               "of Control"
    return ""
