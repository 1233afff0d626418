"""The Combat Phase (4.0 A.3) from written orders: the Phasing Player's COMMAND and ATTACK
orders, each ATTACK with the defender's DEFEND standing orders for the hexes it attacks
(ruling G25), become rules.phases.combat_phase's CombatOrders."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gm.core.dice import Dice
from gm.engine.results import OrderResult
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.engine.facts import Attacked
from gm.games.gwe.engine.results import result, stands
from gm.games.gwe.orders import model as m
from gm.games.gwe.rules.attack import Attack, AttackerChoice, Resolution
from gm.games.gwe.rules.phases import CombatOrders, combat_phase
from gm.games.gwe.rules.results import DefenderChoice
from gm.games.gwe.state import GweState

VOID = ("holds no Enemy unit", "were attacked already", "is not a hex of the map")


def defender_choice(targets: Sequence[Hex], defends: dict[Hex, m.Defend]) -> DefenderChoice:
    """Ruling G25: each stack retreats by its own hex's RETREAT; the option for a result is
    the first of the hexes (by id) that gives one; AFFECTED and LOSSES in that order too; the
    defensive HQ shifts (where the game has them) those of the first hex that gives a SHIFT
    (ruling G41)."""
    options: dict[str, int] = {}
    hqs: tuple[str, ...] | None = None
    paths: dict[Hex, tuple[Hex, ...]] = {}
    affected: list[str] = []
    losses: list[str] = []
    for where in sorted(targets):
        defend = defends.get(where)
        if defend is None:
            continue
        for choice in defend.options:
            options.setdefault(choice.result, choice.option)
        if defend.retreat:
            paths[where] = tuple(parse_hex(h) for h in defend.retreat[1:])  # from the hex
        affected += defend.affected
        losses += defend.losses
        hqs = defend.shift if hqs is None else hqs
    return DefenderChoice(options=options, affected=tuple(affected), losses=tuple(losses),
                          paths=paths, hqs=hqs)


def _attack(order: m.Attack, defends: dict[Hex, m.Defend]) -> Attack:
    targets = tuple(parse_hex(h) for h in order.hexes)
    advance = {parse_hex(a.into) if a.into else targets[0]: a.units for a in order.advances}
    return Attack(order.units, targets, AttackerChoice(
        hqs=order.shift, affected=order.affected, losses=order.losses, advance=advance),
        defender_choice(targets, defends), order.monitor)


def _fact(order: m.Attack, done: Resolution, before: GweState) -> Attacked | None:
    """The attack as fields, for the reports (gm/games/gwe/reports)."""
    if done.odds is None or done.die is None or done.results is None:
        return None
    origins = sorted({h for u in order.units if u in before.units
                      and (h := before.units[u].hex) is not None})
    force = (*order.units, *(("MONITOR",) if order.monitor else ()))  # as written (21.0)
    return Attacked(attackers=force, hexes=tuple(order.hexes), origins=tuple(origins),
                    attack=done.attack, defense=done.defense, odds=done.odds, shift=done.shift,
                    die=done.die, modifier=done.modifier, attacker_result=done.results[0],
                    defender_result=done.results[1], option=done.option,
                    option_by=None if done.option is None else
                    "order" if done.option_ordered else "default")


def _attack_result(player: str, order: m.Attack, done: Resolution, before: GweState
                   ) -> OrderResult:
    if done.made:
        left_out = any(e.endswith("; does not attack") for e in done.events)
        said = result(player, order, "partial" if left_out else "succeeded", done.events)
        return replace(said, fact=_fact(order, done, before))
    void = any(v in e for e in done.events for v in VOID)
    return result(player, order, "void" if void else "failed", done.events,
                  rule=None)


def combat(state: GweState, data: GweData, side: str, phasing: str, other: str,
           orders: dict[str, Sequence[m.Order]], dice: Dice, overstack: tuple[str, ...] = ()
           ) -> tuple[GweState, list[OrderResult], list[str]]:
    """`orders` by player; `side` the Phasing Player's. The state, each order's result and
    the Phase's events."""
    defends: dict[Hex, m.Defend] = {}
    for order in orders.get(other, ()):
        if isinstance(order, m.Defend):  # a later DEFEND of a hex replaces an earlier
            defends[parse_hex(order.hex)] = order
    given = orders.get(phasing, ())
    commands = [o for o in given if isinstance(o, m.Command)]
    allocation: dict[str, tuple[str, ...]] | None = {} if commands else None
    for command in commands:
        assert allocation is not None
        allocation[command.hq] = (*allocation.get(command.hq, ()), *command.units)
    attacks = [o for o in given if isinstance(o, m.Attack)]
    done = combat_phase(state, data, side, CombatOrders(
        allocation, tuple(_attack(o, defends) for o in attacks), overstack), dice)
    resolved = dict(zip((id(o) for o in attacks), done.attacks, strict=True))
    used: dict[Hex, int] = {}  # a DEFEND's hex -> the line of the attack made on it
    for order in attacks:
        if resolved[id(order)].made:
            used.update({parse_hex(h): order.line for h in order.hexes})
    results: list[OrderResult] = []
    for player, written in sorted(orders.items()):
        for order in written:
            if isinstance(order, m.Attack):
                results.append(_attack_result(player, order, resolved[id(order)], state))
            elif isinstance(order, m.Command):
                said = [e for e in done.events if e.split(":")[0] in order.units
                        and "10.3" in e]
                results.append(result(player, order, "partial" if said else "succeeded",
                                      said or [f"{order.hq} commands {', '.join(order.units)}"
                                               " for combat (10.36)"]))
            elif isinstance(order, m.Defend) and player == other and \
                    defends.get(parse_hex(order.hex)) is order and parse_hex(order.hex) in used:
                results.append(result(player, order, "succeeded", [
                    f"taken in the attack on {order.hex} (line {used[parse_hex(order.hex)]} of "
                    "the attacker's orders) (8.9, ruling G25)"]))
            else:
                results.append(stands(player, order, "a standing order: kept for a later "
                                      "Phase (ruling G25)"))
    return done.state, results, list(done.events)
