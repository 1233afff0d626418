"""The Replacement step of the Second Phase (9.0, 17.0 [4.2]).

Every Red, White and Green combat unit on the Victory Point Chart (face up) returns to its
home province, alone in a stack, unless a restriction of 9.1 holds. All are judged against the
position before any returns (9.17)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from gm.games.rcw.data.dataset import UnitId
from gm.games.rcw.engine.board import Board
from gm.games.rcw.rules.combat import OPPOSES
from gm.games.rcw.state import UNASSIGNED

LAST_TURN = 5  # 9.16, 14.3
REPLACED = ("red", "white", "green")  # 9.11: never Blue units


def apply(board: Board, turn: int, eligible: Callable[[int], bool] | None = None,
          waiting: Collection[UnitId] = ()) -> None:
    """`eligible`: the combat units the game replaces at all (9.11; the solitaire game's
    25.11-25.13); by default Red, White and Green ones. `waiting`: the leaders off the map
    who are not eliminated, for 9.15 (the solitaire game's Red leaders lifted off at the Red
    Leader Determination, 24.13, 25.14; ruling R68); in the other games a leader off the map
    is eliminated."""
    data = board.data
    if turn > LAST_TURN:
        board.note("no replacements after the fifth Game-Turn (9.16, 14.3)")
        return
    suspended = board.pending.red_replacements_suspended > 0
    leaders_left = {str(data.color(u)) for piles in board.position.values() for pile in piles
                    for u in pile.units if data.is_leader(u)}  # 9.15
    leaders_left |= {str(data.color(u)) for u in waiting}
    red_capitals_held = all(
        "red" in board.colors_at(p) or not (board.colors_at(p) - {"red"})
        for p in ("TVER", "PETR"))  # 9.13
    returns: list[tuple[str, UnitId, str]] = []
    refused: list[str] = []
    for name, section in board.chart.items():
        for unit in section.units:
            if not data.is_combat(unit):
                continue
            color = str(data.color(unit))
            if not (eligible(int(unit)) if eligible else color in REPLACED):
                continue
            home = data.combat_units[int(unit)].home
            there = board.colors_at(home)
            reason = None
            if color == "red" and suspended:
                reason = "9.14"
            elif color == "red" and not red_capitals_held:
                reason = "9.13"
            elif color in ("red", "white") and color not in leaders_left:
                reason = "9.15"
            elif there & OPPOSES[color] and color not in there:
                reason = "9.12"
            if reason:
                refused.append(f"{unit} ({reason})")
            else:
                returns.append((name, unit, home))
    for name, unit, home in returns:
        board.section(name if name != UNASSIGNED else None).units.remove(unit)
        controller = next((p for p, s in board.chart.items() if p != UNASSIGNED and
                           f"CTRL:{data.units[int(unit)].nationality}" in s.markers), None)
        board.place(home, controller, [unit])  # alone in its stack (9.0)
    if suspended:
        board.update_pending(
            red_replacements_suspended=board.pending.red_replacements_suspended - 1)
    board.note("replacements (9.0): " + (", ".join(f"{u} to {h}" for _, u, h in returns)
                                         or "none") + (f"; not replaced: {', '.join(refused)}"
                                                       if refused else ""))
