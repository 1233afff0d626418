"""The answers players get, pinned word for word (tests/golden), and `gm orders` commands.

To accept a deliberate change of wording: GM_UPDATE_GOLDEN=1 pytest tests/test_orders_answers.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from tests.rcw import state_of

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden"
POSITION = ROOT / "fixtures" / "orders" / "position.yaml"
MAIL = ROOT / "fixtures" / "mail"


@pytest.mark.parametrize("name", ["first_phase_A", "many_refusals", "syntax_errors"])
def test_answers_are_pinned(name: str) -> None:
    result = CliRunner().invoke(cli, ["orders", "check", "--case", str(POSITION),
                                      str(MAIL / f"{name}.txt")])
    golden = GOLDEN / f"{name}.answer"
    if os.environ.get("GM_UPDATE_GOLDEN"):
        golden.write_text(result.output, encoding="utf-8")
    assert result.exit_code == 1
    assert result.output == golden.read_text(encoding="utf-8")
    assert "__ANON" not in result.output and "NAME" not in result.output


def test_a_clean_message_is_accepted(tmp_path: Path) -> None:
    orders = tmp_path / "ok.txt"
    orders.write_text("GAME t\nPLAYER A\nPASSWORD x\nMOVE Trotsky 111 112: TVER-RYAZ\n"
                      "GIVE 1 ASSASSIN TO C\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["orders", "check", "--case", str(POSITION), str(orders)])
    assert result.exit_code == 0, result.output
    assert "line 4: MOVE 152 111 112: TVER-RYAZ  # 152 Trotsky (3)" in result.output
    assert "All 2 orders accepted." in result.output


def test_one_order_or_none_is_counted_in_words_that_fit(tmp_path: Path) -> None:
    """Issue 26 item 10: not "All 1 orders accepted", nor "All 0"."""
    one = tmp_path / "one.txt"
    one.write_text("GAME t\nPLAYER A\nPASSWORD x\nMOVE Trotsky 111 112: TVER-RYAZ\n",
                   encoding="utf-8")
    result = CliRunner().invoke(cli, ["orders", "check", "--case", str(POSITION), str(one)])
    assert "The order was accepted." in result.output and "All 1" not in result.output
    none = tmp_path / "none.txt"
    none.write_text("GAME t\nPLAYER A\nPASSWORD x\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["orders", "check", "--case", str(POSITION), str(none)])
    assert "The message holds no orders: it counts as orders to do nothing this phase." \
        in result.output and "All 0" not in result.output


def test_echo_prints_the_normal_form(tmp_path: Path) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text("game t\nplayer a\nturn 1 phase 1\nmove trotsky: tver-ryaz\n"
                      "assassinate Tukachevsky with all assassins\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["orders", "echo", str(orders)])
    assert result.exit_code == 0
    assert result.output == ("GAME t\nPLAYER A\nTURN 1 PHASE 1\nMOVE 152: TVER-RYAZ\n"
                             "ASSASSINATE 153 WITH ALL ASSASSINS\n")


def _campaign(tmp_path: Path) -> tuple[Path, str]:
    folder = tmp_path / "camp"
    result = CliRunner().invoke(cli, ["new", str(folder), "--seed", "o", "-p", "A:A:a@x.org",
                                      "-p", "B:B:b@x.org", "-p", "C:C:c@x.org"])
    password = result.output.split("player A password: ")[1].split()[0]
    return folder, password


def test_check_against_a_campaign_in_its_trading_session(tmp_path: Path) -> None:
    folder, password = _campaign(tmp_path)
    hand = state_of(folder).hands["A"]
    orders = tmp_path / "trade.txt"
    orders.write_text(f"GAME camp\nPLAYER A\nPASSWORD {password}\nPHASE TRADING\n"
                      f"GIVE {hand.units[0]} TO B\nDEPLOY {hand.units[1]} IN PETR\n",
                      encoding="utf-8")
    result = CliRunner().invoke(cli, ["orders", "check", "--campaign", str(folder), str(orders)])
    assert f"line 5: GIVE {hand.units[0]} TO B" in result.output
    assert "DEPLOY is given before the game (15.3-15.5)" not in result.output
    assert "DEPLOY orders are taken after the trading session" in result.output
    assert result.exit_code == 1


def test_wrong_password_game_and_stale_phase(tmp_path: Path) -> None:
    """Each refuses the message whole: nothing is echoed as accepted (issue 10)."""
    folder, password = _campaign(tmp_path)
    orders = tmp_path / "bad.txt"
    orders.write_text("GAME other\nPLAYER A\nPASSWORD nope\nQUIT\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["orders", "check", "--campaign", str(folder), str(orders)])
    assert result.exit_code == 1
    assert "it is for game other, and this is game camp" in result.output
    assert "ACCEPTED" not in result.output and "QUIT" not in result.output
    orders.write_text("GAME camp\nPLAYER A\nPASSWORD nope\nQUIT\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["orders", "check", "--campaign", str(folder), str(orders)])
    assert result.output == ("Your message was refused: the PASSWORD is not player A's; its "
                             "orders are not shown back.\nNothing in it counts.\n")
    orders.write_text(f"GAME camp\nPLAYER A\nPASSWORD {password}\nTURN 1 PHASE 1\nQUIT\n",
                      encoding="utf-8")
    result = CliRunner().invoke(cli, ["orders", "check", "--campaign", str(folder), str(orders)],
                                catch_exceptions=True)
    assert result.exit_code == 1
    assert "refused as stale" in str(result.exception) + result.output


@pytest.mark.rules("17.0 [4.2]", "17.0 [13.26]")
def test_the_answer_judges_orders_after_the_player_s_own_trades(tmp_path: Path) -> None:
    """A unit the player steals in the trades may be moved in the same message (R16)."""
    orders = tmp_path / "steal.txt"
    orders.write_text("GAME t\nPLAYER C\nPASSWORD x\nSTEAL 301 WITH 252\n"
                      "MOVE 252 GOLD 205 301: OMSK-CHEL\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["orders", "check", "--case", str(POSITION), str(orders)])
    assert result.exit_code == 0, result.output
    assert "line 5: MOVE 252 GOLD 205 301: OMSK-CHEL" in result.output
