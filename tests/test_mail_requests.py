"""Players help themselves by mail (issue 15): HELP, STATUS, REPORT, UNITS, a new PASSWORD and
press, each answered over the real IMAP and SMTP servers of tests/mailservers.py."""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from tests.conftest import gm
from tests.mailhelpers import (
    GM,
    GM_DESK,
    PASSWORDS,
    PLAYERS,
    campaign,
    clear,
    mail_orders,
    mailbox,
    orders_text,
    send_raw,
    text_of,
)
from tests.mailservers import MailServers

ANNA, BORIS, CLARA = PLAYERS["A"], PLAYERS["B"], PLAYERS["C"]


@dataclass(frozen=True)
class Judge:
    servers: MailServers
    folder: Path


def _ask(judge: Judge, player: str, *lines: str, password: str | None = None) -> str:
    """A message of `player` (his header lines, then `lines`), fetched and answered; the
    answer's text."""
    password = password or PASSWORDS[player]
    sent = mail_orders(judge.servers, PLAYERS[player], "\n".join(
        ["GAME bymail", f"PLAYER {player}", f"PASSWORD {password}", *lines]))
    return _answer_to(judge, player, sent)


def _answer_to(judge: Judge, player: str, sent: str) -> str:
    gm("fetch", str(judge.folder))
    gm("send", str(judge.folder))
    answers = [m for m in mailbox(PLAYERS[player], judge.servers) if m["In-Reply-To"] == sent]
    assert len(answers) == 1
    return text_of(answers[0])


def _judge(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
           press: str) -> Judge:
    return Judge(servers, campaign(tmp_path, servers, monkeypatch, extra=f"\n[press]\n{press}"))


@pytest.fixture
def bymail(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> Judge:
    return _judge(tmp_path, servers, monkeypatch, 'mode = "anonymous"\ngm_copies = true\n')


def test_help_is_answered_without_a_password(bymail: Judge) -> None:
    sent = mail_orders(bymail.servers, ANNA, "GAME bymail\nHELP\n")
    text = _answer_to(bymail, "A", sent)
    assert "HELP: game bymail" in text and "PRESS TO <letters>|ALL" in text
    assert "MOVE 152 111 112: RYAZ-TULA-KALU-SMOL" in text  # the order forms
    assert "Your message was refused" not in text


def test_status_tells_who_has_sent_orders_never_what(bymail: Judge) -> None:
    folder = bymail.folder
    orders = orders_text(folder, "B", random.Random(3))
    assert "accepted" in _ask(bymail, "B", *orders.splitlines()[3:])
    text = _ask(bymail, "A", "STATUS")
    assert "STATUS of game bymail: Game-Turn 1, First Phase" in text
    assert "Orders in from: B (B)." in text and "Not yet from: A (A), C (C)." in text
    for line in orders.splitlines()[4:]:
        assert line not in text
    assert "No order accepted" not in text  # a message of requests is not an orders message


def test_requests_alone_leave_the_orders_standing_and_share_a_message_with_orders(
        bymail: Judge) -> None:
    folder = bymail.folder
    orders = orders_text(folder, "A", random.Random(4)).splitlines()[3:]
    text = _ask(bymail, "A", *orders, "STATUS")
    assert "ACCEPTED" in text and "Orders in from: A (A)." in text  # orders, then requests
    _ask(bymail, "A", "UNITS")
    mistaken = _ask(bymail, "A", "REPORT 3")  # a request mistyped is not an empty order list
    assert "REPORT TURN <n> PHASE <1|2>" in mistaken and "No order accepted" not in mistaken
    opened = open_campaign(folder)
    state = opened.latest().state
    stored = opened.store.orders_for(opened.row, state.turn, state.phase)
    assert [row.player for row in stored] == ["A"]  # the UNITS message stored no orders
    assert "TURN 1 PHASE 1" in stored[0].raw


def test_units_and_report_again(bymail: Judge) -> None:
    text = _ask(bymail, "A", "UNITS")
    assert "UNITS of player A" in text
    assert "YOUR FORCES" in text or "MARKERS YOU HOLD" in text
    clear(ANNA, bymail.servers)
    text = _ask(bymail, "A", "REPORT")
    assert "REPORT (line 4): the last report is sent to you in a message of its own" in text
    reports = [m for m in mailbox(ANNA, bymail.servers) if ".report.again." in m["Message-ID"]]
    assert len(reports) == 1
    assert reports[0].get_body(("html",)) is not None
    assert "ORDERS FOR THE NEXT PHASE" in text_of(reports[0])
    text = _ask(bymail, "A", "REPORT TURN 7 PHASE 2")
    assert "Game-Turn 7, phase 2 has not been adjudicated" in text


def _code(address: str, servers: MailServers) -> str:
    """The code in the latest message mailed to confirm a new password (R87)."""
    mails = [m for m in mailbox(address, servers) if ".password." in m["Message-ID"]]
    return text_of(mails[-1]).split("PASSWORD CONFIRM ")[1].split()[0]


def test_a_new_password_by_mail(bymail: Judge) -> None:
    """A new password is the player's once he sends back the code mailed to his address for
    it (R87); neither the password nor the code is kept in clear; the code is good once."""
    folder = bymail.folder
    text = _ask(bymail, "A", "PASSWORD brand-new-secret")
    assert "PASSWORD (line 4): not changed yet. A code is mailed to the address on file for " \
           "player A" in text and "brand-new-secret" not in text
    assert "STATUS of game bymail" in _ask(bymail, "A", "STATUS")  # unchanged until confirmed
    code = _code(ANNA, bymail.servers)
    assert code not in text
    changed = _ask(bymail, "A", f"PASSWORD CONFIRM {code.lower()}")  # any case
    assert "PASSWORD CONFIRM (line 4): changed, to the password asked at" in changed
    assert code not in changed
    connection = sqlite3.connect(folder / "campaign.sqlite")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    stored = b"".join(p.read_bytes() for p in folder.glob("campaign.sqlite*"))
    assert b"brand-new-secret" not in stored and code.encode() not in stored
    assert code.lower().encode() not in stored
    refused = _ask(bymail, "A", "STATUS")
    assert "refused" in refused and "STATUS of game" not in refused
    assert "STATUS of game bymail" in _ask(bymail, "A", "STATUS", password="brand-new-secret")
    again = _ask(bymail, "A", f"PASSWORD CONFIRM {code}", password="brand-new-secret")
    assert "it has been used or has expired; your password is unchanged" in again
    assert "unchanged" in _ask(bymail, "A", "PASSWORD short", password="brand-new-secret")
    assert "write PASSWORD CONFIRM and the code" in _ask(bymail, "A", "PASSWORD CONFIRM",
                                                           password="brand-new-secret")
    both = _ask(bymail, "A", "PASSWORD other-new-1", f"PASSWORD CONFIRM {code}",
                password="brand-new-secret")
    assert "PASSWORD (line 4): not changed yet" in both
    assert "(line 5): one new PASSWORD, or one PASSWORD CONFIRM, a message" in both


def test_press_signed_and_anonymous(bymail: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    for address in (BORIS, CLARA, GM_DESK):
        clear(address, bymail.servers)
    text = _ask(bymail, "A", "PRESS TO B", "Boris, shall we # share Siberia?", "-- ", "Anna",
                "ENDPRESS")
    assert "PRESS TO B (line 4): sent to B, signed" in text
    press = [m for m in mailbox(BORIS, bymail.servers) if ".press." in m["Message-ID"]]
    assert len(press) == 1 and mailbox(CLARA, bymail.servers) == []
    body = text_of(press[0])
    assert "from player A (A)" in body and "Boris, shall we # share Siberia?\n-- \nAnna" in body
    assert press[0]["From"] == GM and press[0]["Auto-Submitted"] == "auto-generated"
    thread = press[0]["References"]

    text = _ask(bymail, "A", "PRESS TO B C ANONYMOUS", "Someone is watching you.", "ENDPRESS")
    assert "to be sent to B, C, without your name, held until this phase is adjudicated and " \
        "sent with its reports (R82)" in text
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=8)
    monkeypatch.setenv("GM_NOW", later.isoformat())
    gm("send", str(bymail.folder))
    assert not [m for m in mailbox(BORIS, bymail.servers) if "anonymous" in m["Subject"]]
    # held (R82): the phase's reports carry it
    gm("adjudicate", str(bymail.folder))
    gm("send", str(bymail.folder))
    for address in (BORIS, CLARA):
        anonymous = [m for m in mailbox(address, bymail.servers)
                     if "anonymous press" in m["Subject"]]
        assert len(anonymous) == 1
        raw = anonymous[0].as_bytes()
        assert ANNA.encode() not in raw and b"player A" not in raw and b"from A" not in raw
        assert anonymous[0]["References"] is None and b"B, C" not in raw
        assert "Someone is watching you." in text_of(anonymous[0])
    copies = [m for m in mailbox(GM_DESK, bymail.servers) if ".press-copy." in m["Message-ID"]]
    assert len(copies) == 2 and "(sent anonymously)" in text_of(copies[1])

    text = _ask(bymail, "B", "PRESS TO A", "Agreed.", "ENDPRESS")
    reply = [m for m in mailbox(ANNA, bymail.servers) if ".press." in m["Message-ID"]]
    assert len(reply) == 1 and reply[0]["References"] == thread  # one conversation


def test_press_the_game_does_not_allow_is_refused(tmp_path: Path, servers: MailServers,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    judge = _judge(tmp_path, servers, monkeypatch, 'mode = "signed"\n')
    text = _ask(judge, "A", "PRESS TO B ANONYMOUS", "psst", "ENDPRESS")
    assert "signed press only; nothing was sent" in text
    text = _ask(judge, "A", "PRESS TO A", "to myself", "ENDPRESS")
    assert "nothing was sent" in text
    text = _ask(judge, "A", "PRESS TO B", "no end")
    assert "has no line ENDPRESS" in text and "nothing is sent" in text
    assert [m for m in mailbox(BORIS, servers) if ".press." in m["Message-ID"]] == []
    judge = _judge(tmp_path / "silent", servers, monkeypatch, 'mode = "none"\n')
    assert "this game has no press" in _ask(judge, "A", "PRESS TO B", "hello", "ENDPRESS")


def _word_html(lines: list[str]) -> str:
    """Outlook's HTML-only mail: Word's paragraphs, a line each, `&nbsp;` for a blank one."""
    return "".join(f'<p class="MsoNormal">{line.replace("<", "&lt;").replace(">", "&gt;")}'
                   "<o:p></o:p></p>\n" if line else
                   '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\n' for line in lines)


def _gmail_html(lines: list[str]) -> str:
    """Gmail's HTML: a <div> a line, <div><br></div> for a blank one."""
    return '<div dir="ltr">' + "".join(
        f"<div>{line.replace('<', '&lt;').replace('>', '&gt;') or '<br>'}</div>"
        for line in lines) + "</div>"


@pytest.mark.parametrize("client", ["outlook", "gmail"])
def test_press_and_requests_from_html_only_mail_arrive_as_written(
        bymail: Judge, client: str) -> None:
    """What real clients send: HTML only (Outlook's Word paragraphs in windows-1252, Gmail's
    divs in UTF-8), quoted-printable, a reply header block below; the press keeps its lines
    and blank lines, the requests are read."""
    for address in (BORIS, CLARA):
        clear(address, bymail.servers)
    lines = ["GAME bymail", "PLAYER A", f"PASSWORD {PASSWORDS['A']}", "STATUS",
             "PRESS TO B", "Boris,", "", "Shall we split Siberia? Koltchak\u2019s men # are",
             "tired.", "", "Anna", "ENDPRESS", "", "From: GM <gm@example.org>",
             "Sent: Sunday, 29 November 2026 08:00"]
    message = EmailMessage()
    message["From"], message["To"] = f"Anna Petrova <{ANNA}>", GM
    message["Subject"] = "RE: bymail: Game-Turn 1, First Phase opens"
    message["Message-ID"] = f"<{client}-press@example.org>"
    if client == "outlook":
        message.set_content(f"<html><body>{_word_html(lines)}</body></html>", subtype="html",
                            charset="windows-1252", cte="quoted-printable")
    else:
        message.set_content(_gmail_html(lines), subtype="html", charset="utf-8",
                            cte="quoted-printable")
    send_raw(bymail.servers, ANNA, message.as_bytes())
    text = _answer_to(bymail, "A", message["Message-ID"])
    assert "STATUS of game bymail" in text and "PRESS TO B (line 5): sent to B" in text
    press, = [m for m in mailbox(BORIS, bymail.servers) if ".press." in m["Message-ID"]]
    assert "Boris,\n\nShall we split Siberia? Koltchak\u2019s men # are\ntired.\n\nAnna" \
        in text_of(press)
    assert "Sent: Sunday" not in text_of(press)
