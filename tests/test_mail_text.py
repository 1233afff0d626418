"""What must not be answered (RFC 3834), no password at rest, headers that cannot break, the
same message delivered twice, and authentication before anything (issue 10)."""

from __future__ import annotations

import datetime as dt
import random
import sysconfig
from email import message_from_string, policy
from email.message import EmailMessage
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from gm.app.intake import content_key
from gm.app.judge import Roster, Verdict, judge
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.system import RUSSIAN_CIVIL_WAR
from gm.messages.compose import Ids, answer_mail
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
    ("Postmaster <help@example.net>", "bounce (from 'Postmaster')"),
    ("MAILER-DAEMON <mx@example.net>", "bounce (from 'MAILER-DAEMON')"),
    ("Microsoft Outlook <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@example.net>",
     "bounce (from microsoftexchange329e71ec88ae4615bbc36ab6ce41109e)"),
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


def _returned(subject: str, inner: EmailMessage | None = None,
              sender: str = "System Administrator <admin@mx.example.net>") -> bytes:
    """A bounce as some servers make it: multipart/mixed, the notice, the message returned."""
    bounce = EmailMessage()
    bounce["From"] = sender
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
def test_a_bounce_by_a_mail_system_s_name_and_a_bounce_s_subject(subject: str) -> None:
    """A name a person's account may carry too ("System Administrator", Exchange 2003's)
    counts with a bounce's subject (R83: weak, with corroboration)."""
    assert read_message(_returned(subject)).automated == \
        f"bounce (from 'System Administrator', under the subject " \
        f"{' '.join(subject.split()[:3])!r})"


def _with_report_part(sender: str) -> bytes:
    raw = _headers("MIME-Version: 1.0", 'Content-Type: multipart/mixed; boundary="b"') + (
        b"\r\n--b\r\nContent-Type: text/plain\r\n\r\nnot delivered\r\n--b\r\n"
        b"Content-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx\r\n\r\n"
        b"Final-Recipient: rfc822; d@example.net\r\nAction: failed\r\n--b--\r\n")
    return raw.replace(b"Boris <boris@example.org>", sender.encode())


def test_a_report_part_counts_with_a_mail_system_s_sender() -> None:
    assert read_message(_with_report_part("Microsoft Outlook <outlook@example.net>")).automated \
        == "bounce (from 'Microsoft Outlook', with a message/delivery-status part)"
    assert read_message(_with_report_part("Boris <boris@example.org>")).automated is None


@pytest.mark.parametrize(("lines", "sender", "reason"), [
    # X-Loop alone is a forwarder's or a procmail recipe's; with a list's weak address, a list
    (["X-Loop: FreeBSD.org"], "owner-freebsd-questions@FreeBSD.org",
     "list mail (X-Loop, and From: owner-freebsd-questions@...)"),
    (["X-Loop: rcw@lists.example.net", "Sender: rcw-owner@lists.example.net"], "Boris "
     "<boris@example.org>", "list mail (X-Loop, and Sender: rcw-owner@...)"),
    # a name a person may carry, with a bounce's subject
    (["Subject: Undeliverable: orders"], "Microsoft Outlook <postoffice@example.net>",
     "bounce (from 'Microsoft Outlook', under the subject 'Undeliverable: orders')"),
    (["Subject: Returned mail: see transcript"], "System Administrator <admin@example.net>",
     "bounce (from 'System Administrator', under the subject 'Returned mail: see')"),
])
def test_weak_signals_count_together(lines: list[str], sender: str, reason: str) -> None:
    raw = _headers(*lines).replace(b"Boris <boris@example.org>", sender.encode())
    if any(line.startswith("Subject:") for line in lines):
        raw = raw.replace(b"Subject: Re: orders\r\n", b"")
    assert read_message(raw).automated == reason


PEOPLE = ROOT / "fixtures" / "mail" / "people"


@pytest.mark.parametrize(("sender", "lines"), [
    # issue 24 review, 3: a display name that holds a mail system's words is a person's
    ('"Jane Roe, System Administrator" <jane@example.org>', []),
    ('"Pat Postmaster" <pat@example.org>', []),
    ('"Anna (mail delivery driver)" <anna@example.org>', []),
    ("Mailer Daemon Fan <boris@example.org>", []),
    ("System Administrator <admin@example.org>", []),  # weak alone: a shared admin mailbox
    ("Microsoft Outlook <boris@example.org>", ["Subject: Microsoft Outlook Test Message"]),
    # 4: an address a person may have
    ("home-owner@example.org", []),
    ("product-owner@example.org", []),
    ("owner-occupier@example.org", []),
    ("Boris <boris@example.org>", ["Sender: home-owner@example.org"]),
    # 5: headers named like list software's, X-Loop added by a forwarder
    ("Boris <boris@example.org>", ["X-Listener: foo"]),
    ("Boris <boris@example.org>", ["X-Loop: boris@example.org"]),
    ("Boris <boris@example.org>", ["X-ML-Score: 0.1", "X-Mailer-Version: 3"]),
    ("owner-occupier@example.org", ["X-Listener: foo"]),
])
def test_a_person_s_mail_with_a_mail_system_s_words_gets_an_answer(
        sender: str, lines: list[str]) -> None:
    raw = _headers(*lines).replace(b"Boris <boris@example.org>", sender.encode())
    if any(line.startswith("Subject:") for line in lines):
        raw = raw.replace(b"Subject: Re: orders\r\n", b"")
    assert read_message(raw).automated is None


@pytest.mark.parametrize("name", ["thunderbird-forward-inline-bounce.eml",
                                  "resent-after-bounce.eml"])
def test_a_player_s_forwarded_or_resent_bounce_gets_an_answer(name: str) -> None:
    """Issue 24 review, 1 and 2: Thunderbird's Forward Inline of a bounce keeps its
    message/delivery-status part as an attachment ("Part 1.2"); a player resends his orders
    under "Delivery failed – orders again" with the bounced message attached. Each is a
    person's message (fixtures/mail/people), his orders read above what he forwards."""
    reading = read_message((PEOPLE / name).read_bytes())
    assert reading.automated is None
    assert "PASSWORD pw" in reading.text and "\nEND\n" in reading.text
    assert reading.attachments in {("Part 1.2", "Undelivered Message.eml"), ("orders.eml",)}


def test_a_returned_message_under_a_bounce_s_subject_from_a_person_gets_an_answer() -> None:
    for subject in ("Undeliverable: my orders", "Delivery failed - orders again",
                    "Returned mail: see transcript"):
        raw = _returned(subject, sender="Anna Petrova <anna@example.org>")
        assert read_message(raw).automated is None, subject


@pytest.mark.parametrize("name", ["msg_02.txt", "msg_36.txt", "msg_42.txt"])
def test_cpython_s_own_test_messages_of_these_kinds(name: str) -> None:
    """The three of CPython's email test messages (fixtures/mail/automated/cpython) that were
    answered before issue 24: a Mailman digest, an IETF announcement, a bounce."""
    raw = (ROOT / "fixtures" / "mail" / "automated" / "cpython" / name).read_bytes()
    assert read_message(raw).automated is not None


CPYTHON_DATA = Path(sysconfig.get_path("stdlib")) / "test" / "test_email" / "data"
CPYTHON_AUTOMATIC = {"msg_02.txt", "msg_05.txt", "msg_16.txt", "msg_25.txt", "msg_32.txt",
                     "msg_33.txt", "msg_36.txt", "msg_42.txt", "msg_43.txt"}


@pytest.mark.skipif(not CPYTHON_DATA.is_dir(), reason="this Python has no test package")
def test_cpython_s_test_messages_of_people_get_an_answer() -> None:
    """All of CPython's 48 e-mail test messages, from the running interpreter's own test
    package: its digests, reports, bulk mail, announcement and bounce are automatic, and no
    other (R83)."""
    found = {path.name for path in CPYTHON_DATA.glob("msg_*.txt")
             if read_message(path.read_bytes()).automated}
    assert len(list(CPYTHON_DATA.glob("msg_*.txt"))) >= 48
    assert found == CPYTHON_AUTOMATIC


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


CAMP = Ids("camp", "0123456789abcdef")


def test_headers_we_write_cannot_break_or_be_injected() -> None:
    date = dt.datetime(2026, 11, 29, 10, 0, tzinfo=dt.UTC).astimezone(ZoneInfo("Europe/Moscow"))
    mail = answer_mail(CAMP, "gm@example.org", "7", "anna@example.org",
                       "a very long subject\r\n folded\r\nBcc: mallory@example.org",
                       "<forged>\r\nBcc: x@example.org", "text\n", date)
    parsed = message_from_string(mail.mime, policy=policy.default)
    assert parsed["Bcc"] is None and parsed["In-Reply-To"] is None
    assert str(parsed["Subject"]) == ("Re: a very long subject folded Bcc: "
                                      "mallory@example.org")
    assert parsed["Date"] == "Sun, 29 Nov 2026 13:00:00 +0300"
    assert parsed["Auto-Submitted"] == "auto-replied"
    with pytest.raises(ValueError):
        answer_mail(CAMP, "gm@example.org", "8", "anna@example.org\r\nBcc: x@example.org",
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


def test_a_one_part_mail_is_written_as_the_library_writes_it() -> None:
    """compose writes a one-part message's text part and its lines itself (gm.messages.compose
    ._text, flat): the same text as email.mime's MIMEText and the library's generator, for
    random bodies (non-ASCII, '=', trailing blanks, lone CRs, long lines, dots alone) and
    subjects (encoded, long)."""
    from email.mime.text import MIMEText

    from gm.messages.compose import UTF8, WRITING, _compose, _text, flat

    chosen = random.Random(37)
    alphabet = [*"abc XYZ=.\t\n\r-_", "é", "→", " \n", "=\n", ".\n", "From ", "\u00a0", "€"]
    for _ in range(2000):
        body = "".join(chosen.choice(alphabet) for _ in range(chosen.randint(0, 300)))
        body = "x" * chosen.choice((0, 0, 75, 76, 77, 200)) + body
        ours = _text(body, "plain")
        theirs = MIMEText(body, "plain", UTF8)  # type: ignore[arg-type]
        assert ours.as_string(policy=WRITING) == theirs.as_string(policy=WRITING)
        subject = "".join(chosen.choice(alphabet[:-4]) for _ in range(chosen.randint(0, 90)))
        mail = _compose("gm@example.org", "a@x.org", subject or "(none)", "<m1@x.org>",
                        dt.datetime(2026, 12, 8, tzinfo=dt.UTC), "auto-replied", body)
        assert flat(mail) == mail.as_string(policy=WRITING)
