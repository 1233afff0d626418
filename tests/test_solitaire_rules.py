"""The solitaire game's rules that are functions of the map and the position (issue 17,
gm/games/rcw/rules/solitaire.py): each non-Red force's target path (21.13, 21.21, 21.22) and
the victory at the end of a Game-Turn (28.0)."""

from __future__ import annotations

from collections import deque
from itertools import pairwise

import pytest

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.rules.solitaire import (
    TARGETS,
    auxiliary_stacks,
    exchange_losses,
    solitaire_victory,
    target_paths,
    weakest,
    white_stacks,
)
from gm.games.rcw.rules.stacking import stack_problems


def _rail_distance(data: GameData, start: str) -> int:
    """Fewest rail steps from `start` to Petrograd or Tver, counted afresh."""
    seen, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        if here in TARGETS:
            return seen[here]
        for there in data.provinces[here].rail:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    raise AssertionError(f"{start} is off the rail net")


@pytest.mark.rules("21.13", "21.22", "21.24")
def test_every_force_has_the_fewest_rail_provinces_to_tver_or_petrograd(data: GameData
                                                                       ) -> None:
    for province in data.provinces:
        paths = target_paths(data, province)
        assert paths, province
        for path in paths:
            assert path[0] == province and path[-1] in TARGETS
            assert all(data.rail_linked(a, b) for a, b in pairwise(path))
            assert len(path) - 1 == _rail_distance(data, province)
        assert len(set(paths)) == len(paths)
    assert len(target_paths(data, "KIEV")) > 1  # a tie: a die chooses among them (21.22)
    assert target_paths(data, "TVER") == [("TVER",)]  # there already


@pytest.mark.rules("21.21")
def test_a_force_off_the_rail_net_first_reaches_it(data: GameData) -> None:
    """A GM's map with KUBA off the rail net: the force goes by the fewest provinces to one
    whose rail lines lead to Tver or Petrograd, then along them (ruling R59)."""
    provinces = tuple(p.model_copy(update={"rail": () if p.code == "KUBA" else tuple(
        n for n in p.rail if n != "KUBA")}) for p in data.map.provinces)
    cut = GameData(directory=data.directory, counters=data.counters,
                   map=data.map.model_copy(update={"provinces": provinces}))
    paths = target_paths(cut, "KUBA")
    assert paths and all(cut.adjacent(path[0], path[1]) for path in paths)
    assert all(all(cut.rail_linked(a, b) for a, b in pairwise(path[1:]))
               for path in paths)
    assert {len(path) for path in paths} == {len(paths[0])}


DENIKIN_STACK = [251, 201]  # White units
LENIN_STACK = [151, 101]


@pytest.mark.rules("28.11", "28.12", "28.13", "28.14", "28.15")
@pytest.mark.parametrize("position, turn, result", [
    ({"TVER": [DENIKIN_STACK], "PETR": [LENIN_STACK]}, 3, "non-red decisive"),
    ({"PETR": [LENIN_STACK], "OMSK": [[255, 222]]}, 4, "red decisive"),  # Siberia not counted
    ({"PETR": [LENIN_STACK]}, 5, "red decisive"),
    ({"PETR": [LENIN_STACK]}, 6, "red substantive"),
    ({"PETR": [LENIN_STACK]}, 7, "red marginal"),
    ({"PETR": [LENIN_STACK], "KUBA": [DENIKIN_STACK]}, 6, None),
    ({"PETR": [LENIN_STACK], "KUBA": [DENIKIN_STACK]}, 7, "draw"),
])
def test_the_solitaire_victory(data: GameData, position: dict[str, list[list[int]]],
                               turn: int, result: str | None) -> None:
    stacks = {code: [list(s) for s in piles] for code, piles in position.items()}
    assert solitaire_victory(stacks, data, turn) == result


@pytest.mark.rules("22.1", "7.11", "5.14")
def test_white_units_stack_as_22_1_orders(data: GameData) -> None:
    """Denikin (251, value 3) takes the three strongest; Mai-Maevsky (253) goes on top, with
    no room left under five units; the rest stack without a leader."""
    units = [253, 251, 221, 202, 201, 222, 210, 212]
    stacks = white_stacks(units, data)
    assert stacks == [(253, 251, 201, 212, 202), (210, 221, 222)]
    assert all(stack_problems(stack, data) == [] for stack in stacks)
    assert sorted(u for stack in stacks for u in stack) == sorted(units)
    assert white_stacks([256, 255], data) == [(256, 255)]  # leaders alone stack together


@pytest.mark.rules("22.1", "7.11")
def test_white_leaders_alone_stack_strongest_first(data: GameData) -> None:
    """22.1's last sentence: with no White combat unit in the province the leaders stack "to
    the greatest and strongest possible extent" within five (7.11): the five greatest
    Leadership Values together (3+3+2+2+2), not the five lowest numbers (3+3+2+2+1); the
    first placed at the bottom, as when combat units are there (ruling R69)."""
    stacks = white_stacks([251, 252, 253, 254, 255, 256, 257], data)
    assert stacks == [(257, 254, 253, 252, 251), (256, 255)]
    assert all(stack_problems(stack, data) == [] for stack in stacks)
    assert white_stacks([255, 257], data) == [(255, 257)]  # Krasnov (2) placed first
    assert white_stacks([255, "CZAR", 257], data) == [(255, 257, "CZAR")]  # under him


@pytest.mark.rules("22.1", "13.21", "13.22", "13.42")
def test_the_czar_goes_under_the_first_white_leader_who_takes_two_more(data: GameData) -> None:
    """Kappel (270, value 1) with the Czar attaches three combat units, not one; without a
    leader the Czar stays under the strongest combat units."""
    stacks = white_stacks([270, "CZAR", 221, 202, 201, 222, 210], data)
    assert stacks == [(270, "CZAR", 201, 202, 210), (221, 222)]
    assert all(stack_problems(stack, data) == [] for stack in stacks)
    assert white_stacks([221, "CZAR", 202], data) == [(202, 221, "CZAR")]


@pytest.mark.rules("22.2", "7.14")
def test_blue_and_green_units_stack_by_nationality(data: GameData) -> None:
    stacks = auxiliary_stacks([402, 403, 401, 301, 302], data)
    assert stacks == [(403,), (401, 402), (301, 302)]
    assert all(stack_problems(stack, data) == [] for stack in stacks)


@pytest.mark.rules("23.11")
def test_the_weakest_force(data: GameData) -> None:
    assert weakest([(151, 101), (113,), (114,)], data) == [1, 2]  # equal: a die chooses


@pytest.mark.rules("23.16", "8.43")
@pytest.mark.parametrize("units, points, lost", [
    ([211, 212], 2, [212]),  # White 1 and 3 for 2: the 3 alone, not 1 + 3
    ([211, 212], 1, [211]),
    ([211, 212, 202], 2, [202]),  # the 2 exactly
    ([211, 221, 212], 2, [211, 221]),  # 1 + 1: two points, not three
    ([212, 202, 213], 4, [202, 213]),  # 2 + 2 rather than 3 + 2 (5)
    ([212, 211, 202, 213], 4, [202, 213]),  # 3 + 1 or 2 + 2: the 2s go, the 3 is kept
    ([401, 308, 212], 2, [401]),  # Blue first; its 2 is enough
    ([402, 308, 212], 2, [402, 308]),  # Blue 1, then Green 2: all Blue before any Green
    ([402, 309, 212, 251], 6, [402, 309, 212, 251]),  # everything, leader last
    ([401, 212, 251, 253], 7, [401, 212, 253]),  # 2 + 3, then the weaker leader (2) is enough
    ([401, 212], 9, [401, 212]),  # fewer points than owed: all of them
])
def test_the_least_exchange_loss_in_23_16_order(data: GameData, units: list[int],
                                                points: int, lost: list[int]) -> None:
    """The fewest Strength Points that fulfil 8.43, then the fewest units, every unit of a
    class before any of the next (23.16, ruling R61)."""
    assert sorted(exchange_losses(units, points, data)) == sorted(lost)
