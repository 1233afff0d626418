"""The postal game's sequence of play (17.0 [4.2]) as data: the First Phase (trades; movement,
with assassinations; purge; random events) and the Second Phase (trades; combat; purge, if
none in the First Phase; randomizer; replacements; random events; the end of the Game-Turn).

Each step is a function of the phase under way (gm.engine.sequence.PhaseRun); `adjudicate`
opens the phase, runs its steps and closes it. A pure function of the state, every player's
orders and the dice."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.core.words import counted
from gm.engine.sequence import Mode, PhasePlan, PhaseResult, PhaseRun, Step, run_phase
from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.engine import (
    assassination,
    combat,
    movement,
    purge,
    quitting,
    random_events,
    replacements,
    trades,
)
from gm.games.rcw.engine.board import Board, PhaseResults
from gm.games.rcw.engine.end_of_turn import sequencing_draw
from gm.games.rcw.orders.legality import TRADES, validate_orders
from gm.games.rcw.orders.model import EndGame, Order
from gm.games.rcw.rules.victory import end_game_agreed, victory
from gm.games.rcw.state import PHASE_NAMES, GameState

Run = PhaseRun[Board, Order]
Orders = dict[str, tuple[Order, ...]]


def judge_legality(state: GameState, data: GameData, results: PhaseResults,
                   kinds: frozenset[str], later: str | None = None) -> None:
    """Orders of these kinds that break a rule against `state` are refused whole (17.0
    [5.0]: 'the order ... is not legal'); `later`'s are judged as their turn comes."""
    for player, given in results.orders.items():
        if player == later:
            continue
        for refusal in validate_orders(given, state, data, player, only=kinds):
            results.set(player, refusal.order, "illegal", refusal.rule, refusal.message)


# the steps of either phase
def quit_step(run: Run) -> None:
    quitting.apply(run.board, run.results)


def trades_step(run: Run) -> None:
    trades.apply(run.board, run.results)
    trades.unmatched(run.results)


def legality_step(run: Run) -> None:
    """Every order but the trades, judged against the position the trades left (ruling R16)."""
    others = frozenset(o.kind for given in run.results.orders.values() for o in given) - TRADES
    judge_legality(run.board.to_state(), run.board.data, run.results, others)


def random_events_step(run: Run) -> None:
    active = run.board.active_players()
    random_events.apply(run.board, run.dice,
                        random_events.rolls_due(len(active), run.board.state.phase), active)


# the First Phase
def movement_step(run: Run) -> None:
    run.board.routes = movement.apply(run.board, run.results, run.dice)


def assassination_step(run: Run) -> None:
    """17.0 [10.0]: against the leaders' routes and where they ended their moves."""
    board = run.board
    finals: dict[UnitId, str] = {u: province for province, piles in board.position.items()
                                 for pile in piles for u in pile.units
                                 if board.data.is_leader(u)}
    assassination.apply(board, run.results, run.dice, board.routes, finals)


def first_purge_step(run: Run) -> None:
    purge.apply(run.board, run.results, run.dice)


def close_first_phase(run: Run) -> None:
    """The Second Phase opens; a player who quit leaves the Player-Turn order (14.24)."""
    board, state = run.board, run.board.state
    board.closing = {
        "phase": 2,
        "sequence": board.without_quitters(state.sequence),
        "player_turn_randomizer": board.without_quitters(state.player_turn_randomizer)}


# the Second Phase
def combat_step(run: Run) -> None:
    combat.apply(run.board, run.results, run.dice)


def second_purge_step(run: Run) -> None:
    """A Purge in the Second Phase only if none was made in the First (17.0 [4.2])."""
    purge.apply(run.board, run.results, run.dice,
                purges_allowed=not run.board.pending.purged_this_turn)


def randomizer_step(run: Run) -> None:
    """17.0 [4.2]: a draw for each player, in Player-Turn order."""
    active = run.board.active_players()
    for player in [p for p in run.board.state.sequence if p in active] or active:
        random_events.draw(run.board, run.dice, player, "Randomizer Phase")


def replacements_step(run: Run) -> None:
    replacements.apply(run.board, run.board.state.turn)


def end_of_game_turn(run: Run) -> None:
    """14.1: victory, or the next Game-Turn (4.2 B; its sequencing draw opens it)."""
    board, results, turn = run.board, run.results, run.board.state.turn
    agreeing = {p for p, _ in results.of_kind(EndGame)}
    held = sum(board.section(p).politburo for p in agreeing)
    agreed = end_game_agreed(held)
    for player, order in results.of_kind(EndGame):
        results.set(player, order, "succeeded" if agreed else "failed", "14.1",
                    f"the players agreeing hold {counted(held, 'Politburo marker')}")
    position = {p: [pile.units for pile in piles] for p, piles in board.position.items()}
    winner = victory(position, board.data, agreed)
    if winner:
        board.note(f"{winner.capitalize()} victory at the end of Game-Turn {turn} (14.1)")
        board.closing = {"stage": "ended", "victory": winner}
    else:
        board.note(f"no victory condition met at the end of Game-Turn {turn} (14.1)")
        board.update_pending(purged_this_turn=(), red_leaders_lost_this_turn=(),
                             moved_this_turn=())
        board.closing = {"turn": turn + 1, "phase": 1}
    board.closing["player_turn_randomizer"] = board.without_quitters(
        board.state.player_turn_randomizer)


FIRST_PHASE = PhasePlan[Board, Order](PHASE_NAMES[1], (
    Step("quitting", quit_step),
    Step("trades", trades_step),
    Step("legality", legality_step),
    Step("movement", movement_step),
    Step("assassination", assassination_step),
    Step("purge", first_purge_step, skip_key="purge"),
    Step("random events", random_events_step, skip_key="random_events"),
    Step("end of First Phase", close_first_phase),
))
SECOND_PHASE = PhasePlan[Board, Order](PHASE_NAMES[2], (
    Step("quitting", quit_step),
    Step("trades", trades_step),
    Step("legality", legality_step),
    Step("combat", combat_step),
    Step("purge", second_purge_step, skip_key="purge"),
    Step("randomizer", randomizer_step, skip_key="randomizer"),
    Step("replacements", replacements_step, skip_key="replacements"),
    Step("random events", random_events_step, skip_key="random_events"),
    Step("end of Game-Turn", end_of_game_turn),
))
POSTAL = Mode[Board, Order]("postal", (FIRST_PHASE, SECOND_PHASE))


def open_phase(state: GameState, data: GameData, orders: Orders, in_sequence: str | None = None
               ) -> tuple[Board, PhaseResults]:
    """The working board of the open phase and its results, with the illegal trades judged
    against the start of the phase (17.0 [4.2]); those of `in_sequence`, the standard game's
    Phasing Player, are judged as their turn comes (R74)."""
    if state.stage != "play":
        raise ValueError("no phase is open: the game is not under way")
    board = Board.of(state, data)
    results = PhaseResults({p: o for p, o in orders.items() if p in state.players},
                           board.timeline)
    for player in orders:
        if player not in state.players:
            board.note(f"orders of {player}, who is not in this game, are ignored")
    judge_legality(state, data, results, TRADES, later=in_sequence)
    return board, results


def adjudicate(state: GameState, data: GameData, orders: Orders, dice: Dice,
               skip: frozenset[str] = frozenset(), mode: Mode[Board, Order] = POSTAL
               ) -> PhaseResult[GameState]:
    """The open phase of `mode`, adjudicated: the state it leaves and what happened."""
    plan = mode.plan(state.phase)
    board, results = open_phase(state, data, orders)
    run_phase(plan, PhaseRun(board, results, dice, skip=skip))
    listing = results.listing()
    return PhaseResult(board.finish(), listing, board.log, board.timeline)


def adjudicate_phase(state: GameState, data: GameData, orders: Orders, dice: Dice
                     ) -> tuple[PhaseResult[GameState], GameState]:
    """(the phase's result, the state the campaign goes on from): after a Game-Turn that
    does not end the game, the next one's Player-Turn sequencing draw (4.2 B)."""
    result = adjudicate(state, data, orders, dice)
    after = result.state
    if after.stage == "play" and after.turn > state.turn:
        after = sequencing_draw(after, dice)
    return result, after
