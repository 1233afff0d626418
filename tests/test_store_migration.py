"""A database written before issue 10 (schema version 1) is brought up to date the first time
the program opens it: new tables and columns, the Message-ID index, and every password taken
out of the messages it kept, a message not yet answered still answered correctly after."""

from __future__ import annotations

import base64
import sqlite3
from pathlib import Path

from gm.app.answering import handle_stored
from gm.app.campaign import open_campaign
from gm.app.settings import MailConfig
from gm.store.schema import SCHEMA_VERSION
from tests.conftest import gm

SCHEMA_V1 = Path(__file__).resolve().parents[1] / "fixtures" / "store" / "schema-v1.sql"
KEPT = ("campaigns", "players", "states", "dice_log")


def _as_version_1(database: Path) -> None:
    """The campaign's database as version 1 made it, with mail kept the way it kept it."""
    connection = sqlite3.connect(database)
    columns = {"campaigns": "id, name, game, seed, data_dir, created_at"}  # version 1's
    rows = {table: connection.execute(f"SELECT {columns.get(table, '*')} FROM {table}").fetchall()
            for table in KEPT}
    tables = [name for (name,) in connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")]
    for table in tables:
        connection.execute(f"DROP TABLE {table}")
    connection.executescript(SCHEMA_V1.read_text(encoding="utf-8"))
    for table, found in rows.items():
        for row in found:
            connection.execute(f"INSERT INTO {table} VALUES ({','.join('?' * len(row))})", row)
    seq = connection.execute("SELECT max(seq) FROM states").fetchone()[0]
    answered = ("From: anna@example.org\nSubject: orders\n\nGAME old\nPLAYER A\n"
                "PASSWORD Kronstadt1921\nQUIT\n")
    waiting = ("From: boris@example.org\nSubject: orders\nMessage-ID: <w@example.org>\n\n"
               "GAME old\nPLAYER B\nPASSWORD Tsaritsyn-19\nTURN 1 PHASE 1\nQUIT\n")
    encoded = base64.encodebytes(b"GAME old\nPLAYER A\nPASSWORD Kronstadt1921\nQUIT\n").decode()
    kept_orders = ("From: anna@example.org\nContent-Type: text/plain; charset=utf-8\n"
                   f"Content-Transfer-Encoding: base64\n\n{encoded}")
    now = "2026-11-29 10:00:00.000000"
    connection.executemany(
        "INSERT INTO inbox (campaign_id, content_hash, message_id, sender, subject, raw, "
        "received_at, done) VALUES (1, ?, ?, ?, 'orders', ?, ?, ?)",
        [("h1", None, "anna@example.org", answered, now, 1),
         ("h2", "<w@example.org>", "boris@example.org", waiting, now, 0)])
    connection.execute("INSERT INTO orders (campaign_id, state_seq, player, raw, parsed, "
                       "received_at) VALUES (1, ?, 'A', ?, '[]', ?)", (seq, kept_orders, now))
    connection.executemany(
        "INSERT INTO outbox (campaign_id, message_id, recipient, raw, created_at, sent_at) "
        "VALUES (1, ?, 'anna@example.org', 'x', ?, ?)",
        [("<gm.old.ack.91@gamesmaster.invalid>", now, now),
         ("<gm.old.ack.92@gamesmaster.invalid>", now, None)])
    connection.commit()
    connection.close()


def test_a_version_1_database_is_brought_up_to_date_on_first_open(tmp_path: Path) -> None:
    folder = tmp_path / "old"
    gm("new", str(folder), "--seed", "mail", "-p", "A:A:anna@example.org:Kronstadt1921",
       "-p", "B:B:boris@example.org:Tsaritsyn-19", "-p", "C:C:clara@example.org:Perekop_1920")
    gm("end-trading", str(folder))
    gm("start", str(folder))
    database = folder / "campaign.sqlite"
    _as_version_1(database)
    assert b"Kronstadt1921" in b"".join(p.read_bytes() for p in folder.glob("campaign.sqlite*"))

    opened = open_campaign(folder)
    assert opened.store.schema_version() == SCHEMA_VERSION
    files = b"".join(p.read_bytes() for p in folder.glob("campaign.sqlite*"))
    for password in (b"Kronstadt1921", b"Tsaritsyn-19", base64.b64encode(b"Kronstadt1921")[:12]):
        assert password not in files
    with sqlite3.connect(database) as connection:
        indexes = {name for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index'")}
        statuses = connection.execute("SELECT status FROM outbox ORDER BY id").fetchall()
        handled = connection.execute("SELECT inbox_id, disposition FROM inbox_handled").fetchall()
    assert "ix_inbox_message_id" in indexes
    assert statuses == [("sent",), ("queued",)]
    assert len(opened.row.mail_tag) == 16  # version 5: drawn for it
    assert handled == [(1, "answered")]

    config = MailConfig(gm_address="gm@example.org")
    assert handle_stored(opened, config) == 1  # the message waiting is answered still
    (row,) = opened.store.orders_for(opened.row, 1, 1)[-1:]
    assert row.player == "B" and "PASSWORD [redacted]" in row.raw
    answer = opened.store.due(opened.row, opened.latest().created_at)[-1]
    assert answer.recipient == "boris@example.org" and "line 5: QUIT" in answer.raw

    assert open_campaign(folder).store.schema_version() == SCHEMA_VERSION  # once only


def test_a_version_1_postgresql_database_is_brought_up_to_date(tmp_path: Path,
                                                               postgres_url: str) -> None:
    """The same on PostgreSQL, from a database taken back to version 1's tables."""
    import psycopg

    from tests.servers import fresh_database

    url = fresh_database(postgres_url)
    folder = tmp_path / "old"
    gm("new", str(folder), "--seed", "mail", "--database", url,
       "-p", "A:A:anna@example.org:Kronstadt1921", "-p", "B:B:boris@example.org:Tsaritsyn-19")
    with psycopg.connect(url.replace("+psycopg", "")) as conn:
        for statement in (
                "DROP TABLE inbox_handled", "DROP TABLE notices", "DROP TABLE schema_info",
                "DROP INDEX ix_inbox_message_id", "DROP INDEX ix_outbox_status",
                "ALTER TABLE inbox DROP COLUMN raw_encoding, DROP COLUMN size, "
                "DROP COLUMN sender_address, DROP COLUMN verified_player",
                "ALTER TABLE outbox DROP COLUMN kind, DROP COLUMN status, DROP COLUMN attempts,"
                " DROP COLUMN next_attempt_at, DROP COLUMN last_error",
                "ALTER TABLE orders DROP COLUMN inbox_id"):
            conn.execute(statement)
        conn.execute(
            "INSERT INTO inbox (campaign_id, content_hash, message_id, sender, subject, raw, "
            "received_at, done) VALUES (1, 'h', '<w@example.org>', 'boris@example.org', 'o', "
            "%(raw)s, now(), 0)", {"raw": "From: boris@example.org\nSubject: o\n\nGAME old\n"
                                          "PLAYER B\nPASSWORD Tsaritsyn-19\nQUIT\n"})
        conn.execute("INSERT INTO outbox (campaign_id, message_id, recipient, raw, "
                     "created_at, sent_at) VALUES (1, '<s@x>', 'a@x.org', 'x', now(), now())")
    opened = open_campaign(folder)
    assert opened.store.schema_version() == SCHEMA_VERSION
    with psycopg.connect(url.replace("+psycopg", "")) as conn:
        found = conn.execute("SELECT raw, verified_player FROM inbox").fetchone()
        assert found is not None
        raw, verified = found
        status = conn.execute("SELECT status FROM outbox").fetchone()[0]  # type: ignore[index]
    assert "Tsaritsyn-19" not in raw and verified == "B" and status == "sent"
    assert len(opened.row.mail_tag) == 16  # drawn already (its column is newer than version 1)
