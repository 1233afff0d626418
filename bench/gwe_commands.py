"""Great War in the East's commands against their library floor, in one run (issue 37).

The floor is what a command must load and do whatever it reports: the libraries (click,
sqlite3, pydantic's models, jinja2, lark, the e-mail parser) and one scrypt check. Each
command runs on the gwe demo campaign (`gm demo --game gwe`, made here in a temporary
folder), as installed (with its bytecode), the best of RUNS fresh interpreters.

Targets: every command within 1.5x the floor; a reader's PNG within 2x his text report.
Run: .venv/bin/python bench/gwe_commands.py [--runs N]
"""

from __future__ import annotations

import compileall
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 7
PY = sys.executable
GM = str(Path(PY).with_name("gm"))
FLOOR = ("import click, sqlite3, pydantic.main, jinja2, lark.lark, email.parser, email.policy, "
         "hashlib; hashlib.scrypt(b'x', salt=bytes(16), n=2**14, r=8, p=1)")


def best(command: list[str]) -> float:
    """The fastest of RUNS runs (the least disturbed by the rest of the machine)."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    # as installed: where PYTHONDONTWRITEBYTECODE is set, each run would compile the program
    for package in ("gm", "orders_grammar"):
        compileall.compile_dir(ROOT / package, quiet=1)
    work = Path(tempfile.mkdtemp(prefix="gm-gwe-bench-"))
    try:
        subprocess.run([GM, "demo", "--game", "gwe", str(work / "demo")], check=True,
                       stdout=subprocess.DEVNULL)
        campaign = str(work / "demo" / "demo")
        floor = best([PY, "-c", FLOOR])
        print(f"{'floor':32s} {floor * 1000:5.0f} ms")
        text = 0.0
        within = True
        for name, args in (
                ("gm report --player E", ["report", campaign, "--player", "E"]),
                ("gm report --player E (png)", ["report", campaign, "--player", "E",
                                                "--format", "png"]),
                ("gm report (GM, text)", ["report", campaign]),
                ("gm show", ["show", campaign]),
                ("gm status", ["status", campaign]),
                ("gm history", ["history", campaign])):
            took = best([GM, *args])
            text = took if name == "gm report --player E" else text
            ratio = took / floor
            within = within and ratio <= 1.5
            extra = f"   {took / text:.2f}x his text report" if "png" in name else ""
            print(f"{name:32s} {took * 1000:5.0f} ms   {ratio:4.2f}x the floor"
                  f"{'' if ratio <= 1.5 else '  OVER 1.5x'}{extra}")
        return 0 if within else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
