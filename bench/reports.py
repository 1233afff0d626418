"""Rendering the report of a 6-player First Phase in all three formats (model built once, then
text, HTML with its map, JSON), against adjudicating that phase, in the same run.
Run: .venv/bin/python bench/reports.py
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import timed
from gm.core.dice import SeededDice
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.engine.postal import adjudicate
from gm.games.rcw.reports.build import build_report
from gm.games.rcw.simulation.generate import random_first_phase_orders
from gm.games.rcw.simulation.simulate import start
from gm.reporting.events import events_of
from gm.reporting.render import Format, render_report

ROUNDS = 15
FORMATS: tuple[Format, ...] = ("text", "html", "json")


def main() -> int:
    data = load_game_data()
    state = start(data, "ABCDEF", 7)
    orders = {p: random_first_phase_orders(state, data, p, random.Random(7))
              for p in state.players}

    def first_phase() -> object:
        return adjudicate(state, data, orders, SeededDice("b", "p"))

    result = adjudicate(state, data, orders, SeededDice("b", "p"))

    def render_all() -> None:
        model = build_report("bench", state, result.state, data, events_of(result.timeline))
        for fmt in FORMATS:
            render_report(model, fmt)

    render_all()  # templates compiled once, as in a running gm
    rounds = [(timed(first_phase), timed(render_all)) for _ in range(ROUNDS)]
    phase = statistics.median(r[0] for r in rounds)
    render = statistics.median(r[1] for r in rounds)
    print(f"adjudicating the phase      {phase * 1000:7.2f} ms")
    print(f"report: text + HTML + JSON  {render * 1000:7.2f} ms   ratio {render / phase:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
