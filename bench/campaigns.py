"""Random 6-player campaigns played to the end (gm/games/rcw/simulation/simulate.py): phases
adjudicated per second, against the First Phase benchmark's phases per second in the same
run; and whole games per second, postal (17.0) beside standard (4.2: six Player-Turns a
Game-Turn); and 1,000 solitaire games (18.0-28.0) of each scripted Red Player against the
program's non-Red Player, the simple one (issue 17) and the competent one (issue 23,
gm/games/rcw/simulation/competent.py), on the same seeds: how often each result occurs, the
Game-Turn the games end on, the time a game. The difficulty so measured is the reconstructed
data set's (gm/games/rcw/dataset/) unless `--data` names a GM's own.
Goal (issue 5): a whole campaign well under a second.
Run: .venv/bin/python bench/campaigns.py [--solitaire-only] [--games N] [--data DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import timed
from gm.core.dice import SeededDice
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.engine.postal import adjudicate
from gm.games.rcw.simulation import solitaire
from gm.games.rcw.simulation.competent import competent_red
from gm.games.rcw.simulation.generate import random_first_phase_orders
from gm.games.rcw.simulation.simulate import play, start
from gm.games.rcw.state import Mode

CAMPAIGNS = 10
TURN_LIMIT = 40
SOLITAIRE_GAMES = 1000


def games(data: GameData, mode: Mode) -> tuple[list[float], int, list[int], list[str]]:
    """(seconds a game, adjudications, last Game-Turns, victories) of CAMPAIGNS games."""
    seconds: list[float] = []
    turns: list[int] = []
    endings: list[str] = []
    phases = 0
    for seed in range(CAMPAIGNS):
        state = start(data, "ABCDEF", seed, mode)
        began = time.perf_counter()
        played = list(play(data, state, seed, TURN_LIMIT))
        seconds.append(time.perf_counter() - began)
        phases += len(played)
        turns.append(played[-1].after.turn)
        endings.append(played[-1].after.victory or "none")
    return seconds, phases, turns, endings


RED_PLAYERS: dict[str, solitaire.RedPlayer] = {"simple": solitaire.simple_red,
                                               "competent": competent_red}
RESULTS = ("non-red decisive", "draw", "red marginal", "red substantive", "red decisive")


def solitaire_games(data: GameData, games: int) -> None:
    """`games` games (seeds 0 to games - 1) of each scripted Red Player to their end: each
    result's share, the Game-Turn they end on, the time a game (set-up and Game-Turn 1's
    non-Red Player-Turn included)."""
    print(f"{games} solitaire games a Red Player (seeds 0-{games - 1}), against the program's "
          f"non-Red Player, on the data set of {data.directory}:")
    for name, red in RED_PLAYERS.items():
        results: Counter[str] = Counter()
        ended: Counter[int] = Counter()
        seconds: list[float] = []
        for seed in range(games):
            began = time.perf_counter()
            last = state = solitaire.start(data, seed)
            for phase in solitaire.play(data, state, seed, red):
                last = phase.after
            seconds.append(time.perf_counter() - began)
            results[last.victory or "none"] += 1
            ended[last.turn] += 1
        shares = ", ".join(f"{result} {results[result]} ({results[result] * 100 / games:.1f}%)"
                           for result in RESULTS)
        print(f"  {name} Red: {shares}")
        print("    ended on Game-Turn " + ", ".join(
            f"{turn}: {n}" for turn, n in sorted(ended.items())) +
            f"; a game: median {statistics.median(seconds) * 1000:.1f} ms, mean "
            f"{statistics.fmean(seconds) * 1000:.1f} ms, longest {max(seconds) * 1000:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solitaire-only", action="store_true",
                        help="only the solitaire games of the scripted Red Players")
    parser.add_argument("--games", type=int, default=SOLITAIRE_GAMES,
                        help=f"solitaire games a Red Player (default {SOLITAIRE_GAMES})")
    parser.add_argument("--data", type=Path, default=None,
                        help="a data set of the GM's own (default: the reconstructed one)")
    arguments = parser.parse_args()
    data = load_game_data(arguments.data)
    if arguments.solitaire_only:
        solitaire_games(data, arguments.games)
        return 0
    seconds, phases, turns, endings = games(data, "postal")
    rate = phases / sum(seconds)
    state = start(data, "ABCDEF", 99)
    orders = {p: random_first_phase_orders(state, data, p, random.Random(1))
              for p in state.players}
    first = statistics.median(timed(lambda: adjudicate(
        state, data, orders, SeededDice("b", "p"))) for _ in range(20))
    print(f"{CAMPAIGNS} campaigns, {phases} phases (orders generated and adjudicated), "
          f"turns {min(turns)}-{max(turns)}, victories {', '.join(sorted(set(endings)))}")
    print(f"whole campaign: median {statistics.median(seconds) * 1000:.0f} ms, "
          f"longest {max(seconds) * 1000:.0f} ms")
    print(f"{rate:.0f} phases per second; a bare First Phase: {1 / first:.0f} per second "
          f"(ratio {rate * first:.2f})")
    standard_seconds, player_turns, standard_turns, standard_endings = games(data, "standard")
    print(f"whole games per second: postal {CAMPAIGNS / sum(seconds):.1f} "
          f"(turns {min(turns)}-{max(turns)}), standard {CAMPAIGNS / sum(standard_seconds):.1f} "
          f"({player_turns} Player-Turns, turns {min(standard_turns)}-{max(standard_turns)}, "
          f"victories {', '.join(sorted(set(standard_endings)))}; "
          f"{player_turns / sum(standard_seconds):.0f} Player-Turns per second)")
    solitaire_games(data, arguments.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
