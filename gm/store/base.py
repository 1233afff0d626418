"""The database under the store: one SQLAlchemy engine (SQLite in the campaign folder, or a
PostgreSQL URL), a transaction helper that turns database errors into GameError, and the
schema's version."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, create_engine, event, inspect, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from gm.core.errors import GameError
from gm.store.schema import SCHEMA_VERSION, metadata, schema_info


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Write-ahead log: a commit survives the process being killed without waiting for the
    disk twice; readers do not block the writer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Database:
    """One database; `url` is any SQLAlchemy URL (sqlite:///path, postgresql://...)."""

    def __init__(self, url: str) -> None:
        try:
            self.engine = create_engine(url)
        except (SQLAlchemyError, ValueError, ImportError) as exc:
            raise GameError(f"cannot open database {url!r}: {exc}") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        try:
            with self.engine.begin() as conn:
                yield conn
        except IntegrityError as exc:
            raise GameError(f"the store refused a change: {exc.orig}") from None
        except SQLAlchemyError as exc:
            raise GameError(f"database error: {exc}") from None

    def create_schema(self) -> None:
        metadata.create_all(self.engine)
        self.set_schema_version(SCHEMA_VERSION)

    def schema_version(self) -> int:
        """The version of the schema in the database: 1 for one made before versions."""
        try:
            if not inspect(self.engine).has_table("schema_info"):
                return 1
            with self._tx() as conn:
                value = conn.execute(select(schema_info.c.value).where(
                    schema_info.c.key == "version")).scalar()
        except SQLAlchemyError as exc:
            raise GameError(f"database error: {exc}") from None
        return int(value) if value is not None else 1

    def set_schema_version(self, version: int) -> None:
        with self._tx() as conn:
            conn.execute(schema_info.delete().where(schema_info.c.key == "version"))
            conn.execute(schema_info.insert().values(key="version", value=str(version)))
