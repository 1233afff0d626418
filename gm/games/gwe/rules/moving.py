"""One unit's move in the Movement Segment, validated step by step and carried out (5.0-5.3,
7.2, 10.4, 10.52): hexes walked (terrain, Zones of Control, 5.17), entraining, rail hexes,
detraining and leaving the map by an off-map link (5.37, 5.38). An illegal step ends the move
where the unit stands, with the case (ruling G24)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.rules import rail
from gm.games.gwe.rules.displacement import enemy_hqs_displaced
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.movement import entrain_cost, entry, may_enter, unit_allowance
from gm.games.gwe.state import GweState


@dataclass(frozen=True)
class OffMap:
    """5.37: leave the map by the rail map-exit hex the unit is in, toward `reenter`."""

    reenter: Hex


Step = Hex | Literal["entrain", "detrain"] | OffMap


@dataclass(frozen=True)
class Move:
    unit: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Moved:
    state: GweState
    notes: tuple[str, ...]
    moved: bool  # it left its hex or entrained (13.0: "moved")
    steps_done: int = 0  # how many of its steps were carried out
    stopped: str | None = None  # why the step after them was not (with its case)


def _arrive(state: GweState, data: GweData, unit_id: str, where: Hex, **changes: object
            ) -> tuple[GweState, tuple[str, ...]]:
    side = data.side_of(unit_id)
    state = state.with_unit(unit_id, hex=str(where), **changes).occupied_by(where, side)
    return enemy_hqs_displaced(state, data, where, side)


def carry_out(state: GweState, data: GweData, side: str, move: Move, use: rail.RailUse,
              dice: Dice | None = None) -> Moved:
    """Move one unit of `side` along its steps (see the module's docstring); `dice` for a
    game's entrainment roll (ExclusiveRules.entrainment)."""
    unit_id = move.unit
    if unit_id not in data.units or data.side_of(unit_id) != side:
        return Moved(state, (f"{unit_id}: not a unit of {side} (5.0)",), False)
    unit = state.unit(unit_id)
    if unit.hex is None:
        why = f"{unit_id}: not on the map (5.0)"
        return Moved(state, (why,), False, stopped=why)
    if unit.out_of_command and not unit.entrained:  # the cause goes to the order's result
        why = f"{unit_id}: out of Command Control, may not move (4.0 A.1d, 10.4)"
        return Moved(state, (why,), False, stopped=why)
    limit = unit_allowance(state, data, unit_id)
    game = exclusive_rules(data)
    rate = game.rail_rate(data, side, state.turn, data.units[unit_id].nationality)
    spent = rail_hexes = 0
    notes: list[str] = []
    moved = False
    done = 0
    stopped: str | None = None
    for step in move.steps:
        unit = state.unit(unit_id)
        if unit.hex is None:
            break
        here = parse_hex(unit.hex)
        problem: str | None = None
        if step == "entrain":
            problem = rail.entrain_problem(state, data, unit_id)
            cost = entrain_cost(data, unit_id)
            if problem is None and spent + cost > limit:
                problem = f"{unit_id}: {cost} Movement Points to entrain, {limit - spent} " \
                          "left (5.32)"
            if problem is None and not use.take(data, unit_id):
                problem = f"{unit_id}: past the Rail Capacity of {use.limit(data, unit_id)} (5.31)"
            if problem is None:
                problem, rolled = _entrainment(state, data, unit_id, dice, use)
                notes.extend(rolled)
            if problem is None:
                spent += cost
                state = state.with_unit(unit_id, entrained=True)
                notes.append(f"{unit_id} entrains in {here} (5.32)")
        elif step == "detrain":
            if not unit.entrained or unit.out_of_command:
                problem = f"{unit_id}: not entrained, or out of Command Control (5.34, 5.35)"
            else:
                state = state.with_unit(unit_id, entrained=False)
                notes.append(f"{unit_id} detrains in {here} (5.34)")
        elif isinstance(step, OffMap):
            link = rail.off_map_link(data, side, here, step.reenter)
            refused = None if link is None else rail.link_refusal(state, data, unit_id, link)
            if not unit.entrained or link is None:
                problem = f"{unit_id}: no Friendly off-map link from {here} to {step.reenter} " \
                          "for an entrained unit (5.37)"
            elif refused is not None:
                problem = f"{unit_id}: {refused[0]} ({refused[1]})"
            elif not use.take(data, unit_id):
                problem = f"{unit_id}: past the Rail Capacity of {use.limit(data, unit_id)} (5.38)"
            else:
                state = state.with_unit(unit_id, place="off_map", hex=None,
                                        off_map_to=str(step.reenter), off_map_points=0)
                state = state.model_copy(update={"rail_moved": state.rail_moved | {unit_id}})
                notes.append(f"{unit_id} leaves the map at {here} by rail toward "
                             f"{step.reenter} (5.37)")
                state, said = travel_off_map(state, data, unit_id, rate - rail_hexes)
                notes.extend(said)
                if state.unit(unit_id).place != "map":  # off the map until a later Phase
                    moved = True
                    done += 1
                    break
                rail_hexes += link.cost  # back on the map: it may ride or detrain on (5.34)
        elif unit.entrained:
            problem = rail.rail_step_problem(state, data, unit_id, here, step)
            if problem is None and rail_hexes + 1 > rate:
                problem = f"{unit_id}: past the Railroad Movement Rate of {rate} hexes (5.31)"
            if problem is None and not use.take(data, unit_id):
                problem = f"{unit_id}: past the Rail Capacity of {use.limit(data, unit_id)} (5.31)"
            if problem is None:  # a game's track limits: counted once the unit may otherwise go
                problem = use.cross(data, unit_id, here, step)
            if problem is None:
                rail_hexes += 1
                state, said = _arrive(state, data, unit_id, step)
                state = state.model_copy(update={"rail_moved": state.rail_moved | {unit_id}})
                notes.extend(said)
        else:
            found = entry(state, data, unit_id, here, step)
            if found.cost is None:
                case, why = found.rule.split(": ", 1)
                problem = f"{unit_id}: {why} ({case})"
            elif not may_enter(spent, found.cost, limit, not unit.out_of_command):
                problem = f"{unit_id}: {found.cost} Movement Points to enter {step}, " \
                          f"{limit - spent} left (5.14, 5.17)"
            else:
                spent += found.cost
                state, said = _arrive(state, data, unit_id, step)
                notes.extend(said)
        if problem is not None:
            notes.append(f"{problem}; the move stops in {here} (ruling G24)")
            stopped = problem
            break
        moved = True
        done += 1
    end = state.unit(unit_id)
    where = end.hex or "off the map"
    notes.insert(0, f"{unit_id}: {len(move.steps)} step(s) ordered, ends in {where} "
                    f"({spent} Movement Points, {rail_hexes} rail hexes)")
    return Moved(state, tuple(notes), moved, done, stopped)


def _entrainment(state: GweState, data: GweData, unit_id: str, dice: Dice | None,
                 use: rail.RailUse) -> tuple[str | None, tuple[str, ...]]:
    """A game's test before the unit entrains (ExclusiveRules.entrainment): why it may not
    (its movement ends), None if it entrains; and the rolls said."""
    game = exclusive_rules(data)
    if dice is None:
        if game.name:  # a game's own test may roll: it is never left out for want of dice
            raise ValueError(f"{game.title}'s entrainment needs the dice ({unit_id})")
        return None, ()
    return game.entrainment(state, data, unit_id, dice, arriving=unit_id in use.arrived)


def travel_off_map(state: GweState, data: GweData, unit_id: str, points: int
                   ) -> tuple[GweState, tuple[str, ...]]:
    """5.37, 5.38: `points` more of Rail Movement toward the re-entry hex; once the link's
    cost is paid the unit re-enters there entrained, unless the hex is Enemy-occupied or
    Enemy-controlled (then it waits off the map, ruling G23); otherwise the points are noted
    for the next Movement Phase."""
    unit, side = state.unit(unit_id), data.side_of(unit_id)
    if unit.place != "off_map" or unit.off_map_to is None:
        return state, ()
    reenter = parse_hex(unit.off_map_to)
    link = next((link for link in data.map.off_map_links
                 if parse_hex(link.reenter) == reenter and rail.friendly_line(link.side, side)),
                None)
    cost = link.cost if link is not None else 0
    total = min(unit.off_map_points + max(points, 0), cost)
    if total < cost:
        state = state.with_unit(unit_id, off_map_points=total)
        return state, (f"{unit_id}: off the map, {total} of {cost} points toward {reenter} "
                       "(5.38)",)
    if rail.reentry_blocked(state, data, reenter, side):
        state = state.with_unit(unit_id, off_map_points=total)
        return state, (f"{unit_id}: {reenter} is Enemy-occupied or Enemy-controlled; waits "
                       "off the map (5.37, ruling G23)",)
    state = state.with_unit(unit_id, place="map", hex=str(reenter), entrained=True,
                            off_map_points=0, off_map_to=None).occupied_by(reenter, side)
    return state, (f"{unit_id} re-enters the map at {reenter} entrained (5.37)",)
