"""The data set the program runs on: read, then checked whole (gm/games/rcw/data/checks.py)."""

from __future__ import annotations

from pathlib import Path

from gm.core.data import DataError
from gm.games.rcw.data.checks import check_data_set, check_directory
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR, GameData, read_data_set


def load_game_data(directory: Path | None = None) -> GameData:
    """The data set the program runs on: schema, consistency and rulebook facts all pass."""
    folder = directory or DEFAULT_DATA_DIR
    data, _ = read_data_set(folder, lined=False)
    if data is not None and not check_data_set(data):
        return data
    raise DataError(check_directory(folder))  # read again with lines, to place the problems
