"""Serbia/Galicia 19.0, Marshall Putnik, on the synthetic Serbian front of fixtures/gwe-sg-serbia
(SE-SOK, his Attack Shift printed in parentheses): never a defensive shift (19.13, 18.2), and the
counters' sheet writes his shift as printed, `(1)`, and reads it back (ruling G94). His shift
through a second HQ (19.1-19.12) and his moving by rail alone (19.2) are the cases sg-19.*."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.exporting import _hq_cell
from gm.games.gwe.data.importing import _hq
from gm.games.gwe.exclusive.serbia_galicia.combat import defensive_problem, defensive_shifts
from tests.gwe import fixture_data, only

SERBIAN_FRONT = Path(__file__).parent.parent / "fixtures" / "gwe-sg-serbia"


@pytest.fixture(scope="module")
def front() -> GweData:
    return fixture_data(SERBIAN_FRONT)



@pytest.mark.rules("gwe-serbia-galicia:19.13", "gwe-serbia-galicia:18.2")
def test_putnik_never_shifts_defensively(front: GweData) -> None:
    state = only(front, SE_SOK="s0304", SE_D1="s0303", AH_D1="s0403")
    problem = defensive_problem(state, front, "SE-SOK", "allied", ["SE-D1"])
    assert problem is not None and "19.13" in problem
    assert defensive_shifts(state, front, "allied", ["SE-D1"], None)[0] == ()  # G41's default
    assert defensive_shifts(state, front, "allied", ["SE-D1"], ("SE-SOK",))[0] == ()


@pytest.mark.rules("gwe-serbia-galicia:19.1")
def test_a_parenthesized_shift_is_written_and_read_as_printed(front: GweData) -> None:
    putnik = front.units["SE-SOK"]
    assert putnik.hq is not None and putnik.hq.parenthesized
    assert _hq_cell(putnik) == "(1)-8-4 front"
    assert _hq("(1)-8-4 front") == {"attack_shift": 1, "command_radius": 8,
                                    "command_strength": 4, "level": "front", "heroic": False,
                                    "parenthesized": True}
    plain = _hq("1-6-12 army")
    assert plain is not None and not plain["parenthesized"]
