"""The postal Second Phase (17.0 [4.2]): trades; combat; purge (if none in the First Phase);
randomizer; replacements; random events; then the end of the Game-Turn: victory (14.1) or the
next Game-Turn (4.2 B; its Player-Turn sequencing draw is `end_of_turn.sequencing_draw`)."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.engine.results import Results
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine import combat, end_of_turn, purge, quitting, random_events, replacements
from gm.games.rcw.engine.board import Board
from gm.games.rcw.engine.first_phase import PhaseResult, open_phase, trade_then_judge
from gm.games.rcw.orders.model import Order
from gm.games.rcw.state import GameState

END_GAME_QUORUM = 10  # 14.1, third condition


def adjudicate_second_phase(state: GameState, data: GameData,
                            orders: dict[str, tuple[Order, ...]], dice: Dice,
                            skip: frozenset[str] = frozenset()) -> PhaseResult:
    board, results = open_phase(state, data, orders, 2)
    board.begin("quitting", results)
    quitting.apply(board, results)
    trade_then_judge(board, results)
    board.begin("combat", results)
    combat.apply(board, results, dice)
    board.begin("purge", results)
    if "purge" not in skip:
        purge.apply(board, results, dice, purges_allowed=not board.pending.purged_this_turn)
    active = [p for p in state.players if p not in board.pending.quit_players]
    board.begin("randomizer", results)
    if "randomizer" not in skip:
        for player in [p for p in state.sequence if p in active] or active:
            random_events.draw(board, dice, player, "Randomizer Phase")  # 17.0 [4.2]
    board.begin("replacements", results)
    if "replacements" not in skip:
        replacements.apply(board, state.turn)
    board.begin("random events", results)
    if "random_events" not in skip:
        random_events.apply(board, dice, random_events.rolls_due(len(active), 2), active)
    board.begin("end of Game-Turn", results)
    quorum = _end_game(board, results)
    winner = end_of_turn.victory(board, quorum)
    update: dict[str, object] = {}
    if winner:
        board.note(f"{winner.capitalize()} victory at the end of Game-Turn {state.turn} (14.1)")
        update = {"stage": "ended", "victory": winner}
    else:  # 4.2 B: the Game-Turn advances; the sequencing draw is the campaign's next step
        board.note(f"no victory condition met at the end of Game-Turn {state.turn} (14.1)")
        board.update_pending(purged_this_turn=(), red_leaders_lost_this_turn=())
        update = {"turn": state.turn + 1, "phase": 1}
    quit_players = set(board.pending.quit_players)
    update["player_turn_randomizer"] = tuple(p for p in state.player_turn_randomizer
                                             if p not in quit_players)
    listing = results.listing()
    return PhaseResult(board.to_state(**update), listing, board.log, board.timeline)


def _end_game(board: Board, results: Results) -> bool:
    """14.1: players holding 10 Politburo markers together agree to end the game."""
    agreeing = {p for p, _ in results.of_kind("end_game")}
    held = sum(board.section(p).politburo for p in agreeing)
    for player, order in results.of_kind("end_game"):
        results.set(player, order, "succeeded" if held >= END_GAME_QUORUM else "failed",
                    "14.1", f"the players agreeing hold {held} Politburo markers")
    return held >= END_GAME_QUORUM
