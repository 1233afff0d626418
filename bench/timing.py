"""Timing shared by the benchmarks."""

from __future__ import annotations

import time
from collections.abc import Callable


def timed(run: Callable[[], object]) -> float:
    """Seconds one call of `run` takes."""
    start = time.perf_counter()
    run()
    return time.perf_counter() - start
