"""A Phase of a Decision in Galicia campaign (Serbia/Galicia 26.3) adjudicated: the engine's
Phase (gm.games.gwe.engine.phase) with the sides the campaign's players play, the Victory
Points of the Steps lost in combat (25.14), then the next Phase opened (4.0); after the last
Phase of a Game-Turn the Game-Turn Record Interphase's awards (25.13) and the next Game-Turn,
or, after Game-Turn 13, the end of the game at its level of victory (25.3, 26.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.core.state import ENDED
from gm.engine.results import OrderResult
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.engine.phase import Sides, adjudicate_phase, position_judged
from gm.games.gwe.orders import model as m
from gm.games.gwe.orders.legality import validate_orders
from gm.games.gwe.rules.sequence import PLAYER_TURN, next_phase
from gm.games.gwe.rules.serbia_galicia import play
from gm.games.gwe.rules.serbia_galicia.interphase import record_interphase
from gm.games.gwe.state import GweState
from gm.orders.refusal import Refusal

EXCLUSIVE = "serbia-galicia"
CITED = "gwe-serbia-galicia"  # how a note cites an Exclusive Rule (gm/games/citations.py)


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


def sides(state: GweState, data: GweData) -> Sides:
    """The campaign's sides, the Allied first (Serbia/Galicia 4.0); its data set must be one
    that Serbia/Galicia's Exclusive Rules govern."""
    if data.exclusive != EXCLUSIVE:
        raise GameError(f"this campaign's data set names the Exclusive Rules "
                        f"{data.exclusive or 'of no game'}: only Serbia/Galicia's "
                        "(Decision in Galicia) are played as a campaign")
    return Sides(play.sides_of(state), play.FIRST_SIDE)


def refusals(state: GweState, data: GweData, player: str, orders: Sequence[m.Order]
             ) -> list[Refusal[m.Order]]:
    """A player's orders for the open Phase that break a rule, each with its case, judged
    as the Phase will judge them (on the position after the Reinforcement Segment)."""
    played = sides(state, data)
    if player not in played.players:
        raise GameError(f"player {player} plays no side in this game")
    side = played.players[player]
    phasing_side = play.phasing_side(state)
    judged = position_judged(state, data, phasing_side,
                             orders if side == phasing_side else ())
    return validate_orders(orders, judged, data, side, played.first)


def interphase(state: GweState, data: GweData) -> tuple[GweState, list[Note]]:
    """4.0 C, Serbia/Galicia 25.13: the towns and passes award their points; then the next
    Game-Turn opens, or after the last (26.3) the game ends at its level (25.3)."""
    step = f"Game-Turn {state.turn} Record Interphase"
    done = record_interphase(state, data, play.LAST_TURN)
    notes = [Note(step, text) for text in done.events()]
    if state.turn < play.LAST_TURN:
        return done.state.model_copy(update={"turn": state.turn + 1, "phase": 1}), notes
    if done.victory is None:
        notes.append(Note(step, f"Decision in Galicia ends with Game-Turn {state.turn} "
                                f"({CITED}:26.3): no Victory Point Index was kept, so no "
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
    after, notes = done.after, list[Note]()  # combat's VPs were scored at each attack (25.14)
    turn, phase = next_phase(state.turn, state.phase)
    if turn == state.turn:
        after = after.model_copy(update={"phase": phase})
    else:
        after, notes = interphase(after, data)
    return Played(done.phase, done.results, done.events, tuple(notes), after)
