"""Great War in the East's cavalry withdrawal (12.1), Step replacement (13.0) and
reinforcements (14.0) on the synthetic map."""

from __future__ import annotations

import pytest

from gm.core.dice import ForcedDice
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.rules.arrivals import (
    alternate_entry,
    arrivals,
    replace_steps,
    replacement_bar,
)
from gm.games.gwe.rules.cavalry import follow, may_try, withdraw, withdrawal_paths
from tests.gwe import fixture_data, opening

DATA = fixture_data()
h = parse_hex


def _dice(*values: int) -> ForcedDice:
    return ForcedDice(list(values), [], [])


@pytest.mark.rules("gwe:12.11", "gwe:12.12", "gwe:12.13", "gwe:12.14", "gwe:12.15")
def test_cavalry_withdraws_two_hexes_on_a_die_above_its_rating() -> None:
    state = opening(DATA)
    assert may_try(state, DATA, "RU-4C") and not may_try(state, DATA, "RU-12")
    paths = [str(p) for p in withdrawal_paths(state, DATA, "RU-4C")]
    assert paths[:2] == ["0404 0305", "0404 0405"]  # onto the rail, the supply source
    assert all(not p.startswith(("0505", "0603")) for p in paths)  # rated 3: no zones
    dice = _dice(4)
    done = withdraw(state, DATA, "RU-4C", dice)
    assert done.state.unit("RU-4C").hex == "0305" and done.vacated == h("0504")
    assert dice.log[0].purpose == "12.12 withdrawal before combat of RU-4C"
    stays = withdraw(state, DATA, "RU-4C", _dice(3))
    assert stays.state == state and stays.vacated is None
    assert stays.note == "RU-4C: die 3, not above its rating 3: does not withdraw (12.12)"
    chosen = withdraw(state, DATA, "RU-4C", _dice(6), (h("0404"), h("0405")))
    assert chosen.state.unit("RU-4C").hex == "0405"


@pytest.mark.rules("gwe:12.16", "gwe:12.13")
def test_the_phasing_player_may_move_into_the_vacated_hex() -> None:
    state = opening(DATA)
    done = withdraw(state, DATA, "RU-4C", _dice(5))
    assert done.vacated is not None
    after, notes = follow(done.state, DATA, done.vacated, ("AH-24", "GE-35"))
    assert after.unit("AH-24").hex == "0504" and after.unit("GE-35").hex == "0705"
    assert notes == ("AH-24 moves into 0504 (12.16)",
                     "GE-35: not adjacent to the vacated 0504 (12.16)")
    # a blind table review: a hex another Enemy unit still holds is refused for that reason
    stacked = withdraw(state.with_unit("RU-8", hex="0504"), DATA, "RU-4C", _dice(5))
    held, notes = follow(stacked.state, DATA, h("0504"), ("AH-24",))
    assert held.unit("AH-24").hex != "0504"
    assert notes == ("AH-24: 0504 is not vacated, RU-8 remaining (12.16)",)


@pytest.mark.rules("gwe:13.0")
def test_which_units_may_roll_for_step_replacement() -> None:
    state = opening(DATA).with_unit("RU-8", steps_lost=1).with_unit("RU-12", steps_lost=1)
    assert replacement_bar(state, DATA, "RU-8", 1, (), ()) is None
    assert replacement_bar(state, DATA, "RU-8", 2, (), ()) == \
        "RU-8: AH-24 is fewer than three hexes away (13.0)"
    assert replacement_bar(state, DATA, "RU-8", 1, ("RU-8",), ()) == \
        "RU-8: in combat in the preceding Game-Turn (13.0)"
    assert replacement_bar(state, DATA, "RU-8", 1, (), ("RU-8",)) == \
        "RU-8: moved in this Movement Phase (13.0)"
    worn = state.with_unit("RU-8", steps_lost=3).with_unit("RU-4C", steps_lost=1)
    assert "not a division short one Step" in str(replacement_bar(worn, DATA, "RU-8", 1, (), ()))
    assert "not a division short one Step" in str(replacement_bar(worn, DATA, "RU-4C", 1, (),
                                                                  ()))
    dice = _dice(2, 5)
    after, notes = replace_steps(state, DATA, ("RU-8", "RU-12"), dice, {5, 6}, 1, (), ())
    assert after.unit("RU-8").steps_lost == 1 and after.unit("RU-12").steps_lost == 0
    assert notes == ("RU-8: die 2, not restored (13.0)",
                     "RU-12: die 5, restored to full strength (13.0)")


@pytest.mark.rules("gwe:14.0", "gwe:14.11", "gwe:14.12", "gwe:14.13", "gwe:14.24")
def test_reinforcements_enter_on_their_turn_at_their_lettered_hex() -> None:
    state = opening(DATA)
    assert arrivals(state, DATA, "central", 1) == (state, ())
    after, came = arrivals(state, DATA, "central", 2)
    assert [(a.unit, str(a.hex)) for a in came] == [("AH-9", "1005"), ("GE-XK", "1005")]
    assert after.unit("AH-9").entrained and not after.unit("GE-XK").entrained  # 14.12
    kept, came = arrivals(state, DATA, "allied", 3, withheld=("RU-3",))
    assert came[0].note == "RU-3: withheld (14.24)" and kept.unit("RU-3").place == "pending"
    later, came = arrivals(kept, DATA, "allied", 5)
    assert later.unit("RU-3").hex == "0101"


@pytest.mark.rules("gwe:14.21", "gwe:14.22", "gwe:14.12")
def test_a_blocked_entry_hex_delays_the_reinforcement_to_the_alternate_hex() -> None:
    state = opening(DATA).with_unit("RU-4C", hex="1004")  # its zone covers 1005
    assert alternate_entry(state, DATA, h("1005"), "central") == h("1006")
    after, came = arrivals(state, DATA, "central", 2)
    assert [a.hex for a in came] == [None, None]
    assert came[0].note == "AH-9: entry hex 1005 blocked; delayed to Game-Turn 3 at 1006 (14.22)"
    assert after.unit("AH-9").delayed_until == 3
    _, came = arrivals(after, DATA, "central", 2)
    assert came == ()  # not again this Game-Turn
    later, came = arrivals(after, DATA, "central", 3)
    assert [(a.unit, str(a.hex)) for a in came] == [("AH-9", "1006"), ("GE-XK", "1006")]
    # 14.12: entrained "when they enter the map on a rail line": 1006 has none (ruling G89)
    assert later.unit("AH-9").delayed_to is None and not later.unit("AH-9").entrained
    assert came[0].note == "AH-9 enters at 1006, on no railroad: detrained (14.12, ruling G89) " \
        "(14.11)"
