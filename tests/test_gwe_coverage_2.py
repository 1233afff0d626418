"""Great War in the East's game equipment (2.0) as the data set reads it: the counters' printed
values (2.31), their size and type symbols (2.32, 2.33) and the charts (2.2)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from gm.games.gwe.data.models import Unit
from gm.games.gwe.data.values import stacking_points
from tests.gwe import fixture_data

DATA = fixture_data()


def _counter(**changes: Any) -> Unit:
    printed: dict[str, Any] = {
        "id": "XX-1", "nationality": "RU", "type": "infantry", "size": "division",
        "steps": [{"attack": 3, "defense": 4, "movement": 5},
                  {"attack": 1, "defense": 2, "movement": 5}],
        "setup": "0405", "source": "test"}
    return Unit.model_validate({**printed, **changes})


@pytest.mark.rules("gwe:2.0", "gwe:2.3", "gwe:2.31")
def test_a_counter_reads_as_printed_front_and_back() -> None:
    division = DATA.units["RU-12"]
    assert (division.size, division.type, division.setup) == ("division", "infantry", "0405")
    front, back = division.steps  # 2.31: the front, then the reduced strength on the back
    assert (front.attack, front.defense, front.movement) == (3, 4, 5)
    assert (back.attack, back.defense, back.movement) == (1, 2, 5)
    reinforcement = DATA.units["AH-9"].arrives  # 3.0, 2.31: Game-Turn and lettered hex
    assert reinforcement is not None and (reinforcement.turn, reinforcement.entry) == (2, "A")
    hq = DATA.units["GE-XK"].hq  # 2.31: a HQ's Command Strength, Attack Shift, Radius
    assert hq is not None and (hq.command_strength, hq.attack_shift, hq.command_radius) == \
        (6, 2, 3)
    assert DATA.units["GE-XK"].steps[0].defense == 1  # its Combat Strength
    with pytest.raises(ValidationError, match="a HQ unit, and only a HQ unit"):
        _counter(type="hq")  # a HQ counter without its ratings is misread
    with pytest.raises(ValidationError, match="set up"):
        _counter(arrives={"turn": 2, "entry": "A"})  # a set-up hex or an arrival, not both


@pytest.mark.rules("gwe:2.32", "gwe:6.11")
def test_the_size_symbols_and_their_stacking_points() -> None:
    by_size = {size: stacking_points(_counter(size=size))
               for size in ("regiment", "brigade", "division", "corps")}
    assert by_size == {"regiment": 1, "brigade": 1, "division": 2, "corps": 4}
    with pytest.raises(ValidationError):
        _counter(size="battalion")  # not a size symbol of 2.32


@pytest.mark.rules("gwe:2.33")
def test_the_type_symbols_the_counters_may_carry() -> None:
    for kind in ("infantry", "cavalry", "artillery", "naval_infantry", "depot",
                 "mountain_infantry"):
        assert _counter(type=kind).type == kind
    with pytest.raises(ValidationError):
        _counter(type="tank")  # not a type of 2.33
    assert {u.type for u in DATA.counters.units} >= {"infantry", "cavalry", "depot",
                                                      "mountain_infantry", "hq"}


@pytest.mark.rules("gwe:2.2", "gwe:5.4", "gwe:8.8", "gwe:8.9")
def test_the_charts_of_the_data_set() -> None:
    charts = DATA.charts
    assert set(charts.terrain) == {"clear", "forest", "broken", "swamp", "rough", "mountain"}
    assert {"minor_river", "major_river", "ridge", "prohibited"} <= set(charts.hexsides)
    assert [DATA.combat_table(tcr).columns[0] for tcr in (1, 2, 3, 4)] == \
        ["1-4", "1-3", "1-3", "1-2"]  # 8.8: a table by the attacker's rating
    assert set(charts.options.defender) == {"1", "2", "3", "E"}  # 8.9
    assert set(charts.options.attacker) == {"1", "2"}
