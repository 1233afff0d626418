"""What the judge trusts a message for (the adversarial review of issue 24), over the real IMAP
and SMTP servers of tests/mailservers.py (and PostgreSQL where the store matters): a host's
intake heeds a GM command let in between two of its batches; a new password is the player's
only once the code mailed to his address comes back (R87), so a forger of his From cannot
lock him out; with a receiving server trusted, a forged From counts as another address (R86);
a forger cannot cap the owner's own mail (R41); players who share an address are not exempt
from the guessing limit, and no new one is given (R79); past the limit no refusal goes to
another address, and what the owner and the GM are told stays short however many forged
senders there are (R80)."""

from __future__ import annotations

import datetime as dt
import os
import random
import subprocess
import sys
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest

from gm.app import crash
from gm.app.campaign import PasswordCache, open_campaign
from gm.app.settings import mail_config_from
from gm.core.errors import GameError
from gm.messages.reading import read_message
from tests.conftest import gm
from tests.mailhelpers import (
    ENV,
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
from tests.mailservers import AUTHSERV_ID, PASSWORD, MailServers

ANNA, BORIS, CLARA = PLAYERS["A"], PLAYERS["B"], PLAYERS["C"]
MALLORY = "mallory@example.org"
FORGER = "mallory@forger.test"  # the envelope sender of the forged messages
# What the receiving server writes of Clara's own mail, and of a forgery of her From.
PASSED = ("spf=pass smtp.mailfrom=clara@example.org;\r\n\tdkim=pass header.d=example.org "
          "header.s=s1;\r\n\tdmarc=pass (p=reject) header.from=example.org")
FAILED = ("spf=pass smtp.mailfrom=forger.test;\r\n\tdkim=none;\r\n\t"
          "dmarc=fail (p=none) header.from=example.org")
# ... and what the forger writes himself, in his own headers
FORGED_RESULTS = f"{AUTHSERV_ID}; dmarc=pass header.from=example.org"


def _message(player: str, password: str, *lines: str, game: str = "bymail") -> str:
    return "\n".join([f"GAME {game}", f"PLAYER {player}", f"PASSWORD {password}", *lines])


def _forged(servers: MailServers, envelope: str, sender: str, text: str,
            headers: tuple[tuple[str, str], ...] = (), subject: str = "orders") -> str:
    """A message From `sender`, sent by `envelope` (with headers of his own); its Message-ID."""
    message = EmailMessage()
    for name, value in headers:
        message[name] = value
    message["From"] = sender
    message["To"] = GM
    message["Subject"] = subject
    message["Message-ID"] = f"<{random.random()}@forger.test>"
    message.set_content(text)
    send_raw(servers, envelope, message.as_bytes())
    return str(message["Message-ID"])


def _answers(address: str, servers: MailServers) -> dict[str, str]:
    return {str(m["In-Reply-To"]): text_of(m) for m in mailbox(address, servers)
            if m["In-Reply-To"]}


def _mails(address: str, servers: MailServers, kind: str) -> list[str]:
    return [text_of(m) for m in mailbox(address, servers) if f".{kind}." in m["Message-ID"]]


def _code(address: str, servers: MailServers) -> str:
    """The code of the latest message that asks to confirm a new password (R87)."""
    return _mails(address, servers, "password")[-1].split("PASSWORD CONFIRM ")[1].split()[0]


def _round(folder: Path) -> None:
    gm("fetch", str(folder))
    gm("send", str(folder))


def _checks(folder: Path, player: str, password: str) -> bool:
    return PasswordCache(open_campaign(folder).players()).check(player, password)


def _orders(folder: Path) -> list[tuple[str, str]]:
    opened = open_campaign(folder)
    return [(row.player, row.raw) for row in opened.store.orders_for(opened.row, 1, 1)]


# 1. A host's intake and the GM's commands between its batches


def _gm_command(*args: str, now: str) -> None:
    done = subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          env={**os.environ, ENV: PASSWORD, "GM_NOW": now}, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr


def _hosted_round(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
                  texts: list[tuple[str, str]], between: Callable[[int, Path, str], None],
                  database: str | None = None) -> Path:
    """A host of one campaign, c00 (in PostgreSQL, `database`), reading its mailbox two
    messages a batch: `texts` (sender, text) mailed, then one worker's round in this process,
    `between(n, campaign, now)` called after the n-th batch is moved out of the mailbox
    (outside any claim)."""
    from gm.app.host_round import host_round
    from gm.app.hosting import open_host
    from gm.mail.imap import ImapMailbox
    from gm.mail.smtp import SmtpTransport
    from tests.test_workers import START, host_with_campaigns

    host = host_with_campaigns(tmp_path / "judge", servers, database, 1, monkeypatch)
    with (host / "host.toml").open("a", encoding="utf-8") as config:
        config.write("batch = 2\n")
    now = (START + dt.timedelta(hours=1)).isoformat()
    monkeypatch.setenv("GM_NOW", now)
    monkeypatch.setenv(ENV, PASSWORD)
    for sender, text in texts:
        mail_orders(servers, sender, text)
    batches: list[int] = []

    def hook() -> None:
        batches.append(1)
        between(len(batches), host / "c00", now)

    monkeypatch.setitem(crash.HOOKS, "after-move", hook)
    opened = open_host(host)
    transport = SmtpTransport(opened.config)
    try:
        host_round(opened, lambda: ImapMailbox(opened.config), transport)
    finally:
        transport.close()
    assert len(batches) == 2
    return host / "c00"


@pytest.mark.parametrize(("after_batch", "store"),
                         [(1, "sqlite"), (2, "sqlite"), (2, "postgresql")])
def test_a_gm_adjudication_between_two_batches_of_a_host_s_intake_loses_no_orders(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        request: pytest.FixtureRequest, after_batch: int, store: str) -> None:
    """The GM adjudicates while a worker reads the host's mailbox, between its batches (A and
    B's orders in the first, C's in the second). Every message answered as counting is
    either in the adjudication or stands for the phase open now: none is stored against the
    phase adjudicated already, where nothing would ever count it. On SQLite's file locks and
    PostgreSQL's advisory locks alike."""
    database = None
    if store == "postgresql":
        from tests.servers import fresh_database

        database = fresh_database(request.getfixturevalue("postgres_url"))
    texts = [(PLAYERS[p], _message(p, PASSWORDS[p], "# no orders this phase", game="c00"))
             for p in "ABC"]

    def adjudicate(batch: int, folder: Path, now: str) -> None:
        if batch == after_batch:
            _gm_command("adjudicate", str(folder), now=now)

    folder = _hosted_round(tmp_path, servers, monkeypatch, texts, adjudicate, database)
    opened = open_campaign(folder)
    entries = opened.store.entries(opened.row)
    adjudicated, = [e for e in entries if e.action.startswith("adjudicate")]
    latest = entries[-1].seq
    rows = opened.store.orders_in_play(opened.row)
    assert sorted(row.player for row in rows) == ["A", "B", "C"]
    for row in rows:
        counted = row.state_seq < adjudicated.seq and row.player in adjudicated.detail["players"]
        assert counted or row.state_seq == latest, (row.player, row.state_seq, adjudicated)


def test_a_password_reset_between_two_batches_of_a_host_s_intake_is_heeded(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """`gm players --reset-password C` between two batches: C's old password, in the second
    batch, no longer counts."""
    texts = [(PLAYERS[p], _message(p, PASSWORDS[p], "# no orders", game="c00")) for p in "AB"]
    texts.append((CLARA, _message("C", PASSWORDS["C"], "# with the old password",
                                  game="c00")))

    def reset(batch: int, folder: Path, now: str) -> None:
        if batch == 1:
            _gm_command("players", str(folder), "--reset-password", "C", now=now)

    folder = _hosted_round(tmp_path, servers, monkeypatch, texts, reset)
    assert not _checks(folder, "C", PASSWORDS["C"])
    opened = open_campaign(folder)
    assert sorted(row.player for row in opened.store.orders_in_play(opened.row)) == ["A", "B"]
    answer, = _answers(CLARA, servers).values()
    assert "the PASSWORD is not player C's" in answer


# 2a. A new password waits for the code mailed to the player's own address (R87)


def test_a_forger_of_the_owner_s_from_cannot_change_his_password(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Someone who knows C's password forges her From and asks for a new one: it waits for
    the code, which goes to Clara's mailbox and never to him; his guess at a code changes
    nothing; Clara's password stands, and she is told who asked."""
    folder = campaign(tmp_path, servers, monkeypatch)
    asked = _forged(servers, FORGER, CLARA, _message("C", PASSWORDS["C"],
                                                      "PASSWORD thief-only-1"),
                    subject="mine now")
    _round(folder)
    assert "PASSWORD (line 4): not changed yet" in _answers(CLARA, servers)[asked]
    code_mail, = _mails(CLARA, servers, "password")
    assert "a new password for you was asked at" in code_mail
    assert "in a message that says it came from clara@example.org (a sender can be forged) " \
           "and that carried your present password." in code_mail
    assert "mine now" not in code_mail  # nothing the asker wrote is quoted
    assert "If you did not ask for it, do not send the code" in code_mail
    guessed = _forged(servers, FORGER, CLARA, _message("C", PASSWORDS["C"],
                                                        "PASSWORD CONFIRM ABCD-EFGH-JKLM"))
    _round(folder)
    assert "it has been used or has expired; your password is unchanged" in \
        _answers(CLARA, servers)[guessed]
    assert _checks(folder, "C", PASSWORDS["C"]) and not _checks(folder, "C", "thief-only-1")
    own = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "QUIT"))
    stolen = _forged(servers, FORGER, CLARA, _message("C", "thief-only-1", "QUIT"))
    _round(folder)
    answers = _answers(CLARA, servers)
    assert "Your message was refused" not in answers[own]
    assert "the PASSWORD is not player C's" in answers[stolen]
    digest = "".join(text_of(m) for m in mailbox(GM_DESK, servers))
    assert "player C asked for a new password by mail (from clara@example.org, his " \
           "address)" in digest
    assert "a PASSWORD CONFIRM from clara@example.org with a code that is wrong" in digest


def test_a_code_is_good_once_for_48_hours_and_a_gm_reset_voids_it(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        postgres_url: str) -> None:
    """Two changes asked, the second confirmed: the first's code is void. A code sent back
    after 48 hours has expired. A password the GM resets voids the changes waiting, and so
    does a new address (the codes went to the one he had). In PostgreSQL, as a hosted judge
    keeps them."""
    from tests.servers import fresh_database

    monkeypatch.setenv("GM_NOW", "2026-11-29T10:00:00+00:00")
    folder = campaign(tmp_path, servers, monkeypatch, extra="answers_per_hour = 0\n",
                      database=fresh_database(postgres_url))

    def ask(password: str, *lines: str) -> str:
        sent = mail_orders(servers, CLARA, _message("C", password, *lines))
        _round(folder)
        return _answers(CLARA, servers)[sent]

    ask(PASSWORDS["C"], "PASSWORD first-new-1")
    first = _code(CLARA, servers)
    ask(PASSWORDS["C"], "PASSWORD second-new-2")
    second = _code(CLARA, servers)
    assert first != second
    assert "changed" in ask(PASSWORDS["C"], f"PASSWORD CONFIRM {second}")
    assert _checks(folder, "C", "second-new-2") and not _checks(folder, "C", "first-new-1")
    assert "your password is unchanged" in ask("second-new-2", f"PASSWORD CONFIRM {first}")
    ask("second-new-2", "PASSWORD third-new-3")
    third = _code(CLARA, servers)
    monkeypatch.setenv("GM_NOW", "2026-12-01T10:00:01+00:00")  # 48 hours and more on
    assert "it has been used or has expired" in ask("second-new-2",
                                                    f"PASSWORD CONFIRM {third}")
    ask("second-new-2", "PASSWORD fifth-new-5")
    fifth = _code(CLARA, servers)
    reset = gm("players", str(folder), "--reset-password", "C")
    given = reset.split("player C: new password ")[1].split()[0]
    assert "your password is unchanged" in ask(given, f"PASSWORD CONFIRM {fifth}")
    assert _checks(folder, "C", given) and not _checks(folder, "C", "fifth-new-5")
    ask(given, "PASSWORD sixth-new-6")
    sixth = _code(CLARA, servers)
    gm("players", str(folder), "--email", f"C:{CLARA.upper()}")  # the same mailbox: kept
    gm("players", str(folder), "--email", "C:clara.new@example.org")  # another: void
    assert "your password is unchanged" in ask(given, f"PASSWORD CONFIRM {sixth}")
    assert _checks(folder, "C", given) and not _checks(folder, "C", "sixth-new-6")


# 2b. The receiving server's Authentication-Results (R86)


@pytest.mark.parametrize("trusted", [True, False])
def test_a_forged_own_address_is_another_address_when_the_receiving_server_is_trusted(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        trusted: bool) -> None:
    """Mallory forges Clara's From, and writes a passing Authentication-Results of the
    judge's server into his own headers: 3 wrong guesses, then the right password with QUIT
    and press to himself. With authserv_id set, the server's own header (on top, dmarc=fail)
    makes them another address's: the guesses count, the right one is refused past the limit
    and told to Clara as a possible forgery; Clara's own mail (dmarc=pass) plays as always.
    Without it (the default), the forgery is judged as hers: his QUIT counts and the press
    tells him his guess was right (what R79 says a forged From can still do)."""
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:00:00+00:00")
    servers.behaviour.authentication.update({CLARA: PASSED, FORGER: FAILED})
    trust = f'authserv_id = "{AUTHSERV_ID}"\n' if trusted else ""
    folder = campaign(tmp_path, servers, monkeypatch,
                      extra=f"wrong_passwords_per_day = 3\nanswers_per_hour = 0\n{trust}")
    forged = (("Authentication-Results", FORGED_RESULTS),)
    status = _forged(servers, FORGER, CLARA, _message("C", PASSWORDS["C"], "STATUS"), forged)
    for n in range(3):
        _forged(servers, FORGER, CLARA, _message("C", f"guess-{n}"), forged)
    hit = _forged(servers, FORGER, CLARA, _message("C", PASSWORDS["C"], "PRESS TO A",
                                                    "ping", "ENDPRESS", "QUIT"), forged,
                  subject="the hit")
    own = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "# Clara's own"))
    _round(folder)
    answers = _answers(CLARA, servers)
    press = _mails(ANNA, servers, "press")
    assert "Your message was refused" not in answers[own]
    assert "STATUS of game bymail" in answers[status]
    note = ("Note: this message came from clara@example.org, player C's address, which the "
            "receiving server did not prove its sender's (so it is taken as another address); "
            "that address is told what it held.")
    assert (note in answers[status]) is trusted
    if not trusted:
        assert "ACCEPTED" in answers[hit] and len(press) == 1 and "ping" in press[0]
        assert [raw.count("QUIT") for _, raw in _orders(folder)] == [1, 0]
        return
    assert "too many wrong passwords were given for player C in the last 24 hours: until " \
           "2026-11-30 10:00 UTC at the earliest" in answers[hit]
    assert "no message for him is taken from his address unless the receiving server " \
           "proves it his, whatever its password" in answers[hit]
    assert press == [] and [p for p, _ in _orders(folder)] == ["C"]
    assert "QUIT" not in _orders(folder)[0][1]
    alert, = _mails(CLARA, servers, "alert")
    assert "Wrong passwords were given for player C 3 time(s)" in alert
    assert "arrived from clara@example.org (this address, but the receiving server did not " \
           "prove that it came from it: it may be forged) with your password (subject: the " \
           "hit)" in alert


def _fields(*headers: str) -> str:
    return "".join(f"{h}\n" for h in headers)


RECEIVED = "Received: from relay.forger.test by mx.example.org with ESMTP id 1; Sun, 29 Nov 2026"


@pytest.mark.parametrize(("headers", "proven"), [
    ((f"Authentication-Results: mx.example.org; {PASSED}",), True),
    ((f"Authentication-Results: mx.example.org; {FAILED}", RECEIVED,
      f"Authentication-Results: {FORGED_RESULTS}"), False),  # the forger's, below, is not read
    # Postfix with a milter, Gmail: the server's Received on top, its results right below,
    # then the sender's headers; the forger's field, the first of his, is not read
    ((RECEIVED, f"Authentication-Results: mx.example.org; {FAILED}",
      f"Authentication-Results: {FORGED_RESULTS}"), False),
    ((RECEIVED, f"Authentication-Results: mx.example.org; {PASSED}",
      "Authentication-Results: mx.example.org; dmarc=fail header.from=example.org"), True),
    # one field only: a pass in a second field of the server's is not read (it fails safe)
    (("Authentication-Results: mx.example.org; dkim=fail header.d=example.org",
      "Authentication-Results: mx.example.org; dmarc=pass header.from=example.org"), False),
    (("Authentication-Results: mx.example.org; dmarc=none header.from=example.org",
      "Authentication-Results: mx.example.org; dkim=pass header.d=example.org"), False),
    # DMARC's own fail outweighs a pass beside it
    (("Authentication-Results: mx.example.org; dkim=pass header.d=example.org; dmarc=fail "
      "header.from=example.org",), False),
    (("Authentication-Results: mx.example.org; dmarc=pass",), False),  # for what domain?
    (("Authentication-Results: other.example; dmarc=pass header.from=example.org",), False),
    (("Authentication-Results: MX.Example.ORG 1; dmarc=pass (p=reject dis=none) "
      'header.from="example.org"',), True),
    (("Authentication-Results: mx.example.org; dmarc=pass header.from=other.org",), False),
    (("Authentication-Results: mx.example.org; dkim=pass header.d=other.org",), False),
    (("Authentication-Results: mx.example.org; dkim=pass (good) header.d=EXAMPLE.org",), True),
    (("Authentication-Results: mx.example.org; dkim=pass header.i=@example.org "
      "header.s=20230601 header.b=Ab12",), True),  # as Gmail writes it
    (("Authentication-Results: mx.example.org; dkim=pass header.i=@other.org",), False),
    (("Authentication-Results: mx.example.org; spf=pass smtp.mailfrom=b@bounce.example.org",),
     False),  # a subdomain's SPF proves no more than the subdomain
    (("Authentication-Results: mx.example.org; spf=pass smtp.mailfrom=b@example.org",), True),
    (("Authentication-Results: mx.example.org; spf=pass smtp.mailfrom=notexample.org",),
     False),
    (("Authentication-Results: mx.example.org; spf=softfail smtp.mailfrom=example.org",),
     False),
    (("Authentication-Results: mx.example.org; none",), False),
    ((), False),
])
def test_only_the_trusted_server_s_topmost_results_prove_the_sender(
        headers: tuple[str, ...], proven: bool) -> None:
    """The trusted server's topmost Authentication-Results field (one field) proves the From
    domain by DMARC for it, by a DKIM signature of it, or by SPF for an envelope sender of
    that very domain; what a sender writes himself below the server's own field (above or
    below its Received line), another server's results, and results for another domain or a
    subdomain do not."""
    from gm.messages.authresults import sender_proven  # (imported here: the module is new)

    raw = ("Return-Path: <clara@example.org>\nDelivered-To: gm@example.org\n" +
           _fields(*headers).replace("\r\n", "\n") +
           "From: Clara <clara@example.org>\nTo: gm@example.org\nSubject: orders\n\nGAME x\n")
    reading = read_message(raw.encode())
    assert sender_proven(reading.authentication, AUTHSERV_ID, reading.sender) is proven
    assert not sender_proven(reading.authentication, "", reading.sender)


# Clara's mail as Gmail's servers judge it: DKIM named by header.i, SPF and DMARC beside it
GMAIL = ("dkim=pass header.i=@example.org header.s=20230601 header.b=AbCd;\r\n\tspf=pass "
         "(google.com: domain of clara@example.org designates 192.0.2.1 as permitted sender) "
         "smtp.mailfrom=clara@example.org;\r\n\tdmarc=pass (p=NONE sp=NONE dis=NONE) "
         "header.from=example.org")


@pytest.mark.parametrize("own_results", [PASSED, GMAIL])
def test_a_forged_results_field_right_below_the_server_s_own_is_not_read(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        own_results: str) -> None:
    """The receiving server writes its Received line on top and its results right below it,
    as Postfix with OpenDKIM and OpenDMARC, and Gmail, do; Mallory forges Clara's From and
    writes a passing field of the server's name as the first of his own headers, right below
    the server's (dmarc=fail): his message is from another address all the same, its answer
    says so and Clara is told. Clara's own, which the server proves, counts as hers."""
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:00:00+00:00")
    servers.behaviour.received_first = True
    servers.behaviour.authentication.update({CLARA: own_results, FORGER: FAILED})
    folder = campaign(tmp_path, servers, monkeypatch,
                      extra=f'answers_per_hour = 0\nauthserv_id = "{AUTHSERV_ID}"\n')
    forged = _forged(servers, FORGER, CLARA, _message("C", PASSWORDS["C"], "QUIT"),
                     (("Authentication-Results", FORGED_RESULTS),), subject="forged")
    own = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "STATUS"))
    _round(folder)
    layout = [[name.lower() for name, _ in m.items()] for m in
              mailbox(GM, servers, f"Processed-{tmp_path.name}")]
    assert layout[0][:7] == ["return-path", "delivered-to", "received", "received",
                             "authentication-results", "authentication-results", "from"]
    answers = _answers(CLARA, servers)
    assert "which the receiving server did not prove its sender's (so it is taken as another " \
           "address)" in answers[forged]
    assert "did not prove" not in answers[own] and "STATUS of game bymail" in answers[own]
    alert, = _mails(CLARA, servers, "alert")
    assert "arrived from clara@example.org (this address, but the receiving server did not " \
           "prove that it came from it: it may be forged) with your password (subject: " \
           "forged)" in alert


def test_the_trusted_server_is_a_name_in_quotes() -> None:
    for value in ("mx example.org", "mx.example.org;", 1, "mx.\u00e9xample.org"):
        with pytest.raises(GameError, match="authserv_id"):
            mail_config_from({"gm_address": "gm@example.org", "authserv_id": value}, None,
                             "campaign.toml")
    assert mail_config_from({"gm_address": "gm@example.org"}, None, "x").authserv_id == ""


# 3. A forger cannot cap the owner's own address (R41)


def test_junk_forged_from_the_owner_s_address_does_not_cap_his_own_mail(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten junk messages From Clara's address use up answers_per_hour (10); then her own, with
    her password, asking for a new one and sending press: answered, the code mailed, the
    press sent. The junk after it is capped as before."""
    folder = campaign(tmp_path, servers, monkeypatch)
    junk = [_forged(servers, FORGER, CLARA, _message("C", f"junk-{n}")) for n in range(10)]
    own = mail_orders(servers, CLARA, _message("C", PASSWORDS["C"], "PASSWORD brand-new-1",
                                               "PRESS TO A", "hello", "ENDPRESS"))
    more = _forged(servers, FORGER, CLARA, _message("C", "junk-more"))
    _round(folder)
    answers = _answers(CLARA, servers)
    assert set(answers) == {*junk, own}  # the junk after it: capped
    assert more not in answers
    assert "PASSWORD (line 4): not changed yet" in answers[own]
    assert "PRESS TO A (line 5): sent to A" in answers[own]
    press, = _mails(ANNA, servers, "press")
    assert "hello" in press
    assert "brand-new-1" not in _mails(CLARA, servers, "password")[0]
    digest = "".join(text_of(m) for m in mailbox(GM_DESK, servers))
    assert "Not answered: the per-address cap" in digest and "junk" not in digest


# 4. Players who share an address (R79)


def test_gm_new_and_gm_players_refuse_an_address_another_player_has(tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    refused = gm_process("new", str(folder), "-p", f"A:Anna:{ANNA}", "-p", f"B:Boris:{BORIS}",
                         "-p", "C:Clara:Boris@Example.org")
    assert refused.returncode == 1 and not folder.exists()
    assert "player B: the address boris@example.org is player C's already; give each player " \
           "an address of his own (the address is how the judge knows a player" in \
        refused.stderr
    gm("new", str(folder), "-p", f"A:Anna:{ANNA}", "-p", f"B:Boris:{BORIS}",
       "-p", f"C:Clara:{CLARA}")
    taken = gm_process("players", str(folder), "--email", f"C:{ANNA.upper()}")
    assert taken.returncode == 1 and "is player A's already" in taken.stderr
    assert [p.email for p in open_campaign(folder).players()] == [ANNA, BORIS, CLARA]
    assert "player A: address ANNA@EXAMPLE.ORG" in gm("players", str(folder), "--email",
                                                      f"A:{ANNA.upper()}")


def test_players_who_share_an_address_guess_each_other_s_password_only_to_the_limit(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """An older campaign where Boris and Clara share Boris's address: Boris's wrong passwords
    for C from it are counted, and past the limit a message for C from it is refused whatever
    its password (the address is C's, so it is answered there); Boris plays on."""
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:00:00+00:00")
    folder = campaign(tmp_path, servers, monkeypatch, extra="answers_per_hour = 0\n")
    opened = open_campaign(folder)
    opened.store.update_player(opened.row, "C", email=BORIS)  # as older versions allowed
    guesses = [mail_orders(servers, BORIS, _message("C", f"guess-{n:02d}")) for n in range(12)]
    right = mail_orders(servers, BORIS, _message("C", PASSWORDS["C"], "STATUS"))
    boris = mail_orders(servers, BORIS, _message("B", PASSWORDS["B"], "# Boris's own"))
    _round(folder)
    answers = _answers(BORIS, servers)
    assert all("the PASSWORD is not player C's" in answers[g] for g in guesses[:10])
    refusal = ("Your message was refused: too many wrong passwords were given for player C in "
               "the last 24 hours: until 2026-11-30 10:00 UTC at the earliest, no message for "
               "him is taken from an address that another player has too, whatever its "
               "password.\nNothing in it counts.\n")
    assert [answers[m] for m in [*guesses[10:], right]] == [refusal] * 3
    assert "Your message was refused" not in answers[boris]
    assert [p for p, _ in _orders(folder)] == ["B"]


# 5. Past the limit: no backscatter, and what is told stays short


def test_a_flood_of_forged_senders_gets_no_answer_and_makes_no_flood_of_text(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past C's limit (1 here), 24 messages for C from 24 forged addresses, 12 of them with
    her right password: none is answered (each answer would go to whoever was forged); Clara
    is told each count, the first ten addresses by name and the rest counted, the first ten
    messages with her password in full and the rest counted; so is the GM."""
    folder = campaign(tmp_path, servers, monkeypatch, extra="wrong_passwords_per_day = 1\n")
    first = mail_orders(servers, MALLORY, _message("C", "guess"))
    forged = [f"f{n:02d}@forged.test" for n in range(24)]
    for n, address in enumerate(forged):
        _forged(servers, FORGER, address, _message("C", PASSWORDS["C"] if n % 2 else "wrong"),
                subject=f"forged {n:02d}")
    _round(folder)
    assert list(_answers(MALLORY, servers)) == [first]
    opened = open_campaign(folder)
    recipients = {row.recipient for row in opened.store.outbox_rows(
        opened.row, ["queued", "sent", "retry", "failed"])}
    assert not any(r.endswith("@forged.test") for r in recipients)  # no backscatter
    alert, = _mails(CLARA, servers, "alert")
    assert "24 message(s) for player C were refused whatever their password" in alert
    refused = alert.split("refused whatever their password")[1].split("\n\n")[0]
    assert refused.count("  1 from f") == 10 and "  14 from 14 more address(es)" in refused
    assert "12 message(s) with your password came from an address other than this one" in alert
    assert alert.count("with your password (subject: forged") == 10
    assert "2 more, not shown here (the GM has them all), from:" in alert
    assert "It was not answered: past the limit on wrong passwords" in alert
    digest = "".join(text_of(m) for m in mailbox(GM_DESK, servers))
    told = next(line for line in digest.splitlines() if "player C told at" in line)
    assert told.endswith("and 15 more") and told.count("@") == 11  # his address and 10
