"""The Cavalry Withdrawal Before Combat Phase (4.0 A.2) from written orders: the non-phasing
player's WITHDRAW standing orders (ruling G15: none tried unless written) and the Phasing
Player's FOLLOW into each hex vacated (12.16)."""

from __future__ import annotations

from collections.abc import Sequence

from gm.core.dice import Dice
from gm.engine.results import OrderResult, Outcome
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.engine.results import by_share, result, stands
from gm.games.gwe.orders import model as m
from gm.games.gwe.rules.cavalry import may_try
from gm.games.gwe.rules.phases import withdrawal_phase
from gm.games.gwe.state import GweState


def withdrawal(state: GweState, data: GweData, side: str, phasing: str, other: str,
               orders: dict[str, Sequence[m.Order]], dice: Dice,
               overstack: tuple[str, ...] = ()
               ) -> tuple[GweState, list[OrderResult], list[str]]:
    """`orders` by player; `phasing` and `other` the players, `side` the non-phasing side.
    The state, each order's result and the Phase's events."""
    tries: dict[str, tuple[Hex, ...] | None] = {}
    for order in orders.get(other, ()):
        if isinstance(order, m.Withdraw):  # a later WITHDRAW of a unit replaces an earlier
            tries[order.unit] = tuple(parse_hex(h) for h in order.path[1:]) or None
    follow: dict[Hex, tuple[str, ...]] = {}
    for order in orders.get(phasing, ()):
        if isinstance(order, m.Follow):
            where = parse_hex(order.hex)
            follow[where] = (*follow.get(where, ()), *order.units)
    eligible = {u: may_try(state, data, u) for u in tries}
    done = withdrawal_phase(state, data, side, tries, follow, dice, overstack)
    after = done.state
    vacated = {w.vacated for w in done.withdrawals.values() if w.vacated is not None}
    results: list[OrderResult] = []
    for player, given in sorted(orders.items()):
        for order in given:
            if isinstance(order, m.Withdraw) and player == other:
                tried = done.withdrawals[order.unit]
                outcome: Outcome = "succeeded" if tried.vacated is not None else \
                    "failed" if eligible[order.unit] else "void"
                results.append(result(player, order, outcome, [tried.note]))
            elif isinstance(order, m.Follow):
                where = parse_hex(order.hex)
                inside = [u for u in order.units if after.unit(u).hex == str(where)]
                if where not in vacated:
                    results.append(result(player, order, "void", [
                        f"no cavalry withdrew from {where} (12.16)"]))
                else:
                    said = [e for e in done.events if e.split(" ")[0].rstrip(":") in order.units
                            and "12.16" in e]
                    results.append(result(player, order, by_share(len(inside),
                                                                  len(order.units)), said))
            else:
                results.append(stands(player, order, "a standing order: kept for a later "
                                      "Phase (ruling G25)"))
    return after, results, list(done.events)

