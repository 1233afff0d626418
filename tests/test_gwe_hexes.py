"""Great War in the East's hex grid (2.1, ruling G1): ids, neighbours, distance, hexsides."""

from __future__ import annotations

import itertools
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.games.gwe.data.hexes import Hex, HexError, hexside, parse_hex


def _ids(hexes: tuple[Hex, ...]) -> set[str]:
    return {str(h) for h in hexes}


@pytest.mark.rules("gwe:2.1")
def test_hex_ids_read_and_written_with_the_map_letter() -> None:
    assert parse_hex("0307") == Hex("", 3, 7)
    assert str(parse_hex("s0307")) == "s0307"  # Serbia/Galicia errata: Belgrade
    assert str(parse_hex("G2809")) == "g2809"  # 25.2: Jabloniza Pass, written lower case
    assert parse_hex(" 2422 ").column == 24


@pytest.mark.rules("gwe:2.1")
@pytest.mark.parametrize("text", ["307", "x03070", "03a7", "ss0307", "", "s-307"])
def test_a_bad_hex_id_is_a_clear_error(text: str) -> None:
    with pytest.raises(HexError, match="not a hex"):
        parse_hex(text)


@pytest.mark.rules("gwe:2.1", "gwe:7.11")
def test_the_rulebooks_lagoon_is_ringed_by_its_coastal_hexes() -> None:
    """Caporetto 9.12's clarification: lagoon hex 2422's six neighbours are all among the
    listed lagoon coastal hexes; 2424's five of six (the sixth, 2525, unlisted)."""
    coastal = {"2526", "2524", "2523", "2522", "2425", "2423", "2421", "2325", "2324", "2323",
               "2322"}
    assert _ids(parse_hex("2422").neighbours()) <= coastal
    assert _ids(parse_hex("2424").neighbours()) - coastal == {"2525"}


@pytest.mark.rules("gwe:2.1")
def test_the_rulebooks_rail_line_near_warsaw_is_contiguous() -> None:
    """Von Hindenburg 17.53 names rail hexes 0417, 0518, 0618 and 0619: each the next one's
    neighbour only if even columns sit lower (ruling G1)."""
    line = [parse_hex(h) for h in ("0417", "0518", "0618", "0619")]
    assert all(b in a.neighbours() for a, b in itertools.pairwise(line))


def test_neighbours_of_even_and_odd_columns() -> None:
    assert _ids(parse_hex("0417").neighbours()) == {"0416", "0418", "0317", "0318", "0517",
                                                    "0518"}
    assert _ids(parse_hex("0518").neighbours()) == {"0517", "0519", "0417", "0418", "0617",
                                                    "0618"}
    assert _ids(parse_hex("0101").neighbours()) == {"0100", "0102", "0000", "0200", "0001",
                                                    "0201"}
    assert _ids(parse_hex("0000").neighbours()) == {"0001", "0100", "0101"}
    assert parse_hex("s0307").neighbours()[0] == parse_hex("s0306")  # same map, from north


@pytest.mark.rules("gwe:10.33")
def test_distance_counts_hexes_the_far_one_included() -> None:
    assert parse_hex("0417").distance(parse_hex("0417")) == 0
    assert parse_hex("0417").distance(parse_hex("0619")) == 3
    assert parse_hex("0101").distance(parse_hex("0501")) == 4
    assert parse_hex("0101").distance(parse_hex("0105")) == 4
    with pytest.raises(HexError, match="different maps"):
        parse_hex("g0101").distance(parse_hex("s0101"))


def _bfs_distance(start: Hex, goal: Hex) -> int:
    seen, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        for n in here.neighbours():
            if n not in seen:
                seen[n] = seen[here] + 1
                queue.append(n)
    raise AssertionError("unreachable")


hexes = st.builds(Hex, st.just(""), st.integers(2, 30), st.integers(2, 30))


@settings(deadline=None)  # no wall-clock limit: the machine is shared
@given(hexes, hexes)
def test_distance_is_the_fewest_steps_between_neighbours(a: Hex, b: Hex) -> None:
    assert a.distance(b) == _bfs_distance(a, b) == b.distance(a)


@settings(deadline=None)
@given(hexes)
def test_neighbourhood_is_symmetric(a: Hex) -> None:
    for n in a.neighbours():
        assert a in n.neighbours()
        assert a.distance(n) == 1


@pytest.mark.rules("gwe:7.11", "gwe:8.61")
def test_a_hexside_is_the_same_named_from_either_side() -> None:
    a, b = parse_hex("0417"), parse_hex("0518")
    assert hexside(a, b) == hexside(b, a)
    assert str(hexside(b, a)) == "0417/0518"
    assert a.direction_to(b) == "SE" and b.direction_to(a) == "NW"
    with pytest.raises(HexError, match="not neighbours"):
        hexside(a, parse_hex("0619"))
