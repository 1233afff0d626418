"""The seam between the Standard Rules and a game's Exclusive Rules (15.0 on, in each of the four
games that share them): what the Standard Rules ask of the game played, at named points, each
answered by default as the Standard Rules alone read it.

A game is one package under gm/games/gwe/exclusive/ that declares one value of a subclass of
ExclusiveRules: its parameters and its procedures together (in the spirit of godip's Variant).
gm/games/gwe/games.py catalogues them by name, and a data set is bound to the game its counters
name where it is loaded (`bind`); the Standard Rules then ask `exclusive_rules(data)`. Nothing
here, nor in any module of the Standard Rules, imports a game's package or names a game
(docs/architecture.md, "How a game plugs in")."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import ClassVar

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.data.models import OffMapLink
from gm.games.gwe.rules.exclusive_combat import CombatRules
from gm.games.gwe.rules.exclusive_scenario import Notes as Notes  # the games' answers
from gm.games.gwe.rules.exclusive_scenario import ScenarioRules
from gm.games.gwe.rules.game_values import Scenario
from gm.games.gwe.state import GweState


class ExclusiveRules(CombatRules, ScenarioRules):
    """The Standard Rules alone; each game's subclass overrides what its Exclusive Rules say.

    Attributes are the game's parameters; methods its procedures, each named for the point
    of the Standard Rules that asks it."""

    name = ""  # as a counter mix's `exclusive_rules` and a case's `exclusive:` name it
    title = "the Standard Rules"  # as the rulebook prints it: `Serbia/Galicia 25.2`
    # the side whose Player-Turn comes first in a Game-Turn (4.0); None: the Standard Rules
    # leave it to each game (a case's first player's side)
    first_side: str | None = None
    side_names: ClassVar[Mapping[str, str]] = {}  # a side's Player-Turn, `the Russian Player-Turn`
    side_words: ClassVar[Mapping[str, str]] = {"allied": "Allied", "central": "Central Powers"}
    scenarios: tuple[Scenario, ...] = ()  # the first is the default
    options: ClassVar[Mapping[str, str]] = {}  # the optional rules it offers: code -> what it does
    rulebook: Path | None = None  # its rule cases, for `gm case coverage`
    excluded_heading = ""  # docs/rulings-gwe.md's table of its cases the program does not use
    data_set: Path | None = None  # its reconstructed map and counters, shipped
    # its cases that name a rule the Standard Rules' code cites on its behalf
    army_integrity_rule = ""  # a HQ's shift needs the force to be mostly of its army
    defensive_shift_rule = ""  # a defending HQ shifts the odds (none: 10.51 forbids it)
    track_limit_rule = ""  # Stacking Points across a hexside of rail line a Phase
    stacking_case = "6.1"  # the case giving the Stacking limit
    vp_index_case = ""  # the case of its Victory Point Index, if it keeps one
    vp_schedule_case = ""  # the case of its Victory Point Schedule (a hex's points)
    victory_levels_case = ""  # the case of its levels of victory
    start_line_case = ""  # the case of the start line a map prints
    rail_country_case = ""  # the case tying railroads to countries (rail_country)
    vp_side = "allied"  # the side whose points the Index counts (the other's count against)
    vp_total = "the Victory Point Index"  # the Index in words
    control_case = ""  # the case saying who controls a valued hex
    entrainment_case = ""  # the case of its entrainment die, if it rolls one
    attack_cost_rule = ""  # the case of what an attack spends from a track (attack_cost)
    parenthesized_shift_rule = "10.21"  # the case giving a parenthesized Attack Shift its use
    track_names: ClassVar[Mapping[str, str]] = {}  # its own tracks (GweState.tracks) in words

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name or 'standard'}>"

    @property
    def cited(self) -> str:
        """How the program cites its rule cases (gm/games/citations.py): `gwe-<name>`."""
        return f"gwe-{self.name}" if self.name else "gwe"

    def cite(self, case: str) -> str:
        return f"{self.cited}:{case}"

    def printed(self, case: str) -> str:
        """A case of its Exclusive Rules as the rulebook prints it (`<title> 6.11`); the
        Standard Rules' bare."""
        return f"{self.title} {case}" if self.name else case

    def scenario(self, name: str | None) -> Scenario:
        """The scenario of that name (None: the first)."""
        for found in self.scenarios:
            if name is None or found.name == name:
                return found
        known = ", ".join(s.name for s in self.scenarios) or "none"
        raise GameError(f"{self.title} has no scenario {name!r}; its scenarios: {known}")

    def scenario_of(self, state: GweState) -> Scenario | None:
        """The scenario the position is played in; None in a game of no scenarios (a case
        played by the Standard Rules alone)."""
        return self.scenario(state.scenario) if self.scenarios else None

    def side_title(self, side: str, scenario: Scenario | None = None) -> str:
        """The side as its Player-Turn is named: the scenario's, the game's (`Russian`), else
        its words."""
        named = scenario.side_names.get(side) if scenario is not None else None
        return named or self.side_names.get(side, self.side_words[side])

    # --- 4.0: the Sequence of Play ------------------------------------------------------------

    def segment(self, state: GweState, data: GweData, side: str, letter: str, dice: Dice
                ) -> tuple[GweState, Notes]:
        """What the game's own rules do at the end of a Segment of `side`'s Movement Phase
        (4.0 A.1: "b" once supply is determined and reinforcements placed, "c" once Command
        Control is), each roll said; the Standard Rules add nothing."""
        return state, ()

    def no_player_turn(self, data: GweData, turn: int, side: str) -> str | None:
        """Why `side` has no Player-Turn in Game-Turn `turn` (the case), None if it has one."""
        return None

    # --- 6.0, 2.4: stacking and ratings --------------------------------------------------------

    def stacking_limit(self, data: GweData, side: str) -> int:
        """6.0: the Stacking Points a side may have in a hex at the end of a Phase."""
        return data.counters.sides[side].stacking_limit

    def supply_sources(self, state: GweState, data: GweData, side: str,
                       nationality: str | None) -> frozenset[Hex]:
        """Sources of supply the game adds to 9.13's rail hexes, map edges and depots."""
        return frozenset()

    def supplied_in_place(self, data: GweData, nationality: str, where: Hex) -> str | None:
        """Why a unit of the nationality standing in `where` is in supply whatever its line
        (the case, said as the report gives it); None: only as 9.11-9.16 find it."""
        return None

    def supply_barriers(self, data: GweData, nationality: str) -> frozenset[str]:
        """The hexside features (a major river) that a line of supply of the nationality's
        units never crosses, besides the Prohibited hexsides every line avoids (9.12)."""
        return frozenset()

    def supply_range(self, data: GweData, unit_id: str) -> int:
        """9.12: the hexes of the unit's Supply Range: its nationality's."""
        return data.counters.nationalities[data.units[unit_id].nationality].supply_range

    def tcr(self, data: GweData, unit_id: str) -> int:
        """2.4: the unit's Tactical Competence Rating: its own, else its army's."""
        return data.tcr(unit_id)

    # --- 5.3, 9.0: railroads, map edges and supply ---------------------------------------------

    def rail_rate(self, data: GweData, side: str, turn: int, nationality: str | None = None
                  ) -> int:
        """5.31: the hexes a unit of the side (the nationality's own, G97) rides a Phase."""
        own = data.counters.nationalities.get(nationality or "")
        return own.rail_rate if own and own.rail_rate is not None else \
            data.counters.sides[side].rail_rate

    def rail_capacity(self, data: GweData, side: str, turn: int,
                      nationality: str | None = None) -> int:
        """5.31: the side's Rail Capacity in a Movement Phase of the Game-Turn (G97)."""
        own = data.counters.nationalities.get(nationality or "")
        capacity = own.capacity(turn) if own is not None else None
        return data.counters.sides[side].capacity(turn) if capacity is None else capacity

    def rail_country(self, data: GweData, nationality: str) -> str | None:
        """The country whose railroads and map edges the nationality's units use, for
        movement and supply; None: every Friendly line and edge serves every unit."""
        return None

    def edge_barred(self, data: GweData, where: Hex, nationality: str) -> bool:
        """Whether a map-edge hex Friendly by the Standard Rules (9.0) is not so to the
        nationality."""
        return False

    def entrainment(self, state: GweState, data: GweData, unit_id: str, dice: Dice,
                    arriving: bool) -> tuple[str | None, Notes]:
        """A die (or other test) before the unit entrains, once it stands where 5.32 lets it
        and is counted against the Rail Capacity (`arriving`: it entered the map this Phase):
        why it may not entrain (its movement ends), None if it entrains (by the Standard Rules
        it does); and the rolls made, each with its purpose."""
        return None, ()

    def off_map_refusal(self, state: GweState, data: GweData, unit_id: str, link: OffMapLink
                        ) -> tuple[str, str] | None:
        """Why the unit may not take this off-map link (5.37), and the case; None if it may."""
        return None

    def track_limit(self, data: GweData, kind: str, nationality: str) -> int | None:
        """The Stacking Points of the nationality that may cross a hexside of one rail line of
        that kind in a Movement Phase; None: no limit."""
        return None

    # --- 14.0: reinforcements -----------------------------------------------------------------

    def reinforcements_entered(self, state: GweState, data: GweData, arrived: Collection[str],
                               on_foot: Collection[str], capacity: int,
                               take: Callable[[str], bool]) -> tuple[GweState, Notes]:
        """After the Reinforcement Segment: what the reinforcements that entered entrained
        (`arrived`, less those the player walks on, `on_foot`) owe the Rail Capacity of
        `capacity` (`take(unit)`: counted, False past it)."""
        return state, ()

    def movement_ended(self, state: GweState, data: GweData, arrived: Collection[str]
                       ) -> tuple[GweState, Notes]:
        """At the end of the Movement Segment, what becomes of the reinforcements that entered
        this Phase."""
        return state, ()


STANDARD_RULES = ExclusiveRules()
TCRS = range(1, 5)  # 2.4: "They range from 1 (excellent) to 4 (poor)"
Games = Mapping[str, ExclusiveRules]


def catalogue(*games: ExclusiveRules) -> dict[str, ExclusiveRules]:
    """The games by name, each named once."""
    found: dict[str, ExclusiveRules] = {}
    for game in games:
        if not game.name or game.name in found:
            raise ValueError(f"a game needs a name of its own: {game!r}")
        found[game.name] = game
    return found


def bind(data: GweData, games: Games) -> GweData:
    """The data set with the game its counters name (`exclusive_rules`), from `games`; a data
    set naming none plays the Standard Rules alone."""
    name = data.exclusive
    if name is None:
        return dataclasses.replace(data, game=STANDARD_RULES)
    game = games.get(name)
    if game is None:
        raise GameError(f"the counters name the Exclusive Rules {name!r}, of no game the "
                        f"program plays (it plays {', '.join(sorted(games)) or 'none'})")
    return dataclasses.replace(data, game=game)


def tcr_of(data: GweData, unit_id: str) -> int:
    """2.4: the unit's Tactical Competence Rating, as its game rates it: 1 to 4."""
    rating = exclusive_rules(data).tcr(data, unit_id)
    if rating not in TCRS:
        raise GameError(f"{unit_id}: a Tactical Competence Rating of {rating}; they range from "
                        "1 to 4 (2.4)")
    return rating


def exclusive_rules(data: GweData) -> ExclusiveRules:
    """The game whose Exclusive Rules the data set is played by."""
    game = data.game
    if isinstance(game, ExclusiveRules):
        return game
    if data.exclusive is None:
        return STANDARD_RULES
    raise GameError(f"this data set names {data.exclusive!r}'s Exclusive Rules but was read "
                    "without them (a loader must bind it: gm.games.gwe.rules.exclusive.bind)")
