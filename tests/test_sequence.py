"""The sequence of play as data (gm.engine.sequence): steps run in order, a case may leave some
out, a step may make orders (the solitaire opponent's slot), a phase may run once per player
in turn (the standard game's slot); the postal game is two such phases."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from gm.core.dice import SeededDice
from gm.engine.results import Judged, Results
from gm.engine.sequence import MakeOrders, Mode, PhasePlan, PhaseRun, Step, run_phase
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine import postal
from gm.games.rcw.engine.board import Board
from gm.games.rcw.orders.model import Move, Order, Quit
from gm.games.rcw.simulation.generate import random_first_phase_orders
from gm.orders import order
from tests.conftest import deployed


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


def test_orders_made_during_the_phase_join_the_players_and_are_judged() -> None:
    own = Quit(line=4)
    results: Results[order.Order] = Results({"A": (own,)})

    def make(run: Run) -> dict[str, tuple[order.Order, ...]]:
        return {"A": (Quit(), Quit()), "B": (Quit(),)}

    def judge(run: Run) -> None:
        for player, given in run.results.orders.items():
            for each in given:
                run.results.set(player, each, "succeeded", "14.2", "judged")

    plan = PhasePlan[Tally, order.Order]("solitaire", (MakeOrders("opponent", make),
                                                       Step("judge", judge)))
    run_phase(plan, PhaseRun(Tally(), results, SeededDice("s", "p")))
    assert [o.line for o in results.orders["A"]] == [4, 5, 6]
    assert [o.line for o in results.orders["B"]] == [1]
    listing = results.listing()
    assert [(r.player, r.line, r.result) for r in listing] == [
        ("A", 4, "succeeded"), ("A", 5, "succeeded"), ("A", 6, "succeeded"),
        ("B", 1, "succeeded")]
    assert all(isinstance(e, Judged) and e.step == "judge" for e in results.timeline)


def test_the_postal_game_is_two_phases_of_named_steps() -> None:
    first, second = postal.POSTAL.plan(1), postal.POSTAL.plan(2)
    assert (first.name, second.name) == ("First Phase", "Second Phase")
    assert [s.name for s in first.steps][:4] == ["quitting", "trades", "legality", "movement"]
    assert "combat" in [s.name for s in second.steps]
    assert "movement" not in [s.name for s in second.steps]  # 17.0 [4.2]
    with pytest.raises(ValueError, match="no phase 3"):
        postal.POSTAL.plan(3)


def test_a_generated_order_is_carried_out_by_the_rules_as_a_written_one(data: GameData) -> None:
    """The slot the solitaire opponent fills (18.0): its orders go through legality and
    movement like a player's own."""
    state = deployed(data, "ABC", seed="gen")
    made: list[Move] = []

    def opponent(run: PhaseRun[Board, Order]) -> dict[str, tuple[Order, ...]]:
        found = random_first_phase_orders(run.board.to_state(), run.board.data, "A",
                                          random.Random(3))
        made.extend(o for o in found if isinstance(o, Move))
        return {"A": tuple(found)}

    steps = postal.FIRST_PHASE.steps
    with_opponent = Mode[Board, Order]("solitaire test", (PhasePlan(
        "First Phase", (steps[0], MakeOrders("opponent", opponent), *steps[1:])),
        postal.SECOND_PHASE))
    result = postal.adjudicate(state, data, {}, SeededDice("gen", "1.1"), mode=with_opponent)
    assert made, "the generator found no move to make"
    judged = {e.result.text: e for e in result.timeline
              if isinstance(e, Judged) and e.result.player == "A"}
    for move in made:  # numbered after player A's own orders (none), each judged in movement
        event = judged[move.echo()]
        assert event.step == "movement" and event.result.line > 0
        if event.result.result == "succeeded":
            where = result.state.where_is(move.force[0])
            assert where is not None and where[0] == move.path[-1]
    assert any(judged[m.echo()].result.result == "succeeded" for m in made)
    assert result.state.phase == 2
