"""The Initial Deployment's rules for a chosen stack (15.5, 15.52-15.54, 7.1): what a player
may deploy where. The set-up (gm/games/rcw/setup/deployment.py) records a stack that breaks
none of them; the orders' legality refuses a DEPLOY that breaks one."""

from __future__ import annotations

from gm.games.rcw.data.dataset import LEADER_COLORS, GameData
from gm.games.rcw.rules.stacking import stack_problems
from gm.games.rcw.state import GameState, UnitId
from gm.orders.refusal import Breach, Breaches

DEPLOY_RULE = "15.5"  # the reasons below name their own case in their text too


def claimed(state: GameState) -> set[UnitId]:
    """The units in the deployment orders recorded so far."""
    return {u for order in state.deploy_orders for u in order.units}


def _free_combat_units(state: GameState, data: GameData, province: str, color: str,
                       taken: set[UnitId]) -> list[int]:
    return [u for s in state.stacks_in(province) if s.player is None for u in s.units
            if isinstance(u, int) and data.is_combat(u) and data.color(u) == color
            and u not in taken]


def _waiting_asterisks(state: GameState, data: GameData, province: str, color: str,
                       taken: set[UnitId]) -> list[int]:
    return [leader for hand in state.hands.values() for leader in hand.units
            if leader not in taken and data.leaders[leader].asterisk
            and data.leaders[leader].home == province
            and LEADER_COLORS[data.leaders[leader].nationality] == color]


def pinned_to(data: GameData, unit: int) -> int | None:
    """The asterisk leader that must deploy on this combat unit (15.52), if any."""
    return next((leader.id for leader in data.leaders.values() if leader.asterisk_unit == unit),
                None)


def deploy_breaches(state: GameState, data: GameData, player: str, province: str,
                    units: list[int]) -> Breaches:
    """Why a player's choice of stack for his leaders (15.54) breaks 15.5 or 7.1, in the
    deployment stage; the first reason found ends the check."""
    breach = _first_breach(state, data, player, province, units)
    if breach is not None:
        yield Breach(breach, DEPLOY_RULE)


def _first_breach(state: GameState, data: GameData, player: str, province: str,
                  units: list[int]) -> str | None:
    if player not in state.hands:
        return f"no player {player} in this game"
    if province not in data.provinces:
        return f"no province {province}"
    if not units or len(set(units)) != len(units):
        return "list each unit of the stack once, top to bottom (7.21)"
    taken = claimed(state)
    if not data.is_leader(units[0]):
        return "a deployed stack starts with a leader; the units under it are attached to it " \
            "(7.21)"
    colors: set[str] = set()
    for unit in units:
        if unit in taken:
            return f"{data.describe(unit)} is already in a deployment order"
        if data.is_leader(unit):
            leader = data.leaders[unit]
            if unit not in state.hands[player].units:
                return f"player {player} does not hold {data.describe(unit)}"
            if leader.home != province:
                return f"{data.describe(unit)} deploys in {leader.home}, not {province} (15.52)"
            colors.add(LEADER_COLORS[leader.nationality])
        elif data.is_combat(unit):
            home = data.combat_units[unit].home
            if home != province:
                return f"{data.describe(unit)} deploys in {home}, not {province} (15.41)"
            colors.add(str(data.color(unit)))
        else:
            return f"no unit {unit}"
    problems = stack_problems(tuple(units), data)
    if problems:
        return "; ".join(problems)
    for leader_id in (u for u in units if data.is_leader(u) and data.leaders[u].asterisk):
        color = LEADER_COLORS[data.leaders[leader_id].nationality]
        if not any(data.is_combat(u) and data.color(u) == color for u in units):
            return (f"{data.describe(leader_id)} has an asterisk: he deploys stacked with a "
                    f"{color} combat unit of {province} (15.52)")
    for unit in units:
        owner = pinned_to(data, unit)
        if owner is not None and owner not in units:
            return f"{data.describe(unit)} is where {data.describe(owner)} deploys (15.52)"
    for leader_id in (u for u in units if data.is_leader(u)):
        pinned = data.leaders[leader_id].asterisk_unit
        if pinned is not None and pinned not in units:
            return f"{data.describe(leader_id)} deploys stacked with {data.describe(pinned)} " \
                "(15.52)"
    now_taken = taken | set(units)
    for color_name in colors:
        free = _free_combat_units(state, data, province, color_name, now_taken)
        waiting = _waiting_asterisks(state, data, province, color_name, now_taken)
        if len(waiting) > len(free):
            names = ", ".join(data.describe(u) for u in waiting)
            return (f"this stack would leave {len(free)} {color_name} combat units in "
                    f"{province} for the asterisk leaders {names} (15.52, 15.53)")
    return None
