"""The postal First Phase (17.0 [4.2]): trades; movement, with assassinations; purge; random
events. A pure function of the state, every player's orders and the dice."""

from __future__ import annotations

from dataclasses import dataclass

from gm.core.dice import Dice
from gm.engine.results import OrderResult, Results
from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.engine import assassination, movement, purge, quitting, random_events, trades
from gm.games.rcw.engine.board import Board
from gm.games.rcw.orders.legality import TRADES, validate_orders
from gm.games.rcw.orders.model import Order
from gm.games.rcw.state import GameState


@dataclass(frozen=True)
class PhaseResult:
    state: GameState
    results: list[OrderResult]
    log: list[str]
    timeline: list[tuple[str, object]]  # (step, note text or OrderResult), as it happened


def _active(board: Board) -> list[str]:
    return [p for p in board.state.players if p not in board.pending.quit_players]


def judge_legality(state: GameState, data: GameData, orders: dict[str, tuple[Order, ...]],
                   results: Results, kinds: frozenset[str]) -> None:
    """Orders of these kinds that break a rule against `state` are refused whole (17.0
    [5.0]: 'the order ... is not legal')."""
    for player, given in orders.items():
        for refusal in validate_orders(given, state, data, player, only=kinds):
            results.set(player, refusal.order, "illegal", refusal.rule, refusal.message)


def trade_then_judge(board: Board, results: Results) -> None:
    """The trades of a phase (17.0 [4.2]), then every other order judged against the
    position they leave (ruling R16)."""
    board.begin("trades", results)
    trades.apply(board, results)
    board.begin("legality", results)  # the other orders, against the position the trades left
    others = frozenset(o.kind for given in results.orders.values() for o in given) - TRADES
    judge_legality(board.to_state(), board.data, results.orders, results, others)


def open_phase(state: GameState, data: GameData, orders: dict[str, tuple[Order, ...]],
               phase: int) -> tuple[Board, Results]:
    """The working board of a phase and its results, with the illegal trades judged."""
    if state.stage != "play" or state.phase != phase:
        raise ValueError(f"the {'First' if phase == 1 else 'Second'} Phase is not open")
    board = Board.of(state, data)
    results = Results({p: o for p, o in orders.items() if p in state.players},
                      board.timeline)
    for player in orders:
        if player not in state.players:
            board.note(f"orders of {player}, who is not in this game, are ignored")
    judge_legality(state, data, results.orders, results, TRADES)
    return board, results


def adjudicate_first_phase(state: GameState, data: GameData,
                           orders: dict[str, tuple[Order, ...]], dice: Dice,
                           skip: frozenset[str] = frozenset()) -> PhaseResult:
    board, results = open_phase(state, data, orders, 1)
    board.begin("quitting", results)
    quitting.apply(board, results)
    trade_then_judge(board, results)
    board.begin("movement", results)
    routes = movement.apply(board, results, dice)
    finals: dict[UnitId, str] = {u: province for province, piles in board.position.items()
                                 for pile in piles for u in pile.units if data.is_leader(u)}
    board.begin("assassination", results)
    assassination.apply(board, results, dice, routes, finals)
    board.begin("purge", results)
    if "purge" not in skip:
        purge.apply(board, results, dice)
    board.begin("random events", results)
    if "random_events" not in skip:
        active = _active(board)
        random_events.apply(board, dice, random_events.rolls_due(len(active), 1), active)
    quit_players = set(board.pending.quit_players)
    new_state = board.to_state(
        phase=2,
        sequence=tuple(p for p in state.sequence if p not in quit_players),  # 14.24
        player_turn_randomizer=tuple(p for p in state.player_turn_randomizer
                                     if p not in quit_players))
    listing = results.listing()
    return PhaseResult(new_state, listing, board.log, board.timeline)
