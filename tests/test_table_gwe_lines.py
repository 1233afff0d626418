"""Issue 29's blind review of `gm play` for Decision in Galicia (rulings G80-G84): the lines the
mail accepts, the table accepts, on a real campaign (seed 2929, both deployments the
scenario's defaults): a player's own lines after his standing orders (keyed apart from them,
G72), an attack on a hex his enemy's standing DEFEND holds (G80), a unit's walk then rail
(G81); what the table says of them is what the order files give."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.app.campaign import open_campaign
from gm.app.table import Table
from gm.cli import cli
from tests.conftest import gm
from tests.test_table_gwe import PLAYERS, copy, record, state

WALK = "MOVE RU-4-14C: g0220-g0120"
RAIL = "RAIL RU-4-14C: g0120-g0119-g0118-g0117-g0116-g0115 DETRAIN"
STANDING = ("WITHDRAW AH-4-10C", "DEFEND g1510 RETREAT g1510-g1511-g1512")
ATTACKS = ("ATTACK g1809 WITH RU-8-VIII RU-8-XXIV", "ATTACK g1510 WITH RU-3-X RU-3-XXI")
MOVES = ("MOVE AH-4-VI: g0714-g0713", "MOVE AH-1-HQ: g0221-g0322",
         "MOVE AH-4-HQ: g0812-g0913")


@pytest.fixture(scope="module")
def started(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("galicia2929") / "east"
    gm("new", str(folder), "--game", "gwe", "--seed", "2929", *PLAYERS)
    gm("end-deployment", str(folder))
    gm("start", str(folder))
    return folder


def said(table: Table, *lines: str) -> list[str]:
    return [table.enter(line) for line in lines]


@pytest.mark.rules("gwe:5.0", "gwe-serbia-galicia:17.11", "gwe:8.11", "gwe:12.1")
def test_the_lines_the_mail_accepts_the_table_accepts_with_the_same_results(
        started: Path, tmp_path: Path) -> None:
    at_table, by_files = copy(started, tmp_path / "table"), copy(started, tmp_path / "files")
    table = Table.sit(open_campaign(at_table))
    walk, rail = said(table, WALK, RAIL)  # ruling G81: one move, walked then by rail
    assert walk.startswith(f"line 3: {WALK} -- succeeded")
    assert rail.startswith(f"line 4: {RAIL} -- succeeded") and "ends in g0115" in rail
    table.enter("DONE")
    table.enter("PLAYER C")
    assert all(" -- " in line for line in said(table, *STANDING))  # standing (G25, G52)
    table.enter("PLAYER E")
    table.enter("DONE")
    _first, second = said(table, *ATTACKS)  # ruling G80: the standing DEFEND is taken
    assert second.startswith(f"line 4: {ATTACKS[1]} -- succeeded"), second
    table.enter("PLAYER C")  # a DEFEND in its place would change the attack shown: refused
    refused = table.enter("DEFEND g1510 RESULT 1 OPTION 1")
    assert "it would change what player " in refused and "not kept" in refused
    assert "Player-Turn" not in refused and "ruling G78" in refused
    table.enter("PLAYER E")
    table.enter("DONE")
    moves = said(table, *MOVES)  # C's own lines after his standing orders (G72)
    assert [m.split(":")[0] for m in moves] == ["line 3", "line 4", "line 5"], moves
    assert all(" -- " in m and "would change" not in m for m in moves), moves
    ends = said(table, "DONE", "DONE", "DONE")
    assert ends[-1].endswith("Game-Turn 8, Russian Player-Turn, Movement Phase: player E.")
    assert "4.2 B" not in ends[-1] and "Player-Turn order" not in ends[-1]  # RCW's draw

    for phase, player, lines in ((1, "E", (WALK, RAIL)), (2, "C", STANDING),
                                 (3, "E", ATTACKS), (4, "C", MOVES)):
        assert "recorded" in record(by_files, f"{player}{phase}.txt", player, phase, *lines)
        adjudicated = gm("adjudicate", str(by_files))
        if phase == 1:
            assert "detrains" in adjudicated or "g0115" in adjudicated
    for _ in range(2):
        gm("adjudicate", str(by_files))
    assert state(at_table).model_dump() == state(by_files).model_dump()


@pytest.mark.rules("gwe:5.0", "gwe:5.14")
def test_a_refused_path_says_where_the_line_before_left_the_unit(
        started: Path, tmp_path: Path) -> None:
    """Ruling G61: the next line starts where the path written before ends, not where the
    dice stopped the unit; the table says so."""
    table = Table.sit(open_campaign(copy(started, tmp_path / "t")))
    stopped, refused = said(table, "MOVE RU-3-XXI: g1609-g1608-g1607-g1606-g1605",
                            "MOVE RU-3-XXI: g1609-g1610")
    assert "-- partial" in stopped and "RU-3-XXI ends in g1607" in stopped
    assert "RU-3-XXI is in g1605, where line 3's path, as written, leaves it (ruling G61), " \
           "not g1609" in refused


def test_gm_play_help_says_what_done_ends_in_each_game() -> None:
    helped = " ".join(CliRunner().invoke(cli, ["play", "--help"]).output.split())
    assert "Great War in the East" in helped and "the open Phase" in helped
    assert "Russian Civil War" in helped


@pytest.mark.rules("gwe:10.41", "gwe:9.22", "gwe:12.12", "gwe:12.16")
def test_the_dice_a_line_needs_are_shown_with_it_or_before_it(
        started: Path, tmp_path: Path) -> None:
    """Ruling G83: a line's Command Control die comes with its result; the position so far
    says that it holds the Attrition Segment's losses; a standing WITHDRAW's die is shown as
    the Cavalry Withdrawal Phase opens, before the Phasing Player's FOLLOW (12.16), and is the
    one its adjudication keeps. Ruling G84: the opening's events are shown once."""
    table = Table.sit(open_campaign(copy(started, tmp_path / "t")))
    assert "Pre-play attrition" in table.opening()  # Serbia/Galicia 26.32, at the first sitting
    moved = table.enter("MOVE RU-4-XVI: g0318-g0319")
    assert "out of Command Control, may not move" in moved
    assert "\n  RU-4-XVI: die 3 against rating 3, out of Command Control (10.41)" in moved
    assert "Attrition Segment's losses (9.22)" in table.enter("UNITS")
    table = Table.sit(table.campaign)  # play resumed: the lines kept, not the events again
    assert "Pre-play attrition" not in table.opening() and "1 order line(s)" in table.opening()
    said(table, "DONE", "DONE", "DONE", "PLAYER E", "WITHDRAW RU-5-1DC", "PLAYER C")
    opened = table.enter("DONE")
    shown = "WITHDRAW RU-5-1DC -- succeeded (12.12, 8.63, G9): standing, from your message " \
            "of Game-Turn 7 Phase 4, line 3: RU-5-1DC: die 4, withdraws (12.12)"
    assert opened.endswith("Cavalry Withdrawal Before Combat Phase: player C.\n"
                           f"  player E's line 3: {shown}" + opened.split(shown, 1)[1])
    assert shown in Table.sit(table.campaign).opening()  # at a new sitting too
    assert f"E line 3: {shown}" in table.enter("DONE")  # as adjudicated
