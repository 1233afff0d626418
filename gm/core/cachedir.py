"""Where the program keeps what it can make again (the parser's tables, compiled templates, the
checked data set), so that each command starts without making them: $GM_CACHE_DIR, else
$XDG_CACHE_HOME/gamesmaster, else ~/.cache/gamesmaster, private to the user. Every entry is
keyed by what it was made from; None when no folder can be had (the program then makes them
afresh, as it would the first time)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path


@cache
def cache_dir() -> Path | None:
    chosen = os.environ.get("GM_CACHE_DIR")
    if chosen:
        folder = Path(chosen)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        folder = Path(base) / "gamesmaster"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if folder.stat().st_uid != os.getuid():
            return None  # another user's: never load what he wrote
    except OSError:
        return None
    return folder
