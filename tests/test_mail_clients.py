"""Order messages as the common mail clients send them (fixtures/mail/clients), handed to the
SMTP server so that they reach the GM's mailbox with the headers delivery adds, fetched over
IMAP and answered: each answer accepts exactly its orders, at the lines the player wrote them
(issue 10). And mail that must never be answered: bounces, newsletters, auto-replies, a
vacation responder, the program's own copies."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from gm.app.campaign import open_campaign
from gm.cli import cli
from gm.messages.reading import read_message
from tests.conftest import gm
from tests.mailhelpers import (
    GM,
    GM_DESK,
    PLAYERS,
    campaign,
    mail_orders,
    mailbox,
    send_raw,
    text_of,
)
from tests.mailservers import MailServers

ROOT = Path(__file__).resolve().parents[1]
CLIENTS = ROOT / "fixtures" / "mail" / "clients"
AUTOMATED = ROOT / "fixtures" / "mail" / "automated"
EXPECTED = yaml.safe_load((CLIENTS / "expected.yaml").read_text(encoding="utf-8"))
PASSWORDS = {"A": "Kronstadt1921", "B": "Tsaritsyn-19", "C": "Perekop_1920"}


def accepted(answer: str) -> list[list[object]]:
    """The (line, order) pairs an answer accepts."""
    return [[int(m.group(1)), m.group(2)] for m in re.finditer(
        r"^  line (\d+): (.+?)(?:  # .*)?$", answer, re.MULTILINE)]


def test_every_client_s_orders_are_read_right_once_delivered(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch, passwords=PASSWORDS)
    for name, expected in EXPECTED.items():
        send_raw(servers, PLAYERS[expected["player"]], (CLIENTS / name).read_bytes())
    assert f"{len(EXPECTED)} new message(s) stored, {len(EXPECTED)} answered" in gm(
        "fetch", str(folder))
    gm("send", str(folder))
    answers = {str(m["In-Reply-To"]).strip(): m for address in PLAYERS.values()
               for m in mailbox(address, servers)}
    with sqlite3.connect(folder / "campaign.sqlite") as connection:
        stored = dict(connection.execute("SELECT message_id, raw FROM inbox").fetchall())
    for name, expected in EXPECTED.items():
        raw = (CLIENTS / name).read_bytes()
        ident = read_message(raw).message_id
        assert ident is not None, name
        kept = stored[ident]
        assert kept.startswith("Return-Path: <") and "\nDelivered-To: " in kept, name
        assert "\nReceived: from " in kept, name  # as delivered, not as sent
        answer = answers[ident]
        text = text_of(answer)
        assert accepted(text) == expected["accepted"], (name, text)
        assert "REFUSED" not in text and expected["read"] in text, (name, text)
        for attachment in expected.get("attachments", []):
            assert f"the attachment(s) {attachment} were not read" in text
        assert "\n" not in str(answer["Subject"]) and answer["Date"].endswith("+0000")
        file_answer = CliRunner().invoke(cli, ["orders", "check", str(CLIENTS / name),
                                               "--campaign", str(folder)])
        assert file_answer.output == text, name  # one reading for mail and for files
    thunderbird = answers[str(read_message((CLIENTS / "thunderbird.eml").read_bytes()).message_id)]
    assert str(thunderbird["Subject"]) == (
        "Re: bymail: Game-Turn 1, First Phase opens - my orders, with a subject long enough "
        "that Thunderbird folds it onto a second line")
    _no_password_at_rest(folder)


def _no_password_at_rest(folder: Path) -> None:
    """The database, its files and every message it keeps, decoded: no player's password."""
    connection = sqlite3.connect(folder / "campaign.sqlite")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    rows = connection.execute("SELECT raw, raw_encoding FROM inbox").fetchall()
    texts = connection.execute("SELECT raw FROM orders").fetchall()
    connection.close()
    assert rows and texts
    files = b"".join(p.read_bytes() for p in folder.glob("campaign.sqlite*"))
    decoded = [read_message(raw.encode(encoding)) for raw, encoding in rows]
    for password in PASSWORDS.values():
        assert password.encode() not in files
        assert password.encode("utf-16-le") not in files
        assert all(password not in r.text for r in decoded)
        assert all(password not in text for (text,) in texts)
    assert all("PASSWORD [redacted]" in text for (text,) in texts)


def test_mail_that_must_not_be_answered_is_kept_and_told_to_the_gm(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    for path in sorted(AUTOMATED.glob("*.eml")):
        raw = path.read_bytes()
        envelope_sender = "" if path.name == "dsn.eml" else read_message(raw).sender or ""
        send_raw(servers, envelope_sender, raw)
    assert "4 new message(s) stored, 0 answered" in gm("fetch", str(folder))
    gm("send", str(folder))
    assert all(mailbox(address, servers) == [] for address in PLAYERS.values())
    digest = [text_of(m) for m in mailbox(GM_DESK, servers)]
    assert len(digest) == 1
    section = digest[0].split("Not answered: auto-replies, bounces and list mail")[1]
    for reason in ("Auto-Submitted: auto-replied", "Precedence: bulk", "X-Autoreply"):
        assert reason in section
    assert section.count("  - ") == 4


# Automatic mail without the standard markers (no Auto-Submitted, no List-Id, a sender's
# envelope address that is not null): each message, the envelope sender it comes with, and
# what the GM's digest says of it. Four carry a player's orders with his password.
UNMARKED = {
    "unmarked/auto-reply-precedence.eml": (PLAYERS["B"], "automatic reply (Precedence: "
                                           "auto_reply); not answered, and player B's orders"),
    "unmarked/mailman-digest.eml": ("rcw-club-admin@lists.example.net",
                                    "list mail (X-Mailman-Version); not answered, and player "
                                    "C's orders"),
    "unmarked/bounce-subsystem.eml": ("mail-router@mx.example.net",
                                      "bounce (from 'Mail Delivery Subsystem'); not answered, "
                                      "and player A's orders"),
    "unmarked/announcement.eml": ("secretary@rcw-club.example.com",
                                  "list mail (sent to the list 'RCW-Club-Announce', no "
                                  "address); not answered, and player A's orders"),
    "cpython/msg_02.txt": ("ppp-admin@zzz.org", "(Ppp digest, Vol 1 #2 - 5 msgs): list mail "
                                                "(X-Mailman-Version); not answered"),
    "cpython/msg_36.txt": ("Internet-Drafts@ietf.org", "list mail (sent to the list "
                                                       "'IETF-Announce', no address)"),
    "cpython/msg_42.txt": ("xxx@example.com", "bounce (from 'Mail Delivery Subsystem')"),
}


def test_automatic_mail_without_the_standard_markers_is_kept_never_answered_nor_counted(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24, items 6 and 9: an auto-reply marked by `Precedence: auto_reply` alone, a
    Mailman digest (X-Mailman-Version, no List-* header), a bounce signed "Mail Delivery
    Subsystem" from an ordinary address with the player's message returned inside, a list's
    announcement (`To: RCW-Club-Announce:;`), and three of CPython's own test messages of
    these kinds: delivered, the round run, none answered, no order in them counted, each in
    the GM's digest."""
    folder = campaign(tmp_path, servers, monkeypatch)
    for name, (sender, _) in UNMARKED.items():
        send_raw(servers, sender, (AUTOMATED / name).read_bytes())
    mail_orders(servers, PLAYERS["C"], "GAME bymail\nPLAYER C\nPASSWORD pwc\n")  # a person
    done = gm("run", str(folder), "--once")
    assert f"{len(UNMARKED) + 1} stored, 1 answered" in done, done
    assert [len(mailbox(address, servers)) for address in PLAYERS.values()] == [0, 0, 1]
    opened = open_campaign(folder)
    rows = opened.store.orders_for(opened.row, 1, 1)
    assert [(row.player, row.parsed) for row in rows] == [("C", "[]")]  # his own, no orders
    with sqlite3.connect(folder / "campaign.sqlite") as connection:
        kinds = connection.execute("SELECT disposition, COUNT(*) FROM inbox_handled "
                                   "GROUP BY disposition").fetchall()
    assert sorted(kinds) == [("answered", 1), ("automated", len(UNMARKED))]
    digest = [text_of(m) for m in mailbox(GM_DESK, servers)]
    assert len(digest) == 1
    section = digest[0].split("Not answered: auto-replies, bounces and list mail")[1]
    section = section.split("\n\n")[0]
    assert section.count("  - ") == len(UNMARKED)
    for name, (_, said) in UNMARKED.items():
        assert said in section, (name, section)
    assert "Refused senders" not in digest[0]


PEOPLE = ROOT / "fixtures" / "mail" / "people"


def test_a_player_s_forwarded_bounce_and_orders_resent_under_a_bounce_s_subject_count(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24 review, 1 and 2 (R83): Anna forwards the bounce of her orders inline with
    Thunderbird, which keeps its message/delivery-status part as an attachment, her orders
    written again above it; Boris sends his again under "Delivery failed – orders again", the
    bounced message attached. Delivered to dovecot, each is answered, its orders accepted and
    counted, and the GM's digest lists neither as automatic."""
    folder = campaign(tmp_path, servers, monkeypatch)
    for letter, name in (("A", "thunderbird-forward-inline-bounce.eml"),
                         ("B", "resent-after-bounce.eml")):
        send_raw(servers, PLAYERS[letter], (PEOPLE / name).read_bytes())
    done = gm("run", str(folder), "--once")
    assert "2 stored, 2 answered" in done, done
    answers = {letter: [text_of(m) for m in mailbox(PLAYERS[letter], servers)]
               for letter in ("A", "B")}
    assert [accepted(text) for text in answers["A"]] == [
        [[7, "MOVE 163: KHAR-POLT"], [8, "MOVE 155 122: KAZA-SIMB"]]]
    assert [accepted(text) for text in answers["B"]] == [
        [[7, "MOVE 173 118: KURS-OREL"], [8, "MOVE 177 110: NIZH-VLDM"]]]
    assert "the attachment(s) Part 1.2, Undelivered Message.eml were not read" in answers["A"][0]
    opened = open_campaign(folder)
    counted = {row.player: row.parsed or "" for row in opened.store.orders_for(opened.row, 1, 1)}
    assert sorted(counted) == ["A", "B"]
    assert "KHAR" in counted["A"] and "KURS" in counted["B"]
    with sqlite3.connect(folder / "campaign.sqlite") as connection:
        kinds = connection.execute("SELECT disposition, COUNT(*) FROM inbox_handled "
                                   "GROUP BY disposition").fetchall()
    assert kinds == [("answered", 2)]
    digest = "".join(text_of(m) for m in mailbox(GM_DESK, servers))
    assert "Not answered: auto-replies" not in digest


@pytest.mark.parametrize("responder", ["marked", "naive"])
def test_a_vacation_responder_gets_at_most_one_answer(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        responder: str) -> None:
    """Three rounds with a player away: a responder that marks its replies (RFC 3834) is never
    answered; one that marks nothing is answered once, then the loop breaker holds."""
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:00:00+00:00")
    folder = campaign(tmp_path, servers, monkeypatch)
    servers.behaviour.vacation[PLAYERS["B"]] = responder
    for _ in range(3):
        mail_orders(servers, PLAYERS["B"], "GAME bymail\nPLAYER B\nPASSWORD pwb\n")
        gm("run", str(folder), "--once")
    gm("run", str(folder), "--once")  # the last replies come in
    received = mailbox(PLAYERS["B"], servers)
    replies = {m["Message-ID"] for m in mailbox(GM, servers, "Processed-" + tmp_path.name)
               if str(m["Subject"]).startswith("Out of office")}
    assert len(replies) >= 3
    to_responder = [m for m in received if str(m["In-Reply-To"]).strip() in replies]
    assert len(to_responder) == (0 if responder == "marked" else 1)
    orders_answers = [m for m in received if str(m["In-Reply-To"]).strip() not in replies]
    assert len(orders_answers) == 3  # the player's own orders are always answered
    digest = "".join(text_of(m) for m in mailbox(GM_DESK, servers))
    heading = ("Not answered: auto-replies" if responder == "marked" else
               "Not answered: the per-address cap")
    assert heading in digest


def test_the_program_s_own_copies_in_its_mailbox_are_left_alone(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """A GM who reads the campaign's own mailbox gets his copies there; they are kept,
    never answered and never reported back to him (which would loop)."""
    folder = campaign(tmp_path, servers, monkeypatch)
    config = folder / "campaign.toml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        f'gm_copy_to = "{GM_DESK}"\n', ""), encoding="utf-8")
    gm("adjudicate", str(folder))
    assert "4 message(s) sent" in gm("send", str(folder))
    assert [".gm-report." in m["Message-ID"] for m in mailbox(GM, servers)] == [True]
    assert "1 new message(s) stored, 0 answered" in gm("fetch", str(folder))
    assert "0 message(s) sent" in gm("send", str(folder))


def test_a_subject_that_tries_to_add_a_header_cannot(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    raw = (b"From: anna@example.org\r\nTo: gm@example.org\r\nMessage-ID: <inj@example.org>\r\n"
           b"Subject: =?utf-8?q?orders=0D=0ABcc=3A_mallory=40example=2Eorg?=\r\n\r\n"
           b"GAME bymail\r\nPLAYER A\r\nPASSWORD pwa\r\nQUIT\r\n")
    send_raw(servers, PLAYERS["A"], raw)
    for _ in range(2):  # and every later run goes on working
        assert gm_ok("run", str(folder), "--once")
    answers = mailbox(PLAYERS["A"], servers)
    assert len(answers) == 1 and answers[0]["Bcc"] is None
    assert str(answers[0]["Subject"]) == "Re: orders Bcc: mallory@example.org"
    assert mailbox("mallory@example.org", servers) == []


def gm_ok(*args: str) -> bool:
    return CliRunner().invoke(cli, list(args)).exit_code == 0
