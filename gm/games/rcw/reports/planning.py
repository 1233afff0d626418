"""What a player can do next, for his report: YOUR FORCES (each stack, its neighbours, where it
can go, what it can attack or subvert, the markers he holds and what they allow) and the orders
template, every line an order the rules allow now.

Every order offered is first judged by the same rules that judge his message
(gm/games/rcw/orders/legality.py): a line of the template, uncommented, is a legal order."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from gm.core.state import Stack
from gm.games.rcw.data.dataset import GameData, UnitId
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
from gm.games.rcw.reports.units import unit_view
from gm.games.rcw.rules.colour import province_colours, stack_colours
from gm.games.rcw.rules.combat import strength
from gm.games.rcw.rules.movement import must_stop
from gm.games.rcw.rules.politics import CENTRAL_COMMITTEE
from gm.games.rcw.rules.solitaire import available_red_leaders
from gm.games.rcw.rules.victory import END_GAME_QUORUM
from gm.games.rcw.state import FIRST_PHASE, RED, GameState
from gm.reporting.model import ForceView, HeldView

TEMPLATE_WIDTH = 68  # an order line and its `# `, within the text report's 72 columns


def legal(order: Order, state: GameState, data: GameData, player: str) -> bool:
    return not any(True for _ in validate_order(order, Context(state, data, player)))


def _start_colors(state: GameState, data: GameData) -> dict[str, set[str]]:
    return {province: province_colours((s.units for s in stacks), data)
            for province, stacks in state.position.items()}


def _movable(stack: Stack, data: GameData) -> tuple[UnitId, ...] | None:
    """The stack as one force that may move (its head a leader, or Blue/Green units)."""
    head = stack.units[0]
    if data.is_leader(head) or (data.is_combat(head) and data.color(head) in ("blue", "green")):
        return stack.units
    return None


def reach(force: tuple[UnitId, ...], start: str, rail: bool, state: GameState, data: GameData,
          player: str) -> list[str]:
    """Provinces the force can end its move in this phase, each by a path the rules allow
    (5.24, 5.27 with the start-of-turn colours, 5.32, 5.33, 5.5, Movement Points)."""
    colors = _start_colors(state, data)
    allowance = 99 if rail else (LEADER_ALLOWANCE if data.is_leader(force[0])
                                 else BLUE_GREEN_ALLOWANCE)
    found: dict[str, tuple[str, ...]] = {}
    queue: deque[tuple[str, tuple[str, ...]]] = deque([(start, (start,))])
    while queue:
        here, path = queue.popleft()
        if len(path) - 1 >= allowance:
            continue
        for there in _exits(here, data):
            if there in found or there == start:
                continue
            trial = Move(line=1, force=force, path=(*path, there), rail=rail)
            if legal(trial, state, data, player):
                found[there] = trial.path
                if not must_stop(there, list(force), colors, data):
                    queue.append((there, trial.path))
    return sorted(found)


def _exits(code: str, data: GameData) -> list[str]:
    province = data.provinces[code]
    crossings = [b if a == code else a for s in data.map.special for a, b in [s.between]
                 if code in s.between and s.kind == "straits"]
    return [*province.adjacent, *crossings]


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


def _targets(units: tuple[UnitId, ...], code: str, state: GameState, data: GameData,
             player: str, subversive: bool) -> list[Attack]:
    """Attacks this stack alone may make: on each stack in its province (8.2) or, subverting,
    on Blue stacks next to it (8.3)."""
    provinces = [code] if not subversive else list(data.provinces[code].adjacent)
    if subversive and "red" not in stack_colours(units, data):
        return []  # 8.3: Red units subvert
    found = []
    for where in provinces:
        for other in state.stacks_in(where):
            if other.player == player or (subversive and
                                          stack_colours(other.units, data) != {"blue"}):
                continue
            attack = Attack(line=1, subversive=subversive, target=(other.units[0],),
                            forces=(tuple(u for u in units if isinstance(u, int)),))
            if legal(attack, state, data, player):
                found.append(attack)
    return found


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


def _force(code: str, stack: Stack, state: GameState, data: GameData,
           player: str) -> tuple[ForceView, list[Order]]:
    first = _moving(state, player)
    force = _movable(stack, data)
    orders: list[Order] = []
    reached: list[str] = []
    by_rail: list[str] = []
    if first and force is not None:
        reached = reach(force, code, False, state, data, player)
        by_rail = reach(force, code, True, state, data, player) if data.is_leader(force[0]) \
            else []
        for neighbour in _exits(code, data):
            for rail in (False, True):
                move = Move(line=1, force=force, path=(code, neighbour), rail=rail)
                if (neighbour in (by_rail if rail else reached)) and legal(move, state, data,
                                                                          player):
                    orders.append(move)
    fighting = _fighting(state, player)
    attacks = _targets(stack.units, code, state, data, player, False) if fighting else []
    subverts = _targets(stack.units, code, state, data, player, True) if fighting else []
    orders += attacks + subverts

    def said(attack: Attack) -> str:
        found = state.where_is(attack.target[0])
        where = found[0] if found else "?"
        return f"{data.describe(attack.target[0])} in {where}"

    view = ForceView(
        province=code, name=data.provinces[code].name,
        strength=sum(strength(u, data) for u in stack.units),
        units=[unit_view(u, data, player) for u in stack.units],
        neighbours=_neighbours(code, data), port=data.provinces[code].port,
        limits=_limits(code, data), reach=reached,
        rail_reach=sorted(set(by_rail) - set(reached)),
        attack=[said(a) for a in attacks], subvert=[said(a) for a in subverts])
    return view, orders


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


def plan(state: GameState, data: GameData, player: str
         ) -> tuple[list[ForceView], list[HeldView], list[Order]]:
    """His forces, the markers he holds, and every order open to him now."""
    if state.stage != "play" or player in state.pending.quit_players:
        return [], [], []
    held, orders = _determination(state, data, player)
    forces: list[ForceView] = []
    for code in (p.code for p in data.map.provinces):
        for stack in state.stacks_in(code):
            if stack.player == player:
                view, offered = _force(code, stack, state, data, player)
                forces.append(view)
                orders += offered
    markers, political = _politics(state, data, player)
    held += markers
    orders += [*_losses(state, data, player), *political]
    quit_order = Quit(line=1)
    if legal(quit_order, state, data, player):
        orders.append(quit_order)
    return forces, held, orders
