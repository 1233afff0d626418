"""`gm orders check FILE` and `gm orders echo FILE` without a campaign read Great War in the East
orders by its own grammar (issue 29): with --game gwe, or when the GAME line names a gwe
campaign whose folder is in the current directory; Russian Civil War's otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PLAYERS = ("-p", "C:Conrad:conrad@example.org:pwc", "-p", "E:Ivanov:ivanov@example.org:pwe")
ORDERS = ("GAME east\nPLAYER E\nTURN 8 PHASE 1\nRAIL RU-9-Gd: g0119-g0118-g0117 DETRAIN\n"
          "DETRAIN RU-9-XVIII\nMOVE RU-9-XVIII: g0119-g0219\nWITHHOLD RU-9-SD2\nEND\n")
ECHOED = ("GAME east\nPLAYER E\nTURN 8 PHASE 1\nRAIL RU-9-Gd: g0119-g0118-g0117 DETRAIN\n"
          "DETRAIN RU-9-XVIII\nMOVE RU-9-XVIII: g0119-g0219\nWITHHOLD RU-9-SD2\n")


def gm(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, "PYTHONIOENCODING": "utf-8"}, check=False)


def test_gwe_orders_are_read_by_the_gwe_grammar_with_game(tmp_path: Path) -> None:
    (tmp_path / "orders.txt").write_text(ORDERS, encoding="utf-8")
    checked = gm("orders", "check", "--game", "gwe", "orders.txt", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "All 4 orders accepted." in checked.stdout
    echoed = gm("orders", "echo", "--game", "gwe", "orders.txt", cwd=tmp_path)
    assert echoed.returncode == 0 and echoed.stdout == ECHOED, echoed.stderr
    # without --game and no such campaign here: Russian Civil War's grammar, as before
    rcw = gm("orders", "check", "orders.txt", cwd=tmp_path)
    assert rcw.returncode == 1 and "expected an order: GIVE, TRADE" in rcw.stdout
    unknown = gm("orders", "echo", "--game", "chess", "orders.txt", cwd=tmp_path)
    assert unknown.returncode == 1 and "Traceback" not in unknown.stderr
    assert "no game system 'chess'" in unknown.stderr


def test_the_game_line_names_a_gwe_campaign_here(tmp_path: Path) -> None:
    made = gm("new", "east", "--game", "gwe", *PLAYERS, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "orders.txt").write_text(ORDERS, encoding="utf-8")
    checked = gm("orders", "check", "orders.txt", cwd=tmp_path)
    assert "All 4 orders accepted." in checked.stdout, checked.stdout + checked.stderr
    echoed = gm("orders", "echo", "orders.txt", cwd=tmp_path)
    assert echoed.returncode == 0 and echoed.stdout == ECHOED, echoed.stderr
