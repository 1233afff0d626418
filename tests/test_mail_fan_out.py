"""The second round of hostile probes by mail (issue 36), over the real IMAP and SMTP servers of
tests/mailservers.py: one message cannot fan out into hundreds of mails, and what its REPORT and
press send counts against its sender's answers for the hour; a rollback's fresh commitment
reaches every player before the round takes any order in."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.app.reports import phase_report
from gm.app.requests import PRESS_PER_MESSAGE, REPORTS_PER_MESSAGE
from tests.conftest import gm
from tests.mailhelpers import PLAYERS, campaign, clear, mail_orders, mailbox, text_of
from tests.mailservers import MailServers

ANNA, BORIS, CLARA = PLAYERS["A"], PLAYERS["B"], PLAYERS["C"]
ASKED = ("REPORT", "REPORT TURN 1 PHASE 1", "REPORT TURN 1 PHASE 2", "REPORT TURN 2 PHASE 1")


def _message(player: str, *lines: str) -> str:
    return "\n".join(["GAME bymail", f"PLAYER {player}", f"PASSWORD pw{player.lower()}",
                      *lines])


def _answer(servers: MailServers, sent: str) -> str:
    answers = [m for m in mailbox(ANNA, servers) if m["In-Reply-To"] == sent]
    assert len(answers) == 1
    return text_of(answers[0])


def test_one_message_asks_for_a_few_mails_and_they_count_against_the_hour(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe: 250 REPORT lines and 250 PRESS TO C in one message of a few kilobytes. Anna
    gets her answer and three reports (each phase's once), Clara five press; the answer says
    what was not sent and why. Her next message within the hour is answered, but its REPORT is
    not sent: the first's reports and press used up her address's answers for the hour."""
    folder = campaign(tmp_path, servers, monkeypatch, extra='\n[press]\nmode = "signed"\n')
    for _ in range(3):  # 1.1, 1.2 and 2.1: four reports to ask for, the last one included
        gm("adjudicate", str(folder))
    gm("send", str(folder))
    for user in servers.users():
        clear(user, servers)
    lines = [ASKED[n % len(ASKED)] for n in range(250)]
    for n in range(250):
        lines += ["PRESS TO C", f"Clara, {n}.", "ENDPRESS"]
    text = _message("A", *lines)
    assert len(text.encode()) < 16_000  # a message of a few kilobytes
    sent = mail_orders(servers, ANNA, text)
    gm("fetch", str(folder))
    gm("send", str(folder))
    reports = [m for m in mailbox(ANNA, servers) if ".report.again." in m["Message-ID"]]
    assert len(reports) == REPORTS_PER_MESSAGE == 3
    assert len(mailbox(CLARA, servers)) == PRESS_PER_MESSAGE == 5
    assert len(mailbox(BORIS, servers)) == 0 and len(mailbox(ANNA, servers)) == 4
    answer = _answer(servers, sent)
    assert "REPORT TURN 2 PHASE 1 (line 7): not done: one message may ask for 3 reports at " \
        "most" in answer
    assert "REPORT (line 8): not done again: line 4 asks the same" in answer
    assert "... and 482 more lines not done, for these reasons." in answer  # 247 + 245 - 10
    assert len(answer) < 10_000
    opened = open_campaign(folder)
    hour_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)
    assert opened.store.answers_since(opened.row, hour_ago)[ANNA] == (1 + 3 + 5, 0, 1 + 3 + 5)

    again = mail_orders(servers, ANNA, _message("A", "REPORT TURN 1 PHASE 1"))
    gm("fetch", str(folder))
    gm("send", str(folder))
    answer = _answer(servers, again)  # her own message is answered past the cap (R41) ...
    assert "REPORT TURN 1 PHASE 1 (line 4): not done: your messages have had their 10 " \
        "answers, reports and press for the hour" in answer  # ... but sends nothing more
    assert len([m for m in mailbox(ANNA, servers) if ".report.again." in m["Message-ID"]]) == 3
    # From another address her password counts (stranger_orders, R80), but her messages'
    # reports and press are counted together: one left for the hour.
    mail_orders(servers, "anna.elsewhere@example.org",
                _message("A", "REPORT TURN 1 PHASE 1", "REPORT TURN 1 PHASE 2"))
    gm("fetch", str(folder))
    gm("send", str(folder))
    assert len([m for m in mailbox(ANNA, servers) if ".report.again." in m["Message-ID"]]) == 4


def test_a_rollback_s_fresh_commitment_goes_to_every_player_before_any_order_is_taken(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    gm("adjudicate", str(folder))
    revealed = phase_report(open_campaign(folder), 1, 1).dice_seed
    gm("send", str(folder))
    for user in servers.users():
        clear(user, servers)
    said = gm("rollback", str(folder), "--to", "1.1", "--reason", "a lost order")
    assert "3 notice(s) of it queued" in said
    sent = mail_orders(servers, ANNA, _message("A", "SALT w42"))  # in before the round
    assert "1 stored, 1 answered" in gm("run", str(folder), "--once")
    notices = {}
    for letter, address in PLAYERS.items():
        mails = mailbox(address, servers)
        assert ".rollback." in mails[0]["Message-ID"], [m["Subject"] for m in mails]
        notices[letter] = text_of(mails[0])
    assert [m["In-Reply-To"] for m in mailbox(ANNA, servers)][1:] == [sent]  # then the answer
    fresh = re.search(r"committed to, SHA-256:\n\s+([0-9a-f]{64})", notices["B"])
    assert "The SALT words sent before count no more" in notices["B"]
    assert fresh is not None and len(set(notices.values())) == 1
    assert "rolled game bymail back to Game-Turn 1" in notices["B"] and "a lost order" in \
        notices["B"]
    gm("adjudicate", str(folder))
    seed = phase_report(open_campaign(folder), 1, 1).dice_seed
    assert seed is not None and seed != revealed
    assert hashlib.sha256(seed.encode()).hexdigest() == fresh.group(1)


def test_a_message_of_thousands_of_help_lines_gets_one_help(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """HELP is answered without a password, so anyone could ask it of the judge for any
    address: asked 5,000 times in one message, it is answered once, and the answer stays a few
    kilobytes (issue 36)."""
    folder = campaign(tmp_path, servers, monkeypatch)
    sent = mail_orders(servers, ANNA, "\n".join(["GAME bymail", *["HELP"] * 5000]))
    gm("fetch", str(folder))
    gm("send", str(folder))
    answer = _answer(servers, sent)
    assert answer.count("HELP: game bymail") == 1 and len(answer) < 20_000
    assert "HELP (line 3): not done again: line 2 asks the same" in answer
    assert "... and 4,989 more lines not done, for these reasons." in answer

