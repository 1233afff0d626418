"""Bringing a database made by an older version up to SCHEMA_VERSION, on first open, in one
transaction: new tables, columns and indexes, then the stored text rewritten by the functions
the caller gives (version 2 takes every PASSWORD out of the stored messages; a message not yet
answered has its password checked first and the result kept, so that it can still be answered).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, inspect, select, text

from gm.core.errors import GameError
from gm.store.base import Database
from gm.store.schema import (
    SCHEMA_VERSION,
    inbox,
    inbox_handled,
    metadata,
    orders,
    outbox,
    players,
    schema_info,
)

Redact = Callable[[bytes], bytes]  # a message, e-mail or text, without its passwords
# (raw message, {letter: password hash}) -> the player whose password it carries, or None
Verify = Callable[[bytes, dict[str, str]], str | None]


def upgrade(database: Database, redact: Redact, verify: Verify) -> int:
    """Upgrade the schema if it is older; returns the version found."""
    found = database.schema_version()
    if found >= SCHEMA_VERSION:
        return found
    with database._tx() as conn:
        _add_what_is_missing(conn)
        _redact_passwords(conn, redact, verify)
        conn.execute(schema_info.delete().where(schema_info.c.key == "version"))
        conn.execute(schema_info.insert().values(key="version", value=str(SCHEMA_VERSION)))
    if database.engine.dialect.name == "sqlite":  # the old text must not linger in free
        with database.engine.connect() as conn:   # pages nor in the write-ahead log
            conn = conn.execution_options(isolation_level="AUTOCOMMIT")
            conn.execute(text("VACUUM"))
            conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
    return found


def _add_what_is_missing(conn: Connection) -> None:
    metadata.create_all(conn)  # tables that are new (existing ones are left as they are)
    inspector = inspect(conn)
    for table in (inbox, outbox, orders):
        existing = {c["name"] for c in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name in existing:
                continue
            kind = column.type.compile(dialect=conn.dialect)
            default = column.server_default
            clause = ""
            if default is not None:
                value = str(getattr(default, "arg", ""))
                clause = f" NOT NULL DEFAULT '{value}'" if not value.isdigit() else \
                    f" NOT NULL DEFAULT {value}"
            conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}"
                              f"{clause}"))
    for table in (inbox, outbox, inbox_handled):
        for index in table.indexes:
            index.create(conn, checkfirst=True)
    conn.execute(outbox.update().where(outbox.c.sent_at.is_not(None)).values(status="sent"))
    conn.execute(inbox_handled.insert().from_select(
        ["inbox_id", "campaign_id", "disposition", "handled_at"],
        select(inbox.c.id, inbox.c.campaign_id, text("'answered'"), inbox.c.received_at)
        .where(inbox.c.done == 1)))


def _redact_passwords(conn: Connection, redact: Redact, verify: Verify) -> None:
    hashes: dict[int, dict[str, str]] = {}
    for row in conn.execute(select(players)).all():
        hashes.setdefault(row.campaign_id, {})[row.letter] = row.password_hash
    for table in (inbox, orders):
        for row in conn.execute(select(table)).all():
            raw = str(row.raw).encode("utf-8", errors="replace")
            values: dict[str, object] = {}
            if table is inbox and not row.done:
                values["verified_player"] = verify(raw, hashes.get(row.campaign_id, {}))
            clean = redact(raw)
            if clean != raw:
                values["raw"] = clean.decode("utf-8", errors="replace")
            if values:
                conn.execute(table.update().where(table.c.id == row.id).values(**values))


def require_current(database: Database) -> None:
    if database.schema_version() > SCHEMA_VERSION:
        raise GameError("this database was written by a newer version of the program")
