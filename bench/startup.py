"""Cold start-up of the `gm` command against its baselines, measured in the same run.

Targets (issue 2): `gm --help` within 1.5x `python -c "import click"`; `gm data check`
within 3x `python -c "import click, pydantic"`. Each command runs RUNS times in a fresh
interpreter; the median wall time is compared. Run: .venv/bin/python bench/startup.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

RUNS = 15
GM = str(Path(sys.executable).with_name("gm"))
PAIRS = [
    ("gm --help", [GM, "--help"], "import click", [sys.executable, "-c", "import click"], 1.5),
    ("gm data check", [GM, "data", "check"], "import click, pydantic",
     [sys.executable, "-c", "import click, pydantic"], 3.0),
]


def median_seconds(command: list[str]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    failed = False
    for name, command, base_name, base, target in PAIRS:
        median_seconds(command)  # warm the file cache; "cold" means a fresh interpreter
        ours, theirs = median_seconds(command), median_seconds(base)
        ratio = ours / theirs
        verdict = "ok" if ratio <= target else "OVER TARGET"
        failed |= ratio > target
        print(f"{name:15s} {ours * 1000:7.1f} ms   {base_name:24s} {theirs * 1000:7.1f} ms   "
              f"ratio {ratio:4.2f} (target {target})  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
