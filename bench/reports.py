"""Rendering every report of a 6-player phase (the GM's and each player's, in text, HTML with
its map, and JSON, each player's with YOUR FORCES and his template of every legal order), and
the map as PNG for mail (one per phase: every reader's mail carries the same one), against
adjudicating that phase, in the same run. The target (issue 13): within 5x the adjudication.
The phase reported is a First Phase's, so the next is a Second Phase (attacks and their odds);
the models of the reports before a First Phase and before a standard Player-Turn (every
stack's routes, issue 25) are measured too, each round on a position not seen before (the
routes are found once per phase and kept for every reader).
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
from gm.games.rcw.state import Mode
from gm.reporting.events import events_of
from gm.reporting.picture import png_of
from gm.reporting.render import Format, render_map, render_report

ROUNDS = 9
FORMATS: tuple[Format, ...] = ("text", "html", "json")
TARGET = 5.0


def main() -> int:
    data = load_game_data()
    state = start(data, "ABCDEF", 7)
    orders = {p: random_first_phase_orders(state, data, p, random.Random(7))
              for p in state.players}

    def first_phase() -> object:
        return adjudicate(state, data, orders, SeededDice("b", "p"))

    result = adjudicate(state, data, orders, SeededDice("b", "p"))
    events = events_of(result.timeline)
    readers = [None, *state.players]

    def models() -> list[object]:
        return [build_report("bench", state, result.state, data, events, player=reader)
                for reader in readers]

    def render_all() -> None:
        for reader in readers:
            model = build_report("bench", state, result.state, data, events, player=reader)
            for fmt in FORMATS:
                render_report(model, fmt)

    gm_model = build_report("bench", state, result.state, data, events)

    def picture() -> None:
        svg = render_map(gm_model)
        assert svg is not None
        png_of.cache_clear()
        png_of(svg)

    render_all()  # templates compiled once, as in a running gm
    picture()
    openings = {mode: [start(data, "ABCDEF", seed, mode) for seed in (7, 8)]
                for mode in ("postal", "standard")}
    turn = iter(range(10**6))

    def routes(mode: Mode) -> object:  # another position each round: nothing remembered
        opening = openings[mode][next(turn) % 2]
        return [build_report("bench", None, opening, data, [], player=reader, drawn=False)
                for reader in [None, *opening.players]]

    rounds = [(timed(first_phase), timed(models), timed(render_all), timed(picture),
               timed(lambda: routes("postal")), timed(lambda: routes("standard")))
              for _ in range(ROUNDS)]
    phase, built, rendered, png, moving, standard = (
        statistics.median(r[i] for r in rounds) for i in range(6))
    whole = rendered + png
    print(f"adjudicating the phase                        {phase * 1000:8.2f} ms")
    print(f"7 report models (GM + 6 players)              {built * 1000:8.2f} ms   "
          f"ratio {built / phase:6.1f}x")
    print(f"7 models before a First Phase (routes)        {moving * 1000:8.2f} ms   "
          f"ratio {moving / phase:6.1f}x")
    print(f"7 models before a standard Player-Turn        {standard * 1000:8.2f} ms   "
          f"ratio {standard / phase:6.1f}x")
    print(f"7 reports, text + HTML + JSON (models too)    {rendered * 1000:8.2f} ms   "
          f"ratio {rendered / phase:6.1f}x")
    print(f"the map as PNG (resvg), once per phase        {png * 1000:8.2f} ms   "
          f"ratio {png / phase:6.1f}x")
    print(f"all of it                                     {whole * 1000:8.2f} ms   "
          f"ratio {whole / phase:6.1f}x (target {TARGET:.0f}x: "
          f"{'met' if whole / phase <= TARGET else 'not met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
