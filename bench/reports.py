"""Rendering every report of a 6-player phase (the GM's and each player's, in text, HTML with
its map, and JSON, each player's with YOUR FORCES and his template of every legal order)
against adjudicating that phase, in the same run (issue 13: within 5x the adjudication); and
the map as PNG for mail: every reader's own (his stacks outlined, his caption), the shared
layers rendered once per phase, for a phase of 3 and of 6 players, against one PNG rendered
whole by resvg as before (issue 25: all of a 6-player phase within 2x); and the size of each
player's mail (text, HTML, his PNG, the HTML page attached). The phase reported is a First
Phase's, so the next is a Second Phase (attacks and their odds); the models of the reports
before a First Phase and before a standard Player-Turn (every stack's routes, issue 25) are
measured too, each round on a position not seen before (the routes are found once per phase
and kept for every reader).
Run: .venv/bin/python bench/reports.py
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import datetime as dt

from bench.timing import timed
from gm.core.dice import SeededDice
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.engine.postal import adjudicate
from gm.games.rcw.reports.build import build_report
from gm.games.rcw.simulation.generate import random_first_phase_orders
from gm.games.rcw.simulation.simulate import start
from gm.games.rcw.state import Mode
from gm.messages.compose import Ids, MapPicture, report_mail
from gm.reporting import picture as pictures
from gm.reporting.events import events_of
from gm.reporting.render import Format, render_map, render_report

ROUNDS = 9
FORMATS: tuple[Format, ...] = ("text", "html", "json")
TARGET = 5.0
PNG_TARGET = 2.0


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

    def picture() -> None:  # one PNG, the whole map rendered by resvg, as before issue 25
        svg = render_map(gm_model)
        assert svg is not None
        pictures.png_of(svg)

    def every_picture(players: str) -> Callable[[], None]:
        small = start(data, players, 7)
        small_orders = {p: random_first_phase_orders(small, data, p, random.Random(7))
                        for p in small.players}
        done = adjudicate(small, data, small_orders, SeededDice("b", "p"))
        found = events_of(done.timeline)
        models = [build_report("bench", small, done.state, data, found, player=reader)
                  for reader in [None, *small.players]]

        def run() -> None:
            pictures._shared.cache_clear()
            for model in models:
                pictures.picture(model)
        return run

    render_all()  # templates compiled once, as in a running gm
    picture()
    three, six = every_picture("ABC"), every_picture("ABCDEF")
    three()
    openings = {mode: [start(data, "ABCDEF", seed, mode) for seed in (7, 8)]
                for mode in ("postal", "standard")}
    turn = iter(range(10**6))

    def routes(mode: Mode) -> object:  # another position each round: nothing remembered
        opening = openings[mode][next(turn) % 2]
        return [build_report("bench", None, opening, data, [], player=reader, drawn=False)
                for reader in [None, *opening.players]]

    rounds = [(timed(first_phase), timed(models), timed(render_all), timed(picture),
               timed(three), timed(six), timed(lambda: routes("postal")),
               timed(lambda: routes("standard"))) for _ in range(ROUNDS)]
    phase, built, rendered, png, png3, png6, moving, standard = (
        statistics.median(r[i] for r in rounds) for i in range(8))
    whole = rendered + png6
    print(f"adjudicating the phase                        {phase * 1000:8.2f} ms")
    print(f"7 report models (GM + 6 players)              {built * 1000:8.2f} ms   "
          f"ratio {built / phase:6.1f}x")
    print(f"7 reports, text + HTML + JSON (models too)    {rendered * 1000:8.2f} ms   "
          f"ratio {rendered / phase:6.1f}x (target {TARGET:.0f}x: "
          f"{'met' if rendered / phase <= TARGET else 'not met'})")
    print(f"7 models before a First Phase (routes)        {moving * 1000:8.2f} ms   "
          f"ratio {moving / phase:6.1f}x")
    print(f"7 models before a standard Player-Turn        {standard * 1000:8.2f} ms   "
          f"ratio {standard / phase:6.1f}x")
    print(f"one PNG of the whole map (resvg), as before   {png * 1000:8.2f} ms")
    print(f"every reader's PNG, 3 players (4 PNGs)        {png3 * 1000:8.2f} ms   "
          f"ratio {png3 / png:6.2f}x one PNG")
    print(f"every reader's PNG, 6 players (7 PNGs)        {png6 * 1000:8.2f} ms   "
          f"ratio {png6 / png:6.2f}x one PNG (target {PNG_TARGET:.0f}x: "
          f"{'met' if png6 / png <= PNG_TARGET else 'not met'})")
    print(f"all of it (reports and every PNG)             {whole * 1000:8.2f} ms   "
          f"ratio {whole / phase:6.1f}x the adjudication")
    sizes = []
    for reader in state.players:
        model = build_report("bench", state, result.state, data, events, player=reader)
        png_bytes = pictures.picture(model)
        assert png_bytes is not None
        mail = report_mail(Ids("bench", "0123456789abcdef"), "gm@example.org",
                           f"{reader}@example.org", reader,
                           model.title, render_report(model, "text"),
                           render_report(model, "html", map_image="cid:map"),
                           dt.datetime(2026, 1, 1, tzinfo=dt.UTC), "report",
                           MapPicture(png_bytes, "map", render_report(model, "html")))
        sizes.append((len(mail.mime.encode()), len(png_bytes)))
    print(f"a player's mail, as sent                      {min(s for s, _ in sizes) / 1000:6.0f}"
          f"-{max(s for s, _ in sizes) / 1000:.0f} kB (his PNG "
          f"{min(p for _, p in sizes) / 1000:.0f}-{max(p for _, p in sizes) / 1000:.0f} kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
