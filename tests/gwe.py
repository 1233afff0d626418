"""The synthetic Great War in the East data set the gwe tests play on (fixtures/gwe)."""

from __future__ import annotations

from pathlib import Path

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.reading import read_data_set

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "gwe"


def fixture_data() -> GweData:
    data, problems = read_data_set(FIXTURE, lined=False)
    assert data is not None, problems
    return data
