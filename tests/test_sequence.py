"""The sequence of play as data (gm.engine.sequence): steps run in order, a case may leave some
out, a step may make orders (the solitaire opponent's slot), a phase may run once per player
in turn (the standard game's slot); the postal game is two such phases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from gm.core.dice import SeededDice
from gm.engine.results import Results
from gm.engine.sequence import PhasePlan, PhaseRun, Step, run_phase
from gm.games.rcw.engine import postal
from gm.orders import order


@dataclass
class Tally:
    """A working board that writes down what the steps did."""

    players: tuple[str, ...] = ("B", "A")
    step: str = ""
    seen: list[str] = field(default_factory=list)

    def begin(self, step: str) -> None:
        self.step = step

    def phasing_order(self) -> Sequence[str]:
        return self.players


Run = PhaseRun[Tally, order.Order]


def _mark(run: Run) -> None:
    run.board.seen.append(f"{run.board.step}:{run.phasing or '-'}")


def _plan(phasing: bool = False) -> PhasePlan[Tally, order.Order]:
    return PhasePlan("test", (Step("one", _mark), Step("two", _mark, skip_key="two"),
                              Step("three", _mark)), phasing=phasing)


def test_steps_run_in_order_and_a_case_may_leave_one_out() -> None:
    board = Tally()
    run_phase(_plan(), PhaseRun(board, Results({}), SeededDice("s", "p")))
    assert board.seen == ["one:-", "two:-", "three:-"]
    skipped = Tally()
    run_phase(_plan(), PhaseRun(skipped, Results({}), SeededDice("s", "p"),
                                skip=frozenset({"two"})))
    assert skipped.seen == ["one:-", "three:-"]


def test_a_phasing_phase_runs_once_for_each_player_in_turn() -> None:
    board = Tally(players=("C", "A", "B"))
    run_phase(_plan(phasing=True), PhaseRun(board, Results({}), SeededDice("s", "p")))
    assert board.seen == [f"{step}:{player}" for player in "CAB"
                          for step in ("one", "two", "three")]


def test_the_postal_game_is_two_phases_of_named_steps() -> None:
    first, second = postal.POSTAL.plan(1), postal.POSTAL.plan(2)
    assert (first.name, second.name) == ("First Phase", "Second Phase")
    assert [s.name for s in first.steps][:4] == ["quitting", "trades", "legality", "movement"]
    assert "combat" in [s.name for s in second.steps]
    assert "movement" not in [s.name for s in second.steps]  # 17.0 [4.2]
    with pytest.raises(ValueError, match="no phase 3"):
        postal.POSTAL.plan(3)
