"""A competent scripted Red Player for the solitaire game (issue 23), beside the simple one of
solitaire.py, so that the benchmark measures the game against a player who uses its rules.
Each Red Player-Turn he meets, in this order of need:

1. every non-Red stack in Petrograd or Tver (28.13 would end the game at the end of the
   Game-Turn): all of them attacked at the best odds he can bring against every one, 3:1 (no
   Attacker Eliminated, and an Exchange takes the smaller side whole: 8.43, 8.5), else 2:1,
   else 1:1, then each raised a step further while forces are left;
2. the controllable non-Red forces that may stand in a capital after their next move (their
   die and path, 21.12, 21.13; a Red unit on the way stops them, 5.27), likeliest first,
   those about to enter one at 3:1, 2:1 or even 1:1 (they must be fought there next anyway);
   then the others on their way, nearest first, at 3:1; several forces together (7.33), and
   the attacks under 3:1 raised with the forces left;
3. with what is left, the uncontrolled Finnish or Blue units next to a capital whose marker
   would loose them on it (20.12: the Finns of Finland, 5.75), at 3:1;
4. Finland, once its Finns are gone, kept with a Red unit in it while replacements last, so
   that they never come back (9.12, 9.16, 25.12);
5. a screen: a Red unit carried to the next province on the path of each force that could
   reach a capital next time, to stop it there (5.27);
6. a capital with no Red unit in it given one;
7. toward his own victory, the non-Red stacks of the four regions he must clear (28.11),
   weakest first, at 3:1.

His means (red_means.py): the leaders of his Red Leader Determination, the strongest where
the most is needed, deployed on the Red units that no leader holds and sent by rail (5.5);
Lenin and Trotsky fight in the capitals, going to the other one when it needs them, and
neither leaves his capital without a Red unit in it. A weak Red unit no leader holds stays in
each capital, apart (Trotsky detaches one if there is none): the non-Red forces attack the
weakest Red force there (23.11), so that one rather than Lenin or Trotsky, whose loss would
cost him his next Leader Determination and replacements (9.14, 24.16). The screens already on
the forces' paths stay. The order of these needs is the one that held most games in the
benchmark (bench/campaigns.py).

His orders are the order language's (DEPLOY, RAIL or MOVE with PICKUP and DROP, ATTACH,
DETACH, ATTACK), judged and carried out like any player's: the attacks are written once his
movement has been carried out on the position (the engine's own carry_out), so that each
names the stacks as they then stand. He rolls no die of his own: the same position gets the
same orders."""

from __future__ import annotations

import random
from dataclasses import dataclass

from gm.core.state import UnitId
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine import solitaire as engine
from gm.games.rcw.engine.replacements import LAST_TURN as LAST_REPLACEMENT_TURN
from gm.games.rcw.engine.standard import NoDice
from gm.games.rcw.orders import model as m
from gm.games.rcw.rules.combat import strength
from gm.games.rcw.rules.movement import may_enter
from gm.games.rcw.rules.solitaire import RED_OBJECTIVE, TARGETS, target_paths
from gm.games.rcw.simulation.red_means import Force, Means
from gm.games.rcw.simulation.solitaire import numbered
from gm.games.rcw.state import NON_RED, RED, GameState

GOOD_ODDS = 3  # 8.5: from 3:1 up an attack is never Attacker Eliminated
CAPITAL_ODDS = (3, 2, 1)  # 8.5: the defender eliminated 6, 5 and 4 times in 6
IMMINENT_ODDS = (3, 2, 1)  # a force about to enter a capital: now, then again there
FINLAND, FINNISH = "FINL", "FN"


@dataclass(frozen=True)
class Enemy:
    """A non-Red stack: where it stands, its strength, whether it moves (it is the non-Red
    Player's, 18.0), and the provinces it may still enter on its path (21.13, 21.25)."""

    province: str
    units: tuple[UnitId, ...]
    strength: int
    moving: bool
    path: tuple[str, ...]

    @property
    def head(self) -> int:
        return next(u for u in self.units if isinstance(u, int))

    @property
    def threatens(self) -> bool:
        return self.path[-1] in TARGETS

    def chance(self, means: Means) -> float:
        """The chance it stands in a capital after its next move: a die of provinces along
        its path (21.12), stopped by the first Red unit on the way (5.27)."""
        if not self.moving or not self.threatens:
            return 0.0
        if any(means.red_at(p) for p in self.path[1:-1]):
            return 0.0
        return max(0, min(6, 7 - (len(self.path) - 1))) / 6  # in a capital already: 1


@dataclass(frozen=True)
class Attack:
    """An enemy stack and the forces sent against it, at no worse than `odds` to 1."""

    enemy: Enemy
    forces: list[Force]
    odds: int


def competent_red(state: GameState, data: GameData, rng: random.Random
                  ) -> tuple[m.Order, ...]:
    """His orders for the Red Player-Turn under way (`rng` unused: a RedPlayer's signature)."""
    plan = Plan(state, data)
    plan.clear_capitals()
    plan.reinforce()  # the capitals first: else the game ends (28.13)
    plan.attack_marching(soon=True)
    plan.attack_marching(soon=False)
    plan.reinforce()
    plan.attack_loosed()
    plan.hold_finland()
    plan.screen()
    plan.garrison()
    plan.attack_objective()
    forces = [*(f for a in plan.attacks for f in a.forces), *plan.others]
    movement = numbered([o for f in forces for o in f.orders() if isinstance(o, m.Deploy)]
                        + [o for f in forces for o in f.orders()
                           if not isinstance(o, m.Deploy)] + _decoys(plan.means))
    moved = engine.carry_out(state, data, {RED: movement}, NoDice()).state
    return numbered([*movement, *_attack_orders(moved, data, plan.attacks)])


def enemies(state: GameState, data: GameData) -> list[Enemy]:
    found = []
    for province, stacks in sorted(state.position.items()):
        for stack in stacks:
            units = [u for u in stack.units if isinstance(u, int)]
            if units and any(data.color(u) != "red" for u in units):
                found.append(Enemy(province, stack.units, sum(strength(u, data) for u in units),
                                   stack.player == NON_RED, _path(state, data, province, units)))
    return found


def _path(state: GameState, data: GameData, province: str, units: list[int]
          ) -> tuple[str, ...]:
    """The rest of a stack's path (ruling R62: its lowest-numbered unit's), as far as its
    Blue or Green units may go (21.25)."""
    given = state.solitaire.paths.get(str(min(units))) if state.solitaire else None
    if given and province in given:
        path = given[given.index(province):]
    else:
        path = next(iter(target_paths(data, province)), (province,))
    barred = [data.units[u].nationality for u in units if data.color(u) in ("blue", "green")]
    stop = next((i for i, p in enumerate(path) if any(not may_enter(n, p, data)
                                                       for n in barred)), len(path))
    return path[:max(stop, 1)]


def _loosed_by_marker(enemy: Enemy, data: GameData) -> bool:
    """Uncontrolled Blue or Green units whose control marker may yet be drawn (5.61, 5.71)."""
    return not enemy.moving and all(
        data.color(u) in ("blue", "green") and data.nationality(u).control_marker
        for u in enemy.units if isinstance(u, int))


def _finnish(enemy: Enemy, data: GameData) -> bool:
    return any(data.units[u].nationality == FINNISH for u in enemy.units if isinstance(u, int))


class Plan:
    """His Player-Turn as it is planned, need by need: the attacks and the other forces."""

    def __init__(self, state: GameState, data: GameData) -> None:
        self.state, self.data = state, data
        self.means = Means(state, data)
        self.foes = enemies(state, data)
        self.attacks: list[Attack] = []
        self.others: list[Force] = []
        self._keep_in_place()

    def _keep_in_place(self) -> None:
        """A Red unit apart in each capital, Finland's holder, and every screen already
        standing on a threatening force's path stay where they are."""
        means = self.means
        for capital in TARGETS:
            means.keep(capital, exempt=capital)
        if not self._finns_home():
            means.keep(FINLAND)
        for foe in self.foes:
            if foe.moving and foe.threatens:
                screen = next((p for p in foe.path[1:-1] if means.red_at(p)), None)
                if screen is not None:
                    means.keep(screen, exempt=screen)

    def _finns_home(self) -> bool:
        return any(f.province == FINLAND and _finnish(f, self.data) for f in self.foes)

    def _attacked(self) -> set[Enemy]:
        return {a.enemy for a in self.attacks}

    def clear_capitals(self) -> None:
        """Every non-Red stack in a capital attacked, all at the best odds he can bring
        against all of them; if even 1:1 is not to be had against all, as many as he can."""
        for capital in TARGETS:
            there = sorted((f for f in self.foes if f.province == capital),
                           key=lambda f: f.strength)
            for odds in CAPITAL_ODDS:
                trial = self.means.copy()
                attacks = [self._attack(f, (odds,), trial) for f in there]
                if all(attacks):
                    self.means.adopt(trial)
                    self.attacks += [a for a in attacks if a is not None]
                    break
            else:
                self.attacks += [a for f in there for a in [self._attack(f, (1,))] if a]

    def attack_marching(self, soon: bool) -> None:
        """The controllable forces on their way to a capital: those that may stand in one
        after their next move (`soon`), likeliest first, those about to enter one (21.23)
        even at 2:1 or 1:1, since they must be fought there next anyway; else the others,
        nearest first, at 3:1."""
        marching = [f for f in self.foes if f.moving and f.threatens
                    and f.province not in TARGETS and (f.chance(self.means) > 0) == soon]
        for foe in sorted(marching, key=lambda f: (-f.chance(self.means), len(f.path),
                                                   -f.strength)):
            imminent = len(foe.path) == 2
            self._add(self._attack(foe, IMMINENT_ODDS if imminent else (GOOD_ODDS,)))

    def attack_loosed(self) -> None:
        """Uncontrolled Blue or Green units next to a capital whose marker would loose them
        on it (20.12: the Finns of Finland, 5.75), at 3:1."""
        for foe in self.foes:
            if foe.threatens and len(foe.path) == 2 and _loosed_by_marker(foe, self.data):
                self._add(self._attack(foe, (GOOD_ODDS,)))

    def attack_objective(self) -> None:
        """With what is left, the non-Red stacks of the four regions he must clear to win
        (28.11), weakest first, at 3:1."""
        attacked = self._attacked()
        for foe in sorted((f for f in self.foes if f not in attacked and
                           self.data.provinces[f.province].region in RED_OBJECTIVE),
                          key=lambda f: (f.strength, f.province)):
            if self.means.deployable <= 0:
                return
            self._add(self._attack(foe, (GOOD_ODDS,)))

    def _add(self, attack: Attack | None) -> None:
        if attack is not None:
            self.attacks.append(attack)

    def _attack(self, foe: Enemy, odds: tuple[int, ...], means: Means | None = None
                ) -> Attack | None:
        """`foe` attacked at the first of `odds` he can bring, or not at all (8.25: once)."""
        if foe in self._attacked():
            return None
        for ratio in odds:
            forces = _gather(means or self.means, self.data, foe.province,
                             ratio * foe.strength, foe.province in TARGETS)
            if forces is not None:
                return Attack(foe, forces, ratio)
        return None

    def reinforce(self) -> None:
        """The forces left sent where they raise an attack's odds a step toward 3:1 (8.5),
        the cheapest step first, until none can be raised."""
        data = self.data

        def short(attack: Attack) -> int:
            return (attack.odds + 1) * attack.enemy.strength - sum(
                f.strength(data) for f in attack.forces)
        raised = True
        while raised:
            raised = False
            for attack in sorted((a for a in self.attacks if a.odds < GOOD_ODDS), key=short):
                more = _gather(self.means, data, attack.enemy.province, short(attack),
                               attack.enemy.province in TARGETS)
                if more is not None:
                    self.attacks[self.attacks.index(attack)] = Attack(
                        attack.enemy, [*attack.forces, *more], attack.odds + 1)
                    raised = True
                    break

    def hold_finland(self) -> None:
        """A Red unit into Finland while its Finns are off the map and could come back
        (9.12, 9.16)."""
        if not self._finns_home() and not self.means.red_at(FINLAND) and \
                self.state.turn <= LAST_REPLACEMENT_TURN:
            self._other(self.means.screen(FINLAND))

    def screen(self) -> None:
        """A Red unit on the next province of each force that could reach a capital in its
        next move, likeliest first (5.27: it stops there)."""
        attacked = self._attacked()
        for foe in sorted((f for f in self.foes if f not in attacked and len(f.path) > 2),
                          key=lambda f: -f.chance(self.means)):
            if foe.chance(self.means) > 0:  # a screen laid for another may stop it too
                self._other(self.means.screen(foe.path[1]))

    def garrison(self) -> None:
        """A Red unit into a capital that has none."""
        for capital in TARGETS:
            if not self.means.red_at(capital):
                self._other(self.means.screen(capital))

    def _other(self, force: Force | None) -> None:
        if force is not None:
            self.means.commit(force)
            self.others.append(force)


def _gather(means: Means, data: GameData, goal: str, need: int, with_held: bool
            ) -> list[Force] | None:
    """Forces that bring `need` Strength Points to `goal` together, committed; None (and
    nothing committed) if he cannot. Each time the weakest force that is enough, else the
    strongest there is; Lenin or Trotsky leaving his capital only when no other will do.
    """
    trial = means.copy()
    forces: list[Force] = []
    total = 0
    while total < need:
        options = trial.options(goal, with_held)
        if not options:
            return None
        enough = [f for f in options if total + f.strength(data) >= need]
        force = min(enough, key=lambda f: (_leaves_home(f), f.strength(data))) if enough \
            else max(options, key=lambda f: (not _leaves_home(f), f.strength(data)))
        trial.commit(force)
        forces.append(force)
        total += force.strength(data)
    means.adopt(trial)
    return forces


def _leaves_home(force: Force) -> bool:
    return not force.deployed and len(force.route) > 1


def _decoys(means: Means) -> list[m.Order]:
    """Lenin or Trotsky staying in a capital with no other Red unit beside him detaches his
    weakest unit, if he stays the stronger: the non-Red forces that come attack the weakest
    Red force there (23.11), so that one, not him."""
    made: list[m.Order] = []
    for leader, (where, under) in means.held.items():
        combat = sorted((u for u in under if isinstance(u, int)),
                        key=lambda u: (strength(u, means.data), u))
        if where not in TARGETS or means.loose.get(where) or where in means.arriving or \
                len(combat) < 2:
            continue
        made.append(m.Detach(units=(combat[0],), leader=leader))
    return made


def _attack_orders(moved: GameState, data: GameData, attacks: list[Attack]) -> list[m.Attack]:
    """Each planned attack, its forces named as they stand after the movement, if they came
    and the odds hold."""
    where = {u: (p, s) for p, stacks in moved.position.items() for s in stacks for u in s.units}
    made = []
    for attack in attacks:
        province = attack.enemy.province
        if where.get(attack.enemy.head, ("", None))[0] != province:
            continue
        stacks = {tuple(u for u in where[f.leader][1].units if isinstance(u, int))
                  for f in attack.forces
                  if f.leader in where and where[f.leader][0] == province}
        total = sum(strength(u, data) for s in stacks for u in s)
        if stacks and total >= attack.odds * attack.enemy.strength:
            made.append(m.Attack(target=(attack.enemy.head,), forces=tuple(sorted(stacks))))
    return made
