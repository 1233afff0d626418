"""A Great War in the East Movement Phase adjudicated from written orders (issue 27's blind
review): a reinforcement moves in the Phase it arrives (14.14), and a move that meets a step
the rules forbid is carried out to its last allowed step, not refused whole (ruling G24)."""

from __future__ import annotations

from typing import Any

import pytest

from gm.core.dice import ForcedDice
from gm.engine.results import OrderResult
from gm.games.gwe.engine.phase import PhaseOutcome, Sides, adjudicate_phase
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.grammar.parser import parse_line
from gm.games.gwe.orders import model as m
from gm.games.gwe.state import GweState, initial_state
from tests.gwe import fixture_data

DATA = fixture_data()
NAMES = Names(DATA)
SIDES = Sides({"A": "allied", "B": "central"}, "allied")  # allied phasing in Phases 1-3


def _play(player: str, lines: list[str], turn: int = 1, phase: int = 1,
          last_occupied: dict[str, str] | None = None, **units: dict[str, Any]
          ) -> PhaseOutcome:
    state: GweState = initial_state(DATA, ("A", "B")).model_copy(
        update={"turn": turn, "phase": phase, "last_occupied": last_occupied or {}})
    for unit_id, changes in units.items():
        state = state.with_unit(unit_id, **changes)
    orders = [parse_line(line, number, NAMES) for number, line in enumerate(lines, 1)]
    assert all(isinstance(o, m.Order) for o in orders), orders
    dice = ForcedDice([6] * 40, [], [])  # every 10.41 die in command, every attrition safe
    return adjudicate_phase(state, DATA, SIDES, {player: [o for o in orders
                                                          if isinstance(o, m.Order)]}, dice)


def _last(outcome: PhaseOutcome) -> OrderResult:
    return outcome.results[-1]


@pytest.mark.rules("gwe:14.14", "gwe:14.11")
def test_a_reinforcement_moves_in_the_movement_phase_it_arrives() -> None:
    done = _play("A", ["MOVE RU-3: 0101-0201-0301"], turn=3)
    assert _last(done).result == "succeeded", _last(done)
    assert done.state.unit("RU-3").hex == "0301"


@pytest.mark.rules("gwe:14.12", "gwe:14.14", "gwe:5.34")
def test_an_entrained_reinforcement_rides_detrains_and_walks_on_as_it_arrives() -> None:
    done = _play("B", ["RAIL AH-9: 1005-0905-0805-0705 DETRAIN",
                       "MOVE AH-9: 0705-0706-0707-0708-0608-0508"], turn=2, phase=4,
                 **{"AH-A4": {"hex": "0906"}})
    assert [r.result for r in done.results] == ["succeeded", "succeeded"], done.results
    unit = done.state.unit("AH-9")
    assert (unit.hex, unit.entrained) == ("0508", False)


# (what, lines, units changed, last order's result, its case, where the unit ends, entrained)
STOPPED: list[tuple[str, list[str], dict[str, Any], str, str, str, bool]] = [
    ("past the allowance", ["MOVE RU-8: 0405-0404-0403-0402-0401-0301-0201"], {},
     "partial", "5.14", "0301", False),
    ("into an Enemy unit", ["MOVE RU-4C: 0504-0604"], {}, "failed", "5.13", "0504", False),
    ("entraining with no Movement Points left", ["MOVE RU-12: 0405-0404-0403-0404-0405",
                                                 "RAIL RU-12: 0405-0305"], {},
     "failed", "5.32", "0405", False),
    ("into an Enemy Zone of Control by train", ["RAIL RU-8: 0405-0505"], {}, "partial",
     "5.33", "0405", True),
]


@pytest.mark.rules("gwe:5.13", "gwe:5.14", "gwe:5.32", "gwe:5.33")
@pytest.mark.parametrize(("lines", "units", "outcome", "case", "ends", "entrained"),
                         [pytest.param(*row[1:], id=row[0]) for row in STOPPED])
def test_a_step_the_rules_forbid_ends_the_move_where_the_unit_stands(
        lines: list[str], units: dict[str, Any], outcome: str, case: str, ends: str,
        entrained: bool) -> None:
    done = _play("A", lines, **units)
    last = _last(done)
    assert last.result == outcome and case in (last.rule or "").split(", "), last
    unit_id = lines[-1].split()[1].rstrip(":")
    assert (done.state.unit(unit_id).hex, done.state.unit(unit_id).entrained) == \
        (ends, entrained), last


@pytest.mark.rules("gwe:5.33")
def test_a_train_stops_before_a_hex_the_enemy_last_occupied() -> None:
    done = _play("A", ["RAIL RU-8: 0405-0305-0205"], last_occupied={"0205": "central"})
    assert (_last(done).result, done.state.unit("RU-8").hex) == ("partial", "0305")
    assert "last occupied by the Enemy (5.33)" in _last(done).detail


@pytest.mark.rules("gwe:5.0", "gwe:4.0")
def test_what_is_wrong_with_the_order_whole_is_still_refused() -> None:
    assert _last(_play("A", ["MOVE GE-35: 0705-0706"])).result == "illegal"
    assert _last(_play("A", ["MOVE RU-8: 0405-0407"])).result == "illegal"
    assert _last(_play("A", ["MOVE RU-3: 0101-0201"], turn=2)).result == "illegal"  # not due
