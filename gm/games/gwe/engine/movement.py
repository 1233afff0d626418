"""The Movement Phase (4.0 A.1) from the Phasing Player's orders: COMMAND, WITHHOLD, MOVE,
RAIL and DETRAIN become rules.phases.movement_phase's MovementOrders; REPLACE is rolled
after the moves (13.0: a unit moved this Phase may not); a FOLLOW stands for the Cavalry
Withdrawal Phase; a standing order stands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gm.core.dice import Dice
from gm.engine.results import OrderResult, Outcome
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.engine.results import by_share, result, stands
from gm.games.gwe.orders import model as m
from gm.games.gwe.rules.arrivals import fought_before, replace_steps, replacement_bar
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.game_values import Replacement
from gm.games.gwe.rules.moving import Move, Moved, OffMap, Step
from gm.games.gwe.rules.phases import MovementOrders, movement_phase
from gm.games.gwe.state import GweState


@dataclass
class _Plan:
    """Each unit's steps, one Move a unit (5.0: a unit moves once; its orders add up), and
    for each order the span of steps it gave each of its units."""

    steps: dict[str, list[Step]] = field(default_factory=dict)
    entrained: dict[str, bool] = field(default_factory=dict)
    spans: dict[int, dict[str, tuple[int, int]]] = field(default_factory=dict)

    def add(self, order: m.Order, unit_id: str, steps: Sequence[Step]) -> None:
        have = self.steps.setdefault(unit_id, [])
        self.spans.setdefault(id(order), {})[unit_id] = (len(have), len(have) + len(steps))
        have.extend(steps)


def _entrained_at_start(state: GweState, data: GweData, unit_id: str) -> bool:
    unit = state.unit(unit_id)
    arrives = data.units[unit_id].arrives
    if unit.place == "pending" and arrives is not None:
        return arrives.entrained  # 14.12: it arrives so this Phase
    return unit.entrained


def _plan(state: GweState, data: GweData, orders: Sequence[m.Order]) -> _Plan:
    plan = _Plan()
    for order in orders:
        for unit_id in getattr(order, "units", ()):
            if isinstance(order, m.Move | m.Rail | m.Detrain):
                on = plan.entrained.get(unit_id, _entrained_at_start(state, data, unit_id))
                steps: list[Step] = []
                if isinstance(order, m.Move):
                    steps = [parse_hex(h) for h in order.path[1:]]
                elif isinstance(order, m.Rail):
                    if not order.path:  # 14.23: a reinforcement's, if its hex is blocked
                        continue
                    steps = [] if on else ["entrain"]
                    steps += [parse_hex(h) for h in order.path[1:]]
                    steps += ["detrain"] if order.detrain else []
                    steps += [OffMap(parse_hex(order.off))] if order.off else []  # 5.37
                    on = not order.detrain
                else:
                    steps, on = ["detrain"], False
                plan.entrained[unit_id] = on
                plan.add(order, unit_id, steps)
    return plan


def _move_result(player: str, order: m.Order, spans: dict[str, tuple[int, int]],
                 moved: dict[str, Moved]) -> OrderResult:
    """Each unit's share of the order carried out whole, in part or not at all (a step the
    rules forbid ends its move, ruling G24)."""
    shares: list[str] = []
    notes: list[str] = []
    for unit_id, (start, end) in spans.items():
        done = moved[unit_id]
        shares.append("whole" if done.steps_done >= end else
                      "none" if done.steps_done <= start else "part")
        if shares[-1] == "whole":
            notes.append(done.notes[0])
        else:
            notes += [done.stopped or f"{unit_id}: stopped short (ruling G24)",
                      f"{unit_id} ends in {done.state.unit(unit_id).hex or 'off the map'}"]
    outcome: Outcome = "succeeded" if set(shares) == {"whole"} else "failed" \
        if set(shares) == {"none"} else "partial"
    return result(player, order, outcome, notes)


def off_map_orders(orders: Sequence[m.Order]) -> dict[str, Hex]:
    """14.23: the reinforcements written to go off the map if their entry hex is blocked, and
    the hex each goes toward."""
    return {u: parse_hex(o.off) for o in orders if isinstance(o, m.Rail) and not o.path
            and o.off is not None for u in o.units}


def movement(state: GweState, data: GweData, side: str, player: str,
             orders: Sequence[m.Order], dice: Dice, replacement: Replacement | None,
             overstack: tuple[str, ...] = ()
             ) -> tuple[GweState, list[OrderResult], list[str]]:
    """The Phasing Player's Movement Phase from his legal orders (`overstack`: the units
    either player gives up first to the Stacking limit, 6.14): the state, each order's result
    and the Phase's events."""
    commands = [o for o in orders if isinstance(o, m.Command)]
    allocation: dict[str, tuple[str, ...]] | None = None
    if commands:
        allocation = {}
        for command in commands:
            allocation[command.hq] = (*allocation.get(command.hq, ()), *command.units)
    withheld = tuple(u for o in orders if isinstance(o, m.Withhold) for u in o.units)
    plan = _plan(state, data, orders)
    moves = tuple(Move(u, tuple(steps)) for u, steps in plan.steps.items())
    done = movement_phase(state, data, side, MovementOrders(
        moves, allocation, withheld, off_map_orders(orders), overstack), dice)
    moved = {move.unit: outcome for move, outcome in zip(moves, done.moves, strict=True)}
    events = list(done.events)
    after = done.state
    results: list[OrderResult] = []
    replacement = replacement or exclusive_rules(data).replacement(data)
    spent = [0]  # Stacking Points rolled for this Phase
    for order in orders:
        if id(order) in plan.spans:
            results.append(_move_result(player, order, plan.spans[id(order)], moved))
        elif isinstance(order, m.Rail):  # 14.23
            said = [e for e in events if e.split(":")[0] in order.units and "14.23" in e]
            results.append(result(player, order, by_share(len(said), len(order.units)), said)
                           if said else result(player, order, "void", [
                               "no entry hex blocked: the reinforcements came as any (or were "
                               "withheld); only a blocked one goes off the map (14.23)"]))
        elif isinstance(order, m.Command):
            said = [e for e in events if e.split(":")[0] in order.units
                    and "Command" in e and "10.41" not in e]
            results.append(result(player, order, "partial" if said else "succeeded",
                                  said or [f"{order.hq} commands {', '.join(order.units)} "
                                           "(10.31)"]))
        elif isinstance(order, m.Withhold):
            said = [e for e in events if e.split(":")[0] in order.units and "14.24" in e]
            results.append(result(player, order, by_share(len(said), len(order.units)),
                                  said or ["not due this Game-Turn (14.24)"]))
        elif isinstance(order, m.Replace):
            after, said, restored = _replace(after, data, order, dice, replacement,
                                             done.moved, spent)
            events.extend(said)
            results.append(result(player, order, by_share(restored, len(order.units)), said))
        elif isinstance(order, m.Follow):
            results.append(stands(player, order, "kept for the Cavalry Withdrawal Before "
                                  "Combat Phase (12.16)"))
        else:
            results.append(stands(player, order, "a standing order: kept for the Enemy "
                                  "Player-Turn (ruling G25)"))
    return after, results, events


def _replace(state: GweState, data: GweData, order: m.Replace, dice: Dice,
             replacement: Replacement | None, moved: frozenset[str], spent: list[int]
             ) -> tuple[GweState, list[str], int]:
    if replacement is None:
        return state, ["its game's Exclusive Rules give no Step Replacement here (13.0)"], 0
    before = {u: state.unit(u).steps_lost for u in order.units}
    notes: list[str] = []
    fought = fought_before(state, replacement.fought)  # 13.0: in the preceding Game-Turn
    for unit_id in order.units:
        barred = exclusive_rules(data).replacement_bar(state, data, unit_id) \
            if replacement.own_bars else None
        bar = None if barred is None else f"{barred[0]} ({barred[1]})"
        points = stacking_points(data.units[unit_id])
        if bar is None and replacement.max_points is not None and replacement_bar(
                state, data, unit_id, replacement.enemy_distance, fought, moved) is None:
            if spent[0] + points > replacement.max_points:
                bar = f"{unit_id}: past {replacement.max_points} Stacking Points replaced " \
                      f"this Game-Turn ({replacement.rule})"
            else:
                spent[0] += points
        if bar is not None:
            notes.append(bar)
            continue
        state, said = replace_steps(state, data, (unit_id,), dice, replacement.succeeds_on,
                                    replacement.enemy_distance, fought, moved, replacement.rule)
        notes.extend(said)
    restored = sum(1 for u in order.units if state.unit(u).steps_lost < before[u])
    return state, notes, restored
