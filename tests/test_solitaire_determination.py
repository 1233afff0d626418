"""The Red Leader Determination Phases Lenin's and Trotsky's deaths pass over in the solitaire
game (24.14-24.17, issue 23 item 13): each death points at one Determination Phase, that of
its own Game-Turn after a non-Red Combat Phase (24.16 Example 1), of the following one after
a Red Combat Phase (Example 2); two deaths pointing at the same one pass it over once; both
in one Game-Turn pass over two (24.17). Played across two adjudications (ruling R65)."""

from __future__ import annotations

import pytest

from gm.core.dice import ForcedDice
from gm.games.rcw.data.dataset import LENIN, TROTSKY
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.engine import solitaire
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.state import NON_RED, RED, UNASSIGNED, ChartSection, GameState, Solitaire, Stack

DATA = load_game_data()
QUIET = frozenset({"random_events", "randomizer", "movement", "stacking", "replacements"})


def _state(turn: int, position: dict[str, list[Stack]], **kept: object) -> GameState:
    """His Red Player-Turn of `turn` under way, its Determination behind it (ruling R65)."""
    return GameState(players=(NON_RED, RED), stage="play", turn=turn, mode="solitaire",
                     phase=solitaire.RED_PLAYER_TURN, sequence=(NON_RED, RED),
                     position={p: tuple(s) for p, s in sorted(position.items())},
                     chart={p: ChartSection() for p in (NON_RED, RED, UNASSIGNED)},
                     solitaire=Solitaire(leader_die=1, leaders_allowed=1).model_copy(
                         update=kept))


def _adjudicate(state: GameState, dice: list[int], orders: str = ""
                ) -> tuple[GameState, list[str]]:
    given = parse_message(f"GAME case\nPLAYER R\nPASSWORD x\n{orders}", Names(DATA)).orders
    forced = ForcedDice(list(dice), [], [])
    result = solitaire.adjudicate(state, DATA, {RED: given}, forced, QUIET)
    assert not forced.unused()
    return result.state, result.log


@pytest.mark.rules("24.14", "24.16")
def test_deaths_in_red_combat_and_the_next_non_red_combat_pass_over_one_determination(
        ) -> None:
    """Lenin falls attacking in the Red Combat Phase of Game-Turn 2 (Ae): Game-Turn 3's
    Determination is passed over (24.16 Example 2). Trotsky falls in the non-Red Combat Phase
    of Game-Turn 3: Game-Turn 3's again (Example 1), the same Phase, passed over once; Game-Turn
    4's is held (ruling R67). A counter of two skips wrongly passed over Game-Turn 4's too."""
    state = _state(2, {
        "RYAZ": [Stack(player=RED, units=(LENIN,)), Stack(player=None, units=(213,))],
        "TULA": [Stack(player=RED, units=(TROTSKY,)),
                 Stack(player=NON_RED, units=(251, 201, 202))],
    })
    # die 4 at 1:2: Ae, Lenin lost; Game-Turn 3: 8 to 3 at 2:1, die 1: De, Trotsky lost
    turn_3, log = _adjudicate(state, [4, 1], "ATTACK 213 WITH 151")
    assert turn_3.turn == 3 and turn_3.chart[UNASSIGNED].units == (LENIN,)
    assert TROTSKY in turn_3.chart[NON_RED].units
    assert turn_3.solitaire is not None and turn_3.solitaire.leader_die is None
    assert turn_3.solitaire.determinations_passed_over == (3,)
    assert any("no Red Leader Determination this Game-Turn" in line for line in log)
    turn_4, log = _adjudicate(turn_3, [2])  # Game-Turn 4's Determination: die 2
    assert turn_4.turn == 4 and turn_4.solitaire is not None
    assert (turn_4.solitaire.leader_die, turn_4.solitaire.leaders_allowed) == (2, 2)
    assert any("Red Leader Determination: die 2" in line for line in log)


@pytest.mark.rules("24.15", "24.17")
def test_both_falling_in_the_red_combat_phase_pass_over_the_next_two() -> None:
    """Lenin and Trotsky both fall in the Red Combat Phase of Game-Turn 2: the Determinations
    of Game-Turns 3 and 4 (24.16 Example 2, then 24.17's immediately following one)."""
    state = _state(2, {
        "RYAZ": [Stack(player=RED, units=(LENIN,)), Stack(player=None, units=(213,))],
        "TULA": [Stack(player=RED, units=(TROTSKY,)), Stack(player=None, units=(212, 202))],
    })
    turn_3, _ = _adjudicate(state, [4, 6], "ATTACK 213 WITH 151\nATTACK 212 WITH 152")
    assert turn_3.solitaire is not None
    assert turn_3.solitaire.determinations_passed_over == (3, 4)
    turn_4, log = _adjudicate(turn_3, [])
    assert turn_4.solitaire is not None and turn_4.solitaire.leader_die is None
    assert any("no Red Leader Determination this Game-Turn" in line for line in log)


@pytest.mark.rules("24.16")
def test_a_state_saved_with_a_count_of_skips_loads_as_game_turns() -> None:
    """A campaign saved before issue 23 kept `determinations_skipped`, the Phases still to
    pass over after its own Game-Turn's: they become the next Game-Turns'."""
    state = _state(3, {"PETR": [Stack(player=RED, units=(LENIN, 101))]})
    old = state.to_json().replace('"determinations_passed_over":[]',
                                  '"determinations_skipped":2')
    assert "determinations_skipped" in old
    loaded = GameState.from_json(old)
    assert loaded.solitaire is not None
    assert loaded.solitaire.determinations_passed_over == (4, 5)
    assert GameState.from_json(loaded.to_json()) == loaded
