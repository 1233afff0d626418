"""Where the program keeps what it can make again (the parser's tables, compiled templates, the
checked data set), so that each command starts without making them: $GM_CACHE_DIR, else
$XDG_CACHE_HOME/gamesmaster, else ~/.cache/gamesmaster, private to the user: made 0700 (with
every folder missing on the way to it), every entry made 0600 (gm.core.private), whatever the
umask. Every entry is keyed by what it was made from; None when no folder can be had (the
program then makes them afresh, as it would the first time).

What is read back from it may be code (a pickle, compiled templates, the parser's tables), so
a folder another could have put there is not used: one that is a symbolic link, or another
user's, or one others may write (the program says so once, on stderr, and caches nothing). One
of the user's that others may only read is made 0700. Each entry is read only from a regular
file of the user's that no one else may write (gm.core.private.open_own): any other is a miss."""

from __future__ import annotations

import os
import stat
import sys
from functools import cache
from pathlib import Path

from gm.core.private import FOLDER_MODE, OPEN_TO_OTHERS, private_folder, untrusted


@cache
def cache_dir() -> Path | None:
    chosen = os.environ.get("GM_CACHE_DIR")
    if chosen:
        folder = Path(chosen)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        folder = Path(base) / "gamesmaster"
    try:
        if not os.path.lexists(folder):
            private_folder(folder)
        refused = _refused(folder)
    except OSError:
        return None
    if refused is not None:
        print(f"gm: the cache folder {folder} is not used ({refused}): nothing is cached",
              file=sys.stderr)
        return None
    return folder


def _refused(folder: Path) -> str | None:
    """Why the cache folder is not to be used; None when it may be (made 0700 if others may
    read it: a folder an older version made, or one the user named)."""
    found = folder.lstat()
    if stat.S_ISLNK(found.st_mode):
        return "it is a symbolic link: name the folder itself"
    if not stat.S_ISDIR(found.st_mode):
        return "it is not a folder"
    why = untrusted(found)
    if why is not None:
        return why
    if stat.S_IMODE(found.st_mode) & OPEN_TO_OTHERS:
        os.chmod(folder, FOLDER_MODE)
    return None
