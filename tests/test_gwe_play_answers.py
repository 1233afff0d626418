"""What a player is told of his orders in a Phase of Great War in the East (issue 29's blind
review of Decision in Galicia): each result says why, with its case, and what was done."""

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
          dice: list[int] | None = None, **units: dict[str, Any]) -> PhaseOutcome:
    state: GweState = initial_state(DATA, ("A", "B")).model_copy(
        update={"turn": turn, "phase": phase})
    for unit_id, changes in units.items():
        state = state.with_unit(unit_id, **changes)
    orders = [parse_line(line, number, NAMES) for number, line in enumerate(lines, 1)]
    assert all(isinstance(o, m.Order) for o in orders), orders
    rolled = ForcedDice(dice or [6] * 40, [], [])
    return adjudicate_phase(state, DATA, SIDES, {player: [o for o in orders
                                                          if isinstance(o, m.Order)]}, rolled)


def _line(outcome: PhaseOutcome, line: int) -> OrderResult:
    return next(r for r in outcome.results if r.line == line)


@pytest.mark.rules("gwe:14.22")
def test_an_order_for_a_reinforcement_delayed_by_a_blocked_entry_hex_says_so() -> None:
    done = _play("B", ["RAIL AH-9: 1005-0905 DETRAIN"], turn=2, phase=4,
                 **{"RU-4C": {"hex": "1004"}})  # its zone covers AH-9's entry hex 1005
    said = _line(done, 1)
    assert (said.result, said.rule) == ("illegal", "14.22"), said
    assert "entry hex 1005 is blocked, so it is delayed to Game-Turn 3 at 1006" in said.detail
