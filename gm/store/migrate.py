"""Bringing a database made by an older version up to SCHEMA_VERSION, on first open, in one
transaction: new tables, columns and indexes, then the stored text rewritten by the functions
the caller gives (version 2 takes every PASSWORD out of the stored messages; a message not yet
answered has its password checked first and the result kept, so that it can still be answered).
Each step runs only on a database older than it: version 3 adds the alerts table alone, version
4 the password_changes table alone, version 5 columns to inbox and password_changes (a message
kept before it and not yet answered counts with the player its password was checked for) and
the campaigns' mail_tag column, with a tag drawn for each campaign that has none (its own step:
it reads nothing another version's step writes), version 6 a column to inbox_handled (the
mail a message's requests sent, none for those handled before).
"""

from __future__ import annotations

from collections.abc import Callable

from gm.core.errors import GameError
from gm.store.base import Database, Sql
from gm.store.rows import new_mail_tag
from gm.store.schema import COLUMNS, INDEXES, SCHEMA_VERSION, column_definition, create_table

Redact = Callable[[bytes], bytes]  # a message, e-mail or text, without its passwords
# (raw message, {letter: password hash}) -> the player whose password it carries, or None
Verify = Callable[[bytes, dict[str, str]], str | None]
GROWN = ("inbox", "outbox", "orders", "password_changes", "campaigns",  # given columns since
         "inbox_handled")


def upgrade(database: Database, redact: Redact, verify: Verify) -> int:
    """Upgrade the schema if it is older; returns the version found."""
    found = database.schema_version()
    if found >= SCHEMA_VERSION:
        return found
    with database._tx() as sql:
        _add_what_is_missing(database, sql, found)
        if found < 2:  # a version 2 database has no password left, and its checks are kept
            _redact_passwords(sql, redact, verify)
        _draw_mail_tags(sql)
        sql.execute("DELETE FROM schema_info WHERE \"key\" = 'version'")
        sql.execute("INSERT INTO schema_info (\"key\", value) VALUES ('version', :version)",
                    version=str(SCHEMA_VERSION))
    if database.dialect == "sqlite" and found < 2:  # the old text must not linger in free
        database.autocommit("VACUUM", "PRAGMA wal_checkpoint(TRUNCATE)")  # pages nor the log
    return found


def _add_what_is_missing(database: Database, sql: Sql, found: int) -> None:
    for table in COLUMNS:  # tables that are new (existing ones are left as they are)
        sql.execute(create_table(table, database.dialect))
    for table in GROWN:
        existing = database.columns(sql, table)
        for name, definition in COLUMNS[table][0]:
            if name not in existing:
                sql.execute(f"ALTER TABLE {table} ADD COLUMN {name} "
                            f"{column_definition(definition, database.dialect)}")
    for name, on in INDEXES.items():
        sql.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {on}")
    if found >= 2:
        return  # what follows fills in version 2's columns and tables from version 1's
    sql.execute("UPDATE outbox SET status = 'sent' WHERE sent_at IS NOT NULL")
    sql.execute("INSERT INTO inbox_handled (inbox_id, campaign_id, disposition, handled_at) "
                "SELECT id, campaign_id, 'answered', received_at FROM inbox WHERE done = 1")


def _draw_mail_tags(sql: Sql) -> None:
    """A mail tag for each campaign without one (version 5): its Message-IDs change once, from
    then on (a message queued before keeps its id; replies are routed by their GAME line and
    subject, never by an id)."""
    for row in sql.all("SELECT id FROM campaigns WHERE mail_tag IS NULL ORDER BY id"):
        sql.execute("UPDATE campaigns SET mail_tag = :tag WHERE id = :id AND mail_tag IS NULL",
                    tag=new_mail_tag(), id=row["id"])  # one drawn by a racing upgrade stays


def _redact_passwords(sql: Sql, redact: Redact, verify: Verify) -> None:
    hashes: dict[int, dict[str, str]] = {}
    for row in sql.all("SELECT * FROM players"):
        hashes.setdefault(row["campaign_id"], {})[row["letter"]] = row["password_hash"]
    for table in ("inbox", "orders"):
        for row in sql.all(f"SELECT * FROM {table}"):
            raw = str(row["raw"]).encode("utf-8", errors="replace")
            values: dict[str, object] = {}
            if table == "inbox" and not row["done"]:
                values["verified_player"] = verify(raw, hashes.get(row["campaign_id"], {}))
            clean = redact(raw)
            if clean != raw:
                values["raw"] = clean.decode("utf-8", errors="replace")
            if values:
                assignments = ", ".join(f"{name} = :{name}" for name in values)
                sql.execute(f"UPDATE {table} SET {assignments} WHERE id = :id", id=row["id"],
                            **values)


def require_current(database: Database) -> None:
    if database.schema_version() > SCHEMA_VERSION:
        raise GameError("this database was written by a newer version of the program")
