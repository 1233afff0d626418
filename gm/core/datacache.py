"""Where a game's data set that passed every check is kept (gm/core/cachedir.py): under the
digest of its files and of the code that reads and checks them, so that any change to either
misses, and the next command takes the checked data set from there instead of reading YAML.
An entry is a pickle, so it is read only from a file of the user's that no one else may write.
Each game says which files and code make its data set (gm.games.<game>.data.cache)."""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path

from gm.core.cachedir import cache_dir
from gm.core.private import read_own, write_private


def entry_for(kind: str, files: Sequence[Path], readers: Sequence[Path]) -> Path | None:
    """Where a data set made of `files` is kept once checked by the code of `readers`: named
    by `kind` and their digest (None: no cache, or a file missing)."""
    cache = cache_dir()
    if cache is None:
        return None
    digest = hashlib.sha256()
    try:
        for path in (*files, *readers):
            digest.update(path.read_bytes())
    except OSError:
        return None  # a file missing: reading the data set says which
    return cache / f"{kind}-{digest.hexdigest()}.pickle"


def recall(entry: Path | None, types: Sequence[type]) -> tuple[object, ...] | None:
    """The models kept at `entry`, one of each of `types` in order, if they were kept."""
    kept = None if entry is None else read_own(entry)  # never one another may have written
    if entry is None or kept is None:
        return None
    try:
        models = pickle.loads(kept)
    except Exception:  # a damaged entry is made again, never trusted
        entry.unlink(missing_ok=True)
        return None
    if not isinstance(models, tuple) or len(models) != len(types) or not all(
            isinstance(model, kind) for model, kind in zip(models, types, strict=True)):
        return None
    return models


def remember(entry: Path | None, models: tuple[object, ...]) -> None:
    """Keep the models of a data set that passed every check."""
    if entry is None:
        return
    with suppress(OSError):  # not kept: the next command checks it again
        # whole or not at all, whoever reads it meanwhile; mode 0600
        write_private(entry, pickle.dumps(models))
