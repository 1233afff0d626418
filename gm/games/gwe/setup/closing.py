"""A scenario's campaign made and set up: the Victory Point Index and the Game-Turn where the
scenario begins, and nothing on the map while its players deploy; then each side's deployment
closed by the GM: the units its player did not DEPLOY go to their default hexes
(deployment.yaml), the set-up is checked (its game's checks and the Stacking limit; any fault
refuses the close, each listed) and the side's attrition rolled (setup_attrition; ruling G45).
The last deployment closed (or, in a scenario without one, at once, each unit on its printed
set-up hex), play opens at the first Phase its game plays of the scenario's first Game-Turn."""

from __future__ import annotations

from collections.abc import Sequence

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.core.state import PLAY
from gm.engine.results import Note, TimelineEvent
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.deployment import read_deployment
from gm.games.gwe.engine.campaign import opened, played
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.stacking import overstacked
from gm.games.gwe.setup.orders import open_deployment, placed
from gm.games.gwe.state import GAME, GweState, UnitState, initial_state


def new_game(data: GweData, players: Sequence[str], name: str | None) -> GweState:
    """The state of a new campaign of the scenario: before its first deployment, or in play."""
    scenario = played(data, name)[1]
    if sorted(players) != sorted(scenario.players):
        count = {2: "two"}.get(len(scenario.players), str(len(scenario.players)))
        raise GameError(f"{scenario.title} has {count} players, {scenario.players_text()}: "
                        f"{scenario.players_help}")
    tracks = dict(scenario.tracks)
    if scenario.deployments:  # its players set up their units
        units = {u.id: UnitState(place="pending") for u in data.counters.units}
        return GweState(game=GAME, players=tuple(sorted(players)),
                        stage=scenario.deployments[0].stage, turn=scenario.turn, phase=0,
                        units=units, vp=scenario.vp, scenario=scenario.name,
                        sides=dict(scenario.players), tracks=tracks)
    unplaced = [u.id for u in data.counters.units if u.setup is None and u.arrives is None]
    if unplaced:  # 3.0: the counters give each its set-up hex or its arrival
        raise GameError(f"{scenario.title} sets up each unit on its counter's set-up hex "
                        f"({scenario.rule}); this data set gives {len(unplaced)} neither a "
                        f"set-up hex nor an arrival: {', '.join(unplaced[:8])}"
                        f"{', ...' if len(unplaced) > 8 else ''}")
    placed = initial_state(data, tuple(sorted(players)))  # 3.0: on the printed set-up hexes
    return opened(placed.model_copy(update={
        "turn": scenario.turn, "vp": scenario.vp, "scenario": scenario.name,
        "sides": dict(scenario.players), "tracks": tracks}), data)


def setup_problems(state: GweState, data: GweData, side: str) -> list[str]:
    """What is wrong with a side's set-up: its game's own checks, and the Stacking limit
    every set-up keeps (6.1; a hex over it would lose units at the first Phase's end, 6.14)."""
    game = exclusive_rules(data)
    over = [f"{o} ({game.printed(game.stacking_case)})" for o in overstacked(state, data)
            if o.side == side]
    return list(dict.fromkeys([*game.setup_problems(state, data, side), *over]))


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
    game = exclusive_rules(data)
    scenario = game.scenario(state.scenario)
    deployment = open_deployment(state, scenario)
    state = _defaulted(state, data, deployment.side)
    problems = setup_problems(state, data, deployment.side)
    if problems:
        raise GameError(f"{deployment.title} cannot be closed ({scenario.setup_rule}); nothing "
                        f"was done. The player must correct:\n  " + "\n  ".join(problems))
    state, rolls = game.setup_attrition(state, data, deployment.nationality, dice)
    later = scenario.deployments[scenario.deployments.index(deployment) + 1:]
    stage = later[0].stage if later else PLAY
    state = state.model_copy(update={"stage": stage, "phase": 1 if stage == PLAY else 0})
    if stage == PLAY:
        state = opened(state, data)  # at the first Phase the game plays (4.0)
    step = f"Pre-play attrition ({scenario.attrition_rule})"
    return state, [Note(step, roll) for roll in rolls]
