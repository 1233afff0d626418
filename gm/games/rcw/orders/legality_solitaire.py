"""What the solitaire game allows its one player, Red (18.0): his Red Leader Determination's
DEPLOY orders (24.0, 24.11-24.13), and none of the orders whose rules it removes."""

from __future__ import annotations

from gm.games.rcw.data.dataset import LENIN, TROTSKY
from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.model import Deploy, Order
from gm.games.rcw.rules.solitaire import available_red_leaders
from gm.games.rcw.rules.stacking import rule_of, stack_problems
from gm.orders.refusal import Breach, Breaches

# The orders the solitaire rules leave no place for, the rule, and why.
NOT_IN_SOLITAIRE = {
    "assassinate": ("20.11", "there are no Assassins in the solitaire game"),
    "purge": ("27.2", "there are no Purges in the solitaire game"),
    "if_purged": ("27.2", "there are no Purges in the solitaire game"),
    "execute": ("26.0", "the Czar is executed when a Red leader stacks with him"),
    "if_execution": ("26.0", "the Czar is executed when a Red leader stacks with him"),
    "give": ("18.0", "there is no other player to trade with"),
    "trade": ("18.0", "there is no other player to trade with"),
    "end_game": ("28.0", "the solitaire game ends by its victory conditions"),
    "quit": ("28.0", "the solitaire game ends by its victory conditions"),
}


def not_in_solitaire(order: Order) -> Breach | None:
    """The rule that removes this kind of order from the solitaire game, if one does."""
    if order.kind not in NOT_IN_SOLITAIRE:
        return None
    rule, why = NOT_IN_SOLITAIRE[order.kind]
    return Breach(why, rule)


def check_red_deploy(order: Deploy, ctx: Context) -> Breaches:
    """24.11-24.13: Red leaders he may still deploy, within the die's number, alone or on
    uncontrolled Red combat units of one province; never on a non-Red unit."""
    state, data = ctx.state, ctx.data
    solitaire = state.solitaire
    if solitaire is None or solitaire.leader_die is None:
        yield Breach("no Red Leader Determination this Game-Turn: Lenin or Trotsky was "
                     "eliminated", "24.16, 24.17")
        return
    units = list(order.units)
    if not units or not data.is_leader(units[0]):
        yield Breach("a deployed stack starts with a Red leader, the units under him after it "
                     "(7.21)", "24.11")
        return
    if order.province not in data.provinces:
        yield Breach(f"no province {order.province}", "24.11")
        return
    leaders = [u for u in units if data.is_leader(u)]
    free = set(available_red_leaders(state, data)) - ctx.deployed
    for leader in leaders:
        if leader in (LENIN, TROTSKY) or data.color(leader) != "red" or leader not in free:
            yield Breach(f"{data.describe(leader)} is not a Red leader he may deploy now "
                         "(on the map, eliminated, or named twice)", "24.13")
            return
    on_map = sum(1 for stacks in state.position.values() for s in stacks for u in s.units
                 if data.is_leader(u) and data.color(u) == "red" and u not in (LENIN, TROTSKY))
    if on_map + len(ctx.deployed) + len(leaders) > solitaire.leaders_allowed:
        yield Breach(f"the die allows {solitaire.leaders_allowed} Red leader(s) this Game-Turn",
                     "24.0, 24.12")
        return
    for unit in units:
        if data.is_leader(unit):
            continue
        found = ctx.locate(unit)
        if not data.is_combat(unit) or data.color(unit) != "red" or found is None or \
                found[0] != order.province or found[1].player is not None:
            yield Breach(f"{data.describe(unit)} is not an uncontrolled Red combat unit in "
                         f"{order.province}", "24.11")
            return
    problems = stack_problems(tuple(units), data)
    if problems:
        yield Breach(problems[0], rule_of(problems[0], "7.11"))
        return
    ctx.deployed.update(leaders)
