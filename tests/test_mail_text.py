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
from gm.messages.reading import parse_mail, read_message
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
    # issue 24, item 6: what some hosting panels' autoresponders put in, alone
    ("Precedence: auto_reply", "automatic reply (Precedence: auto_reply)"),
    ("Precedence: Auto-Reply", "automatic reply (Precedence: auto-reply)"),
    ("Precedence: junk (spam)", "Precedence: junk"),
    ("X-Autorespond: yes", "X-Autorespond"),
    # issue 24, item 9: list software without RFC 2369's headers, bounces without the markers
    ("X-Mailman-Version: 2.0.4", "list mail (X-Mailman-Version)"),
    ("X-BeenThere: rcw@lists.example.net", "X-BeenThere"),
    ("Mailing-List: list rcw@googlegroups.com; contact rcw+owners@googlegroups.com",
     "Mailing-List"),
    ("X-Google-Group-Id: 783519021421", "X-Google-Group-Id"),
    ("X-Mailing-List: <linux-kernel@vger.kernel.org>", "X-Mailing-List"),
    ("X-Loop: FreeBSD.org", "X-Loop"),
    ("X-Sympa-To: rcw@lists.example.net", "X-Sympa-To"),
    ("X-Listprocessor-Version: 8.2.10/990101/11:28 -- ListProc(tm)", "X-Listprocessor"),
    ("X-ML-Name: rcw", "X-ML-Name"),
    ("List-Post: <mailto:rcw@lists.example.net>", "List-Post"),
    ("Delivered-To: mailing list rcw@lists.example.net", "Delivered-To: mailing list"),
    ("Sender: owner-rcw@lists.example.net", "Sender: owner-rcw@"),
    ("Sender: rcw-bounces+gm=example.org@lists.example.net", "Sender: rcw-bounces+"),
    ("X-Failed-Recipients: dmitri@example.net", "bounce (X-Failed-Recipients)"),
])
def test_mail_that_gets_no_answer(header: str, reason: str) -> None:
    assert reason in (read_message(_headers(header)).automated or "")


@pytest.mark.parametrize(("sender", "reason"), [
    ("Mail Delivery Subsystem <xxx@example.com>", "bounce (from 'Mail Delivery Subsystem')"),
    ("Mail Delivery System <bounces@mx.example.net>", "Mail Delivery System"),
    ("Internet Mail Delivery <mail@ucla.example.edu>", "Internet Mail Delivery"),
    ("=?utf-8?q?Mail_Delivery_System?= <mx@example.net>", "Mail Delivery System"),
    ("mx@example.net (Mail Delivery System)", "Mail Delivery System"),
    ("System Administrator <admin@example.net>", "System Administrator"),
    ("POSTMASTER <help@example.net>", "POSTMASTER"),
    ("postmaster@example.net", "bounce (from postmaster)"),
    ("rcw-request@lists.example.net", "list mail (From: rcw-request@"),
    ("Majordomo@lists.example.net", "From: majordomo@"),
    ("RCW Club <no-reply@rcw-club.example.com>", "no-reply@..., which takes no reply"),
    ("donotreply@example.com", "takes no reply"),
])
def test_automatic_senders_by_address_and_by_name(sender: str, reason: str) -> None:
    raw = _headers().replace(b"Boris <boris@example.org>", sender.encode())
    assert reason in (read_message(raw).automated or "")


@pytest.mark.parametrize("to", ["RCW-Club-Announce:;", "IETF-Announce: ;",
                                'undisclosed-recipients:;, "Club news":;'])
def test_an_announcement_to_a_list_s_name_and_no_address(to: str) -> None:
    raw = _headers().replace(b"To: gm@example.org", f"To: {to}".encode())
    assert "list mail (sent to the list" in (read_message(raw).automated or "")


def _returned(subject: str, inner: EmailMessage | None = None) -> bytes:
    """A bounce as some servers make it: multipart/mixed, the notice, the message returned."""
    bounce = EmailMessage()
    bounce["From"] = "Mail Router <router@mx.example.net>"
    bounce["To"] = "gm@example.org"
    bounce["Subject"] = subject
    bounce.set_content("Your message could not be delivered to dmitri@example.net.\n")
    returned = inner or EmailMessage()
    if inner is None:
        returned["From"] = "anna@example.org"
        returned["Subject"] = "my orders"
        returned.set_content("GAME g\nPLAYER A\nPASSWORD pwa\nQUIT\n")
    bounce.add_attachment(returned)
    return bounce.as_bytes()


@pytest.mark.parametrize("subject", ["Undeliverable: my orders", "Returned mail: see transcript",
                                     "failure notice", "Delivery Status Notification (Failure)",
                                     "Mail delivery failed: returning message to sender",
                                     "Undelivered Mail Returned to Sender"])
def test_a_bounce_by_its_structure_a_returned_message_under_a_bounce_s_subject(
        subject: str) -> None:
    assert "a returned message inside" in (read_message(_returned(subject)).automated or "")


def test_a_report_part_anywhere_in_the_message_itself() -> None:
    raw = _headers("MIME-Version: 1.0", 'Content-Type: multipart/mixed; boundary="b"') + (
        b"\r\n--b\r\nContent-Type: text/plain\r\n\r\nnot delivered\r\n--b\r\n"
        b"Content-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx\r\n\r\n"
        b"Final-Recipient: rfc822; d@example.net\r\nAction: failed\r\n--b--\r\n")
    assert read_message(raw).automated == \
        "delivery or read report (a message/delivery-status part)"


@pytest.mark.parametrize("name", ["msg_02.txt", "msg_36.txt", "msg_42.txt"])
def test_cpython_s_own_test_messages_of_these_kinds(name: str) -> None:
    """The three of CPython's email test messages (fixtures/mail/automated/cpython) that were
    answered before issue 24: a Mailman digest, an IETF announcement, a bounce."""
    raw = (ROOT / "fixtures" / "mail" / "automated" / "cpython" / name).read_bytes()
    assert read_message(raw).automated is not None


def test_mail_that_gets_an_answer() -> None:
    assert read_message(_headers("Auto-Submitted: no", "Precedence: first-class")).automated \
        is None
    people = [
        _headers("Sender: Boris <boris@work.example.org>", "X-Mailer: Mutt/2.2.9"),
        _headers().replace(b"To: gm@example.org", b"To: undisclosed-recipients:;"),  # a Bcc
        _headers().replace(b"Boris <boris@", b"Boris Postman <boris@"),
        _headers().replace(b"Boris <boris@", b"Mailer Fan <mail-delivery-fan@"),
        _headers().replace(b"Subject: Re: orders", b"Subject: Undeliverable orders?"),
        _returned("Fwd: did my orders arrive?"),  # a message forwarded, under a person's subject
    ]
    forwarded_bounce = EmailMessage()
    forwarded_bounce["From"] = "anna@example.org"
    forwarded_bounce["Subject"] = "Fwd: my answer bounced"
    forwarded_bounce.set_content("GM, your answer to me bounced; here it is.\n")
    dsn = parse_mail((ROOT / "fixtures" / "mail" / "automated" / "dsn.eml").read_bytes())
    assert dsn is not None
    forwarded_bounce.add_attachment(dsn)
    people.append(forwarded_bounce.as_bytes())
    for raw in people:
        assert read_message(raw).automated is None, raw[:400]
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
