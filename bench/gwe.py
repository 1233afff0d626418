"""A Great War in the East Player-Turn on the synthetic map (fixtures/gwe), all three of its
Phases (4.0 A.1-A.3) adjudicated from written orders by gm/games/gwe/engine, seeded dice:
Player-Turns per second, and the time of one.
Run: .venv/bin/python bench/gwe.py [--turns N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gm.core.dice import SeededDice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.engine.phase import Sides, adjudicate_phase
from gm.games.gwe.games import read_bound
from gm.games.gwe.grammar.messages import parse_message
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.state import initial_state

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "gwe"
SIDES = Sides({"A": "allied", "B": "central"}, "allied")
HEAD = "GAME bench\nPLAYER {}\nPASSWORD x\n"
PHASES = {  # the allied Player-Turn of Game-Turn 1: each Phase's messages
    1: {"A": "COMMAND RU-KA: RU-8 RU-12 RU-4C\nMOVE RU-12: 0405-0505\n"
             "MOVE RU-8: 0405-0404\nRAIL RU-D1: 0205-0305 DETRAIN\n",
        "B": "DEFEND 0604 RETREAT 0604-0704-0804\nWITHDRAW AH-24\n"},
    2: {"A": "FOLLOW 0604 WITH RU-4C\n", "B": "DEFEND 0705 RESULT 1 OPTION 2\n"},
    3: {"A": "ATTACK 0604 WITH RU-4C RU-12 ADVANCE RU-4C\n", "B": ""},
}


def player_turn(data: GweData, seed: str) -> int:
    """One Player-Turn from the set-up, its messages parsed and adjudicated; the number of
    orders adjudicated."""
    names = Names(data)
    state = initial_state(data, ("A", "B"))
    count = 0
    for phase, written in PHASES.items():
        state = state.model_copy(update={"phase": phase})
        orders = {p: parse_message(HEAD.format(p) + text, names).orders
                  for p, text in written.items()}
        done = adjudicate_phase(state, data, SIDES, orders, SeededDice(seed, f"p{phase}"))
        count += len(done.results)
        state = done.state
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=200)
    turns = parser.parse_args().turns
    data, problems = read_bound(FIXTURE, lined=False)
    assert data is not None, problems
    player_turn(data, "warm-up")
    started = time.perf_counter()
    orders = sum(player_turn(data, f"seed{n}") for n in range(turns))
    took = time.perf_counter() - started
    print(f"gwe Player-Turn (3 Phases, {orders // turns} orders, synthetic map): "
          f"{turns / took:,.0f} a second, {1000 * took / turns:.2f} ms each ({turns} turns)")


if __name__ == "__main__":
    main()
