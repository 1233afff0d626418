"""The games of Great War in the East the program plays, each one's Exclusive Rules by name (a
data set's `exclusive_rules`, a case's `exclusive:`), the data sets bound to them as they are
read, and their scenarios' set-up stages as the GM closes them. A fifth game is one package
under gm/games/gwe/exclusive/ and one name below."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from gm.core.data import Problem
from gm.core.errors import GameError
from gm.core.yamlio import line_of
from gm.games.gwe.data.dataset import COUNTERS_FILE, GweData
from gm.games.gwe.data.reading import read_data_set
from gm.games.gwe.exclusive.serbia_galicia.game import SERBIA_GALICIA
from gm.games.gwe.rules.exclusive import ExclusiveRules, bind, catalogue
from gm.games.gwe.rules.game_values import Scenario
from gm.games.system import SetupStage

GAMES = catalogue(SERBIA_GALICIA)


@cache  # the catalogue is fixed; a campaign's game is asked of its scenario at every turn
def scenarios() -> Mapping[str, tuple[ExclusiveRules, Scenario]]:
    """Every game's scenarios by name, with their game; the first the default. A scenario
    name is one game's alone (`gm new --scenario` names it)."""
    found: dict[str, tuple[ExclusiveRules, Scenario]] = {}
    for game in GAMES.values():
        for scenario in game.scenarios:
            if scenario.name in found:
                raise GameError(f"the scenario {scenario.name!r} is {found[scenario.name][0].title}"
                                f"'s and {game.title}'s: a scenario's name is its game's alone")
            found[scenario.name] = (game, scenario)
    return found


def of_scenario(name: str | None) -> tuple[ExclusiveRules, Scenario]:
    """The game and scenario of that name (None: the first game's first)."""
    found = scenarios()
    if name is None:
        return next(iter(found.values()))
    try:
        return found[name]
    except KeyError:
        raise GameError(f"Great War in the East has no scenario {name!r}; its scenarios: "
                        f"{', '.join(found)}") from None


def bound(data: GweData) -> GweData:
    return bind(data, GAMES)


def read_bound(directory: Path, lined: bool = True) -> tuple[GweData | None, list[Problem]]:
    """The data set read and bound to its game; a game the program does not play is a problem
    of the counters file."""
    data, problems = read_data_set(directory, lined)
    return (None, problems) if data is None else bound_checked(data)


def bound_checked(data: GweData) -> tuple[GweData | None, list[Problem]]:
    """The data set bound to its game, or the counters file's problem naming the games."""
    try:
        return bound(data), []
    except GameError as exc:
        line = line_of((data.docs or {}).get(COUNTERS_FILE), ("exclusive_rules",))
        return None, [Problem(str(data.directory / COUNTERS_FILE), line, str(exc))]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def setup_stages() -> tuple[SetupStage, ...]:
    """Each deployment of every game's scenarios, as the GM closes it: `gm end-deployment`,
    the last `gm start`, which opens play."""
    stages: list[SetupStage] = []
    for game, scenario in scenarios().values():
        deployments = scenario.deployments
        for number, deployment in enumerate(deployments):
            last = number == len(deployments) - 1
            command = "start" if last else "end-deployment"
            awaiting = f"gm {command} (when player {deployment.player}'s DEPLOY orders are in)"
            if last:
                before = f"the game starts after {deployments[number - 1].title}, closed by " \
                    f"gm end-deployment ({scenario.setup_rule})" if number else \
                    "the game starts once its set-up is closed"
                stages.append(SetupStage(
                    deployment.stage, command,
                    f"the game started: {deployment.title} closed, Game-Turn {scenario.turn} "
                    f"opened ({scenario.rule})", before, awaiting, verifiable=True))
                continue
            following = deployments[number + 1]
            name = game.side_title(following.side)
            stages.append(SetupStage(
                deployment.stage, command, f"{deployment.title} closed ({scenario.setup_rule})",
                f"{deployment.title} is not open (it is the set-up's first)"
                if number == 0 else f"{deployment.title} is not open", awaiting,
                f"{_capital(deployment.title.removeprefix('the '))} ended, its attrition "
                f"rolled ({scenario.attrition_rule}); the {name} Player ({following.player}) "
                f"deploys now, then gm {'start' if number + 2 == len(deployments) else command}",
                verifiable=True))
    return tuple(stages)
