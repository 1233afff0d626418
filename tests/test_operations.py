"""GM operations: rollback (orders kept, the dice seeded afresh), rulings shown in the next
report, players' records and a quit recorded by the GM."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gm.app.campaign import open_campaign
from gm.app.passwords import check_password
from gm.app.reports import phase_report
from gm.cli import cli
from gm.core.dice import commitment, phase_seed, salt_of
from tests.conftest import gm
from tests.rcw import state_of


def _started(tmp_path: Path) -> Path:
    folder = tmp_path / "ops"
    gm("new", str(folder), "--seed", "ops", "-p", "A:Anna:a@x.org:pa", "-p", "B:Boris:b@x.org:pb",
       "-p", "C:Clara:c@x.org:pc")
    gm("end-trading", str(folder))
    gm("start", str(folder))
    return folder


def test_rollback_keeps_orders_and_seeds_the_phase_afresh(tmp_path: Path) -> None:
    """The orders stored before the rollback are adjudicated again, with dice from a fresh
    seed (the old one was revealed, issue 36); gm verify shows the rollback between the two
    adjudications, the commitment it abandoned and the new one."""
    folder = _started(tmp_path)
    state = open_campaign(folder).latest().state
    trotsky = next(s for s in state.position["TVER"] if 152 in s.units)
    assert trotsky.player is not None
    orders = tmp_path / "o.txt"
    orders.write_text(f"GAME ops\nPLAYER {trotsky.player}\nPASSWORD p{trotsky.player.lower()}\n"
                      f"SALT seen-by-the-gm\nMOVE {' '.join(map(str, trotsky.units))}: "
                      "TVER-RYAZ\n", encoding="utf-8")
    gm("adjudicate", str(folder), str(orders))
    first = phase_report(open_campaign(folder), 1, 1)
    assert first.dice_salts == [salt_of("seen-by-the-gm")]
    said = gm("rollback", str(folder), "--to", "1.1", "--reason", "a late order was lost")
    reopened = open_campaign(folder)
    assert reopened.latest().state == state
    rollback = reopened.latest().seq
    fresh = commitment(phase_seed(reopened.row.seed, 1, 1, 1))  # the campaign's first rollback
    assert f"seeded afresh, committed to SHA-256 {fresh}" in said
    assert f"(the commitment {first.next_commitment} is abandoned)" in said
    gm("adjudicate", str(folder))  # the orders stored before the rollback
    again = open_campaign(folder)
    assert any(152 in s.units for s in again.latest().state.position["RYAZ"])
    second = phase_report(again, 1, 1)
    assert second.dice_seed == phase_seed(again.row.seed, 1, 1, 1) != first.dice_seed
    assert second.dice_salts == []  # the GM had seen the salt when he rolled back
    assert second.next_commitment == commitment(phase_seed(again.row.seed, 1, 2, 1))
    report = gm("report", str(folder))
    assert "[GM ruling] rollback to 1.1" in report and "a late order was lost" in report
    verified = gm("verify", str(folder)).splitlines()
    assert verified[0].startswith(f"Game-Turn 1 phase 1: seed {first.dice_seed}, ")
    assert verified[1] == (
        f"rollback to Game-Turn 1 phase 1 (entry {rollback}: a late order was lost): the "
        f"commitment sent for Game-Turn 1 phase 2, {first.next_commitment}, is abandoned; "
        f"Game-Turn 1 phase 1 is seeded afresh, commitment {fresh}")
    assert verified[2].startswith(f"Game-Turn 1 phase 1: seed {second.dice_seed}, commitment "
                                  f"{fresh}, ") and verified[2].endswith("verified")
    assert verified[-1] == "2 phase(s) checked, 0 mismatch(es); 1 rollback(s)"


def test_a_rollback_reaches_only_what_stands(tmp_path: Path) -> None:
    """After a rollback, the line it undid makes the game no more (issue 36): the report is of
    what stands, and a later rollback cannot go back into the undone line."""
    folder = _started(tmp_path)
    gm("adjudicate", str(folder))  # 1.1
    gm("adjudicate", str(folder))  # 1.2: Game-Turn 2 opens
    gm("rollback", str(folder), "--to", "1.1", "--reason", "a lost order")
    assert "Game-Turn 1, First Phase" in gm("report", str(folder))  # the opening, not 1.1
    assert "WHAT HAPPENED" not in gm("report", str(folder))
    gm("adjudicate", str(folder))  # 1.1 again: 1.2 open, its old adjudication undone
    refused = CliRunner().invoke(cli, ["rollback", str(folder), "--to", "1.2"])
    assert refused.exit_code != 0 and "has not been adjudicated" in str(refused.exception)
    assert "2 rollback(s)" not in gm("verify", str(folder))


def test_a_ruling_cannot_move_the_game_to_another_phase(tmp_path: Path) -> None:
    """An override that reopened an adjudicated phase would play it again with the seed its
    report revealed: a ruling changes the position, `gm rollback` the phase (R90)."""
    folder = _started(tmp_path)
    gm("adjudicate", str(folder))
    state = json.loads(gm("show", str(folder), "--json"))
    state["phase"] = 1
    edited = tmp_path / "back.json"
    edited.write_text(json.dumps(state), encoding="utf-8")
    refused = CliRunner().invoke(cli, ["override", str(folder), "--reason", "back",
                                       "--state", str(edited)])
    assert refused.exit_code != 0 and "`gm rollback` opens an earlier phase again" in str(
        refused.exception)


def test_an_override_is_logged_and_reported(tmp_path: Path) -> None:
    folder = _started(tmp_path)
    state = json.loads(gm("show", str(folder), "--json"))
    state["chart"]["A"]["assassin"] += 1
    edited = tmp_path / "state.json"
    edited.write_text(json.dumps(state), encoding="utf-8")
    out = gm("override", str(folder), "--reason", "A's lost Assassin marker restored",
             "--state", str(edited))
    assert "changed: chart" in out
    assert state_of(folder).chart["A"].assassin == state["chart"]["A"][
        "assassin"]
    again = CliRunner().invoke(cli, ["override", str(folder), "--reason", "x", "--state",
                                     str(edited)])
    assert "nothing to override" in str(again.exception)
    gm("adjudicate", str(folder))
    assert "[GM ruling] A's lost Assassin marker restored" in gm("report", str(folder))


def test_players_records(tmp_path: Path) -> None:
    folder = _started(tmp_path)
    out = gm("players", str(folder), "--email", "B:boris@new.org", "--reset-password", "C",
             "--quit", "A")
    password = out.split("player C: new password ")[1].split()[0]
    opened = open_campaign(folder)
    rows = {p.letter: p for p in opened.players()}
    assert rows["B"].email == "boris@new.org"
    assert check_password(password, rows["C"].password_hash)
    state = state_of(opened)
    assert state.pending.quit_players == ("A",) and "A" not in state.sequence
    assert state.chart["A"].politburo == 0
    assert "A  Anna" in out and "(quit)" in out
