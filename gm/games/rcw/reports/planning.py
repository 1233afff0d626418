"""What a player can do next, for his report: YOUR FORCES (each stack, its neighbours, the routes
it can move by, what it can attack or subvert and at what odds, the markers he holds and what
they allow) and the orders template, every line an order the rules allow now; before the game,
the stacks he may deploy his leaders in (15.5).

Every order offered is first judged by the same rules that judge his message
(gm/games/rcw/orders/legality.py): a line of the template, uncommented, is a legal order. The
routes are found by a search over the map with the rules a path must keep (5.24, 5.27, 5.32,
5.33, 5.5, 5.65, 5.74-5.76, the Movement Allowance), made once per stack and phase; the odds
of an attack by the rules' own strengths and Combat Results Table column (8.0, 8.26, 8.47,
8.48, 12.12, 13.26), as its adjudication computes them."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field

from gm.core.memo import last_call
from gm.core.state import Stack
from gm.games.rcw.data.dataset import LEADER_COLORS, GameData, UnitId
from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.legality import validate_order
from gm.games.rcw.orders.legality_movement import BLUE_GREEN_ALLOWANCE, LEADER_ALLOWANCE
from gm.games.rcw.orders.model import (
    Assassinate,
    Attack,
    Deploy,
    EndGame,
    ExecuteCzar,
    Give,
    Goods,
    Losses,
    Move,
    Order,
    Purge,
    Quit,
)
from gm.games.rcw.reports.model import ForceView, HeldView, RouteView, TargetView
from gm.games.rcw.reports.units import unit_view
from gm.games.rcw.rules.colour import province_colours, stack_colours
from gm.games.rcw.rules.combat import attack_strength, defense_strength, odds, strength
from gm.games.rcw.rules.deployment import claimed
from gm.games.rcw.rules.movement import exits, may_enter, must_stop, step_breach
from gm.games.rcw.rules.politics import CENTRAL_COMMITTEE
from gm.games.rcw.rules.solitaire import available_red_leaders
from gm.games.rcw.rules.victory import END_GAME_QUORUM
from gm.games.rcw.state import FIRST_PHASE, RED, GameState

TEMPLATE_WIDTH = 68  # an order line and its `# `, within the text report's 72 columns
MOVE_LINES = 10  # MOVE lines of one stack in the template, nearest destinations first
RAIL_LINES = 5  # RAIL lines of one stack, to the nearest destinations it reaches by rail only


@dataclass(frozen=True)
class Offer:
    """A line of the template: an order and what its comment says (the odds of an attack, the
    leaders named), or, with no order, a note for the reader (`## ...`)."""

    order: Order | None
    comment: str = ""


def legal(order: Order, state: GameState, data: GameData, player: str,
          context: Context | None = None) -> bool:
    """Whether the order, given alone, passes the legality checks (`context`: one made for
    this position and player, reused)."""
    judged = context.fresh() if context is not None else Context(state, data, player)
    return not any(True for _ in validate_order(order, judged))


@dataclass
class _Phase:
    """What every reader's plan of one position shares: the colours 5.27 stops against (at the
    start of the Game-Turn in the postal game, 17.0 [5.0]; as the force enters, in the
    standard game: for an order alone, the position now) and the routes found so far."""

    colours: dict[str, set[str]]
    exits: dict[str, list[str]] = field(default_factory=dict)  # in code order
    routes: dict[tuple[tuple[UnitId, ...], str, bool], dict[str, tuple[str, ...]]] = field(
        default_factory=dict)


@last_call
def _phase(state: GameState, data: GameData) -> _Phase:
    return _Phase({province: province_colours((s.units for s in stacks), data)
                   for province, stacks in state.position.items()})


def _movable(stack: Stack, data: GameData) -> tuple[UnitId, ...] | None:
    """The stack as one force that may move (its head a leader, or Blue/Green units)."""
    head = stack.units[0]
    if data.is_leader(head) or (data.is_combat(head) and data.color(head) in ("blue", "green")):
        return stack.units
    return None


def routes(force: tuple[UnitId, ...], start: str, rail: bool, state: GameState,
           data: GameData) -> dict[str, tuple[str, ...]]:
    """Each province the force can end its move in this phase, and the shortest path there
    (from `start`, both ends included) that keeps the rules of a path: contiguity and the
    special crossings (5.24, 5.32, 5.33), rail links (5.52), the Movement Allowance (5.1,
    5.63, 5.72; rail spends none, 5.53), where Blue and Green units may go (5.65, 5.74-5.76),
    and no province passed through where 5.27 stops it (13.23 excepted). Breadth first, the
    provinces tried in code order; found once per force and phase."""
    shared = _phase(state, data)
    key = (force, start, rail)
    if key not in shared.routes:
        shared.routes[key] = _search(force, start, rail, shared, data)
    return shared.routes[key]


def _search(force: tuple[UnitId, ...], start: str, rail: bool, shared: _Phase,
            data: GameData) -> dict[str, tuple[str, ...]]:
    units = list(force)
    white_only = stack_colours(force, data) == {"white"}
    allowance = None if rail else (LEADER_ALLOWANCE if data.is_leader(force[0])
                                   else BLUE_GREEN_ALLOWANCE)
    restricted = {data.units[int(u)].nationality for u in force
                  if data.is_combat(u) and data.color(u) in ("blue", "green")}
    found: dict[str, tuple[str, ...]] = {start: (start,)}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        path = found[here]
        if allowance is not None and len(path) - 1 >= allowance:
            continue
        if here not in shared.exits:
            shared.exits[here] = sorted(exits(here, data))
        for there in shared.exits[here]:
            if there in found or step_breach(here, there, rail, white_only, data) is not None \
                    or not all(may_enter(n, there, data) for n in restricted):
                continue
            found[there] = (*path, there)
            if not must_stop(there, units, shared.colours, data):
                queue.append(there)
    del found[start]
    return found


def _neighbours(code: str, data: GameData) -> list[str]:
    said = []
    for other in data.provinces[code].adjacent:
        notes = [n for n, yes in (("rail", data.rail_linked(code, other)),
                                  ("port", data.provinces[other].port)) if yes]
        said.append(other + (f" ({', '.join(notes)})" if notes else ""))
    return said


def _limits(code: str, data: GameData) -> list[str]:
    return [f"{s.name} to {b if a == code else a}: {s.note} ({s.rule})"
            for s in data.map.special for a, b in [s.between] if code in s.between]


def _odds(target: TargetView) -> str:
    """An attack's odds as the template's comment and YOUR FORCES say them: `3:1 (13 to 4)`,
    the Strength Points counted as its adjudication counts them."""
    return f"{target.odds} ({target.attack} to {target.defense}" + (
        ", doubled 12.12)" if target.doubled else ")")


Strike = tuple[Attack, TargetView, tuple[tuple[UnitId, ...], ...]]  # and each force's stack


def _strike(attack: Attack, stacks: tuple[tuple[UnitId, ...], ...], where: str,
            defending: Stack, state: GameState, data: GameData) -> Strike | None:
    """An attack with the odds it would have now, its Strength Points counted as its
    adjudication counts them (8.26; 12.12 in a Subversive Attack while it holds, each unit's
    colour in its own stack, 13.26); None below 1:2 (8.47)."""
    doubled = attack.subversive and state.pending.subversive_doubled
    points = attack_strength(((u, stack) for force, stack in zip(attack.forces, stacks,
                                                                  strict=True) for u in force),
                             attack.subversive, doubled, data)
    defense = defense_strength(defending.units, data)
    column = odds(points, defense)
    if column is None:
        return None
    return attack, TargetView(target=data.describe(defending.units[0]), province=where,
                              subversive=attack.subversive, attack=points, defense=defense,
                              odds=column, doubled=doubled), stacks


def _targets(stack: Stack, code: str, state: GameState, data: GameData, player: str,
             subversive: bool, context: Context) -> list[Strike]:
    """Attacks this stack alone may make, with the odds they would have: on each stack in its
    province (8.2) or, subverting, on Blue stacks next to it (8.3); none below 1:2 (8.47)."""
    units = stack.units
    provinces = [code] if not subversive else list(data.provinces[code].adjacent)
    if subversive and "red" not in stack_colours(units, data):
        return []  # 8.3: Red units subvert
    attackers = tuple(u for u in units if isinstance(u, int))
    found = []
    for where in provinces:
        for other in state.stacks_in(where):
            if other.player == player or (subversive and
                                          stack_colours(other.units, data) != {"blue"}):
                continue
            attack = Attack(line=1, subversive=subversive, target=(other.units[0],),
                            forces=(attackers,))
            if legal(attack, state, data, player, context):
                strike = _strike(attack, (units,), where, other, state, data)
                if strike is not None:
                    found.append(strike)
    return found


def _together(strikes: list[Strike], state: GameState, data: GameData, player: str,
              context: Context) -> list[Offer]:
    """Each stack two or more of his stacks may attack (or subvert) alone, attacked by all of
    them together (8.22, 8.32: their Strength Points added), with its odds."""
    by_target: dict[tuple[bool, UnitId], list[Strike]] = {}
    for strike in strikes:
        by_target.setdefault((strike[0].subversive, strike[0].target[0]), []).append(strike)
    offers = []
    for (subversive, target), alone in by_target.items():
        found = state.where_is(target)
        if len(alone) < 2 or found is None:
            continue
        attack = Attack(line=1, subversive=subversive, target=(target,),
                        forces=tuple(a.forces[0] for a, _, _ in alone))
        if legal(attack, state, data, player, context):
            where = found[0]
            together = _strike(attack, tuple(s for _, _, (s,) in alone), where,
                               state.stacks_in(where)[found[1]], state, data)
            if together is not None:
                offers.append(Offer(attack, _odds(together[1])))
    return [Offer(None, "your stacks attacking together (8.22, 8.32)"), *offers] \
        if offers else []


def _moving(state: GameState, player: str) -> bool:
    """Whether the player moves (and assassinates) now: in the postal First Phase, or in his
    own Player-Turn of the standard game (5.21, 10.11)."""
    phasing = state.phasing_player()
    return player == phasing if phasing is not None else state.phase == FIRST_PHASE


def _fighting(state: GameState, player: str) -> bool:
    """Whether the player attacks now: the postal Second Phase, or his own Player-Turn
    (8.21)."""
    phasing = state.phasing_player()
    return player == phasing if phasing is not None else state.phase != FIRST_PHASE


def _route_offers(force: tuple[UnitId, ...], code: str, state: GameState, data: GameData,
                  player: str, context: Context) -> tuple[list[RouteView], list[Offer]]:
    """Every destination of the force, one route each, nearest first: overland where it
    reaches it so, else by rail (5.53: one or the other); the template's lines for the nearest
    of each kind, the rest in a note (YOUR FORCES has them all)."""
    overland = routes(force, code, False, state, data)
    by_rail = routes(force, code, True, state, data) if data.is_leader(force[0]) and \
        stack_colours(force, data) <= {"red", "white"} else {}  # 5.51
    overland_moves = [Move(line=1, force=force, path=path, rail=False)
                      for _, path in sorted(overland.items(), key=_nearest)]
    rail_moves = [Move(line=1, force=force, path=path, rail=True)
                  for to, path in sorted(by_rail.items(), key=_nearest) if to not in overland]
    shown = [m for m in overland_moves[:MOVE_LINES] + rail_moves[:RAIL_LINES]
             if legal(m, state, data, player, context)]
    if not shown:  # the force may not move (5.25, 5.28, 7.23, ...)
        return [], []
    # The lines shown are judged one by one; the other routes keep the same rules of a path
    # (the search's), and the force is the same.
    moves = overland_moves + rail_moves
    found = [RouteView(to=m.path[-1], path=list(m.path), rail=m.rail) for m in moves]
    head = data.describe(force[0])
    offers = [Offer(None, f"{head} in {code}: {len(moves)} destinations, nearest first")]
    offers += [Offer(m) for m in shown]
    if len(shown) < len(moves):
        offers.append(Offer(None, f"{len(moves) - len(shown)} more: their routes are under "
                            f"YOUR FORCES, {code}"))
    return found, offers


def _nearest(item: tuple[str, tuple[str, ...]]) -> tuple[int, str]:
    """Routes nearest first (the fewest provinces entered), then by destination."""
    return len(item[1]), item[0]


def _force(code: str, stack: Stack, state: GameState, data: GameData,
           player: str, context: Context) -> tuple[ForceView, list[Offer], list[Strike]]:
    force = _movable(stack, data)
    offers: list[Offer] = []
    found: list[RouteView] = []
    if _moving(state, player) and force is not None:
        found, offers = _route_offers(force, code, state, data, player, context)
    fighting = _fighting(state, player)
    attacks = _targets(stack, code, state, data, player, False, context) if fighting else []
    subverts = _targets(stack, code, state, data, player, True, context) if fighting else []
    offers += [Offer(attack, _odds(target)) for attack, target, _ in attacks + subverts]

    def said(target: TargetView) -> str:
        return f"{target.target} in {target.province}: {_odds(target)}"

    view = ForceView(
        province=code, name=data.provinces[code].name,
        strength=sum(strength(u, data) for u in stack.units),
        units=[unit_view(u, data, player) for u in stack.units],
        neighbours=_neighbours(code, data), port=data.provinces[code].port,
        limits=_limits(code, data), reach=sorted(r.to for r in found if not r.rail),
        rail_reach=sorted(r.to for r in found if r.rail),
        attack=[said(t) for _, t, _ in attacks], subvert=[said(t) for _, t, _ in subverts],
        routes=found, targets=[t for _, t, _ in attacks + subverts])
    return view, offers, attacks + subverts


def _politics(state: GameState, data: GameData, player: str) -> tuple[list[HeldView],
                                                                      list[Order]]:
    section = state.chart[player]
    held: list[HeldView] = []
    orders: list[Order] = []
    first = _moving(state, player)
    if section.assassin:
        targets = [u for stacks in state.position.values() for s in stacks
                   if s.player not in (player, None) for u in s.units if data.is_leader(u)]
        tried = [Assassinate(line=1, targets=(t,), markers=None) for t in targets] if first \
            else []
        orders += [o for o in tried if legal(o, state, data, player)]
        held.append(HeldView(kind="Assassin", count=section.assassin, allows=(
            ("ASSASSINATE a leader in a province where one of yours stands (10.0, 10.13)"
             if state.mode == "standard" else "ASSASSINATE a leader whose route meets one of "
             "yours where it ends its move (17.0 [10.0], 10.0)") if first else
            ("ASSASSINATE in your own Player-Turn (10.11)" if state.mode == "standard" else
             "ASSASSINATE in the next First Phase (10.11)"))))
    if section.politburo:
        others = {p: state.chart[p].politburo for p in state.players_in_game() if p != player}
        needed = CENTRAL_COMMITTEE - section.politburo
        partners = ", ".join(f"{p} ({n})" for p, n in sorted(others.items()) if n) or "none"
        for target in sorted(others):
            purge = Purge(line=1, target=target)
            if legal(purge, state, data, player):
                orders.append(purge)
        held.append(HeldView(kind="Politburo", count=section.politburo, allows=(
            f"PURGE with a Central Committee of {CENTRAL_COMMITTEE} markers (11.1): "
            + ("you hold enough alone" if needed <= 0 else f"{needed} more needed; "
               f"held by {partners}") + f"; END GAME needs {END_GAME_QUORUM} among those "
            "agreeing (14.1)")))
        execute = ExecuteCzar(line=1)
        if legal(execute, state, data, player):
            orders.append(execute)
        for other in sorted(others):
            give = Give(line=1, goods=Goods(politburo=1), to=other)
            if legal(give, state, data, player):
                orders.append(give)
    for marker in section.markers:
        held.append(HeldView(kind="control", count=1, allows=f"{marker}: you move and attack "
                             "with those units (5.61, 5.71)"))
    if state.mode == "standard" or not first:
        end = EndGame(line=1)
        if legal(end, state, data, player):
            orders.append(end)
    return held, orders


def _losses(state: GameState, data: GameData, player: str) -> Iterator[Order]:
    """LOSSES for the units an Exchange may take: those in a province with another player's
    or an uncontrolled stack, weakest combat units first (8.44), as many as fit a line (the
    rest go by the default order)."""
    if state.mode != "standard" and state.phase == FIRST_PHASE:
        return
    engaged = [u for stacks in state.position.values() if len({s.player for s in stacks}) > 1
               for s in stacks if s.player == player for u in s.units if isinstance(u, int)]
    order = sorted(engaged, key=lambda u: (data.is_leader(u), strength(u, data), u))
    while order and len(Losses(line=1, units=tuple(order)).echo()) > TEMPLATE_WIDTH:
        order.pop()
    losses = Losses(line=1, units=tuple(order))
    if order and legal(losses, state, data, player):
        yield losses


def _determination(state: GameState, data: GameData, player: str
                   ) -> tuple[list[HeldView], list[Order]]:
    """The solitaire Red Leader Determination (24.0): the die, the leaders he may deploy, and
    for each uncontrolled Red stack the strongest of them on its strongest units (24.11)."""
    solitaire = state.solitaire
    if state.mode != "solitaire" or solitaire is None or player != RED:
        return [], []
    free = available_red_leaders(state, data)
    if solitaire.leader_die is None:
        return [HeldView(kind="Red Leader Determination", count=0, allows=(
            "none this Game-Turn: Lenin or Trotsky was eliminated (24.16, 24.17)"))], []
    names = ", ".join(data.describe(u) for u in free[:12]) + (", ..." if len(free) > 12 else "")
    held = [HeldView(kind="Red Leader Determination", count=solitaire.leaders_allowed, allows=(
        f"die {solitaire.leader_die}: DEPLOY up to {solitaire.leaders_allowed} Red leader(s), "
        f"alone or on uncontrolled Red combat units (24.0, 24.11): {names or 'none left'}"))]
    orders: list[Order] = []
    for code in (p.code for p in data.map.provinces):
        for stack in state.stacks_in(code):
            units = sorted((u for u in stack.units if stack.player is None and
                            data.is_combat(u) and data.color(u) == "red"),
                           key=lambda u: (-strength(u, data), u))
            if units and free:
                leader = free[0]
                deploy = Deploy(line=1, units=(leader, *units[:data.leaders[leader].value]),
                                province=code)
                if legal(deploy, state, data, player):
                    orders.append(deploy)
    return held, orders


def _deployments(state: GameState, data: GameData, player: str) -> list[Offer]:
    """The stacks he may deploy his leaders in (15.5), by province: each of his leaders there
    with any of the uncontrolled combat units of that province attached; then each group of
    his leaders there stacked together (15.53, 15.54; the strongest on top), without units
    and with the units shared out strongest first, each leader taking as many as he may
    attach; as 15.52 (an asterisk leader with a unit of his colour, the one his counter
    names), 7.1 and 7.22 allow. Other ways of sharing the units out are legal too."""
    hand = state.hands.get(player)
    if hand is None or state.mode == "solitaire":  # the solitaire set-up is fixed (27.1)
        return []
    taken = claimed(state)
    leaders = [u for u in hand.units if data.is_leader(u) and u not in taken]
    offers: list[Offer] = []
    context = Context(state, data, player)
    for code in (p.code for p in data.map.provinces):
        here = sorted((u for u in leaders if data.leaders[u].home == code),
                      key=lambda u: (-data.leaders[u].value, u))
        if not here:
            continue
        colours = {LEADER_COLORS[data.leaders[u].nationality] for u in here}
        free = sorted((u for s in state.stacks_in(code) if s.player is None for u in s.units
                       if data.is_combat(u) and data.color(u) in colours and u not in taken),
                      key=lambda u: (-strength(u, data), u))
        stacks: list[tuple[UnitId, ...]] = []
        for leader in here:
            stacks += [(leader, *units) for size in range(len(free) + 1)
                       for units in itertools.combinations(free, size)]
        for size in range(2, len(here) + 1):
            for group in itertools.combinations(here, size):
                stacks.append(group)
                shared, left = [], list(free)
                for leader in group:
                    under = left[:data.leaders[int(leader)].value]
                    left = left[len(under):]
                    shared += [leader, *under]
                stacks.append(tuple(shared))
        for units in dict.fromkeys(stacks):
            deploy = Deploy(line=1, units=units, province=code)
            if legal(deploy, state, data, player, context):
                offers.append(Offer(deploy))
    return [Offer(None, "one line a stack (15.54); a leader in no line deploys alone in his"),
            Offer(None, "province, or on a free unit of his colour with an asterisk (15.52)"),
            *offers] if offers else []


def plan(state: GameState, data: GameData, player: str
         ) -> tuple[list[ForceView], list[HeldView], list[Offer]]:
    """His forces, the markers he holds, and every order open to him now, as the template's
    lines (with notes: what a stack's lines are, what was left out)."""
    if state.stage == "deployment" and player in state.players:
        return [], [], _deployments(state, data, player)
    if state.stage != "play" or player in state.pending.quit_players:
        return [], [], []
    held, determination = _determination(state, data, player)
    offers = [Offer(o) for o in determination]
    forces: list[ForceView] = []
    context = Context(state, data, player)
    strikes: list[Strike] = []
    for code in (p.code for p in data.map.provinces):
        for stack in state.stacks_in(code):
            if stack.player == player:
                view, offered, struck = _force(code, stack, state, data, player, context)
                forces.append(view)
                offers += offered
                strikes += struck
    offers += _together(strikes, state, data, player, context)
    markers, political = _politics(state, data, player)
    held += markers
    offers += [Offer(o) for o in (*_losses(state, data, player), *political)]
    quit_order = Quit(line=1)
    if legal(quit_order, state, data, player):
        offers.append(Offer(quit_order))
    return forces, held, offers
