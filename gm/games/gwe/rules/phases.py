"""Whole Phases of a Player-Turn (4.0), for a game system to call with the players' written
orders: the Movement Phase (supply, reinforcements, command, the moves in order with off-map
travel and HQ displacement, Rail Capacity, attrition), the Cavalry Withdrawal Before Combat
Phase, and the Combat Phase (command, then every attack in order); each ends with the
Stacking limit (6.14). Every choice has its default (rulings G8-G24)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.rules import cavalry, rail
from gm.games.gwe.rules.arrivals import arrivals
from gm.games.gwe.rules.attack import Attack, Resolution, resolve_attack
from gm.games.gwe.rules.cavalry import Withdrawal
from gm.games.gwe.rules.command import Allocation, clear_markers, command_control
from gm.games.gwe.rules.defense import record_retreats
from gm.games.gwe.rules.displacement import lone_hqs_displaced
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.moving import Move, Moved, carry_out, travel_off_map
from gm.games.gwe.rules.stacking import overstacked
from gm.games.gwe.rules.steps import eliminate, steps_left
from gm.games.gwe.rules.supply import attrition, determine_supply
from gm.games.gwe.state import GweState


@dataclass(frozen=True)
class MovementOrders:
    """The phasing player's Movement Phase, as written: his moves in order, his Command
    Strength allocation (None: G13), reinforcements withheld (14.24) or sent off the map by
    rail (14.23: unit -> re-entry hex), and the units he gives up first if overstacked (6.14)."""

    moves: tuple[Move, ...] = ()
    allocation: Allocation | None = None
    withheld: tuple[str, ...] = ()
    off_map: Mapping[str, Hex] = field(default_factory=dict)
    overstack: tuple[str, ...] = ()


@dataclass(frozen=True)
class CombatOrders:
    allocation: Allocation | None = None
    attacks: tuple[Attack, ...] = ()
    overstack: tuple[str, ...] = ()


@dataclass(frozen=True)
class PhaseResult:
    state: GweState
    events: tuple[str, ...]
    moved: frozenset[str] = frozenset()  # 13.0: the units moved this Movement Phase
    # what became of each written item, in the order given (for the results of its orders):
    moves: tuple[Moved, ...] = ()  # each of MovementOrders.moves
    withdrawals: Mapping[str, Withdrawal] = field(default_factory=dict)  # by unit
    attacks: tuple[Resolution, ...] = ()  # each of CombatOrders.attacks


def stacking_limit(state: GweState, data: GweData, chosen: Sequence[str] = ()
                   ) -> tuple[GweState, tuple[str, ...]]:
    """6.14: at the end of a Phase the units over the limit are eliminated, their owner
    choosing: the units he named first, then those with the fewest Steps left, then by id
    (ruling G24: it keeps the most Steps)."""
    notes: list[str] = []
    for over in overstacked(state, data):
        stack = [u for u in state.units_in(over.hex) if data.side_of(u) == over.side]
        order = [u for u in chosen if u in stack] + sorted(
            (u for u in stack if u not in chosen), key=lambda u: (steps_left(state, data, u), u))
        for unit_id in order:
            if not overstacked(state, data) or all(o.hex != over.hex or o.side != over.side
                                                   for o in overstacked(state, data)):
                break
            state = eliminate(state, unit_id)
            notes.append(f"{unit_id}: over the Stacking limit in {over.hex}, eliminated (6.14)")
    return state, tuple(notes)


def before_the_moves(state: GweState, data: GweData, side: str, withheld: Sequence[str] = (),
                     off_map: Mapping[str, Hex] | None = None
                     ) -> tuple[GweState, tuple[str, ...]]:
    """4.0 A.1a-b for `side`: supply determined (9.11), then the reinforcements due placed
    (14.0), with what each did. The Movement Segment's orders are checked and carried out on
    this position (14.14: a reinforcement moves in the Phase it arrives)."""
    state = state.model_copy(update={"rail_moved": frozenset(), "fought": frozenset(),
                                     "retreated": {}, "shifts_used": frozenset()})
    state = determine_supply(state, data, side)  # a: 9.11
    state, came = arrivals(state, data, side, state.turn, withheld, off_map or {})  # b: 14.0
    return state, tuple(a.note for a in came)


def back_from_off_map(state: GweState, data: GweData, side: str) -> GweState:
    """The side's units off the map as they go on first in the Movement Segment, with a whole
    Rail Movement Rate (5.38, ruling G23): where the Phase's orders find them (ruling G88);
    whether the Rail Capacity lets them is the Phase's to say."""
    game = exclusive_rules(data)
    for unit_id, unit in sorted(state.units.items()):
        if unit.place == "off_map" and data.side_of(unit_id) == side:
            rate = game.rail_rate(data, side, state.turn, data.units[unit_id].nationality)
            state = travel_off_map(state, data, unit_id, rate)[0]
    return state


def movement_phase(state: GweState, data: GweData, side: str, orders: MovementOrders,
                   dice: Dice) -> PhaseResult:
    """4.0 A.1 for `side`, the Phasing Player: segments a-e, then 6.14."""
    pending = {u for u, unit in state.units.items() if unit.place == "pending"}
    state, came = before_the_moves(state, data, side, orders.withheld, orders.off_map)
    arrived = frozenset(u for u in pending if state.unit(u).place == "map")
    events = list(came)
    game = exclusive_rules(data)
    state, said = game.segment(state, data, side, "b", dice)  # the game's own, after a and b
    events.extend(said)
    commanded = command_control(state, data, side, orders.allocation, dice)  # c: 10.31-10.41
    state = commanded.state
    events.extend(commanded.notes)
    state, said = game.segment(state, data, side, "c", dice)
    events.extend(said)
    use = rail.RailUse.of(data, side, state.turn, arrived)  # d
    on_foot = {m.unit for m in orders.moves if m.steps[:1] == ("detrain",)}
    state, said = game.reinforcements_entered(state, data, arrived, on_foot, use.capacity,
                                              lambda unit_id: use.take(data, unit_id))
    events.extend(said)
    moved: set[str] = set()
    outcomes: list[Moved] = []
    for unit_id, unit in sorted(state.units.items()):  # 5.38: off-map travel goes on first
        if unit.place == "off_map" and data.side_of(unit_id) == side:
            if use.take(data, unit_id):
                state, said = travel_off_map(state, data, unit_id, game.rail_rate(
                    data, side, state.turn, data.units[unit_id].nationality))
            else:
                said = (f"{unit_id}: past the Rail Capacity; waits off the map (5.38)",)
            events.extend(said)
            moved.add(unit_id)
    for move in orders.moves:
        if move.unit in moved:
            again = f"{move.unit}: moved already this Phase; a unit moves once (5.0)"
            events.append(again)
            outcomes.append(Moved(state, (again,), False, 0, again))
            continue
        done = carry_out(state, data, side, move, use, dice)
        outcomes.append(done)
        state = done.state
        events.extend(done.notes)
        if done.moved:
            moved.add(move.unit)
        state, said = lone_hqs_displaced(state, data, side)  # 10.52
        events.extend(said)
    for unit_id, _ in sorted(state.on_map()):  # 5.31: units left entrained count too
        if data.side_of(unit_id) == side and state.unit(unit_id).entrained and \
                not use.take(data, unit_id):
            state = state.with_unit(unit_id, entrained=False)
            events.append(f"{unit_id}: past the Rail Capacity, detrains (5.31, ruling G23)")
    state, said = game.movement_ended(state, data, arrived)
    events.extend(said)
    state = clear_markers(state, data, side)  # 4.0 A.1d
    state, said = attrition(state, data, side, dice)  # e: 9.22
    events.extend(said)
    state, said = stacking_limit(state, data, orders.overstack)
    events.extend(said)
    return PhaseResult(state, tuple(events), frozenset(moved), moves=tuple(outcomes))


def withdrawal_phase(state: GweState, data: GweData, side: str,
                     withdrawals: Mapping[str, tuple[Hex, ...] | None],
                     follow: Mapping[Hex, tuple[str, ...]], dice: Dice,
                     overstack: Sequence[str] = ()) -> PhaseResult:
    """4.0 A.2, 12.1: `side` (the non-phasing player) tries the withdrawals he wrote, in the
    order of the units' ids, each with his path or G9's; the phasing player's units follow
    into vacated hexes as he wrote (12.16, G15); then 6.14."""
    events: list[str] = []
    vacated: list[Hex] = []
    tried: dict[str, Withdrawal] = {}
    for unit_id in sorted(withdrawals):
        before = state
        done = cavalry.withdraw(state, data, unit_id, dice, withdrawals[unit_id])
        tried[unit_id] = done
        state = record_retreats(done.state, data, before, (unit_id,))  # 12.17, 8.66
        events.append(done.note)
        if done.vacated is not None:
            vacated.append(done.vacated)
    for where in vacated:
        state, said = cavalry.follow(state, data, where, tuple(follow.get(where, ())))
        events.extend(said)
    state, said = stacking_limit(state, data, overstack)
    events.extend(said)
    return PhaseResult(state, tuple(events), withdrawals=tried)


def combat_phase(state: GweState, data: GweData, side: str, orders: CombatOrders, dice: Dice
                 ) -> PhaseResult:
    """4.0 A.3 for `side`: Command Control for combat (no die, 10.42), every attack in the
    order written (8.0: each applied before the next), 6.14, then the markers and what the
    Player-Turn remembered are cleared."""
    commanded = command_control(state, data, side, orders.allocation, None)
    state = commanded.state
    events = list(commanded.notes)
    resolved: list[Resolution] = []
    for attack in orders.attacks:
        done = resolve_attack(state, data, side, attack, dice)
        resolved.append(done)
        state = done.state
        events.extend(done.events)
    state, said = stacking_limit(state, data, orders.overstack)
    events.extend(said)
    state = clear_markers(state, data, side)
    state = state.model_copy(update={"rail_moved": frozenset(), "fought": frozenset(),
                                     "retreated": {}, "shifts_used": frozenset()})
    return PhaseResult(state, tuple(events), attacks=tuple(resolved))
