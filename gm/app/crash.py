"""Crash points for the crash tests: GM_CRASH_AT=<name> kills the process there (SIGKILL)."""

from __future__ import annotations

import os
import signal


def crash_point(name: str) -> None:
    if os.environ.get("GM_CRASH_AT") == name:
        os.kill(os.getpid(), signal.SIGKILL)
