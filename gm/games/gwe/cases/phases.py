"""A case's Phases played in turn (docs/cases-gwe.md, `then:`): its first Phase, then each later
one it lists, the Phases between them played with no new message (every standing order
written before still in force, ruling G25), and after a Game-Turn's last Phase its Record
Interphase (4.0 C, as the case's game has one); one list of dice for them all."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gm.core.dice import Dice
from gm.engine.results import OrderResult
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.engine.phase import Sides, adjudicate_phase, unplayed
from gm.games.gwe.engine.standing import with_standing
from gm.games.gwe.orders import model as m
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.game_values import Replacement
from gm.games.gwe.rules.sequence import next_phase
from gm.games.gwe.state import GweState

Orders = Mapping[str, Sequence[m.Order]]
Step = tuple[int, int, Orders, Sequence[OrderResult]]  # turn, phase, orders, lines refused


@dataclass
class Played:
    """What the case's Phases did, in order."""

    state: GweState
    results: list[dict[str, Any]] = field(default_factory=list)  # each with its turn, phase
    events: list[str] = field(default_factory=list)
    phases: list[dict[str, Any]] = field(default_factory=list)  # turn, phase, phasing


def play(state: GweState, data: GweData, sides: Sides, steps: Sequence[Step], dice: Dice,
         replacement: Replacement | None) -> Played:
    """Each step's Phase, and those between, carried out from `state`."""
    done = Played(state)
    earlier: list[tuple[str, Sequence[m.Order]]] = []
    for turn, phase, orders, refused in steps:
        while (done.state.turn, done.state.phase) < (turn, phase):
            skipped = unplayed(done.state, data, sides)
            if skipped is None:
                _phase(done, data, sides, {}, (), earlier, dice, replacement)
            else:  # 4.0: a Player-Turn its game does not play is passed over
                done.events.append(skipped)
                done.state = _next(done.state, data, done.events.append)
        _phase(done, data, sides, orders, refused, earlier, dice, replacement)
    return done


def _phase(done: Played, data: GweData, sides: Sides, orders: Orders,
           refused: Sequence[OrderResult], earlier: list[tuple[str, Sequence[m.Order]]],
           dice: Dice, replacement: Replacement | None) -> None:
    """The open Phase with the messages for it and the standing orders of those before; then
    the next Phase opened (after a Game-Turn's last, its Interphase)."""
    state = done.state
    outcome = adjudicate_phase(state, data, sides, with_standing(orders, earlier), dice,
                               replacement)
    when = {"turn": state.turn, "phase": state.phase}
    done.phases.append({**when, "phasing": outcome.phasing})
    done.results += [r.as_json() | when for r in sorted(
        [*outcome.results, *refused], key=lambda r: (r.player, r.line))]
    done.events += outcome.events
    earlier += [(player, tuple(o.model_copy(update={"given": f"Game-Turn {state.turn} "
                                                            f"Phase {state.phase}"})
                               for o in given)) for player, given in sorted(orders.items())]
    done.state = _next(outcome.state, data, done.events.append)


def _next(state: GweState, data: GweData, said: Callable[[str], None]) -> GweState:
    turn, phase = next_phase(state.turn, state.phase)
    if turn == state.turn:
        return state.model_copy(update={"phase": phase})
    game = exclusive_rules(data)
    scenario = game.scenario_of(state)
    interphase = game.interphase(state, data, scenario.last_turn if scenario else turn)
    for event in interphase.events:
        said(event)
    return interphase.state.model_copy(update={"turn": turn, "phase": phase})
