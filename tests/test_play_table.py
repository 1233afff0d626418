"""The table's evening (issue 26, items 11, 12, 13, 16): `gm play` driven through a real
terminal for a whole Game-Turn of three players, looking at the game between orders (SHOW,
UNITS, STATUS, HELP, REPORT: never orders), END ending a Player-Turn as DONE does, the Random
Events and the next Player-Turn order shown, and one numbering of lines: the message's.

Seed "st" (tests/test_play.py uses it too): the Player-Turn order A, B, C; Lenin (151) with
101 in PETR (A's), Zinoviev (160) with 102 in PETR (B's), Sokolnikov (173) with 118 in KURS
(B's), Raskolnikov (177) with 110 in NIZH (C's); the first Random Events an epidemic (2-5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.app.table import Table
from gm.core.errors import GameError
from tests.conftest import gm
from tests.rcw import state_of
from tests.table_terminal import PLAYERS, Terminal, standard_campaign

SEED = "st"


def _where(folder: Path, unit: int) -> str | None:
    found = state_of(folder).where_is(unit)
    return found[0] if found else None


@pytest.mark.rules("4.2", "12.0")
def test_a_whole_game_turn_at_the_terminal(tmp_path: Path) -> None:
    folder = standard_campaign(tmp_path / "table", SEED)
    assert state_of(folder).sequence == ("A", "B", "C")
    with Terminal(folder) as table:
        # the Random Events of the Player-Turn, rolled as it opened (item 13)
        table.expect("Game-Turn 1, Player-Turn 1 (player A).",
                     "[random events of player A] random event 2-5: Epidemic")
        table.prompt()
        table.type("HELP", "DONE (or END)", "SHOW [PROVINCE]", "UNITS [PLAYER]", "STATUS",
                   "REPORT", "EXIT", "the first line typed is line 3", f"gm purge {folder}")
        table.type("MOVE 151 101: PETR-NOVGX", "line 3, column 20: there is no province",
                   "(not kept: type it again)")
        table.type("MOVE 151 101: PETR-NOVG",
                   "line 3: MOVE 151 101: PETR-NOVG -- succeeded (5.1)")
        # the position as the Player-Turn so far left it, not as it opened (item 12)
        table.type("SHOW NOVG", "NOVG Novgorod", "[A] 151 Lenin (1), 101 RD 3")
        table.type("SHOW", "POSITION", "NOVG Novgorod", "VICTORY POINT CHART")
        table.type("UNITS", "UNITS of player A, where they stand:",
                   "NOVG Novgorod, strength 4: 151 Lenin (1), 101 RD 3")
        table.type("UNITS B", "UNITS of player B", "PETR Petrograd, strength 3: 160 Zinoviev")
        table.type("STATUS", "Game-Turn 1, Player-Turn 1 (player A)", "phasing: player A",
                   "Kept this Player-Turn: player A line 3.")
        table.type("REPORT", "the position before Game-Turn 1, Player-Turn 1",
                   "YOUR FORCES")
        # END ends the Player-Turn as DONE does (item 11)
        table.type("END", "Game-Turn 1, Player-Turn 1 (player A) adjudicated.",
                   "[random events of player B]",
                   "Game-Turn 1, Player-Turn 2 (player B): player B.", speaker="B")
        assert _where(folder, 151) == "NOVG"
        table.type("MOVE 173 118: KURS-OREL", "line 3: MOVE 173 118: KURS-OREL -- succeeded")
        table.type("DONE", "Game-Turn 1, Player-Turn 2 (player B) adjudicated.",
                   "Game-Turn 1, Player-Turn 3 (player C): player C.", speaker="C")
        assert _where(folder, 173) == "OREL"  # carried out: not "kept" and lost
        table.type("MOVE 177 110: NIZH-KAZA", "line 3: MOVE 177 110: NIZH-KAZA -- succeeded")
        # the Game-Turn's end: the next Player-Turn order drawn, shown (item 13)
        table.type("END", "Game-Turn 1, Player-Turn 3 (player C) adjudicated.",
                   "[end of Game-Turn]", "Player-Turn order of Game-Turn 2 (4.2 B): A, B, C.",
                   "Game-Turn 2, Player-Turn 1 (player A): player A.", speaker="A")
        table.leave()
    assert (state_of(folder).turn, state_of(folder).phase) == (2, 1)
    assert _where(folder, 177) == "KAZA"
    report = gm("report", str(folder), "--turn", "1", "--phase", "3", "--player", "C")
    assert "line 3: MOVE 177 110: NIZH-KAZA -- succeeded" in report  # as the table said


def test_gm_start_shows_the_first_random_events(tmp_path: Path) -> None:
    folder = tmp_path / "start"
    gm("new", str(folder), "--mode", "standard", "--seed", SEED, *PLAYERS)
    gm("end-trading", str(folder))
    started = gm("start", str(folder))
    assert "[random events of player A] random event 2-5: Epidemic in COUR" in started


def _sat(tmp_path: Path) -> Table:
    return Table.sit(open_campaign(standard_campaign(tmp_path / "table", SEED)))


def test_end_at_the_table_ends_the_player_turn(tmp_path: Path) -> None:
    """Item 11: END (which closes a mail's orders) used to be kept as a line, and every line
    after it 'kept' outside the orders and never carried out."""
    table = _sat(tmp_path)
    assert "adjudicated" in table.enter("END")
    assert state_of(table.campaign).phasing_player() == "B"
    assert "succeeded" in table.enter("MOVE 173 118: KURS-OREL")  # carried out, not lost
    assert {p: m.orders() for p, m in table.lines.items()} == {
        "B": {3: "MOVE 173 118: KURS-OREL"}}


@pytest.mark.parametrize("line", ["-- ", "> MOVE 151 101: PETR-NOVG", "# a note",
                                  "PASSWORD secret", "GAME other"])
def test_a_line_that_would_end_or_leave_the_orders_is_not_kept(tmp_path: Path,
                                                               line: str) -> None:
    """Item 11: a signature, a quoted line, a comment or a header line typed at the table is no
    order: refused, so that the lines after it are not read out of the orders."""
    table = _sat(tmp_path)
    said = table.enter(line)
    assert "not kept" in said and "A" not in table.lines, said
    assert "line 3: MOVE 151 101: PETR-NOVG -- succeeded" in table.enter(
        "MOVE 151 101: PETR-NOVG")


def test_looking_is_never_an_order(tmp_path: Path) -> None:
    """Item 12: SHOW, UNITS, STATUS, REPORT and HELP are answered and nothing is stored (they
    were parse errors or stored as the mail's requests)."""
    table = _sat(tmp_path)
    for line in ("SHOW", "SHOW Petrograd", "UNITS", "UNITS c", "STATUS", "REPORT", "HELP"):
        assert "not kept" not in table.enter(line), line
    assert table.lines == {}
    assert table.campaign.store.orders_for(table.campaign.row, 1, 1) == []
    assert "[B] 160 Zinoviev (1), 102 RD 2" in table.enter("SHOW PETR")
    with pytest.raises(GameError, match="no province 'ATLANTIS'"):
        table.enter("SHOW ATLANTIS")
    with pytest.raises(GameError, match="no player Q"):
        table.enter("UNITS Q")


@pytest.mark.rules("8.44")
def test_one_numbering_of_lines(tmp_path: Path) -> None:
    """Item 16: the table numbers a line as its message does (line 3 is the first typed), and a
    LOSSES that stands from an earlier Player-Turn (ruling R58) is on no line of the message:
    it used to be reported at a line after the message's last."""
    table = _sat(tmp_path)
    table.enter("PLAYER B")
    assert table.enter("LOSSES 102 160").startswith("kept")
    table.enter("DONE")  # A's Player-Turn; B's opens, his LOSSES standing
    assert table.enter("MOVE 173 118: KURS-OREL").startswith("line 3: MOVE 173 118")
    table.enter("DONE")
    folder = str(table.campaign.folder)
    first = gm("report", folder, "--turn", "1", "--phase", "1", "--player", "B")
    assert "line 3: LOSSES 102 160" in first
    second = gm("report", folder, "--turn", "1", "--phase", "2", "--player", "B")
    assert "line 3: MOVE 173 118: KURS-OREL" in second
    assert "standing: LOSSES 102 160" in second and "line 4" not in second
