"""The scenarios a Great War in the East campaign can be made for, as data: who plays which
side, where its markers start, and the stages of its set-up (Serbia/Galicia 26.3)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.core.errors import GameError
from gm.games.gwe.rules.serbia_galicia.play import FIRST_SIDE, SIDE_WORDS


@dataclass(frozen=True)
class Deployment:
    """One side's deployment: a set-up stage, closed by the GM's command."""

    stage: str  # as the state's `stage` keeps it
    side: str
    nationality: str  # whose attrition is rolled as it closes (26.32)
    player: str
    title: str  # "the Austro-Hungarian deployment"


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    rule: str  # its case
    exclusive: str  # the Exclusive Rules its counter mix must name
    players: dict[str, str]  # player letter -> side
    side_titles: dict[str, str]  # side -> its Player-Turn's name
    first: str  # the side whose Player-Turn comes first in a Game-Turn
    turn: int  # the Game-Turn it begins on
    vp: int  # the Victory Point Index it begins at
    deployments: tuple[Deployment, ...]

    def players_text(self) -> str:
        return " and ".join(f"{letter} ({side})" for letter, side in self.players.items())


DECISION_IN_GALICIA = Scenario(
    name="decision-in-galicia", title="Decision in Galicia",
    rule="Serbia/Galicia 26.3", exclusive="serbia-galicia",
    players={"C": "central", "E": "allied"},
    side_titles=SIDE_WORDS,
    first=FIRST_SIDE,  # Serbia/Galicia 4.0: the Allied Player is first
    turn=7,  # 26.3: the game begins on Game-Turn 7
    vp=35,  # 26.33: the Allied markers begin at 35
    deployments=(  # 26.31: the Austro-Hungarian Player sets up first
        Deployment("ah-deployment", "central", "AH", "C", "the Austro-Hungarian deployment"),
        Deployment("ru-deployment", "allied", "RU", "E", "the Russian deployment")))

SCENARIOS = {s.name: s for s in (DECISION_IN_GALICIA,)}


def scenario_of(name: str | None) -> Scenario:
    """The scenario of that name (None: the default one)."""
    if name is None:
        return DECISION_IN_GALICIA
    try:
        return SCENARIOS[name]
    except KeyError:
        raise GameError(f"Great War in the East has no scenario {name!r}; its scenarios: "
                         f"{', '.join(SCENARIOS)}") from None


def deployment_of(scenario: Scenario, stage: str) -> Deployment | None:
    return next((d for d in scenario.deployments if d.stage == stage), None)
