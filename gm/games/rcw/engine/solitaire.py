"""The solitaire game's sequence of play (19.2) as data: a Game-Turn is the non-Red
Player-Turn (Random Events, Movement, Stacking, Combat, Randomizer), played by the program
(gm/games/rcw/engine/automaton.py), then the Red Player-Turn (Random Events, Red Leader
Determination, Movement, Combat, Randomizer), then the Replacement Phase and the Game-Turn
Indication Phase with the victory check (28.0). The non-Red Player is the first player of
every Game-Turn (27.31).

One adjudication is what follows the Red Player's orders: the rest of his Player-Turn, the
end of the Game-Turn, the next non-Red Player-Turn and the opening of his next one (its
Random Events and the die of his Leader Determination), so that he sees them before he writes
his orders (ruling R65). His orders are carried out as in the standard game: one after
another on the live position, in the order written (ruling R57)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from gm.core.dice import Dice
from gm.engine.results import OrderResult
from gm.engine.sequence import Mode, PhasePlan, PhaseResult, PhaseRun, Step, run_phase
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine import automaton, random_events, red_leaders, replacements, standard
from gm.games.rcw.engine.board import Board, PhaseResults
from gm.games.rcw.engine.postal import judge_legality, open_phase
from gm.games.rcw.orders.legality_solitaire import NOT_IN_SOLITAIRE
from gm.games.rcw.orders.model import Order
from gm.games.rcw.rules.solitaire import (
    REPLACED_NATIONALITIES,
    available_red_leaders,
    solitaire_victory,
)
from gm.games.rcw.state import NON_RED, RED, GameState

Run = PhaseRun[Board, Order]
Orders = dict[str, tuple[Order, ...]]
RED_PLAYER_TURN = 2  # state.phase while his orders are awaited: the second of 19.2 A and B


def random_events_step(run: Run) -> None:
    """19.2: the Phasing Player rolls one Random Event (12.0); a draw is his, but a Blue or
    Green marker always the non-Red Player's (20.12)."""
    assert run.phasing is not None
    random_events.apply(run.board, run.dice, 1, run.board.active_players(), phasing=run.phasing)


def randomizer_step(run: Run) -> None:
    """19.2: the Phasing Player picks one chit (20.12)."""
    assert run.phasing is not None
    random_events.draw(run.board, run.dice, run.phasing, "Randomizer Phase")


def game_turn(board: Board) -> int:
    """The Game-Turn under way: the state's, or the next once the Game-Turn Indication Phase
    has ended it (19.2 D, `game_turn_step`)."""
    turn = board.closing.get("turn", board.state.turn)
    assert isinstance(turn, int)
    return turn


@contextmanager
def _combat_phase(board: Board, red_combat: bool) -> Iterator[None]:
    """A Combat Phase: the Red Leader Determinations its deaths of Lenin or Trotsky pass
    over (24.14-24.17)."""
    before = len(board.pending.red_leaders_lost_this_turn)
    yield
    red_leaders.leaders_fallen(board, game_turn(board), red_combat, before)


def determination_step(run: Run) -> None:
    red_leaders.determination(run.board, run.dice, game_turn(run.board))


def non_red_combat_step(run: Run) -> None:
    """23.1, played by the program (automaton.combat_step)."""
    with _combat_phase(run.board, red_combat=False):
        automaton.combat_step(run)


def red_orders_step(run: Run) -> None:
    """The Red Movement and Combat Phases (21.0, 23.0: as in 5.0 and 8.0), his orders in the
    order written; an Exchange takes non-Red units in 23.16's order."""
    with _combat_phase(run.board, red_combat=True):
        standard.carry_out_orders(run, resolve=True, prepare=lambda combat: (
            automaton.exchange_order(run.board, combat)))
    red_leaders.execute_czar(run.board)


def replacements_step(run: Run) -> None:
    """25.11-25.13: Red, Polish and Finnish combat units only, by 9.0; the Red leaders off
    the map, not eliminated, keep the Red ones coming (9.15, 24.13, 25.14; ruling R68)."""
    board = run.board
    data = board.data
    replacements.apply(board, board.state.turn, eligible=lambda unit: (
        data.color(unit) == "red" or data.units[unit].nationality in REPLACED_NATIONALITIES),
        waiting=available_red_leaders(board.to_state(), data))


def game_turn_step(run: Run) -> None:
    """19.2 D and 28.0: the victory at the end of the Game-Turn, else the next one."""
    board, turn = run.board, run.board.state.turn
    position = {p: [pile.units for pile in piles] for p, piles in board.position.items()}
    result = solitaire_victory(position, board.data, turn)
    if result is not None:
        rule = {"non-red decisive": "28.13", "draw": "28.15"}.get(result, "28.11, 28.12")
        board.note(f"{result.capitalize()} at the end of Game-Turn {turn} ({rule}, 28.14)")
        board.closing = {"stage": "ended", "victory": result}
        return
    board.note(f"no victory at the end of Game-Turn {turn} (28.0): Game-Turn {turn + 1} "
               "begins")
    board.update_pending(red_leaders_lost_this_turn=())
    board.closing = {"turn": turn + 1, "phase": RED_PLAYER_TURN}


NON_RED_TURN = PhasePlan[Board, Order]("non-Red Player-Turn", (
    Step("non-Red random events", random_events_step, skip_key="random_events"),
    Step("non-Red movement", automaton.movement_step, skip_key="movement"),
    Step("non-Red stacking", automaton.stacking_step, skip_key="stacking"),
    Step("non-Red combat", non_red_combat_step, skip_key="combat"),
    Step("non-Red randomizer", randomizer_step, skip_key="randomizer"),
))
RED_OPENING = PhasePlan[Board, Order]("Red Player-Turn opens", (
    Step("Red random events", random_events_step, skip_key="random_events"),
    Step("Red Leader Determination", determination_step, skip_key="determination"),
))
def refused_step(run: Run) -> None:
    """The orders the solitaire game has no place for, refused (18.0, 20.11, 26.0, 27.2)."""
    judge_legality(run.board.state, run.board.data, run.results, frozenset(NOT_IN_SOLITAIRE))


RED_SO_FAR = (  # what his orders do, as they are given
    Step[Board, Order]("orders the solitaire game has no place for", refused_step),
    Step[Board, Order]("Red leaders deployed", red_leaders.deploy_step),
    Step[Board, Order]("Red movement and combat", red_orders_step),
)
RED_TURN = PhasePlan[Board, Order]("Red Player-Turn", (
    *RED_SO_FAR,
    Step("Red unused orders", standard.unused_step),
    Step("Red randomizer", randomizer_step, skip_key="randomizer"),
))
END_OF_TURN = PhasePlan[Board, Order]("end of Game-Turn", (
    Step("replacements", replacements_step, skip_key="replacements"),
    Step("Game-Turn indication", game_turn_step),
))
SOLITAIRE = Mode[Board, Order]("solitaire", (NON_RED_TURN, RED_OPENING, RED_TURN, END_OF_TURN))


def _run_plans(run: Run, first: int, last: int) -> None:
    """Phases `first` to `last` of the Game-Turn (19.2), each by its player."""
    for number in range(first, last + 1):
        run.phasing = NON_RED if SOLITAIRE.plan(number) is NON_RED_TURN else RED
        run_phase(SOLITAIRE.plan(number), run)


def _open_next(run: Run) -> None:
    """The non-Red Player-Turn, then the Red one's opening (ruling R65)."""
    _run_plans(run, 1, 2)


def begin(state: GameState, data: GameData, dice: Dice) -> PhaseResult[GameState]:
    """Game-Turn 1 opens (27.3): every non-Red force given its target and path (21.24), the
    non-Red Player-Turn played, the Red one opened."""
    started = state.model_copy(update={"stage": "play", "turn": 1, "phase": 1})
    board = Board.of(started, data)
    board.begin("non-Red targets")
    automaton.assign_paths(board, dice)
    run = Run(board, PhaseResults({}, board.timeline), dice)
    _open_next(run)
    board.closing = {"phase": RED_PLAYER_TURN}
    return PhaseResult(board.finish(), [], board.log, board.timeline)


def adjudicate(state: GameState, data: GameData, orders: Orders, dice: Dice,
               skip: frozenset[str] = frozenset()) -> PhaseResult[GameState]:
    """The Red Player-Turn under way, adjudicated, and the game carried on to his next one."""
    board, results = _open(state, data, orders)
    run = Run(board, results, dice, phasing=RED, skip=skip)
    _run_plans(run, 3, 4)  # the rest of his Player-Turn, the end of the Game-Turn
    if board.closing.get("stage") != "ended":
        _open_next(run)
    return PhaseResult(board.finish(), results.listing(), board.log, board.timeline)


def carry_out(state: GameState, data: GameData, orders: Orders, dice: Dice
              ) -> PhaseResult[GameState]:
    """His orders so far carried out and nothing after them (at the table, `gm play`), on
    the dice his Player-Turn's adjudication begins with."""
    board, results = _open(state, data, orders)
    run_phase(PhasePlan[Board, Order]("Red Player-Turn so far", RED_SO_FAR),
              Run(board, results, dice, phasing=RED))
    return PhaseResult(board.finish(), results.judged(), board.log, board.timeline)


def refused_in_sequence(state: GameState, data: GameData, player: str,
                        orders: tuple[Order, ...]) -> list[OrderResult]:
    """His orders the rules refuse as they come, his leaders deployed first (ruling R57)."""
    board, results = open_phase(state, data, {player: orders})
    run = Run(board, results, standard.NoDice(), phasing=player)
    red_leaders.deploy_step(run)
    standard.carry_out_orders(run, resolve=False)
    return [r for r in results.listing() if r.result == "illegal"]


def _open(state: GameState, data: GameData, orders: Orders) -> tuple[Board, PhaseResults]:
    if state.stage != "play" or state.mode != "solitaire":
        raise ValueError("no Red Player-Turn of the solitaire game is under way")
    return open_phase(state, data, {p: o for p, o in orders.items() if p == RED})


# What an adjudication case of the solitaire game may run (docs/cases-solitaire.md): one step
# or Player-Turn of 19.2, by the player it belongs to; "game-turn" is a whole adjudication.
CASE_STEPS: dict[str, tuple[str, PhasePlan[Board, Order]]] = {
    "non-red movement": (NON_RED, PhasePlan("case", (NON_RED_TURN.steps[1],))),
    "non-red stacking": (NON_RED, PhasePlan("case", (NON_RED_TURN.steps[2],))),
    "non-red combat": (NON_RED, PhasePlan("case", (NON_RED_TURN.steps[3],))),
    "non-red player-turn": (NON_RED, NON_RED_TURN),
    "determination": (RED, PhasePlan("case", (RED_OPENING.steps[1],))),
    "red player-turn": (RED, RED_TURN),
    "end of game-turn": (RED, END_OF_TURN),
}


def run_case_step(state: GameState, data: GameData, orders: Orders, dice: Dice, step: str,
                  skip: frozenset[str] = frozenset()) -> PhaseResult[GameState]:
    """One step of an adjudication case: `targets` (21.24), one of CASE_STEPS, or
    `game-turn` (the whole adjudication after the Red Player's orders)."""
    if step == "game-turn":
        return adjudicate(state, data, orders, dice, skip)
    board, results = _open(state, data, orders)
    if step == "targets":
        board.begin("non-Red targets")
        automaton.assign_paths(board, dice)
    else:
        phasing, plan = CASE_STEPS[step]
        run_phase(plan, Run(board, results, dice, phasing=phasing, skip=skip))
    return PhaseResult(board.finish(), results.listing(), board.log, board.timeline)
