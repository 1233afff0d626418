"""QUIT (14.2): the player leaves at the start of the phase; his other orders are void."""

from __future__ import annotations

from gm.core.errors import GameError
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine.board import Board, PhaseResults
from gm.games.rcw.orders.model import Quit
from gm.games.rcw.state import GameState


def apply(board: Board, results: PhaseResults) -> None:
    for player, order in results.of_kind(Quit):
        section = board.section(player)
        board.randomizer += ["POLITBURO"] * section.politburo  # 14.23
        board.randomizer += ["ASSASSIN"] * section.assassin
        board.randomizer += section.markers
        controlled = {m.split(":", 1)[1] for m in section.markers}
        section.politburo = section.assassin = 0
        section.markers = []
        for piles in board.position.values():  # Blue and Green units lose their controller
            for pile in piles:
                if pile.player == player and pile.units and isinstance(pile.units[0], int) \
                        and board.data.units[pile.units[0]].nationality in controlled:
                    pile.player = None
        board.update_pending(quit_players=(*board.pending.quit_players, player))
        for other in results.orders[player]:
            if other is not order:
                results.set(player, other, "void", "14.2", f"player {player} quit")
        results.set(player, order, "succeeded", "14.21, 14.23",
                    "markers to the Auxiliary Forces Randomizer; his Red and White units "
                    "stay where they are, unable to move or attack (14.22)")
        board.note(f"player {player} quits the game (14.2)")


def quit_player(state: GameState, data: GameData, player: str) -> GameState:
    """A quit recorded by the GM outside any phase (14.2), with the same effects."""
    if player not in state.players:
        raise GameError(f"no player {player} in this game")
    if player in state.pending.quit_players:
        raise GameError(f"player {player} has already quit")
    board = Board.of(state, data)
    apply(board, PhaseResults({player: (Quit(),)}))
    # a Player-Turn of the standard game keeps its place in the Game-Turn (ruling R76): the
    # quitter's is passed over when its turn comes, and the next sequencing leaves him out
    sequence = state.sequence if state.mode == "standard" and state.stage == "play" else \
        board.without_quitters(state.sequence)
    return board.to_state(
        sequence=sequence,
        player_turn_randomizer=board.without_quitters(state.player_turn_randomizer))
