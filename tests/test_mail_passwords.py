"""Passwords under attack (issue 24, items 1 and 2), over the real IMAP and SMTP servers of
tests/mailservers.py and, where the store matters, PostgreSQL: guessing is limited per player
across addresses and never locks the player out of his own address (R79); past the limit no
refusal goes to another address; a message with his password from another address is told to
his own address, and a PASSWORD change asked from it waits for the code mailed to his (R80,
R87); he is told at most hourly, the cap on answers drops nothing, the GM's digest says it,
and a crash loses or doubles nothing."""

from __future__ import annotations

import datetime as dt
import sqlite3
from email.message import EmailMessage
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.app.judge import Roster, Verdict, judge
from gm.app.settings import mail_config_from
from gm.core.errors import GameError
from gm.core.state import GameStateBase
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.system import RUSSIAN_CIVIL_WAR
from gm.messages.reading import read_message
from gm.store.schema import SCHEMA_VERSION
from tests.conftest import deployed, gm
from tests.mailhelpers import (
    GM_DESK,
    PASSWORDS,
    PLAYERS,
    campaign,
    gm_process,
    mail_orders,
    mailbox,
    text_of,
)
from tests.mailservers import MailServers

MALLORY = "mallory@example.org"
ANNA, CLARA = PLAYERS["A"], PLAYERS["C"]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str | None:
    """The campaign's store: its folder's SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return None
    from tests.servers import fresh_database

    return fresh_database(request.getfixturevalue("postgres_url"))


def _message(player: str, password: str, *lines: str) -> str:
    return "\n".join(["GAME bymail", f"PLAYER {player}", f"PASSWORD {password}", *lines])


def _alerts(address: str, servers: MailServers) -> list[str]:
    return [text_of(m) for m in mailbox(address, servers) if ".alert." in m["Message-ID"]]


def _answers(address: str, servers: MailServers) -> dict[str, str]:
    """The answers in a mailbox, by the Message-ID of the message each answers."""
    found = [m for m in mailbox(address, servers) if m["In-Reply-To"]]
    answers = {str(m["In-Reply-To"]): text_of(m) for m in found}
    assert len(answers) == len(found)  # one answer a message
    return answers


def _answer(address: str, servers: MailServers, sent: str) -> str:
    return _answers(address, servers)[sent]


def _digest(servers: MailServers) -> str:
    return "".join(text_of(m) for m in mailbox(GM_DESK, servers))


def _orders(folder: Path) -> list[tuple[str, str]]:
    opened = open_campaign(folder)
    return [(row.player, row.raw) for row in opened.store.orders_for(opened.row, 1, 1)]


def test_the_51st_guess_is_refused_whatever_its_password_and_the_owner_still_plays(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        database: str | None) -> None:
    """50 wrong passwords for C from a stranger's address, C's own messages in between, then
    the right password from the stranger: his orders do not count; past the limit the
    stranger gets no answer at all, right password or wrong (no backscatter, nothing told
    apart); C's own address is judged as always; C is told, once, that the right one came."""
    folder = campaign(tmp_path, servers, monkeypatch, extra="answers_per_hour = 0\n",
                      database=database)
    guesses = [mail_orders(servers, MALLORY, _message("C", f"guess-{n:02d}", "QUIT"))
               for n in range(50)]
    typo = mail_orders(servers, CLARA, _message("C", "pwc-typo", "# a typing mistake"))
    own = mail_orders(servers, CLARA, _message("C", "pwc", "# sent during the guessing"))
    right = mail_orders(servers, MALLORY, _message("C", PASSWORDS["C"], "QUIT"),
                        subject="the right one")
    assert "53 new message(s) stored, 12 answered" in gm("fetch", str(folder))
    gm("send", str(folder))

    to_mallory = _answers(MALLORY, servers)
    assert sorted(to_mallory) == sorted(guesses[:10]) and right not in to_mallory  # 11th on
    assert all("the PASSWORD is not player C's" in a for a in to_mallory.values())
    assert "the PASSWORD is not player C's" in _answer(CLARA, servers, typo)  # judged, not
    assert "Your message was refused" not in _answer(CLARA, servers, own)  # locked out
    assert [(p, "during" in raw) for p, raw in _orders(folder)] == [("C", True)]

    alert, = _alerts(CLARA, servers)
    assert "Wrong passwords were given for player C 11 time(s)" in alert
    assert "10 from mallory@example.org\n  1 from clara@example.org (this address)" in alert
    assert "41 message(s) for player C were refused whatever their password" in alert
    assert "  41 from mallory@example.org" in alert
    assert "arrived from mallory@example.org with your password (subject: the right one)" \
        in alert and "It was refused, and nothing in it counts." in alert  # R80: told
    assert "It was not answered: past the limit on wrong passwords" in alert
    assert "pwc" not in alert and "guess-" not in alert  # no password tried is told
    digest = _digest(servers)
    assert "Players told about their password" in digest
    assert "player C told at clara@example.org: 11 wrong password(s), 41 message(s) " \
           "refused past the limit, 1 message(s) with his password from another address; " \
           "from clara@example.org, mallory@example.org" in digest
    assert "player C's password from mallory@example.org, not from clara@example.org: " \
           "refused (too many wrong passwords" in digest

    after = mail_orders(servers, CLARA, _message("C", "pwc", "# sent after the guessing"))
    again = mail_orders(servers, MALLORY, _message("C", PASSWORDS["C"], "QUIT"))
    gm("fetch", str(folder))
    gm("send", str(folder))
    assert "Your message was refused" not in _answer(CLARA, servers, after)
    assert again not in _answers(MALLORY, servers)  # the limit outlives a run
    assert [(p, "after" in raw) for p, raw in _orders(folder)][-1] == ("C", True)
    assert len(_alerts(CLARA, servers)) == 1  # within the hour: not told again yet


def test_the_limit_holds_across_runs_and_lifts_after_a_day(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        database: str | None) -> None:
    """The wrong passwords are counted in the store: each run is a new process, and the
    count goes on; 24 hours after them the right password counts again (and C is told)."""
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:00:00+00:00")
    folder = campaign(tmp_path, servers, monkeypatch, extra="wrong_passwords_per_day = 3\n",
                      database=database)
    sent = []
    for batch in (("w1", "w2"), ("w3", "w4")):  # each fetched by a process of its own
        sent += [mail_orders(servers, MALLORY, _message("C", guess)) for guess in batch]
        assert gm_process("fetch", str(folder)).returncode == 0
    right = mail_orders(servers, MALLORY, _message("C", PASSWORDS["C"], "QUIT"))
    assert gm_process("fetch", str(folder)).returncode == 0
    assert gm_process("send", str(folder)).returncode == 0
    to_mallory = _answers(MALLORY, servers)
    assert all("the PASSWORD is not player C's" in to_mallory[m] for m in sent[:3])
    assert sent[3] not in to_mallory and right not in to_mallory  # past the limit
    assert _orders(folder) == []

    monkeypatch.setenv("GM_NOW", "2026-11-30T10:30:00+00:00")  # a day after the guesses
    later = mail_orders(servers, MALLORY, _message("C", PASSWORDS["C"], "QUIT"))
    assert gm_process("fetch", str(folder)).returncode == 0
    assert gm_process("send", str(folder)).returncode == 0
    assert "it counts, and that address is told" in _answer(MALLORY, servers, later)
    assert [p for p, _ in _orders(folder)] == ["C"]
    last = _alerts(CLARA, servers)[-1]
    assert "arrived from mallory@example.org with your password" in last


def test_a_stolen_password_from_another_address_is_told_and_changes_no_password(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """With C's password from another address: orders, press signed as C and a new PASSWORD,
    then a STATUS. The orders count and the press goes (stranger_orders = "count"); the new
    password waits for the code mailed to C's own address, which the thief never sees; C's
    own address is told all of it."""
    folder = campaign(tmp_path, servers, monkeypatch)
    first = mail_orders(servers, MALLORY, _message(
        "C", "pwc", "PRESS TO A", "Anna, I betray you.", "ENDPRESS", "PASSWORD stolen-now",
        "QUIT"), subject="all of it")
    status = mail_orders(servers, MALLORY, _message("C", "pwc", "STATUS"), subject="status")
    gm("fetch", str(folder))
    gm("send", str(folder))
    answer = _answer(MALLORY, servers, first)
    assert "PASSWORD (line 7): not changed yet. A code is mailed to the address on file for " \
           "player C" in answer
    assert "PRESS TO A (line 4): sent to A, signed" in answer
    assert "Note: this message came from mallory@example.org, not from the address on file " \
           "for player C; it counts, and that address is told what it held." in answer
    assert "for player C; that address is told what it held." in _answer(MALLORY, servers,
                                                                          status)
    press, = [m for m in mailbox(ANNA, servers) if ".press." in m["Message-ID"]]
    assert "from player C" in text_of(press)
    assert [p for p, _ in _orders(folder)] == ["C"]
    assert not [m for m in mailbox(MALLORY, servers) if ".password." in m["Message-ID"]]
    code_mail, = [m for m in mailbox(CLARA, servers) if ".password." in m["Message-ID"]]
    assert "a new password for you was asked" in text_of(code_mail)
    assert "in a message that says it came from mallory@example.org (a sender can be " \
           "forged)" in text_of(code_mail)
    assert "all of it" not in text_of(code_mail)

    alert, = _alerts(CLARA, servers)
    assert "2 message(s) with your password came from an address other than this one" in alert
    assert "arrived from mallory@example.org with your password (subject: all of it)" in alert
    assert "Its orders count: they replace any you had sent for this phase." in alert
    assert "    |   line 8: QUIT" in alert
    assert "The press of its line 4, as written (PRESS TO A):\n    | Anna, I betray you." \
           in alert
    assert "PASSWORD (line 7): not changed yet" in alert
    assert "(subject: status)" in alert and "STATUS of game bymail" in alert
    assert "stolen-now" not in alert and "pwc" not in alert

    digest = _digest(servers)
    assert "A player's password from an address not on file" in digest
    assert "player C asked for a new password by mail (from mallory@example.org); a code to " \
           "confirm it was mailed to his address" in digest
    assert "player C told at clara@example.org: 2 message(s) with his password from " \
           "another address; from mallory@example.org" in digest

    still = mail_orders(servers, CLARA, _message("C", "pwc", "STATUS"))
    stolen = mail_orders(servers, MALLORY, _message("C", "stolen-now", "STATUS"))
    gm("fetch", str(folder))
    gm("send", str(folder))
    assert "STATUS of game bymail" in _answer(CLARA, servers, still)
    assert "the PASSWORD is not player C's" in _answer(MALLORY, servers, stolen)


def test_the_cap_on_answers_drops_no_alert(tmp_path: Path, servers: MailServers,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Past answers_per_hour (10) a message is judged but not answered (R41); what C's own
    address must be told goes all the same: the wrong passwords and the right one's use."""
    folder = campaign(tmp_path, servers, monkeypatch, extra="wrong_passwords_per_day = 20\n")
    for n in range(11):
        mail_orders(servers, MALLORY, _message("C", f"guess-{n:02d}"))
    mail_orders(servers, MALLORY, _message("C", "pwc", "PRESS TO A", "psst", "ENDPRESS",
                                           "QUIT"), subject="capped")
    gm("fetch", str(folder))
    gm("send", str(folder))
    assert len([m for m in mailbox(MALLORY, servers) if m["In-Reply-To"]]) == 10
    assert [p for p, _ in _orders(folder)] == ["C"]  # the cap is on answering only
    assert [m for m in mailbox(ANNA, servers) if ".press." in m["Message-ID"]] == []
    alert, = _alerts(CLARA, servers)
    assert "Wrong passwords were given for player C 11 time(s)" in alert
    assert "(subject: capped)" in alert and "It was not answered" in alert
    assert "How it was judged:" in alert and "line 7: QUIT" in alert
    assert "Not answered: the per-address cap" in _digest(servers)


def test_the_owner_is_told_at_most_hourly(tmp_path: Path, servers: MailServers,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:00:00+00:00")
    folder = campaign(tmp_path, servers, monkeypatch)
    mail_orders(servers, MALLORY, _message("C", "first-guess"))
    gm("fetch", str(folder))
    gm("send", str(folder))
    assert len(_alerts(CLARA, servers)) == 1  # the first at once
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:40:00+00:00")
    mail_orders(servers, MALLORY, _message("C", "second-guess"))
    mail_orders(servers, MALLORY, _message("C", "pwc"), subject="stolen")
    gm("fetch", str(folder))
    gm("send", str(folder))
    assert len(_alerts(CLARA, servers)) == 1  # within the hour: kept for later
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:59:59+00:00")
    assert "0 message(s) sent" in gm("send", str(folder))
    monkeypatch.setenv("GM_NOW", "2026-11-29T11:00:00+00:00")
    gm("send", str(folder))  # a round with no new mail tells what waited
    first, second = _alerts(CLARA, servers)
    assert "since 2026-11-29 10:00 UTC" in second
    assert "Wrong passwords were given for player C 1 time(s)" in second
    assert "(subject: stolen)" in second and "(subject: stolen)" not in first
    assert "player C told at clara@example.org: 1 wrong password(s), 1 message(s) with his " \
           "password from another address" in _digest(servers)
    gm("send", str(folder))
    assert len(_alerts(CLARA, servers)) == 2  # nothing new: nothing told


@pytest.mark.parametrize("crash_at", ["after-answer", "after-alert"])
def test_a_crash_loses_no_alert_and_tells_none_twice(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        crash_at: str) -> None:
    folder = campaign(tmp_path, servers, monkeypatch)
    mail_orders(servers, MALLORY, _message("C", "a-guess"))
    mail_orders(servers, MALLORY, _message("C", "pwc"), subject="stolen")
    assert gm_process("fetch", str(folder), crash_at=crash_at).returncode == -9
    again = gm_process("fetch", str(folder))
    assert again.returncode == 0, again.stderr
    assert gm_process("send", str(folder)).returncode == 0
    alert, = _alerts(CLARA, servers)
    assert "1 time(s)" in alert and "(subject: stolen)" in alert
    assert len([m for m in mailbox(MALLORY, servers) if m["In-Reply-To"]]) == 2


ROSTER = {"A": "anna@example.org", "B": "boris@example.org"}


def _judged(data: GameData, sender: str, password: str, guarded: frozenset[str]) -> Verdict:
    message = EmailMessage()
    message["From"] = sender
    message.set_content(f"GAME g\nPLAYER A\nPASSWORD {password}\nQUIT\n")
    roster = Roster("g", lambda player, given: (player, given) == ("A", "right"), ROSTER,
                    guarded=guarded)
    state: GameStateBase = deployed(data, "ABC")
    return judge(read_message(message.as_bytes()), state, data, roster, RUSSIAN_CIVIL_WAR)


def test_past_the_limit_only_the_own_address_is_judged(data: GameData) -> None:
    guarded = frozenset({"A"})
    right = _judged(data, MALLORY, "right", guarded)
    wrong = _judged(data, MALLORY, "wrong", guarded)
    assert right.text == wrong.text and not right.counts and right.attempt == ("A", "unchecked")
    assert "whatever its password" in right.text and "not checked" not in right.text
    assert right.stranger == "A" and wrong.stranger is None  # his address told of the right
    assert _judged(data, ANNA, "right", guarded).counts  # his own address: never locked out
    assert _judged(data, ANNA, "wrong", guarded).attempt == ("A", "wrong")
    assert _judged(data, MALLORY, "wrong", frozenset()).attempt == ("A", "wrong")
    stolen = _judged(data, MALLORY, "right", frozenset())
    assert stolen.counts and stolen.stranger == "A" and stolen.attempt is None


def test_the_limit_is_a_whole_number_of_one_or_more() -> None:
    for value in (0, -1, "10", True):
        with pytest.raises(GameError, match="wrong_passwords_per_day"):
            mail_config_from({"gm_address": "gm@example.org", "wrong_passwords_per_day": value},
                             None, "campaign.toml")
    assert mail_config_from({"gm_address": "gm@example.org"}, None, "x").\
        wrong_passwords_per_day == 10


def test_a_version_2_database_gains_the_alerts_and_keeps_its_checks(tmp_path: Path) -> None:
    """Versions 3 and 4 add the alerts and password_changes tables and nothing else: a message
    kept by version 2 and not yet answered keeps the player its password was checked for."""
    folder = tmp_path / "v2"
    gm("new", str(folder), "--seed", "mail", "-p", "A:A:anna@example.org:pwa-long",
       "-p", "B:B:boris@example.org:pwb-long")
    database = folder / "campaign.sqlite"
    with sqlite3.connect(database) as connection:
        connection.execute("DROP TABLE alerts")
        connection.execute("DROP TABLE password_changes")
        connection.execute("UPDATE schema_info SET value = '2' WHERE \"key\" = 'version'")
        connection.execute(
            "INSERT INTO inbox (campaign_id, content_hash, sender, raw, received_at, done, "
            "sender_address, verified_player) VALUES (1, 'h', 'anna@example.org', "
            "'From: anna@example.org\n\nGAME v2\nPLAYER A\nPASSWORD [redacted]\n', "
            "'2026-11-29 10:00:00.000000', 0, 'anna@example.org', 'A')")
    opened = open_campaign(folder)
    assert opened.store.schema_version() == SCHEMA_VERSION == 6
    assert opened.store.untold_alerts(opened.row) == []
    assert opened.store.changes_asked(opened.row, "A", dt.datetime(2026, 1, 1,
                                                                   tzinfo=dt.UTC)) == []
    (row,) = opened.store.unanswered(opened.row)
    assert row.verified_player == "A"


def test_a_version_4_database_gains_the_fingerprints_and_answers_what_it_kept(
        tmp_path: Path) -> None:
    """Version 5 adds which password a message was checked against (inbox.verified_by) and
    whence a change was asked (password_changes.sender_address, own): a message kept by
    version 4 and not yet answered counts as it was checked then; a change it kept waiting is
    counted as asked from another address."""
    from gm.app.answering import handle_stored
    from gm.app.settings import MailConfig

    folder = tmp_path / "v4"
    gm("new", str(folder), "--seed", "mail", "-p", "A:A:anna@example.org:pwa-long",
       "-p", "B:B:boris@example.org:pwb-long")
    gm("end-trading", str(folder))
    gm("start", str(folder))
    with sqlite3.connect(folder / "campaign.sqlite") as connection:
        connection.execute("ALTER TABLE inbox DROP COLUMN verified_by")
        connection.execute("ALTER TABLE password_changes DROP COLUMN sender_address")
        connection.execute("ALTER TABLE password_changes DROP COLUMN own")
        connection.execute("UPDATE schema_info SET value = '4' WHERE \"key\" = 'version'")
        connection.execute(
            "INSERT INTO inbox (campaign_id, content_hash, sender, raw, received_at, done, "
            "sender_address, verified_player) VALUES (1, 'h', 'anna@example.org', "
            "'From: anna@example.org\n\nGAME v4\nPLAYER A\nPASSWORD [redacted]\nQUIT\n', "
            "'2026-11-29 10:00:00.000000', 0, 'anna@example.org', 'A')")
        connection.execute(
            "INSERT INTO password_changes (campaign_id, player, password_hash, code_hash, "
            "created_at, expires_at, state) VALUES (1, 'A', 'scrypt$00$00', 'c', "
            "'2026-11-29 10:00:00.000000', '2026-12-01 10:00:00.000000', 'pending')")
    opened = open_campaign(folder)
    assert opened.store.schema_version() == SCHEMA_VERSION == 6
    (row,) = opened.store.unanswered(opened.row)
    assert (row.verified_player, row.verified_by) == ("A", None)
    assert opened.store.changes_asked(opened.row, "A", dt.datetime(2026, 1, 1,
                                                                   tzinfo=dt.UTC)) == [("", False)]
    assert handle_stored(opened, MailConfig(gm_address="gm@example.org")) == 1
    (orders,) = opened.store.orders_for(opened.row, 1, 1)
    assert orders.player == "A" and "QUIT" in orders.raw
