"""Decision in Galicia's data (issue 28): the start line's Army boundaries as data, checked by
`gm data check`; Friendly map edges and supply depots so both sides can trace supply (9.0,
9.13, 9.16); the default deployment of 1 Sept 1914 (deployment.yaml)."""

from __future__ import annotations

import dataclasses

import pytest

from gm.games.gwe.data.checks import check_data_set
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.reading import read_data_set
from gm.games.gwe.system import GreatWarInTheEast


@pytest.fixture(scope="module")
def galicia() -> GweData:
    data, problems = read_data_set(GreatWarInTheEast().default_data_dir())
    assert data is not None, problems
    return data


def with_start_lines(data: GweData, **armies: dict[str, str]) -> GweData:
    lines = tuple(line.model_copy(update={"armies": armies.get(f"s{i}", line.armies)})
                  for i, line in enumerate(data.map.start_lines))
    return dataclasses.replace(data, map=data.map.model_copy(update={"start_lines": lines}))


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_an_army_without_counters_or_a_unit_without_a_sector_is_a_problem(
        galicia: GweData) -> None:
    assert check_data_set(galicia) == []
    broken = with_start_lines(galicia, s0={"central": "7", "allied": "4"})
    messages = [(p.file.rsplit("/", 1)[-1], p.line > 0, p.message)
                for p in check_data_set(broken)]
    assert ("map.yaml", True, "start line '1 September 1914: AH 1st Army / RU 4th Army': no "
            "central counter belongs to army '7' (an id such as XX-7-I; Serbia/Galicia "
            "26.31)") in messages
    assert ("counters.yaml", True, "AH-1-I: sets up, but no start-line sector names its army "
            "'1' for the central side (Serbia/Galicia 26.31)") in messages
