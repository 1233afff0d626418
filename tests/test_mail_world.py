"""Where the campaign meets the world's mail (issue 10): a recipient the server refuses, a
connection dropped mid-queue, a message delivered twice and a Message-ID reused, messages
too large to read, the right password from a stranger's address, pre-game orders by mail."""

from __future__ import annotations

import re
import sqlite3
from email.message import EmailMessage
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.messages import reading
from tests.conftest import gm
from tests.mailhelpers import (
    GM,
    GM_DESK,
    PASSWORDS,
    PLAYERS,
    campaign,
    gm_process,
    mail_orders,
    mailbox,
    send_raw,
    text_of,
)
from tests.mailservers import MailServers
from tests.rcw import state_of

GHOST = "ghost@example.org"  # has no mailbox: the server refuses mail to it (550)


def _everyone_sends(servers: MailServers) -> None:
    for letter, address in PLAYERS.items():
        mail_orders(servers, address,
                    f"GAME bymail\nPLAYER {letter}\nPASSWORD {PASSWORDS[letter]}\n")


def test_one_refused_recipient_never_holds_up_the_others(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    mail_orders(servers, GHOST, "GAME bymail\nPLAYER A\nPASSWORD wrong\n")
    _everyone_sends(servers)
    gm("fetch", str(folder))
    sent = gm("send", str(folder))
    assert "1 failed" in sent
    answers = {letter: [m for m in mailbox(address, servers) if m["In-Reply-To"]]
               for letter, address in PLAYERS.items()}
    assert all(len(found) == 1 for found in answers.values())
    alerts = [m for m in mailbox(PLAYERS["A"], servers) if ".alert." in m["Message-ID"]]
    assert len(alerts) == 1  # A is told a wrong password was given for him (R79)
    digest = "".join(text_of(m) for m in mailbox(GM_DESK, servers))
    assert "Deliveries that failed" in digest and f"answer to {GHOST}" in digest
    assert "550 5.1.1" in digest
    listing = gm("send", str(folder), "--list")
    failed = re.search(rf"^\s*(\d+) failed\s+answer\s+{GHOST}", listing, re.MULTILINE)
    assert failed is not None, listing
    assert "0 message(s) sent" in gm("send", str(folder))  # a failed message waits for the GM
    servers.add_user(GHOST)
    assert "1 message(s) sent" in gm("send", str(folder), "--retry", failed.group(1))
    assert len(mailbox(GHOST, servers)) == 1


@pytest.mark.parametrize("failure", ["dropped connection", "greylisted (450)"])
def test_a_temporary_failure_is_tried_again_later_and_the_rest_goes_out(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        failure: str) -> None:
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:00:00+00:00")
    folder = campaign(tmp_path, servers, monkeypatch)
    _everyone_sends(servers)
    gm("fetch", str(folder))
    once = servers.behaviour.drop_once if failure.startswith("dropped") else \
        servers.behaviour.greylist_once
    once.add(PLAYERS["B"])
    assert "2 message(s) sent, 1 to be tried again later" in gm("send", str(folder))
    assert [len(mailbox(a, servers)) for a in PLAYERS.values()] == [1, 0, 1]
    assert "0 message(s) sent" in gm("send", str(folder))  # not due yet
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:06:00+00:00")
    assert "1 message(s) sent" in gm("send", str(folder))
    assert [len(mailbox(a, servers)) for a in PLAYERS.values()] == [1, 1, 1]


def _message(message_id: str, text: str) -> bytes:
    message = EmailMessage()
    message["From"] = PLAYERS["A"]
    message["To"] = "gm@example.org"
    message["Subject"] = "orders"
    message["Message-ID"] = message_id
    message.set_content(text)
    return message.as_bytes()


def test_a_message_delivered_twice_counts_once_and_a_reused_message_id_is_a_new_message(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    first = _message("<same@example.org>", "GAME bymail\nPLAYER A\nPASSWORD pwa\nQUIT\n")
    send_raw(servers, PLAYERS["A"], first)
    send_raw(servers, PLAYERS["A"], first)  # delivered twice: other Received headers
    assert "1 new message(s) stored, 1 answered" in gm("fetch", str(folder))
    send_raw(servers, PLAYERS["A"], first)  # and once more, later
    other = _message("<same@example.org>", "GAME bymail\nPLAYER A\nPASSWORD pwa\n")
    send_raw(servers, PLAYERS["A"], other)
    assert "1 new message(s) stored, 1 answered" in gm("fetch", str(folder))
    gm("send", str(folder))
    assert len(mailbox(PLAYERS["A"], servers)) == 2
    opened = open_campaign(folder)
    rows = opened.store.orders_for(opened.row, 1, 1)
    assert [("QUIT" in row.raw) for row in rows] == [True, False]  # the later replaces


def _database_size(folder: Path) -> int:
    with sqlite3.connect(folder / "campaign.sqlite") as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages, size = (connection.execute(f"PRAGMA {p}").fetchone()[0]
                       for p in ("page_count", "page_size"))
    return int(pages) * int(size)


def test_messages_too_large_to_read_are_refused_and_not_kept_whole(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    cap = 1_000_000  # the default max_message_bytes
    before = _database_size(folder)
    big = EmailMessage()
    big["From"], big["To"], big["Subject"] = PLAYERS["A"], "gm@example.org", "with a map"
    big.set_content("GAME bymail\nPLAYER A\nPASSWORD pwa\nQUIT\n")
    big.add_attachment(bytes(range(256)) * 80_000, maintype="image", subtype="png",
                       filename="map.png")  # 20 MB
    send_raw(servers, PLAYERS["A"], big.as_bytes())
    assert "1 new message(s) stored, 1 answered" in gm("fetch", str(folder))
    grown = _database_size(folder) - before
    assert grown <= cap + 64 * 1024, grown
    before = _database_size(folder)
    long_line = "GAME bymail\nPLAYER B\nPASSWORD pwb\nMOVE " + "X" * 5_000_000 + "\n"
    mail_orders(servers, PLAYERS["B"], long_line)  # quoted-printable on the wire
    assert "1 new message(s) stored, 1 answered" in gm("fetch", str(folder))
    grown = _database_size(folder) - before
    assert grown <= cap + 64 * 1024, grown
    line_under_cap = "GAME bymail\nPLAYER C\nPASSWORD pwc\nMOVE " + "Y" * 200_000 + "\nQUIT\n"
    mail_orders(servers, PLAYERS["C"], line_under_cap)  # under the cap: read, its line refused
    assert "1 new message(s) stored, 1 answered" in gm("fetch", str(folder))
    gm("send", str(folder))
    answers = {letter: text_of(mailbox(address, servers)[0])
               for letter, address in PLAYERS.items()}
    assert re.match(r"Your message is 2\d,\d{3},\d{3} bytes long; this GM reads messages of "
                    r"up to 1,000,000 bytes", answers["A"])
    assert answers["B"].startswith("Your message is ") and "bytes long" in answers["B"]
    assert "line 4, column 1: this line is 200,005 characters long; an order line has at " \
           "most 1,000" in answers["C"]
    assert "line 5: QUIT" in answers["C"] and len(answers["C"]) < 2_000
    opened = open_campaign(folder)
    assert [row.player for row in opened.store.orders_for(opened.row, 1, 1)] == ["C"]


def test_the_right_password_from_an_address_not_on_file(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    mail_orders(servers, "mallory@example.org", "GAME bymail\nPLAYER B\nPASSWORD pwb\nQUIT\n")
    gm("fetch", str(folder))
    gm("send", str(folder))
    sender = text_of(mailbox("mallory@example.org", servers)[0])
    assert "not from the address on file for player B; it counts" in sender
    assert "line 4: QUIT" in sender
    told = mailbox(PLAYERS["B"], servers)
    assert len(told) == 1 and "arrived from mallory@example.org" in text_of(told[0])
    digest = "".join(text_of(m) for m in mailbox(GM_DESK, servers))
    assert "A player's password from an address not on file" in digest
    opened = open_campaign(folder)
    assert [row.player for row in opened.store.orders_for(opened.row, 1, 1)] == ["B"]


def test_the_campaign_may_refuse_orders_from_an_address_not_on_file(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch, extra='stranger_orders = "refuse"\n')
    mail_orders(servers, "mallory@example.org", "GAME bymail\nPLAYER B\nPASSWORD pwb\nQUIT\n")
    gm("fetch", str(folder))
    gm("send", str(folder))
    answer = text_of(mailbox("mallory@example.org", servers)[0])
    assert answer.startswith("Your message was refused: it came from mallory@example.org, "
                             "not from the address on file for player B")
    assert "QUIT" not in answer
    opened = open_campaign(folder)
    assert opened.store.orders_for(opened.row, 1, 1) == []


@pytest.mark.rules("17.0 [15.0]", "15.33", "15.54")
def test_pre_game_orders_by_mail_change_the_position_and_start_mails_the_opening_reports(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch, started=False)
    mail_orders(servers, PLAYERS["A"], "GAME bymail\nPLAYER A\nPASSWORD pwa\nPHASE TRADING\n"
                                       "TRADE 159 TO B FOR 154   # Stalin for Frunze\n")
    mail_orders(servers, PLAYERS["B"], "GAME bymail\nPLAYER B\nPASSWORD pwb\nPHASE TRADING\n"
                                       "TRADE 154 TO A FOR 159\nGIVE 1 POLITBURO TO C\n")
    assert "2 new message(s) stored, 2 answered" in gm("fetch", str(folder))
    ended = gm("end-trading", str(folder))
    assert "A line 5: succeeded" in ended and "B line 6: succeeded" in ended
    state = state_of(folder)
    assert 154 in state.hands["A"].units and 159 in state.hands["B"].units
    assert state.chart["C"].politburo == 3  # 2 dealt, 1 given
    mail_orders(servers, PLAYERS["C"], "GAME bymail\nPLAYER C\nPASSWORD pwc\nPHASE SETUP\n"
                                       "DEPLOY Zinoviev 101 IN PETR\n")
    assert "1 new message(s) stored, 1 answered" in gm("fetch", str(folder))
    started = gm("start", str(folder))
    assert "C line 5: succeeded" in started
    petrograd = open_campaign(folder).latest().state.position["PETR"]
    assert any(stack.units[:2] == (160, 101) for stack in petrograd)
    for address in PLAYERS.values():
        for message in mailbox(address, servers):  # the answers to the orders
            assert message["Subject"].startswith("Re:")
    gm("send", str(folder))
    for letter, address in PLAYERS.items():
        opening = [m for m in mailbox(address, servers) if ".report.start." in m["Message-ID"]]
        assert len(opening) == 1
        text = text_of(opening[0])
        assert f"PLAYER {letter}\nPASSWORD <your password>\nTURN 1 PHASE 1" in text
    assert len([m for m in mailbox(GM_DESK, servers)
                if ".gm-report.start" in m["Message-ID"]]) == 1


def test_the_waits_between_attempts_grow() -> None:
    from gm.app.outbox import wait_after

    waits = [wait_after(n).total_seconds() / 60 for n in range(1, 10)]
    assert waits == [5, 15, 30, 60, 120, 240, 480, 960, 960]


@pytest.mark.parametrize("processed", ["keep", "delete"])
def test_a_message_the_program_fails_on_stops_nothing(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        processed: str) -> None:
    """A message that makes the reader fail (simulated: a bug in it) is kept by its headers
    alone and the GM is told; the others are answered as usual. Its original, all there is of
    its body, goes to the processed folder even when the others are deleted (R85)."""
    import gm.app.intake as intake  # where the reader is called

    folder = campaign(tmp_path, servers, monkeypatch, extra=f'processed = "{processed}"\n')
    read = reading.read_parsed

    def failing(raw: bytes, message: object) -> object:
        if b"poison" in raw:
            raise RuntimeError("a bug")
        return read(raw, message)  # type: ignore[arg-type]

    monkeypatch.setattr(intake, "read_parsed", failing)
    mail_orders(servers, PLAYERS["A"], "GAME bymail\nPLAYER A\nPASSWORD pwa\n", subject="poison")
    mail_orders(servers, PLAYERS["B"], "GAME bymail\nPLAYER B\nPASSWORD pwb\n")
    assert "2 new message(s) stored, 2 answered" in gm("fetch", str(folder))
    gm("send", str(folder))
    assert "could not read it (RuntimeError)" in text_of(mailbox(PLAYERS["A"], servers)[0])
    assert "The message holds no orders" in text_of(mailbox(PLAYERS["B"], servers)[0])
    with sqlite3.connect(folder / "campaign.sqlite") as connection:
        kept = connection.execute("SELECT raw FROM inbox WHERE subject = 'poison'").fetchone()
    assert kept is not None and "pwa" not in kept[0]
    digest = "".join(text_of(m) for m in mailbox(GM_DESK, servers))
    assert "Messages this program failed on" in digest and "(poison)" in digest
    assert mailbox(GM, servers) == []
    originals = [str(m["Subject"]) for m in mailbox(GM, servers, f"Processed-{tmp_path.name}")]
    assert sorted(originals) == (["orders", "poison"] if processed == "keep" else ["poison"])


def _inbox(folder: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(folder / "campaign.sqlite") as connection:
        return connection.execute("SELECT subject, raw FROM inbox ORDER BY id").fetchall()


@pytest.mark.parametrize("processed", ["keep", "delete"])
def test_the_originals_are_kept_in_the_processed_folder_or_deleted_once_stored(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        processed: str) -> None:
    """Issue 24, item 8: the processed folder keeps the original as it came, its password in
    clear (processed = "keep"), or it is deleted (processed = "delete"); never before the copy
    without the password is committed: killed in between, the original waits in the inbox
    and the next run deletes it, keeping it once."""
    folder = campaign(tmp_path, servers, monkeypatch, extra=f'processed = "{processed}"\n')
    mail_orders(servers, PLAYERS["A"], "GAME bymail\nPLAYER A\nPASSWORD pwa\nQUIT\n",
                subject="my orders")
    crashed = gm_process("fetch", str(folder), crash_at="after-store")
    assert crashed.returncode == -9
    assert [subject for subject, _ in _inbox(folder)] == ["my orders"]  # committed
    assert len(mailbox(GM, servers)) == 1  # and the original still in the inbox
    again = gm_process("fetch", str(folder))
    assert "0 new message(s) stored, 1 answered" in again.stdout, again.stderr
    assert mailbox(GM, servers) == []
    kept = mailbox(GM, servers, f"Processed-{tmp_path.name}")
    if processed == "keep":
        assert len(kept) == 1 and "PASSWORD pwa" in text_of(kept[0])
    else:
        assert kept == []
    (_, raw), = _inbox(folder)
    assert "PASSWORD [redacted]" in raw and "pwa" not in raw
    opened = open_campaign(folder)
    assert [row.player for row in opened.store.orders_for(opened.row, 1, 1)] == ["A"]
