"""ORDERS FOR THE NEXT PHASE: the message a player may send back once he has removed the `#`
of the orders he gives: the envelope of the open Phase, then what fits it. In his own
Movement Phase a MOVE for each unit to one hex it can reach (planning.routes), the one
nearest the Enemy (a HQ two hexes short of him: an Enemy unit may enter a hex of HQs, 10.52)
with room for it (6.11), with the attacks open now as notes for the Combat Phase; in his
Combat Phase the ATTACK lines (planning.attacks), no unit in two (8.14). In the other
player's Phases he owes nothing: the envelope takes his standing orders (DEFEND, WITHDRAW),
and a note names his next Phase. Lines starting `##` are notes: they stay comments when one
`#` is removed."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.reports.model import OfferView
from gm.games.gwe.reports.planning import routes
from gm.games.gwe.rules.exclusive import ExclusiveRules, exclusive_rules
from gm.games.gwe.rules.players import phase_title, phasing_side
from gm.games.gwe.rules.sequence import PLAYER_TURN, next_phase
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.state import GweState

MOVEMENT, WITHDRAWAL, COMBAT = range(3)  # a Player-Turn's Phases, in order (4.0 A)
HQ_DISTANCE = 2  # a HQ kept out of the Enemy's Zones of Control (7.1, 10.52)
WIDTH = 72  # a line of the template, as the text report's


def order_template(state: GweState, data: GweData, campaign: str, player: str, side: str,
                   offers: Sequence[OfferView]) -> list[str]:
    """The template for the reader of the open Phase's report; none once the game is over or
    before play (the set-up is written with DEPLOY, docs/orders-gwe.md)."""
    if state.stage != "play":
        return []
    lines = [f"GAME {campaign}", f"PLAYER {player}", "PASSWORD <your password>",
             f"TURN {state.turn} PHASE {state.phase}"]
    step = (state.phase - 1) % len(PLAYER_TURN)
    attacks = [o.line for o in offers if not o.odds.startswith("below")]  # off the table
    game = exclusive_rules(data)
    if phasing_side(state, game) != side:
        turn, phase = _next_owed(state, side, game)
        lines += textwrap.wrap(
            f"{phase_title(state, game)}: you owe no orders in it; your next are for TURN {turn} "
            f"PHASE {phase}. Standing orders (DEFEND, WITHDRAW) may be sent now; HELP shows "
            "them.", WIDTH, initial_indent="## ", subsequent_indent="## ", break_on_hyphens=False)
    elif step == MOVEMENT:
        lines += _moves(state, data, side)
        if attacks:
            lines.append("## the attacks open now, to give in the Combat Phase:")
            lines += [f"#{line}" for line in attacks]
    elif step == COMBAT:
        lines += _together(offers)
    else:
        lines.append("## the Cavalry Withdrawal Phase: FOLLOW hex WITH units, if you wish")
    return [*lines, "END"]


def _together(offers: Sequence[OfferView]) -> list[str]:
    """The attacks as lines: the best odds first, each whose units attack in none before it
    open to give (8.14: no unit attacks twice), the others as notes."""
    used: set[str] = set()
    given, noted, dropped = [], [], []
    for offer in sorted(offers, key=lambda o: (-o.attack / max(o.defense, 1), o.hex)):
        if offer.odds.startswith("below"):
            if offer.note:  # off the table only by a halving the position fixes: say why
                dropped += textwrap.wrap(
                    f"not offered, {offer.hex}: {offer.odds} (8.8), {offer.note}", WIDTH,
                    initial_indent="## ", subsequent_indent="## ", break_on_hyphens=False)
            continue
        if used.isdisjoint(offer.attackers):
            used.update(offer.attackers)
            given.append(offer.line)
        else:
            noted.append(f"#{offer.line}")
    if noted:
        noted.insert(0, "## also open, with units the attacks above use (8.14):")
    return [*given, *noted, *dropped]


def _next_owed(state: GweState, side: str, game: ExclusiveRules) -> tuple[int, int]:
    """The next Phase whose Phasing Player the side is (4.0, the game's first side)."""
    turn, phase = next_phase(state.turn, state.phase)
    while phasing_side(state.model_copy(update={"phase": phase}), game) != side:
        turn, phase = next_phase(turn, phase)
    return turn, phase


def _moves(state: GweState, data: GweData, side: str) -> list[str]:
    """A MOVE (or a note) for each of the side's units, by designation; each destination
    keeps the hex within the Stacking limit with the moves before it (6.11, 6.14)."""
    enemies = [h for u, h in state.on_map() if data.side_of(u) in data.enemies_of(side)]
    load: dict[Hex, int] = {}
    for unit_id, where in state.on_map():
        if data.side_of(unit_id) == side:
            load[where] = load.get(where, 0) + stacking_points(data.units[unit_id])
    nearest: dict[Hex, int | None] = {}  # each hex's distance to the nearest Enemy, once
    lines = []
    for unit_id, where in sorted(state.on_map()):
        if data.side_of(unit_id) == side:
            lines.append(_move(state, data, unit_id, where, enemies, load, nearest))
    return lines


def _move(state: GweState, data: GweData, unit_id: str, here: Hex, enemies: list[Hex],
          load: dict[Hex, int], nearest: dict[Hex, int | None]) -> str:
    """One MOVE for the unit, to the hex nearest the Enemy it can reach with room for it (a
    HQ two hexes short), the cheapest of equals; a note where no move brings it nearer."""
    if state.unit(unit_id).entrained:
        return f"## {unit_id} in {here} is entrained: RAIL or DETRAIN it"
    if data.units[unit_id].type == "depot":  # the supply of the units round it: left to him
        return f"## {unit_id} in {here}: a supply depot, no move offered"
    points = stacking_points(data.units[unit_id])
    limit = exclusive_rules(data).stacking_limit(data, data.side_of(unit_id))
    reached = {h: r for h, r in routes(state, data, unit_id).items()
               if load.get(h, 0) + points <= limit}
    if not enemies or not reached:
        return f"## {unit_id} in {here}: no move offered"
    wanted = HQ_DISTANCE if is_hq(data, unit_id) else 1

    def off(there: Hex) -> int:
        if there not in nearest:
            near = [there.distance(e) for e in enemies if e.map == there.map]
            nearest[there] = min(near) if near else None
        near_by = nearest[there]  # None: the other map's Enemy is apart (2.1)
        return 0 if near_by is None else abs(near_by - wanted)

    best = min(reached, key=lambda h: (off(h), reached[h][0], h))
    if off(best) >= off(here):
        return f"## {unit_id} in {here}: stays, no move brings it nearer the Enemy"
    load[here] -= points
    load[best] = load.get(best, 0) + points
    cost, path = reached[best]
    order = f"# MOVE {unit_id}: {'-'.join(str(h) for h in path)}"
    comment = f"   # {cost} MP"
    return order + comment if len(order + comment) <= WIDTH else order
