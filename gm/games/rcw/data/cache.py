"""Where a data set that passed every check is kept (gm/core/cachedir.py): under the digest of
its files and of the code that reads and checks them, so that any change to either misses, and
the next command takes the checked data set from there instead of reading YAML. An entry is a
pickle, so it is read only from a file of the user's that no one else may write."""

from __future__ import annotations

import hashlib
import pickle
from contextlib import suppress
from pathlib import Path

from gm.core.cachedir import cache_dir
from gm.core.private import read_own, write_private
from gm.games.rcw.data.dataset import COUNTERS_FILE, MAP_FILE, GameData
from gm.games.rcw.data.models import CountersFile, MapFile

_HERE = Path(__file__).resolve().parent
# the code that reads and checks a data set, and the rulebook's own data it checks against
_READERS = sorted([*_HERE.glob("*.py"), *_HERE.glob("*.yaml")])


def entry_for(folder: Path) -> Path | None:
    """Where the data set in `folder` is kept once checked: named by the digest of its files
    and of the code that checks them (None: no cache, or a file missing)."""
    cache = cache_dir()
    if cache is None:
        return None
    digest = hashlib.sha256()
    try:
        for path in (folder / MAP_FILE, folder / COUNTERS_FILE, *_READERS):
            digest.update(path.read_bytes())
    except OSError:
        return None  # a file missing: reading the data set says which
    return cache / f"rcw-data-{digest.hexdigest()}.pickle"


def recall(folder: Path) -> tuple[MapFile, CountersFile] | None:
    """The data set as it passed every check, if this very one did before."""
    entry = entry_for(folder)
    kept = None if entry is None else read_own(entry)  # never one another may have written
    if entry is None or kept is None:
        return None
    try:
        map_file, counters = pickle.loads(kept)
    except Exception:  # a damaged entry is made again, never trusted
        entry.unlink(missing_ok=True)
        return None
    if not isinstance(map_file, MapFile) or not isinstance(counters, CountersFile):
        return None
    return map_file, counters


def remember(folder: Path, data: GameData) -> None:
    """Keep a data set that passed every check."""
    entry = entry_for(folder)
    if entry is None:
        return
    with suppress(OSError):  # not kept: the next command checks it again
        # whole or not at all, whoever reads it meanwhile; mode 0600
        write_private(entry, pickle.dumps((data.map, data.counters)))
