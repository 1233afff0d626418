"""A Decision in Galicia campaign made and set up (Serbia/Galicia 26.3): nothing on the map,
the Victory Point Index at 35 (26.33), Game-Turn 7; then each side's deployment closed by the
GM: the units its player did not DEPLOY go to their default hexes (deployment.yaml), the
set-up is checked (26.31; any fault refuses the close, each listed) and the side's attrition
rolled (26.32; ruling G45). The Russian deployment closed, play opens at the Allied Player-Turn of
Game-Turn 7 (26.3; Serbia/Galicia 4.0: the Allied Player is first)."""

from __future__ import annotations

from collections.abc import Sequence

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.core.state import PLAY
from gm.engine.results import Note, TimelineEvent
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.deployment import read_deployment
from gm.games.gwe.rules.serbia_galicia.attrition import pre_play_attrition
from gm.games.gwe.rules.serbia_galicia.setup import setup_problems
from gm.games.gwe.setup.orders import open_deployment, placed
from gm.games.gwe.setup.scenario import scenario_of
from gm.games.gwe.state import GAME, GweState, UnitState

ATTRITION_STEP = "Pre-play attrition (Serbia/Galicia 26.32)"


def new_game(data: GweData, players: Sequence[str], name: str | None) -> GweState:
    """The state of a new campaign of the scenario, before its first deployment."""
    scenario = scenario_of(name)
    if data.exclusive != scenario.exclusive:
        raise GameError(f"{scenario.title} is played under the {scenario.exclusive} Exclusive "
                        f"Rules; this data set's counters name {data.exclusive or 'none'}")
    if sorted(players) != sorted(scenario.players):
        raise GameError(f"{scenario.title} has two players, {scenario.players_text()}: give "
                        "-p C:NAME:ADDRESS for the Central Powers (Austria-Hungary) and "
                        "-p E:NAME:ADDRESS for the Allies (Russia)")
    units = {u.id: UnitState(place="pending") for u in data.counters.units}
    return GweState(game=GAME, players=tuple(sorted(players)), stage=scenario.deployments[0].stage,
                    turn=scenario.turn, phase=0, units=units, vp=scenario.vp,
                    scenario=scenario.name, sides=dict(scenario.players))


def _defaulted(state: GweState, data: GweData, side: str) -> GweState:
    """The side's units of the start its player did not DEPLOY, at their default hexes; a unit
    the file does not name (or no file) stays off, and the check names it."""
    deployment = read_deployment(data.directory)
    defaults = deployment.hexes if deployment is not None else {}
    for unit in data.counters.units:
        if data.side_of(unit.id) == side and unit.arrives is None and \
                state.unit(unit.id).place == "pending" and unit.id in defaults:
            where = defaults[unit.id]
            if not data.on_map(where):
                raise GameError(f"deployment.yaml: {unit.id}'s hex {where} is not on the map")
            state = placed(state, (unit.id,), where)
    return state


def close_deployment(state: GweState, data: GweData, dice: Dice
                     ) -> tuple[GweState, list[TimelineEvent]]:
    """The open deployment closed, with its attrition; the next opens, or play."""
    deployment = open_deployment(state)
    scenario = scenario_of(state.scenario)
    state = _defaulted(state, data, deployment.side)
    problems = setup_problems(state, data, deployment.side)
    if problems:
        raise GameError(f"{deployment.title} cannot be closed (Serbia/Galicia 26.31); nothing "
                        f"was done. The player must correct:\n  " + "\n  ".join(problems))
    state, rolls = pre_play_attrition(state, data, deployment.nationality, dice)
    later = scenario.deployments[scenario.deployments.index(deployment) + 1:]
    stage = later[0].stage if later else PLAY
    state = state.model_copy(update={"stage": stage, "phase": 1 if stage == PLAY else 0})
    return state, [Note(ATTRITION_STEP, str(roll)) for roll in rolls]
