"""No two campaigns' Message-IDs alike (issue 24). In one database: the outbox keeps one
message of an id in the whole database, so in a PostgreSQL database shared by a host's
campaigns, "war game" and "war-game" once made the same report ids, and the second campaign's
reports were silently never queued; a message whose id is another campaign's is refused, never
dropped. In two databases (the second review of issue 24): two campaigns of one name, two GMs'
`rcw1` or a new season under an old name, made the same ids, and a mailbox that has a message
of an id (Gmail) hides another of that id; every id now carries the campaign's mail tag, drawn
at random once for it, and stays the same for a message sent again after a crash."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.app.upgrade import bring_up_to_date
from gm.core.errors import GameError
from gm.messages.compose import Ids, message_id, notice_mail
from gm.store import PlayerRow, Store
from gm.store.mail import Handling, NewMessage
from gm.store.schema import SCHEMA_VERSION
from tests.conftest import gm
from tests.mailhelpers import (
    GM_DESK,
    PASSWORDS,
    PLAYERS,
    campaign,
    gm_process,
    mail_orders,
    mailbox,
)
from tests.mailservers import MailServers
from tests.servers import fresh_database

NOW = dt.datetime(1918, 3, 3, tzinfo=dt.UTC)
NAMES = ["war game", "war-game", "war_game", "war.game", "war/game", "war  game", "wargame",
         "war-game+0", "rcw.1", "rcw-1", "rcw 1", "Война", "война", "war\u00a0game"]
TAG = "0123456789abcdef"


def test_no_two_names_nor_two_tags_share_an_id() -> None:
    """The name, readable, parts the campaigns of one database (the same tag drawn twice would
    not join them); the tag parts those of one name (in two databases)."""
    assert message_id(Ids("war-game", TAG), "report", "t1p1.A") == \
        f"<gm.war-game.{TAG}.report.t1p1.A@gamesmaster.invalid>"
    keys = [("report", "t1p1.A"), ("gm-report", "t1p1"), ("ack", "17"), ("report", "start.B"),
            ("press", "game.report.t1p1.A"), ("digest", "1")]
    made: dict[str, tuple[str, str, str, str]] = {}
    for name in [*NAMES, "war", "war.report", "war.game.report"]:
        for tag in (TAG, "fedcba9876543210"):
            for kind, key in keys:
                made.setdefault(message_id(Ids(name, tag), kind, key), (name, tag, kind, key))
    assert len(made) == (len(NAMES) + 3) * 2 * len(keys)
    squashed = message_id(Ids("war game", TAG), "report", "t1p1.A")
    assert squashed.startswith("<gm.war-game+") and squashed.endswith(
        f".{TAG}.report.t1p1.A@gamesmaster.invalid>")  # still readable
    assert squashed == message_id(Ids("war game", TAG), "report", "t1p1.A")  # stable
    for tag in ("", "short", "0123.456789abcdef", "0123456789ABCDEF"):
        with pytest.raises(ValueError, match="not a mail tag"):
            message_id(Ids("bymail", tag), "ack", "1")


def _campaign(folder: Path, url: str) -> None:
    gm("new", str(folder), "--seed", folder.name, "--database", url, *[
        arg for letter, address in PLAYERS.items()
        for arg in ("-p", f"{letter}:{letter}:{address}:{PASSWORDS[letter]}")])
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[mail]\ngm_address = "gm@example.org"\n')


def test_two_campaigns_whose_names_squash_alike_both_get_their_reports(
        tmp_path: Path, postgres_url: str) -> None:
    """In one PostgreSQL database, "war game" and "war-game" each queue their pre-game
    reports: every player's and the GM's copy, none taken for the other campaign's."""
    url = fresh_database(postgres_url)
    folders = [tmp_path / "war game", tmp_path / "war-game"]
    ids: dict[str, set[str]] = {}
    for folder in folders:
        _campaign(folder, url)
        said = gm("report", str(folder), "--mail")
        assert said.startswith(f"{len(PLAYERS)} report(s) queued, and the GM's copy"), said
        opened = open_campaign(folder)
        ids[folder.name] = {row.message_id for row in opened.store.outbox_rows(
            opened.row, ("queued",))}
        assert len(ids[folder.name]) == len(PLAYERS) + 1
    assert not ids["war game"] & ids["war-game"]
    assert all(i.startswith("<gm.war-game.") for i in ids["war-game"])  # its name, readable


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    url = (f"sqlite:///{tmp_path / 'c.sqlite'}" if request.param == "sqlite"
           else fresh_database(request.getfixturevalue("postgres_url")))
    made = Store(url)
    made.create_schema()
    request.addfinalizer(made.close)
    return made


def test_a_message_whose_id_is_another_campaigns_is_refused_not_dropped(store: Store) -> None:
    first, second = (store.create_campaign(name, "rcw", "seed", None,
                                           [PlayerRow("A", "Anna", "a@x.org", "h")], NOW)
                     for name in ("one", "two"))
    mail = notice_mail(first, "gm@example.org", "a@x.org", "reminder", "t1p1.A", "Orders?",
                       "Your orders, please.", NOW)
    assert store.queue(first, mail, NOW)
    assert not store.queue(first, mail, NOW)  # the same message again: queued once
    with pytest.raises(GameError, match=r"is campaign one's already"):
        store.queue(second, mail, NOW)
    [inbox_id] = store.store_messages(second, [NewMessage(
        "hash", b"GAME two\r\n", 10, "<m@x.org>", "a@x.org", "s", "a@x.org", None)], NOW)
    assert inbox_id is not None
    with pytest.raises(GameError, match=r"is campaign one's already"):
        store.handle(second, [Handling(inbox_id, "answered", mail=[mail])], NOW)
    assert [m.id for m in store.unanswered(second)] == [inbox_id]  # nothing of it kept
    assert store.outbox_rows(second, ("queued",)) == []
    assert [r.message_id for r in store.outbox_rows(first, ("queued",))] == [mail.message_id]


def _ids(folder: Path) -> set[str]:
    opened = open_campaign(folder)
    return {row.message_id for row in opened.store.outbox_rows(opened.row, (
        "queued", "held", "retry", "failed", "sent"))}


def test_two_campaigns_of_one_name_send_no_message_id_in_common(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        postgres_url: str) -> None:
    """Three campaigns named bymail in three folders (two GMs, a new season), two on SQLite
    and one on PostgreSQL, with the same seed and the same players: each answers a message and
    sends its phase's reports, and no id of one is another's. Every message of the three is in
    the players' mailboxes, each with an id of its own; a message sent again after a crash
    has its id still, and a message made again by another command (reports queued twice) is
    the same message, queued once."""
    monkeypatch.setenv("GM_NOW", "2026-11-29T10:00:00+00:00")
    seasons = {name: campaign(tmp_path / name, servers, monkeypatch, database=database)
               for name, database in (("one", None), ("two", fresh_database(postgres_url)),
                                      ("three", None))}
    clara = PLAYERS["C"]
    for name, folder in seasons.items():
        asked = mail_orders(servers, clara, "\n".join(
            ["GAME bymail", "PLAYER C", f"PASSWORD {PASSWORDS['C']}", "STATUS"]))
        gm("fetch", str(folder))
        if name == "one":  # the answer accepted by the server, then a crash before its mark
            assert gm_process("send", str(folder), crash_at="after-send").returncode != 0
        gm("send", str(folder))
        answers = [m for m in mailbox(clara, servers) if m["In-Reply-To"] == asked]
        assert len(answers) == (2 if name == "one" else 1)
        assert len({str(m["Message-ID"]) for m in answers}) == 1  # sent again: the same id
        gm("adjudicate", str(folder))
        gm("send", str(folder))
        for queued in (len(PLAYERS), 0):  # the second time, the same messages: none queued
            assert gm("report", str(folder), "--mail").startswith(f"{queued} report(s) queued")
    ids = {name: _ids(folder) for name, folder in seasons.items()}
    assert len({len(found) for found in ids.values()}) == 1  # the same messages, each
    assert not ids["one"] & ids["two"] and not ids["one"] & ids["three"] and \
        not ids["two"] & ids["three"]
    tags = {open_campaign(folder).row.mail_tag for folder in seasons.values()}
    assert len(tags) == 3
    for address in (*PLAYERS.values(), GM_DESK):
        delivered = [str(m["Message-ID"]) for m in mailbox(address, servers)]
        unique = set(delivered)
        assert len(delivered) == len(unique) + (address == clara)  # the crash's one again
        assert len(unique) == (3 * 2 if address == clara else 3)  # every season's


def _without_tags(url: str) -> None:
    """The database as version 4 made it: no mail tag."""
    if url.startswith("sqlite"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as connection:
            connection.execute("ALTER TABLE campaigns DROP COLUMN mail_tag")
            connection.execute("UPDATE schema_info SET value = '4' WHERE \"key\" = 'version'")
        return
    import psycopg

    with psycopg.connect(url.replace("+psycopg", "")) as connection:
        connection.execute("ALTER TABLE campaigns DROP COLUMN mail_tag")
        connection.execute("UPDATE schema_info SET value = '4' WHERE \"key\" = 'version'")


def test_a_campaign_made_before_mail_tags_gets_one_of_its_own(store: Store) -> None:
    """Version 5 draws a mail tag for each campaign of an older database: each its own, kept
    from then on; a message queued before keeps the id it had."""
    made = [store.create_campaign(name, "rcw", "seed", None, [], NOW)
            for name in ("one", "two", "three")]
    queued = notice_mail(made[0], "gm@example.org", "a@x.org", "reminder", "t1p1.A", "Orders?",
                         "Your orders, please.", NOW)
    assert store.queue(made[0], queued, NOW)
    url = store.url
    store.close()
    _without_tags(url)
    older = Store(url)
    try:
        assert older.schema_version() == 4
        assert bring_up_to_date(older) == 4
        assert older.schema_version() == SCHEMA_VERSION
        tags = [older.campaign(row.name).mail_tag for row in made]
        assert len(set(tags)) == 3 and all(len(tag) == 16 for tag in tags)
        assert tags != [row.mail_tag for row in made]  # drawn anew
        assert bring_up_to_date(older) == SCHEMA_VERSION  # once only: the tags stay
        assert [older.campaign(row.name).mail_tag for row in made] == tags
        assert [r.message_id for r in older.outbox_rows(older.campaign("one"), ("queued",))] \
            == [queued.message_id]
    finally:
        older.close()
