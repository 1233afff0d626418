"""The database under the store, through the DB-API itself: sqlite3 for the database in a
campaign folder, psycopg for a PostgreSQL URL. The SQL is written once, with `:name`
parameters, in the few forms both speak; a transaction helper turns database errors into
GameError; and the schema's version.

No SQL toolkit: a command opens its campaign without loading one (issue 14's start-up)."""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

from gm.core.errors import GameError
from gm.core.private import create_private, tighten
from gm.store.schema import SCHEMA_VERSION, create_statements

Row = Mapping[str, Any]
Dialect = Literal["sqlite", "postgresql"]
PARAMETER = re.compile(r"(?<!:):(\w+)")
# One connection per database and thread, whichever Database asks: a host's hundred campaigns
# in one PostgreSQL database use one connection, not a hundred.
_OPEN: dict[tuple[str, int], Any] = {}
SQLITE_TIME = "%Y-%m-%d %H:%M:%S.%f"  # as databases of earlier versions hold them
# SQLite's files beside a database: made with the database's own mode (so 0600 too)
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


def private_sqlite(path: str) -> None:
    """A SQLite database only its user may read (issue 24): made empty with mode 0600 before
    SQLite opens it (its write-ahead log, shared memory and journal take the database's mode);
    one an older version made readable by others is tightened, with its companions."""
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    database = Path(path)
    if not create_private(database):
        for each in (database, *(Path(path + suffix) for suffix in SQLITE_COMPANIONS)):
            tighten(each)


def is_integrity_error(exc: BaseException) -> bool:
    """A constraint refused the change (sqlite3's or psycopg's, without importing psycopg)."""
    return any(kind.__name__ == "IntegrityError" for kind in type(exc).__mro__)


def _sqlite_value(value: object) -> object:
    """A parameter as SQLite keeps it: a time in UTC, written as earlier versions wrote it."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(dt.UTC).replace(tzinfo=None)
        return value.strftime(SQLITE_TIME)
    return value


def _sqlite_row(cursor: sqlite3.Cursor, values: tuple[Any, ...]) -> dict[str, Any]:
    row = {}
    for (name, *_), value in zip(cursor.description, values, strict=True):
        if name.endswith("_at") and isinstance(value, str):  # a time, kept in UTC
            value = dt.datetime.fromisoformat(value)
        row[name] = value
    return row


class Sql:
    """One connection inside a transaction."""

    def __init__(self, connection: Any, dialect: Dialect) -> None:
        self.connection, self.dialect = connection, dialect

    def execute(self, statement: str, **params: object) -> Any:
        if self.dialect == "sqlite":
            return self.connection.execute(statement, {k: _sqlite_value(v)
                                                       for k, v in params.items()})
        return self.connection.execute(PARAMETER.sub(r"%(\1)s", statement), params)

    def all(self, statement: str, **params: object) -> list[Row]:
        return list(self.execute(statement, **params).fetchall())

    def first(self, statement: str, **params: object) -> Row | None:
        row: Row | None = self.execute(statement, **params).fetchone()
        return row

    def scalar(self, statement: str, **params: object) -> Any:
        row = self.first(statement, **params)
        return None if row is None else next(iter(row.values()))

    def insert(self, table: str, values: Mapping[str, object], returning: str | None = None
               ) -> Any:
        """One row; the value of `returning` (its new id, say) when asked."""
        names = list(values)
        statement = (f"INSERT INTO {table} ({', '.join(names)}) VALUES "
                     f"({', '.join(':' + n for n in names)})"
                     + (f" RETURNING {returning}" if returning else ""))
        cursor = self.execute(statement, **values)
        return next(iter(cursor.fetchone().values())) if returning else None

    def insert_many(self, table: str, rows: Sequence[Mapping[str, object]]) -> None:
        for values in rows:
            self.insert(table, values)


def within(names: Sequence[object], prefix: str = "p") -> tuple[str, dict[str, object]]:
    """`IN (...)` for a list: the placeholders and their parameters."""
    params = {f"{prefix}{i}": value for i, value in enumerate(names)}
    return "(" + (", ".join(f":{key}" for key in params) or "NULL") + ")", params


class Database:
    """One database: `sqlite:///path` (a campaign folder's) or a PostgreSQL URL
    (`postgresql://...`, `postgresql+psycopg://...`)."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite:///"):
            self.dialect: Dialect = "sqlite"
            self._path = url.removeprefix("sqlite:///")
        elif url.startswith(("postgresql://", "postgresql+psycopg://", "postgres://")):
            self.dialect = "postgresql"
            self._path = re.sub(r"^postgres(ql)?(\+psycopg)?://", "postgresql://", url)
        else:
            raise GameError(f"cannot open database {url!r}: give sqlite:///PATH or a "
                            "postgresql:// URL")

    def _connect(self) -> Any:
        key = (self.url, threading.get_ident())
        connection = _OPEN.get(key)
        if connection is not None:
            return connection
        connection = self.new_connection()
        _OPEN[key] = connection
        return connection

    def new_connection(self) -> Any:
        """A connection of its own (the claims of gm.store.claims hold one apart)."""
        connection: Any
        try:
            if self.dialect == "sqlite":
                if self._path and not Path(self._path).parent.is_dir():
                    raise GameError(f"cannot open database {self.url!r}: no such folder")
                private_sqlite(self._path)
                connection = sqlite3.connect(self._path, isolation_level=None)
                connection.row_factory = _sqlite_row
                # Write-ahead log: a commit survives the process being killed without waiting
                # for the disk twice; readers do not block the writer.
                connection.execute("PRAGMA journal_mode=WAL")
                connection.execute("PRAGMA synchronous=NORMAL")
                connection.execute("PRAGMA busy_timeout=30000")
            else:
                import psycopg  # lazy: the PostgreSQL driver, for a hosted database only
                from psycopg.rows import dict_row  # lazy: the same

                connection = psycopg.connect(self._path, row_factory=dict_row, autocommit=True)
        except (sqlite3.Error, ImportError, OSError) as exc:
            raise GameError(f"cannot open database {self.url!r}: {exc}") from None
        except Exception as exc:  # psycopg's errors, without importing it for SQLite
            raise GameError(f"cannot open database {self.url!r}: {exc}") from None
        return connection

    @property
    def path(self) -> str:
        """The SQLite file, or the PostgreSQL connection string."""
        return self._path

    def close(self) -> None:
        connection = _OPEN.pop((self.url, threading.get_ident()), None)
        if connection is not None:
            connection.close()

    @contextmanager
    def _tx(self, write: bool = False) -> Iterator[Sql]:
        """A transaction; `write`: one that reads, then writes on what it read (SQLite takes
        the write lock at its start, so that no other writer comes between; PostgreSQL's
        transaction locks what it reads itself, SELECT ... FOR UPDATE)."""
        connection = self._connect()
        try:
            if self.dialect == "sqlite":
                connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield Sql(connection, "sqlite")
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
                connection.execute("COMMIT")
            else:
                with connection.transaction():
                    yield Sql(connection, "postgresql")
        except GameError:
            raise
        except Exception as exc:
            if is_integrity_error(exc):
                raise GameError(f"the store refused a change: {exc}") from None
            if isinstance(exc, sqlite3.Error) or type(exc).__module__.startswith("psycopg"):
                raise GameError(f"database error: {exc}") from None
            raise

    def autocommit(self, *statements: str) -> None:
        """Statements no transaction may hold (VACUUM)."""
        connection = self._connect()
        for statement in statements:
            connection.execute(statement)

    def tables(self) -> set[str]:
        with self._tx() as sql:
            if self.dialect == "sqlite":
                rows = sql.all("SELECT name FROM sqlite_master WHERE type = 'table'")
            else:
                rows = sql.all("SELECT table_name AS name FROM information_schema.tables "
                               "WHERE table_schema = current_schema()")
        return {str(r["name"]) for r in rows}

    def columns(self, sql: Sql, table: str) -> set[str]:
        if self.dialect == "sqlite":
            return {str(r["name"]) for r in sql.all(f"PRAGMA table_info({table})")}
        return {str(r["column_name"]) for r in sql.all(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = "
            "current_schema() AND table_name = :table", table=table)}

    def create_schema(self) -> None:
        with self._tx() as sql:
            for statement in create_statements(self.dialect):
                sql.execute(statement)
        self.set_schema_version(SCHEMA_VERSION)

    def schema_version(self) -> int:
        """The version of the schema in the database: 1 for one made before versions."""
        if "schema_info" not in self.tables():
            return 1
        with self._tx() as sql:
            value = sql.scalar("SELECT value FROM schema_info WHERE \"key\" = 'version'")
        return int(value) if value is not None else 1

    def set_schema_version(self, version: int) -> None:
        with self._tx() as sql:
            sql.execute("DELETE FROM schema_info WHERE \"key\" = 'version'")
            sql.execute("INSERT INTO schema_info (\"key\", value) VALUES ('version', :value)",
                        value=str(version))
