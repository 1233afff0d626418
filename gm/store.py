"""The store: campaigns, players, every phase's state, orders, results and the dice log.

SQLAlchemy Core, so the same code serves SQLite (a campaign folder's own database) and a
PostgreSQL URL. History is append-only: a change of phase or position adds a state row, with
its dice rolls, in one transaction; nothing is updated in place.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from gm.dice import Roll
from gm.errors import GameError
from gm.state import GameState

metadata = MetaData()
campaigns = Table(
    "campaigns", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("game", String(20), nullable=False),
    Column("seed", String(100), nullable=False),
    Column("data_dir", Text),  # None: the embedded data set
    Column("created_at", DateTime(timezone=True), nullable=False),
)
players = Table(
    "players", metadata,
    Column("campaign_id", ForeignKey("campaigns.id"), primary_key=True),
    Column("letter", String(2), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("email", String(320), nullable=False),
    Column("password_hash", String(200), nullable=False),
)
states = Table(
    "states", metadata,
    Column("campaign_id", ForeignKey("campaigns.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", String(100), nullable=False),  # what made this state: "deal", "trade" ...
    Column("detail", Text, nullable=False),  # JSON: the command's arguments
    Column("turn", Integer, nullable=False),
    Column("phase", Integer, nullable=False),
    Column("stage", String(20), nullable=False),
    Column("state", Text, nullable=False),  # GameState JSON
    Column("created_at", DateTime(timezone=True), nullable=False),
)
orders = Table(
    "orders", metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign_id", ForeignKey("campaigns.id"), nullable=False),
    Column("state_seq", Integer, nullable=False),  # the state the orders were written against
    Column("player", String(2), nullable=False),
    Column("raw", Text, nullable=False),
    Column("parsed", Text),
    Column("received_at", DateTime(timezone=True), nullable=False),
)
results = Table(
    "results", metadata,
    Column("campaign_id", ForeignKey("campaigns.id"), primary_key=True),
    Column("state_seq", Integer, primary_key=True),
    Column("result", Text, nullable=False),
)
inbox = Table(
    "inbox", metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign_id", ForeignKey("campaigns.id"), nullable=False),
    Column("content_hash", String(64), nullable=False),  # sha256 of the raw message
    Column("message_id", Text),
    Column("sender", Text),
    Column("subject", Text),
    Column("raw", Text, nullable=False),
    Column("received_at", DateTime(timezone=True), nullable=False),
    Column("done", Integer, nullable=False, default=0),  # 1 once answered
    UniqueConstraint("campaign_id", "content_hash"),
)
outbox = Table(
    "outbox", metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign_id", ForeignKey("campaigns.id"), nullable=False),
    Column("message_id", String(300), nullable=False, unique=True),  # fixed at creation
    Column("recipient", Text, nullable=False),
    Column("raw", Text, nullable=False),  # the whole MIME message
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("sent_at", DateTime(timezone=True)),
)
dice_log = Table(
    "dice_log", metadata,
    Column("campaign_id", ForeignKey("campaigns.id"), primary_key=True),
    Column("state_seq", Integer, primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("purpose", Text, nullable=False),
    Column("kind", String(10), nullable=False),
    Column("value", String(50), nullable=False),
    UniqueConstraint("campaign_id", "state_seq", "n"),
)


@dataclass(frozen=True)
class CampaignRow:
    id: int
    name: str
    game: str
    seed: str
    data_dir: str | None


@dataclass(frozen=True)
class PlayerRow:
    letter: str
    name: str
    email: str
    password_hash: str


@dataclass(frozen=True)
class InboxRow:
    id: int
    message_id: str | None
    sender: str | None
    subject: str | None
    raw: str
    received_at: dt.datetime | None = None


@dataclass(frozen=True)
class OutboxRow:
    id: int
    message_id: str
    recipient: str
    raw: str


@dataclass(frozen=True)
class OrdersRow:
    id: int
    state_seq: int
    player: str
    raw: str
    parsed: str | None


@dataclass(frozen=True)
class StateRow:
    seq: int
    action: str
    detail: dict[str, Any]
    state: GameState
    created_at: dt.datetime


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Write-ahead log: a commit survives the process being killed without waiting for the
    disk twice; readers do not block the writer."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Store:
    """One database; `url` is any SQLAlchemy URL (sqlite:///path, postgresql://...)."""

    def __init__(self, url: str) -> None:
        try:
            self.engine = create_engine(url)
        except (SQLAlchemyError, ValueError, ImportError) as exc:
            raise GameError(f"cannot open database {url!r}: {exc}") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)

    def create_schema(self) -> None:
        metadata.create_all(self.engine)

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        try:
            with self.engine.begin() as conn:
                yield conn
        except IntegrityError as exc:
            raise GameError(f"the store refused a change: {exc.orig}") from None
        except SQLAlchemyError as exc:
            raise GameError(f"database error: {exc}") from None

    def create_campaign(self, name: str, seed: str, data_dir: str | None,
                        roster: Sequence[PlayerRow], now: dt.datetime) -> CampaignRow:
        with self._tx() as conn:
            campaign_id = conn.execute(insert(campaigns).values(
                name=name, game="rcw", seed=seed, data_dir=data_dir, created_at=now
            )).inserted_primary_key[0]  # type: ignore[index]
            for p in roster:
                conn.execute(insert(players).values(
                    campaign_id=campaign_id, letter=p.letter, name=p.name, email=p.email,
                    password_hash=p.password_hash))
        return CampaignRow(int(campaign_id), name, "rcw", seed, data_dir)

    def campaign(self, name: str) -> CampaignRow:
        with self._tx() as conn:
            row = conn.execute(select(campaigns).where(campaigns.c.name == name)).first()
        if row is None:
            raise GameError(f"no campaign {name!r} in this store")
        return CampaignRow(row.id, row.name, row.game, row.seed, row.data_dir)

    def players(self, campaign: CampaignRow) -> list[PlayerRow]:
        with self._tx() as conn:
            rows = conn.execute(select(players).where(players.c.campaign_id == campaign.id)
                                .order_by(players.c.letter)).all()
        return [PlayerRow(r.letter, r.name, r.email, r.password_hash) for r in rows]

    def append_state(self, campaign: CampaignRow, action: str, detail: dict[str, Any],
                     state: GameState, rolls: Sequence[Roll], now: dt.datetime,
                     result: str | None = None,
                     mail: Sequence[tuple[str, str, str]] = ()) -> int:
        """Add the next state, the dice rolled to reach it, its result and the mail it
        sends (message id, recipient, MIME), all in one transaction."""
        with self._tx() as conn:
            last = conn.execute(select(states.c.seq).where(states.c.campaign_id == campaign.id)
                                .order_by(states.c.seq.desc()).limit(1)).scalar()
            seq = 1 if last is None else last + 1
            conn.execute(insert(states).values(
                campaign_id=campaign.id, seq=seq, action=action,
                detail=json.dumps(detail, sort_keys=True), turn=state.turn, phase=state.phase,
                stage=state.stage, state=state.to_json(), created_at=now))
            for n, roll in enumerate(rolls, start=1):
                conn.execute(insert(dice_log).values(
                    campaign_id=campaign.id, state_seq=seq, n=n, purpose=roll.purpose,
                    kind=roll.kind, value=roll.value))
            if result is not None:
                conn.execute(insert(results).values(campaign_id=campaign.id, state_seq=seq,
                                                    result=result))
            for message_id, recipient, raw in mail:
                self._queue(conn, campaign, message_id, recipient, raw, now)
        return seq

    def history(self, campaign: CampaignRow) -> list[StateRow]:
        with self._tx() as conn:
            rows = conn.execute(select(states).where(states.c.campaign_id == campaign.id)
                                .order_by(states.c.seq)).all()
        return [StateRow(r.seq, r.action, json.loads(r.detail), GameState.from_json(r.state),
                         r.created_at) for r in rows]

    def latest(self, campaign: CampaignRow) -> StateRow:
        with self._tx() as conn:
            row = conn.execute(select(states).where(states.c.campaign_id == campaign.id)
                               .order_by(states.c.seq.desc()).limit(1)).first()
        if row is None:
            raise GameError(f"campaign {campaign.name!r} has no state yet")
        return StateRow(row.seq, row.action, json.loads(row.detail),
                        GameState.from_json(row.state), row.created_at)

    def rolls(self, campaign: CampaignRow, seq: int) -> list[Roll]:
        with self._tx() as conn:
            rows = conn.execute(select(dice_log).where(
                (dice_log.c.campaign_id == campaign.id) & (dice_log.c.state_seq == seq))
                .order_by(dice_log.c.n)).all()
        return [Roll(r.purpose, r.kind, r.value) for r in rows]

    def record_orders(self, campaign: CampaignRow, state_seq: int, player: str, raw: str,
                      parsed: str | None, now: dt.datetime) -> None:
        with self._tx() as conn:
            conn.execute(insert(orders).values(
                campaign_id=campaign.id, state_seq=state_seq, player=player, raw=raw,
                parsed=parsed, received_at=now))

    def result(self, campaign: CampaignRow, state_seq: int) -> str | None:
        with self._tx() as conn:
            value = conn.execute(select(results.c.result).where(
                (results.c.campaign_id == campaign.id) & (results.c.state_seq == state_seq))
            ).scalar()
        return None if value is None else str(value)

    # mail in: raw messages first, then their answers (docs: gm/mail/inbox.py)
    def store_raw(self, campaign: CampaignRow,
                  messages: Sequence[tuple[str, str, str | None, str | None, str | None]],
                  now: dt.datetime) -> int:
        """Keep fetched messages (raw, content hash, message id, sender, subject) in one
        transaction; those kept before (the same content or Message-ID) are skipped.
        Returns how many were new."""
        new = 0
        with self._tx() as conn:
            for raw, content_hash, message_id, sender, subject in messages:
                same = inbox.c.content_hash == content_hash
                if message_id:  # the same message delivered twice carries the same id
                    same = same | (inbox.c.message_id == message_id)
                known = conn.execute(select(inbox.c.id).where(
                    (inbox.c.campaign_id == campaign.id) & same)).first()
                if known is not None:
                    continue
                conn.execute(insert(inbox).values(
                    campaign_id=campaign.id, content_hash=content_hash, message_id=message_id,
                    sender=sender, subject=subject, raw=raw, received_at=now, done=0))
                new += 1
        return new

    def unanswered(self, campaign: CampaignRow) -> list[InboxRow]:
        with self._tx() as conn:
            rows = conn.execute(select(inbox).where(
                (inbox.c.campaign_id == campaign.id) & (inbox.c.done == 0))
                .order_by(inbox.c.id)).all()
        return [InboxRow(r.id, r.message_id, r.sender, r.subject, r.raw, r.received_at)
                for r in rows]

    def answer(self, campaign: CampaignRow, message: InboxRow,
               orders_record: tuple[int, str, str | None] | None,
               mail: tuple[str, str, str] | None, now: dt.datetime) -> None:
        """In one transaction: the orders it carried (state seq, player, parsed JSON), the
        reply queued (message id, recipient, MIME), the message marked answered."""
        with self._tx() as conn:
            if orders_record is not None:
                seq, player, parsed = orders_record
                conn.execute(insert(orders).values(
                    campaign_id=campaign.id, state_seq=seq, player=player, raw=message.raw,
                    parsed=parsed, received_at=now))
            if mail is not None:
                self._queue(conn, campaign, *mail, now)
            conn.execute(inbox.update().where(inbox.c.id == message.id).values(done=1))

    def orders_for(self, campaign: CampaignRow, turn: int, phase: int) -> list[OrdersRow]:
        """Every order message received while this phase was open, oldest first, whatever
        rollbacks happened since (gm rollback keeps orders)."""
        opened = select(states.c.seq).where(
            (states.c.campaign_id == campaign.id) & (states.c.turn == turn)
            & (states.c.phase == phase) & (states.c.stage == "play"))
        with self._tx() as conn:
            rows = conn.execute(select(orders).where(
                (orders.c.campaign_id == campaign.id) & orders.c.state_seq.in_(opened))
                .order_by(orders.c.id)).all()
        return [OrdersRow(r.id, r.state_seq, r.player, r.raw, r.parsed) for r in rows]

    def update_player(self, campaign: CampaignRow, letter: str, email: str | None = None,
                      password_hash: str | None = None) -> None:
        values = {k: v for k, v in (("email", email), ("password_hash", password_hash)) if v}
        with self._tx() as conn:
            done = conn.execute(players.update().where(
                (players.c.campaign_id == campaign.id) & (players.c.letter == letter))
                .values(**values))
            if done.rowcount != 1:
                raise GameError(f"no player {letter} in this campaign")

    # mail out
    def _queue(self, conn: Connection, campaign: CampaignRow, message_id: str, recipient: str,
               raw: str, now: dt.datetime) -> None:
        known = conn.execute(select(outbox.c.id).where(outbox.c.message_id == message_id)).first()
        if known is None:
            conn.execute(insert(outbox).values(campaign_id=campaign.id, message_id=message_id,
                                               recipient=recipient, raw=raw, created_at=now))

    def queue(self, campaign: CampaignRow, message_id: str, recipient: str, raw: str,
              now: dt.datetime) -> bool:
        """Queue one message unless one with its Message-ID was queued before."""
        with self._tx() as conn:
            known = conn.execute(select(outbox.c.id).where(
                outbox.c.message_id == message_id)).first()
            if known is None:
                self._queue(conn, campaign, message_id, recipient, raw, now)
        return known is None

    def unsent(self, campaign: CampaignRow) -> list[OutboxRow]:
        with self._tx() as conn:
            rows = conn.execute(select(outbox).where(
                (outbox.c.campaign_id == campaign.id) & outbox.c.sent_at.is_(None))
                .order_by(outbox.c.id)).all()
        return [OutboxRow(r.id, r.message_id, r.recipient, r.raw) for r in rows]

    def mark_sent(self, row: OutboxRow, now: dt.datetime) -> None:
        with self._tx() as conn:
            conn.execute(outbox.update().where(outbox.c.id == row.id).values(sent_at=now))

    def record_result(self, campaign: CampaignRow, state_seq: int, result: str) -> None:
        with self._tx() as conn:
            conn.execute(insert(results).values(campaign_id=campaign.id, state_seq=state_seq,
                                                result=result))
