"""The scripted Decision in Galicia campaign (fixtures/gwe-campaign) on the real Galician
position: the Russian Player-Turn of Game-Turn 7 (its three Phases, 4.0 A.1-A.3, with the
script's orders: moves, refused lines, an attack across a river) adjudicated by the campaign's
engine with seeded dice; then each reader's report of its Combat Phase (the GM's and each
player's) built and rendered (text, HTML with its map, JSON), and one PNG of the map. The
figures are printed; nothing is asserted.
Run: .venv/bin/python bench/gwe_campaign.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import timed
from gm.app.campaign import open_campaign
from gm.app.reports import phase_report
from gm.core.dice import SeededDice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.engine.campaign import play_phase
from gm.games.gwe.grammar.messages import parse_message
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.state import GweState
from gm.reporting.picture import picture
from gm.reporting.render import Format, render_report
from tests.gwe_scripted import SCRIPT, phase_files, play

FORMATS: tuple[Format, ...] = ("text", "html", "json")


def player_turn(state: GweState, data: GweData, written: dict[int, dict[str, str]]) -> int:
    """The Player-Turn's three Phases from `state`; the number of order results."""
    names = Names(data)
    count = 0
    for phase in (1, 2, 3):
        orders = {p: parse_message(text, names).orders
                  for p, text in written.get(phase, {}).items()}
        played = play_phase(state, data, orders, SeededDice("bench", f"7.{phase}"))
        count += len(played.results)
        state = played.after
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "dig"
        for _ in play(folder, until=(7, 3)):
            pass
        campaign = open_campaign(folder)
        store, row = campaign.store, campaign.row
        start = next(e for e in store.entries(row) if e.action == "start")
        state = store.state_at(row, start.seq).state
        data = campaign.data
        assert isinstance(state, GweState) and isinstance(data, GweData)
        written = {phase: {Path(name).stem.split("-")[1]: (SCRIPT / name).read_text(
            encoding="utf-8") for name in phase_files(7, phase)} for phase in (1, 2, 3)}
        orders = player_turn(state, data, written)
        turns = [timed(lambda: player_turn(state, data, written)) for _ in range(rounds)]
        readers: list[str | None] = [None, *state.players]
        built = {reader: phase_report(campaign, 7, 3, reader) for reader in readers}

        def model(reader: str | None) -> float:
            return statistics.median(timed(partial(phase_report, campaign, 7, 3, reader))
                                     for _ in range(rounds))

        def render(reader: str | None) -> None:
            for fmt in FORMATS:
                render_report(built[reader], fmt)

        modelled = {reader: model(reader) for reader in readers}
        rendered = {reader: statistics.median(timed(partial(render, reader))
                                              for _ in range(rounds)) for reader in readers}

        def one_png() -> None:
            assert picture(built[readers[-1]]) is not None

        pngs = [timed(one_png) for _ in range(rounds)]
    print(f"gwe Decision in Galicia, the Russian Player-Turn of Game-Turn 7 (3 Phases, "
          f"{orders} order results, {sum(u.place == 'map' for u in state.units.values())} "
          f"units on the map): {1000 * statistics.median(turns):.0f} ms (median of {rounds})")
    print("  its Combat Phase's report, per reader: the model (routes, odds, map), then "
          "text+HTML+JSON rendered")
    for reader in readers:
        print(f"    {reader or 'GM'}: model {1000 * modelled[reader]:.0f} ms, rendered "
              f"{1000 * rendered[reader]:.0f} ms")
    print(f"  one PNG of the map ({readers[-1]}'s): {1000 * statistics.median(pngs):.0f} ms")


if __name__ == "__main__":
    main()
