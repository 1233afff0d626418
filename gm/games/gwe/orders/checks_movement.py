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
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.rail import link_refusal, off_map_link, rail_graph
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
    game = exclusive_rules(ctx.data)
    found += [Breach(*rail_only) for u in units if not found and u in ctx.data.units
              and (rail_only := game.walks(ctx.data, u)) is not None]
    if not found:
        found += steps_of(ctx, path, "5.0", "5.4")
    yield from found
    if not found:
        for unit_id in units:
            ctx.at[unit_id] = path[-1]
            ctx.moved.add(unit_id)


def friendly_rail(ctx: Context, country: str | None = None) -> frozenset[Hexside]:
    """The hexsides the side's rail lines cross (5.32: Friendly as its Exclusive Rules say; a
    line of no side serves both); with `country`, only inside it (ExclusiveRules.rail_country)."""
    return frozenset(hexside(a, b) for a, nexts in rail_graph(ctx.data, ctx.side,
                                                              country).items() for b in nexts
                     if b in ctx.data.neighbours(a))


def check_rail(ctx: Context, units: Sequence[str], path: Sequence[Hex], detrain: bool,
               off: Hex | None = None) -> Iterator[Breach]:
    """5.3: the units, all in the path's first hex, follow a Friendly railroad from hex to
    contiguous hex (5.32, 5.33); DETRAIN at the end (5.34), or OFF the map by a Friendly
    off-map link from the path's last hex to the hex named (5.37). Whether a unit may entrain
    there and then (5.32: Movement Points, supply, Enemy control) and what each rail hex holds
    as it goes (5.13, 5.33), the Rail Capacity and Movement Rate (5.31, 5.38), are judged when
    the Phase carries the move out (ruling G24)."""
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
    link = off_map_link(ctx.data, ctx.side, path[-1], off) if off is not None else None
    if not found and off is not None and link is None:
        found.append(Breach(f"no Friendly off-map link runs from {path[-1]} to {off}", "5.37"))
    if not found and link is not None:
        found += [Breach(*refused) for u in units
                  if (refused := link_refusal(ctx.state, ctx.data, u, link)) is not None]
    yield from found
    if not found:
        # back on the map this Phase if the Rate pays the link (5.37, 5.38; ruling G88)
        game = exclusive_rules(ctx.data)
        for unit_id in units:
            rate = game.rail_rate(ctx.data, ctx.side, ctx.state.turn,
                                  ctx.data.units[unit_id].nationality)
            end = path[-1] if link is None else off if len(path) - 1 + link.cost <= rate \
                else None
            ctx.at[unit_id], ctx.entrained[unit_id] = end, not detrain
            if len(path) > 1 or off is not None:
                ctx.moved.add(unit_id)


def check_rail_reinforcements(ctx: Context, units: Sequence[str], off: Hex | None
                              ) -> Iterator[Breach]:
    """14.23: reinforcements of the player's, due by this Game-Turn and arriving entrained,
    whose entry hex has a Friendly off-map link (5.37) to the hex named: if that entry hex is
    blocked as the Phase begins (14.21) they go off the map by rail toward it instead of being
    delayed (14.22); else they enter as any."""
    yield from own_units(ctx, units, "14.23", on_map=False)
    for unit_id in (u for u in units if ctx.mine(u)):
        unit, arrives = ctx.state.unit(unit_id), ctx.data.units[unit_id].arrives
        if arrives is None or (unit.delayed_until or arrives.turn) > ctx.state.turn:
            yield Breach(f"{unit_id} is not a reinforcement due by Game-Turn "
                         f"{ctx.state.turn}", "14.23")
        elif not arrives.entrained:
            yield Breach(f"{unit_id} does not arrive entrained (14.12): only an entrained "
                         "reinforcement goes off the map", "14.23")
        else:
            entry = parse_hex(unit.delayed_to) if unit.delayed_to else \
                entry_hex(ctx.data, ctx.side, arrives.entry)
            link = None if off is None else off_map_link(ctx.data, ctx.side, entry, off)
            refused = None if link is None else link_refusal(ctx.state, ctx.data, unit_id, link)
            if link is None:
                yield Breach(f"no Friendly off-map link runs from {unit_id}'s entry hex "
                             f"{entry} to {off}", "5.37, 14.23")
            elif refused is not None:
                yield Breach(*refused)


def check_displace(ctx: Context, hq_id: str, hexes: Sequence[Hex]) -> Iterator[Breach]:
    """10.52: a HQ unit of the player's, and hexes of the map, in the order he would have it
    displace to them; whether one is among its nearest Friendly units' is judged when it
    displaces (ruling G88)."""
    yield from own_units(ctx, (hq_id,), "10.52", on_map=False)
    if ctx.mine(hq_id) and not is_hq(ctx.data, hq_id):
        yield Breach(f"{hq_id} is not a HQ unit", "10.52")
    for where in hexes:
        if not ctx.data.on_map(where):
            yield Breach(f"{where} is not a hex of the map", "2.1")


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
        barred = exclusive_rules(ctx.data).replacement_bar(ctx.state, ctx.data, unit_id)
        if barred is not None:  # who and when, by the game's own rules: known now
            found.append(Breach(*barred))
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
    game = exclusive_rules(ctx.data)
    cavalry = [u for u in enemy_units_in(ctx.state, ctx.data, where, ctx.side)
               if game.withdraws_before_combat(ctx.data, u)]
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
