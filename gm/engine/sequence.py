"""The sequence of play as data: a mode of play is a named list of phases, a phase a named
list of steps, each step a typed function of the phase under way (its working board, the
orders and their results, the dice). The postal game's First and Second Phases are two such
lists (gm/games/rcw/engine/postal.py); the standard game's phases run once for each player
in turn, that player phasing (`PhasePlan.phasing`); the solitaire game's non-Red Player
decides in its own steps, on the position as it stands (gm/games/rcw/engine/automaton.py).

The runner knows no rule: what a step does, and how a phase opens and closes, belong to the
game system."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from gm.core.dice import Dice
from gm.engine.results import Decision, OrderResult, Results, TimelineEvent
from gm.orders.order import Order


class WorkingBoard(Protocol):
    """A game system's working copy of the game for one phase."""

    def begin(self, step: str) -> None:
        """Notes and results from now on belong to this step (the report's timeline)."""

    def phasing_order(self) -> Sequence[str]:
        """The players in the order they take their Player-Turns, for a phasing phase."""


BoardT = TypeVar("BoardT", bound=WorkingBoard)
OrderT = TypeVar("OrderT", bound=Order)
StateT = TypeVar("StateT")


@dataclass
class PhaseRun(Generic[BoardT, OrderT]):
    """What every step of a phase works on."""

    board: BoardT
    results: Results[OrderT]
    dice: Dice
    phasing: str | None = None  # the phasing player, in a phase each player takes in turn
    skip: frozenset[str] = frozenset()  # steps left out (an adjudication case's `skip`)


@dataclass(frozen=True)
class Step(Generic[BoardT, OrderT]):
    """A step that carries out orders or applies rules."""

    name: str  # as the report's timeline shows it
    run: Callable[[PhaseRun[BoardT, OrderT]], None]
    skip_key: str | None = None  # the name a case's `skip:` gives it, if it may be left out


@dataclass(frozen=True)
class PhasePlan(Generic[BoardT, OrderT]):
    name: str  # "First Phase"
    steps: tuple[Step[BoardT, OrderT], ...]
    phasing: bool = False  # the steps run once for each player in turn, that player phasing


@dataclass(frozen=True)
class Mode(Generic[BoardT, OrderT]):
    """A way of playing a game system: its phases, in the order of a Game-Turn."""

    name: str  # "postal"
    phases: tuple[PhasePlan[BoardT, OrderT], ...]

    def plan(self, phase: int) -> PhasePlan[BoardT, OrderT]:
        """The phase numbered `phase` (from 1) of a Game-Turn."""
        if not 1 <= phase <= len(self.phases):
            raise ValueError(f"the {self.name} game has no phase {phase}")
        return self.phases[phase - 1]

    def last(self, phase: int) -> bool:
        return phase == len(self.phases)


def run_phase(plan: PhasePlan[BoardT, OrderT], run: PhaseRun[BoardT, OrderT]) -> None:
    """Every step of the phase in order (for each player in turn when it is phasing; else
    once, for the phasing player the run names, if any: one Player-Turn)."""
    turns: Sequence[str | None] = run.board.phasing_order() if plan.phasing else (run.phasing,)
    for phasing in turns:
        run.phasing = phasing
        for step in plan.steps:
            run.board.begin(step.name)
            run.results.step = step.name
            if step.skip_key is not None and step.skip_key in run.skip:
                continue
            step.run(run)


@dataclass(frozen=True)
class PhaseResult(Generic[StateT]):
    """A phase adjudicated: the state it leaves, every order's result, the notes, and the
    timeline of both as it happened."""

    state: StateT
    results: list[OrderResult]
    log: list[str]
    timeline: list[TimelineEvent]
    decisions: tuple[Decision, ...] = ()  # choices of players the program made by default
