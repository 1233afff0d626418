"""HELP for Great War in the East (GameSystem.order_forms, gm/games/gwe/grammar/forms.txt)
lists every order form docs/orders-gwe.md shows, each clause with its order (DEPLOY, DEFEND
... SHIFT, SHIFT NONE, WITHDRAW by a path), and every line of it is an order the grammar reads
on the galician data set a campaign plays (issue 29)."""

from __future__ import annotations

from lark import Token, Tree

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.grammar.parser import lark_parser, parse_line
from gm.games.gwe.orders.model import Order
from gm.games.registry import system_for
from tests.test_gwe_orders_docs import order_lines as documented_lines

NAMES_AND_VALUES = {"UNIT", "HEX", "NUMBER", "COMMA", "DASH", "COLON"}


def help_lines() -> list[str]:
    """HELP's orders: its lines but the headings (`...:`), comments cut."""
    text = system_for("gwe").order_forms()
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()
             if not line.rstrip().endswith(":")]
    return [line for line in lines if line]


def form(line: str) -> frozenset[tuple[str, str]]:
    """An order's form: its kind with each keyword it writes (`defend`, `SHIFT`), so that a
    clause counts with its order (DEFEND ... SHIFT is not ATTACK ... SHIFT)."""
    order = lark_parser().parse(line).children[0]
    assert isinstance(order, Tree)
    return frozenset((str(order.data), token.type) for token in order.scan_values(
        lambda v: isinstance(v, Token) and v.type not in NAMES_AND_VALUES))


def test_help_shows_every_order_form_of_the_order_page() -> None:
    shown = set().union(*(form(line) for line in help_lines()))
    wanted = set().union(*(form(line) for line in documented_lines()))
    assert wanted - shown == set()
    assert ("deploy", "DEPLOY") in shown and ("defend", "SHIFT") in shown
    assert ("attack", "NONE") in shown and ("defend", "NONE") in shown


def test_help_shows_every_rule_and_clause_of_the_grammar() -> None:
    rules = lark_parser().rules
    known = {str(rule.alias or rule.origin.name) for rule in rules
             if not rule.origin.name.startswith("_") and rule.origin.name != "order"}
    shown = {str(sub.data) for line in help_lines()
             for sub in lark_parser().parse(line).iter_subtrees()}
    assert known - shown == set()


def test_every_help_line_is_an_order_on_the_galician_data_set() -> None:
    data = system_for("gwe").load_data()
    assert isinstance(data, GweData)
    names = Names(data)
    lines = help_lines()
    assert len(lines) > 20
    for number, line in enumerate(lines, 1):
        assert isinstance(parse_line(line, number, names), Order), line
