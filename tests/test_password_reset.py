"""A new GM's passwords (issue 26, 7): `gm new` says to keep them; `gm password CAMP X --reset`
gives player X a new one, printed, recorded in the history, and mailed to his address on file
when the campaign plays by mail, the outbox's copy keeping it only until it is sent (R87,
R88)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.app.campaign import PasswordCache, open_campaign
from gm.cli import cli
from tests.conftest import gm
from tests.mailhelpers import PASSWORDS, PLAYERS, campaign, mail_orders, mailbox, text_of
from tests.mailservers import MailServers

THREE = ["-p", "A:Anna:anna@example.org", "-p", "B:Boris:boris@example.org",
         "-p", "C:Clara:clara@example.org"]


def _checks(folder: Path, player: str, password: str) -> bool:
    return PasswordCache(open_campaign(folder).players()).check(player, password)


def _given(output: str, player: str) -> str:
    return output.split(f"player {player}: new password ")[1].split()[0]


def test_gm_new_says_to_keep_the_passwords_and_how_to_make_new_ones(tmp_path: Path) -> None:
    out = gm("new", str(tmp_path / "camp"), "--seed", "pw", *THREE)
    assert "Keep these passwords" in out and "shown only this once" in out
    assert f"gm password {tmp_path / 'camp'} X --reset" in out


def test_a_reset_without_mail_is_printed_and_recorded(tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    made = gm("new", str(folder), "--seed", "pw", *THREE)
    old = made.split("player B password: ")[1].split()[0]
    out = gm("password", str(folder), "b", "--reset")
    given = _given(out, "B")
    assert len(given) == len(old) == 11  # as strong as gm new's: 8 random bytes
    assert _checks(folder, "B", given) and not _checks(folder, "B", old)
    assert "give it to the player yourself" in out
    assert "the GM gave player B a new password" in gm("history", str(folder)).splitlines()[-1]
    opened = open_campaign(folder)
    assert opened.store.outbox_rows(opened.row, ("queued", "sent")) == []
    assert given not in (folder / "campaign.sqlite").read_bytes().decode("latin-1")
    # Without --reset, or for no player: a clear error, nothing done.
    refused = CliRunner().invoke(cli, ["password", str(folder), "B"])
    assert refused.exit_code == 2 and "--reset makes a new one" in refused.output
    nobody = CliRunner().invoke(cli, ["password", str(folder), "Z", "--reset"])
    assert nobody.exit_code == 1 and "no player Z" in str(nobody.exception)
    assert len(open_campaign(folder).store.entries(opened.row)) == 2


def test_a_reset_by_mail_goes_to_the_player_s_address_and_is_his_password(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    out = gm("password", str(folder), "B", "--reset")
    given = _given(out, "B")
    assert f"mailed to {PLAYERS['B']}" in out
    assert _checks(folder, "B", given) and not _checks(folder, "B", PASSWORDS["B"])
    assert "1 message(s) sent" in gm("send", str(folder))
    told, = mailbox(PLAYERS["B"], servers)
    assert f"PASSWORD {given}" in text_of(told) and "your new password" in str(told["Subject"])
    assert mailbox(PLAYERS["A"], servers) == [] and mailbox(PLAYERS["C"], servers) == []
    opened = open_campaign(folder)
    kept, = [row for row in opened.store.outbox_rows(opened.row, ("sent",))
             if row.kind == "password-reset"]  # the opening reports were sent before
    assert kept.recipient == PLAYERS["B"] and given not in kept.raw
    assert "PASSWORD [redacted]" in kept.raw
    history = gm("history", str(folder)).splitlines()[-1]
    assert f"the GM gave player B a new password, mailed to {PLAYERS['B']}" in history
    # His orders count with the new password, and no more with the old.
    mail_orders(servers, PLAYERS["B"], f"GAME bymail\nPLAYER B\nPASSWORD {given}\n")
    mail_orders(servers, PLAYERS["B"], f"GAME bymail\nPLAYER B\nPASSWORD {PASSWORDS['B']}\n",
                subject="old")
    gm("fetch", str(folder))
    gm("send", str(folder))
    answers = {str(m["Subject"]): text_of(m) for m in mailbox(PLAYERS["B"], servers)[1:]}
    assert "The message holds no orders: it counts as orders to do nothing" in answers["Re: orders"]
    assert "the PASSWORD is not player B's" in answers["Re: old"]
