"""The solitaire game's Red leaders (24.0) and the Czar's end (26.0): the Red Leader
Determination Phase removes every Red leader but Lenin and Trotsky and rolls the die for how
many he may deploy again (24.12, 24.16, 24.17); his DEPLOY orders put them on the map (24.11);
a Red leader stacked with the Czar executes him at once (26.0)."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.engine.sequence import PhaseRun
from gm.games.rcw.data.dataset import LENIN, TROTSKY, UnitId
from gm.games.rcw.engine.board import Board
from gm.games.rcw.engine.standard import judged_now
from gm.games.rcw.orders.model import Deploy, Order
from gm.games.rcw.rules.solitaire import (
    MAX_RED_LEADERS,
    available_red_leaders,
    determinations_passed_over,
)
from gm.games.rcw.state import RED, UNASSIGNED

CZAR = "CZAR"


def determination(board: Board, dice: Dice, turn: int) -> None:
    """24.0: Game-Turn `turn`'s Phase: every Red leader but Lenin and Trotsky leaves the map
    (the units under him stay, uncontrolled, 7.16); then the die, unless Lenin's or Trotsky's
    death passes this phase over (24.14-24.17; ruling R64: the leaders leave all the same,
    none come)."""
    data = board.data
    gone: list[str] = []
    for pile in [pile for piles in list(board.position.values()) for pile in piles]:
        leaving = [u for u in pile.units if data.is_leader(u) and data.color(u) == "red"
                   and u not in (LENIN, TROTSKY)]
        for unit in leaving:
            board.take(unit)
            gone.append(str(unit))
        if leaving and not any(data.is_leader(u) for u in pile.units):
            pile.player = _holder(board, pile.units)
    if gone:
        board.note(f"Red leaders {' '.join(gone)} leave the map (24.0)")
    solitaire = board.solitaire
    assert solitaire is not None
    if turn in solitaire.determinations_passed_over:
        board.update_solitaire(leader_die=None, leaders_allowed=0)
        board.note(f"no Red Leader Determination this Game-Turn: Lenin or Trotsky was "
                   f"eliminated (24.14-24.17), which passes over Game-Turn {turn}'s; he plays "
                   "with those left of the two")
        return
    die = dice.die("24.0 Red Leader Determination")
    alive = sum(board.find(u) is not None for u in (LENIN, TROTSKY))
    available = len(available_red_leaders(board.to_state(), data))
    allowed = max(0, min(die, MAX_RED_LEADERS - alive, available))
    board.update_solitaire(leader_die=die, leaders_allowed=allowed)
    board.note(f"Red Leader Determination: die {die}; with {alive} of Lenin and Trotsky on the "
               f"map he may deploy {allowed} Red leader(s) (24.0, 24.12)")


def _holder(board: Board, units: list[UnitId]) -> str | None:
    """Who controls the units a lifted leader leaves: Red units no leader commands stay
    uncontrolled (7.16); a Green unit he held with the Gold is no longer of his colour
    (13.26, 13.29) and goes to the holder of its marker, the non-Red Player's if drawn
    (20.12), else to no one."""
    data = board.data
    nationalities = {data.units[int(u)].nationality for u in units
                     if isinstance(u, int) and data.color(u) in ("blue", "green")}
    return next((player for player, section in board.chart.items()
                 if player != UNASSIGNED and nationalities and
                 all(f"CTRL:{n}" in section.markers for n in nationalities)), None)


def leaders_fallen(board: Board, turn: int, red_combat: bool, before: int) -> None:
    """24.14-24.17: the Determination Phases passed over by the deaths of Lenin or Trotsky
    in a Combat Phase of Game-Turn `turn` (the Red Player's or, not `red_combat`, the
    non-Red Player's), those of `board.pending.red_leaders_lost_this_turn` after its first
    `before`."""
    lost = board.pending.red_leaders_lost_this_turn
    for count in range(before + 1, len(lost) + 1):
        solitaire = board.solitaire
        assert solitaire is not None
        passed = determinations_passed_over(
            solitaire.determinations_passed_over, turn, red_combat,
            both_this_turn={LENIN, TROTSKY} <= set(lost[:count]))
        board.update_solitaire(determinations_passed_over=passed)
        board.note(f"{board.data.describe(lost[count - 1])} eliminated in the "
                   f"{'Red' if red_combat else 'non-Red'} Combat Phase of Game-Turn {turn}: "
                   f"no Red Leader Determination in Game-Turn(s) "
                   f"{', '.join(str(t) for t in passed if t >= turn)} (24.14-24.17)")


def deploy_step(run: PhaseRun[Board, Order]) -> None:
    """24.11: the Red Player's DEPLOY orders, in the order written, each judged on the
    position the ones before it leave."""
    board, results = run.board, run.results
    for player, order in results.of_kind(Deploy):
        if not judged_now(run, player, order):
            continue
        placed = deploy(board, order)
        results.set(player, order, "succeeded", "24.11",
                    f"{' '.join(map(str, placed))} placed in {order.province}")
    execute_czar(board)


def deploy(board: Board, order: Deploy) -> list[UnitId]:
    """The leaders on the named Red combat units, which leave their uncontrolled stacks with
    any Imperial unit left alone under them (13.21, 13.42)."""
    units: list[UnitId] = list(order.units)
    for unit in order.units:
        found = board.find(unit)
        if found is None:
            continue
        pile = found[1]
        board.take(unit)
        orphans = [u for u in pile.units if isinstance(u, str)]
        if orphans and len(orphans) == len(pile.units):
            for piece in orphans:
                board.take(piece)
            at = units.index(unit)  # directly under the leader above the unit (13.21)
            while at > 0 and not board.data.is_leader(units[at - 1]) and \
                    not isinstance(units[at - 1], str):
                at -= 1
            units[at:at] = orphans
    board.place(order.province, RED, units)
    return units


def execute_czar(board: Board) -> None:
    """26.0: a Red leader stacked with the Czar: the Czar is executed, into the game box."""
    found = board.find(CZAR)
    if found is None:
        return
    province, pile = found
    if any(board.data.is_leader(u) and board.data.color(u) == "red" for u in pile.units):
        board.take(CZAR)
        board.removed.append(CZAR)
        board.note(f"the Czar, stacked with a Red leader in {province}, is executed (26.0)")
