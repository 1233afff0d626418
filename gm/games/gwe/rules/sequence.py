"""The Sequence of Play (4.0) as data: a Game-Turn's two Player-Turns, each of three Phases and
their Segments, who acts in each, and who is phasing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Actor = Literal["phasing", "non-phasing"]


@dataclass(frozen=True)
class Segment:
    letter: str
    name: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Phase:
    number: int  # within the Player-Turn
    name: str
    actor: Actor  # who acts in it (4.0 A.2: the non-phasing player withdraws his cavalry)
    segments: tuple[Segment, ...]


PLAYER_TURN: tuple[Phase, ...] = (
    Phase(1, "Movement", "phasing", (
        Segment("a", "Initial Supply Determination", ("9.11", "9.21")),
        Segment("b", "Reinforcement", ("14.0",)),
        Segment("c", "Command Control", ("10.31", "10.41")),
        Segment("d", "Movement", ("5.0", "10.4")),
        Segment("e", "Attrition", ("9.22",)),
    )),
    Phase(2, "Cavalry Withdrawal Before Combat", "non-phasing", (
        Segment("", "Cavalry Withdrawal Before Combat", ("12.1",)),
    )),
    Phase(3, "Combat", "phasing", (
        Segment("a", "Command Control", ("10.36", "10.42")),
        Segment("b", "Combat Resolution", ("8.0",)),
    )),
)
PLAYER_TURNS = 2  # 4.0: A and B, then the Game-Turn Record Interphase (C)


@dataclass(frozen=True)
class Step:
    """One Phase of a Game-Turn: which Player-Turn (1 or 2), the Phase, and who is phasing."""

    player_turn: int
    phase: Phase
    phasing: str
    acting: str

    @property
    def number(self) -> int:
        """The Phase's number in the Game-Turn, 1-6."""
        return (self.player_turn - 1) * len(PLAYER_TURN) + self.phase.number


def phasing_side(first: str, second: str, player_turn: int) -> str:
    """4.0: the first Player-Turn's side (its game's Exclusive Rules say whose), then the
    other's."""
    return first if player_turn == 1 else second


def game_turn(first: str, second: str) -> tuple[Step, ...]:
    """4.0 A, B: the six Phases of a Game-Turn in order, with the phasing and the acting
    side; C (advancing the Game-Turn marker) follows the last."""
    steps = []
    for player_turn in range(1, PLAYER_TURNS + 1):
        phasing = phasing_side(first, second, player_turn)
        other = second if phasing == first else first
        for phase in PLAYER_TURN:
            steps.append(Step(player_turn, phase, phasing,
                              phasing if phase.actor == "phasing" else other))
    return tuple(steps)


def next_phase(turn: int, number: int) -> tuple[int, int]:
    """The (Game-Turn, Phase 1-6) after this one; after Phase 6 the Interphase advances the
    Game-Turn (4.0 C)."""
    last = PLAYER_TURNS * len(PLAYER_TURN)
    return (turn + 1, 1) if number >= last else (turn, number + 1)
