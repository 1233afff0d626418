"""Issue 35: a game plugs into the Standard Rules as one value (gm.games.gwe.rules.exclusive).
A made-up fifth game, declared here and nowhere in the program, changes what the Standard Rules
ask of it (its stacking limit, its first Player, a Game-Turn without one of its Player-Turns,
an entrainment die, a Segment's own procedure, a column shift in combat, who withdraws before
combat, Victory Points for losses) and the engine plays it, no Standard Rules file
knowing it; a data set is bound to the game its counters name, or refused."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.engine.campaign import play_phase
from gm.games.gwe.engine.phase import Sides, adjudicate_phase
from gm.games.gwe.games import GAMES
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.grammar.parser import parse_line
from gm.games.gwe.orders import model as m
from gm.games.gwe.reports.wording import plain
from gm.games.gwe.rules.attack import Attack, AttackerChoice
from gm.games.gwe.rules.cavalry import may_try
from gm.games.gwe.rules.exclusive import (
    STANDARD_RULES,
    ExclusiveRules,
    Notes,
    bind,
    catalogue,
    exclusive_rules,
)
from gm.games.gwe.rules.game_values import Scenario
from gm.games.gwe.rules.players import first_and_second
from gm.games.gwe.rules.stacking import overstacked
from gm.games.gwe.setup.closing import new_game
from gm.games.gwe.state import GweState, initial_state
from tests.gwe import attacked, fixture_data


class Fifth(ExclusiveRules):
    name = "fifth"
    title = "Fifth"
    first_side = "central"
    entrainment_case = "17.1"

    def stacking_limit(self, data: GweData, side: str) -> int:
        return 2  # a division alone

    def no_player_turn(self, data: GweData, turn: int, side: str) -> str | None:
        return "Game-Turn 1 has no Central Powers Player-Turn (Fifth 4.0)" \
            if (turn, side) == (1, "central") else None

    def entrainment(self, state: GweState, data: GweData, unit_id: str, dice: Dice,
                    arriving: bool) -> tuple[str | None, Notes]:
        die = dice.die(f"17.1 entrainment of {unit_id}")
        return (None if die > 3 else f"{unit_id}: die {die}, stays (Fifth 17.1)"), \
            (f"17.1 die {die}",)

    def combat_shift(self, state: GweState, data: GweData, side: str,
                     attackers: Sequence[str], defenders: Sequence[str]) -> tuple[int, Notes]:
        return 1, ("a barrage: one column right (Fifth 17.1)",)

    def segment(self, state: GweState, data: GweData, side: str, letter: str, dice: Dice
                ) -> tuple[GweState, Notes]:
        if letter != "b":
            return state, ()
        return state, (f"{side}: supply points die {dice.die('20.1 supply points')} (Fifth 20.1)",)

    def withdraws_before_combat(self, data: GweData, unit_id: str) -> bool:
        return self.tcr(data, unit_id) == 1  # every unit rated 1, as a cavalry unit

    def combat_losses(self, before: GweState, after: GweState, data: GweData
                      ) -> tuple[GweState, list[str]]:
        lost = sum(a.steps_lost - before.units[u].steps_lost for u, a in after.units.items())
        return after.model_copy(update={"vp": (after.vp or 0) + lost}), [f"{lost} VP"]


FIFTH = Fifth()


class Purposeful(Dice):
    """A 1 for every entrainment, a 6 for everything else (Command Control, attrition)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def die(self, purpose: str) -> int:
        self.asked.append(purpose)
        return 1 if "entrainment" in purpose else 6


def _fifth_data() -> GweData:
    data = fixture_data()
    named = dataclasses.replace(data, counters=data.counters.model_copy(
        update={"exclusive_rules": "fifth"}))
    return bind(named, catalogue(FIFTH, *GAMES.values()))


def test_a_data_set_is_bound_to_the_game_its_counters_name() -> None:
    data = _fifth_data()
    assert exclusive_rules(data) is FIFTH
    assert exclusive_rules(fixture_data()) is STANDARD_RULES  # its counters name none
    with pytest.raises(GameError, match="'fifth', of no game the program plays"):
        bind(data, GAMES)
    unbound = dataclasses.replace(data, game=None)
    with pytest.raises(GameError, match="read without them"):
        exclusive_rules(unbound)
    with pytest.raises(ValueError, match="a name of its own"):
        catalogue(FIFTH, Fifth())


def test_a_game_of_no_scenarios_makes_no_campaign() -> None:
    """The Standard Rules alone (counters naming no game) have no scenario to play: `gm new`
    refuses such a data set, and a campaign's Phase on it is refused the same way."""
    standard = fixture_data()
    with pytest.raises(GameError, match="name no game's Exclusive Rules: only a game's "
                                        "scenarios are played as a campaign"):
        new_game(standard, ["A", "B"], None)
    with pytest.raises(GameError, match="only a game's scenarios are played as a campaign"):
        play_phase(initial_state(standard, ("A", "B")), standard, {}, Purposeful())


def test_the_standard_rules_ask_the_fifth_game_what_it_changes() -> None:
    data = _fifth_data()
    state = initial_state(data, ("A", "B"))
    together = state.with_unit("AH-24", hex="0705")  # with GE-35: 4 Stacking Points
    # RU-8 and RU-12 set up together in 0405: 4 as well
    assert [(str(o.hex), o.limit) for o in overstacked(together, data)] == [
        ("0405", 2), ("0705", 2)]
    assert overstacked(together, fixture_data()) == []  # the Standard Rules' 8
    assert first_and_second(FIFTH) == ("central", "allied")
    assert plain("stays (gwe-fifth:17.1)", FIFTH) == "stays (Fifth 17.1)"


def test_the_fifth_games_combat_shift_and_withdrawal() -> None:
    data, standard = _fifth_data(), fixture_data()
    state = initial_state(data, ("A", "B")).with_unit("RU-12", hex="0604")  # beside GE-35
    assert may_try(state, data, "GE-35") and not may_try(state, standard, "GE-35")  # 12.1
    attack = Attack(("RU-8",), (parse_hex("0504"),), AttackerChoice(hqs=()))
    near = initial_state(data, ("A", "B")).with_unit("RU-8", hex="0404").with_unit(
        "AH-24", hex="0504")
    fifth = attacked(near, data, "allied", attack, [6])
    plain_odds = attacked(near, standard, "allied", attack, [6])
    assert "a barrage: one column right (Fifth 17.1)" in fifth.events
    assert (plain_odds.odds, fifth.odds) == ("1-1", "2-1")
    assert fifth.state.vp == (fifth.state.unit("RU-8").steps_lost
                              + fifth.state.unit("AH-24").steps_lost)  # combat_losses


def test_the_engine_plays_the_fifth_games_sequence_and_entrainment_die() -> None:
    data = _fifth_data()
    sides = Sides({"A": "allied", "B": "central"}, first_and_second(FIFTH)[0])
    rail = parse_line("RAIL AH-7B: 0803-0804-0805", 1, Names(data))
    assert isinstance(rail, m.Order)
    state = initial_state(data, ("A", "B"))
    with pytest.raises(GameError, match=r"no Central Powers Player-Turn \(Fifth 4.0\)"):
        adjudicate_phase(state, data, sides, {"B": [rail]}, Purposeful())
    dice = Purposeful()
    done = adjudicate_phase(state.model_copy(update={"turn": 2}), data, sides, {"B": [rail]},
                            dice)
    assert done.phasing == "B"  # the Central Powers' Player-Turn first
    assert "central: supply points die 6 (Fifth 20.1)" in done.events  # its Segment's own
    assert "17.1 entrainment of AH-7B" in dice.asked
    assert done.results[0].result == "failed", done.results
    assert "AH-7B: die 1, stays (Fifth 17.1)" in done.results[0].detail
    assert done.state.unit("AH-7B").hex == "0803"


MEETING = Scenario(name="fifth-meeting", title="A Meeting", rule="Fifth 30.1",
                   players={"A": "allied", "B": "central"}, turn=1, last_turn=2, vp=None,
                   deployments=(), victory_rule="Fifth 31.0")


class FifthWithAScenario(Fifth):
    scenarios = (MEETING,)


def test_a_fifth_games_scenario_plays_to_its_end_passing_over_a_player_turn() -> None:
    """4.0 as the fifth game has it: no Central Powers Player-Turn on Game-Turn 1, so its
    campaign opens at the Allied one (Phase 4) and passes over none after; it ends with its
    last Game-Turn (no Victory Point Index kept: no level)."""
    game = FifthWithAScenario()
    named = fixture_data().counters.model_copy(update={"exclusive_rules": "fifth"})
    data = bind(dataclasses.replace(fixture_data(), counters=named), catalogue(game))
    state = new_game(data, ["A", "B"], "fifth-meeting")
    assert (state.stage, state.turn, state.phase) == ("play", 1, 4)
    assert state.unit("RU-8").hex == "0405"  # 3.0: no deployment, the printed set-up hexes
    seen = []
    while state.stage == "play":
        seen.append((state.turn, state.phase))
        state = play_phase(state, data, {}, Purposeful()).after
    assert seen == [(1, 4), (1, 5), (1, 6), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (2, 6)]
    assert (state.stage, state.victory) == ("ended", "undecided")
