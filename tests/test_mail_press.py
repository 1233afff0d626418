"""Anonymous press names no writer (issue 24, rulings R81, R82), over the real IMAP and SMTP
servers of tests/mailservers.py: the copies as delivered, every header and the body, and when
they go out against the writer's answer."""

from __future__ import annotations

import datetime as dt
import email
import email.policy
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
    text_of,
)
from tests.mailservers import PASSWORD, MailServers

WRITTEN = dt.datetime(2026, 11, 29, 8, 0, tzinfo=dt.UTC)  # the clock when the writer's mail is in
SUBJECT = "bymail: anonymous press"
# Headers that differ between the copies of one press: the recipient, the copy's own id, and
# what delivery adds.
PER_COPY = re.compile(rb"^(to|message-id|received|return-path|delivered-to)\s*:", re.IGNORECASE)
RANDOM_ID = re.compile(r"^<gm\.bymail\.press\.[0-9a-f]{32}@gamesmaster\.invalid>$")


class Scripted:
    """Anonymous press's chance, scripted: every moment at `fraction` of the window, the ids
    from a seeded generator."""

    def __init__(self, fraction: float) -> None:
        self.fraction = fraction
        self.ids = random.Random(24)

    def random(self) -> float:
        return self.fraction

    def getrandbits(self, k: int, /) -> int:
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


@pytest.fixture
def game(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> Game:
    """Campaign bymail with anonymous press held up to 6 hours, the GM's copies on, the clock
    at WRITTEN, and a chance that draws the middle of the window (08:00 + 1 minute + half of
    5 h 59 min: 11:00:30)."""
    monkeypatch.setenv("GM_NOW", WRITTEN.isoformat())
    monkeypatch.setattr(press, "CHANCE", Scripted(0.5))
    folder = campaign(tmp_path, servers, monkeypatch, extra='\n[press]\nmode = "anonymous"\n'
                      'gm_copies = true\n')  # anonymous_delay_hours: 6 by default
    return Game(servers, folder, monkeypatch)


def _raw_mailbox(user: str, servers: MailServers) -> list[bytes]:
    """Each message in `user`'s inbox, byte for byte as delivered."""
    with IMAPClient("127.0.0.1", port=servers.imap_port, ssl=False) as client:
        client.login(user, PASSWORD)
        client.select_folder("INBOX")
        uids = client.search("ALL")
        fetched = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
    return [fetched[u][b"BODY[]"] for u in uids]


def _anonymous(letter: str, servers: MailServers) -> list[bytes]:
    """The copies of anonymous press in a player's inbox, as delivered."""
    return [raw for raw in _raw_mailbox(PLAYERS[letter], servers)
            if SUBJECT in str(email.message_from_bytes(raw, policy=email.policy.default)
                              ["Subject"])]


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


def _write(game: Game, *lines: str) -> str:
    """Anna's message, fetched and answered at WRITTEN: its Message-ID."""
    for address in (*PLAYERS.values(), GM_DESK):
        clear(address, game.servers)
    game.at(WRITTEN)
    sent = mail_orders(game.servers, PLAYERS["A"], "\n".join(
        ["GAME bymail", "PLAYER A", f"PASSWORD {PASSWORDS['A']}", *lines]))
    game.gm("fetch")
    game.gm("send")
    return sent


def test_anonymous_press_to_all_names_no_writer(game: Game) -> None:
    servers = game.servers
    sent = _write(game, "PRESS TO ALL ANONYMOUS",
                  "The Whites\u00a0are weak in the south.   ", "ENDPRESS")

    # The writer's answer is out, and no copy went with it, his own included.
    answer, = [m for m in mailbox(PLAYERS["A"], servers) if m["In-Reply-To"] == sent]
    assert "PRESS TO ALL ANONYMOUS (line 4): to be sent to A, B, C (all, you included), " \
        "without your name, held until a moment drawn at random within 6 hours (R82)" \
        in text_of(answer)
    for letter in PLAYERS:
        assert _anonymous(letter, servers) == []
    inbox_id = re.fullmatch(r"<gm\.bymail\.ack\.(\d+)@gamesmaster\.invalid>",
                            answer["Message-ID"])
    assert inbox_id is not None
    # The GM's copy names the writer, at once, and says when the players' go.
    copy, = [m for m in mailbox(GM_DESK, servers) if ".press-copy." in m["Message-ID"]]
    assert "from player A (A) to A, B, C (sent anonymously)" in text_of(copy)
    assert "held until\n2026-11-29 11:00 UTC (R82)" in text_of(copy)
    listing = game.gm("send", "--list")
    assert listing.count(" held ") == 3 and "(until 2026-11-29 11:00 UTC)" in listing
    assert "3 held" in gm("status", str(game.folder))

    # Rounds before the moment send none of it; the first after it sends every copy.
    game.at(dt.datetime(2026, 11, 29, 11, 0, tzinfo=dt.UTC))
    game.gm("run", "--once")
    assert all(_anonymous(letter, servers) == [] for letter in PLAYERS)
    game.at(dt.datetime(2026, 11, 29, 11, 5, tzinfo=dt.UTC))
    assert "3 sent" in game.gm("run", "--once")
    copies = {letter: _anonymous(letter, servers) for letter in PLAYERS}
    assert all(len(found) == 1 for found in copies.values())  # the writer's too

    # Every copy the same, but for its To line and its own Message-ID: the writer's copy
    # cannot be told from the others, nor any copy from the order it went in.
    shared = {_shared(found[0]) for found in copies.values()}
    assert len(shared) == 1
    delivered = {letter: mailbox(PLAYERS[letter], servers)[-1] for letter in PLAYERS}
    ids = [m["Message-ID"] for m in delivered.values()]
    assert len(set(ids)) == 3 and all(RANDOM_ID.match(i) for i in ids)
    assert all(f".{inbox_id.group(1)}." not in i for i in ids)  # not the writer's message
    for letter, message in delivered.items():
        assert message["To"] == PLAYERS[letter] and message["From"] == GM
        assert message["Subject"] == SUBJECT
        for header in ("References", "In-Reply-To", "Thread-Topic", "Thread-Index", "Cc",
                       "Reply-To", "Sender"):
            assert message[header] is None, header
        # Its Date is the moment drawn, not the writer's answer's.
        date = parsedate_to_datetime(message["Date"])
        assert date == dt.datetime(2026, 11, 29, 11, 0, 30, tzinfo=dt.UTC)
        assert date != parsedate_to_datetime(answer["Date"])
        for name in ("anna", "player A", "A (A)", "B, C", "line 4"):
            assert name not in text_of(message), name
    raw = next(iter(shared))
    for mark in (b"anna", b"player A", b"from A", b"A (A)", b"A, B, C", b"B, C",
                 f"gm.bymail.ack.{inbox_id.group(1)}".encode()):
        assert mark not in raw, mark
    for letter in "BC":
        assert b"anna" not in copies[letter][0].lower()
    text = text_of(delivered["B"])
    assert text.startswith("Anonymous press in game bymail, to every player in the game:\n\n"
                           "The Whites are weak in the south.\n\n--\n")


def test_anonymous_press_to_some_says_nothing_of_the_others(game: Game) -> None:
    servers = game.servers
    sent = _write(game, "PRESS TO C A ANONYMOUS", "Boris plans to purge you.", "ENDPRESS",
                  "PRESS TO A ANONYMOUS", "a note to myself", "ENDPRESS")
    answer, = [m for m in mailbox(PLAYERS["A"], servers) if m["In-Reply-To"] == sent]
    text = text_of(answer)
    assert "PRESS TO C A ANONYMOUS (line 4): to be sent to C, A, without your name" in text
    assert "You get a copy like the others'." in text
    assert "PRESS TO A ANONYMOUS (line 7): no other player named in this game; nothing was " \
        "sent" in text
    listing = game.gm("send", "--list")  # held, in letter order, not as written
    assert listing.index(PLAYERS["A"]) < listing.index(PLAYERS["C"])
    game.at(WRITTEN + dt.timedelta(hours=6, minutes=1))
    game.gm("send")
    copies = {letter: _anonymous(letter, servers) for letter in PLAYERS}
    assert copies["B"] == [] and len(copies["A"]) == len(copies["C"]) == 1
    assert _shared(copies["A"][0]) == _shared(copies["C"][0])
    body = text_of(mailbox(PLAYERS["C"], servers)[-1])
    assert body.startswith("Anonymous press in game bymail:\n\nBoris plans to purge you.\n")
    assert "or who else has it" in body and "A, C" not in body and "C, A" not in body


def test_a_copy_sent_again_after_a_crash_is_the_same_message(game: Game) -> None:
    """The copies' random Message-IDs and their Date are drawn once, when they are queued: a
    crash between the server's acceptance and the outbox's mark sends one again, the same."""
    servers = game.servers
    _write(game, "PRESS TO ALL ANONYMOUS", "Someone is watching you.", "ENDPRESS")
    game.at(WRITTEN + dt.timedelta(hours=7))
    crashed = gm_process("send", str(game.folder), crash_at="after-send")
    assert crashed.returncode != 0
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


def test_held_mail_waits_for_a_round_after_the_one_that_queued_it(game: Game) -> None:
    """However short the hold, a held message goes out only in a round begun after it was
    queued: never in the burst that carries the writer's answer."""
    opened = open_campaign(game.folder)
    moment = WRITTEN
    mail = anonymous_press_mail("bymail", GM, PLAYERS["B"], "0" * 32, SUBJECT, "psst\n", moment)
    assert opened.store.queue(opened.row, mail, moment)
    later = moment + dt.timedelta(hours=1)
    assert opened.store.due(opened.row, later, began=moment) == []  # the round that queued it
    assert opened.store.due(opened.row, moment - dt.timedelta(seconds=1), began=later) == []
    due, = opened.store.due(opened.row, later, began=moment + dt.timedelta(seconds=1))
    assert due.message_id == mail.message_id and due.status == "held"


def test_a_hosted_game_holds_anonymous_press_to_a_later_round(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """One judge for many games (`gm run HOST --all`): the round that answers the writer sends
    no copy; the first round after the moment drawn (here the earliest, a minute on) sends
    them all."""
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
        config.write('\n[press]\nmode = "anonymous"\n')
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
    assert all(_anonymous(letter, servers) == [] for letter in PLAYERS)
    monkeypatch.setenv("GM_NOW", (WRITTEN + dt.timedelta(minutes=1)).isoformat())
    gm("run", str(host), "--all", "--once")
    copies = [_anonymous(letter, servers) for letter in PLAYERS]
    assert [len(found) for found in copies] == [1, 1, 1]
    assert len({_shared(found[0]) for found in copies}) == 1
    date = parsedate_to_datetime(mailbox(PLAYERS["B"], servers)[-1]["Date"])
    assert date == WRITTEN + dt.timedelta(minutes=1)
