"""Claims: one worker at a time does a piece of work (a campaign's round, reading the shared
mailbox), across processes and, with PostgreSQL, across machines; a worker that dies, even
killed, lets go of its claims at once, so no work stays claimed by nobody.

PostgreSQL: a session advisory lock, on a connection held apart for claims (its end is the
worker's end). SQLite: an exclusive flock on a file beside the database (a SQLite database is
one machine's anyway); the kernel drops it with the process."""

from __future__ import annotations

import fcntl
import hashlib
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gm.core.errors import GameError
from gm.store.base import Database

POLL_SECONDS = 0.05
_CLAIMING: dict[tuple[str, int], Any] = {}  # (url, thread) -> the connection claims use


def _number(key: str) -> int:
    """The advisory lock's key: 64 bits of the claim's name."""
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big", signed=True)


def _try_pg(database: Database, key: str) -> Any:
    slot = (database.url, threading.get_ident())
    connection = _CLAIMING.get(slot)
    if connection is None:
        connection = _CLAIMING[slot] = database.new_connection()
    row = connection.execute("SELECT pg_try_advisory_lock(%s) AS got", (_number(key),)
                             ).fetchone()
    return connection if row["got"] else None


def _try_file(database: Database, key: str) -> int | None:
    path = Path(f"{database.path}.claim-{hashlib.sha256(key.encode()).hexdigest()[:16]}")
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    except OSError as exc:
        raise GameError(f"cannot claim {key} beside {database.path}: {exc.strerror}") from None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        return None
    return descriptor


@contextmanager
def claimed(database: Database, key: str, wait: float = 0,
            waiting: Callable[[], None] | None = None) -> Iterator[bool]:
    """Whether this worker holds `key` for the block; `wait`: seconds to wait for a holder to
    let go (0: give up at once, the work is someone else's now); `waiting()` is called once
    when another holds it and this waits."""
    deadline = time.monotonic() + wait
    held: Any = None  # the claims connection (PostgreSQL) or the locked file's descriptor
    while True:
        held = _try_pg(database, key) if database.dialect == "postgresql" else \
            _try_file(database, key)
        if held is not None or time.monotonic() >= deadline:
            break
        if waiting is not None:
            waiting()
            waiting = None
        time.sleep(POLL_SECONDS)
    try:
        yield held is not None
    finally:
        if held is None:
            pass  # not ours: nothing to let go of
        elif database.dialect == "postgresql":
            held.execute("SELECT pg_advisory_unlock(%s)", (_number(key),))
        else:
            fcntl.flock(held, fcntl.LOCK_UN)
            os.close(held)
