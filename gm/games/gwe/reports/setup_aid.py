"""What a set-up report gives a player to deploy by (a scenario's deployments): the stage's own
title, each army's sector of the start line with its hexes, and a DEPLOY line for each of his
units still to set up, at its default hex (deployment.yaml), commented out for him to edit."""

from __future__ import annotations

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.deployment import read_deployment
from gm.games.gwe.data.values import army_of, sector_armies
from gm.games.gwe.reports.model import SectorView
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.game_values import Deployment
from gm.games.gwe.state import GweState

SETUP_PLACE = "setup"  # a UnitView's place: a unit of the start still to set up


def open_deployment(state: GweState, data: GweData) -> Deployment | None:
    """The deployment the state stands in; None once play has opened."""
    scenario = exclusive_rules(data).scenario_of(state)
    return None if scenario is None else scenario.deployment(state.stage)


def setup_title(state: GweState, data: GweData) -> str:
    """`the set-up of <scenario>, before Game-Turn 7 (<its case>)`."""
    scenario = exclusive_rules(data).scenario(state.scenario)
    return f"the set-up of {scenario.title}, before Game-Turn {state.turn} ({scenario.rule})"


def setup_next(state: GweState, data: GweData, deployment: Deployment) -> str:
    """`the <side> deployment (<its case>)`: whose DEPLOY orders are due."""
    return f"{deployment.title} ({exclusive_rules(data).scenario(state.scenario).setup_rule})"


def to_set_up(state: GweState, data: GweData, unit_id: str) -> bool:
    """A unit of the start (no reinforcement) not yet on the map, in a deployment."""
    unit = data.units.get(unit_id)
    return open_deployment(state, data) is not None and unit is not None and \
        unit.arrives is None and state.unit(unit_id).place == "pending"


def sectors(data: GweData) -> list[SectorView]:
    """Each army sector of the start line, its hexes in the line's order (ruling G29)."""
    return [SectorView(name=line.name, armies=dict(line.armies), hexes=list(line.hexes))
            for line in data.map.start_lines]


def deploy_template(state: GweState, data: GweData, side: str) -> list[str]:
    """A commented DEPLOY line for each of the side's units still to set up: at its default
    hex, else at its army's sector's first hex."""
    deployment = read_deployment(data.directory)
    defaults = deployment.hexes if deployment is not None else {}
    first = {(s, army): line.hexes[0] for line in data.map.start_lines if line.hexes
             for s, value in line.armies.items() for army in sector_armies(value)}
    lines = []
    for unit in sorted(data.counters.units, key=lambda u: u.id):
        if data.side_of(unit.id) != side or not to_set_up(state, data, unit.id):
            continue
        where = str(defaults[unit.id]) if unit.id in defaults else \
            first.get((side, army_of(unit.id)[1]))
        if where is not None:
            lines.append(f"# DEPLOY {unit.id} {where}")
    return lines
