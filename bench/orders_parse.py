"""Order lines parsed per second by the whole reader (envelope, parse, transform, names)
against a bare `Lark.parse` of the same lines with the same grammar, in the same run.

Goal (issue 3): ratio >= 0.5. Run: .venv/bin/python bench/orders_parse.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.timing import timed
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.grammar.parser import lark_parser
from gm.messages.reading import read_message
from tests.test_orders_parse import EXAMPLES

LINES = 5_000
ROUNDS = 9


def main() -> int:
    names = Names(load_game_data())
    lines = [EXAMPLES[i % len(EXAMPLES)][0] for i in range(LINES)]
    message = "GAME bench\nPLAYER A\n" + "\n".join(lines) + "\n"
    parser = lark_parser()
    parsed = parse_message(message, names)
    assert len(parsed.orders) == LINES and not parsed.problems

    def bare() -> None:
        for line in lines:
            parser.parse(line)

    rounds = [(timed(bare), timed(lambda: parse_message(message, names)))
              for _ in range(ROUNDS)]  # interleaved, so a busy moment hits both alike
    lark_seconds = min(r[0] for r in rounds)
    ours_seconds = min(r[1] for r in rounds)
    lark_rate, ours_rate = LINES / lark_seconds, LINES / ours_seconds
    ratio = ours_rate / lark_rate
    print(f"bare Lark.parse   {lark_rate:9.0f} lines/s")
    print(f"gm order reader   {ours_rate:9.0f} lines/s")
    print(f"ratio {ratio:.2f} (goal >= 0.5)  {'ok' if ratio >= 0.5 else 'UNDER GOAL'}")
    long_line = ("GAME bench\nPLAYER A\nMOVE " + "X" * 5_000_000 + "\nQUIT\n").encode()
    took = timed(lambda: parse_message(read_message(long_line).text, names))
    print(f"a 5 MB order line read and refused (max_line_chars) in {took:.2f} s")
    return 0 if ratio >= 0.5 else 1


if __name__ == "__main__":
    sys.exit(main())
