"""A Phase of a scenario's campaign adjudicated: the engine's Phase (gm.games.gwe.engine.phase)
with the sides the campaign's players play (its game's Victory Points of combat scored as they
occur), then the next Phase opened (4.0); after the last Phase of a Game-Turn the Game-Turn
Record Interphase (4.0 C: its game's awards) and the next Game-Turn, or, after the scenario's
last Game-Turn, the end of the game at its level of victory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.core.state import ENDED
from gm.engine.results import OrderResult
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.engine.phase import Sides, adjudicate_phase, position_judged, unplayed
from gm.games.gwe.orders import model as m
from gm.games.gwe.orders.legality import validate_orders
from gm.games.gwe.rules import players
from gm.games.gwe.rules.exclusive import ExclusiveRules, exclusive_rules
from gm.games.gwe.rules.game_values import Scenario
from gm.games.gwe.rules.sequence import PLAYER_TURN, next_phase
from gm.games.gwe.state import GweState
from gm.orders.refusal import Refusal


@dataclass(frozen=True)
class Note:
    """What the campaign's rules did besides the orders' results: `step` names when."""

    step: str
    text: str


@dataclass(frozen=True)
class Played:
    phase: str  # the Phase's name, as the report's timeline shows it
    results: tuple[OrderResult, ...]
    events: tuple[str, ...]  # the engine's, in order, each with its case
    notes: tuple[Note, ...]  # the Victory Points, the Interphase, the game's end
    after: GweState  # the state the campaign goes on from


def played(data: GweData, name: str | None) -> tuple[ExclusiveRules, Scenario]:
    """A campaign's game and its scenario of that name (None: the first); its data set must be
    of a game with scenarios."""
    game = exclusive_rules(data)
    if not game.scenarios:
        raise GameError(f"this data set's counters name {data.exclusive or 'no game'}'s "
                        "Exclusive Rules: only a game's scenarios are played as a campaign")
    return game, game.scenario(name)


def sides(state: GweState, data: GweData) -> Sides:
    """The campaign's sides, the side phasing first in a Game-Turn first (its game's 4.0)."""
    game, _ = played(data, state.scenario)
    return Sides(players.sides_of(state, game), players.first_and_second(game)[0])


def refusals(state: GweState, data: GweData, player: str, orders: Sequence[m.Order]
             ) -> list[Refusal[m.Order]]:
    """A player's orders for the open Phase that break a rule, each with its case, judged
    as the Phase will judge them (on the position after the Reinforcement Segment)."""
    playing = sides(state, data)
    if player not in playing.players:
        raise GameError(f"player {player} plays no side in this game")
    side = playing.players[player]
    phasing_side = players.phasing_side(state, exclusive_rules(data))
    judged = position_judged(state, data, phasing_side,
                             orders if side == phasing_side else ())
    return validate_orders(orders, judged, data, side, playing.first)


def interphase(state: GweState, data: GweData) -> tuple[GweState, list[Note]]:
    """4.0 C: the game's Game-Turn Record Interphase; then the next Game-Turn opens, or after
    the scenario's last the game ends at its level of victory."""
    game, scenario = played(data, state.scenario)
    step = f"Game-Turn {state.turn} Record Interphase"
    done = game.interphase(state, data, scenario.last_turn)
    notes = [Note(step, text) for text in done.events]
    if state.turn < scenario.last_turn:
        return done.state.model_copy(update={"turn": state.turn + 1, "phase": 1}), notes
    if done.victory is None:
        notes.append(Note(step, f"{scenario.title} ends with Game-Turn {state.turn} "
                                f"({scenario.rule}): no Victory Point Index was kept, so no "
                                "level of victory"))
    return done.state.model_copy(update={"stage": ENDED,
                                         "victory": done.victory or "undecided"}), notes


def carry_out(state: GweState, data: GweData, orders: Mapping[str, Sequence[m.Order]],
              dice: Dice) -> Played:
    """The open Phase's orders so far carried out with the campaign's dice, the Phase left
    open (at the table, each line typed: the same results its adjudication gives)."""
    if state.stage != "play":
        raise GameError("the game is not in play: no Phase is open")
    outcome = adjudicate_phase(state, data, sides(state, data), orders, dice)
    name = f"{PLAYER_TURN[(state.phase - 1) % len(PLAYER_TURN)].name} Phase"
    return Played(name, outcome.results, outcome.events, (), outcome.state)


def play_phase(state: GweState, data: GweData, orders: Mapping[str, Sequence[m.Order]],
               dice: Dice) -> Played:
    """The open Phase carried out with the campaign's dice, and the next one opened."""
    done = carry_out(state, data, orders, dice)
    after, notes = next_played(done.after, data)  # combat's VPs were scored as they came
    return Played(done.phase, done.results, done.events, tuple(notes), after)


def next_played(state: GweState, data: GweData) -> tuple[GweState, list[Note]]:
    """The next Phase opened (after a Game-Turn's last, its Interphase), passing over those
    of a Player-Turn the game does not play (4.0: its Exclusive Rules say which)."""
    notes: list[Note] = []
    while True:
        turn, phase = next_phase(state.turn, state.phase)
        if turn == state.turn:
            state = state.model_copy(update={"phase": phase})
        else:
            state, said = interphase(state, data)
            notes += said
        if state.stage != "play":
            return state, notes
        skipped = unplayed(state, data, sides(state, data))
        if skipped is None:
            return state, notes
        notes.append(Note(f"Game-Turn {state.turn}", skipped))


def opened(state: GweState, data: GweData) -> GweState:
    """Play opened at the state's Phase, or the first after it the game plays."""
    return state if unplayed(state, data, sides(state, data)) is None else \
        next_played(state, data)[0]
