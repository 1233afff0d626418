"""Step replacement (13.0) and reinforcements (14.0): which units may be restored, and where
and when a reinforcement enters (14.21, 14.22, 14.24)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.rules.rail import link_refusal, off_map_link, unit_rail_graph
from gm.games.gwe.rules.steps import enemy_units_in
from gm.games.gwe.rules.zoc import enemy_controlled
from gm.games.gwe.state import GweState

NOT_REPLACED = ("cavalry", "depot")  # 13.0 (fortresses are not units)
REPLACEABLE_LOSSES = {"division": (1,), "corps": (1, 2)}  # 13.0


# --- step replacement (13.0) -------------------------------------------------------------------


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten")


def fought_before(state: GweState, fought: Collection[str] = ()) -> frozenset[str]:
    """13.0: the units in combat during the preceding Game-Turn: those the state remembers
    (`combat_turns`) and any a case names besides (`fought`)."""
    return frozenset(fought) | {u for u, turn in state.combat_turns.items()
                                if turn == state.turn - 1}


def replacement_bar(state: GweState, data: GweData, unit_id: str, enemy_distance: int,
                    fought: Collection[str], moved: Collection[str], rule: str = "13.0"
                    ) -> str | None:
    """13.0: why a unit may not roll for replacement, None if it may: a division that has lost
    one Step or a corps one or two, not cavalry nor a depot, no Enemy unit within
    `enemy_distance` hexes (its Exclusive Rules'), not in combat in the preceding Game-Turn
    (`fought`), not moved in this Game-Turn's Movement Phase (`moved`). `rule` is the case
    that gives the distance (its Exclusive Rules')."""
    unit, counter = state.unit(unit_id), data.units[unit_id]
    if unit.hex is None:
        return f"{unit_id}: not on the map (13.0)"
    if counter.type in NOT_REPLACED or unit.steps_lost not in \
            REPLACEABLE_LOSSES.get(counter.size, ()):
        return f"{unit_id}: not a division short one Step nor a corps short one or two (13.0)"
    at, side = parse_hex(unit.hex), data.side_of(unit_id)
    for other, where in state.on_map():
        if data.side_of(other) in data.enemies_of(side) and where.map == at.map and \
                where.distance(at) <= enemy_distance:
            near = enemy_distance + 1
            words = NUMBER_WORDS[near] if near < len(NUMBER_WORDS) else str(near)
            return f"{unit_id}: {other} is fewer than {words} hexes away ({rule})"
    if unit_id in fought:
        return f"{unit_id}: in combat in the preceding Game-Turn (13.0)"
    if unit_id in moved:
        return f"{unit_id}: moved in this Movement Phase (13.0)"
    return None


def replace_steps(state: GweState, data: GweData, units: Sequence[str], dice: Dice,
                  succeeds_on: Collection[int], enemy_distance: int, fought: Collection[str],
                  moved: Collection[str], rule: str = "13.0"
                  ) -> tuple[GweState, tuple[str, ...]]:
    """13.0: a die for each unit named (as many as its Exclusive Rules allow, the caller's to
    count); one in `succeeds_on` restores it to full strength."""
    notes = []
    for unit_id in units:
        bar = replacement_bar(state, data, unit_id, enemy_distance, fought, moved, rule)
        if bar is not None:
            notes.append(bar)
            continue
        die = dice.die(f"13.0 Step replacement of {unit_id}")
        if die in succeeds_on:
            state = state.with_unit(unit_id, steps_lost=0)
            notes.append(f"{unit_id}: die {die}, restored to full strength (13.0)")
        else:
            notes.append(f"{unit_id}: die {die}, not restored (13.0)")
    return state, tuple(notes)


# --- reinforcements (14.0) ---------------------------------------------------------------------


def entry_hex(data: GweData, side: str, letter: str) -> Hex:
    return next(parse_hex(e.hex) for e in data.map.entry_hexes
                if e.side == side and e.letter == letter)


def blocked(state: GweState, data: GweData, where: Hex, side: str) -> bool:
    """14.21: Enemy-occupied or in an Enemy Zone of Control."""
    return bool(enemy_units_in(state, data, where, side)) or \
        enemy_controlled(state, data, where, side)


def map_edge(data: GweData) -> list[Hex]:
    """The hexes along the map's edge: those with fewer than six neighbours on it."""
    return sorted(h for h in data.hexes if len(data.neighbours(h)) < 6)


def alternate_entry(state: GweState, data: GweData, scheduled: Hex, side: str) -> Hex | None:
    """14.22: the nearest unblocked map-edge hex to the scheduled one, in the direction of the
    nearest Friendly unit: of the nearest, the one nearest that unit, then by id (ruling
    G16). None if every edge hex is blocked."""
    friends = sorted((scheduled.distance(at), at) for u, at in state.on_map()
                     if data.side_of(u) == side and at.map == scheduled.map)
    toward = friends[0][1] if friends else scheduled
    edge = [h for h in map_edge(data) if h.map == scheduled.map and h != scheduled
            and not blocked(state, data, h, side)]
    if not edge:
        return None
    return min(edge, key=lambda h: (h.distance(scheduled), h.distance(toward), h))


@dataclass(frozen=True)
class Arrival:
    unit: str
    hex: Hex | None  # None: it does not come this turn
    note: str


def arrivals(state: GweState, data: GweData, side: str, turn: int,
             withheld: Collection[str] = (), off_map: Mapping[str, Hex] | None = None
             ) -> tuple[GweState, tuple[Arrival, ...]]:
    """4.0 A.1b, 14.1, 14.2: the side's reinforcements due by this Game-Turn enter at their
    lettered hex (entrained if they arrive so, 14.12); one the player withholds waits
    (14.24); one whose hex is blocked is given the alternate hex and comes a Game-Turn late
    (14.22); a delayed one enters at its alternate hex unless that is now blocked. An
    entrained one whose hex is blocked may instead go off the map by rail toward the hex
    `off_map` names for it (14.23, 5.37; only when so ordered, ruling G23)."""
    found = []
    for unit_id, unit in sorted(state.units.items()):
        schedule = data.units[unit_id].arrives
        if unit.place != "pending" or schedule is None or data.side_of(unit_id) != side:
            continue
        if (unit.delayed_until or schedule.turn) > turn:
            continue
        if unit_id in withheld:
            found.append(Arrival(unit_id, None, f"{unit_id}: withheld (14.24)"))
            continue
        where = parse_hex(unit.delayed_to) if unit.delayed_to else \
            entry_hex(data, side, schedule.entry)
        reenter = (off_map or {}).get(unit_id)
        link = None if reenter is None else off_map_link(data, side, where, reenter)
        if blocked(state, data, where, side) and link is not None and schedule.entrained \
                and link_refusal(state, data, unit_id, link) is None:
            state = state.with_unit(unit_id, place="off_map", entrained=True,
                                    off_map_to=str(reenter), off_map_points=0,
                                    delayed_to=None, delayed_until=None)
            found.append(Arrival(unit_id, None, f"{unit_id}: entry hex {where} blocked; "
                                 f"off the map by rail toward {reenter} (14.23)"))
            continue
        if blocked(state, data, where, side):
            alternate = alternate_entry(state, data, where, side)
            state = state.with_unit(unit_id, delayed_to=None if alternate is None
                                    else str(alternate), delayed_until=turn + 1)
            found.append(Arrival(unit_id, None, f"{unit_id}: entry hex {where} blocked; "
                                 f"delayed to Game-Turn {turn + 1} at {alternate} (14.22)"))
            continue
        # 14.12: entrained "when they enter the map on a rail line" (ruling G89)
        on_rail = schedule.entrained and where in unit_rail_graph(data, unit_id)
        state = state.with_unit(unit_id, place="map", hex=str(where), entrained=on_rail,
                                delayed_to=None, delayed_until=None).occupied_by(where, side)
        said = " entrained (14.12)" if on_rail else \
            ", on no railroad: detrained (14.12, ruling G89)" if schedule.entrained else ""
        found.append(Arrival(unit_id, where, f"{unit_id} enters at {where}{said} (14.11)"))
    return state, tuple(found)
