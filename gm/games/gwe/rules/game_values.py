"""The values a game's Exclusive Rules hand the Standard Rules through the seam
(gm.games.gwe.rules.exclusive): a scenario and its deployments, Step Replacement's numbers and a
Game-Turn Record Interphase."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from gm.games.gwe.state import GweState


@dataclass(frozen=True)
class Deployment:
    """One side's deployment: a set-up stage, closed by the GM's command."""

    stage: str  # as the state's `stage` keeps it
    side: str
    nationality: str  # whose set-up attrition is rolled as it closes
    player: str
    title: str  # "the Austro-Hungarian deployment"


@dataclass(frozen=True)
class Scenario:
    """A scenario of a game: who plays which side, the Game-Turns it is played over, the
    Victory Point Index it begins at and the stages of its set-up."""

    name: str
    title: str
    rule: str  # its case, as the rulebook prints it
    players: Mapping[str, str]  # player letter -> side
    turn: int  # the Game-Turn it begins on
    last_turn: int  # the Game-Turn it ends with
    vp: int | None  # the Victory Point Index it begins at; None: it keeps none
    deployments: tuple[Deployment, ...]
    victory_rule: str  # the cases of its levels of victory, as the rulebook prints them
    players_help: str = ""  # how `gm new` names its players, when they are given wrong
    setup_rule: str = ""  # the case of its players' deployments, as printed
    setup_note: str = ""  # who deploys first, said when another player's DEPLOY comes early
    attrition_rule: str = ""  # the case of the losses a deployment suffers before play
    start_line: str = ""  # how the units set up along the start line, said to the players
    # a game's own tracks at the scenario's start, by name (GweState.tracks)
    tracks: Mapping[str, int] = field(default_factory=dict)
    # its own data set, where it is played on other maps or counters than its game's others
    data_set: Path | None = None
    # a side's Player-Turn as the scenario names it, where not as its game does
    side_names: Mapping[str, str] = field(default_factory=dict)

    def players_text(self) -> str:
        return " and ".join(f"{letter} ({side})" for letter, side in self.players.items())

    def deployment(self, stage: str) -> Deployment | None:
        return next((d for d in self.deployments if d.stage == stage), None)


@dataclass(frozen=True)
class Flotilla:
    """Attack Strength a side may add to one attack a Game-Turn without a unit of its own
    (written MONITOR), on a hex beside a hexside of `feature` on map `map`: with units, their
    losses are theirs; alone, the attacker loses nothing and no HQ shifts the attack for it."""

    name: str  # in words: "the Monitor Flotilla"
    side: str
    strength: int
    nationality: str  # whose Tactical Competence Rating a lone attack is read on (2.4)
    map: str
    feature: str  # a hexside feature (major_river)
    rule: str  # the Exclusive Rule's case


@dataclass(frozen=True)
class Replacement:
    """13.0's numbers, which each game's Exclusive Rules give: the die rolls that restore a
    unit, how near an Enemy unit bars it, the units in combat the preceding Game-Turn, the
    Stacking Points that may be rolled for in a Game-Turn, and the case that gives them."""

    succeeds_on: tuple[int, ...]
    enemy_distance: int
    fought: frozenset[str] = frozenset()
    max_points: int | None = None
    rule: str = "13.0"
    own_bars: bool = True  # the game's own bars (ExclusiveRules.replacement_bar) apply


@dataclass(frozen=True)
class Interphase:
    """A Game-Turn Record Interphase carried out: the state after it, what it did (each with
    its case) and the level of victory once the scenario's last Game-Turn is complete."""

    state: GweState
    events: tuple[str, ...]
    victory: str | None
