"""What a player plans from (gm/games/rcw/reports/planning.py): the template offers every order
open to him and nothing else, so that any of its lines, uncommented and sent back, passes
`gm orders check`; YOUR FORCES says where each stack can go and what it can attack."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.core.state import Stack
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.orders.legality_movement import LEADER_ALLOWANCE
from gm.games.rcw.orders.messages import legality_problems, open_phase_of
from gm.games.rcw.reports.build import build_report
from gm.games.rcw.reports.planning import reach
from gm.games.rcw.rules.movement import must_stop
from gm.games.rcw.simulation.simulate import play, start
from gm.games.rcw.state import FIRST_PHASE, GameState

DATA = load_game_data()
NAMES = Names(DATA)


def _problems_of_each_line(state: GameState, player: str) -> list[tuple[str, list[str]]]:
    """Each order line of the player's template, sent alone as he would send it."""
    report = build_report("prop", None, state, DATA, [], player=player)
    assert report.player is not None
    template = report.player.template
    header, orders = template[:4], [line for line in template[4:-1]]
    assert all(line.startswith("# ") for line in orders)
    found = []
    for line in orders:
        order = line[2:].split("   #")[0]
        text = "\n".join([*header, order, "END"]).replace("<your password>", "x")
        message = parse_message(text, NAMES, open_phase_of(state))
        lines = dict(enumerate(text.splitlines(), 1))
        problems = [p.message for p in message.problems] + [
            p.message for p in legality_problems(message.orders, lines, state, DATA, player)]
        assert len(message.orders) == 1 or problems, order
        found.append((order, problems))
    return found


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), phases=st.integers(0, 5))
def test_every_template_line_is_a_legal_order(seed: int, players: int, phases: int) -> None:
    state = start(DATA, "ABCDEF"[:players], seed)
    for phase in itertools.islice(play(DATA, state, seed, max_turns=3), phases):
        state = phase.after
    if state.stage != "play":
        return
    for player in state.players_in_game():
        for order, problems in _problems_of_each_line(state, player):
            assert problems == [], f"{order}: {problems}"


def test_the_template_offers_the_orders_of_the_phase_only() -> None:
    state = start(DATA, "ABC", 7)
    first = build_report("t", None, state, DATA, [], player="A").player
    assert first is not None and state.phase == FIRST_PHASE
    kinds = {line[2:].split()[0] for line in first.template[4:-1]}
    assert {"MOVE", "RAIL", "QUIT"} <= kinds and not kinds & {"ATTACK", "SUBVERT", "LOSSES"}
    second_state = next(iter(play(DATA, state, 7, max_turns=1))).after
    second = build_report("t", None, second_state, DATA, [], player="A").player
    assert second is not None
    kinds = {line[2:].split()[0] for line in second.template[4:-1]}
    assert not kinds & {"MOVE", "RAIL", "ASSASSINATE"}
    attacks = [line for line in second.template if line.startswith("# ATTACK")]
    targets = {a for force in second.forces for a in force.attack}
    assert bool(attacks) == bool(targets)  # ATTACK only where a target is


def test_your_forces_names_every_stack_and_where_it_can_go() -> None:
    state = start(DATA, "ABCD", 11)
    part = build_report("t", None, state, DATA, [], player="B").player
    assert part is not None
    mine = [(code, s) for code, stacks in state.position.items() for s in stacks
            if s.player == "B"]
    assert len(part.forces) == len(mine)
    for force in part.forces:
        assert force.units and all(u.label for u in force.units)
        assert force.neighbours and set(force.reach) <= {p.code for p in DATA.map.provinces}
        stack = next(s for code, s in mine if code == force.province)
        if DATA.is_leader(stack.units[0]):
            neighbours = {n.split()[0] for n in force.neighbours}
            assert neighbours & set(force.reach), force.province
            assert force.province not in force.reach
            assert not set(force.rail_reach) & set(force.reach)


def _exits(code: str) -> set[str]:
    """Neighbours, and the straits (5.32) a force may cross."""
    return set(DATA.provinces[code].adjacent) | {
        b for s in DATA.map.special if s.kind == "straits"
        for a, b in (s.between, s.between[::-1]) if a == code}


def test_reach_stops_where_another_colour_stood_at_the_start_of_the_turn() -> None:
    """5.27 (17.0 [5.0]): a force entering a province that held another colour at the start
    of the Game-Turn stops there: every province reached is one step beyond a chain of
    provinces the force could pass through, and none is reached through a stop."""
    state = start(DATA, "ABCD", 3)
    colours = {code: {str(DATA.color(u)) for s in stacks for u in s.units if isinstance(u, int)}
               for code, stacks in state.position.items()}
    stops_seen = 0
    for code, stacks in state.position.items():
        for stack in stacks:
            if not (stack.player and DATA.is_leader(stack.units[0])):
                continue
            reached = set(reach(stack.units, code, False, state, DATA, stack.player))
            stops = {p for p in reached if must_stop(p, list(stack.units), colours, DATA)}
            stops_seen += len(stops)
            passable, frontier = {code}, {code}
            for _ in range(LEADER_ALLOWANCE - 1):
                frontier = {n for p in frontier for n in _exits(p)
                            if n in reached and n not in stops} - passable
                passable |= frontier
            one_step = {n for p in passable for n in _exits(p)}
            assert reached <= one_step, (code, sorted(reached - one_step))
    assert stops_seen > 0


@pytest.mark.rules("8.22", "13.51", "13.42")
def test_the_template_never_offers_an_attack_on_an_imperial_unit_alone() -> None:
    """Issue 23: the Czar standing alone beside the player's stack was offered as a target
    ("1 to 0, 6:1, De"); an Imperial unit alone opposes no one (ruling R73)."""
    state = start(DATA, "ABC", 7)
    second = next(iter(play(DATA, state, 7, max_turns=1))).after
    assert second.phase == 2
    province = next(p for p, stacks in second.position.items() for s in stacks
                    if s.player == "A" and DATA.is_leader(s.units[0]) and
                    "CZAR" not in s.units and "GOLD" not in s.units)
    czar = second.where_is("CZAR")
    assert czar is not None
    alone = second.with_position(czar[0], tuple(
        Stack(player=s.player, units=tuple(u for u in s.units if u != "CZAR"))
        for s in second.stacks_in(czar[0]) if s.units != ("CZAR",)))
    alone = alone.with_position(province, (*alone.stacks_in(province),
                                           Stack(player=None, units=("CZAR",))))
    report = build_report("t", None, alone, DATA, [], player="A")
    assert report.player is not None
    assert not [line for line in report.player.template if line.startswith("# ATTACK CZAR")]
