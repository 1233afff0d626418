"""Great War in the East: the Sequence of Play (4.0) as data, and properties of random legal
play on the synthetic map: stacking kept after every move, retreat and advance the rules
allow (6.14, 6.15, 8.63), Steps never below zero nor a unit on the map without one (8.5),
every unit in exactly one place, retreats never into an Enemy Zone of Control but as 8.64
allows."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.core.dice import SeededDice
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.rules.advance import advance
from gm.games.gwe.rules.arrivals import arrivals
from gm.games.gwe.rules.attack import Attack, AttackerChoice
from gm.games.gwe.rules.cavalry import may_try, withdraw
from gm.games.gwe.rules.losses import apply_attacker_result, force_steps
from gm.games.gwe.rules.movement import entry
from gm.games.gwe.rules.moving import Move
from gm.games.gwe.rules.phases import (
    CombatOrders,
    MovementOrders,
    combat_phase,
    movement_phase,
    withdrawal_phase,
)
from gm.games.gwe.rules.results import DefenderChoice, apply_defender_result
from gm.games.gwe.rules.sequence import game_turn, next_phase, phasing_side
from gm.games.gwe.rules.stacking import overstacked
from gm.games.gwe.rules.steps import is_hq, steps_left
from gm.games.gwe.rules.supply import attrition
from gm.games.gwe.rules.zoc import blocks_tracing
from gm.games.gwe.state import GweState, initial_state, state_problems
from tests.gwe import fixture_data

DATA = fixture_data()
SIDES = ("central", "allied")


@pytest.mark.rules("gwe:4.0")
def test_the_sequence_of_play_as_data() -> None:
    turn = game_turn("central", "allied")
    assert [(s.number, s.phase.name, s.phasing, s.acting) for s in turn] == [
        (1, "Movement", "central", "central"),
        (2, "Cavalry Withdrawal Before Combat", "central", "allied"),
        (3, "Combat", "central", "central"),
        (4, "Movement", "allied", "allied"),
        (5, "Cavalry Withdrawal Before Combat", "allied", "central"),
        (6, "Combat", "allied", "allied")]
    assert [s.letter for s in turn[0].phase.segments] == ["a", "b", "c", "d", "e"]
    assert [s.name for s in turn[2].phase.segments] == ["Command Control", "Combat Resolution"]
    assert phasing_side("central", "allied", 2) == "allied"
    assert next_phase(3, 6) == (4, 1) and next_phase(3, 2) == (3, 3)


def _fits(state: GweState, unit_id: str, where: str) -> bool:
    side = DATA.side_of(unit_id)
    there = sum(stacking_points(DATA.units[u]) for u in state.units_in(parse_hex(where))
                if DATA.side_of(u) == side and u != unit_id)
    return there + stacking_points(DATA.units[unit_id]) <= \
        DATA.counters.sides[side].stacking_limit


def _move(state: GweState, rng: random.Random, side: str) -> GweState:
    """One unit one hex, as 5.0 allows, kept only if the hex is within the limit (6.14)."""
    mine = sorted(u for u, _ in state.on_map() if DATA.side_of(u) == side)
    unit_id = rng.choice(mine)
    at = parse_hex(str(state.unit(unit_id).hex))
    target = rng.choice(DATA.neighbours(at))
    if entry(state, DATA, unit_id, at, target).allowed and _fits(state, unit_id, str(target)):
        return state.with_unit(unit_id, hex=str(target), entrained=False)
    return state


def _combat(state: GweState, rng: random.Random, side: str) -> GweState:
    """A random attack on a random hex with a random result, option and advance."""
    enemy = {at for u, at in state.on_map() if DATA.side_of(u) != side and not is_hq(DATA, u)}
    targets = sorted(at for at in enemy if any(
        DATA.side_of(u) == side and not is_hq(DATA, u)
        for n in DATA.neighbours(at) for u in state.units_in(n)))
    if not targets:
        return state
    where = rng.choice(targets)
    defenders = tuple(u for u in state.units_in(where) if DATA.side_of(u) != side)
    attackers = tuple(u for n in DATA.neighbours(where) for u in state.units_in(n)
                      if DATA.side_of(u) == side and not is_hq(DATA, u))
    affected = min(force_steps(state, DATA, attackers), force_steps(state, DATA, defenders))
    if affected == 0:
        return state
    before = state
    choice = DefenderChoice(option=rng.choice((None, 1, 2, 3)))
    applied = apply_defender_result(state, DATA, rng.choice(("-", "1", "2", "3", "E")),
                                    defenders, affected, rng.random() < 0.5, choice)
    for unit_id in defenders:
        after = applied.state.unit(unit_id)
        if after.hex is not None and after.hex != str(where) and DATA.tcr(unit_id) > 1:
            assert not blocks_tracing(before, DATA, parse_hex(after.hex),
                                      DATA.side_of(unit_id)), (unit_id, after.hex)  # 8.64
        assert after.hex is None or after.hex == str(where) or applied.option is not None
    state, _ = apply_attacker_result(applied.state, DATA, rng.choice(("-", "1", "2")),
                                     attackers, affected)
    wanted = {h: attackers[: rng.randint(0, len(attackers))] for h in applied.vacated}
    state, _ = advance(state, DATA, applied, attackers, wanted)
    return state


def _invariants(state: GweState) -> None:
    assert set(state.units) == set(DATA.units)  # every unit in exactly one place
    for unit_id, unit in state.units.items():
        assert (unit.place == "map") == (unit.hex is not None)
        assert unit.steps_lost >= 0
        if unit.place == "map":
            assert steps_left(state, DATA, unit_id) >= 1  # 8.5: no Steps, no unit
            assert DATA.on_map(parse_hex(str(unit.hex)))
    assert state_problems(state, DATA) == []
    assert overstacked(state, DATA) == []  # 6.14, 6.15, 8.63, 8.71


@pytest.mark.rules("gwe:6.14", "gwe:6.15", "gwe:8.5", "gwe:8.63", "gwe:8.64", "gwe:8.71")
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_legal_play_keeps_the_rules_invariants(seed: int) -> None:
    rng = random.Random(seed)
    dice = SeededDice(str(seed), "gwe-play")
    state = initial_state(DATA, ("A", "B"))
    for turn in range(1, 4):
        for side in SIDES:
            state, _ = arrivals(state, DATA, side, turn)
            for _ in range(rng.randint(0, 6)):
                state = _move(state, rng, side)
            _invariants(state)
            state, _ = attrition(state, DATA, side, dice)
            _invariants(state)
            other = SIDES[1 - SIDES.index(side)]
            for unit_id in sorted(u for u, _ in state.on_map() if DATA.side_of(u) == other):
                if may_try(state, DATA, unit_id) and rng.random() < 0.5:
                    state = withdraw(state, DATA, unit_id, dice).state
            _invariants(state)
            for _ in range(rng.randint(0, 3)):
                state = _combat(state, rng, side)
                _invariants(state)
    assert all(r.purpose for r in dice.log)  # every roll logged with its purpose


def _random_moves(state: GweState, rng: random.Random, side: str) -> tuple[Move, ...]:
    """Random written moves: walks of one to three hexes, now and then by rail."""
    from gm.games.gwe.data.hexes import Hex

    moves = []
    for unit_id in sorted(u for u, _ in state.on_map() if DATA.side_of(u) == side):
        if rng.random() < 0.4:
            continue
        at = parse_hex(str(state.unit(unit_id).hex))
        steps: list[Hex | str] = ["entrain"] if rng.random() < 0.2 else []
        for _ in range(rng.randint(1, 3)):
            at = rng.choice(DATA.neighbours(at))
            steps.append(at)
        if steps[0] == "entrain":
            steps.append("detrain")
        moves.append(Move(unit_id, tuple(steps)))  # type: ignore[arg-type]
    rng.shuffle(moves)
    return tuple(moves)


def _random_attacks(state: GweState, rng: random.Random, side: str) -> tuple[Attack, ...]:
    attacks = []
    enemy = sorted({at for u, at in state.on_map() if DATA.side_of(u) != side})
    for where in enemy:
        near = tuple(u for n in DATA.neighbours(where) for u in state.units_in(n)
                     if DATA.side_of(u) == side)
        if near and rng.random() < 0.7:
            choice = DefenderChoice(option=rng.choice((None, 1, 2, 3)))
            hqs = rng.choice((None, ()))
            advance = {where: near[: rng.randint(0, len(near))]}
            attacks.append(Attack(near, (where,), AttackerChoice(hqs=hqs, advance=advance),
                                  choice))
    return tuple(attacks)


@pytest.mark.rules("gwe:4.0", "gwe:6.14", "gwe:8.5", "gwe:8.66", "gwe:10.52", "gwe:5.31")
@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_whole_phases_keep_the_rules_invariants(seed: int) -> None:
    rng = random.Random(seed)
    dice = SeededDice(str(seed), "gwe-phases")
    state = initial_state(DATA, ("A", "B"))
    for turn in range(1, 4):
        state = state.model_copy(update={"turn": turn})
        for side in SIDES:
            other = SIDES[1 - SIDES.index(side)]
            done = movement_phase(state, DATA, side, MovementOrders(
                moves=_random_moves(state, rng, side)), dice)
            state = done.state
            _invariants(state)
            rail_points = sum(stacking_points(DATA.units[u]) for u, _ in state.on_map()
                              if DATA.side_of(u) == side and state.unit(u).entrained
                              and not is_hq(DATA, u))
            assert rail_points <= DATA.counters.sides[side].rail_capacity  # 5.31
            cavalry = {u: None for u, _ in state.on_map() if DATA.side_of(u) == other
                       and may_try(state, DATA, u) and rng.random() < 0.5}
            state = withdrawal_phase(state, DATA, other, cavalry, {}, dice).state
            _invariants(state)
            done = combat_phase(state, DATA, side, CombatOrders(
                attacks=_random_attacks(state, rng, side)), dice)
            state = done.state
            _invariants(state)
            assert state.fought == frozenset() and state.retreated == {}
            for unit_id, at in state.on_map():  # 10.52: no HQ alone beside... in an Enemy hex
                assert not any(DATA.side_of(u) != DATA.side_of(unit_id)
                               for u in state.units_in(at)), (unit_id, at)
    assert all(r.purpose for r in dice.log)
