"""The data set the program runs on: read, then checked whole (gm/games/rcw/data/checks.py);
or, when this very data set passed before, taken checked from the cache (cache.py)."""

from __future__ import annotations

from pathlib import Path

from gm.core.data import DataError
from gm.games.rcw.data.cache import recall, remember
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR, GameData


def load_game_data(directory: Path | None = None) -> GameData:
    """The data set the program runs on: schema, consistency and rulebook facts all pass."""
    folder = directory or DEFAULT_DATA_DIR
    known = recall(folder)
    if known is not None:
        return GameData(directory=folder, map=known[0], counters=known[1])
    from gm.games.rcw.data.checks import check_data_set, check_directory  # lazy: cache miss
    from gm.games.rcw.data.reading import read_data_set  # lazy: YAML, on a cache miss only

    data, _ = read_data_set(folder, lined=False)
    if data is not None and not check_data_set(data):
        remember(folder, data)
        return data
    raise DataError(check_directory(folder))  # read again with lines, to place the problems
