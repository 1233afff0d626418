"""The campaign by mail against real servers started on loopback (tests/mailservers.py):
players send orders by SMTP, the GM program fetches them over IMAP, answers, adjudicates and
sends reports into the players' mailboxes; crashes lose and double nothing."""

from __future__ import annotations

import email
import email.policy
import os
import random
import smtplib
import subprocess
import sys
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from imapclient import IMAPClient

from gm.campaign import open_campaign
from gm.orders.generate import random_first_phase_orders, random_second_phase_orders
from tests.conftest import gm
from tests.mailservers import PASSWORD, MailServers, mail_servers

GM = "gm@example.org"
PLAYERS = {"A": "anna@example.org", "B": "boris@example.org", "C": "clara@example.org"}
ENV = "GM_TEST_IMAP_PASSWORD"


@pytest.fixture(scope="module")
def servers() -> Iterator[MailServers]:
    with mail_servers() as running:
        for user in (GM, *PLAYERS.values(), "mallory@example.org"):
            running.add_user(user)
        yield running



def gm_process(*args: str, crash_at: str | None = None) -> subprocess.CompletedProcess[str]:
    """The gm command in a process of its own, which a crash point may kill."""
    env = {**os.environ, ENV: PASSWORD}
    if crash_at:
        env["GM_CRASH_AT"] = crash_at
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          env=env, check=False, timeout=120)


def campaign(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV, PASSWORD)
    folder = tmp_path / "bymail"
    gm("new", str(folder), "--seed", "mail", *[arg for letter, address in PLAYERS.items()
                                               for arg in ("-p", f"{letter}:{letter}:{address}:"
                                                           f"pw{letter.lower()}")])
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write(f'\n[mail]\ngm_address = "{GM}"\nimap_host = "127.0.0.1"\n'
                     f"imap_port = {servers.imap_port}\nimap_user = \"{GM}\"\n"
                     f'imap_password_env = "{ENV}"\n'
                     f'processed_folder = "Processed-{tmp_path.name}"\n'
                     f'smtp_host = "127.0.0.1"\nsmtp_port = {servers.smtp_port}\n')
    gm("end-trading", str(folder))
    gm("start", str(folder))
    return folder


def mail_orders(servers: MailServers, sender: str, text: str, subject: str = "orders") -> str:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = GM
    message["Subject"] = subject
    message["Message-ID"] = f"<{random.random()}@{sender.split('@')[1]}>"
    message.set_content(text)
    with smtplib.SMTP("127.0.0.1", servers.smtp_port) as smtp:
        smtp.send_message(message)
    return str(message["Message-ID"])


def mailbox(user: str, servers: MailServers, folder: str = "INBOX") -> list[email.message.Message]:
    with IMAPClient("127.0.0.1", port=servers.imap_port, ssl=False) as client:
        client.login(user, PASSWORD)
        client.select_folder(folder)
        uids = client.search("ALL")
        fetched = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
    return [email.message_from_bytes(fetched[u][b"BODY[]"], policy=email.policy.default)
            for u in uids]


def clear(user: str, servers: MailServers) -> None:
    with IMAPClient("127.0.0.1", port=servers.imap_port, ssl=False) as client:
        client.login(user, PASSWORD)
        client.select_folder("INBOX")
        uids = client.search("ALL")
        if uids:
            client.delete_messages(uids)
            client.expunge()


def orders_text(folder: Path, player: str, rng: random.Random) -> str:
    opened = open_campaign(folder)
    state = opened.latest().state
    make = random_first_phase_orders if state.phase == 1 else random_second_phase_orders
    orders = make(state, opened.data, player, rng)
    return "\n".join(["GAME bymail", f"PLAYER {player}", f"PASSWORD pw{player.lower()}",
                      f"TURN {state.turn} PHASE {state.phase}", *(o.echo() for o in orders)])


def test_a_campaign_by_mail_for_two_game_turns(tmp_path: Path, servers: MailServers,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    for user in (GM, *PLAYERS.values()):
        clear(user, servers)
    rng = random.Random(5)
    for _ in range(4):  # two Game-Turns, two phases each
        sent_ids = {p: mail_orders(servers, a, orders_text(folder, p, rng))
                    for p, a in PLAYERS.items()}
        assert "3 new message(s) stored, 3 answered" in gm("fetch", str(folder))
        assert "3 message(s) sent" in gm("send", str(folder))
        for player, address in PLAYERS.items():
            acks = [m for m in mailbox(address, servers) if m["In-Reply-To"] == sent_ids[player]]
            assert len(acks) == 1, player
            assert "accepted" in acks[0].get_content()
        gm("adjudicate", str(folder))
        assert "3 message(s) sent" in gm("send", str(folder))
        for address in PLAYERS.values():
            reports = [m for m in mailbox(address, servers) if ".report." in m["Message-ID"]]
            assert reports and reports[-1].get_body(("html",)) is not None
            clear(address, servers)
    state = open_campaign(folder).latest().state
    assert state.stage == "ended" or (state.turn, state.phase) == (3, 1)
    assert mailbox(GM, servers) == []  # everything moved to the processed folder


def test_a_spoofed_sender_and_broken_mime_are_refused(tmp_path: Path, servers: MailServers,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    clear(GM, servers)
    clear("mallory@example.org", servers)
    mail_orders(servers, "mallory@example.org", "GAME bymail\nPLAYER A\nPASSWORD guess\nQUIT\n")
    with smtplib.SMTP("127.0.0.1", servers.smtp_port) as smtp:
        smtp.sendmail("mallory@example.org", [GM], b"From: mallory@example.org\r\n"
                      b"Content-Type: multipart/mixed; boundary=\"x\r\n\r\n--x\r\nbroken")
    mail_orders(servers, "mallory@example.org", "GAME bymail\nPLAYER B\nPASSWORD pwb\n")
    assert "3 new message(s) stored, 3 answered" in gm("fetch", str(folder))
    gm("send", str(folder))
    answers = [m.get_content() for m in mailbox("mallory@example.org", servers)]
    assert any("the password does not match" in a for a in answers)
    assert any("not from the address on file for player B" in a for a in answers)
    assert any("refused" in a or "no orders" in a.lower() for a in answers)
    opened = open_campaign(folder)
    assert [row.player for row in opened.store.orders_for(opened.row, 1, 1)] == ["B"]


@pytest.mark.parametrize("crash_at", ["after-store", "after-move", "after-answer"])
def test_a_crash_in_fetch_loses_and_doubles_nothing(tmp_path: Path, servers: MailServers,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     crash_at: str) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    clear(GM, servers)
    clear(PLAYERS["A"], servers)
    mail_orders(servers, PLAYERS["A"], "GAME bymail\nPLAYER A\nPASSWORD pwa\n")
    mail_orders(servers, PLAYERS["A"], "GAME bymail\nPLAYER A\nPASSWORD pwa\nQUIT\n")
    crashed = gm_process("fetch", str(folder), crash_at=crash_at)
    assert crashed.returncode == -9
    again = gm_process("fetch", str(folder))
    assert again.returncode == 0, again.stderr
    assert gm_process("send", str(folder)).returncode == 0
    opened = open_campaign(folder)
    assert len(opened.store.orders_for(opened.row, 1, 1)) == 2
    assert len(mailbox(PLAYERS["A"], servers)) == 2  # one answer each, none twice
    assert mailbox(GM, servers) == []


def test_a_crash_after_adjudication_sends_each_report_once(tmp_path: Path,
                                                           servers: MailServers,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    for address in PLAYERS.values():
        clear(address, servers)
    killed = gm_process("adjudicate", str(folder), crash_at="after-adjudicate")
    assert killed.returncode == -9  # the phase and its reports were committed together
    state = open_campaign(folder).latest().state
    assert (state.turn, state.phase) == (1, 2)
    crashed = gm_process("send", str(folder), crash_at="after-send")  # killed after one
    assert crashed.returncode == -9
    assert gm_process("send", str(folder)).returncode == 0
    received = [m["Message-ID"] for a in PLAYERS.values() for m in mailbox(a, servers)]
    assert len(received) == 3 + 1  # the one sent before the crash is sent again (same id)
    assert len(set(received)) == 3


def test_deadlines_reminders_late_orders_and_adjudication_when_due(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GM_NOW", "2026-03-01T10:00:00+00:00")  # the phase opens
    folder = campaign(tmp_path, servers, monkeypatch)
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[schedule]\ndays_per_phase = 2\nhour = 18\ntimezone = "Europe/Moscow"\n'
                     "reminder_hours = 24\n")
    for user in (GM, *PLAYERS.values()):
        clear(user, servers)
    rng = random.Random(9)
    monkeypatch.setenv("GM_NOW", "2026-03-02T16:00:00+00:00")  # 23 hours before 18:00 MSK
    mail_orders(servers, PLAYERS["A"], orders_text(folder, "A", rng))
    assert "1 stored, 1 answered, 2 reminded" in gm("run", str(folder), "--once")
    assert [m["Subject"] for m in mailbox(PLAYERS["B"], servers)] == [
        "bymail: orders due 2026-03-03 18:00 MSK"]
    assert open_campaign(folder).latest().state.phase == 1
    monkeypatch.setenv("GM_NOW", "2026-03-03T15:30:00+00:00")  # 18:30 MSK: too late
    mail_orders(servers, PLAYERS["B"], orders_text(folder, "B", rng))
    output = gm("run", str(folder), "--once")
    assert "0 reminded" in output and "adjudicated" in output
    answers = [m.get_content() for m in mailbox(PLAYERS["B"], servers)
               if m["Subject"].startswith("Re:")]
    assert any("after the deadline" in a for a in answers)
    state = open_campaign(folder).latest().state
    assert state.phase == 2
    reports = [m for m in mailbox(PLAYERS["C"], servers) if ".report." in m["Message-ID"]]
    assert len(reports) == 1 and "orders due 2026-03-05 18:00 MSK" in reports[0].get_body(
        ("plain",)).get_content()


def test_an_oversized_message_gets_a_reply(tmp_path: Path, servers: MailServers,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    clear(GM, servers)
    clear(PLAYERS["C"], servers)
    mail_orders(servers, PLAYERS["C"], "GAME bymail\nPLAYER C\n" + "# padding\n" * 120_000)
    gm("fetch", str(folder))
    gm("send", str(folder))
    answers = [m.get_content() for m in mailbox(PLAYERS["C"], servers)]
    assert len(answers) == 1 and "bytes long" in answers[0]


def test_watch_is_woken_by_new_mail(tmp_path: Path, servers: MailServers,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    folder = campaign(tmp_path, servers, monkeypatch)
    clear(GM, servers)
    env = {**os.environ, ENV: PASSWORD}
    watcher = subprocess.Popen([sys.executable, "-m", "gm", "run", str(folder), "--watch",
                                "--interval", "60", "--max-rounds", "2"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2)  # the first round is done; it idles now
    began = time.monotonic()
    mail_orders(servers, PLAYERS["A"], "GAME bymail\nPLAYER A\nPASSWORD pwa\n")
    out, err = watcher.communicate(timeout=60)
    assert watcher.returncode == 0, err
    assert time.monotonic() - began < 30  # woken by the mail, not by the interval
    assert "1 stored, 1 answered" in out


def test_tls_both_ways(tmp_path: Path, servers: MailServers,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    """IMAP over TLS (implicit) and SMTP with STARTTLS, trusting the servers' own CA."""
    folder = campaign(tmp_path, servers, monkeypatch)
    text = (folder / "campaign.toml").read_text(encoding="utf-8")
    text = text.replace(f"imap_port = {servers.imap_port}",
                        f"imap_port = {servers.imaps_port}\nimap_ssl = true\n"
                        f'smtp_tls = "starttls"\ntls_ca_file = "{servers.ca_file}"')
    (folder / "campaign.toml").write_text(text, encoding="utf-8")
    clear(GM, servers)
    clear(PLAYERS["A"], servers)
    mail_orders(servers, PLAYERS["A"], "GAME bymail\nPLAYER A\nPASSWORD pwa\n")
    assert "1 stored, 1 answered, 0 reminded, 1 sent" in gm("run", str(folder), "--once")
    assert len(mailbox(PLAYERS["A"], servers)) == 1


def test_pre_game_reports_by_mail_carry_the_first_commitment(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    for address in PLAYERS.values():
        clear(address, servers)
    assert "3 report(s) queued" in gm("report", str(folder), "--mail")
    gm("send", str(folder))
    text = mailbox(PLAYERS["B"], servers)[0].get_body(("plain",)).get_content()
    assert "the next phase's seed is committed to" in text and "PLAYER B" in text
