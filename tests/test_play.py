"""`gm play` (issue 16): a 3-player standard campaign at the table, driven through a real
terminal by pexpect: orders typed a line at a time with each result shown at once, errors as
the mail answers give them, another player speaking, a crash that loses nothing typed, and the
Player-Turns following one another into the next Game-Turn."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from gm.app.adjudication import _keeps_what_was_carried_out
from gm.app.campaign import open_campaign
from gm.app.operations import override
from gm.app.table import Table
from gm.app.table_kept import shown_key
from gm.core.errors import GameError
from gm.core.state import Stack
from gm.engine.results import OrderResult
from gm.games.rcw.state import ChartSection
from orders_grammar.message import read_envelope
from tests.conftest import gm
from tests.rcw import state_of

PLAYERS = ["-p", "A:Anna:a@x.org:pwa", "-p", "B:Boris:b@x.org:pwb", "-p", "C:Clara:c@x.org:pwc"]
TIMEOUT = 120  # generous: a loaded machine is slow, and nothing here measures time


def _play(folder: Path) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "gm", "play", str(folder)], encoding="utf-8",
                          timeout=TIMEOUT, env={**os.environ, "COLUMNS": "200"})
    return child


def test_a_game_turn_at_the_table(tmp_path: Path) -> None:
    folder = tmp_path / "table"
    gm("new", str(folder), "--mode", "standard", "--seed", "st", *PLAYERS)
    gm("end-trading", str(folder))
    gm("start", str(folder))
    first, second, third = state_of(folder).sequence
    lenin = state_of(folder).where_is(151)
    assert first == "A" and lenin is not None and lenin[0] == "PETR"

    child = _play(folder)
    child.expect(r"Game-Turn 1, Player-Turn 1 \(player A\)")
    child.expect_exact("A> ")
    child.sendline("MOVE 151 101: PETR-NOVGX")
    child.expect_exact("line 3, column 20: there is no province 'NOVGX'")
    child.expect_exact("did you mean Novgorod?")
    child.expect_exact("(not kept: type it again)")
    child.expect_exact("A> ")
    child.sendline("MOVE 151 101: PETR-NOVG")
    child.expect_exact("line 3: MOVE 151 101: PETR-NOVG -- succeeded (5.1)")
    child.expect_exact("A> ")
    child.sendline(f"PLAYER {second}")
    child.expect_exact(f"{second}> ")
    child.sendline("MOVE 152 111: TVER-RYAZ")
    child.expect_exact("only the Phasing Player, A, may do this in his Player-Turn (5.21)")
    child.expect_exact(f"{second}> ")
    child.kill(9)  # a crash: what was carried out is kept
    child.wait()

    child = _play(folder)
    child.expect_exact("1 order line(s) of this Player-Turn kept from before.")
    child.expect_exact("A> ")
    child.sendline("DONE")
    child.expect(r"Game-Turn 1, Player-Turn 1 \(player A\) adjudicated\.")
    child.expect_exact(f"Game-Turn 1, Player-Turn 2 (player {second}): player {second}.")
    child.expect_exact(f"{second}> ")
    moved = state_of(folder).where_is(151)
    assert moved is not None and moved[0] == "NOVG"  # the move typed before the crash
    child.sendline("DONE")
    child.expect_exact(f"{third}> ")
    child.sendline("DONE")
    child.expect(r"Game-Turn 2, Player-Turn 1 \(player [ABC]\)")
    child.sendline("EXIT")
    child.expect(pexpect.EOF)
    assert (state_of(folder).turn, state_of(folder).phase) == (2, 1)


def test_play_refuses_a_postal_campaign(tmp_path: Path) -> None:
    folder = tmp_path / "postal"
    gm("new", str(folder), "--seed", "p", *PLAYERS)
    gm("end-trading", str(folder))
    gm("start", str(folder))
    child = _play(folder)
    child.expect_exact("gm play plays a campaign made with gm new --mode standard")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


@pytest.mark.rules("24.11", "19.2")
def test_a_solitaire_game_at_the_terminal(tmp_path: Path) -> None:
    """Issue 17: the lone Red Player deploys a leader and sees it placed at once; DONE plays
    the rest of the Game-Turn and the program's next non-Red Player-Turn, explained."""
    folder = tmp_path / "alone"
    gm("new", str(folder), "--mode", "solitaire", "--seed", "st", "-p", "R:Ivan:i@x.org:pwr")
    gm("start", str(folder))
    state = state_of(folder)
    assert state.solitaire is not None and state.solitaire.leaders_allowed >= 1
    child = _play(folder)
    child.expect_exact("Game-Turn 1 of 7, Red Player-Turn")
    child.expect_exact("R> ")
    child.sendline("DEPLOY 151 IN TVER")
    child.expect_exact("is not a Red leader he may deploy now")
    child.expect_exact("(not kept: type it again)")
    child.expect_exact("R> ")
    child.sendline("DEPLOY 158 IN TVER")
    child.expect_exact("line 3: DEPLOY 158 IN TVER -- succeeded (24.11): 158 placed in TVER")
    child.expect_exact("R> ")
    child.sendline("DONE")
    child.expect_exact("Game-Turn 1 of 7, Red Player-Turn adjudicated.")
    child.expect_exact("[Game-Turn indication]")
    after = child.expect([r"Game-Turn 2 of 7, Red Player-Turn: player R\.",
                          r"(decisive|substantive|marginal|Draw) \(28\.0\)\."])
    if after == 0:
        child.sendline("EXIT")
    child.expect(pexpect.EOF)
    assert state_of(folder).turn == (2 if after == 0 else 1)


def _table_on(tmp_path: Path, position: dict[str, list[tuple[str | None, tuple[int, ...]]]],
              chart: dict[str, dict[str, object]]) -> Table:
    """A standard campaign of A, B and C whose open Player-Turn is A's, on this position and
    these chart sections (a GM's override), at the table."""
    folder = tmp_path / "table"
    gm("new", str(folder), "--mode", "standard", "--seed", "st", *PLAYERS)
    gm("end-trading", str(folder))
    gm("start", str(folder))
    campaign = open_campaign(folder)
    state = state_of(campaign)
    corrected = state.model_copy(update={
        "sequence": ("A", "B", "C"), "phase": 1,
        "position": {p: tuple(Stack(player=who, units=units) for who, units in stacks)
                     for p, stacks in position.items()},
        "chart": {**state.chart, **{p: ChartSection.model_validate(fields)
                                    for p, fields in chart.items()}}})
    override(campaign, "a test position", corrected.to_json(), "test")
    return Table.sit(open_campaign(folder))


@pytest.mark.rules("10.0", "10.12", "10.23")
def test_a_gift_typed_after_an_assassination_leaves_its_result_as_shown(tmp_path: Path
                                                                        ) -> None:
    """Issue 23: the GIVE is made at its line (ruling R74), after the attempt, so the attempt
    shown is the attempt kept (it used to become 'illegal 10.12', the gift made first)."""
    table = _table_on(tmp_path, {"TVER": [("A", (152, 160)), ("B", (161,))]},
                      {"A": {"assassin": 1}})
    shown = table.enter("ASSASSINATE 161 WITH 1 ASSASSIN")
    assert re.search(r"-- (succeeded|failed) \(10\.0\)", shown), shown
    attempt = table.shown[("A", 3)]
    gift = table.enter("GIVE 1 ASSASSIN TO C")  # none left: refused, whatever the dice said
    assert "-- illegal (10.0): player A holds 0 Assassin markers" in gift and "not kept" in gift
    assert table.shown[("A", 3)] == attempt
    table.enter("DONE")
    kept = json.loads(table.campaign.store.result(table.campaign.row,
                                                  table.campaign.latest().seq) or "{}")
    assert {"player": "A", "line": 3, "result": attempt.result, "rule": "10.0",
            "text": attempt.text, "detail": attempt.detail} in kept["orders"]


@pytest.mark.rules("8.44", "14.2")
def test_a_line_of_another_player_that_would_change_a_result_shown_is_refused(
        tmp_path: Path) -> None:
    """B quits after A attacked his Blue units: his quit takes effect as the Player-Turn
    begins (ruling R74), which would make them no one's and change the attack shown: it is
    refused, saying so. A LOSSES of B's typed after the attack is kept only if it changes
    nothing shown; A's own LOSSES after his attack never does."""
    table = _table_on(tmp_path, {"VLAD": [("A", (160, 101)), ("B", (417,))],
                                 "TVER": [("A", (152, 111)), ("B", (253, 202))]},
                      {"B": {"markers": ("CTRL:US",)}})
    first = table.enter("ATTACK 417 WITH 160 101")
    assert "(8.4" in first, first
    second = table.enter("ATTACK 253 WITH 152 111")
    attacks = dict(table.shown)
    assert table.enter("LOSSES 111 152").startswith("kept")  # A's: from its line on (R74)
    assert all(table.shown[key] == result for key, result in attacks.items())
    table.enter("PLAYER B")
    quitting = table.enter("QUIT")
    assert "it would change what player A's line 3 gave, shown already" in quitting
    assert "ruling R74" in quitting and "not kept" in quitting
    losses = table.enter("LOSSES 202 253")
    assert losses.startswith("kept") or "it would change what player A's line 4 gave" in losses
    assert all(table.shown[key] == result for key, result in attacks.items()), second
    assert "B" in table.lines and table.lines["B"].orders() in ({}, {3: "LOSSES 202 253"})


@pytest.mark.rules("11.0", "11.21")
def test_a_purge_resolved_now_may_not_change_what_the_table_showed(tmp_path: Path) -> None:
    """Ruling R54 with R74: `gm purge` resolves the Purges ordered so far before the Player-
    Turn's orders, which are carried out again after it; had it taken the leader A moved
    already, A's move shown as succeeded would become illegal: it is refused, to be resolved
    at the end of the Player-Turn."""
    table = _table_on(tmp_path, {"PETR": [("A", (160, 101))], "TVER": [("B", (152, 111))]},
                      {"B": {"politburo": 9}})
    assert "-- succeeded (5.1)" in table.enter("MOVE 160 101: PETR-NOVG")
    campaign = table.campaign
    before = state_of(campaign)
    purged = before.with_position("PETR", (Stack(player="B", units=(160, 101)),))
    orders = {"A": campaign.system.parse_orders(read_envelope(
        "GAME table\nPLAYER A\nMOVE 160 101: PETR-NOVG\n"), campaign.data, 1000).orders}
    with pytest.raises(GameError, match="the Purge would change what player A's line 3 gave"):
        _keeps_what_was_carried_out(campaign, before, purged, orders)
    _keeps_what_was_carried_out(campaign, before, before, orders)  # changing nothing: taken


@pytest.mark.rules("17.0", "10.0")
def test_a_trade_is_made_at_the_table_whoever_types_first(tmp_path: Path) -> None:
    """Issue 23 review: a TRADE waits for the other side's until the Player-Turn's end
    (ruling R74); typed by either side first, it is made when the other's is typed."""
    for first, second in (("A", "B"), ("B", "A")):
        table = _table_on(tmp_path / first, {"TVER": [("A", (152, 111))],
                                             "PETR": [("B", (160, 101))]},
                          {"A": {"assassin": 1}, "B": {"politburo": 2}})
        trade = {"A": "TRADE 1 ASSASSIN TO B FOR 1 POLITBURO",
                 "B": "TRADE 1 POLITBURO TO A FOR 1 ASSASSIN"}
        table.enter(f"PLAYER {first}")
        assert table.enter(trade[first]).startswith("kept")
        table.enter(f"PLAYER {second}")
        assert "-- succeeded (17.0): with player" in table.enter(trade[second])
        table.enter("DONE")
        chart = state_of(table.campaign).chart
        assert (chart["A"].politburo, chart["B"].assassin) == (1, 1)


@pytest.mark.rules("11.1", "13.52")
def test_the_phasing_players_purge_is_judged_at_the_table_as_by_mail(tmp_path: Path) -> None:
    """What no step of the Player-Turn carries out as it is typed (a Purge, the Czar's
    execution) is judged at the table as the answer to a mail judges it."""
    table = _table_on(tmp_path, {"TVER": [("A", (152, 111))], "PETR": [("B", (160, 101))]},
                      {"A": {"politburo": 0}})
    refused = table.enter("PURGE B")
    assert "a Central Committee needs 8 (11.1)" in refused and "not kept" in refused
    assert "A" not in table.lines


@pytest.mark.rules("8.44")
def test_an_order_that_stood_is_known_by_its_text_whatever_its_number() -> None:
    """Ruling R58: a LOSSES that stands from an earlier Player-Turn is on no line of the
    message (numbered -1, issue 26): its result shown is known by its text, whatever its
    player typed."""
    standing = OrderResult("B", -1, "succeeded", "8.44", "LOSSES 202 253", "gave up 202")
    assert shown_key(standing, frozenset()) == ("B", "LOSSES 202 253")
    assert shown_key(standing, frozenset({3})) == ("B", "LOSSES 202 253")
    typed = OrderResult("B", 3, "succeeded", "17.0", "GIVE 1 ASSASSIN TO C", "to player C")
    assert shown_key(typed, frozenset({3})) == ("B", 3)
