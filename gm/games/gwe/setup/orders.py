"""The DEPLOY orders of a side's deployment (Serbia/Galicia 26.31), judged line by line as a
mailed message is: only the deploying player's, each unit his and of the scenario's start, in
a hex of its army's sector of the start line on its own side (ruling G29), not among Enemy
units, within the Stacking limit (6.11) with what the message's earlier lines put there."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gm.core.errors import GameError
from gm.engine.results import SetupResult
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.orders.model import Deploy
from gm.games.gwe.rules.serbia_galicia.setup import army_of, setup_hexes
from gm.games.gwe.rules.stacking import hex_points
from gm.games.gwe.rules.steps import enemy_units_in
from gm.games.gwe.setup.scenario import Deployment, deployment_of, scenario_of
from gm.games.gwe.state import GweState
from gm.orders.order import Order
from orders_grammar.message import ParsedMessage
from orders_grammar.problem import Problem

RULE = "Serbia/Galicia 26.31"


def open_deployment(state: GweState) -> Deployment:
    found = deployment_of(scenario_of(state.scenario), state.stage)
    if found is None:
        raise GameError(f"no deployment is open (the game stands at {state.stage})")
    return found


def placed(state: GweState, units: Sequence[str], where: Hex) -> GweState:
    for unit_id in units:
        state = state.with_unit(unit_id, place="map", hex=str(where))
    return state


def _unit_refusal(state: GweState, data: GweData, side: str, unit_id: str, where: Hex
                  ) -> tuple[str, str] | None:
    unit = data.units[unit_id]
    if data.side_of(unit_id) != side:
        return f"{unit_id} is not yours to deploy", RULE
    if unit.arrives is not None:
        return (f"{unit_id} is a reinforcement (Game-Turn {unit.arrives.turn}), not of the "
                "scenario's start", f"{RULE}, 14.0")
    if where not in setup_hexes(data, unit_id):
        nationality, army = army_of(unit_id)
        return (f"{where} is not on the start line within the {nationality} {army} Army's "
                "boundaries, on its own side", f"{RULE}, ruling G29")
    if enemy_units_in(state, data, where, side):
        return f"{where} holds Enemy units", "5.13"
    return None


def deploy_refusal(order: Order, state: GweState, data: GweData, deployment: Deployment,
                   player: str) -> tuple[str, str] | None:
    """Why one order of the open deployment is refused (its words, its case), or None."""
    if player != deployment.player:
        return (f"{deployment.title} is open: only player {deployment.player}'s DEPLOY orders "
                "are taken now (the Austro-Hungarian Player sets up first)", RULE)
    if not isinstance(order, Deploy):
        return "only DEPLOY orders are given in the set-up", RULE
    where = parse_hex(order.hex)
    for unit_id in order.units:
        found = _unit_refusal(state, data, deployment.side, unit_id, where)
        if found is not None:
            return found
    moved = state
    for unit_id in order.units:  # a unit deployed again leaves its earlier hex
        moved = moved.with_unit(unit_id, place="pending", hex=None)
    points = hex_points(moved, data, where, deployment.side) + sum(
        stacking_points(data.units[u]) for u in dict.fromkeys(order.units))
    limit = data.counters.sides[deployment.side].stacking_limit
    if points > limit:
        return (f"{where} would hold {points} Stacking Points, over the limit of {limit}",
                "Serbia/Galicia 6.11")
    return None


def deploy_problems(message: ParsedMessage[Any], state: GweState, data: GweData,
                    player: str) -> list[Problem]:
    """Each refused line of a player's message in the open deployment, judged on the position
    its earlier accepted lines leave."""
    deployment = open_deployment(state)
    problems = []
    for order in message.orders:
        refusal = deploy_refusal(order, state, data, deployment, player)
        if refusal is not None:
            problems.append(Problem(order.line, order.column,
                                    message.lines.get(order.line, order.echo()), refusal[0],
                                    None, refusal[1]))
        elif isinstance(order, Deploy):
            state = placed(state, order.units, parse_hex(order.hex))
    return problems


def apply_deploys(state: GweState, data: GweData, orders: Mapping[str, Sequence[Order]]
                  ) -> tuple[GweState, list[SetupResult]]:
    """The accepted DEPLOY orders carried out, each player's in the order written (a unit
    deployed twice stands where the later puts it)."""
    results = []
    for player, given in sorted(orders.items()):
        for order in given:
            if not isinstance(order, Deploy):
                continue
            state = placed(state, order.units, parse_hex(order.hex))
            results.append(SetupResult(player, order.line, "succeeded",
                                       f"{' '.join(order.units)} set up in {order.hex} "
                                       f"({RULE})"))
    return state, results
