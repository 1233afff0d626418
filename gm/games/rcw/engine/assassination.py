"""Assassination in the postal First Phase (17.0 [10.0], 10.0-10.2, 11.32, 9.14), and at a
moment of the standard game's Player-Turn (`in_player_turn`).

An attempt is made only if the target's route (his province at the start, then every province
he entered) includes a province where one of the attacker's leaders ended its movement. The
first such province on the route is where it happens. Two dice, +1 for each marker beyond the
first, minus the victim's Leadership Value: 7 or more kills (10.0)."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.core.words import counted
from gm.games.rcw.data.dataset import LENIN, TROTSKY, UnitId
from gm.games.rcw.engine.board import Board, PhaseResults
from gm.games.rcw.engine.facts import Assassinated, Attempt
from gm.games.rcw.orders.model import Assassinate

KILLS = 7


def _owner(board: Board, leader: UnitId) -> str | None:
    found = board.find(leader)
    return found[1].player if found else None


def split(total: int, targets: int) -> list[int]:
    """Markers shared out over the targets in the order written, the first ones getting the
    extra (docs/rulings.md R17)."""
    return [total // targets + (1 if i < total % targets else 0) for i in range(targets)]


def apply(board: Board, results: PhaseResults, dice: Dice, routes: dict[UnitId, list[str]],
          finals: dict[UnitId, str]) -> None:
    for player, order in results.of_kind(Assassinate):
        own_leaders = {leader: province for leader, province in finals.items()
                       if _owner(board, leader) == player}
        eligible = _met(board, order.targets, own_leaders, routes)
        if not eligible:
            results.set(player, order, "void", "17.0 [10.0]", "no target's route met a leader "
                        f"of player {player} where it ended its move: no attempt, no markers spent")
            continue
        _attempts(board, results, dice, player, order, eligible)


def in_player_turn(board: Board, results: PhaseResults, dice: Dice, player: str,
                   order: Assassinate) -> None:
    """The standard game (10.0, 10.13, 10.15): at this moment of his Player-Turn, each target
    sharing a province with another leader of the Phasing Player is attempted, the markers
    shared out over them as in the postal game (R17)."""
    eligible = _met_now(board, player, order)
    if not eligible:
        results.set(player, order, "void", "10.13", "no target shares a province with another "
                    f"leader of player {player} now: no attempt, no markers spent")
        return
    _attempts(board, results, dice, player, order, eligible)


def spend_markers(board: Board, player: str, order: Assassinate) -> None:
    """His orders judged without dice: an attempt made now takes its markers from him
    whatever the dice say (to the randomizer, 10.22, or to the target's owner, 10.23)."""
    if _met_now(board, player, order):
        section = board.section(player)
        section.assassin -= section.assassin if order.markers is None else min(
            order.markers, section.assassin)


def _met_now(board: Board, player: str, order: Assassinate) -> list[tuple[UnitId, str]]:
    own = {u: province for province, piles in board.position.items() for pile in piles
           if pile.player == player for u in pile.units if board.data.is_leader(u)}
    return _met(board, order.targets, own, {})


def _met(board: Board, targets: tuple[UnitId, ...], own: dict[UnitId, str],
         routes: dict[UnitId, list[str]]) -> list[tuple[UnitId, str]]:
    """Each target on the map and the first province of its route (where it stands, if it
    has none) that one of the player's other leaders (`own`: leader -> province) is in."""
    eligible: list[tuple[UnitId, str]] = []
    for target in targets:
        found = board.find(target)
        if found is None:
            continue
        where = next((p for p in routes.get(target, [found[0]]) if any(
            province == p and leader != target for leader, province in own.items())), None)
        if where is not None:
            eligible.append((target, where))
    return eligible


def _attempts(board: Board, results: PhaseResults, dice: Dice, player: str,
              order: Assassinate, eligible: list[tuple[UnitId, str]]) -> None:
    """The markers the order names (ALL: every one held) shared over the eligible targets,
    each attempted where it is (R17)."""
    held = board.section(player).assassin
    total = held if order.markers is None else min(order.markers, held)
    if total < 1:
        results.set(player, order, "illegal", "10.12", "no Assassin marker left")
        return
    attempts = [attempt(board, player, target, where, markers, dice)
                for (target, where), markers in zip(eligible, split(total, len(eligible)),
                                                    strict=True) if markers]
    results.set(player, order, "succeeded" if any(a.killed for a, _ in attempts) else
                "failed", "10.0", "; ".join(text for _, text in attempts),
                Assassinated(player=player, attempts=tuple(a for a, _ in attempts)))


def attempt(board: Board, player: str, target: UnitId, where: str, markers: int,
            dice: Dice) -> tuple[Attempt, str]:
    """One attempt (10.0): two dice, +1 a marker beyond the first, less the victim's value."""
    data = board.data
    value = data.leaders[int(target)].value
    first, second = (dice.die(f"assassination of {target} by {player}") for _ in range(2))
    total = first + second + (markers - 1) - value
    victim_owner = _owner(board, target)
    board.section(player).assassin -= markers
    text = (f"{data.describe(target)} in {where}: dice {first}+{second}, +{markers - 1} for "
            f"extra markers, -{value} = {total}")
    attempt = Attempt(target=target, province=where, dice=(first, second), markers=markers,
                      value=value, total=total, killed=total >= KILLS)
    if total < KILLS:
        board.section(victim_owner).assassin += markers  # 10.23
        board.record(f"assassination of {target} failed; {counted(markers, 'marker')} to player "
                     f"{victim_owner} (10.23)")
        return attempt, text + f": survives, markers to player {victim_owner} (10.23)"
    board.randomizer += ["ASSASSIN"] * markers  # 10.22
    board.take(target)
    board.section(player).units.append(target)  # 10.21
    board.update_pending(
        permanently_eliminated=(*board.pending.permanently_eliminated, int(target)))
    if target in (LENIN, TROTSKY):
        lenin_or_trotsky_lost(board, int(target), victim_owner)
    board.record(f"{data.describe(target)} assassinated in {where} (10.21)")
    return attempt, text + ": killed"


def lenin_or_trotsky_lost(board: Board, leader: int, owner: str | None) -> None:
    """11.32: the owner gives up a Politburo marker; 9.14: Red replacements suspended, two
    Replacement Phases if both die in one Game-Turn (the solitaire game's Combat Phases also
    pass over Red Leader Determinations, gm/games/rcw/engine/solitaire.py, 24.14-24.17)."""
    section = board.section(owner)
    if owner is not None and section.politburo > 0:
        section.politburo -= 1
        board.randomizer.append("POLITBURO")
    lost = (*board.pending.red_leaders_lost_this_turn, leader)
    board.update_pending(red_leaders_lost_this_turn=lost, red_replacements_suspended=max(
        board.pending.red_replacements_suspended, 2 if {LENIN, TROTSKY} <= set(lost) else 1))
