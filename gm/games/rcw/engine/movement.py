"""Simultaneous movement of the postal game (17.0 [5.0]).

Each player's orders are carried out as if he moved first: forces in the sequence he listed
them (5.1), every stop under 5.27 decided by the colours in each province at the start of the
Game-Turn. Players do not meet in movement except over an uncontrolled unit two of them pick
up; those conflicts are settled first (lower identity code; for an Imperial unit sought by
leaders of different colours the higher Leadership Value; the Gold leader first for a Green
unit, 17.0 [13.26]; a tie at random). Then all players' moves are made on one board, in
player-letter order, which gives the same result as any other order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from gm.core.dice import Dice
from gm.engine.results import Outcome
from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.engine.board import Board, PhaseResults
from gm.games.rcw.engine.facts import Moved
from gm.games.rcw.orders.model import Attach, Detach, Emigrate, Move, Order, StackChange, Transfer
from gm.games.rcw.rules.movement import must_stop, own_allowance
from gm.games.rcw.rules.stacking import commands, controls_gold

MOVEMENT_KINDS = (Move, Attach, Detach, Transfer, Emigrate)


@dataclass(frozen=True)
class Claim:
    """A player's leader (or Blue/Green force) taking up an uncontrolled unit."""

    unit: UnitId
    player: str
    taker: UnitId
    line: int
    value: int
    color: str | None
    holds_gold: bool


@dataclass
class Mover:
    board: Board
    results: PhaseResults | None  # None in the first pass, which only gathers claims
    start: Mapping[str, set[str]]  # the colours 5.27 stops against, by province
    denied: dict[str, set[UnitId]] = field(default_factory=dict)
    claims: list[Claim] = field(default_factory=list)
    routes: dict[UnitId, list[str]] = field(default_factory=dict)
    moved_imperials: set[UnitId] = field(default_factory=set)
    why: dict[UnitId, str] = field(default_factory=dict)  # why the last units were not taken
    travelled: set[UnitId] = field(default_factory=set)  # every unit that moved (5.25)
    own_allowance: set[UnitId] = field(default_factory=set)  # ... on its own (5.23, 5.28)

    def set(self, player: str, order: Order, result: Outcome, rule: str | None,
            detail: str, fact: Moved | None = None) -> None:
        if self.results is not None:
            self.results.set(player, order, result, rule, detail, fact)

    def _claim(self, player: str, order: Order, unit: UnitId, taker: UnitId) -> bool:
        """Record an uncontrolled unit taken up; False if the player lost it to another."""
        data = self.board.data
        if unit in self.denied.get(player, set()):
            return False
        leader = data.leaders.get(int(taker)) if isinstance(taker, int) else None
        pile = self.board.find(taker)
        gold = bool(pile and controls_gold(self.board.command_of(taker)[1:]))
        self.claims.append(Claim(unit, player, taker, order.line,
                                 leader.value if leader else 0, data.color(taker), gold))
        return True

    def _lift(self, player: str, order: Order, units: list[UnitId], taker: UnitId,
              province: str) -> tuple[list[UnitId], list[UnitId]]:
        """Take units off their stacks in `province`: (taken, not taken)."""
        taken, missed = [], []
        for unit in units:
            found = self.board.find(unit)
            if found is None or found[0] != province or found[1].player not in (None, player):
                missed.append(unit)
                self.why[unit] = f"is no longer in {province} (5.25)"
                continue
            if unit in self.travelled and unit != taker:
                missed.append(unit)
                self.why[unit] = "moved already in this Movement Phase (5.25)"
                continue
            if found[1].player is None and not self._claim(player, order, unit, taker):
                missed.append(unit)
                self.why[unit] = "went to another player's leader (17.0 [5.0])"
                continue
            self.board.take(unit)
            taken.append(unit)
        return taken, missed

    def run(self, player: str, orders: list[Order]) -> None:
        for order in orders:
            if isinstance(order, Move):
                self._move(player, order)
            elif isinstance(order, Attach):
                self._attach(player, order)
            elif isinstance(order, Detach):
                self._detach(player, order)
            elif isinstance(order, Transfer):
                self._transfer(player, order)
            elif isinstance(order, Emigrate):
                self._emigrate(player, order)

    def _move(self, player: str, order: Move) -> None:
        data = self.board.data
        found = self.board.find(order.force[0])
        if found is None:
            self.set(player, order, "void", "5.11", "the force is no longer on the map")
            return
        start = found[0]
        if order.force[0] in self.travelled:
            self.set(player, order, "illegal", "5.25", "the force moved already this phase")
            return
        force, lost = self._lift(player, order, list(order.force), order.force[0], start)
        if order.force[0] in lost:
            self.set(player, order, "illegal", "5.25", "the force moved already this phase")
            return
        notes = [f"{data.describe(u)} {self.why[u]}" for u in lost]
        path = list(order.path[1:] if order.path[0] == start else order.path)
        visited = [start]
        changes = list(order.changes)
        force = self._changes(player, order, force, changes, start, notes)
        stopped = None
        for index, province in enumerate(path):
            self.travelled.update(force)  # these leave where they stand (5.25)
            self.own_allowance |= own_allowance(tuple(force), data)
            visited.append(province)
            entered = {province: set(self.start.get(province, set()))}  # as it enters (5.27)
            force = self._changes(player, order, force, changes, province, notes)
            if index < len(path) - 1 and must_stop(province, force, entered, data):
                stopped = province
                break
        final = visited[-1]
        self.board.place(final, player, force)
        for unit in force:
            if data.is_leader(unit):
                self.routes.setdefault(unit, visited)
            if isinstance(unit, str):
                self.moved_imperials.add(unit)
        if stopped:
            when = "as the force entered" if isinstance(self.start, LiveColours) else \
                "at the start of the Game-Turn"
            notes.insert(0, f"stopped in {stopped}: another colour was there {when} (5.27)")
        if changes:
            notes.append("not carried out: " + ", ".join(
                f"{c.action} {' '.join(map(str, c.units))} AT {c.at}" for c in changes))
        result: Outcome = "partial" if notes else "succeeded"
        conflict = any("17.0 [5.0]" in note for note in notes)
        rule = ("5.27, 5.52" if order.rail else "5.27") if stopped else (
            "17.0 [5.0]" if conflict else ("5.5" if order.rail else "5.1"))
        fact = Moved(player=player, units=tuple(force), path=tuple(visited), stopped=stopped,
                     rule="5.27" if stopped else None, rail=order.rail)
        self.set(player, order, result, rule, "; ".join(
            [f"{'-'.join(visited)}", *notes]), fact)

    def _changes(self, player: str, order: Move, force: list[UnitId],
                 changes: list[StackChange], province: str, notes: list[str]) -> list[UnitId]:
        """Pick-ups and drops at the province the force is in now (5.13)."""
        while changes and changes[0].at == province:
            change = changes.pop(0)
            if change.action == "DROP":
                dropped = [u for u in change.units if u in force[1:]]  # the head moves on
                force = [u for u in force if u not in dropped]
                if dropped:
                    self.board.place(province, player, dropped)
                continue
            taken, missed = self._lift(player, order, list(change.units), force[0], province)
            notes += [f"{self.board.data.describe(u)} {self.why[u]}" for u in missed]
            head_command = commands(tuple(force), self.board.data).get(force[0], []) \
                if isinstance(force[0], int) else []
            at = 1 + len(head_command) if self.board.data.is_leader(force[0]) else len(force)
            force = [*force[:at], *taken, *force[at:]]
        return force

    def _attach(self, player: str, order: Attach) -> None:
        leader = self.board.find(order.leader)
        if leader is None or leader[1].player != player:
            self.set(player, order, "void", "5.13", "the leader is no longer there")
            return
        province, pile = leader
        units = [u for u in order.units if u != order.leader]  # never himself
        taken, missed = self._lift(player, order, units, order.leader, province)
        command = self.board.command_of(order.leader)
        start = pile.units.index(order.leader) + 1  # Imperial units directly under him (13.21)
        imperial = start + sum(1 for u in command[1:] if isinstance(u, str))
        pile.units[imperial:imperial] = [u for u in taken if isinstance(u, str)]
        at = start + len(command) - 1 + sum(1 for u in taken if isinstance(u, str))
        pile.units[at:at] = [u for u in taken if not isinstance(u, str)]
        conflict = any("17.0 [5.0]" in self.why.get(u, "") for u in missed)
        # none taken: lost to another player's leader (failed), or moved already (5.25)
        result: Outcome = "succeeded" if not missed else "partial" if taken else \
            "failed" if conflict else "illegal"
        rule = "17.0 [5.0]" if conflict else "5.25" if missed else "5.13, 5.41"
        self.set(player, order, result, rule, "; ".join([
            "attached: " + (" ".join(map(str, taken)) or "none"),
            *(f"{self.board.data.describe(u)} {self.why[u]}" for u in missed)]))

    def _detach(self, player: str, order: Detach) -> None:
        command = self.board.command_of(order.leader)
        found = self.board.find(order.leader)
        units = list(dict.fromkeys(u for u in order.units if u in command[1:]))  # each once
        if found is None or found[1].player != player or not units:
            self.set(player, order, "void", "5.13", "nothing to detach")
            return
        for unit in units:
            found[1].units.remove(unit)
        self.board.place(found[0], player, units)
        self.set(player, order, "succeeded", "5.13, 5.41", f"detached in {found[0]}")

    def _transfer(self, player: str, order: Transfer) -> None:
        if order.imperial in self.moved_imperials:
            self.set(player, order, "illegal", "13.15", "it moved this phase")
            return
        source, target = self.board.find(order.imperial), self.board.find(order.target)
        if source is None or target is None or order.imperial not in self.board.command_of(
                order.source):
            self.set(player, order, "void", "13.15", "the forces are no longer as ordered")
            return
        source[1].units.remove(order.imperial)
        units = target[1].units
        at = units.index(order.target) + 1 if self.board.data.is_leader(order.target) \
            else len(units)
        units.insert(at, order.imperial)
        self.set(player, order, "succeeded", "13.15", f"in {target[0]}")

    def _emigrate(self, player: str, order: Emigrate) -> None:
        found = self.board.find(order.unit)
        if found is None or found[1].player != player:
            self.set(player, order, "void", "13.31", "the player does not hold it now")
            return
        if not self.board.data.provinces[found[0]].port:
            self.set(player, order, "illegal", "13.32", f"{found[0]} has no port")
            return
        self.board.take(order.unit)
        self.board.section(player).face_down.append(order.unit)
        self.set(player, order, "succeeded", "13.31, 14.46",
                 f"removed from {found[0]} face down to player {player}'s chart")


class LiveColours(Mapping[str, set[str]]):
    """5.27 in the standard game: the colours in a province when a force enters it, the
    moving force itself lifted off the map meanwhile."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def __getitem__(self, province: str) -> set[str]:
        return self.board.colors_at(province)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.board.position))

    def __len__(self) -> int:
        return len(self.board.position)


def _winner(unit: UnitId, claims: list[Claim], data: GameData, dice: Dice) -> Claim:
    if data.color(unit) == "green":
        golden = [c for c in claims if c.holds_gold]
        if len(golden) == 1:
            return golden[0]  # 17.0 [13.26]
    if isinstance(unit, str) and len({c.color for c in claims}) > 1:
        best = max(c.value for c in claims)
        tied = [c for c in claims if c.value == best]
        while len(tied) > 1:  # a tie: decided at random (17.0 [5.0])
            rolls = [(dice.die(f"pick-up tie for {unit}: {c.taker}"), c) for c in tied]
            top = max(r for r, _ in rolls)
            tied = [c for r, c in rolls if r == top]
        return tied[0]
    return min(claims, key=lambda c: int(c.taker) if isinstance(c.taker, int) else 0)


def _conflicts(board: Board, results: PhaseResults, start: dict[str, set[str]],
               dice: Dice) -> tuple[dict[str, set[UnitId]], list[str]]:
    """First pass: what each player would take up alone; settle who gets what. Skipped when
    no uncontrolled unit is named in two players' orders, as in most phases."""
    loose = {u for piles in board.position.values() for pile in piles if pile.player is None
             for u in pile.units}
    named: dict[UnitId, set[str]] = {}
    for player, order in results.of_kind(*MOVEMENT_KINDS):
        for unit in order.units_named():
            if unit in loose:
                named.setdefault(unit, set()).add(player)
    if all(len(players) < 2 for players in named.values()):
        return {}, []
    snapshot = board.to_state()
    claims: list[Claim] = []
    for player in sorted(results.orders):
        orders = [o for p, o in results.of_kind(*MOVEMENT_KINDS) if p == player]
        alone = Mover(Board.of(snapshot, board.data), None, start)
        alone.run(player, orders)
        claims += alone.claims
    denied: dict[str, set[UnitId]] = {}
    notes = []
    for unit in dict.fromkeys(c.unit for c in claims):
        contenders = [c for c in claims if c.unit == unit]
        if len({c.player for c in contenders}) < 2:
            continue
        winner = _winner(unit, contenders, board.data, dice)
        for claim in contenders:
            if claim is not winner:
                denied.setdefault(claim.player, set()).add(unit)
        notes.append(f"pick-up conflict over {board.data.describe(unit)}: "
                     f"{board.data.describe(winner.taker)} of player {winner.player} gets it "
                     "(17.0 [5.0])")
    return denied, notes


def apply(board: Board, results: PhaseResults, dice: Dice) -> dict[UnitId, list[str]]:
    """Carry out every movement order; returns each moved leader's route (for 17.0 [10.0])."""
    start = {province: board.colors_at(province) for province in board.position}
    denied, notes = _conflicts(board, results, start, dice)
    for note in notes:
        board.note(note)
    mover = Mover(board, results, start, denied)
    for player in sorted(results.orders):
        mover.run(player, [o for p, o in results.of_kind(*MOVEMENT_KINDS) if p == player])
    return mover.routes

