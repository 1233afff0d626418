"""The host's own small database: mail for no hosted game (gm/app/strays.py), each kept once
(by its content key) with the answer it gets, until that answer is sent; and when each hosted
campaign's last round ended (gm/app/host_round.py), so that workers do not repeat one another.
SQLite in the host folder, or the PostgreSQL database host.toml names, where its workers'
claims are held too."""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from gm.store.base import Database
from gm.store.claims import claimed
from gm.store.schema import column_definition

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS strays (id {ID} PRIMARY KEY, content_hash VARCHAR(64) NOT NULL "
    "UNIQUE, received_at {TIME} NOT NULL, sender_address TEXT, subject TEXT, game TEXT, "
    "disposition VARCHAR(20) NOT NULL, raw TEXT NOT NULL, answer_raw TEXT, answer_to TEXT, "
    "sent_at {TIME})",
    "CREATE TABLE IF NOT EXISTS rounds (name VARCHAR(200) NOT NULL PRIMARY KEY, "
    "ended_at DOUBLE PRECISION NOT NULL)",
)


class Stray(NamedTuple):
    content_hash: str
    received_at: dt.datetime
    sender_address: str | None
    subject: str | None
    game: str | None
    disposition: str  # answered, capped, automated, own, no-sender
    raw: str  # redacted
    answer_raw: str | None = None
    answer_to: str | None = None


class Unsent(NamedTuple):
    id: int
    answer_raw: str
    answer_to: str


class HostStore(Database):
    def __init__(self, url: str) -> None:
        super().__init__(url)
        if {"strays", "rounds"} <= self.tables():
            return
        # Workers starting together would race to make the tables (PostgreSQL refuses the
        # second CREATE of a type even with IF NOT EXISTS): one makes them, the others wait.
        with claimed(self, "host-schema", wait=60), self._tx() as sql:
            for statement in SCHEMA:
                sql.execute(column_definition(statement, self.dialect))

    def round_ended(self, name: str) -> float | None:
        """When the last round of a campaign ended (seconds since the epoch), if one has."""
        with self._tx() as sql:
            value = sql.scalar("SELECT ended_at FROM rounds WHERE name = :name", name=name)
        return None if value is None else float(value)

    def end_round(self, name: str, ended_at: float) -> None:
        with self._tx() as sql:
            if sql.execute("UPDATE rounds SET ended_at = :ended_at WHERE name = :name",
                           name=name, ended_at=ended_at).rowcount == 0:
                sql.insert("rounds", {"name": name, "ended_at": ended_at})

    def known(self, content_hash: str) -> bool:
        with self._tx() as sql:
            return sql.first("SELECT id FROM strays WHERE content_hash = :key",
                             key=content_hash) is not None

    def answered_since(self, address: str, since: dt.datetime) -> bool:
        with self._tx() as sql:
            return sql.first("SELECT id FROM strays WHERE sender_address = :address AND "
                             "answer_raw IS NOT NULL AND received_at >= :since",
                             address=address, since=since) is not None

    def add(self, stray: Stray) -> bool:
        """Keep one; False when it was kept before."""
        with self._tx() as sql:
            if sql.first("SELECT id FROM strays WHERE content_hash = :key",
                         key=stray.content_hash):
                return False
            sql.insert("strays", stray._asdict())
        return True

    def unsent(self) -> list[Unsent]:
        with self._tx() as sql:
            rows = sql.all("SELECT id, answer_raw, answer_to FROM strays WHERE answer_raw IS "
                           "NOT NULL AND sent_at IS NULL ORDER BY id")
        return [Unsent(int(r["id"]), str(r["answer_raw"]), str(r["answer_to"])) for r in rows]

    def mark_sent(self, stray_id: int, now: dt.datetime) -> None:
        with self._tx() as sql:
            sql.execute("UPDATE strays SET sent_at = :now WHERE id = :id", now=now, id=stray_id)

    def count(self) -> dict[str, int]:
        """Strays kept, by what became of them."""
        with self._tx() as sql:
            rows = sql.all("SELECT disposition, COUNT(*) AS n FROM strays GROUP BY disposition")
        return {str(r["disposition"]): int(r["n"]) for r in rows}
