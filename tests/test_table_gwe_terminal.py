"""Issue 29: `gm play` for Decision in Galicia in a real terminal (pexpect), after the set-up
made as a GM makes it: the Russian Movement Phase (a MOVE kept, a refused line answered with
its case), DONE, the Cavalry Withdrawal Phase with player C's standing DEFEND, the Combat Phase
with an ATTACK, DONE; the looks in the game's words; EXIT and resume, the orders kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table_terminal import Terminal
from tests.test_table_gwe import ATTACK, DEFEND, MOVES, REFUSED, set_up


@pytest.mark.rules("gwe:4.0", "gwe:5.0", "gwe:8.4", "gwe-serbia-galicia:4.0")
def test_a_russian_player_turn_at_the_terminal(tmp_path: Path) -> None:
    folder = set_up(tmp_path / "east")
    with Terminal(folder, speaker="E Movement") as table:  # the prompt names the Phase
        table.expect("Game-Turn 7, Russian Player-Turn, Movement Phase: player E speaks.",
                     "DONE ends the Phase")
        table.prompt()
        table.type(MOVES[0], f"line 3: {MOVES[0]} -- succeeded")
        table.type(REFUSED, "g0999 is not a hex of the map (2.1)", "(not kept: type it again)")
        table.leave()
    with Terminal(folder, speaker="E Movement") as table:  # resumed: line 3 kept
        table.expect("1 order line(s) of this Phase kept from before.")
        table.prompt()
        table.type("STATUS", "Kept this Phase: player E line 3.")
        table.type(MOVES[1], f"line 4: {MOVES[1]} -- succeeded")
        table.type("DONE", "Movement Phase adjudicated.", "Cavalry Withdrawal Before Combat "
                   "Phase: player E.", speaker="E Withdrawal")
        table.type("PLAYER C", "player C speaks", speaker="C Withdrawal")
        table.type(DEFEND, f"line 3: {DEFEND} -- stands")
        table.type("PLAYER E", "player E speaks", speaker="E Withdrawal")
        table.type("DONE", "Combat Phase: player E.", speaker="E Combat")
        table.type(ATTACK, f"line 3: {ATTACK} -- succeeded (", "die 3: 1/1 (8.8)")
        looks = [table.type("HELP", "end the Phase", "SHOW [HEX]", "EXIT"),
                 table.type("STATUS", "Combat Phase.", "DONE ends the Phase.",
                            "Kept this Phase: player E line 3."),
                 table.type("SHOW g0519", "g0519:", "AH-1-V"),
                 table.type("UNITS C", "UNITS of player C", "g0519: AH-1-V")]
        for said in looks:
            assert "province" not in said.lower() and "Czar" not in said
        table.type("DONE", "Combat Phase adjudicated.", "Game-Turn 7, Austro-Hungarian "
                   "Player-Turn, Movement Phase: player C.", speaker="C Movement")
        table.leave()
