"""Great War in the East's orders on the synthetic map (fixtures/gwe): each kind refused with the
rule case it breaks, legal orders accepted in the order written, syntax problems placed by line
and column, and every order echoed in its normal form parsing back to itself (issue 27)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.games.gwe.grammar.names import Names
from gm.games.gwe.grammar.parser import lark_parser, parse_line
from gm.games.gwe.orders import model as m
from gm.games.gwe.orders.legality import OUT_OF_PHASE, validate_orders
from gm.games.gwe.state import GweState, initial_state
from orders_grammar.problem import Problem
from tests.gwe import fixture_data

DATA = fixture_data()
NAMES = Names(DATA)
FIRST = "allied"  # phasing in Phases 1-3 of each Game-Turn here, central in 4-6


def _state(phase: int = 1, turn: int = 1, last_occupied: dict[str, str] | None = None,
           **units: dict[str, Any]) -> GweState:
    state = initial_state(DATA, ("A", "B")).model_copy(
        update={"phase": phase, "turn": turn, "last_occupied": last_occupied or {}})
    for unit_id, changes in units.items():
        state = state.with_unit(unit_id, **changes)
    return state


def _orders(lines: list[str]) -> list[m.Order]:
    parsed = [parse_line(line, number, NAMES) for number, line in enumerate(lines, 1)]
    assert all(isinstance(p, m.Order) for p in parsed), parsed
    return [p for p in parsed if isinstance(p, m.Order)]


def refusals(lines: list[str], state: GweState | None = None, side: str = "allied"
             ) -> list[tuple[int, str, str]]:
    """(line, rule, message) of every refusal."""
    found = validate_orders(_orders(lines), state or _state(), DATA, side, FIRST)
    return [(r.order.line, r.rule, r.message) for r in found]


def rules_of(lines: list[str], state: GweState | None = None, side: str = "allied"
             ) -> list[str]:
    return [rule for _, rule, _ in refusals(lines, state, side)]


# --- legal orders ------------------------------------------------------------------------


@pytest.mark.rules("gwe:5.0", "gwe:5.34", "gwe:10.31", "gwe:14.24", "gwe:12.16")
def test_a_legal_movement_phase_is_accepted_order_after_order() -> None:
    lines = ["COMMAND RU-KA: RU-8 RU-12",
             "MOVE RU-8: 0405-0505",  # 1 + 1 into the Enemy Zone of Control (7.21)
             "MOVE RU-8: 0505-0605",  # on from where it stopped: 2 + 1 + 1 river (5.4)
             "RAIL RU-12: 0405-0305-0205 DETRAIN",  # entrain for TCR 3 (5.32)
             "MOVE RU-12: 0205-0204",  # 3 + 1 of its 5 (5.34)
             "WITHHOLD RU-3",  # due on Game-Turn 3 (14.24)
             "DEFEND 0405 RESULT 1 OPTION 2 RETREAT 0405-0305"]
    assert refusals(lines, _state(turn=3)) == []
    central = ["FOLLOW 0504 WITH GE-35", "DEFEND 0604 LOSSES AH-24 AH-24"]
    assert refusals(central, _state(phase=4), side="central") == []  # its Movement Phase


@pytest.mark.rules("gwe:8.11", "gwe:8.23", "gwe:10.21", "gwe:8.71", "gwe:12.11")
def test_a_legal_combat_phase_and_standing_orders_are_accepted() -> None:
    lines = ["COMMAND RU-KA: RU-4C",
             "ATTACK 0604 WITH RU-4C SHIFT RU-KA AFFECTED RU-4C LOSSES RU-4C ADVANCE RU-4C"]
    assert refusals(lines, _state(phase=3)) == []
    standing = ["WITHDRAW RU-4C: 0504-0404-0304", "DEFEND 0504 RESULT 2 OPTION 3"]
    for phase in (1, 5, 6):  # standing orders in any Phase (ruling G25), RU-4C beside AH-24
        assert refusals(standing, _state(phase=phase)) == []


# --- refusals, each with its case ---------------------------------------------------------

REFUSED: list[tuple[str, list[str], dict[str, Any], str, str]] = [
    # (what, lines, state and side, the rule cited, words of the message)
    ("not the Phasing Player's", ["MOVE GE-35: 0705-0706"], {"side": "central"}, "4.0, 5.11",
     "Phasing Player's"),
    ("out of its Phase", ["MOVE RU-8: 0405-0404"], {"phase": 3}, "4.0, 5.11",
     "not in the Combat Phase"),
    ("attack in the Movement Phase", ["ATTACK 0604 WITH RU-4C"], {}, "4.0, 8.11",
     "Combat Phase"),
    ("another's unit", ["MOVE GE-35: 0705-0706"], {}, "5.0", "not one of your units"),
    ("a path from elsewhere", ["MOVE RU-8: 0505-0506"], {}, "5.0", "a path begins"),
    ("no hex entered", ["MOVE RU-8: 0405"], {}, "5.0", "then the hexes they enter"),
    ("hexes apart", ["MOVE RU-8: 0405-0407"], {}, "5.0", "not next to"),
    ("across a Prohibited hexside", ["MOVE RU-KA: 0305-0304-0303-0302"], {}, "5.4",
     "Prohibited"),
    ("entrained", ["MOVE RU-12: 0405-0404"], {"units": {"RU-12": {"entrained": True}}},
     "5.34, 5.35", "entrained"),
    ("moved after its replacement", ["REPLACE RU-12", "MOVE RU-12: 0405-0404"],
     {"units": {"RU-12": {"steps_lost": 1}}}, "13.0", "restored"),
    ("replaced after it moved", ["MOVE RU-12: 0405-0404", "REPLACE RU-12"],
     {"units": {"RU-12": {"steps_lost": 1}}}, "13.0", "moves in this Movement Phase"),
    ("replacing cavalry", ["REPLACE RU-4C"], {"units": {"RU-4C": {"steps_lost": 1}}}, "13.0",
     "cavalry"),
    ("replacing a whole unit", ["REPLACE RU-8"], {}, "13.0", "short one Step"),
    ("entraining off the railroad", ["RAIL RU-4C: 0504-0505"], {}, "5.32",
     "not on a Friendly railroad"),
    ("off the railroad", ["RAIL RU-8: 0405-0404"], {}, "5.33", "no Friendly railroad"),
    ("the Enemy's railroad", ["RAIL GE-35: 0105-0205"],
     {"phase": 4, "side": "central", "units": {"GE-35": {"hex": "0105", "entrained": True}}},
     "5.33", "no Friendly railroad"),
    ("detraining a unit not entrained", ["DETRAIN RU-8"], {}, "5.34", "not entrained"),
    ("withholding before its turn", ["WITHHOLD RU-3"], {}, "14.24", "not a reinforcement due"),
    ("withholding a unit on the map", ["WITHHOLD RU-8"], {"turn": 3}, "14.24",
     "not a reinforcement due"),
    ("command from a unit not a HQ", ["COMMAND RU-8: RU-12"], {}, "10.11", "not a HQ"),
    ("command past the strength", ["COMMAND RU-KA: RU-8 RU-12 RU-4C"], {}, "10.31",
     "8 Stacking Points are past RU-KA's Command Strength of 6"),
    ("command out of the radius", ["COMMAND RU-KA: RU-12"],
     {"units": {"RU-12": {"hex": "0101"}}}, "10.32, 10.33, 10.34", "outside"),
    ("command to a HQ", ["COMMAND RU-KA: RU-KA"], {}, "10.31", "HQ unit"),
    ("command twice to one unit", ["COMMAND RU-KA: RU-8", "COMMAND RU-KA: RU-12"], {},
     "10.31", "allocated twice"),
    ("following no cavalry", ["FOLLOW 0604 WITH RU-8"], {}, "12.16", "no Enemy cavalry"),
    ("attacking an empty hex", ["ATTACK 0505 WITH RU-4C"], {"phase": 3}, "8.11",
     "holds no Enemy unit"),
    ("attacking from afar", ["ATTACK 0604 WITH RU-8"], {"phase": 3}, "8.11, 8.23",
     "not next to every hex"),
    ("attacking twice", ["ATTACK 0604 WITH RU-4C", "ATTACK 0604 WITH RU-12"], {"phase": 3},
     "8.14", "attacked twice"),
    ("a unit attacking twice", ["ATTACK 0604 WITH RU-4C", "ATTACK 0605 WITH RU-4C"],
     {"phase": 3, "units": {"AH-9": {"place": "map", "hex": "0605"}}}, "8.14", "attacks twice"),
    ("no Attack Strength", ["ATTACK 0604 WITH RU-D1"],
     {"phase": 3, "units": {"RU-D1": {"hex": "0505"}}}, "8.12, 10.51", "no Attack Strength"),
    ("attacking entrained", ["ATTACK 0604 WITH RU-4C"],
     {"phase": 3, "units": {"RU-4C": {"entrained": True}}}, "5.36", "entrained"),
    ("a shift from a unit not a HQ", ["ATTACK 0604 WITH RU-4C SHIFT RU-8"], {"phase": 3},
     "10.11", "not a HQ"),
    ("a shift out of the radius", ["ATTACK 0604 WITH RU-4C SHIFT RU-KA"],
     {"phase": 3, "units": {"RU-KA": {"hex": "0108"}}}, "10.21", "fewer than half"),
    ("a HQ shifting two attacks", ["ATTACK 0604 WITH RU-4C SHIFT RU-KA",
                                   "ATTACK 0605 WITH RU-8 SHIFT RU-KA"],
     {"phase": 3, "units": {"AH-9": {"place": "map", "hex": "0605"},
                            "RU-8": {"hex": "0505"}}}, "10.11", "one attack a Combat Phase"),
    ("affected and not attacking", ["ATTACK 0604 WITH RU-4C AFFECTED RU-8"], {"phase": 3},
     "8.9", "does not take part"),
    ("advancing and not attacking", ["ATTACK 0604 WITH RU-4C ADVANCE RU-8"], {"phase": 3},
     "8.71", "does not attack here"),
    ("advancing into a hex not attacked", ["ATTACK 0604 WITH RU-4C ADVANCE RU-4C INTO 0505"],
     {"phase": 3}, "8.71", "not a hex of this attack"),
    ("advancing without INTO after a two-hex attack",
     ["ATTACK 0604 0605 WITH RU-12 ADVANCE RU-12"],
     {"phase": 3, "units": {"AH-9": {"place": "map", "hex": "0605"},
                            "RU-12": {"hex": "0505"}}}, "8.71", "INTO names the hex"),
    ("an option the result has not", ["DEFEND 0405 RESULT 1 OPTION 3"], {}, "8.9",
     "options 1 to 2"),
    ("an option for a result of none", ["DEFEND 0405 RESULT 4 OPTION 1"], {}, "8.9",
     "leaves no option"),
    ("a retreat from elsewhere", ["DEFEND 0405 RETREAT 0305-0205"], {}, "8.62",
     "begins in the hex defended"),
    ("a retreat of three hexes", ["DEFEND 0405 RETREAT 0405-0305-0205-0105"], {}, "8.61",
     "enters 3"),
    ("a retreat doubling back", ["DEFEND 0405 RETREAT 0405-0305-0405"], {}, "8.61",
     "ruling G9"),
    ("a retreat across a Prohibited hexside", ["DEFEND 0303 RETREAT 0303-0302"], {}, "8.61",
     "Prohibited"),
    ("losses from another's unit", ["DEFEND 0405 LOSSES GE-35"], {}, "8.9",
     "not one of your units"),
    ("withdrawing infantry", ["WITHDRAW RU-8"], {}, "12.11", "not a cavalry unit"),
    ("withdrawing one hex", ["WITHDRAW RU-4C: 0504-0404"], {}, "12.11", "enters 1"),
    ("withdrawing by a path from elsewhere", ["WITHDRAW RU-4C: 0404-0304-0204"], {}, "12.13",
     "a path begins"),
    ("withdrawing from no Enemy", ["WITHDRAW RU-4C"],
     {"phase": 5, "units": {"AH-24": {"hex": "0901"}}}, "12.11", "not beside an Enemy"),
]


@pytest.mark.rules("gwe:4.0", "gwe:5.0", "gwe:5.13", "gwe:5.14", "gwe:5.17", "gwe:5.32",
                   "gwe:5.33", "gwe:5.34", "gwe:5.35", "gwe:5.36", "gwe:8.11", "gwe:8.12",
                   "gwe:8.14", "gwe:8.23", "gwe:8.61", "gwe:8.62", "gwe:8.71", "gwe:8.9",
                   "gwe:10.11", "gwe:10.21", "gwe:10.31", "gwe:10.32", "gwe:12.11",
                   "gwe:12.13", "gwe:12.16", "gwe:13.0", "gwe:14.24")
@pytest.mark.parametrize(("lines", "setting", "rule", "words"),
                         [pytest.param(*case[1:], id=case[0]) for case in REFUSED])
def test_an_illegal_order_is_refused_with_its_case(lines: list[str], setting: dict[str, Any],
                                                   rule: str, words: str) -> None:
    side = setting.get("side", "allied")
    state = _state(setting.get("phase", 1), setting.get("turn", 1),
                   setting.get("last_occupied"), **setting.get("units", {}))
    found = refusals(lines, state, side)
    assert len(found) == 1, found
    line, cited, message = found[0]
    assert (line, cited) == (len(lines), rule) and words in message, found[0]


def test_every_case_a_refusal_cites_is_one_its_kind_applies() -> None:
    """An order's `cases` are the rules it applies: every refusal above cites only those, or
    the Sequence of Play's (4.0 and the case that places the kind in its Phase)."""
    for what, lines, *_, rule, _words in REFUSED:
        order = _orders(lines)[-1]
        allowed = {*order.cases, "4.0", OUT_OF_PHASE.get(order.kind, "4.0")}
        assert set(rule.split(", ")) <= allowed, (what, rule, order.cases)
    assert all(kind.cases for kind in m.Order.__subclasses__())


# --- syntax ---------------------------------------------------------------------------


def test_a_misspelt_unit_or_a_hex_off_the_map_is_placed_with_a_suggestion() -> None:
    unit = parse_line("MOVE RU-8 RU-121: 0405-0505", 7, NAMES)
    assert isinstance(unit, Problem)
    assert (unit.line, unit.column, unit.suggestion) == (7, 11, "RU-12")
    off = parse_line("ATTACK 0604 WITH ru-4c ADVANCE RU-4C INTO 1212", 2, NAMES)
    assert isinstance(off, Problem) and off.column == 43 and "not a hex of the map" in \
        off.message
    short = parse_line("MOVE RU-8 0405", 3, NAMES)
    assert isinstance(short, Problem) and "expected ':'" in short.message
    twice = parse_line("DEFEND 0405 RETREAT 0405-0305 RETREAT 0405-0404", 1, NAMES)
    assert isinstance(twice, Problem) and twice.column == 31 and "twice" in twice.message
    lettered = lark_parser().parse("DEFEND G2809 RETREAT G2809-s2808")  # 2.1, ruling G2
    hexes = [str(v) for v in lettered.scan_values(lambda v: getattr(v, "type", "") == "HEX")]
    assert hexes == ["G2809", "G2809", "s2808"]
    off_map = parse_line("DEFEND s0405 RESULT 1 OPTION 1", 1, NAMES)  # no map s here
    assert isinstance(off_map, Problem) and "s0405 is not a hex of the map" in off_map.message
    unknown = parse_line("MARCH RU-8: 0405-0505", 1, NAMES)
    assert isinstance(unknown, Problem) and "MOVE, RAIL" in unknown.message


# --- the normal form --------------------------------------------------------------------

UNITS = sorted(DATA.units)
HEXES = sorted(str(h) for h in DATA.hexes)
units = st.lists(st.sampled_from(UNITS), min_size=1, max_size=3).map(tuple)
some_units = st.one_of(st.just(()), units)
hexes = st.sampled_from(HEXES)
paths = st.lists(hexes, min_size=1, max_size=4).map(tuple)
advances = st.lists(st.tuples(units, st.one_of(st.none(), hexes)), max_size=2,
                    unique_by=lambda a: a[1]).map(
    lambda found: tuple(m.Advance(units=u, into=h) for u, h in found))
choices = st.dictionaries(st.sampled_from("123"), st.integers(1, 3), max_size=3).map(
    lambda found: tuple(m.Choice(result=r, option=o) for r, o in sorted(found.items())))
ORDERS = st.one_of(
    st.builds(m.Move, units=units, path=paths),
    st.builds(m.Rail, units=units, path=paths, detrain=st.booleans()),
    st.builds(m.Detrain, units=units),
    st.builds(m.Command, hq=st.sampled_from(UNITS), units=units),
    st.builds(m.Withhold, units=units),
    st.builds(m.Replace, units=units),
    st.builds(m.Follow, hex=hexes, units=units),
    st.builds(m.Attack, hexes=st.lists(hexes, min_size=1, max_size=3).map(tuple),
              units=units, shift=some_units, affected=some_units, losses=some_units,
              advances=advances),
    st.builds(m.Defend, hex=hexes, options=choices, retreat=st.one_of(st.just(()), paths),
              affected=some_units, losses=some_units).filter(
        lambda d: bool(d.options or d.retreat or d.affected or d.losses)),
    st.builds(m.Withdraw, unit=st.sampled_from(UNITS), path=st.one_of(st.just(()), paths)),
)


@given(ORDERS)
@settings(max_examples=300, deadline=None)
def test_an_order_echoed_in_normal_form_parses_back_to_itself(order: m.Order) -> None:
    again = parse_line(order.echo(), 1, NAMES)
    assert isinstance(again, m.Order), (order.echo(), again)
    assert again.same_as(order) and again.echo() == order.echo()


def test_the_normal_form_of_a_loosely_written_order() -> None:
    loose = parse_line("attack 0604,0605 with ru-4c , ru-12 advance RU-12 into 0605", 1, NAMES)
    assert isinstance(loose, m.Attack)
    assert loose.echo() == "ATTACK 0604 0605 WITH RU-4C RU-12 ADVANCE RU-12 INTO 0605"
    options = parse_line("DEFEND 0405 RESULT 3 OPTION 1 RESULT 1 OPTION 2", 1, NAMES)
    assert isinstance(options, m.Defend)
    assert options.echo() == "DEFEND 0405 RESULT 1 OPTION 2 RESULT 3 OPTION 1"
    spaced = parse_line("MOVE RU-8: 0405 0505", 1, NAMES)
    assert isinstance(spaced, m.Move) and spaced.echo() == "MOVE RU-8: 0405-0505"


@pytest.mark.rules("gwe:10.21")
def test_shift_none_is_no_shift_and_no_clause_is_the_default() -> None:
    """`SHIFT NONE` writes "no HQ's shift" (()); an ATTACK without SHIFT leaves it to ruling
    G19 (None); both echo and parse back to themselves."""
    names = Names(fixture_data())
    bare = parse_line("ATTACK 0604 WITH RU-8", 1, names)
    none = parse_line("attack 0604 with RU-8 shift none", 1, names)
    named = parse_line("ATTACK 0604 WITH RU-8 SHIFT RU-KA", 1, names)
    assert isinstance(bare, m.Attack) and bare.shift is None
    assert isinstance(none, m.Attack) and none.shift == ()
    assert none.echo() == "ATTACK 0604 WITH RU-8 SHIFT NONE"
    assert isinstance(named, m.Attack) and named.shift == ("RU-KA",)
    again = parse_line(none.echo(), 1, names)
    assert isinstance(again, m.Attack) and again.same_as(none)


@pytest.mark.rules("gwe:10.34")
def test_a_command_refused_for_a_trace_round_enemy_zones_says_so() -> None:
    # a blind table review: RU-4-XVI near its HQ was "outside RU-4-HQ's Command Radius of 4"
    # with no word of the Enemy ZOC that lengthens the trace (10.34)
    from tests.gwe_campaign import galician_state
    from tests.gwe_galicia_position import galicia
    data = galicia()
    state = galician_state({"RU-4-HQ": "g0220", "RU-4-XVI": "g0318", "AH-1-X": "g0221",
                            "AH-1-I": "g0319"}, phase=3)
    order = parse_line("COMMAND RU-4-HQ: RU-4-XVI", 1, Names(data))
    assert isinstance(order, m.Order)
    found = validate_orders([order], state, data, "allied", FIRST)
    assert [(r.rule, r.message) for r in found] == [(
        "10.32, 10.33, 10.34", "RU-4-XVI is outside RU-4-HQ's Command Radius of 4: 3 hexes "
        "away, 5 traced round Enemy units and their Zones of Control")]
