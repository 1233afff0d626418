"""Initial Deployment (15.4, 15.5, 13.0) and the first Player-Turn sequencing draw (15.62)."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.games.rcw.data.dataset import LEADER_COLORS, GameData, UnitId
from gm.games.rcw.rules.stacking import stack_problems
from gm.games.rcw.state import DeployOrder, GameState, Stack


def deploy_combat_and_imperial(state: GameState, data: GameData) -> GameState:
    """Combat units in their home provinces, uncontrolled (15.41); Blue and Green of one
    nationality in one stack (15.42); Red and White units one stack each (docs/rulings.md);
    then the Czar and the Gold under their combat units (13.0, 15.51)."""
    position: dict[str, list[list[UnitId]]] = {}
    nationality_stacks: dict[tuple[str, str], list[UnitId]] = {}
    for unit in sorted(data.combat_units.values(), key=lambda u: u.id):
        stack: list[UnitId] = [unit.id]
        if data.color(unit.id) in ("blue", "green"):
            key = (unit.home, unit.nationality)
            if key in nationality_stacks:
                nationality_stacks[key].append(unit.id)
                continue
            nationality_stacks[key] = stack
        position.setdefault(unit.home, []).append(stack)
    for imperial in data.counters.imperial:
        carrier = next(s for s in position[imperial.setup] if data.color(s[0]) == imperial.under)
        carrier.append(imperial.id)
    return state.model_copy(update={"position": {
        p: tuple(Stack(player=None, units=tuple(s)) for s in stacks)
        for p, stacks in sorted(position.items())}})


def _claimed(state: GameState) -> set[UnitId]:
    return {u for order in state.deploy_orders for u in order.units}


def _free_combat_units(state: GameState, data: GameData, province: str, color: str,
                       claimed: set[UnitId]) -> list[int]:
    return [u for s in state.stacks_in(province) if s.player is None for u in s.units
            if isinstance(u, int) and data.is_combat(u) and data.color(u) == color
            and u not in claimed]


def _waiting_asterisks(state: GameState, data: GameData, province: str, color: str,
                       claimed: set[UnitId]) -> list[int]:
    return [leader for hand in state.hands.values() for leader in hand.units
            if leader not in claimed and data.leaders[leader].asterisk
            and data.leaders[leader].home == province
            and LEADER_COLORS[data.leaders[leader].nationality] == color]


def record_deploy(state: GameState, data: GameData, player: str, province: str,
                  units: list[int]) -> GameState:
    """A player's choice of stack for his leaders (15.54), checked now against 15.5 and 7.1."""
    if state.stage != "deployment":
        raise GameError("deployment orders are taken after the trading session and before "
                        "the game starts (15.4, 15.5)")
    if player not in state.hands:
        raise GameError(f"no player {player} in this game")
    if province not in data.provinces:
        raise GameError(f"no province {province}")
    if not units or len(set(units)) != len(units):
        raise GameError("list each unit of the stack once, top to bottom (7.21)")
    claimed = _claimed(state)
    if not data.is_leader(units[0]):
        raise GameError("a deployed stack starts with a leader; the units under it are "
                        "attached to it (7.21)")
    colors: set[str] = set()
    for unit in units:
        if unit in claimed:
            raise GameError(f"{data.describe(unit)} is already in a deployment order")
        if data.is_leader(unit):
            leader = data.leaders[unit]
            if unit not in state.hands[player].units:
                raise GameError(f"player {player} does not hold {data.describe(unit)}")
            if leader.home != province:
                raise GameError(f"{data.describe(unit)} deploys in {leader.home}, not "
                                f"{province} (15.52)")
            colors.add(LEADER_COLORS[leader.nationality])
        elif data.is_combat(unit):
            if data.combat_units[unit].home != province:
                raise GameError(f"{data.describe(unit)} deploys in "
                                f"{data.combat_units[unit].home}, not {province} (15.41)")
            colors.add(str(data.color(unit)))
        else:
            raise GameError(f"no unit {unit}")
    problems = stack_problems(tuple(units), data)
    if problems:
        raise GameError("; ".join(problems))
    for leader_id in (u for u in units if data.is_leader(u) and data.leaders[u].asterisk):
        color = LEADER_COLORS[data.leaders[leader_id].nationality]
        if not any(data.is_combat(u) and data.color(u) == color for u in units):
            raise GameError(f"{data.describe(leader_id)} has an asterisk: he deploys stacked with "
                            f"a {color} combat unit of {province} (15.52)")
    for unit in units:
        owner = _pinned_to(data, unit)
        if owner is not None and owner not in units:
            raise GameError(f"{data.describe(unit)} is where {data.describe(owner)} deploys "
                            "(15.52)")
    for leader_id in (u for u in units if data.is_leader(u)):
        pinned = data.leaders[leader_id].asterisk_unit
        if pinned is not None and pinned not in units:
            raise GameError(f"{data.describe(leader_id)} deploys stacked with "
                            f"{data.describe(pinned)} (15.52)")
    now_claimed = claimed | set(units)
    for color_name in colors:
        free = _free_combat_units(state, data, province, color_name, now_claimed)
        waiting = _waiting_asterisks(state, data, province, color_name, now_claimed)
        if len(waiting) > len(free):
            names = ", ".join(data.describe(u) for u in waiting)
            raise GameError(f"this stack would leave {len(free)} {color_name} combat units in "
                            f"{province} for the asterisk leaders {names} (15.52, 15.53)")
    order = DeployOrder(player=player, province=province, units=tuple(units))
    return state.model_copy(update={"deploy_orders": (*state.deploy_orders, order)})


def _pinned_to(data: GameData, unit: int) -> int | None:
    """The asterisk leader that must deploy on this combat unit (15.52), if any."""
    return next((leader.id for leader in data.leaders.values() if leader.asterisk_unit == unit),
                None)


def _deployment_order(data: GameData, leaders: list[int]) -> list[int]:
    """Leaders placed by default: pinned asterisk leaders, then the other asterisk leaders
    strongest first (so the strongest unit goes to the strongest leader), then the rest."""
    def key(leader_id: int) -> tuple[int, int, int]:
        leader = data.leaders[leader_id]
        rank = 0 if leader.asterisk_unit is not None else 1 if leader.asterisk else 2
        return rank, -leader.value, leader_id
    return sorted(leaders, key=key)


def clear_deploy(state: GameState, player: str) -> GameState:
    orders = tuple(o for o in state.deploy_orders if o.player != player)
    return state.model_copy(update={"deploy_orders": orders})


def _place(position: dict[str, list[Stack]], data: GameData, player: str, province: str,
           units: tuple[UnitId, ...]) -> None:
    """Take the listed combat units out of their uncontrolled stacks and put the new stack
    on the map; an Imperial unit under a taken unit comes along under the leader (13.21)."""
    stacks = position.setdefault(province, [])
    imperial: list[UnitId] = []
    for unit in units:
        if not data.is_combat(unit):
            continue
        index = next(i for i, s in enumerate(stacks) if unit in s.units)
        rest = tuple(u for u in stacks[index].units if u != unit)
        imperial += [u for u in rest if isinstance(u, str)]
        rest = tuple(u for u in rest if not isinstance(u, str))
        if rest:
            stacks[index] = Stack(player=None, units=rest)
        else:
            del stacks[index]
    if imperial:
        top = units.index(next(u for u in units if data.is_combat(u)))
        carrier = max(i for i in range(top) if data.is_leader(units[i]))
        units = (*units[:carrier + 1], *imperial, *units[carrier + 1:])
    stacks.append(Stack(player=player, units=units))


def finish_deployment(state: GameState, data: GameData, dice: Dice) -> GameState:
    """Place every leader (15.5): chosen stacks first, then each remaining leader in his
    province, asterisk leaders on a free combat unit of their colour (15.52); then the
    initial Player-Turn sequencing draw (15.62) opens Game-Turn 1, First Phase."""
    if state.stage != "deployment":
        raise GameError("the game is not in deployment")
    position = {p: list(s) for p, s in state.position.items()}
    for order in state.deploy_orders:
        _place(position, data, order.player, order.province, order.units)
    claimed = _claimed(state)
    owners = {leader: player for player, hand in state.hands.items() for leader in hand.units}
    for leader_id in _deployment_order(data, [u for u in owners if u not in claimed]):
        player = owners[leader_id]
        leader = data.leaders[leader_id]
        units: tuple[UnitId, ...] = (leader_id,)
        if leader.asterisk:
            color = LEADER_COLORS[leader.nationality]
            free = [u for s in position.get(leader.home, []) if s.player is None
                    for u in s.units if data.is_combat(u) and data.color(u) == color]
            if not free:
                raise GameError(f"{data.describe(leader_id)} has an asterisk but no free "
                                f"{color} combat unit is left in {leader.home} (15.52); "
                                "change the deployment orders")
            units = (leader_id, leader.asterisk_unit or min(free))
        _place(position, data, player, leader.home, units)
    first = dice.draw(sorted(state.players), "15.62 first player of Game-Turn 1")
    start = state.players.index(first)
    sequence = state.players[start:] + state.players[:start]
    return state.model_copy(update={
        "position": {p: tuple(s) for p, s in sorted(position.items()) if s},
        "hands": {},
        "deploy_orders": (),
        "stage": "play",
        "turn": 1,
        "phase": 1,
        "sequence": sequence,
    })
