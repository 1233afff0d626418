"""The campaign by mail against real servers started on loopback (tests/mailservers.py):
players send orders by SMTP, the GM program fetches them over IMAP, answers, adjudicates and
sends reports into the players' mailboxes; crashes lose and double nothing."""

from __future__ import annotations

import os
import random
import re
import smtplib
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.reporting.picture import caption_in
from tests.conftest import gm
from tests.mailhelpers import (
    ENV,
    GM,
    GM_DESK,
    PLAYERS,
    campaign,
    clear,
    gm_process,
    mail_orders,
    mailbox,
    orders_text,
    text_of,
)
from tests.mailservers import PASSWORD, MailServers


def test_a_campaign_by_mail_for_two_game_turns(tmp_path: Path, servers: MailServers,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    rng = random.Random(5)
    for _ in range(4):  # two Game-Turns, two phases each
        sent_ids = {p: mail_orders(servers, a, orders_text(folder, p, rng))
                    for p, a in PLAYERS.items()}
        assert "3 new message(s) stored, 3 answered" in gm("fetch", str(folder))
        assert "3 message(s) sent" in gm("send", str(folder))
        for player, address in PLAYERS.items():
            acks = [m for m in mailbox(address, servers) if m["In-Reply-To"] == sent_ids[player]]
            assert len(acks) == 1, player
            assert "accepted" in text_of(acks[0])
            assert acks[0]["Auto-Submitted"] == "auto-replied"  # RFC 3834
        gm("adjudicate", str(folder))
        assert "4 message(s) sent" in gm("send", str(folder))  # each player's, the GM's copy
        pictures = {}
        for player, address in PLAYERS.items():
            reports = [m for m in mailbox(address, servers) if ".report." in m["Message-ID"]]
            assert reports and reports[-1].get_body(("html",)) is not None
            assert reports[-1]["Auto-Submitted"] == "auto-generated"
            assert "YOUR ORDERS" in text_of(reports[-1])
            pictures[player] = _check_the_mailed_map(reports[-1])
            assert f", player {player} (" in str(caption_in(pictures[player]))
            clear(address, servers)
        assert len(set(pictures.values())) == len(PLAYERS)  # each his own (issue 25)
        copies = mailbox(GM_DESK, servers)
        assert [".gm-report." in m["Message-ID"] for m in copies] == [True]
        assert str(caption_in(_check_the_mailed_map(copies[0]))).endswith("(the GM's copy)")
        assert "YOUR ORDERS" not in text_of(copies[0])  # the GM report, not a player's
        clear(GM_DESK, servers)
    state = open_campaign(folder).latest().state
    assert state.stage == "ended" or (state.turn, state.phase) == (3, 1)
    assert mailbox(GM, servers) == []  # everything moved to the processed folder


def _check_the_mailed_map(report: EmailMessage) -> bytes:
    """As delivered over IMAP: a text part, an HTML part showing the map as a PNG by `cid:`
    (Gmail and Outlook show no SVG), the PNG itself, and the whole page with the SVG map; the
    PNG."""
    assert report.get_content_type() == "multipart/mixed"
    html_part = report.get_body(("html",))
    assert html_part is not None
    html = str(html_part.get_content())
    found = re.search(r'<img id="map" src="cid:([^"]+)"', html)
    assert found and "<svg" not in html
    pictures = [p for p in report.walk() if p.get_content_type() == "image/png"]
    assert [p["Content-ID"] for p in pictures] == [f"<{found.group(1)}>"]
    png = pictures[0].get_content()
    assert isinstance(png, bytes) and png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 50_000
    pages = [p for p in report.walk() if p.get_filename() == "report.html"]
    assert len(pages) == 1 and pages[0].get_content_disposition() == "attachment"
    assert '<svg id="map"' in str(pages[0].get_content())
    return png


def test_a_forged_sender_and_broken_mime_are_refused_whole(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    clear("mallory@example.org", servers)
    mail_orders(servers, "mallory@example.org", "GAME bymail\nPLAYER A\nPASSWORD pwb\nQUIT\n",
                subject="forged")
    with smtplib.SMTP("127.0.0.1", servers.smtp_port) as smtp:
        smtp.sendmail("mallory@example.org", [GM], b"From: mallory@example.org\r\n"
                      b"Subject: broken\r\nContent-Type: multipart/mixed; boundary=\"x\r\n"
                      b"\r\n--x\r\nbroken")
    assert "2 new message(s) stored, 1 answered" in gm("fetch", str(folder))
    gm("send", str(folder))
    answers = {str(m["Subject"]): text_of(m) for m in mailbox("mallory@example.org", servers)}
    assert answers == {"Re: forged": "Your message was refused: the PASSWORD is not player "
                       "A's; its orders are not shown back.\nNothing in it counts.\n"}
    opened = open_campaign(folder)
    assert opened.store.orders_for(opened.row, 1, 1) == []
    digest = [text_of(m) for m in mailbox(GM_DESK, servers)]
    assert len(digest) == 1 and "Refused senders" in digest[0]
    assert "mallory@example.org for player A with a wrong or missing password" in digest[0]
    assert "(broken): no orders, and not from a player's address; not answered" in digest[0]


@pytest.mark.parametrize("crash_at", ["after-store", "after-move", "after-answer"])
def test_a_crash_in_fetch_loses_and_doubles_nothing(tmp_path: Path, servers: MailServers,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     crash_at: str) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
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
    rng = random.Random(9)
    monkeypatch.setenv("GM_NOW", "2026-03-02T16:00:00+00:00")  # 23 hours before 18:00 MSK
    mail_orders(servers, PLAYERS["A"], orders_text(folder, "A", rng))
    assert "1 stored, 1 answered, 2 reminded" in gm("run", str(folder), "--once")
    reminders = mailbox(PLAYERS["B"], servers)
    assert [m["Subject"] for m in reminders] == ["bymail: orders due 2026-03-03 18:00 MSK"]
    assert reminders[0]["Date"] == "Mon, 02 Mar 2026 19:00:00 +0300"  # the campaign's zone
    assert open_campaign(folder).latest().state.phase == 1
    monkeypatch.setenv("GM_NOW", "2026-03-03T15:30:00+00:00")  # 18:30 MSK: too late
    mail_orders(servers, PLAYERS["B"], orders_text(folder, "B", rng))
    output = gm("run", str(folder), "--once")
    assert "0 reminded" in output and "adjudicated" in output
    answers = [text_of(m) for m in mailbox(PLAYERS["B"], servers)
               if m["Subject"].startswith("Re:")]
    assert any("after the deadline" in a for a in answers)
    state = open_campaign(folder).latest().state
    assert state.phase == 2
    reports = [m for m in mailbox(PLAYERS["C"], servers) if ".report." in m["Message-ID"]]
    assert len(reports) == 1 and "orders due 2026-03-05 18:00 MSK" in text_of(reports[0])


def test_an_oversized_message_gets_a_reply(tmp_path: Path, servers: MailServers,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    mail_orders(servers, PLAYERS["C"], "GAME bymail\nPLAYER C\n" + "# padding\n" * 120_000)
    gm("fetch", str(folder))
    gm("send", str(folder))
    answers = [text_of(m) for m in mailbox(PLAYERS["C"], servers)]
    assert len(answers) == 1 and "bytes long" in answers[0]


def test_watch_is_woken_by_new_mail(tmp_path: Path, servers: MailServers,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Woken by the mail, not by the interval: the interval (an hour) is far longer than the
    generous wait for the second round, so only IDLE can end it in time."""
    folder = campaign(tmp_path, servers, monkeypatch)
    env = {**os.environ, ENV: PASSWORD}
    watcher = subprocess.Popen([sys.executable, "-u", "-m", "gm", "run", str(folder), "--watch",
                                "--interval", "3600", "--max-rounds", "2"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert watcher.stdout is not None
    first = watcher.stdout.readline()  # the first round is done; it idles now
    assert "0 stored" in first, first
    mail_orders(servers, PLAYERS["A"], "GAME bymail\nPLAYER A\nPASSWORD pwa\n")
    out, err = watcher.communicate(timeout=300)
    assert watcher.returncode == 0, err
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
    mail_orders(servers, PLAYERS["A"], "GAME bymail\nPLAYER A\nPASSWORD pwa\n")
    assert "1 stored, 1 answered, 0 reminded, 1 sent" in gm("run", str(folder), "--once")
    assert len(mailbox(PLAYERS["A"], servers)) == 1


def test_pre_game_reports_by_mail_carry_the_first_commitment(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    assert "3 report(s) queued" in gm("report", str(folder), "--mail")
    gm("send", str(folder))
    text = text_of(mailbox(PLAYERS["B"], servers)[0])
    assert "the next phase's seed is committed to" in text and "PLAYER B" in text


def test_a_phase_adjudicated_again_after_a_rollback_is_reported_again(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """The GM rolls a phase back and adjudicates it again: the players get the new reports
    (new messages), not nothing because the first ones' Message-IDs were taken."""
    folder = campaign(tmp_path, servers, monkeypatch)
    gm("adjudicate", str(folder))
    gm("send", str(folder))
    gm("rollback", str(folder), "--to", "1.1", "--reason", "a GM's correction")
    gm("adjudicate", str(folder))
    gm("send", str(folder))
    for address in PLAYERS.values():
        reports = [m for m in mailbox(address, servers) if ".report." in m["Message-ID"]]
        assert len(reports) == 2, [m["Message-ID"] for m in reports]
        assert len({m["Message-ID"] for m in reports}) == 2
