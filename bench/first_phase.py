"""A 6-player First Phase with random legal orders (gm/games/rcw/simulation/generate.py:
every force of the start position ordered, with detachments, attachments, gifts,
assassinations), against
deep-copying the state's JSON in the same run. Goal (issue 4): under 10 ms.
Run: .venv/bin/python bench/first_phase.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import timed
from gm.core.dice import SeededDice
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.engine.postal import adjudicate
from gm.games.rcw.simulation.generate import random_first_phase_orders
from tests.conftest import deployed

ROUNDS = 30


def main() -> int:
    data = load_game_data()
    state = deployed(data, "ABCDEF", "bench")
    rng = random.Random(1918)
    orders = {p: random_first_phase_orders(state, data, p, rng, limit=30)
              for p in state.players}
    count = sum(len(o) for o in orders.values())
    text = state.to_json()
    rounds = [(timed(lambda: json.loads(text)),
               timed(lambda: adjudicate(state, data, orders,
                                                    SeededDice("bench", "phase"))))
              for _ in range(ROUNDS)]
    copy = statistics.median(r[0] for r in rounds)
    phase = statistics.median(r[1] for r in rounds)
    print(f"orders: {count} ({count / 6:.1f} a player)")
    print(f"deep copy of the state's JSON  {copy * 1000:7.3f} ms")
    print(f"First Phase adjudication       {phase * 1000:7.3f} ms   ratio {phase / copy:.0f}x"
          f"   goal < 10 ms: {'ok' if phase < 0.010 else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
