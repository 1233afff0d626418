"""Combat in the postal Second Phase (8.0-8.5, 17.0 [8.0]); the standard game resolves its
attacks one at a time (`Combat.resolve`) in the Phasing Player's sequence.

Subversive Attacks first (8.3), the one with most Strength Points first when several aim at
the same Blue units; then normal attacks province by province (provinces in code order), in
each the attacks of the player with most Strength Points there (all colours) first. Losses
count at once; an attack on units already eliminated has no effect (17.0 [8.0])."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gm.core.dice import Dice
from gm.engine.results import Decision
from gm.games.rcw.data.dataset import LENIN, TROTSKY, UnitId
from gm.games.rcw.engine.assassination import lenin_or_trotsky_lost
from gm.games.rcw.engine.board import Board, PhaseResults, Pile
from gm.games.rcw.engine.facts import Fought
from gm.games.rcw.orders.model import Attack, Losses
from gm.games.rcw.rules.combat import (
    attack_strength,
    combat_result,
    defense_strength,
    odds,
    strength,
)
from gm.games.rcw.rules.stacking import commands


class Combat:
    def __init__(self, board: Board, results: PhaseResults, dice: Dice) -> None:
        self.board, self.results, self.dice = board, results, dice
        self.data = board.data
        self.attacked: dict[UnitId, str] = {}  # 8.25: each unit attacked, and by whom
        self.attacking: set[UnitId] = set()
        # each player's LOSSES in force, and its units: his last (the standard game's
        # Phasing Player's from its place in his orders, R57: `in_force`)
        self.given: dict[str, Losses] = {p: o for p, o in results.of_kind(Losses)}
        self.losses = {p: o.units for p, o in self.given.items()}
        # a player the program plays chooses his Exchange losses by a rule of his own (the
        # solitaire non-Red Player, 23.16): the units in question and the points owed
        self.choosers: dict[str, Callable[[Sequence[UnitId], int], list[UnitId]]] = {}

    def run(self) -> None:
        doubled = self.board.pending.subversive_doubled
        self.board.update_pending(subversive_doubled=False)  # used up by this Second Phase
        orders = self.results.of_kind(Attack)
        subversive = [(p, o) for p, o in orders if o.subversive]
        first_seen: dict[UnitId, int] = {}
        for index, (_, order) in enumerate(subversive):
            first_seen.setdefault(self._target_key(order), index)
        subversive.sort(key=lambda po: (first_seen[self._target_key(po[1])],
                                        -self._attack_strength(po[1], True, doubled)))
        for player, order in subversive:
            self.resolve(player, order, doubled)
        normal = [(p, o) for p, o in orders if not o.subversive]
        by_province: dict[str, list[tuple[str, Attack]]] = {}
        for player, order in normal:
            found = self.board.find(order.target[0])
            by_province.setdefault(found[0] if found else "", []).append((player, order))
        for province in sorted(by_province):
            weight = {p: self._points(province, p) for p, _ in by_province[province]}
            ranked = sorted(by_province[province],
                            key=lambda po: (-weight[po[0]], po[0], po[1].line))
            for player, order in ranked:
                self.resolve(player, order, doubled)
        self.unused_losses()

    def unused_losses(self) -> None:
        unused_losses(self.results)

    def in_force(self, player: str, order: Losses | None) -> None:
        """From now on this LOSSES chooses the player's losses (None: the default, 8.44);
        the one it replaces, if no Exchange used it, is void (R57, R58)."""
        before = self.given.pop(player, None)
        self.losses.pop(player, None)
        if before is not None and order is not None and not self.results.done(player, before):
            self.results.set(player, before, "void", "8.44",
                             f"no Exchange needed it before the LOSSES of line {order.line}")
        if order is not None:
            self.given[player] = order
            self.losses[player] = order.units

    def _target_key(self, order: Attack) -> UnitId:
        """The stack attacked, named by its top unit: attacks on the same Blue units go
        strongest first (17.0 [8.0]); on different ones, in the order written."""
        found = self.board.find(order.target[0])
        return found[1].units[0] if found else order.target[0]

    def _points(self, province: str, player: str) -> int:
        return sum(strength(u, self.data) for pile in self.board.position.get(province, [])
                   if pile.player == player for u in pile.units)

    def _attack_strength(self, order: Attack, subversive: bool, doubled: bool) -> int:
        standing = ((unit, self.board.find(unit)) for force in order.forces for unit in force)
        return attack_strength(((unit, found[1].units) for unit, found in standing
                                if found is not None), subversive, doubled, self.data)

    def declare(self, player: str, order: Attack, doubled: bool) -> str | None:
        """An attack as it is declared, before its die (8.25, 8.27, 8.47; 17.0 [8.0]): its
        odds column, its units marked as attacking and attacked; None, its result given,
        when it is not made."""
        found = self.board.find(order.target[0])
        if found is None:
            self.results.set(player, order, "void", "17.0 [8.0]",
                             "the units attacked were eliminated before")
            return None
        defending = found[1]
        by = {self.attacked[u] for u in defending.units if u in self.attacked}
        if by:  # by his own earlier attack, a rule broken; by another's, his went against it
            self.results.set(player, order, "illegal" if player in by else "failed", "8.25",
                             "that stack was attacked already")
            return None
        attackers = [u for force in order.forces for u in force if self.board.find(u)]
        if any(u in self.attacking for u in attackers):
            self.results.set(player, order, "illegal", "8.25, 8.27", "a unit attacks twice")
            return None
        if not attackers:
            self.results.set(player, order, "void", "17.0 [8.0]", "no attacker is left")
            return None
        attack = self._attack_strength(order, order.subversive, doubled)
        defense = defense_strength(defending.units, self.data)
        column = odds(attack, defense)
        if column is None:
            self.results.set(player, order, "illegal", "8.47",
                             f"{attack} to {defense} is below 1:2")
            return None
        self.attacked.update(dict.fromkeys(defending.units, player))
        self.attacking.update(attackers)
        return column

    def resolve(self, player: str, order: Attack, doubled: bool) -> None:
        """One attack, its losses counted at once."""
        column = self.declare(player, order, doubled)
        if column is None:
            return
        found = self.board.find(order.target[0])
        assert found is not None
        province, defending = found
        attackers = [u for force in order.forces for u in force if self.board.find(u)]
        attack = self._attack_strength(order, order.subversive, doubled)
        defense = defense_strength(defending.units, self.data)
        die = self.dice.die(f"combat: {order.echo()}")
        outcome = combat_result(column, die)
        twice = " (Red doubled, 12.12)" if doubled and order.subversive else ""
        text = f"{attack} to {defense} in {province}{twice}, {column}, die {die}: {outcome}"
        defender = defending.player
        fought = Fought(province=province, attacker=player, defender=defender,
                        attacking_from=tuple(sorted({self._where(u) for u in attackers})),
                        attack=attack, defense=defense, odds=column, die=die, result=outcome,
                        subversive=order.subversive)
        if order.subversive:
            if outcome == "De":  # 8.33: Ae and Ex have no effect
                lost = list(defending.units)
                self._eliminate(lost, player, attackers)
                self.results.set(player, order, "succeeded", "8.33", f"{text}; lost: "
                                 f"{self._names(lost)}", _lost(fought, [], lost))
            else:
                self.results.set(player, order, "failed", "8.33", text + ": no effect",
                                 fought)
            return
        if outcome == "Ae":
            self._eliminate(attackers, defender, list(defending.units))
            self.results.set(player, order, "failed", "8.41",
                             f"{text}; lost: {self._names(attackers)}",
                             _lost(fought, attackers, []))
        elif outcome == "De":
            lost = [u for u in defending.units if isinstance(u, int)]
            self._eliminate(list(defending.units), player, attackers)
            self.results.set(player, order, "succeeded", "8.42",
                             f"{text}; lost: {self._names(lost)}", _lost(fought, [], lost))
        else:
            before: list[UnitId] = [u for u in defending.units if isinstance(u, int)]
            lost_by_attacker, lost_by_defender, said = self._exchange(
                player, attackers, defender, defending, attack, defense)
            if attack < defense and defender is not None and defender != player:
                self._defaulted(defender, (player, order.line), province, before,
                                lost_by_defender, attack)
            self.results.set(player, order, "partial", "8.43", f"{text}; {said}",
                             _lost(fought, lost_by_attacker, lost_by_defender))

    def _defaulted(self, owner: str, by: tuple[str, int], province: str,
                   units: list[UnitId], taken: list[UnitId], points: int) -> None:
        """The Exchange losses of another player than the attacker, chosen by the default
        because no LOSSES of his names any of the units (8.44): a decision of his the table
        asks him for (gm play). Only the standard game's: its players may speak in another's
        Player-Turn; a LOSSES in force stays in his answer, after the units he names."""
        named = self.losses.get(owner, ())
        if (self.board.state.mode != "standard" or owner in self.choosers or len(units) < 2
                or any(u in named for u in units)):
            return
        self.results.decisions.append(Decision(
            owner, "8.44", f"Exchange in {province}: which of your units do you lose (at least "
            f"{points} Strength Points of {self._names(units)})?",
            f"{self._names(taken)} (combat units before leaders, the weakest first)",
            " ".join(["LOSSES {}", *(str(u) for u in named)]),
            tuple(str(u) for u in units), many=True, by=by))

    def _where(self, unit: UnitId) -> str:
        found = self.board.find(unit)
        return found[0] if found else ""

    def _names(self, units: list[UnitId]) -> str:
        """Units as the report names them: `161 (1st Latvian Rifles)`, losses included."""
        return ", ".join(self.data.describe(u) for u in units) or "nothing"

    def _exchange(self, player: str, attackers: list[UnitId], defender: str | None,
                  defending: Pile, attack: int, defense: int
                  ) -> tuple[list[UnitId], list[UnitId], str]:
        """8.43: the smaller side wholly, then at least as many points from the other.
        (attackers lost, defenders lost, what to say)"""
        defenders: list[UnitId] = [u for u in defending.units if isinstance(u, int)]
        if attack < defense:  # 8.46: an uncontrolled stack's losses are its attacker's choice
            self._eliminate(attackers, defender, list(defending.units))
            taken = self._choose(defenders, attack, defender,
                                 chooser=player if defender is None else defender)
            self._eliminate(taken, player, attackers)
            return attackers, taken, f"attackers eliminated; defenders lose {self._names(taken)}"
        if defense < attack:
            self._eliminate(list(defending.units), player, attackers)
            taken = self._choose(attackers, defense, player, chooser=player)
            self._eliminate(taken, defender, defenders)
            return taken, defenders, f"defenders eliminated; attackers lose {self._names(taken)}"
        self._eliminate(list(defending.units), player, attackers)  # equal: both (rulings.md)
        self._eliminate(attackers, defender, defenders)
        return attackers, defenders, "both sides eliminated (equal strengths)"

    def _choose(self, units: list[UnitId], points: int, owner: str | None,
                chooser: str) -> list[UnitId]:
        """Units giving up at least `points` Strength Points, as `chooser` picks them: the
        owner (8.44) or, for an uncontrolled stack (`owner` None), its attacker (8.46; ruling
        R70): in his LOSSES order, then combat units before leaders, weakest first; a player
        the program plays by his own rule (`choosers`)."""
        data = self.data
        fighting = [u for u in units if not isinstance(u, str)]
        choice = self.choosers.get(chooser)
        if choice is not None:
            return choice(fighting, points)
        wanted = [u for u in self.losses.get(chooser, ()) if u in fighting]
        rest = sorted((u for u in fighting if u not in wanted),
                      key=lambda u: (data.is_leader(u), strength(u, data), str(u)))
        taken: list[UnitId] = []
        for unit in [*wanted, *rest]:
            if sum(strength(u, data) for u in taken) >= points:
                break
            taken.append(unit)
        given = self.given.get(chooser)
        if given is not None and wanted:
            rule, said = ("8.44", "gave up") if owner is not None else (
                "8.46", "chose the uncontrolled stack's losses:")
            self.results.set(chooser, given, "succeeded", rule, f"{said} {self._names(taken)}")
        return taken

    def _eliminate(self, units: list[UnitId], to: str | None, opponents: list[UnitId]) -> None:
        """Off the map to the chart section of `to` (8.45; none: unassigned, 8.46); an
        Imperial unit left without its stack goes to the opposing force (13.41)."""
        for unit in units:
            if isinstance(unit, str):
                continue
            found = self.board.find(unit)
            if found is None:
                continue
            owner = found[1].player
            self.board.take(unit)
            self.board.section(to).units.append(unit)
            if unit in (LENIN, TROTSKY):
                lenin_or_trotsky_lost(self.board, int(unit), owner)
            province, pile = found
            orphans: list[UnitId] = [u for u in pile.units if isinstance(u, str)]
            if orphans and not any(isinstance(u, int) for u in pile.units):
                self._capture(province, orphans, opponents)

    def _capture(self, province: str, imperial: list[UnitId], opponents: list[UnitId]) -> None:
        data = self.data
        for candidate in opponents:
            found = self.board.find(candidate)
            if found is None or found[0] != province or not isinstance(candidate, int):
                continue
            if data.is_leader(candidate) or data.color(candidate) in ("blue", "green"):
                for unit in imperial:
                    self.board.take(unit)
                pile = found[1]
                at = pile.units.index(candidate) + 1 if data.is_leader(candidate) else len(
                    pile.units)
                pile.units[at:at] = imperial
                self.board.note(f"{' '.join(map(str, imperial))} captured by "
                                f"{data.describe(candidate)} (13.41)")
                return


def _lost(fought: Fought, attackers: list[UnitId], defenders: list[UnitId]) -> Fought:
    return fought.model_copy(update={"attacker_lost": tuple(attackers),
                                     "defender_lost": tuple(defenders)})


def unused_losses(results: PhaseResults, standing: Board | None = None) -> None:
    """The LOSSES orders no Exchange of the phase used (8.44), void; with the `standing`
    board, a player's last stands for later Player-Turns (the standard game, ruling R58), and
    is said to, unless every unit it names is off the map now: then it stands no more, and is
    said so this once (gm.games.rcw.engine.standing leaves it out from then on)."""
    last = {player: order for player, orders in results.orders.items() for order in orders
            if isinstance(order, Losses)}
    for player, order in results.of_kind(Losses):
        if standing is None or last[player] is not order:
            results.set(player, order, "void", "8.44", "no Exchange needed it")
        elif any(standing.find(unit) is not None for unit in order.units):
            results.set(player, order, "stands", "8.44", "no Exchange needed it in this "
                        "Player-Turn; it stands for later ones until he gives another LOSSES "
                        "(ruling R58)")
        else:
            results.set(player, order, "void", "8.44",
                        "no Exchange needed it; " + _gone(standing, order))
    if standing is None:
        return
    for player, order in sorted(last.items()):
        used = results.result_of(player, order)
        if used is not None and used.result != "void" and not any(
                standing.find(unit) is not None for unit in order.units):
            standing.note(f"player {player}'s {order.echo()}: {_gone(standing, order)}")


def _gone(board: Board, order: Losses) -> str:
    named = ", ".join(board.data.describe(unit) for unit in order.units)
    return f"every unit it names is eliminated ({named}): it stands no more (ruling R58)"


def apply(board: Board, results: PhaseResults, dice: Dice) -> None:
    Combat(board, results, dice).run()


__all__ = ["apply", "commands", "strength"]
