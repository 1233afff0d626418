"""Serbia/Galicia as one value on the seam (gm.games.gwe.rules.exclusive): its parameters and its
procedures, each the Exclusive Rule it plays in place of the Standard Rules' default."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import ClassVar

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.data.models import OffMapLink
from gm.games.gwe.exclusive.serbia_galicia import (
    arrivals,
    attrition,
    combat,
    intermap,
    interphase,
    putnik,
    rail,
    replacement,
    sequence,
    setup,
    supply,
    supply_track,
    victory,
)
from gm.games.gwe.exclusive.serbia_galicia.scenarios import (
    DECISION_IN_GALICIA,
    HISTORICAL_CAMPAIGN,
)
from gm.games.gwe.rules.exclusive import ExclusiveRules, Notes
from gm.games.gwe.rules.game_values import Flotilla, Interphase, Replacement
from gm.games.gwe.state import GweState

HERE = Path(__file__).resolve().parent


class SerbiaGalicia(ExclusiveRules):
    name = "serbia-galicia"
    title = "Serbia/Galicia"
    first_side = sequence.FIRST  # 4.0: the Allied Player is the first Player
    side_names: ClassVar[Mapping[str, str]] = {victory.ALLIED: "Russian",  # in Galicia (26.0)
                                               victory.CENTRAL: "Austro-Hungarian"}
    side_words: ClassVar[Mapping[str, str]] = {victory.ALLIED: "Allied (Russian)",
                                               victory.CENTRAL: "Austro-Hungarian"}
    scenarios = (DECISION_IN_GALICIA, HISTORICAL_CAMPAIGN)
    options: ClassVar[Mapping[str, str]] = {
        "17.5": "the track limits of the railroads (17.51-17.53, ruling G38)"}
    rulebook = HERE / "rulebook.yaml"
    excluded_heading = "## Serbia/Galicia rule cases the program does not use"
    data_set = HERE / "dataset" / "galicia"
    army_integrity_rule = "18.1"
    defensive_shift_rule = "18.2"
    track_limit_rule = "17.51"
    stacking_case = "6.11"  # 9 Stacking Points a hex
    vp_index_case = "25.0"  # the net Allied total
    vp_schedule_case = "25.2"
    victory_levels_case = "25.3"
    start_line_case = "26.31"  # Decision in Galicia's set-up
    vp_total = "the Allied Victory Point Total"
    control_case = "25.12"
    entrainment_case = "17.11"
    rail_country_case = "5.3"  # each country's own railroads
    attack_cost_rule = "20.1"  # a Supply Point for each Serbian unit in an attack
    parenthesized_shift_rule = "19.1"  # Putnik's shift, through a second Serbian HQ
    track_names: ClassVar[Mapping[str, str]] = {supply_track.TRACK: supply_track.NAME}
    flotilla = Flotilla(name="the Monitor Flotilla", side=victory.CENTRAL, strength=3,
                        nationality="AH", map="s", feature="major_river", rule="21.0")  # 21.0

    def segment(self, state: GweState, data: GweData, side: str, letter: str, dice: Dice
                ) -> tuple[GweState, Notes]:
        if letter == "b":  # 20.2: once supply is determined (a), the roll of its Segment
            return supply_track.replenish(state, side, dice)
        return state, ()

    def parenthesized_shift(self, state: GweState, data: GweData, hq_id: str,
                            shifting: Sequence[str], attackers: Sequence[str]) -> str | None:
        return putnik.relay_problem(state, data, hq_id, shifting, attackers)  # 19.1

    def walks(self, data: GweData, unit_id: str) -> tuple[str, str] | None:
        return putnik.walks(data, unit_id)  # 19.2

    def attack_cost(self, data: GweData, attackers: Sequence[str]) -> tuple[str, int] | None:
        return supply_track.attack_cost(data, attackers)  # 20.1

    def no_player_turn(self, data: GweData, turn: int, side: str) -> str | None:
        return sequence.no_player_turn(turn, side)

    def supplied_in_place(self, data: GweData, nationality: str, where: Hex) -> str | None:
        return supply.supplied_in_place(data, nationality, where)  # 9.1

    def supply_barriers(self, data: GweData, nationality: str) -> frozenset[str]:
        return supply.supply_barriers(data, nationality)  # 9.1

    def rail_country(self, data: GweData, nationality: str) -> str | None:
        return data.counters.nationalities[nationality].country  # 5.3

    def edge_barred(self, data: GweData, where: Hex, nationality: str) -> bool:
        return rail.east_edge_barred(data, where, nationality)  # 9.0

    def entrainment(self, state: GweState, data: GweData, unit_id: str, dice: Dice,
                    arriving: bool) -> tuple[str | None, Notes]:
        return rail.entrainment(state, data, unit_id, dice, arriving)  # 17.11

    def off_map_refusal(self, state: GweState, data: GweData, unit_id: str, link: OffMapLink
                        ) -> tuple[str, str] | None:
        return intermap.refusal(state, data, unit_id, link)  # 17.4

    def track_limit(self, data: GweData, kind: str, nationality: str) -> int | None:
        return rail.track_limit(data, kind, nationality)  # 17.51, optional

    def reinforcements_entered(self, state: GweState, data: GweData, arrived: Collection[str],
                               on_foot: Collection[str], capacity: int,
                               take: Callable[[str], bool]) -> tuple[GweState, Notes]:
        return arrivals.count_arrivals(state, arrived, on_foot, capacity, take)  # 14.1

    def movement_ended(self, state: GweState, data: GweData, arrived: Collection[str]
                       ) -> tuple[GweState, Notes]:
        return arrivals.detrain_entered(state, data, arrived)  # 17.2

    def army_integrity(self, state: GweState, data: GweData, hq_id: str,
                       force: Sequence[str]) -> bool:
        return combat.army_integrity(state, data, hq_id, force)  # 18.1

    def defensive_shifts(self, state: GweState, data: GweData, side: str,
                         defenders: Sequence[str], named: tuple[str, ...] | None
                         ) -> tuple[tuple[str, ...], list[str]]:
        return combat.defensive_shifts(state, data, side, defenders, named)  # 18.2

    def combat_losses(self, before: GweState, after: GweState, data: GweData
                      ) -> tuple[GweState, list[str]]:
        return combat.award_combat_losses(before, after, data)  # 25.14, 25.2

    def replacement(self, data: GweData) -> Replacement | None:
        return replacement.NUMBERS  # 11.0

    def replacement_bar(self, state: GweState, data: GweData, unit_id: str
                        ) -> tuple[str, str] | None:
        return replacement.exclusive_bar(state, data, unit_id)  # 11.0

    def valued_hexes(self, data: GweData) -> list[tuple[Hex, str, int]]:
        return victory.valued_hexes(data)  # 25.11

    def controller(self, state: GweState, data: GweData, where: Hex) -> str | None:
        return victory.controller(state, data, where)  # 25.12

    def interphase(self, state: GweState, data: GweData, last_turn: int) -> Interphase:
        done = interphase.record_interphase(state, data, last_turn)  # 25.13, 25.3
        return Interphase(done.state, done.events(), done.victory)

    def victory_level(self, total: int) -> str | None:
        return victory.victory_level(total)  # 25.3

    def level_points(self, total: int) -> int:
        return victory.level_points(total)  # ruling G53

    def setup_hexes(self, data: GweData, unit_id: str) -> frozenset[Hex]:
        return setup.setup_hexes(data, unit_id)  # 26.31

    def setup_refusal(self, data: GweData, unit_id: str, where: Hex) -> tuple[str, str] | None:
        return setup.setup_refusal(data, unit_id, where)  # 26.31

    def setup_problems(self, state: GweState, data: GweData, side: str) -> list[str]:
        return setup.setup_problems(state, data, side)  # 26.31

    def setup_attrition(self, state: GweState, data: GweData, nationality: str, dice: Dice
                        ) -> tuple[GweState, Notes]:
        state, rolls = attrition.pre_play_attrition(state, data, nationality, dice)  # 26.32
        return state, tuple(str(roll) for roll in rolls)

    def deployment_problems(self, state: GweState, data: GweData, hexes: Mapping[str, Hex]
                            ) -> list[str]:
        return setup.deployment_problems(state, data, hexes)  # 26.31


SERBIA_GALICIA = SerbiaGalicia()
