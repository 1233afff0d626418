"""Where the program keeps what it can make again (the parser's tables, compiled templates, the
checked data set), so that each command starts without making them: $GM_CACHE_DIR, else
$XDG_CACHE_HOME/gamesmaster, else ~/.cache/gamesmaster, private to the user: made 0700, every
entry made 0600 (gm.core.private), whatever the umask. Every entry is keyed by what it was
made from; None when no folder can be had (the program then makes them afresh, as it would
the first time)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from gm.core.private import private_folder


@cache
def cache_dir() -> Path | None:
    chosen = os.environ.get("GM_CACHE_DIR")
    if chosen:
        folder = Path(chosen)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        folder = Path(base) / "gamesmaster"
    try:
        if not folder.exists():  # one there already may be a folder the user named: left as is
            private_folder(folder)
        if folder.stat().st_uid != os.getuid():
            return None  # another user's: never load what he wrote
    except OSError:
        return None
    return folder
