"""What the simulated Red Player of the solitaire game can bring where in one Movement Phase
(21.0: his movement is 5.0's): Lenin and Trotsky where they stand, and the leaders his Red
Leader Determination lets him deploy on the Red combat units no leader holds (24.11, 24.12),
each leader going by rail as far as he likes (5.5) or five provinces overland (5.1) through
provinces no other colour holds (5.27 would stop him there), taking up Red units on his way
as his Leadership Value allows (5.13, 5.14). A force is one leader and his units, so that no
stack can pass the limit of five (7.11); forces join in an attack instead (7.33). The
competent strategy (competent.py) asks for forces here and gives their orders."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from gm.games.rcw.data.dataset import LENIN, TROTSKY, GameData, UnitId
from gm.games.rcw.orders import model as m
from gm.games.rcw.orders.legality_movement import LEADER_ALLOWANCE
from gm.games.rcw.rules.combat import strength
from gm.games.rcw.rules.solitaire import TARGETS, available_red_leaders
from gm.games.rcw.rules.stacking import MAX_UNITS, attach_limit, commands
from gm.games.rcw.state import RED, GameState

Route = tuple[tuple[str, ...], bool]  # the provinces from start to goal, and whether by rail


@dataclass(frozen=True)
class Force:
    """One Red leader and his units for one task: the units under him as he starts (his own,
    or those he is deployed on), his route, the units he takes up on it, and those he leaves
    at a province of it (a screen)."""

    leader: int
    deployed: bool
    carried: tuple[UnitId, ...]  # the Czar or the Gold too, under Lenin or Trotsky
    route: tuple[str, ...]
    rail: bool
    taken: tuple[tuple[str, tuple[int, ...]], ...] = ()
    dropped: tuple[str, tuple[int, ...]] | None = None

    @property
    def goal(self) -> str:
        return self.route[-1]

    def units(self) -> tuple[UnitId, ...]:
        return (*self.carried, *(u for _, units in self.taken for u in units))

    def strength(self, data: GameData) -> int:
        return sum(strength(u, data) for u in (self.leader, *self.units()))

    def orders(self) -> list[m.Order]:
        """His DEPLOY (24.11), then his MOVE or RAIL, or an ATTACH of units where he stays."""
        made: list[m.Order] = []
        if self.deployed:
            made.append(m.Deploy(units=(self.leader, *self.carried), province=self.route[0]))
        changes = [m.StackChange(action="PICKUP", units=units, at=at) for at, units in self.taken]
        if self.dropped is not None:
            changes.append(m.StackChange(action="DROP", units=self.dropped[1],
                                         at=self.dropped[0]))
        if len(self.route) > 1:
            made.append(m.Move(rail=self.rail, force=(self.leader, *self.carried),
                               path=self.route[1:], changes=tuple(changes)))
        elif self.taken:
            made.append(m.Attach(units=self.units()[len(self.carried):], leader=self.leader))
        return made


class Means:
    """Red's leaders and loose units this Movement Phase, used up as forces are committed."""

    def __init__(self, state: GameState, data: GameData) -> None:
        self.data = data
        self.blocked = {p for p, stacks in state.position.items() if any(
            isinstance(u, int) and data.color(u) != "red" for s in stacks for u in s.units)}
        self.loose: dict[str, list[int]] = {}  # Red combat units no leader holds (7.16)
        self.held: dict[int, tuple[str, tuple[UnitId, ...]]] = {}  # Lenin, Trotsky: where, units
        for province, stacks in state.position.items():
            for stack in stacks:
                if stack.player is None:
                    self.loose.setdefault(province, []).extend(
                        u for u in stack.units if isinstance(u, int) and data.color(u) == "red")
                for leader in (LENIN, TROTSKY):
                    if leader in stack.units and stack.player == RED:
                        self.held[leader] = (province, tuple(commands(stack.units, data)[leader]))
        solitaire = state.solitaire
        allowed = solitaire.leaders_allowed if solitaire and solitaire.leader_die else 0
        self.free = available_red_leaders(state, data) if allowed else []
        self.deployable = allowed
        self.kept: dict[int, str | None] = {}  # units to stay, but for a task in their province
        self.arriving: set[str] = set()  # where committed forces end or leave units
        self._routes: dict[str, dict[str, Route]] = {}

    def copy(self) -> Means:
        other = object.__new__(Means)
        other.__dict__.update(self.__dict__)
        other.loose = {p: list(units) for p, units in self.loose.items()}
        other.held, other.free = dict(self.held), list(self.free)
        other.kept, other.arriving = dict(self.kept), set(self.arriving)
        return other  # the routes are shared: the non-Red units do not move meanwhile

    def adopt(self, other: Means) -> None:
        self.__dict__.update(other.__dict__)

    def red_at(self, province: str) -> bool:
        """Whether a Red unit will stand in `province` once the committed forces have moved."""
        return bool(self.loose.get(province)) or province in self.arriving or any(
            where == province for where, _ in self.held.values())

    def keep(self, province: str, exempt: str | None = None) -> None:
        """The weakest loose Red unit of `province` stays there (a capital's garrison, a
        screen, Finland's holder), unless a task in `exempt` needs it."""
        units = self.loose.get(province, [])
        if units and not any(u in self.kept for u in units):
            self.kept[min(units, key=lambda u: (strength(u, self.data), u))] = exempt

    def routes(self, goal: str) -> dict[str, Route]:
        """From every province a leader may start in, his way to `goal` this Movement Phase:
        by rail when the rail lines lead there, else overland in five provinces at most."""
        if goal not in self._routes:
            provinces = self.data.provinces
            land = self._paths(goal, lambda p: provinces[p].adjacent, LEADER_ALLOWANCE)
            rail = self._paths(goal, lambda p: provinces[p].rail, None)
            self._routes[goal] = {**{s: (r, False) for s, r in land.items()},
                                  **{s: (r, True) for s, r in rail.items()}}
        return self._routes[goal]

    def _paths(self, goal: str, step: Callable[[str], Iterable[str]], limit: int | None
               ) -> dict[str, tuple[str, ...]]:
        """Fewest-province paths into `goal`, passing only provinces no other colour holds."""
        paths: dict[str, tuple[str, ...]] = {goal: (goal,)}
        queue = deque([goal])
        while queue:
            here = queue.popleft()
            if here != goal and here in self.blocked:
                continue  # a force may start here, but not pass through (5.27)
            if limit is not None and len(paths[here]) > limit:
                continue
            for there in sorted(step(here)):
                if there not in paths:
                    paths[there] = (there, *paths[here])
                    queue.append(there)
        return paths

    def _usable(self, province: str, goal: str) -> list[int]:
        return [u for u in self.loose.get(province, ()) if self.kept.get(u, goal) == goal]

    def options(self, goal: str, with_held: bool) -> list[Force]:
        """The strongest force each kind of leader can bring to `goal`: Lenin and Trotsky
        (`with_held`) from where they stand; one leader of each Leadership Value he may still
        deploy, from wherever his force comes out strongest."""
        made = [f for leader in self.held if with_held
                for f in [self._held_force(leader, goal)] if f is not None]
        if self.deployable > 0:
            for value in sorted({self.data.leaders[u].value for u in self.free}):
                leader = next(u for u in self.free if self.data.leaders[u].value == value)
                made += [f for f in [self._deployed_force(leader, goal)] if f is not None]
        return made

    def _pick(self, route: tuple[str, ...], goal: str, room: int
              ) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Up to `room` loose units along `route`, the strongest first."""
        found = [(p, u) for p in route for u in self._usable(p, goal)]
        found.sort(key=lambda pu: (-strength(pu[1], self.data), route.index(pu[0]), pu[1]))
        chosen = found[:room]
        return tuple((p, tuple(u for q, u in chosen if q == p)) for p in route
                     if any(q == p for q, _ in chosen))

    def _deployed_force(self, leader: int, goal: str) -> Force | None:
        value = self.data.leaders[leader].value
        best: Force | None = None
        for start, (route, rail) in self.routes(goal).items():
            if start != goal and not self._usable(start, goal):
                continue  # a leader deployed alone starts at the goal itself
            taken = self._pick(route, goal, value)
            carried = next((units for p, units in taken if p == start), ())
            force = Force(leader, True, carried, route, rail,
                          tuple((p, u) for p, u in taken if p != start))
            if best is None or (force.strength(self.data), -len(route)) > (
                    best.strength(self.data), -len(best.route)):
                best = force
        return best

    def _held_force(self, leader: int, goal: str) -> Force | None:
        """Lenin or Trotsky with his units; leaving a capital, he leaves a unit there unless
        another Red unit stays (so neither capital is left bare)."""
        where, under = self.held[leader]
        route_rail = self.routes(goal).get(where)
        if route_rail is None:
            return None
        route, rail = route_rail
        carried = under
        combat = [u for u in under if isinstance(u, int)]
        if where != goal and where in TARGETS and not self.loose.get(where):
            if not combat:
                return None
            weakest = min(combat, key=lambda u: (strength(u, self.data), u))
            carried = tuple(u for u in under if u != weakest)
        room = min(attach_limit(leader, list(carried), self.data),
                   MAX_UNITS - 1) - sum(isinstance(u, int) for u in carried)  # 5.14, 7.11
        taken = self._pick(route, goal, room) if room > 0 else ()
        return Force(leader, False, carried, route, rail, taken)

    def screen(self, at: str) -> Force | None:
        """A deployed leader taking the weakest loose unit he can reach to `at` and leaving it
        there: he goes back by rail when `at` lets him through, else he stays with it."""
        if self.deployable <= 0 or not self.free:
            return None
        leader = min(self.free, key=lambda u: (self.data.leaders[u].value, u))
        options = [(strength(u, self.data), len(route), route, rail, u)
                   for start, (route, rail) in self.routes(at).items() if start != at
                   for u in self._usable(start, at)]
        if not options:
            return None
        _, _, route, rail, unit = min(options)
        if at in self.blocked or not rail:
            return Force(leader, True, (unit,), route, rail)
        return Force(leader, True, (unit,), (*route, *reversed(route[:-1])), rail,
                     dropped=(at, (unit,)))

    def commit(self, force: Force) -> None:
        for unit in force.units():
            for units in self.loose.values():
                if unit in units:
                    units.remove(unit)
        if force.deployed:
            self.free.remove(force.leader)
            self.deployable -= 1
        else:
            where, under = self.held.pop(force.leader)
            if set(under) - set(force.carried):
                self.arriving.add(where)  # the unit he left behind
        self.arriving.add(force.dropped[0] if force.dropped else force.goal)
