"""The end of a Game-Turn: victory (14.1), Victory Points (14.4) and the next turn (4.2 B)."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.engine.board import Board
from gm.games.rcw.state import UNASSIGNED, GameState

SIBERIA = "Siberia"
IMPERIAL_POINTS = 5  # 14.4
POLITBURO_POINTS = 2


def _outside_siberia(board: Board, want: str, leaders: bool) -> bool:
    data = board.data
    for province, piles in board.position.items():
        if data.region_name(province) == SIBERIA:
            continue
        for pile in piles:
            for unit in pile.units:
                if data.color(unit) == want and (data.is_leader(unit) if leaders
                                                 else data.is_combat(unit)):
                    return True
    return False


def victory(board: Board, end_game_quorum: bool) -> str | None:
    """14.1, checked at the end of every Game-Turn, in the order the rulebook lists them."""
    if not _outside_siberia(board, "red", leaders=True):
        return "white"
    if not _outside_siberia(board, "white", leaders=False):
        return "red"
    if not _outside_siberia(board, "white", leaders=True) and end_game_quorum:
        return "red"
    return None


def _value(unit: UnitId, data: GameData) -> int:
    if isinstance(unit, str):
        return IMPERIAL_POINTS
    if data.is_leader(unit):
        return data.leaders[unit].value
    return data.combat_units[unit].strength


def _counts_on_chart(unit: UnitId, color: str, face_down: bool, data: GameData) -> bool:
    """14.41 (Red), 14.43 (White), with 14.45 and 14.46 for face-down units."""
    if face_down:  # Czech units and Imperial units removed for Victory Points
        return color == "white"
    if isinstance(unit, str):
        return color == "red" and unit == "CZAR"  # executed, face up (14.46)
    own = data.color(unit)
    if color == "red":
        return (data.is_leader(unit) and own == "red") or (
            data.is_combat(unit) and own in ("white", "blue", "green"))
    return own == "red" or (data.is_combat(unit) and own == "green")


def _counts_on_map(unit: UnitId, color: str, data: GameData) -> bool:
    """14.42 (Red: Red leaders and combat units, the Gold), 14.44 (White: White leaders and
    combat units, the Imperial units)."""
    if isinstance(unit, str):
        return color == "white" or unit == "GOLD"
    return data.color(unit) == color


def victory_points(state: GameState, data: GameData, color: str) -> dict[str, int]:
    """14.4-14.47: the points of the winning colour only, for every player who did not quit
    (14.21)."""
    points = {p: 0 for p in state.players if p not in state.pending.quit_players}
    for player in points:
        section = state.chart[player]
        points[player] += sum(_value(u, data) for u in section.units
                              if _counts_on_chart(u, color, False, data))
        points[player] += sum(_value(u, data) for u in section.face_down
                              if _counts_on_chart(u, color, True, data))
        if color == "red":
            points[player] += POLITBURO_POINTS * section.politburo  # 14.41
    for stacks in state.position.values():
        for stack in stacks:
            if stack.player in points:
                points[stack.player] += sum(_value(u, data) for u in stack.units
                                            if _counts_on_map(u, color, data))
    return points


def ranking(points: dict[str, int]) -> list[tuple[str, int]]:
    return sorted(points.items(), key=lambda item: (-item[1], item[0]))


def sequencing_draw(state: GameState, dice: Dice) -> GameState:
    """4.2 B Player-Turn Sequencing Segment: a marker drawn from the Player-Turn Randomizer
    names the First Player; the others follow around the table (15.62)."""
    seats = [p for p in state.players if p in state.player_turn_randomizer]
    first = dice.draw(sorted(seats), f"Player-Turn sequencing, Game-Turn {state.turn}")
    start = seats.index(first)
    return state.model_copy(update={"sequence": tuple(seats[start:] + seats[:start])})


__all__ = ["UNASSIGNED", "ranking", "sequencing_draw", "victory", "victory_points"]
