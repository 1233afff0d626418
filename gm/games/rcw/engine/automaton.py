"""The non-Red Player of the solitaire game (18.0), played by the program: its forces' target
paths (21.13, 21.21, 21.22, 21.24), its movement by the die along them (21.1, 21.2), its
stacking (22.0) and its compulsory attacks (23.1). Every decision is a note of the phase's
timeline that says what the rulebook made it do and why, so that the player can check it by
hand: each force's path, its die, where it stopped and by which rule; each attack's target,
the reason for it and its odds."""

from __future__ import annotations

from collections.abc import Sequence

from gm.core.dice import Dice
from gm.core.state import UnitId
from gm.engine.sequence import PhaseRun
from gm.games.rcw.engine.board import Board, Pile
from gm.games.rcw.engine.combat import Combat
from gm.games.rcw.engine.facts import Moved
from gm.games.rcw.engine.movement import LiveColours
from gm.games.rcw.engine.red_leaders import execute_czar
from gm.games.rcw.orders.model import Attack, Order
from gm.games.rcw.rules.colour import colours_now
from gm.games.rcw.rules.combat import odds, strength
from gm.games.rcw.rules.movement import may_enter, must_stop
from gm.games.rcw.rules.solitaire import (
    TARGETS,
    auxiliary_stacks,
    exchange_losses,
    pick_by_die,
    target_paths,
    weakest,
    white_stacks,
    with_imperials,
)
from gm.games.rcw.state import NON_RED

Run = PhaseRun[Board, Order]
COLOR_ORDER = ("white", "green", "blue")  # 21.11: White, then Green, then Blue


def color_of(pile: Pile, board: Board) -> str:
    """A force's colour: its leaders' (a White leader's stack is White), else its units'."""
    data = board.data
    leaders = [u for u in pile.units if data.is_leader(u)]
    first = next((u for u in [*leaders, *pile.units] if isinstance(u, int)), None)
    return str(data.color(first)) if first is not None else "none"


def _lead(pile: Pile) -> int:
    """The unit whose path a force follows: its lowest-numbered (ruling R62)."""
    return min(u for u in pile.units if isinstance(u, int))


def _name(pile: Pile) -> str:
    return " ".join(str(u) for u in pile.units if isinstance(u, int))


def _choose_path(board: Board, dice: Dice, province: str, pile: Pile, why: str
                 ) -> tuple[str, ...]:
    """21.13, 21.21, 21.22: the path a force is given from `province`, a die among ties."""
    paths = target_paths(board.data, province)
    if not paths:
        board.note(f"non-Red force {_name(pile)} in {province}: no path leads to Tver or "
                   "Petrograd; it stays where it is (ruling R59)")
        return (province,)
    index, rolls = pick_by_die(len(paths), lambda: dice.die(
        f"21.22 path of non-Red force {_name(pile)} in {province}"))
    path = paths[index]
    tie = (f"; {len(paths)} paths are equally short, die {' then '.join(map(str, rolls))} "
           f"chooses path {index + 1} (21.22, ruling R62)") if len(paths) > 1 else ""
    board.note(f"non-Red force {_name(pile)} in {province} ({why}): target {path[-1]}, "
               f"path {'-'.join(path)} (21.13){tie}")
    return path


def assign_paths(board: Board, dice: Dice) -> None:
    """21.24: a target province and path for every non-Red force at the start of the game."""
    for province in sorted(board.position):
        for pile in board.position[province]:
            if color_of(pile, board) in COLOR_ORDER:
                _set_path(board, pile, _choose_path(board, dice, province, pile,
                                                    "start of the game, 21.24"))


def _set_path(board: Board, pile: Pile, path: tuple[str, ...]) -> None:
    """Every unit of the force takes the path, so that it stays one force (ruling R62)."""
    assert board.solitaire is not None
    paths = dict(board.solitaire.paths)
    paths.update({str(u): path for u in pile.units if isinstance(u, int)})
    board.update_solitaire(paths=paths)


def remaining_path(board: Board, dice: Dice, province: str, pile: Pile) -> tuple[str, ...]:
    """The rest of a force's path from where it stands: its lowest-numbered unit's (ruling
    R62); a force off its path is given a new one from here toward the nearer target."""
    assert board.solitaire is not None
    path = board.solitaire.paths.get(str(_lead(pile)))
    if path is None or province not in path:
        path = _choose_path(board, dice, province, pile, "not on a path it was given, "
                            "ruling R62")
    path = path[path.index(province):]
    _set_path(board, pile, path)
    return path


def controlled_forces(board: Board) -> list[tuple[str, Pile]]:
    """The non-Red Player's forces in the order they move (21.11: White, Green, Blue; within a
    colour by province code and stack, ruling R62)."""
    rank = {color: index for index, color in enumerate(COLOR_ORDER)}
    forces = [(province, pile) for province in sorted(board.position)
              for pile in board.position[province] if pile.player == NON_RED]
    return sorted(forces, key=lambda f: rank.get(color_of(f[1], board), len(COLOR_ORDER)))


def _held(board: Board, pile: Pile, path: Sequence[str]) -> tuple[tuple[str, ...], str | None]:
    """21.25: the part of the path a Blue or Green force may enter (its region, 5.65,
    5.74-5.76), and the rule that holds it short."""
    data = board.data
    nationalities = {data.units[u].nationality for u in pile.units if isinstance(u, int)
                     and data.is_combat(u) and data.color(u) in ("blue", "green")}
    allowed = [path[0]]
    for province in path[1:]:
        barred = [n for n in nationalities if not may_enter(n, province, data)]
        if barred:
            return tuple(allowed), data.counters.nationalities[barred[0]].rule or "5.74"
        allowed.append(province)
    return tuple(allowed), None


def movement_step(run: Run) -> None:
    """21.1, 21.2: each controllable force in turn: a die, and that many provinces along its
    path; it stops on entering Tver or Petrograd (21.23) or a province held by another colour
    (5.27); Blue and Green forces go only as far as their region lets them (21.25)."""
    board, dice = run.board, run.dice
    for start, pile in controlled_forces(board):
        if not any(p is pile for p in board.position.get(start, ())):
            continue
        path = remaining_path(board, dice, start, pile)
        open_path, rule = _held(board, pile, path)
        what = f"{color_of(pile, board)} force {_name(pile)} in {start}"
        if len(path) == 1:
            board.note(f"{what} is at its target {start}: it does not move (21.23)")
            continue
        if len(open_path) == 1:
            board.note(f"{what}: its path to {path[-1]} leaves its region at once; it stays "
                       f"as near as it may go ({rule}, 21.25)")
            continue
        die = dice.die(f"21.12 movement of non-Red force {_name(pile)} in {start}")
        units = list(pile.units)
        board.lift(start, pile)
        visited, stopped, why = [start], None, None
        colours = LiveColours(board)
        for province in open_path[1:die + 1]:
            visited.append(province)
            if province in TARGETS:
                stopped, why = province, "21.23"
                break
            if must_stop(province, units, colours, board.data):
                stopped, why = province, "5.27"
                break
        end = visited[-1]
        if stopped is None and len(visited) - 1 < die and len(open_path) < len(path):
            stopped, why = end, f"{rule}, 21.25"
        moved = board.place(end, NON_RED, units)
        _set_path(board, moved, path[path.index(end):])
        reason = {"21.23": f"it entered {end} (21.23)",
                  "5.27": f"another colour holds {end} (5.27)"}.get(
                      why or "", f"its region ends there ({why})" if why else "")
        board.note(f"{what}: target {path[-1]} by {'-'.join(path)}; die {die}: moves "
                   f"{'-'.join(visited)}" + (f", stops in {end}: {reason}" if reason else ""),
                   Moved(player=NON_RED, units=tuple(units), path=tuple(visited),
                         stopped=stopped, rule=why))


def stacking_step(run: Run) -> None:
    """22.0: in each province the non-Red Player's units made into the fewest, strongest
    stacks: White leaders with the White combat units there (22.1), Blue and Green units by
    nationality (22.2, 7.14). Uncontrolled Blue and Green units stay as they are (7.16)."""
    board = run.board
    data = board.data
    for province in sorted(board.position):
        piles = board.position[province]
        white = [p for p in piles if color_of(p, board) == "white" and (
            p.player == NON_RED or not any(data.is_leader(u) for u in p.units))]
        leaders = any(data.is_leader(u) for p in white for u in p.units)
        auxiliary = [p for p in piles if p.player == NON_RED and color_of(p, board) in
                     ("blue", "green")]
        groups = [group for group, wanted in ((white, leaders), (auxiliary, len(auxiliary) > 1))
                  if wanted]
        for group in groups:
            before = sorted(_name(p) for p in group)
            units = [u for p in group for u in p.units]
            for pile in group:
                board.lift(province, pile)
            formed = white_stacks(units, data) if group is white else with_imperials(
                auxiliary_stacks(units, data), {u: next(c for c in p.units if isinstance(c, int))
                                                for p in group for u in p.units
                                                if isinstance(u, str)}, data)
            made = [board.place(province, NON_RED if any(
                data.is_leader(u) or data.color(u) in ("blue", "green")
                for u in stack if isinstance(u, int)) else None, list(stack))
                for stack in formed]
            _keep_paths(board, made)
            after = sorted(_name(p) for p in made)
            if after != before:
                board.note(f"non-Red stacking in {province} (22.1, 22.2): "
                           f"{' | '.join(after)}")


def _keep_paths(board: Board, made: list[Pile]) -> None:
    """A stack formed takes the path of its lowest-numbered unit (ruling R62)."""
    assert board.solitaire is not None
    known = board.solitaire.paths
    for pile in made:
        path = known.get(str(_lead(pile)))
        if path is not None:
            _set_path(board, pile, path)


def combat_step(run: Run) -> None:
    """23.1: in each province where controllable non-Red forces stand, all of them attack the
    weakest Red force there (23.11); where no Red unit is, the White ones attack the weakest
    Green force (23.12, 23.13); a die chooses among equally weak forces; never below 1:1
    (23.14, 23.15); uncontrolled non-Red forces neither attack nor, by the non-Red Player,
    are attacked (23.17, ruling R63). Exchanges take non-Red units in 23.16's order."""
    board, results = run.board, run.results
    data = board.data
    combat = Combat(board, results, run.dice)
    exchange_order(board, combat)
    for province in sorted(board.position):
        piles = board.position.get(province, [])
        mine = [p for p in piles if p.player == NON_RED]
        reds = [p for p in piles if color_of(p, board) == "red"]
        if not mine:
            continue
        if reds:
            attackers, targets, rule = mine, reds, "23.11"
        else:
            attackers = [p for p in mine if color_of(p, board) == "white"]
            targets = [p for p in piles if p.player is None and color_of(p, board) == "green"]
            rule = "23.12"
            if not attackers or not targets:
                continue
        choice = weakest([p.units for p in targets], data)
        purpose = f"{rule} which of the weakest forces in {province}"
        index, rolls = pick_by_die(len(choice), lambda: run.dice.die(purpose))  # noqa: B023
        target = targets[choice[index]]
        attack = sum(strength(u, data) for p in attackers for u in p.units)
        defense = sum(strength(u, data) for u in target.units)
        column = odds(attack, defense)
        why = (f"non-Red attack in {province} ({rule}): the weakest "
               f"{color_of(target, board)} force there is {_name(target)} ({defense})")
        if len(choice) > 1:
            why += f", one of {len(choice)} as weak, die {' then '.join(map(str, rolls))}"
        if attack < defense:
            board.note(f"{why}; {attack} to {defense} is below 1:1: no attack (23.14, 23.15)")
            continue
        board.note(f"{why}; attacked by {' + '.join(_name(p) for p in attackers)} at "
                   f"{attack} to {defense}, {column} (23.14)")
        results.add(NON_RED, (Attack(target=(next(u for u in target.units
                                                   if isinstance(u, int)),),
                                     forces=tuple(tuple(u for u in p.units if isinstance(u, int))
                                                  for p in attackers)),))
        made = results.orders[NON_RED][-1]
        assert isinstance(made, Attack)
        combat.resolve(NON_RED, made, False)
    execute_czar(board)


def exchange_order(board: Board, combat: Combat) -> None:
    """23.16: how the non-Red Player gives up units in an Exchange: Blue, Green and White
    combat units, then White leaders, the least loss that fulfils it (8.43, ruling R61)."""
    def colours(units: Sequence[UnitId]) -> dict[int, str]:
        """Each unit's colour now, in its stack (13.26: under the Gold leader, his)."""
        now: dict[int, str] = {}
        for unit in units:
            found = board.find(unit)
            if found is not None:
                now.update(colours_now(found[1].units, board.data))
        return now

    combat.choosers[NON_RED] = lambda units, points: exchange_losses(
        units, points, board.data, colours(units))
