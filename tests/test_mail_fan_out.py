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
    assert "REPORT TURN 2 PHASE 1 (line 7): not sent: one message may ask for 3 reports at " \
        "most" in answer
    assert "REPORT (line 8): not sent again: line 4 asks for the same report" in answer
    assert f"PRESS TO C (line {4 + 250 + 15}): not sent: one message may carry 5 press at " \
        "most" in answer
    opened = open_campaign(folder)
    hour_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)
    assert opened.store.answers_since(opened.row, hour_ago)[ANNA] == (1 + 3 + 5, 0, 1 + 3 + 5)

    again = mail_orders(servers, ANNA, _message("A", "REPORT TURN 1 PHASE 1"))
    gm("fetch", str(folder))
    gm("send", str(folder))
    answer = _answer(servers, again)  # her own message is answered past the cap (R41) ...
    assert "REPORT TURN 1 PHASE 1 (line 4): not sent: your address has had its 10 answers, " \
        "reports and press for the hour" in answer  # ... but sends nothing more
    assert len([m for m in mailbox(ANNA, servers) if ".report.again." in m["Message-ID"]]) == 3


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
    assert fresh is not None and len(set(notices.values())) == 1
    assert "rolled game bymail back to Game-Turn 1" in notices["B"] and "a lost order" in \
        notices["B"]
    gm("adjudicate", str(folder))
    seed = phase_report(open_campaign(folder), 1, 1).dice_seed
    assert seed is not None and seed != revealed
    assert hashlib.sha256(seed.encode()).hexdigest() == fresh.group(1)
