"""Where the program keeps what it can make again (the parser's tables, compiled templates, the
checked data set), so that each command starts without making them: $GM_CACHE_DIR, else
$XDG_CACHE_HOME/gamesmaster, else ~/.cache/gamesmaster, private to the user: made 0700 (with
every folder missing on the way to it), every entry made 0600 (gm.core.private), whatever the
umask. Every entry is keyed by what it was made from; None when no folder can be had (the
program then makes them afresh, as it would the first time).

What is read back from it may be code (a pickle, compiled templates, the parser's tables), so
a folder another could have put there is not used: one that is a symbolic link, or another
user's (the program says so once, on stderr, and caches nothing). A folder of the user's own
that others may read or write is made 0700 first: from then on only he may put anything in it,
and what another put there before is his, not the user's, so no entry of it is read. Each
entry is read only from a regular file of the user's that no one else may write
(gm.core.private.open_own): any other is a miss, made again in its place."""

from __future__ import annotations

import os
import stat
import sys
from functools import cache
from pathlib import Path

from gm.core.private import FOLDER_MODE, OPEN_TO_OTHERS, private_folder

_FOLDER = getattr(os, "O_DIRECTORY", 0)
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # a link put in its place since is not followed


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
    """Why the cache folder is not to be used; None when it may be: a folder of the user's own
    (not a link to one), made 0700 if others may read or write it (one an older version made,
    or the user made or named, under a loose umask)."""
    found = folder.lstat()
    if stat.S_ISLNK(found.st_mode):
        return "it is a symbolic link: name the folder itself"
    if not stat.S_ISDIR(found.st_mode):
        return "it is not a folder"
    if found.st_uid != os.getuid():
        return "it belongs to another user"
    if stat.S_IMODE(found.st_mode) & OPEN_TO_OTHERS:
        descriptor = os.open(folder, os.O_RDONLY | _FOLDER | _NO_FOLLOW)
        try:
            opened = os.fstat(descriptor)
            if (opened.st_dev, opened.st_ino) != (found.st_dev, found.st_ino):
                return "it was replaced while it was looked at"
            os.fchmod(descriptor, FOLDER_MODE)
        finally:
            os.close(descriptor)
    return None
