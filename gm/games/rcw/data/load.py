"""The data set the program runs on: read, then checked whole (gm/games/rcw/data/checks.py).

A data set that passed every check is kept, checked, in the cache folder (gm/core/cachedir.py),
under the digest of its files and of the code that reads and checks them: the next command
takes it from there, and any change to either is read and checked afresh."""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

from gm.core.cachedir import cache_dir
from gm.core.data import DataError
from gm.games.rcw.data.dataset import (
    COUNTERS_FILE,
    DEFAULT_DATA_DIR,
    MAP_FILE,
    GameData,
)

_READERS = [Path(__file__).with_name(name) for name in
            ("models.py", "dataset.py", "reading.py", "checks.py", "facts.py", "load.py")]


def _cached(folder: Path) -> Path | None:
    cache = cache_dir()
    if cache is None:
        return None
    digest = hashlib.sha256()
    try:
        for path in (folder / MAP_FILE, folder / COUNTERS_FILE, *_READERS):
            digest.update(path.read_bytes())
    except OSError:
        return None  # a file missing: read_data_set says which
    return cache / f"rcw-data-{digest.hexdigest()}.pickle"


def load_game_data(directory: Path | None = None) -> GameData:
    """The data set the program runs on: schema, consistency and rulebook facts all pass."""
    folder = directory or DEFAULT_DATA_DIR
    cached = _cached(folder)
    if cached is not None and cached.is_file():
        try:
            map_file, counters = pickle.loads(cached.read_bytes())
            return GameData(directory=folder, map=map_file, counters=counters)
        except Exception:  # a damaged entry is made again, never trusted
            cached.unlink(missing_ok=True)
    from gm.games.rcw.data.checks import check_data_set, check_directory  # lazy: cache miss
    from gm.games.rcw.data.reading import read_data_set  # lazy: YAML, on a cache miss only

    data, _ = read_data_set(folder, lined=False)
    if data is not None and not check_data_set(data):
        if cached is not None:
            partial = cached.with_suffix(".part")
            partial.write_bytes(pickle.dumps((data.map, data.counters)))
            partial.replace(cached)  # whole or not at all, whoever reads it meanwhile
        return data
    raise DataError(check_directory(folder))  # read again with lines, to place the problems
