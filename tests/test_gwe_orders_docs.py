"""Great War in the East documents its order language (docs/orders-gwe.md): every example
parses to the order it shows, every order kind of the model and every form of the grammar is
shown, and every message example is read without a problem (issue 27)."""

from __future__ import annotations

import typing

import pytest
from lark import Token, Tree

from gm.games.gwe.grammar.messages import parse_message
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.grammar.parser import lark_parser, parse_line
from gm.games.gwe.orders import model as m
from orders_grammar.problem import Problem
from tests.gwe import fixture_data
from tests.test_own_docs import DOCS, blocks

PAGE = DOCS / "orders-gwe.md"
NAMES = Names(fixture_data())
A = m.Advance
C = m.Choice
EXPECTED: dict[str, m.Order] = {
    "COMMAND RU-KA: RU-8 RU-12, RU-4C": m.Command(hq="RU-KA", units=("RU-8", "RU-12", "RU-4C")),
    "WITHHOLD RU-3": m.Withhold(units=("RU-3",)),
    "MOVE RU-8 RU-12: 0405-0505": m.Move(units=("RU-8", "RU-12"), path=("0405", "0505")),
    "RAIL RU-12: 0405-0305-0205 DETRAIN": m.Rail(units=("RU-12",),
                                                 path=("0405", "0305", "0205"), detrain=True),
    "MOVE RU-12: 0205-0204": m.Move(units=("RU-12",), path=("0205", "0204")),
    "DETRAIN AH-9": m.Detrain(units=("AH-9",)),
    "MOVE RU-12: 0404-0405": m.Move(units=("RU-12",), path=("0404", "0405")),
    "RAIL RU-12: 0405-0305 DETRAIN": m.Rail(units=("RU-12",), path=("0405", "0305"),
                                            detrain=True),
    "DETRAIN AH-9 GE-XK": m.Detrain(units=("AH-9", "GE-XK")),
    "REPLACE RU-8": m.Replace(units=("RU-8",)),
    "FOLLOW 0504 WITH GE-35": m.Follow(hex="0504", units=("GE-35",)),
    "COMMAND RU-KA: RU-4C": m.Command(hq="RU-KA", units=("RU-4C",)),
    "ATTACK 0604 WITH RU-4C": m.Attack(hexes=("0604",), units=("RU-4C",)),
    "ATTACK 0604 WITH RU-8 RU-12 SHIFT RU-KA ADVANCE RU-8": m.Attack(
        hexes=("0604",), units=("RU-8", "RU-12"), shift=("RU-KA",),
        advances=(A(units=("RU-8",)),)),
    "ATTACK 0604 WITH RU-8 SHIFT NONE": m.Attack(hexes=("0604",), units=("RU-8",), shift=()),
    "ATTACK 0604 0605 WITH RU-8 AFFECTED RU-8 LOSSES RU-8 ADVANCE RU-8 INTO 0605": m.Attack(
        hexes=("0604", "0605"), units=("RU-8",), affected=("RU-8",), losses=("RU-8",),
        advances=(A(units=("RU-8",), into="0605"),)),
    "ATTACK 0604 WITH AH-9 MONITOR": m.Attack(hexes=("0604",), units=("AH-9",), monitor=True),
    "ATTACK 0605 WITH MONITOR": m.Attack(hexes=("0605",), units=(), monitor=True),
    "DEFEND 0405 RESULT 1 OPTION 2 RESULT 2 OPTION 3": m.Defend(
        hex="0405", options=(C(result="1", option=2), C(result="2", option=3))),
    "DEFEND 0604 RETREAT 0604-0603-0602": m.Defend(hex="0604",
                                                   retreat=("0604", "0603", "0602")),
    "DEFEND 0705 AFFECTED GE-35 LOSSES GE-35 GE-35": m.Defend(
        hex="0705", affected=("GE-35",), losses=("GE-35", "GE-35")),
    "DEFEND 0803 SHIFT AH-A4": m.Defend(hex="0803", shift=("AH-A4",)),
    "WITHDRAW RU-4C": m.Withdraw(unit="RU-4C"),
    "WITHDRAW RU-4C: 0504-0404-0304": m.Withdraw(unit="RU-4C", path=("0504", "0404", "0304")),
    "RAIL RU-12: 0405-0305-0205-0105 OFF 0108": m.Rail(
        units=("RU-12",), path=("0405", "0305", "0205", "0105"), off="0108"),
    "RAIL RU-3 OFF 0108": m.Rail(units=("RU-3",), path=(), off="0108"),
    "OVERSTACK RU-12 RU-4C": m.Overstack(units=("RU-12", "RU-4C")),
    "DISPLACE RU-KA TO 0304 0404": m.Displace(hq="RU-KA", hexes=("0304", "0404")),
    "DEPLOY RU-8 0405": m.Deploy(units=("RU-8",), hex="0405"),
    "DEPLOY RU-8 RU-12 IN 0405": m.Deploy(units=("RU-8", "RU-12"), hex="0405"),
}


def order_lines() -> list[str]:
    lines = [line.split("#", 1)[0].strip() for body in blocks(PAGE, "orders")
             for line in body.splitlines()]
    return [line for line in lines if line]


def kinds() -> set[str]:
    """Every order kind of the model, from the model itself."""
    return {typing.get_args(kind.model_fields["kind"].annotation)[0]
            for kind in m.Order.__subclasses__()}


@pytest.mark.rules("gwe:4.0")
def test_every_order_example_parses_to_the_order_it_shows() -> None:
    lines = order_lines()
    assert sorted(lines) == sorted(EXPECTED)  # a new example needs its expected order here
    for number, line in enumerate(lines, 1):
        parsed = parse_line(line, number, NAMES)
        assert isinstance(parsed, m.Order), parsed
        assert parsed.same_as(EXPECTED[line]), (line, parsed)


def test_every_order_kind_of_the_model_is_documented() -> None:
    parsed = {parse_line(line, 1, NAMES) for line in order_lines()}
    shown = {order.kind for order in parsed if isinstance(order, m.Order)}
    assert kinds() - shown == set()
    assert len(kinds()) >= 10


def _forms(tree: Tree[Token]) -> set[str]:
    return {str(sub.data) for sub in tree.iter_subtrees()}


def test_every_form_and_clause_of_the_grammar_is_documented() -> None:
    rules = lark_parser().rules
    known = {str(rule.alias or rule.origin.name) for rule in rules
             if not rule.origin.name.startswith("_") and rule.origin.name != "order"}
    shown = set().union(*(_forms(lark_parser().parse(line)) for line in order_lines()))
    assert known - shown == set()


def test_every_message_example_is_read_without_a_problem() -> None:
    found = blocks(PAGE, "message")
    assert found
    for text in found:
        parsed = parse_message(text, NAMES)
        assert parsed.problems == (), [p.render() for p in parsed.problems]
        assert parsed.orders and not isinstance(parsed.orders[0], Problem)
