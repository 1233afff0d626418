"""Crash points for the crash and race tests: GM_CRASH_AT=<name> kills the process there
(SIGKILL); GM_PAUSE_AT=<name> stops it there until the test lets it go: it writes
$GM_PAUSE_DIR/<name>.reached and waits for $GM_PAUSE_DIR/<name>.go (for at most PAUSE_SECONDS);
a test in the same process may put a function in HOOKS[<name>] (threads meeting there)."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

HOOKS: dict[str, Callable[[], None]] = {}
PAUSE_SECONDS = 600.0


def crash_point(name: str) -> None:
    hook = HOOKS.get(name)
    if hook is not None:
        hook()
    if os.environ.get("GM_CRASH_AT") == name:
        os.kill(os.getpid(), signal.SIGKILL)
    if os.environ.get("GM_PAUSE_AT") == name:
        _pause(Path(os.environ.get("GM_PAUSE_DIR", ".")), name)


def _pause(folder: Path, name: str) -> None:
    (folder / f"{name}.reached").write_text(str(os.getpid()), encoding="utf-8")
    deadline = time.monotonic() + PAUSE_SECONDS
    while not (folder / f"{name}.go").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
