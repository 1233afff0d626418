"""What must not be answered (RFC 3834), no password at rest, headers that cannot break, the
same message delivered twice, and authentication before anything (issue 10)."""

from __future__ import annotations

import datetime as dt
from email import message_from_string, policy
from email.message import EmailMessage
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from gm.app.intake import content_key
from gm.app.judge import Roster, Verdict, judge
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.system import RUSSIAN_CIVIL_WAR
from gm.messages.compose import answer_mail
from gm.messages.reading import read_message
from gm.messages.redaction import redact_message
from tests.conftest import deployed

ROOT = Path(__file__).resolve().parents[1]
CLIENTS = ROOT / "fixtures" / "mail" / "clients"


def _headers(*lines: str) -> bytes:
    return ("\r\n".join(["From: Boris <boris@example.org>", "To: gm@example.org",
                         "Subject: Re: orders", *lines]) + "\r\n\r\nGAME g\r\n").encode()


@pytest.mark.parametrize(("header", "reason"), [
    ("Auto-Submitted: auto-replied", "Auto-Submitted"),
    ("Auto-Submitted: auto-generated; owner-email=x@example.org", "Auto-Submitted"),
    ("Return-Path: <>", "null Return-Path"),
    ("Precedence: bulk", "Precedence: bulk"),
    ("Precedence: list", "Precedence: list"),
    ("List-Id: <news.example.com>", "List-Id"),
    ("List-Unsubscribe: <mailto:u@example.com>", "List-Unsubscribe"),
    ("X-Autoreply: yes", "X-Autoreply"),
    ("Content-Type: multipart/report; report-type=delivery-status; boundary=x",
     "multipart/report"),
])
def test_mail_that_gets_no_answer(header: str, reason: str) -> None:
    assert reason in (read_message(_headers(header)).automated or "")


def test_mail_that_gets_an_answer() -> None:
    assert read_message(_headers("Auto-Submitted: no", "Precedence: first-class")).automated \
        is None
    daemon = _headers().replace(b"Boris <boris@", b"Mail Delivery System <MAILER-DAEMON@")
    assert read_message(daemon).automated == "bounce (from mailer-daemon)"


@pytest.mark.parametrize("name", sorted(p.name for p in CLIENTS.glob("*.eml")))
def test_no_password_is_kept_and_nothing_else_changes(name: str) -> None:
    raw = (CLIENTS / name).read_bytes()
    password = next(p for p in ("Kronstadt1921", "Tsaritsyn-19", "Perekop_1920")
                    if p in read_message(raw).text)
    clean = redact_message(raw)
    assert password.encode() not in clean and password.encode("utf-16-le") not in clean
    before, after = read_message(raw), read_message(clean)
    assert password not in after.text and "PASSWORD [redacted]" in after.text
    assert after.text.replace("[redacted]", password) == before.text.replace(
        "PASSWORD <your password>", f"PASSWORD {password} password>")
    assert (after.sender, after.subject, after.attachments) == (
        before.sender, before.subject, before.attachments)
    assert redact_message(clean) == clean


def test_a_message_without_a_password_is_kept_as_it_came() -> None:
    raw = _headers("Message-ID: <x@example.org>") + b"SALT borodino\r\nQUIT\r\n"
    assert redact_message(raw) == raw


def test_the_same_message_delivered_twice_has_one_key() -> None:
    message = (CLIENTS / "gmail-web.eml").read_bytes()
    once = (b"Return-Path: <boris@example.org>\r\nDelivered-To: gm@example.org\r\n"
            b"Received: from mx by imap with LMTP id 1; Sun, 29 Nov 2026 10:00:00 +0000\r\n"
            + message)
    twice = (b"Return-Path: <boris@example.org>\r\nDelivered-To: gm+orders@example.org\r\n"
             b"Received: from mx by imap with LMTP id 2;\r\n Sun, 29 Nov 2026 10:00:05 +0000\r\n"
             b"X-Spam-Status: No, score=-1.0\r\n" + message.replace(b"\n", b"\r\n"))
    assert content_key(once) == content_key(twice) == content_key(message)
    other = message.replace(b"KURS-OREL", b"KURS-VORO")
    assert content_key(other) != content_key(message)


def test_headers_we_write_cannot_break_or_be_injected() -> None:
    date = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC).astimezone(ZoneInfo("Europe/Moscow"))
    mail = answer_mail("camp", "gm@example.org", "7", "anna@example.org",
                       "a very long subject\r\n folded\r\nBcc: mallory@example.org",
                       "<forged>\r\nBcc: x@example.org", "text\n", date)
    parsed = message_from_string(mail.mime, policy=policy.default)
    assert parsed["Bcc"] is None and parsed["In-Reply-To"] is None
    assert str(parsed["Subject"]) == ("Re: a very long subject folded Bcc: "
                                      "mallory@example.org")
    assert parsed["Date"] == "Sun, 29 Nov 2026 13:00:00 +0300"
    assert parsed["Auto-Submitted"] == "auto-replied"
    with pytest.raises(ValueError):
        answer_mail("camp", "gm@example.org", "8", "anna@example.org\r\nBcc: x@example.org",
                    None, None, "text\n", date)


def _orders(player: str, password: str, game: str = "g", sender: str = "anna@example.org",
            more: str = "QUIT\n") -> bytes:
    message = EmailMessage()
    message["From"] = sender
    message.set_content(f"GAME {game}\nPLAYER {player}\nPASSWORD {password}\n{more}")
    return message.as_bytes()


ROSTER = Roster("g", lambda player, password: (player, password) == ("A", "right"),
                {"A": "anna@example.org", "B": "boris@example.org"})


HIDDEN = "; its orders are not shown back"


def _judged(raw: bytes, data: GameData, roster: Roster = ROSTER) -> Verdict:
    return judge(read_message(raw), deployed(data, "ABC"), data, roster, RUSSIAN_CIVIL_WAR)


@pytest.mark.parametrize(("raw", "reason"), [
    (_orders("A", "wrong"), "the PASSWORD is not player A's" + HIDDEN),
    (_orders("B", "right"), "the PASSWORD is not player B's" + HIDDEN),
    (_orders("A", "", more="PASSWORD\nQUIT\n"), "it has no PASSWORD line" + HIDDEN),
    (_orders("A", "right", game="h"), "it is for game h, and this is game g"),
    (_orders("Q", "right"), "there is no player Q in this game"),
])
def test_a_message_that_fails_authentication_is_refused_whole(data: GameData, raw: bytes,
                                                              reason: str) -> None:
    verdict = _judged(raw, data)
    assert verdict.text == f"Your message was refused: {reason}.\nNothing in it counts.\n"
    assert not verdict.counts and verdict.disposition == "refused" and verdict.notice


def test_the_right_password_from_another_address(data: GameData) -> None:
    raw = _orders("A", "right", sender="mallory@example.org")
    counted = _judged(raw, data)
    assert counted.player == "A" and counted.stranger == "A"  # anna@example.org is told
    assert counted.notice is not None and "from mallory@example.org, not from " \
        "anna@example.org: orders, which count" in counted.notice[1]
    refusing = Roster(ROSTER.game, ROSTER.check, ROSTER.addresses, "refuse")
    refused = _judged(raw, data, refusing)
    assert not refused.counts and "QUIT" not in refused.text
