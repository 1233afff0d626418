"""The DEPLOY orders of a side's deployment (a scenario whose players set up their own units),
judged line by line as a mailed message is: only the deploying player's, each unit his and of
the scenario's start, in a hex its game lets it set up in (ExclusiveRules.setup_refusal), not
among Enemy units, within the Stacking limit (6.11) with what the message's earlier lines put
there."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gm.core.errors import GameError
from gm.engine.results import SetupResult
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.values import stacking_points
from gm.games.gwe.orders.model import Deploy
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.game_values import Deployment, Scenario
from gm.games.gwe.rules.stacking import hex_points
from gm.games.gwe.rules.steps import enemy_units_in
from gm.games.gwe.state import GweState
from gm.orders.order import Order
from orders_grammar.message import ParsedMessage
from orders_grammar.problem import Problem


def open_deployment(state: GweState, scenario: Scenario) -> Deployment:
    found = scenario.deployment(state.stage)
    if found is None:
        raise GameError(f"no deployment is open (the game stands at {state.stage})")
    return found


def placed(state: GweState, units: Sequence[str], where: Hex) -> GweState:
    for unit_id in units:
        state = state.with_unit(unit_id, place="map", hex=str(where))
    return state


def _unit_refusal(state: GweState, data: GweData, side: str, unit_id: str, where: Hex,
                  rule: str) -> tuple[str, str] | None:
    unit = data.units[unit_id]
    if data.side_of(unit_id) != side:
        return f"{unit_id} is not yours to deploy", rule
    if unit.arrives is not None:
        return (f"{unit_id} is a reinforcement (Game-Turn {unit.arrives.turn}), not of the "
                "scenario's start", f"{rule}, 14.0")
    refused = exclusive_rules(data).setup_refusal(data, unit_id, where)
    if refused is not None:
        return refused
    if enemy_units_in(state, data, where, side):
        return f"{where} holds Enemy units", "5.13"
    return None


def deploy_refusal(order: Order, state: GweState, data: GweData, scenario: Scenario,
                   player: str) -> tuple[str, str] | None:
    """Why one order of the open deployment is refused (its words, its case), or None."""
    deployment, rule = open_deployment(state, scenario), scenario.setup_rule
    if player != deployment.player:
        return (f"{deployment.title} is open: only player {deployment.player}'s DEPLOY orders "
                f"are taken now ({scenario.setup_note})", rule)
    if not isinstance(order, Deploy):
        return "only DEPLOY orders are given in the set-up", rule
    where = parse_hex(order.hex)
    for unit_id in order.units:
        found = _unit_refusal(state, data, deployment.side, unit_id, where, rule)
        if found is not None:
            return found
    moved = state
    for unit_id in order.units:  # a unit deployed again leaves its earlier hex
        moved = moved.with_unit(unit_id, place="pending", hex=None)
    points = hex_points(moved, data, where, deployment.side) + sum(
        stacking_points(data.units[u]) for u in dict.fromkeys(order.units))
    game = exclusive_rules(data)
    limit = game.stacking_limit(data, deployment.side)
    if points > limit:
        return (f"{where} would hold {points} Stacking Points, over the limit of {limit}",
                game.printed(game.stacking_case))
    return None


def deploy_problems(message: ParsedMessage[Any], state: GweState, data: GweData,
                    player: str) -> list[Problem]:
    """Each refused line of a player's message in the open deployment, judged on the position
    its earlier accepted lines leave."""
    scenario = exclusive_rules(data).scenario(state.scenario)
    problems = []
    for order in message.orders:
        refusal = deploy_refusal(order, state, data, scenario, player)
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
    rule = exclusive_rules(data).scenario(state.scenario).setup_rule
    results = []
    for player, given in sorted(orders.items()):
        for order in given:
            if not isinstance(order, Deploy):
                continue
            state = placed(state, order.units, parse_hex(order.hex))
            results.append(SetupResult(player, order.line, "succeeded",
                                       f"{' '.join(order.units)} set up in {order.hex} "
                                       f"({rule})"))
    return state, results
