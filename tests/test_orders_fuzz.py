"""Fuzzing the order reader: nothing but OrdersError ever escapes, and the normal form of any
order reads back as the same order."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.grammar.parser import parse_line
from gm.games.rcw.orders import model as m
from gm.games.rcw.state import GameState
from orders_grammar.message import OrdersError
from orders_grammar.problem import Problem
from tests.test_orders_parse import EXAMPLES

DATA: GameData = load_game_data()
NAMES = Names(DATA)
SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def read(text: str) -> None:
    """Parse a message; only OrdersError may escape, and every problem renders."""
    try:
        message = parse_message(text, NAMES)
    except OrdersError:
        return
    for problem in message.problems:
        assert problem.render()
    for order in message.orders:
        assert order.echo()


@SETTINGS
@given(st.text(max_size=400))
def test_random_text(text: str) -> None:
    read(text)
    read("GAME g\n" + text)


ODD = st.characters(codec="utf-8", categories=("Mn", "Me", "Cf", "Zs", "Zl", "Zp", "Cc", "So",
                                                "Lo", "Nd", "Pd"))


@SETTINGS
@given(st.lists(st.text(alphabet=ODD, max_size=40), max_size=20))
def test_odd_unicode_lines(lines: list[str]) -> None:
    read("GAME g\nPLAYER A\n" + "\n".join(lines))


@SETTINGS
@given(st.sampled_from([t for t, _ in EXAMPLES]), st.lists(
    st.tuples(st.sampled_from(["insert", "delete", "swap", "upper"]), st.integers(0, 80),
              st.characters(codec="utf-8")), min_size=1, max_size=4))
def test_mutated_valid_orders(text: str, edits: list[tuple[str, int, str]]) -> None:
    chars = list(text)
    for action, where, char in edits:
        where %= max(len(chars), 1)
        if action == "insert":
            chars.insert(where, char)
        elif chars and action == "delete":
            del chars[where]
        elif len(chars) > 1 and action == "swap":
            chars[where - 1], chars[where] = chars[where], chars[where - 1]
        elif chars:
            chars[where] = chars[where].swapcase()
    read("GAME g\nPLAYER A\n" + "".join(chars) + "\n" + text)


def test_a_10000_line_message() -> None:
    lines = ["GAME big", "PLAYER A"]
    samples = [t for t, _ in EXAMPLES] + ["MOEV 152: TVER", "MOVE 152: TVRE", "@@@", ""]
    lines += [samples[i % len(samples)] + ("\\" if i % 97 == 0 else "") for i in range(10_000)]
    message = parse_message("\n".join(lines), NAMES)
    assert len(message.orders) + len(message.problems) > 9_000


def test_a_message_too_long_is_refused_whole() -> None:
    with pytest.raises(OrdersError, match="more than"):
        parse_message("GAME g\n" + "QUIT\n" * 30_000, NAMES)


UNITS = st.sampled_from(sorted(DATA.units))
LEADERS = st.sampled_from(sorted(DATA.leaders))
PROVINCES = st.sampled_from(sorted(DATA.provinces))
PLAYERS = st.sampled_from(list("ABCDEF"))
UNIT_LISTS = st.lists(UNITS, min_size=1, max_size=5).map(tuple)
GOODS = st.one_of(st.builds(m.Goods, units=UNIT_LISTS),
                  st.builds(m.Goods, politburo=st.integers(1, 15)),
                  st.builds(m.Goods, assassin=st.integers(1, 15)))
ORDERS = st.one_of(
    st.builds(m.Give, goods=GOODS, to=PLAYERS),
    st.builds(m.Trade, goods=GOODS, to=PLAYERS, receive=GOODS),
    st.builds(m.Move, rail=st.booleans(), force=UNIT_LISTS,
              path=st.lists(PROVINCES, min_size=1, max_size=6).map(tuple),
              changes=st.lists(st.builds(m.StackChange, action=st.sampled_from(["PICKUP", "DROP"]),
                                         units=UNIT_LISTS, at=PROVINCES), max_size=2).map(tuple)),
    st.builds(m.Attach, units=UNIT_LISTS, leader=LEADERS),
    st.builds(m.Detach, units=UNIT_LISTS, leader=LEADERS),
    st.builds(m.Transfer, imperial=st.sampled_from(["GOLD", "CZAR"]), source=LEADERS,
              target=UNITS),
    st.builds(m.Emigrate, unit=st.sampled_from(["GOLD", "CZAR"])),
    st.builds(m.Assassinate, targets=st.lists(LEADERS, min_size=1, max_size=3).map(tuple),
              markers=st.none() | st.integers(1, 15)),
    st.builds(m.Purge, target=PLAYERS, partners=st.lists(PLAYERS, max_size=3).map(tuple),
              politburo=st.none() | st.integers(0, 15),
              split=st.sampled_from([None, "equally"]),
              prefer=st.lists(LEADERS | st.just("POLITBURO"), max_size=3).map(tuple)),
    st.builds(m.Purge, target=PLAYERS, split=st.just("in_order"),
              split_order=st.lists(PLAYERS, min_size=1, max_size=3).map(tuple)),
    st.builds(m.IfPurged, counterpurge=st.none() | PLAYERS),
    st.builds(m.ExecuteCzar), st.builds(m.IfExecution, comply=st.booleans()),
    st.builds(m.Steal, unit=UNITS, leader=LEADERS), st.builds(m.Quit),
    st.builds(m.Attack, subversive=st.booleans(), target=UNIT_LISTS,
              forces=st.lists(UNIT_LISTS, min_size=1, max_size=3).map(tuple)),
    st.builds(m.Losses, units=UNIT_LISTS), st.builds(m.EndGame),
    st.builds(m.Deploy, units=UNIT_LISTS, province=PROVINCES),
)


@settings(max_examples=500, deadline=None)
@given(ORDERS)
def test_the_echo_reads_back_as_the_same_order(order: m.Order) -> None:
    again = parse_line(order.echo(), 1, NAMES)
    assert not isinstance(again, Problem), again.render()
    assert again.same_as(order), (order.echo(), again.echo())


@cache
def positions() -> list[tuple[GameData, GameState]]:
    """The legality fixture and a real start of a 6-player game."""
    from gm.games.rcw.cases.load import load_case
    from tests.conftest import deployed
    from tests.test_orders_legality import POSITION

    _, case_data, case_state = load_case(POSITION)
    return [(case_data, case_state), (DATA, deployed(DATA, "ABCDEF", "fuzz"))]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ORDERS, min_size=1, max_size=6), st.sampled_from(["A", "B", "C"]),
       st.sampled_from([1, 2]), st.sampled_from([0, 1]))
def test_legality_checks_never_fail_on_any_order(orders: list[m.Order], player: str,
                                                 phase: int, which: int) -> None:
    from gm.games.rcw.orders.legality import validate_orders

    data, state = positions()[which]
    state = state.model_copy(update={"phase": phase})
    for refusal in validate_orders(tuple(orders), state, data, player):
        assert refusal.message and refusal.rule


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["A", "B", "C"]),
                       st.lists(ORDERS, min_size=1, max_size=5), max_size=3),
       st.integers(0, 1))
@example({"A": [m.Detach(units=(101, 101), leader=151)]}, 0)  # found by CI: a unit twice (7.21)
def test_the_engine_takes_any_orders(orders: dict[str, list[m.Order]], which: int) -> None:
    """Whatever orders arrive, the First Phase is adjudicated and every order gets a result."""
    from gm.core.dice import SeededDice
    from gm.games.rcw.engine.postal import adjudicate

    data, state = positions()[which]
    numbered = {p: tuple(o.model_copy(update={"line": i + 3}) for i, o in enumerate(given))
                for p, given in orders.items() if p in state.players}
    result = adjudicate(state, data, numbered, SeededDice("fuzz", "engine"))
    assert len(result.results) == sum(len(o) for o in numbered.values())
