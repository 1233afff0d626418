"""Rules of the solitaire game (18.0-28.0) that are pure functions of the map and the
position: the target province and path of a non-Red force (21.13, 21.21, 21.22), the
non-Red stacking (22.1, 22.2), the compulsory attack's target (23.11, 23.12) and the Exchange
losses (23.16), and the victory at the end of a Game-Turn (28.0). The automaton that plays the
non-Red side is built on them (issue 17)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from itertools import product

from gm.core.state import UnitId
from gm.games.rcw.data.dataset import LENIN, TROTSKY, GameData
from gm.games.rcw.rules.colour import colours_now
from gm.games.rcw.rules.combat import strength
from gm.games.rcw.rules.stacking import MAX_UNITS as MAX_STACK
from gm.games.rcw.rules.stacking import attach_limit
from gm.games.rcw.state import GameState

TARGETS = ("PETR", "TVER")  # 21.13: Petrograd and Tver
RED_OBJECTIVE = ("G", "W", "U", "C")  # 28.11: Greater Russia, White Russia, Ukraine, Cossack
RED_LEVELS = {5: "decisive", 6: "substantive", 7: "marginal"}  # 28.12
LAST_TURN = 7  # 27.32, 28.15
REPLACED_NATIONALITIES = ("PO", "FN")  # 25.12: of the non-Red units, Polish and Finnish only


def shortest_paths(start: str, goals: set[str], step: Callable[[str], list[str]]
              ) -> list[tuple[str, ...]]:
    """Every path of the fewest provinces from `start` to any of `goals` (start included)."""
    if start in goals:
        return [(start,)]
    depth = {start: 0}
    parents: dict[str, list[str]] = {start: []}
    queue = deque([start])
    found_at: int | None = None
    while queue:
        here = queue.popleft()
        if found_at is not None and depth[here] >= found_at:
            break
        for there in step(here):
            if there not in depth:
                depth[there] = depth[here] + 1
                parents[there] = [here]
                queue.append(there)
                if there in goals:
                    found_at = depth[there]
            elif depth[there] == depth[here] + 1:
                parents[there].append(here)
    if found_at is None:
        return []  # no way there
    ends = sorted(g for g in goals if depth.get(g) == found_at)

    def back(node: str) -> list[tuple[str, ...]]:
        return [(start,)] if node == start else [
            (*path, node) for parent in sorted(parents[node]) for path in back(parent)]

    return sorted(path for end in ends for path in back(end))  # numbered for a die (R62)


def rail_paths(data: GameData, start: str) -> list[tuple[str, ...]]:
    """21.13, 21.22: the paths along rail lines with the fewest provinces from `start` to
    Tver or Petrograd (the nearer of the two; both when equally near). None off the rail net."""
    def by_rail(code: str) -> list[str]:
        return sorted(data.provinces[code].rail)
    return shortest_paths(start, set(TARGETS), by_rail)


def target_paths(data: GameData, start: str) -> list[tuple[str, ...]]:
    """21.13, 21.21, 21.22: every path a non-Red force in `start` may be given, of which a die
    chooses one when there are several: along the rail lines to the nearer of Tver and
    Petrograd; from a province the rail lines do not reach there, first by the fewest
    provinces to one they do, then along them (ruling R59)."""
    paths = rail_paths(data, start)
    if paths:
        return paths
    leads = {code for code in data.provinces if rail_paths(data, code)}
    approaches = shortest_paths(start, leads, lambda code: sorted(data.provinces[code].adjacent))
    candidates = [(*approach, *rail[1:]) for approach in approaches
                  for rail in rail_paths(data, approach[-1])]
    fewest = min((len(c) for c in candidates), default=0)
    return [c for c in candidates if len(c) == fewest]


def solitaire_victory(position: Mapping[str, Sequence[Sequence[UnitId]]], data: GameData,
                      turn: int) -> str | None:
    """28.0 at the end of Game-Turn `turn` (each province's stacks, as unit lists): the
    non-Red decisive victory when a non-Red unit stands in Petrograd or Tver (28.13); the
    Red victory, by the Game-Turn, when no non-Red unit is left in Greater Russia, White
    Russia, the Ukraine or the Cossack Territories (28.11, 28.12; ruling R60); a draw after
    the seventh Game-Turn (28.15); else None, play goes on."""
    def non_red(code: str) -> bool:  # of a colour other than Red now (13.26)
        return any(colour != "red" for stack in position.get(code, ())
                   for colour in colours_now(stack, data).values())
    if any(non_red(code) for code in TARGETS):
        return "non-red decisive"
    held = [p.code for p in data.map.provinces if p.region in RED_OBJECTIVE]
    if not any(non_red(code) for code in held):
        return f"red {RED_LEVELS[max(turn, 5)]}" if turn <= LAST_TURN else None
    return "draw" if turn >= LAST_TURN else None


def _strongest_first(units: list[int], data: GameData) -> list[int]:
    return sorted(units, key=lambda u: (-data.combat_units[u].strength, u))


def white_stacks(units: Sequence[UnitId], data: GameData) -> list[tuple[UnitId, ...]]:
    """22.1: a province's White leaders and combat units in the fewest, strongest stacks: the
    lowest-numbered leader takes as many of the strongest combat units as he may (5.14), the
    next lowest-numbered leader goes on top with as many of the strongest left, until the
    stack holds five units (7.11); then the next stack likewise. Combat units no leader can
    take stack five at most together, strongest first. White leaders with no White combat
    unit in the province stack "to the greatest and strongest possible extent": the greatest
    Leadership Values first, then the lowest numbers (ruling R69). The Czar and the Gold, if
    there, go directly under the first leader placed, who attaches two more units for them
    (13.21, 13.22, 13.25; ruling R62). Each stack top to bottom (7.21)."""
    combat = _strongest_first([int(u) for u in units if data.is_combat(u)], data)
    leaders = sorted((int(u) for u in units if data.is_leader(u)), key=lambda u: (
        0 if combat else -data.leaders[u].value, u))
    imperial: list[UnitId] = [u for u in ("CZAR", "GOLD") if u in units]
    stacks: list[tuple[UnitId, ...]] = []
    while leaders:
        stack: list[UnitId] = []
        while leaders and sum(isinstance(u, int) for u in stack) < MAX_STACK:
            leader = leaders.pop(0)
            carried, imperial = imperial, []
            room = min(attach_limit(leader, carried, data),
                       MAX_STACK - sum(isinstance(u, int) for u in stack) - 1)
            taken, combat = combat[:room], combat[room:]
            stack = [leader, *carried, *taken, *stack]  # the later leader on top
        stacks.append(tuple(stack))
    unled = _unled(combat)
    if imperial:  # no leader to take them: under the first combat units (13.42)
        unled[:1] = [(*unled[0], *imperial)] if unled else [tuple(imperial)]
    return stacks + unled


def _unled(combat: list[int]) -> list[tuple[UnitId, ...]]:
    return [tuple(combat[i:i + MAX_STACK]) for i in range(0, len(combat), MAX_STACK)]


def auxiliary_stacks(units: Sequence[UnitId], data: GameData) -> list[tuple[UnitId, ...]]:
    """22.2: a province's Blue or Green combat units in the fewest, strongest stacks, one
    nationality a stack (7.14), five units at most (7.11), strongest first."""
    by_nationality: dict[str, list[int]] = {}
    for unit in (int(u) for u in units if data.is_combat(u)):
        by_nationality.setdefault(data.units[unit].nationality, []).append(unit)
    return [stack for nationality in sorted(by_nationality)
            for stack in _unled(_strongest_first(by_nationality[nationality], data))]


def weakest(stacks: Sequence[Sequence[UnitId]], data: GameData) -> list[int]:
    """23.11, 23.12: the indices of the stacks with the smallest total Combat Strength (a die
    chooses among several)."""
    totals = [sum(strength(u, data) for u in stack) for stack in stacks]
    least = min(totals, default=0)
    return [i for i, total in enumerate(totals) if total == least]


EXCHANGE_CLASSES = ("blue", "green", "white", "leader")  # 23.16, in the order they go


def _exchange_class(unit: int, data: GameData, colours: Mapping[int, str]) -> int:
    """23.16: a non-Red unit's place in the Exchange order (White leaders last), by its
    colour now (13.26: a Green unit under the White Gold leader is White)."""
    kind = "leader" if data.is_leader(unit) else colours.get(unit, str(data.color(unit)))
    return EXCHANGE_CLASSES.index(kind) if kind in EXCHANGE_CLASSES else len(EXCHANGE_CLASSES)


def exchange_losses(units: Sequence[UnitId], points: int, data: GameData,
                    colours: Mapping[int, str] | None = None) -> list[UnitId]:
    """8.43, 23.16: the non-Red units an Exchange takes so as to give up at least `points`
    Combat Strength Points (a leader's: his Leadership Value, 8.26), class by class in 23.16's
    order: every Blue combat unit before any Green one, every Green before any White combat
    unit, every White combat unit before any White leader. Within the class that completes
    the loss, the least loss that does: the fewest Strength Points, then the fewest units,
    then the strongest units kept, then the lowest numbers lost (ruling R61). All of them
    when together they have fewer points."""
    fighting = [int(u) for u in units if isinstance(u, int)]
    owed = points
    taken: list[UnitId] = []
    now = colours or {}
    for rank in sorted({_exchange_class(u, data, now) for u in fighting}):
        if owed <= 0:
            break
        members = [u for u in fighting if _exchange_class(u, data, now) == rank]
        chosen = _least_loss(members, owed, data)
        taken += chosen
        owed -= sum(strength(u, data) for u in chosen)
    return taken


def _least_loss(units: list[int], owed: int, data: GameData) -> list[int]:
    """Of `units` (one class of 23.16), those that give up at least `owed` Strength Points
    with the fewest points, then units, then the strongest kept; every unit if they cannot.
    Units of one strength differ only by number: the lowest numbers go first, so a choice
    is how many of each strength, every such count tried."""
    by_strength: dict[int, list[int]] = {}
    for unit in sorted(units):
        by_strength.setdefault(strength(unit, data), []).append(unit)
    values = sorted(by_strength, reverse=True)
    best: tuple[int, int, tuple[int, ...]] | None = None
    counts_kept: tuple[int, ...] = ()
    for counts in product(*(range(len(by_strength[v]) + 1) for v in values)):
        total = sum(v * c for v, c in zip(values, counts, strict=True))
        if total < owed:
            continue
        lost = tuple(v for v, c in zip(values, counts, strict=True) for _ in range(c))
        key = (total, len(lost), lost)  # `lost` strongest first: the smaller keeps more
        if best is None or key < best:
            best, counts_kept = key, counts
    if best is None:
        return list(units)
    return [u for v, c in zip(values, counts_kept, strict=True) for u in by_strength[v][:c]]


def pick_by_die(count: int, die: Callable[[], int]) -> tuple[int, list[int]]:
    """21.22, 23.11, 23.12: one of `count` equal choices "determined at random by the roll of a
    die" (ruling R62): the choices numbered 1 to `count` and the die's faces shared out among
    them in turn (two: 1-3 and 4-6; three: 1-2, 3-4, 5-6), a face left over rolled again;
    more than six choices narrowed first by a die to every sixth. (index from 0, the dice)"""
    indices = list(range(count))
    rolls: list[int] = []
    while len(indices) > 1:
        roll = die()
        rolls.append(roll)
        if len(indices) > 6:
            indices = indices[roll - 1::6]
            continue
        faces = 6 // len(indices)
        if roll <= faces * len(indices):
            return indices[(roll - 1) // faces], rolls
    return indices[0], rolls


def with_imperials(stacks: Sequence[Sequence[UnitId]], carriers: Mapping[str, UnitId],
                   data: GameData) -> list[tuple[UnitId, ...]]:
    """Stacks made again with each Imperial unit put back in the stack of the unit it was
    under (`carriers`), directly under the lowest leader above that unit (13.21), else
    under the unit itself."""
    placed: list[tuple[UnitId, ...]] = []
    for stack in stacks:
        units = list(stack)
        for piece, carrier in carriers.items():
            if carrier in units:
                at = units.index(carrier)
                above = [i for i in range(at) if data.is_leader(units[i])]
                units.insert(above[-1] + 1 if above else at + 1, piece)
        placed.append(tuple(units))
    return placed


MAX_RED_LEADERS = 6  # 24.12, Lenin and Trotsky included


def determinations_passed_over(passed_over: tuple[int, ...], turn: int, red_combat: bool,
                               both_this_turn: bool) -> tuple[int, ...]:
    """24.14-24.17: the Game-Turns whose Red Leader Determination Phase is passed over, once
    Lenin or Trotsky is eliminated in a Combat Phase of Game-Turn `turn`. His death points at
    one Determination: in the non-Red Combat Phase, that same Game-Turn's (24.16 Example 1);
    in a Red Combat Phase, the following Game-Turn's (Example 2). Deaths pointing at the same
    Determination pass it over once (ruling R67). When the other fell in this Game-Turn too
    (`both_this_turn`), two Phases: the first one their deaths point at and the one
    immediately following it (24.15, 24.17)."""
    pointed = turn + 1 if red_combat else turn
    cancelled = {*passed_over, pointed}
    if both_this_turn:  # the earlier death's, of this Game-Turn: `turn` or `turn + 1`
        first = min(t for t in cancelled if t >= turn)
        cancelled.add(first + 1)
    return tuple(sorted(cancelled))


def available_red_leaders(state: GameState, data: GameData) -> list[int]:
    """24.13: the Red leaders he may deploy: neither on the map nor ever eliminated, Lenin and
    Trotsky aside (they are never removed, 24.0); the strongest first, then by number."""
    on_map = {u for stacks in state.position.values() for s in stacks for u in s.units}
    gone = {u for section in state.chart.values() for u in (*section.units, *section.face_down)}
    gone |= set(state.pending.permanently_eliminated)
    return sorted((u for u in data.leaders if data.color(u) == "red" and u not in on_map
                   and u not in gone and u not in (LENIN, TROTSKY)),
                  key=lambda u: (-data.leaders[u].value, u))
