"""Where a Russian Civil War data set that passed every check is kept (gm/core/datacache.py):
its map and counters, under the digest of its files and of the code that reads and checks
them."""

from __future__ import annotations

from pathlib import Path

from gm.core import datacache
from gm.games.rcw.data.dataset import COUNTERS_FILE, MAP_FILE, GameData
from gm.games.rcw.data.models import CountersFile, MapFile

_HERE = Path(__file__).resolve().parent
# the code that reads and checks a data set, and the rulebook's own data it checks against
_READERS = sorted([*_HERE.glob("*.py"), *_HERE.glob("*.yaml")])


def entry_for(folder: Path) -> Path | None:
    """Where the data set in `folder` is kept once checked (None: no cache, or a file
    missing)."""
    return datacache.entry_for("rcw-data", (folder / MAP_FILE, folder / COUNTERS_FILE),
                               _READERS)


def recall(folder: Path) -> tuple[MapFile, CountersFile] | None:
    """The data set as it passed every check, if this very one did before."""
    kept = datacache.recall(entry_for(folder), (MapFile, CountersFile))
    if kept is None:
        return None
    map_file, counters = kept
    assert isinstance(map_file, MapFile) and isinstance(counters, CountersFile)
    return map_file, counters


def remember(folder: Path, data: GameData) -> None:
    """Keep a data set that passed every check."""
    datacache.remember(entry_for(folder), (data.map, data.counters))
