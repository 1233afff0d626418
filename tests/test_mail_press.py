"""Anonymous press names no writer (issue 24, rulings R81, R82), over the real IMAP and SMTP
servers of tests/mailservers.py: the copies as delivered, every header and the body; when they
go out (with the next reports, whoever wrote them and whenever), in what order, and what
STATUS shows meanwhile; a crash, a rollback, the end of the game, a hosted game; the GM who
plays warned."""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import json
import random
import re
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from pathlib import Path

import pytest
from imapclient import IMAPClient

from gm.app import press
from gm.app.campaign import open_campaign
from gm.messages.compose import anonymous_press_mail
from tests.conftest import gm
from tests.mailhelpers import (
    ENV,
    GM,
    GM_DESK,
    PASSWORDS,
    PLAYERS,
    campaign,
    clear,
    gm_process,
    mail_orders,
    mail_table,
    mailbox,
    orders_text,
    text_of,
)
from tests.mailservers import PASSWORD, MailServers

WRITTEN = dt.datetime(2026, 11, 29, 8, 0, tzinfo=dt.UTC)  # the clock when the writer's mail is in
ADJUDICATED = WRITTEN + dt.timedelta(days=2, hours=3)  # when the GM adjudicates the phase
SUBJECT = "bymail: anonymous press"
# Headers that differ between the copies of one press: the recipient, the copy's own id, and
# what delivery adds.
PER_COPY = re.compile(rb"^(to|message-id|received|return-path|delivered-to)\s*:", re.IGNORECASE)
RANDOM_ID = re.compile(r"^<gm\.bymail\.[0-9a-f]{16}\.press\.[0-9a-f]{32}@gamesmaster\.invalid>$")


class Scripted:
    """Anonymous press's chance, scripted: every moment at `fraction` of its window; the ids
    from a seeded generator, or (`falling`) each smaller than the one before, so that a press
    written later has the smaller ids."""

    def __init__(self, fraction: float, falling: bool = False) -> None:
        self.fraction = fraction
        self.ids = random.Random(24)
        self.falling = falling
        self.next = 2 ** 128

    def random(self) -> float:
        return self.fraction

    def getrandbits(self, k: int, /) -> int:
        if self.falling:
            self.next -= 2 ** 100 + self.ids.getrandbits(64)
            return self.next
        return self.ids.getrandbits(k)


@dataclass(frozen=True)
class Game:
    servers: MailServers
    folder: Path
    monkeypatch: pytest.MonkeyPatch

    def at(self, moment: dt.datetime) -> None:
        self.monkeypatch.setenv("GM_NOW", moment.isoformat())

    def gm(self, *args: str) -> str:
        return gm(args[0], str(self.folder), *args[1:])


def _game(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
          database: str | None = None) -> Game:
    """Campaign bymail (no deadlines: the GM adjudicates) with anonymous press, the GM's
    copies on, the clock at WRITTEN, and a chance whose ids fall as they are drawn."""
    monkeypatch.setenv("GM_NOW", WRITTEN.isoformat())
    monkeypatch.setattr(press, "CHANCE", Scripted(0.5, falling=True))
    folder = campaign(tmp_path, servers, monkeypatch, extra='\n[press]\nmode = "anonymous"\n'
                      'gm_copies = true\n', database=database)  # released with the reports
    return Game(servers, folder, monkeypatch)


@pytest.fixture
def game(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> Game:
    return _game(tmp_path, servers, monkeypatch)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str | None:
    """The campaign's store: its folder's SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return None
    from tests.servers import fresh_database

    return fresh_database(request.getfixturevalue("postgres_url"))


def _raw_mailbox(user: str, servers: MailServers) -> list[bytes]:
    """Each message in `user`'s inbox, byte for byte as delivered, in the order it came."""
    with IMAPClient("127.0.0.1", port=servers.imap_port, ssl=False) as client:
        client.login(user, PASSWORD)
        client.select_folder("INBOX")
        uids = client.search("ALL")
        fetched = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
    return [fetched[u][b"BODY[]"] for u in uids]


def _parsed(raw: bytes) -> email.message.EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, email.message.EmailMessage)
    return message


def _anonymous(letter: str, servers: MailServers) -> list[bytes]:
    """The copies of anonymous press in a player's inbox, as delivered."""
    return [raw for raw in _raw_mailbox(PLAYERS[letter], servers)
            if SUBJECT in str(_parsed(raw)["Subject"])]


def _shared(raw: bytes) -> bytes:
    """A delivered copy without what differs from copy to copy (PER_COPY headers)."""
    head, _, body = raw.replace(b"\r\n", b"\n").partition(b"\n\n")
    kept, keep = [], True
    for line in head.split(b"\n"):
        if line[:1] not in (b" ", b"\t"):
            keep = PER_COPY.match(line) is None
        if keep:
            kept.append(line)
    return b"\n".join(kept) + b"\n\n" + body


def _write(game: Game, letter: str, *lines: str, at: dt.datetime = WRITTEN) -> str:
    """A player's message, fetched, answered and the answer sent at `at`: the answer's text."""
    game.at(at)
    sent = mail_orders(game.servers, PLAYERS[letter], "\n".join(
        ["GAME bymail", f"PLAYER {letter}", f"PASSWORD {PASSWORDS[letter]}", *lines]))
    game.gm("fetch")
    game.gm("send")
    answer, = [m for m in mailbox(PLAYERS[letter], game.servers) if m["In-Reply-To"] == sent]
    return text_of(answer)


def _clear_all(game: Game) -> None:
    for address in (*PLAYERS.values(), GM_DESK):
        clear(address, game.servers)


def _adjudicate(game: Game, at: dt.datetime = ADJUDICATED) -> str:
    """The GM adjudicates the phase by hand at `at` and sends what it queued."""
    game.at(at)
    game.gm("adjudicate")
    return game.gm("send")


def test_anonymous_press_waits_for_the_phase_s_reports_and_goes_with_them(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        database: str | None) -> None:
    """Written early with orders, or late alone, an anonymous press goes out only with the
    reports of the phase's adjudication: dated as they are, and in the order of its random
    Message-IDs, not of its writing (SQLite and PostgreSQL alike)."""
    game = _game(tmp_path, servers, monkeypatch, database)
    _clear_all(game)
    orders = orders_text(game.folder, "A", random.Random(5)).splitlines()[3:]
    answer = _write(game, "A", *orders, "PRESS TO ALL ANONYMOUS", "Anna's men march on Kazan.",
                    "ENDPRESS")
    assert "PRESS TO ALL ANONYMOUS" in answer and "to be sent to A, B, C (all, you " \
        "included), without your name, held until this phase is adjudicated and sent with " \
        "its reports (R82)" in answer
    _write(game, "C", "PRESS TO ALL ANONYMOUS", "Clara stays home.", "ENDPRESS",
           at=WRITTEN + dt.timedelta(hours=30))

    # Round after round, hours and a day after each, none of it goes.
    for hours in (1, 7, 31, 37, 50):
        game.at(WRITTEN + dt.timedelta(hours=hours))
        game.gm("run", "--once")
        assert all(_anonymous(letter, servers) == [] for letter in PLAYERS)
    listing = game.gm("send", "--list")
    assert listing.count(" held ") == 6 and listing.count("(until the next reports)") == 6
    assert "6 held" in gm("status", str(game.folder))
    copies = [m for m in mailbox(GM_DESK, servers) if ".press-copy." in m["Message-ID"]]
    assert len(copies) == 2 and "they go out\nwith the next reports (R82)." in text_of(copies[0])

    # The GM adjudicates: the reports and the press go together.
    _adjudicate(game)
    for letter in PLAYERS:
        delivered = [_parsed(raw) for raw in _raw_mailbox(PLAYERS[letter], servers)]
        report, first, second = delivered[-3:]
        assert ".report.t1p1." in report["Message-ID"]
        assert [m["Subject"] for m in (first, second)] == [SUBJECT, SUBJECT]
        # Dated as the reports are, the moment of the adjudication, whoever wrote it when.
        for copy in (first, second):
            assert parsedate_to_datetime(copy["Date"]) == ADJUDICATED
            assert copy["Date"] == report["Date"]
        # In the order of their Message-IDs, random: here Clara's, written a day later, first.
        assert first["Message-ID"] < second["Message-ID"]
        assert "Clara stays home." in text_of(first)
        assert "Anna's men march on Kazan." in text_of(second)
    assert game.gm("send", "--list").endswith("0 message(s) not sent\n")


def test_anonymous_press_to_all_names_no_writer(game: Game) -> None:
    servers = game.servers
    _clear_all(game)
    game.at(WRITTEN)
    sent = mail_orders(servers, PLAYERS["A"], "\n".join(
        ["GAME bymail", "PLAYER A", f"PASSWORD {PASSWORDS['A']}", "PRESS TO ALL ANONYMOUS",
         "The Whites\u00a0are weak in the south.   ", "ENDPRESS"]))
    game.gm("fetch")
    game.gm("send")

    # The writer's answer is out, and no copy went with it, his own included.
    answer, = [m for m in mailbox(PLAYERS["A"], servers) if m["In-Reply-To"] == sent]
    assert "PRESS TO ALL ANONYMOUS (line 4): to be sent to A, B, C (all, you included), " \
        "without your name, held until this phase is adjudicated" in text_of(answer)
    for letter in PLAYERS:
        assert _anonymous(letter, servers) == []
    inbox_id = re.fullmatch(r"<gm\.bymail\.[0-9a-f]{16}\.ack\.(\d+)@gamesmaster\.invalid>",
                            answer["Message-ID"])
    assert inbox_id is not None
    # The GM's copy names the writer, at once, and says when the players' go.
    copy, = [m for m in mailbox(GM_DESK, servers) if ".press-copy." in m["Message-ID"]]
    assert "from player A (A) to A, B, C (sent anonymously)" in text_of(copy)
    _adjudicate(game)
    copies = {letter: _anonymous(letter, servers) for letter in PLAYERS}
    assert all(len(found) == 1 for found in copies.values())  # the writer's too

    # Every copy the same, but for its To line and its own Message-ID: the writer's copy
    # cannot be told from the others.
    shared = {_shared(found[0]) for found in copies.values()}
    assert len(shared) == 1
    delivered = {letter: _parsed(found[0]) for letter, found in copies.items()}
    ids = [m["Message-ID"] for m in delivered.values()]
    assert len(set(ids)) == 3 and all(RANDOM_ID.match(i) for i in ids)
    assert all(f".{inbox_id.group(1)}." not in i for i in ids)  # not the writer's message
    for letter, message in delivered.items():
        assert message["To"] == PLAYERS[letter] and message["From"] == GM
        assert message["Subject"] == SUBJECT
        for header in ("References", "In-Reply-To", "Thread-Topic", "Thread-Index", "Cc",
                       "Reply-To", "Sender"):
            assert message[header] is None, header
        # Its Date is the adjudication's, not the writer's answer's.
        assert parsedate_to_datetime(message["Date"]) == ADJUDICATED
        for name in ("anna", "player A", "A (A)", "B, C", "line 4"):
            assert name not in text_of(message), name
    raw = next(iter(shared))
    for mark in (b"anna", b"player A", b"from A", b"A (A)", b"A, B, C", b"B, C",
                 str(answer["Message-ID"])[1:-1].encode()):
        assert mark not in raw, mark
    text = text_of(delivered["B"])
    assert text.startswith("Anonymous press in game bymail, to every player in the game:\n\n"
                           "The Whites are weak in the south.\n\n--\n")


def test_anonymous_press_to_some_says_nothing_of_the_others(game: Game) -> None:
    servers = game.servers
    _clear_all(game)
    text = _write(game, "A", "PRESS TO C A ANONYMOUS", "Boris plans to purge you.", "ENDPRESS",
                  "PRESS TO A ANONYMOUS", "a note to myself", "ENDPRESS")
    assert "PRESS TO C A ANONYMOUS (line 4): to be sent to C, A, without your name" in text
    assert "You get a copy like the others'." in text
    assert "PRESS TO A ANONYMOUS (line 7): no other player named in this game; nothing was " \
        "sent" in text
    _adjudicate(game)
    copies = {letter: _anonymous(letter, servers) for letter in PLAYERS}
    assert copies["B"] == [] and len(copies["A"]) == len(copies["C"]) == 1
    assert _shared(copies["A"][0]) == _shared(copies["C"][0])
    body = text_of(_parsed(copies["C"][0]))
    assert body.startswith("Anonymous press in game bymail:\n\nBoris plans to purge you.\n")
    assert "or who else has it" in body and "A, C" not in body and "C, A" not in body


def test_a_press_only_message_changes_nothing_status_shows(game: Game) -> None:
    """STATUS says who has sent orders for the phase, and a message of press alone is not
    orders: what any player's STATUS says is the same before and after one, signed or not,
    and the writer's own STATUS in it says the same as well."""
    orders = orders_text(game.folder, "C", random.Random(6)).splitlines()[3:]
    _write(game, "C", *orders)
    before = _write(game, "B", "STATUS", at=WRITTEN + dt.timedelta(hours=1))
    assert "Orders in from: C (C).\nNot yet from: A (A), B (B)." in before
    mine = _write(game, "A", "PRESS TO ALL ANONYMOUS", "Boris is lying.", "ENDPRESS",
                  "PRESS TO B", "Boris, I trust you.", "ENDPRESS", "STATUS",
                  at=WRITTEN + dt.timedelta(hours=2))
    assert before.strip() in mine
    after = _write(game, "B", "STATUS", at=WRITTEN + dt.timedelta(hours=3))
    assert after == before
    opened = open_campaign(game.folder)
    state = opened.latest().state
    assert [r.player for r in opened.store.orders_for(opened.row, state.turn, state.phase)] \
        == ["C"]


def test_a_copy_sent_again_after_a_crash_is_the_same_message(game: Game) -> None:
    """The copies' random Message-IDs are drawn once, when they are queued, and their Date
    once, when they are released: a crash between the server's acceptance and the outbox's
    mark sends one again, the same."""
    servers = game.servers
    _clear_all(game)
    _write(game, "A", "PRESS TO ALL ANONYMOUS", "Someone is watching you.", "ENDPRESS")
    game.at(ADJUDICATED)
    game.gm("adjudicate")
    opened = open_campaign(game.folder)
    for row in opened.store.outbox_rows(opened.row, ["queued"]):
        if row.kind != "press":  # the reports went out before: the crash is on a copy
            opened.store.mark_sent(row, ADJUDICATED)
    crashed = gm_process("send", str(game.folder), crash_at="after-send")
    assert crashed.returncode != 0
    game.at(ADJUDICATED + dt.timedelta(minutes=5))
    assert gm_process("send", str(game.folder)).returncode == 0
    copies = {letter: _anonymous(letter, servers) for letter in PLAYERS}
    assert sorted(len(found) for found in copies.values()) == [1, 1, 2]
    twice, = (found for found in copies.values() if len(found) == 2)
    assert twice[0].split(b"\n\n", 1)[0].count(b"Message-ID") == 1
    assert _shared(twice[0]) == _shared(twice[1])
    first, again = (mailbox_id(raw) for raw in twice)
    assert first == again and RANDOM_ID.match(first)


def mailbox_id(raw: bytes) -> str:
    found = re.search(rb"^Message-ID: (\S+)", raw, re.MULTILINE | re.IGNORECASE)
    assert found is not None
    return found.group(1).decode()


def test_a_crash_at_the_adjudication_releases_the_press_once(game: Game) -> None:
    """The held copies are in the store; they are released in the adjudication's own
    transaction: a crash before it releases none (they stay held, and go with the adjudication
    done again), a crash after it has released them all, and each goes once."""
    servers = game.servers
    _clear_all(game)
    _write(game, "A", "PRESS TO ALL ANONYMOUS", "Hold fast.", "ENDPRESS")
    game.at(ADJUDICATED)
    assert gm_process("adjudicate", str(game.folder),
                      crash_at="before-adjudicate-store").returncode != 0
    assert game.gm("send", "--list").count(" held ") == 3
    assert "0 message(s) sent" in game.gm("send")
    assert gm_process("adjudicate", str(game.folder), crash_at="after-adjudicate").returncode \
        != 0
    listing = game.gm("send", "--list")
    assert " held " not in listing and listing.count(" queued  press ") == 3
    game.gm("send")
    game.gm("send")
    assert all(len(_anonymous(letter, servers)) == 1 for letter in PLAYERS)


def test_held_press_of_a_rolled_back_phase_goes_once(game: Game) -> None:
    """A press goes with the first reports after it: released once, it is never sent again,
    however often the GM rolls back and adjudicates; one held when he rolls back goes with the
    adjudication that follows."""
    servers = game.servers
    _clear_all(game)
    _write(game, "A", "PRESS TO ALL ANONYMOUS", "First phase.", "ENDPRESS")
    _adjudicate(game)
    _write(game, "B", "PRESS TO ALL ANONYMOUS", "Second phase.", "ENDPRESS",
           at=ADJUDICATED + dt.timedelta(hours=1))
    game.at(ADJUDICATED + dt.timedelta(hours=2))
    game.gm("rollback", "--to", "1.1", "--reason", "a ruling")
    assert game.gm("send", "--list").count(" held ") == 3
    _adjudicate(game, ADJUDICATED + dt.timedelta(days=1))
    _adjudicate(game, ADJUDICATED + dt.timedelta(days=2))
    for letter in PLAYERS:
        texts = [text_of(_parsed(raw)) for raw in _anonymous(letter, servers)]
        assert len(texts) == 2
        assert "First phase." in texts[0] and "Second phase." in texts[1]


def test_no_anonymous_press_once_the_game_is_over(game: Game) -> None:
    """The last reports carry what is held; after them there are none, so anonymous press is
    refused (signed press still goes)."""
    _end_by_ruling(game, WRITTEN)
    text = _write(game, "B", "PRESS TO ALL ANONYMOUS", "Well played.", "ENDPRESS",
                  "PRESS TO A", "Well played, Anna.", "ENDPRESS")
    assert "PRESS TO ALL ANONYMOUS (line 4): the game is over: anonymous press goes out with " \
        "the next reports, and there are none; nothing was sent" in text
    assert "PRESS TO A (line 7): sent to A, signed" in text
    assert " held " not in game.gm("send", "--list")


def _end_by_ruling(game: Game, at: dt.datetime) -> None:
    """The GM ends the game by a ruling (`gm override`: a concession, a victory he awards)."""
    game.at(at)
    state = json.loads(game.gm("show", "--json"))
    state.update(stage="ended", victory="red")
    path = game.folder.parent / "ended.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    game.gm("override", "--reason", "a concession", "--state", str(path))


def test_held_press_goes_when_the_gm_ends_the_game_by_a_ruling(game: Game) -> None:
    """A ruling that ends the game (`gm override`) leaves no next reports to go with: the press
    held goes with the ruling instead, in its transaction, dated then, each copy once."""
    servers = game.servers
    _clear_all(game)
    _write(game, "A", "PRESS TO ALL ANONYMOUS", "Farewell, comrades.", "ENDPRESS")
    _write(game, "B", "PRESS TO C ANONYMOUS", "It was me.", "ENDPRESS",
           at=WRITTEN + dt.timedelta(hours=5))
    assert game.gm("send", "--list").count(" held ") == 4
    _end_by_ruling(game, ADJUDICATED)
    listing = game.gm("send", "--list")
    assert " held " not in listing and listing.count(" queued  press ") == 4
    game.gm("send")
    game.at(ADJUDICATED + dt.timedelta(days=1))
    game.gm("send")
    copies = {letter: [_parsed(raw) for raw in _anonymous(letter, servers)]
              for letter in PLAYERS}
    assert {letter: len(found) for letter, found in copies.items()} == {"A": 1, "B": 1, "C": 2}
    for found in copies.values():
        assert all(parsedate_to_datetime(m["Date"]) == ADJUDICATED for m in found)
    assert "It was me." in "".join(text_of(m) for m in copies["C"])
    assert game.gm("send", "--list").endswith("0 message(s) not sent\n")


def test_held_mail_waits_for_a_round_after_the_one_that_queued_it(game: Game) -> None:
    """A message held until a moment goes out only in a round begun after it was queued, and
    after that moment; one held without a moment is never due: only its release queues it."""
    opened = open_campaign(game.folder)
    moment = WRITTEN
    mail = anonymous_press_mail(opened.row, GM, PLAYERS["B"], "0" * 32, SUBJECT, "psst\n", moment)
    assert opened.store.queue(opened.row, mail, moment)
    later = moment + dt.timedelta(hours=1)
    assert opened.store.due(opened.row, later, began=moment) == []  # the round that queued it
    assert opened.store.due(opened.row, moment - dt.timedelta(seconds=1), began=later) == []
    due, = opened.store.due(opened.row, later, began=moment + dt.timedelta(seconds=1))
    assert due.message_id == mail.message_id and due.status == "held"
    waiting = anonymous_press_mail(opened.row, GM, PLAYERS["C"], "1" * 32, SUBJECT, "psst\n",
                                   None)
    assert opened.store.queue(opened.row, waiting, moment)
    far = moment + dt.timedelta(days=3650)
    assert [r.message_id for r in opened.store.due(opened.row, far, far)] == [mail.message_id]


def test_a_moment_drawn_in_the_phase_is_the_gm_s_other_choice(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """`anonymous_release = "random in the phase"`: one moment drawn in the phase's window
    (from its opening to its deadline), whoever writes and whenever; a press written before
    it goes then, dated then; one written after it, with the reports."""
    monkeypatch.setenv("GM_NOW", WRITTEN.isoformat())
    monkeypatch.setattr(press, "CHANCE", Scripted(0.5))
    folder = campaign(tmp_path, servers, monkeypatch, extra=(
        '\n[press]\nmode = "anonymous"\ngm_copies = true\n'
        'anonymous_release = "random in the phase"\n'
        '[schedule]\ndays_per_phase = 3\nhour = 18\ntimezone = "UTC"\n'))
    game = Game(servers, folder, monkeypatch)
    # The phase opened at WRITTEN (08:00 on the 29th) and is due at 18:00 on 2 December:
    # the middle of it is 01:00 on 1 December.
    drawn = dt.datetime(2026, 12, 1, 1, 0, tzinfo=dt.UTC)
    deadline = dt.datetime(2026, 12, 2, 18, 0, tzinfo=dt.UTC)
    _clear_all(game)
    answer = _write(game, "A", "PRESS TO ALL ANONYMOUS", "Early.", "ENDPRESS",
                    at=WRITTEN + dt.timedelta(hours=1))
    assert "held until a moment drawn at random in this phase, or until its reports if " \
        "that moment has passed (R82)" in answer
    _write(game, "C", "PRESS TO ALL ANONYMOUS", "Later, but before it.", "ENDPRESS",
           at=drawn - dt.timedelta(hours=2))
    copy = next(m for m in mailbox(GM_DESK, servers) if ".press-copy." in m["Message-ID"])
    assert "go out\nat 2026-12-01 01:00 UTC, or with the next reports if sooner" in \
        text_of(copy)
    game.at(drawn - dt.timedelta(minutes=1))
    game.gm("run", "--once")
    assert all(_anonymous(letter, servers) == [] for letter in PLAYERS)
    game.at(drawn + dt.timedelta(minutes=4))
    game.gm("run", "--once")
    for letter in PLAYERS:
        found = [_parsed(raw) for raw in _anonymous(letter, servers)]
        assert len(found) == 2 and all(parsedate_to_datetime(m["Date"]) == drawn
                                       for m in found)
    _write(game, "B", "PRESS TO ALL ANONYMOUS", "After it.", "ENDPRESS",
           at=drawn + dt.timedelta(hours=1))
    assert game.gm("send", "--list").count("(until the next reports)") == 3
    game.at(deadline)
    assert "adjudicated" in game.gm("run", "--once")
    for letter in PLAYERS:
        found = [_parsed(raw) for raw in _anonymous(letter, servers)]
        assert len(found) == 3 and parsedate_to_datetime(found[2]["Date"]) == deadline
        assert "After it." in text_of(found[2])


def test_a_hosted_game_holds_anonymous_press_to_its_reports(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """One judge for many games (`gm run HOST --all`): the rounds before the deadline send no
    copy; the round that adjudicates at the deadline sends them with the reports."""
    monkeypatch.setenv(ENV, PASSWORD)
    monkeypatch.setenv("GM_NOW", WRITTEN.isoformat())
    monkeypatch.setattr(press, "CHANCE", Scripted(0.0))
    host = tmp_path / "judge"
    gm("host", str(host))
    (host / "host.toml").write_text(mail_table(servers, tmp_path.name, copies=False),
                                    encoding="utf-8")
    folder = host / "bymail"
    gm("new", str(folder), *[arg for letter, address in PLAYERS.items()
                             for arg in ("-p", f"{letter}:{letter}:{address}:"
                                         f"{PASSWORDS[letter]}")])
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[press]\nmode = "anonymous"\n[schedule]\ndays_per_phase = 3\n'
                     'hour = 18\ntimezone = "UTC"\n')
    gm("end-trading", str(folder))
    gm("start", str(folder))
    gm("send", str(folder))
    for user in servers.users():
        clear(user, servers)
    sent = mail_orders(servers, PLAYERS["B"], "\n".join(
        ["GAME bymail", "PLAYER B", f"PASSWORD {PASSWORDS['B']}", "PRESS TO ALL ANONYMOUS",
         "Trust nobody.", "ENDPRESS"]))
    gm("run", str(host), "--all", "--once")
    assert [m for m in mailbox(PLAYERS["B"], servers) if m["In-Reply-To"] == sent]
    deadline = dt.datetime(2026, 12, 2, 18, 0, tzinfo=dt.UTC)
    for moment in (WRITTEN + dt.timedelta(minutes=1), deadline - dt.timedelta(minutes=1)):
        monkeypatch.setenv("GM_NOW", moment.isoformat())
        gm("run", str(host), "--all", "--once")
        assert all(_anonymous(letter, servers) == [] for letter in PLAYERS)
    monkeypatch.setenv("GM_NOW", deadline.isoformat())
    assert "adjudicated" in gm("run", str(host), "--all", "--once")
    copies = [_anonymous(letter, servers) for letter in PLAYERS]
    assert [len(found) for found in copies] == [1, 1, 1]
    assert len({_shared(found[0]) for found in copies}) == 1
    for letter in PLAYERS:
        report, copy = [_parsed(raw) for raw in _raw_mailbox(PLAYERS[letter], servers)][-2:]
        assert ".report.t1p1." in report["Message-ID"] and copy["Subject"] == SUBJECT
        assert parsedate_to_datetime(copy["Date"]) == deadline == parsedate_to_datetime(
            report["Date"])


def test_a_gm_who_plays_is_warned_that_his_copies_name_the_writers(game: Game) -> None:
    """With anonymous press and gm_copies, the GM's copies name every writer: sent to a
    player's address (his gm_copy_to, or gm_address without one), they tell that player."""
    config = game.folder / "campaign.toml"
    assert "WARNING" not in gm("status", str(game.folder))
    config.write_text(config.read_text(encoding="utf-8").replace(GM_DESK, PLAYERS["C"]),
                      encoding="utf-8")
    status = gm("status", str(game.folder))
    assert "for the GM: WARNING: anonymous press is not anonymous to player C (C): the GM's " \
        "copies of press name their writers ([press] gm_copies = true) and go to " \
        f"{PLAYERS['C']}, his address ([mail] gm_copy_to)" in status
    assert "WARNING: anonymous press is not anonymous to player C" in game.gm("players")
    config.write_text(config.read_text(encoding="utf-8").replace(
        "gm_copies = true", "gm_copies = false"), encoding="utf-8")
    assert "WARNING" not in gm("status", str(game.folder))
    assert "WARNING" not in game.gm("players")
