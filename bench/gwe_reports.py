"""A Decision in Galicia report on the real Galician position (the reconstructed data set, both
deployments closed at their default hexes, seeded attrition): one reader's report model, the
Russian player's as Game-Turn 7 opens (YOUR FORCES: every unit's reach; a MOVE for each) and
in his Combat Phase (every attack open and its odds), the GM's; then that reader's report
rendered as text, HTML and JSON, and his PNG; and the PNGs of a Phase's three readers (the GM,
C, E), as a mail round makes them (the map they share is rendered once a Phase). Each round is
a position not seen before (a copy of the state), so that nothing found for one round is kept
for the next.
Goal (issue 29): a report model well under 0.3 s.
Run: .venv/bin/python bench/gwe_reports.py [--rounds N]
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import timed
from gm.core.dice import SeededDice
from gm.core.state import PLAY
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.reports.model import Report
from gm.games.gwe.reports.report import build_report
from gm.games.gwe.setup.closing import close_deployment, new_game
from gm.games.gwe.state import GweState
from gm.games.registry import system_for
from gm.reporting.picture import _base, picture
from gm.reporting.render import Format, render_report

RUSSIAN = "E"
FORMATS: tuple[Format, ...] = ("text", "html", "json")


def galician_position(data: GweData) -> GweState:
    """Game-Turn 7 as play opens: both sides deployed at their default hexes (26.31)."""
    state = new_game(data, ("C", "E"), None)
    while state.stage != PLAY:
        state, _ = close_deployment(state, data, SeededDice("bench", state.stage))
    return state


def median_ms(run: Callable[[], object], rounds: int) -> float:
    return 1000 * statistics.median(timed(run) for _ in range(rounds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    data = system_for("gwe").load_data()
    assert isinstance(data, GweData)
    opening = galician_position(data)
    combat = opening.model_copy(update={"phase": 3})

    def model(state: GweState, reader: str | None) -> Callable[[], Report]:
        return lambda: build_report("bench", None, state.model_copy(deep=True), data, [],
                                    reader)

    model(opening, RUSSIAN)()  # templates compiled, data's lookups made
    for title, state, reader in (("Movement Phase, Russian player", opening, RUSSIAN),
                                 ("Combat Phase, Russian player", combat, RUSSIAN),
                                 ("Movement Phase, the GM", opening, None)):
        print(f"gwe report model, {title}: {median_ms(model(state, reader), rounds):.0f} ms")
    report = model(opening, RUSSIAN)()
    for fmt in FORMATS:
        took = median_ms(functools.partial(render_report, report, fmt), rounds)
        print(f"gwe report rendered as {fmt}: {took:.1f} ms")
    print(f"gwe report's PNG, the Phase's shared map rendered already: "
          f"{median_ms(lambda: picture(report), rounds):.0f} ms")
    readers = [model(opening, r)() for r in (None, "C", RUSSIAN)]

    def phase_pngs() -> None:
        _base.cache_clear()  # a new Phase: its shared map not yet rendered
        for each in readers:
            picture(each)

    print(f"gwe PNGs of a Phase's 3 readers: {median_ms(phase_pngs, rounds):.0f} ms")


if __name__ == "__main__":
    main()
