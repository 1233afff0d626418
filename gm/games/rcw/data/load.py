"""The data set the program runs on: read, then checked whole (gm/games/rcw/data/checks.py);
or, when this very data set passed before, taken checked from the cache (cache.py)."""

from __future__ import annotations

from pathlib import Path

from gm.core.data import DataError
from gm.games.rcw.data.cache import entry_for, recall, remember
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR, GameData

# The data sets this process has loaded, by their cache entry (the digest of their files) as
# it stands: a host's hundred campaigns on one data set share one, read once.
_LOADED: dict[tuple[Path, Path, int, int], GameData] = {}


def _as_kept(folder: Path) -> tuple[Path, Path, int, int] | None:
    """The folder (its other files, the drawn map's areas, are read from it), its data set's
    cache entry and the entry's state on disk (rewritten, it is another), if there is one."""
    entry = entry_for(folder)
    if entry is None:
        return None
    try:
        found = entry.stat()
    except OSError:
        return None
    return folder.resolve(), entry, found.st_mtime_ns, found.st_size


def load_game_data(directory: Path | None = None) -> GameData:
    """The data set the program runs on: schema, consistency and rulebook facts all pass."""
    folder = directory or DEFAULT_DATA_DIR
    kept = _as_kept(folder)
    if kept is not None and kept in _LOADED:
        return _LOADED[kept]
    known = recall(folder)
    if known is not None:
        loaded = GameData(directory=folder, map=known[0], counters=known[1])
        if kept is not None:
            _LOADED[kept] = loaded
        return loaded
    from gm.games.rcw.data.checks import check_data_set, check_directory  # lazy: cache miss
    from gm.games.rcw.data.reading import read_data_set  # lazy: YAML, on a cache miss only

    data, _ = read_data_set(folder, lined=False)
    if data is not None and not check_data_set(data):
        remember(folder, data)
        return data
    raise DataError(check_directory(folder))  # read again with lines, to place the problems
