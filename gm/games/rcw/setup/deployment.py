"""Initial Deployment (15.4, 15.5, 13.0) and the first Player-Turn sequencing draw (15.62)."""

from __future__ import annotations

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.games.rcw.data.dataset import LEADER_COLORS, GameData, UnitId
from gm.games.rcw.rules.deployment import claimed, deploy_breaches
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


def record_deploy(state: GameState, data: GameData, player: str, province: str,
                  units: list[int]) -> GameState:
    """A player's choice of stack for his leaders (15.54), checked now against 15.5 and 7.1."""
    if state.stage != "deployment":
        raise GameError("deployment orders are taken after the trading session and before "
                        "the game starts (15.4, 15.5)")
    breach = next(deploy_breaches(state, data, player, province, units), None)
    if breach is not None:
        raise GameError(breach.message)
    order = DeployOrder(player=player, province=province, units=tuple(units))
    return state.model_copy(update={"deploy_orders": (*state.deploy_orders, order)})


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
    taken = claimed(state)
    owners = {leader: player for player, hand in state.hands.items() for leader in hand.units}
    for leader_id in _deployment_order(data, [u for u in owners if u not in taken]):
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
