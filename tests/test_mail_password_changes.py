"""Changing a password by mail, and what may stand in the way (the second adversarial review of
issue 24), over the real IMAP and SMTP servers of tests/mailservers.py and, where the store
matters, PostgreSQL: nobody else who knows a player's password can use up the changes he may
ask, and no answer tells him to confirm a code he did not ask for (R87); a password changed
by a message holds for the messages after it in the same fetch (R87); a code typed in groups
is taken out whole (R87); a `PASSWORD CONFIRM` line may stand before the present password;
between the deadline and the adjudication only the orders are late; a player cannot have the
judge's own address (R84)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.app.requests import CHANGES_FROM_ELSEWHERE, CHANGES_PER_ADDRESS, OWN_CHANGES_PER_DAY
from orders_grammar.message import read_envelope
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
    text_of,
)
from tests.mailservers import MailServers
from tests.test_mail_trust import (
    FORGER,
    MALLORY,
    _answers,
    _checks,
    _code,
    _forged,
    _mails,
    _message,
    _orders,
    _round,
)

ANNA, CLARA = PLAYERS["A"], PLAYERS["C"]
NOW = "2026-11-29T10:00:00+00:00"
CONFIRM_ONLY = "Confirm only a code for a change you asked for yourself"


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str | None:
    """The campaign's store: its folder's SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return None
    from tests.servers import fresh_database

    return fresh_database(request.getfixturevalue("postgres_url"))


def _stored(folder: Path) -> bytes:
    """Everything the campaign's SQLite store holds on disk, its write-ahead log folded in."""
    connection = sqlite3.connect(folder / "campaign.sqlite")
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    return b"".join(p.read_bytes() for p in sorted(folder.glob("campaign.sqlite*")))


def _wrong_guesses(folder: Path, player: str) -> int:
    import datetime as dt

    opened = open_campaign(folder)
    since = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    return len(opened.store.wrong_passwords_since(opened.row, since).get(player, []))


# 1. Nobody else can use up the owner's changes (R87)


def test_a_thief_cannot_use_up_the_changes_the_owner_may_ask(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        database: str | None) -> None:
    """Mallory knows C's password and asks for new ones: three from his address, a fourth
    refused there; more from forged addresses up to the limit for all other addresses
    together. Every refusal tells him to confirm only a code he asked for himself, never to
    confirm one of those mailed. Clara's own request is still taken, and voids every change
    asked from elsewhere: the thief's codes no longer work, hers does, and the thief's
    password never becomes hers. Her own address has a bound of its own."""
    monkeypatch.setenv("GM_NOW", NOW)
    folder = campaign(tmp_path, servers, monkeypatch, extra="answers_per_hour = 0\n",
                      database=database)
    thief = [mail_orders(servers, MALLORY, _message("C", PASSWORDS["C"], f"PASSWORD thief-{n}"))
             for n in range(CHANGES_PER_ADDRESS + 1)]
    forged = [f"f{n}@forged.test" for n in range(3)]
    for address in forged:  # 3 + 3 + 3 + 1 = 10 from elsewhere, then one more
        for n in range(CHANGES_PER_ADDRESS):
            _forged(servers, FORGER, address, _message("C", PASSWORDS["C"],
                                                       f"PASSWORD {address[:2]}-new-{n}"))
    _round(folder)
    answers = _answers(MALLORY, servers)
    assert all("PASSWORD (line 4): not changed yet" in answers[m] for m in thief[:-1])
    refusal = answers[thief[-1]]
    assert f"{CHANGES_PER_ADDRESS} changes of player C's password were asked from " \
           "mallory@example.org in the last 24 hours already; this one is not taken" in refusal
    assert "From the address on file for player C a change may still be asked." in refusal
    assert CONFIRM_ONLY in refusal and "confirm one of them" not in refusal
    assert "ask the GM for a new one (gm players --reset-password)" in refusal
    codes = _mails(CLARA, servers, "password")
    assert len(codes) == CHANGES_FROM_ELSEWHERE  # no more from elsewhere in a day
    assert all("If you did not ask for it, do not send the code" in c for c in codes)
    digest = "".join(text_of(m) for m in mailbox(GM_DESK, servers))
    assert f"past {CHANGES_FROM_ELSEWHERE} in 24 hours from addresses other than player C's " \
           "own: not taken" in digest
    thief_code = _code(CLARA, servers)

    own = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "PASSWORD clara-own-1"))
    _round(folder)
    answer = _answers(CLARA, servers)[own]
    assert "PASSWORD (line 4): not changed yet" in answer
    assert "Any change asked from another address and waiting for its code is void." in answer
    mine = _code(CLARA, servers)
    late = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"],
                                                f"PASSWORD CONFIRM {thief_code}"))
    _round(folder)
    assert "it has been used or has expired; your password is unchanged" in \
        _answers(CLARA, servers)[late]
    confirm = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"],
                                                   f"PASSWORD CONFIRM {mine}"))
    _round(folder)
    assert "changed, to the password asked at" in _answers(CLARA, servers)[confirm]
    assert _checks(folder, "C", "clara-own-1")
    assert not any(_checks(folder, "C", f"thief-{n}") for n in range(CHANGES_PER_ADDRESS))

    for n in range(2, OWN_CHANGES_PER_DAY + 1):  # her own: 10 a day, the 11th refused
        mail_orders(servers, CLARA, _message("C", "clara-own-1", f"PASSWORD clara-own-{n}"))
    over = mail_orders(servers, CLARA, _message("C", "clara-own-1", "PASSWORD clara-too-many"))
    _round(folder)
    refusal = _answers(CLARA, servers)[over]
    assert f"{OWN_CHANGES_PER_DAY} changes of player C's password were asked from player C's " \
           "own address in the last 24 hours already" in refusal
    assert CONFIRM_ONLY in refusal and "a change may still be asked" not in refusal


# 2. A password changed in a fetch holds for the rest of it (R87)


@pytest.mark.parametrize("batch", [100, 1])
def test_a_password_changed_by_a_message_holds_for_the_messages_after_it(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        database: str | None, batch: int) -> None:
    """In one fetch: Clara's new password before her confirmation (not his yet: a wrong
    one), her `PASSWORD CONFIRM`, the thief's QUIT with the old password, her STATUS with the
    new one. The thief's QUIT is refused as carrying a password changed since, and is not
    counted as a guess; her STATUS counts. Read in one batch, or a message a batch."""
    monkeypatch.setenv("GM_NOW", NOW)
    folder = campaign(tmp_path, servers, monkeypatch, database=database,
                      extra=f"answers_per_hour = 0\nbatch = {batch}\n")
    mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "PASSWORD clara-new-1"))
    _round(folder)
    code = _code(CLARA, servers)
    early = mail_orders(servers, CLARA, _message("C", "clara-new-1", "# too soon"))
    confirm = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"],
                                                   f"PASSWORD CONFIRM {code}"))
    stolen = mail_orders(servers, MALLORY, _message("C", PASSWORDS["C"], "QUIT"))
    mine = mail_orders(servers, CLARA, _message("C", "clara-new-1", "STATUS", "# mine"))
    _round(folder)
    answers = _answers(CLARA, servers)
    assert "the PASSWORD is not player C's" in answers[early]
    assert "changed, to the password asked at" in answers[confirm]
    assert "STATUS of game bymail" in answers[mine]
    assert [p for p, _ in _orders(folder)] == []  # neither the QUIT nor "too soon" counts
    alert, = _mails(CLARA, servers, "alert")
    if batch == 1:  # the QUIT read after the change was made: a wrong password, as any
        assert "the PASSWORD is not player C's" in _answers(MALLORY, servers)[stolen]
        assert _wrong_guesses(folder, "C") == 2
        assert "1 from mallory@example.org" in alert
        return
    assert "Your message was refused: the password it carried was player C's when it " \
           "arrived, but an earlier message (or the GM) has changed it since; send it again " \
           "with the new one." in _answers(MALLORY, servers)[stolen]
    assert _wrong_guesses(folder, "C") == 1  # "too soon" only: the QUIT was no guess
    assert "arrived from mallory@example.org with your password" in alert
    assert "It was refused, and nothing in it counts." in alert


# 3. A code however typed is taken out whole; the CONFIRM line anywhere


def test_a_code_typed_in_groups_is_taken_out_whole_and_counts(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """The code typed with spaces, in lower case, first with a typo in the present password
    (refused and kept), then right: no group of it is kept in the store, and it changes the
    password."""
    monkeypatch.setenv("GM_NOW", NOW)
    folder = campaign(tmp_path, servers, monkeypatch, extra="answers_per_hour = 0\n")
    mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "PASSWORD clara-new-1"))
    _round(folder)
    code = _code(CLARA, servers)
    spaced = code.replace("-", " ").lower()
    typo = mail_orders(servers, CLARA, _message("C", "pwc-typo", f"PASSWORD CONFIRM {spaced}",
                                                f"# the code again: {spaced}"))
    _round(folder)
    assert "the PASSWORD is not player C's" in _answers(CLARA, servers)[typo]
    _nowhere_kept(folder, code)
    right = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"],
                                                 f"PASSWORD CONFIRM {spaced}"))
    _round(folder)
    assert "changed, to the password asked at" in _answers(CLARA, servers)[right]
    assert _checks(folder, "C", "clara-new-1")
    _nowhere_kept(folder, code)


def _nowhere_kept(folder: Path, code: str) -> None:
    """Neither the code, written any way, nor any group of it in the messages kept."""
    stored = _stored(folder).lower()
    groups = code.lower().split("-")
    for form in (" ".join(groups), "-".join(groups), "".join(groups)):
        assert form.encode() not in stored
    opened = open_campaign(folder)
    assert opened.store.unanswered(opened.row) == []
    with sqlite3.connect(folder / "campaign.sqlite") as connection:
        bodies = [str(raw).replace("\r\n", "\n").partition("\n\n")[2].lower()
                  for (raw,) in connection.execute("SELECT raw FROM inbox")]
    confirming = [body for body in bodies if "password confirm" in body]
    assert confirming and all("password confirm [redacted]" in body for body in confirming)
    assert not any(group in body for group in groups for body in bodies)


def test_the_confirm_line_may_stand_before_the_present_password(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """`PASSWORD CONFIRM <code>` first, then the present `PASSWORD`: the change is made, and
    nothing is counted as a wrong password."""
    lines = read_envelope("GAME g\nPLAYER C\nPASSWORD CONFIRM ABCD-EFGH-JKLM\nPASSWORD pwc\n")
    assert lines.password == "pwc" and [r.confirm for r in lines.requests] == [True]
    assert read_envelope("GAME g\nPLAYER C\nPASSWORD CONFIRM\n").password == "CONFIRM"
    monkeypatch.setenv("GM_NOW", NOW)
    folder = campaign(tmp_path, servers, monkeypatch, extra="answers_per_hour = 0\n")
    mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "PASSWORD clara-new-1"))
    _round(folder)
    code = _code(CLARA, servers)
    sent = mail_orders(servers, CLARA, "\n".join([
        "GAME bymail", "PLAYER C", f"PASSWORD CONFIRM {code}", f"PASSWORD {PASSWORDS['C']}"]))
    _round(folder)
    assert "PASSWORD CONFIRM (line 3): changed" in _answers(CLARA, servers)[sent]
    assert _checks(folder, "C", "clara-new-1")
    assert _wrong_guesses(folder, "C") == 0


# 4. Past the deadline, only the orders are late


def test_between_the_deadline_and_the_adjudication_only_the_orders_are_late(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deadline has passed and the GM has not adjudicated yet: a new password is asked
    and confirmed, STATUS answered and press sent as at any time; orders sent with them do
    not count and the answer says so; orders alone get the late answer as before."""
    monkeypatch.setenv("GM_NOW", NOW)
    folder = campaign(tmp_path, servers, monkeypatch, extra="answers_per_hour = 0\n"
                      '[schedule]\ndays_per_phase = 1\nhour = 18\ntimezone = "UTC"\n'
                      "auto_adjudicate = false\n")
    monkeypatch.setenv("GM_NOW", "2026-12-02T09:00:00+00:00")  # the deadline: 11-30 18:00
    asked = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "PASSWORD clara-new-1"))
    both = mail_orders(servers, ANNA, _message("A", PASSWORDS["A"], "QUIT", "STATUS",
                                               "PRESS TO C", "Late, but not for this.",
                                               "ENDPRESS"))
    alone = mail_orders(servers, ANNA, _message("A", PASSWORDS["A"], "QUIT"))
    gm("run", str(folder), "--once")
    assert "PASSWORD (line 4): not changed yet" in _answers(CLARA, servers)[asked]
    answer = _answers(ANNA, servers)[both]
    assert "Your orders arrived after the deadline of this phase (2026-11-30 18:00 UTC); " \
           "they do not count" in answer
    assert "STATUS of game bymail" in answer and "PRESS TO C (line 6): sent to C" in answer
    assert "ACCEPTED" not in answer
    press, = _mails(CLARA, servers, "press")
    assert "Late, but not for this." in press
    assert "arrived after the deadline of this phase (2026-11-30 18:00 UTC); it does not " \
           "count" in _answers(ANNA, servers)[alone]
    confirm = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"],
                                                   f"PASSWORD CONFIRM {_code(CLARA, servers)}"))
    gm("run", str(folder), "--once")
    assert "changed, to the password asked at" in _answers(CLARA, servers)[confirm]
    assert _orders(folder) == []
    assert "A" in open_campaign(folder).latest().state.players_in_game()


# 5. The judge's own addresses are no player's (R84)


def test_a_player_cannot_have_the_judge_s_own_address(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """`gm players --email` refuses the judge's gm_address and gm_copy_to (any case); `gm new`
    in a host refuses its; a campaign whose records give a player one of them (as older
    versions allowed) is refused at `gm fetch`, its mail left in the mailbox."""
    folder = campaign(tmp_path, servers, monkeypatch)
    for address, setting in ((GM.upper(), "gm_address"), (GM_DESK, "gm_copy_to")):
        refused = gm_process("players", str(folder), "--email", f"C:{address}")
        assert refused.returncode == 1
        assert f"player C: the address {address} is the judge's own ({setting} in " \
               f"{folder}/campaign.toml)" in refused.stderr
    assert [p.email for p in open_campaign(folder).players()] == list(PLAYERS.values())

    host = tmp_path / "judge"
    gm("host", str(host))
    (host / "host.toml").write_text(f'[mail]\ngm_address = "{GM}"\n', encoding="utf-8")
    made = gm_process("new", str(host / "c1"), "-p", f"A:A:{ANNA}", "-p", f"B:B:{GM}")
    assert made.returncode == 1 and not (host / "c1").exists()
    assert f"player B: the address {GM} is the judge's own (gm_address in {host}/host.toml): " \
           "mail from it is taken as the judge's own and never read as his" in made.stderr

    opened = open_campaign(folder)
    opened.store.update_player(opened.row, "C", email=GM)  # as older versions allowed
    mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "# orders"))
    fetched = gm_process("fetch", str(folder))
    assert fetched.returncode == 1
    assert f"player C: the address {GM} is the judge's own (gm_address in the [mail] table)" \
           in fetched.stderr
    assert len(mailbox(GM, servers)) == 1  # left for the GM to see to
