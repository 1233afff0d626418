"""YOUR FORCES: the reader's planning aids, found with the rules' own functions the
adjudication uses: each of his units on the map, the hexes it can reach in his next Movement
Phase from where it stands and what each costs (5.12-5.17, 5.4, 7.21; 9.21 with the supply
that Phase will determine, ruling G79; by rail, rail_reach.py; stacking at the end is left to
the orders' checks, 6.0), and the attacks his units next to Enemy hexes could make now with
their odds (8.4, 8.8; supply as at the instant of combat, 9.23) before the Combat Phase's
Command Control (10.36, 10.42; in his own Combat Phase with the halving no die can undo) and
any HQ's shift (10.21); the lines to write them, commented out."""

from __future__ import annotations

from collections.abc import Callable

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.reports.model import ForceView, OfferView
from gm.games.gwe.reports.rail_reach import Railways, rail_reach
from gm.games.gwe.reports.walks import Routes, cheapest
from gm.games.gwe.rules import combat
from gm.games.gwe.rules.combat_totals import attack_total, hex_defense, table_rating
from gm.games.gwe.rules.command import within_radius
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.known import PerPosition
from gm.games.gwe.rules.movement import entries, unit_allowance
from gm.games.gwe.rules.participants import attacker_problem, target_problem
from gm.games.gwe.rules.players import phasing_side
from gm.games.gwe.rules.sequence import PLAYER_TURN
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.rules.supply import determine_supply, supply_sources, supply_status
from gm.games.gwe.state import GweState


def supply_now(state: GweState, data: GweData) -> GweState:
    """Ruling G79: every side's units marked in or out of supply as the rules determine it
    from this position (9.11-9.16, the engine's own determination), the side about to move as
    its Movement Phase will find it (4.0 A.1a). The stored marks are the last determination,
    made in each side's own Phase: blank at the opening, stale for the other side. Found once
    a position, so that every reader's report asks the routes of one marked state."""
    return _MARKED.get(state, data, "supply", lambda: _marked(state, data))


_MARKED: PerPosition[str, GweState] = PerPosition()


def _marked(state: GweState, data: GweData) -> GweState:
    for side in data.counters.sides:
        state = determine_supply(state, data, side)
    return state


def reach(state: GweState, data: GweData, unit_id: str) -> dict[Hex, int]:
    """Each hex the unit can end a move in, by the fewest Movement Points it costs."""
    return {there: cost for there, (cost, _) in routes(state, data, unit_id).items()}


_ROUTES: PerPosition[str, Routes] = PerPosition()


def routes(state: GweState, data: GweData, unit_id: str) -> Routes:
    """Each hex the unit can end a move in: the fewest Movement Points it costs, and the path
    that costs them, from the hex it stands in (a MOVE's path, 5.0). Found once a position
    (YOUR FORCES and the template's MOVEs ask alike); not to be changed by the caller."""
    return _ROUTES.get(state, data, unit_id, lambda: _routes(state, data, unit_id))


def _routes(state: GweState, data: GweData, unit_id: str) -> Routes:
    unit = state.unit(unit_id)
    if unit.hex is None or unit.entrained:
        return {}
    start = parse_hex(unit.hex)
    entry_of = entries(state, data, unit_id)
    best = cheapest(data, {start: 0}, lambda here, there: entry_of(here, there).cost,
                    unit_allowance(state, data, unit_id), not unit.out_of_command)
    del best[start]
    return best


def attacks(state: GweState, data: GweData, side: str) -> list[OfferView]:
    """For each Enemy-held hex next to the side's units, the attack of every one of them that
    may attack it (8.11-8.14), with its odds now (no attrition rolled, no HQ's shift)."""
    mine = [(u, h) for u, h in state.on_map() if data.side_of(u) == side]
    targets = sorted({n for _, h in mine for n in data.neighbours(h)
                      if any(data.side_of(u) in data.enemies_of(side)
                             for u in state.units_in(n))})
    offers = []
    supplied = _in_supply(state, data, side)
    for target in targets:
        if target_problem(state, data, target, side) is not None:
            continue
        attackers = sorted(u for u, h in mine if not is_hq(data, u)
                           and attacker_problem(state, data, u, side, (target,)) is None)
        if not attackers:
            continue
        defenders = [u for u in state.units_in(target)
                     if data.side_of(u) in data.enemies_of(side)]
        unsupplied = [u for u in attackers if not supplied(u)]
        attack, _ = attack_total(state, data, attackers, (target,), unsupplied, defenders)
        defense, _, _ = hex_defense(state, data, target, defenders)
        table = data.combat_table(table_rating(data, attackers))
        column = combat.odds_column(table, attack, defense)
        odds = table.columns[column] if column is not None else f"below {table.columns[0]}"
        offers.append(OfferView(hex=str(target), attackers=attackers, attack=attack,
                                defense=defense, odds=odds,
                                line=f"# ATTACK {target} WITH {' '.join(attackers)}   "
                                     f"# {odds} ({attack} to {defense})"))
    return offers


def _in_supply(state: GweState, data: GweData, side: str) -> Callable[[str], bool]:
    """Whether a unit of the side is in supply as it attacks (9.23: at the instant of combat,
    as the engine asks), each unit asked once and the sources found once a nationality, not
    again for each hex it could attack."""
    sources: dict[str, frozenset[Hex]] = {}
    known: dict[str, bool] = {}

    def supplied(unit_id: str) -> bool:
        if unit_id not in known:
            nationality = data.units[unit_id].nationality
            if nationality not in sources:
                sources[nationality] = supply_sources(state, data, side, nationality)
            known[unit_id] = supply_status(state, data, unit_id, attacking=True,
                                           sources=sources[nationality]).in_supply
        return known[unit_id]

    return supplied


COMBAT_PHASE = 3  # a Player-Turn's third Phase (4.0 A.3)


def open_attacks(state: GweState, data: GweData, side: str) -> list[OfferView]:
    """The attacks the reader may give next: in his own Combat Phase with the halving already
    fixed (`commanded_attacks`), else as things stand (`attacks`)."""
    if phasing_side(state, exclusive_rules(data)) == side and \
            (state.phase - 1) % len(PLAYER_TURN) + 1 == COMBAT_PHASE:
        return commanded_attacks(state, data, side)
    return attacks(state, data, side)


def commanded_attacks(state: GweState, data: GweData, side: str) -> list[OfferView]:
    """10.42: in the Combat Phase no die restores Command Control, so a unit outside every
    Friendly HQ's Command Radius (10.33, 10.34) attacks at half whatever the player writes:
    the offers halve it and say so. A unit within a radius is in command if its HQ gives it
    Command Strength, which is the player's to write (COMMAND), so it is not halved."""
    hqs = [u for u, _ in state.on_map() if data.side_of(u) == side and is_hq(data, u)]
    cut = sorted(u for u, _ in state.on_map() if data.side_of(u) == side
                 and not is_hq(data, u)
                 and not any(within_radius(state, data, hq, u) for hq in hqs))
    for unit_id in cut:
        state = state.with_unit(unit_id, out_of_command=True)
    offers = []
    for offer in attacks(state, data, side):
        halved = [u for u in offer.attackers if u in cut]
        if halved:
            offer = offer.model_copy(update={
                "note": f"{' '.join(halved)} outside every HQ's Command Radius: halved (10.42)",
                "line": f"{offer.line[:-1]}; {len(halved)} halved, 10.42)"})
        offers.append(offer)
    return offers


def forces(state: GweState, data: GweData, side: str) -> list[ForceView]:
    railways = Railways(state, data)
    found = []
    for unit_id, where in sorted(state.on_map()):
        if data.side_of(unit_id) != side:
            continue
        reached = reach(state, data, unit_id)
        by_rail = rail_reach(state, data, unit_id, reached, railways)
        found.append(ForceView(unit=unit_id, hex=str(where), reach=_costs(reached),
                               rail=_costs(by_rail)))
    return found


def _costs(reached: dict[Hex, int]) -> list[str]:
    return [f"{h} ({cost})" for h, cost in sorted(reached.items(), key=lambda i: (i[1], i[0]))]
