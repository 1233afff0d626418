"""Great War in the East's combat on the synthetic map: odds (8.4), the Combat Results Table
(8.8), HQ shifts (10.21, 10.22) and fortress losses (11.13)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.rules.combat import (
    affected_steps,
    attack_shift,
    command_area,
    command_distance,
    crt_result,
    gives_shift,
    odds_column,
    shifted,
)
from gm.games.gwe.rules.fortress import absorptions, fortress_loss
from gm.games.gwe.state import initial_state
from tests.gwe import fixture_data, opening

DATA = fixture_data()


def _odds(tcr: int, attack: int, defense: int) -> str | None:
    table = DATA.combat_table(tcr)
    column = odds_column(table, attack, defense)
    return None if column is None else table.columns[column]


@pytest.mark.rules("gwe:8.4", "gwe:8.8")
def test_26_to_9_is_2_to_1_the_rulebooks_own_example() -> None:
    assert _odds(3, 26, 9) == "2-1"
    assert _odds(2, 26, 9) == "2-1"
    assert _odds(1, 26, 9) == "2-1"
    assert _odds(4, 26, 9) == "2-1"
    assert _odds(3, 27, 9) == "3-1" and _odds(3, 17, 9) == "1-1"


@pytest.mark.rules("gwe:8.4", "gwe:8.8")
def test_no_attack_below_the_first_column_and_the_last_caps_it() -> None:
    assert _odds(3, 3, 9) == "1-3" and _odds(3, 2, 9) is None  # 8.8: no lower
    assert _odds(1, 3, 12) == "1-4" and _odds(1, 2, 9) is None and _odds(4, 4, 9) is None
    assert _odds(3, 90, 9) == "6-1" and _odds(1, 90, 9) == "5-1" and _odds(4, 90, 9) == "7-1"


@pytest.mark.rules("gwe:10.21", "gwe:8.4")
def test_an_attack_shift_of_2_turns_2_to_1_into_4_to_1() -> None:
    table = DATA.combat_table(3)
    column = odds_column(table, 18, 9)
    assert column is not None
    assert table.columns[shifted(table, column, 2)] == "4-1"  # 10.21's own example
    assert table.columns[shifted(table, column, 9)] == "6-1"  # 8.8: the last column


@pytest.mark.rules("gwe:8.8", "gwe:8.54")
def test_results_read_from_the_table_provisional_cells_say_so() -> None:
    table = DATA.combat_table(1)
    two_to_one = table.columns.index("2-1")
    printed = crt_result(table, two_to_one, 1)
    assert (printed.attacker, printed.defender, printed.provisional) == ("-", "3", None)
    assert crt_result(table, 0, 3).provisional is None  # die 3, 1-4: printed
    assert crt_result(table, two_to_one, 3).provisional == "G3"  # die 3, 2-1: not printed
    supplied = crt_result(table, 0, 4)
    assert (supplied.attacker, supplied.defender, supplied.provisional) == ("1", "-", "G3")
    assert crt_result(table, 7, 7) == dataclasses.replace(crt_result(table, 7, 6), die=7)  # G5
    assert crt_result(DATA.combat_table(4), 7, 1).defender == "E"


@pytest.mark.rules("gwe:8.9")
def test_the_smaller_force_fixes_the_affected_steps() -> None:
    assert affected_steps(6, 2) == 2 and affected_steps(2, 6) == 2 and affected_steps(4, 4) == 4
    options = DATA.charts.options
    assert [o.lose for o in options.defender["2"]] == ["all", "half", "none"]
    assert [o.retreat for o in options.defender["2"]] == [0, 1, 2]
    assert options.attacker["1"] == "half"


@pytest.mark.rules("gwe:10.21", "gwe:10.33", "gwe:10.11")
def test_a_hq_shifts_an_attack_if_half_its_steps_are_within_its_radius() -> None:
    state = opening(DATA)  # RU-KA in 0305, radius 3
    assert gives_shift(state, DATA, "RU-KA", ("RU-8", "RU-4C"))
    assert attack_shift(state, DATA, ("RU-KA",), ("RU-8", "RU-4C")) == 1
    far = state.with_unit("RU-KA", hex="0401")  # 3 from RU-4C in 0504, 4 from 0405
    assert command_distance(far, DATA, "RU-KA", parse_hex("0504")) == 3
    assert command_distance(far, DATA, "RU-KA", parse_hex("0405")) == 4
    assert gives_shift(far, DATA, "RU-KA", ("RU-12", "RU-4C"))  # 2 of 4 Steps: half
    assert not gives_shift(far, DATA, "RU-KA", ("RU-8", "RU-4C"))  # 2 of 6
    assert gives_shift(far, DATA, "RU-KA", ("RU-4C", "RU-D1"))  # the depot is not counted
    worn = far.with_unit("RU-8", steps_lost=2)  # Steps at the moment of combat: 2 of 4
    assert gives_shift(worn, DATA, "RU-KA", ("RU-8", "RU-4C"))


@pytest.mark.rules("gwe:10.33", "gwe:10.34")
def test_the_command_radius_and_enemy_zones_by_the_hqs_rating() -> None:
    state = opening(DATA).with_unit("RU-12", hex="0703")
    # 0305 to 0703 is 4 hexes, every short way through a central zone (AH-24's, the fortress's)
    assert parse_hex("0305").distance(parse_hex("0703")) == 4
    assert command_distance(state, DATA, "RU-KA", parse_hex("0703")) == 5  # TCR 3: round it
    nationalities = dict(DATA.counters.nationalities)
    nationalities["RU"] = nationalities["RU"].model_copy(update={"tcr": 1})
    rated_1 = dataclasses.replace(
        DATA, counters=DATA.counters.model_copy(update={"nationalities": nationalities}))
    assert command_distance(state, rated_1, "RU-KA", parse_hex("0703")) == 4
    blocked = state.with_unit("RU-KA", hex="0302")  # behind the prohibited side
    assert command_distance(blocked, DATA, "RU-KA", parse_hex("0303")) == 2  # round by 0202


@pytest.mark.rules("gwe:10.22", "gwe:10.21")
def test_one_shift_per_command_level() -> None:
    state = opening(DATA).with_unit("GE-XK", place="map", hex="0706")
    attackers = ("GE-35",)  # in 0705: beside both corps HQs, 2 from the army's in 0906
    assert attack_shift(state, DATA, ("GE-HL",), attackers) == 1
    assert attack_shift(state, DATA, ("GE-XK", "GE-HL"), attackers) == 2  # two corps: one
    assert attack_shift(state, DATA, ("GE-HL", "GE-XK"), attackers) == 1
    assert attack_shift(state, DATA, ("GE-HL", "AH-A4"), attackers) == 2  # corps and army


@pytest.mark.rules("gwe:11.13", "gwe:11.12")
def test_fortress_losses_the_rulebooks_own_examples() -> None:
    assert fortress_loss("1", 8) == 4  # a fortress and two divisions, result 1
    assert (0, 4) in absorptions(4, 4, 4) and (2, 0) in absorptions(4, 4, 4)
    assert absorptions(4, 4, 4) == [(0, 4), (1, 2), (2, 0)]
    assert fortress_loss("3", 4) == 6  # an unoccupied fortress, result 3
    assert absorptions(6, 4, 0) == [(3, 0)]  # 3 fortress Steps
    assert fortress_loss("E", 7) == 7 and fortress_loss("1", 3) == 2  # 8.9: rounded up
    assert absorptions(3, 4, 1) == [(1, 1), (2, 0)]
    assert absorptions(12, 4, 2) == [(4, 2)]  # more than all: everything


@pytest.mark.rules("gwe:10.32", "gwe:10.33", "gwe:10.34")
@pytest.mark.parametrize("seed", range(4))
def test_a_hqs_command_area_is_every_hex_traced_within_its_radius(
        seed: int, galicia: GweData) -> None:
    """command_area (one trace a position and HQ, bounded by the radius) holds exactly the hexes
    command_distance (one trace a hex) finds within the radius, at the same distances, in
    Galician positions with units scattered (Enemy zones and units in the way)."""
    rng = random.Random(seed)
    state = initial_state(galicia, ("C", "E"))
    hexes = sorted(galicia.hexes)
    for unit_id in rng.sample(sorted(state.units), 60):
        state = state.with_unit(unit_id, place="map", hex=str(rng.choice(hexes)))
    hqs = [u for u, _ in state.on_map() if galicia.units[u].hq is not None]
    assert hqs
    for hq_id in hqs:
        rating = galicia.units[hq_id].hq
        assert rating is not None
        area = command_area(state, galicia, hq_id)
        start = parse_hex(str(state.unit(hq_id).hex))
        near = [h for h in hexes if h.distance(start) <= rating.command_radius + 2]
        traced = {h: command_distance(state, galicia, hq_id, h) for h in near}
        assert dict(area) == {h: d for h, d in traced.items()
                              if d is not None and d <= rating.command_radius}
