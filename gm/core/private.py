"""Files only their user may read (issue 24): a campaign's folder and database hold the players'
orders and mail, a cache what the program made for its user. A folder is made 0700 and a file
0600 as it is made, whatever the umask (which can only take bits away from the mode asked for,
and is set exactly once the thing is there and still empty); never written first and closed
after. What an older version made more open is tightened when the program next opens it, if
it belongs to this user (another's is left as it is)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

FOLDER_MODE = 0o700
FILE_MODE = 0o600
OPEN_TO_OTHERS = 0o077  # the group's and everyone's bits


def private_folder(folder: Path) -> Path:
    """`folder` (and any parent missing) made; it is 0700 if it is this user's."""
    folder.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
    found = folder.stat()
    if found.st_uid == os.getuid() and stat.S_IMODE(found.st_mode) != FOLDER_MODE:
        os.chmod(folder, FOLDER_MODE)
    return folder


def create_private(path: Path) -> bool:
    """An empty file of mode 0600 at `path`, unless one is there; whether it was made."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        return False
    try:
        os.fchmod(descriptor, FILE_MODE)
    finally:
        os.close(descriptor)
    return True


def write_private(path: Path, data: bytes) -> None:
    """`path` written whole with `data`, mode 0600 from its first byte: a file of its own beside
    it, written, then put in its place (a reader sees the old file or the new one)."""
    partial = path.with_name(f".{path.name}.{os.getpid()}.part")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
    try:
        os.fchmod(descriptor, FILE_MODE)  # a part left by a crash had its own mode
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, path)


def tighten(path: Path) -> bool:
    """Take the group's and everyone's bits off a file or folder of this user's (one an older
    version made); whether it had any."""
    try:
        found = path.stat()
    except FileNotFoundError:
        return False
    mode = stat.S_IMODE(found.st_mode)
    if found.st_uid != os.getuid() or not mode & OPEN_TO_OTHERS:
        return False
    os.chmod(path, mode & ~OPEN_TO_OTHERS)
    return True
