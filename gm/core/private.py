"""Files only their user may read (issue 24): a campaign's folder and database hold the players'
orders and mail, a cache what the program made for its user. A folder is made 0700 and a file
0600 as it is made, whatever the umask (which can only take bits away from the mode asked for,
and is set exactly once the thing is there and still empty); never written first and closed
after. Every folder missing on the way to it is made 0700 too, so that no one else may rename
it aside and put his own in its place. What an older version made more open is tightened when
the program next opens it, if it belongs to this user (another's is left as it is).

What the program reads back from its cache it trusts only from a file of this user's that no
one else may write, opened without following a symbolic link (`read_own`, `open_own`)."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

FOLDER_MODE = 0o700
FILE_MODE = 0o600
OPEN_TO_OTHERS = 0o077  # the group's and everyone's bits
WRITABLE_BY_OTHERS = 0o022  # the group's and everyone's write bits
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # a symbolic link is refused, not followed
_FOLDER = getattr(os, "O_DIRECTORY", 0)
_NO_WAIT = getattr(os, "O_NONBLOCK", 0)  # a FIFO put in a file's place does not hold us up


def make_folders(folder: Path, mode: int) -> None:
    """`folder` made, and every folder missing on the way to it, each of exactly `mode`
    whatever the umask (mkdir's own `parents` gives the missing parents the umask's mode)."""
    missing = []
    here = folder
    while not os.path.lexists(here):
        missing.append(here)
        if here.parent == here:
            break
        here = here.parent
    for made in reversed(missing):
        try:
            os.mkdir(made, mode)  # never more open than `mode`, from the start
        except FileExistsError:
            continue  # made meanwhile by another process: its maker chose its mode
        descriptor = os.open(made, os.O_RDONLY | _FOLDER | _NO_FOLLOW)  # the one just made
        try:
            os.fchmod(descriptor, mode)  # and what the umask took away given back
        finally:
            os.close(descriptor)


def private_folder(folder: Path) -> Path:
    """`folder` (and any parent missing, each 0700) made; it is 0700 if it is this user's."""
    make_folders(folder, FOLDER_MODE)
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
    write_whole(path, data, FILE_MODE)


def write_whole(path: Path, data: bytes, mode: int) -> None:
    """`path` written whole with `data`, of exactly `mode` whatever the umask and never more
    open than it: a file of its own beside it, written, then put in its place. That file is
    new (O_EXCL: what is found at its name is never opened, a file or a link another put
    there) and its name unpredictable (64 random bits, not the process id another can
    guess)."""
    descriptor, partial = _new_file(path, mode)
    try:
        os.fchmod(descriptor, mode)  # what the umask took away given back
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, path)


def _new_file(path: Path, mode: int) -> tuple[int, Path]:
    """A new, empty file beside `path`, of at most `mode`, under a name no one can foresee:
    its descriptor (open to write) and its path."""
    while True:
        partial = path.with_name(f".{path.name}.{os.urandom(8).hex()}.part")
        try:
            return os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW,
                           mode), partial
        except FileExistsError:  # 64 random bits already there: draw again
            continue


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


def untrusted(found: os.stat_result) -> str | None:
    """Why a file or folder, as stat found it, is not to be trusted (None: it may be): it is
    another user's, or another user may write it."""
    if found.st_uid != os.getuid():
        return "it belongs to another user"
    if stat.S_IMODE(found.st_mode) & WRITABLE_BY_OTHERS:
        return "others may write it"
    return None


def open_own(path: Path) -> BinaryIO | None:
    """`path` open for reading if it is a regular file of this user's that no one else may
    write (it is opened without following a symbolic link, and what was opened is checked);
    None otherwise, or if there is none: what another may have put there is never read."""
    try:
        descriptor = os.open(path, os.O_RDONLY | _NO_FOLLOW | _NO_WAIT)
    except OSError:
        return None
    try:
        found = os.fstat(descriptor)
        if not stat.S_ISREG(found.st_mode) or untrusted(found) is not None:
            os.close(descriptor)
            return None
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def read_own(path: Path) -> bytes | None:
    """The bytes of `path`, if it is a file `open_own` opens; None otherwise."""
    opened = open_own(path)
    if opened is None:
        return None
    with opened:
        try:
            return opened.read()
        except OSError:
            return None
