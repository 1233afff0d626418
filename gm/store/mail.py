"""The store's mail: messages in (kept before they leave the mailbox, then handled, each in one
transaction with what it causes), messages out (each its own delivery, with its attempts), and
the notices the GM's digest carries."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from gm.core.errors import GameError
from gm.store.base import Database, Row, Sql, within
from gm.store.passwords import write_change
from gm.store.rows import CampaignRow, NewAlert, PasswordChange


class MailLike(Protocol):
    """A message ready to be queued (gm.messages.compose.Outgoing)."""

    @property
    def message_id(self) -> str: ...
    @property
    def recipient(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def mime(self) -> str: ...
    @property
    def hold_until(self) -> dt.datetime | None: ...  # held until then (anonymous press)
    @property
    def held(self) -> bool: ...  # held: until hold_until, or else until released (R82)


class NewMessage(NamedTuple):
    """A fetched message, as it is to be kept."""

    content_hash: str
    raw: bytes  # redacted, and cut at the size limit
    size: int  # bytes as delivered
    message_id: str | None
    sender: str | None
    subject: str | None
    sender_address: str | None
    verified_player: str | None
    verified_by: str | None = None  # which of his passwords (gm.app.intake, R87)


class InboxRow(NamedTuple):
    id: int
    message_id: str | None
    sender: str | None
    subject: str | None
    raw: str
    received_at: dt.datetime | None = None
    raw_encoding: str = "utf-8"
    size: int | None = None
    sender_address: str | None = None
    verified_player: str | None = None
    verified_by: str | None = None  # None: kept before version 5, checked as it was then

    @property
    def raw_bytes(self) -> bytes:
        return self.raw.encode(self.raw_encoding, errors="replace")


class Handling(NamedTuple):
    """What became of one message: all of it is written in one transaction."""

    inbox_id: int
    disposition: str  # answered, refused, no-orders, automated, capped, late, oversized
    note: str = ""
    orders: tuple[int, str, str, str] | None = None  # state seq, player, redacted text, JSON
    mail: Sequence[MailLike] = ()
    notices: Sequence[tuple[str, str]] = ()  # (kind, text)
    password: PasswordChange | None = None  # a new PASSWORD asked, or confirmed, by mail
    alerts: Sequence[NewAlert] = ()  # for players' own addresses (gm.store.alerts)
    extra_mail: int = 0  # the reports and press its requests sent besides its answer


class AnswersSent(NamedTuple):
    """What one address was sent in answer to its messages over a while: `total`, the answers
    and the reports and press their requests sent (issue 36); `empty`, the answers to messages
    without orders; `proven`, the answers, reports and press of the messages that carried a
    player's password, which a forger of the address cannot add to (R41)."""

    total: int = 0
    empty: int = 0
    proven: int = 0


class OutboxRow(NamedTuple):
    id: int
    message_id: str
    recipient: str
    raw: str
    kind: str = "mail"
    status: str = "queued"
    attempts: int = 0
    last_error: str | None = None
    created_at: dt.datetime | None = None
    next_attempt_at: dt.datetime | None = None  # retry: when; held: the moment it is held to
    #                                             (None: until released with the reports)


class NoticeRow(NamedTuple):
    id: int
    created_at: dt.datetime
    kind: str
    text: str


# Dispositions of a message that was answered (the others: automated, capped, own, no-sender).
ANSWERED = ("answered", "requests", "refused", "no-orders", "late", "oversized")


def outbox_values(campaign_id: int, message: MailLike, now: dt.datetime) -> dict[str, object]:
    """A message's outbox row: queued, or held (anonymous press, R82) until its moment or,
    without one, until released with the next reports (release_in)."""
    held = message.held or message.hold_until is not None
    return {"campaign_id": campaign_id, "message_id": message.message_id,
            "recipient": message.recipient, "raw": message.mime, "created_at": now,
            "kind": message.kind, "status": "held" if held else "queued",
            "attempts": 0, "next_attempt_at": message.hold_until}


def queue_in(sql: Sql, campaign_id: int, message: MailLike, now: dt.datetime) -> bool:
    """Queue one message in a transaction already open, unless its Message-ID is queued for
    this campaign (the same message made again). One queued for another campaign (the ids are
    unique in the whole database) is never taken for it: that is an error, and nothing of the
    transaction is kept."""
    known = sql.first("SELECT campaign_id FROM outbox WHERE message_id = :message_id",
                      message_id=message.message_id)
    if known is not None:
        _same_campaign(sql, int(known["campaign_id"]), campaign_id, message.message_id)
        return False
    sql.insert("outbox", outbox_values(campaign_id, message, now))
    return True


def _same_campaign(sql: Sql, queued_for: int, campaign_id: int, message_id: str) -> None:
    """Nothing, when a message of this id is queued for this campaign; else refused."""
    if queued_for != campaign_id:
        other = sql.first("SELECT name FROM campaigns WHERE id = :id", id=queued_for)
        raise GameError(f"the Message-ID {message_id} is campaign "
                        f"{other['name'] if other else queued_for}'s already, in the same "
                        "database: the message was not queued, nor anything done with it")


def held_in(sql: Sql, campaign_id: int) -> bool:
    """Whether any message of the campaign is held (anonymous press, R82)."""
    return sql.first("SELECT id FROM outbox WHERE campaign_id = :campaign AND status = 'held' "
                     "LIMIT 1", campaign=campaign_id) is not None


def release_in(sql: Sql, campaign_id: int, dated: Callable[[str], str]) -> int:
    """Every message still held (anonymous press) queued to go now, in a transaction already
    open with what releases it (a phase's reports, R82): each given its Date by `dated`, and
    queued after everything queued before it, in the order of the Message-IDs (random ones:
    not the order the press was written in). Each once: a released message is held no more,
    and a crash before the transaction ends releases none. How many."""
    rows = sql.all("SELECT * FROM outbox WHERE campaign_id = :campaign AND status = 'held' "
                   "ORDER BY message_id", campaign=campaign_id)
    if not rows:
        return 0
    ids, params = within([r["id"] for r in rows])
    sql.execute(f"DELETE FROM outbox WHERE id IN {ids}", **params)
    sql.insert_many("outbox", [
        {"campaign_id": campaign_id, "message_id": r["message_id"], "recipient": r["recipient"],
         "raw": dated(r["raw"]), "created_at": r["created_at"], "kind": r["kind"],
         "status": "queued", "attempts": 0, "next_attempt_at": None} for r in rows])
    return len(rows)


def _stored_text(raw: bytes) -> tuple[str, str]:
    """The raw message as text the database keeps, and how to get the bytes back."""
    try:
        return raw.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return raw.decode("latin-1"), "latin-1"  # 8-bit mail in another charset, byte for byte


def _inbox_row(r: Row) -> InboxRow:
    return InboxRow(r["id"], r["message_id"], r["sender"], r["subject"], r["raw"],
                    r["received_at"], r["raw_encoding"] or "utf-8", r["size"],
                    r["sender_address"], r["verified_player"], r["verified_by"])


def _outbox_row(r: Row) -> OutboxRow:
    return OutboxRow(r["id"], r["message_id"], r["recipient"], r["raw"], r["kind"],
                     r["status"], r["attempts"], r["last_error"], r["created_at"],
                     r["next_attempt_at"])


class MailStore(Database):
    def store_messages(self, campaign: CampaignRow, messages: Sequence[NewMessage],
                       now: dt.datetime) -> list[int | None]:
        """Keep fetched messages in one transaction; a message kept before (the same content,
        however delivered) is skipped. Returns each one's new id, or None when skipped."""
        hashes, params = within([m.content_hash for m in messages])
        with self._tx() as sql:
            known = {r["content_hash"] for r in sql.all(
                f"SELECT content_hash FROM inbox WHERE campaign_id = :campaign AND "
                f"content_hash IN {hashes}", campaign=campaign.id, **params)}
            new: dict[str, NewMessage] = {}
            for message in messages:
                if message.content_hash not in known:
                    new.setdefault(message.content_hash, message)
            ids = {key: int(sql.insert("inbox", self._inbox_values(campaign, message, now),
                                       returning="id"))
                   for key, message in new.items()}
        taken: set[str] = set()
        result: list[int | None] = []
        for message in messages:  # each new content once, at its first place
            first = message.content_hash in ids and message.content_hash not in taken
            taken.add(message.content_hash)
            result.append(ids[message.content_hash] if first else None)
        return result

    @staticmethod
    def _inbox_values(campaign: CampaignRow, message: NewMessage,
                      now: dt.datetime) -> dict[str, object]:
        text, encoding = _stored_text(message.raw)
        return {"campaign_id": campaign.id, "content_hash": message.content_hash,
                "message_id": message.message_id, "sender": message.sender,
                "subject": message.subject, "raw": text, "raw_encoding": encoding,
                "size": message.size, "sender_address": message.sender_address,
                "verified_player": message.verified_player,
                "verified_by": message.verified_by, "received_at": now, "done": 0}

    def unanswered(self, campaign: CampaignRow) -> list[InboxRow]:
        """The messages kept and not yet handled, oldest first."""
        with self._tx() as sql:
            rows = sql.all("SELECT inbox.* FROM inbox LEFT OUTER JOIN inbox_handled ON "
                           "inbox_handled.inbox_id = inbox.id WHERE inbox.campaign_id = "
                           ":campaign AND inbox_handled.inbox_id IS NULL ORDER BY inbox.id",
                           campaign=campaign.id)
        return [_inbox_row(r) for r in rows]

    def has_unanswered(self, campaign: CampaignRow) -> bool:
        with self._tx() as sql:
            return sql.first("SELECT inbox.id FROM inbox LEFT OUTER JOIN inbox_handled ON "
                             "inbox_handled.inbox_id = inbox.id WHERE inbox.campaign_id = "
                             ":campaign AND inbox_handled.inbox_id IS NULL LIMIT 1",
                             campaign=campaign.id) is not None

    def answers_since(self, campaign: CampaignRow, since: dt.datetime
                      ) -> dict[str, AnswersSent]:
        """Per sender address, what it was sent since then (AnswersSent)."""
        answered, params = within(ANSWERED, "d")
        with self._tx() as sql:
            rows = sql.all(f"SELECT h.sender_address, h.disposition, count(*) AS answers, "
                           f"sum(h.extra_mail) AS extra, sum(CASE WHEN i.verified_player IS "
                           f"NULL THEN 0 ELSE 1 + h.extra_mail END) AS proven FROM "
                           f"inbox_handled h JOIN inbox i ON i.id = h.inbox_id WHERE "
                           f"h.campaign_id = :campaign AND h.handled_at >= :since AND "
                           f"h.disposition IN {answered} GROUP BY h.sender_address, "
                           f"h.disposition", campaign=campaign.id, since=since, **params)
        counts: dict[str, AnswersSent] = {}
        for row in rows:
            address, count = row["sender_address"] or "", int(row["answers"])
            was = counts.get(address, AnswersSent())
            counts[address] = AnswersSent(
                was.total + count + int(row["extra"] or 0),
                was.empty + (count if row["disposition"] == "no-orders" else 0),
                was.proven + int(row["proven"] or 0))
        return counts

    def extra_mail_since(self, campaign: CampaignRow, since: dt.datetime) -> dict[str, int]:
        """Per player, the reports and press his messages (those with his password, from any
        address) sent since then (issue 36)."""
        with self._tx() as sql:
            rows = sql.all("SELECT i.verified_player, sum(h.extra_mail) AS extra FROM "
                           "inbox_handled h JOIN inbox i ON i.id = h.inbox_id WHERE "
                           "h.campaign_id = :campaign AND h.handled_at >= :since AND "
                           "i.verified_player IS NOT NULL GROUP BY i.verified_player",
                           campaign=campaign.id, since=since)
        return {str(row["verified_player"]): int(row["extra"] or 0) for row in rows}

    def handle(self, campaign: CampaignRow, handlings: Sequence[Handling],
               now: dt.datetime) -> None:
        """Write what became of some messages, all in one transaction: each message with its
        orders, its mail, its notices and its alerts wholly, or none of them."""
        if not handlings:
            return
        order_rows = [{"campaign_id": campaign.id, "state_seq": h.orders[0],
                       "player": h.orders[1], "raw": h.orders[2], "parsed": h.orders[3],
                       "received_at": now, "inbox_id": h.inbox_id}
                      for h in handlings if h.orders is not None]
        mail_rows = [outbox_values(campaign.id, m, now) for h in handlings for m in h.mail]
        notice_rows = [{"campaign_id": campaign.id, "created_at": now, "kind": kind,
                        "text": text} for h in handlings for kind, text in h.notices]
        alert_rows = [{"campaign_id": campaign.id, "player": a.player, "kind": a.kind,
                       "sender_address": a.sender_address, "inbox_id": h.inbox_id,
                       "text": a.text, "created_at": now} for h in handlings for a in h.alerts]
        ids, id_params = within([h.inbox_id for h in handlings])
        with self._tx() as sql:
            addresses = {r["id"]: r["sender_address"] for r in sql.all(
                f"SELECT id, sender_address FROM inbox WHERE id IN {ids}", **id_params)}
            if mail_rows:  # a message's answer is queued once (its Message-ID is the key)
                names, params = within([r["message_id"] for r in mail_rows])
                queued = {r["message_id"]: int(r["campaign_id"]) for r in sql.all(
                    f"SELECT message_id, campaign_id FROM outbox WHERE message_id IN {names}",
                    **params)}
                for message_id, queued_for in queued.items():
                    _same_campaign(sql, queued_for, campaign.id, message_id)
                mail_rows = [r for r in mail_rows if r["message_id"] not in queued]
            for table, rows in (("orders", order_rows), ("outbox", mail_rows),
                                ("notices", notice_rows), ("alerts", alert_rows)):
                sql.insert_many(table, rows)
            for handling in handlings:
                if handling.password is not None:
                    write_change(sql, campaign.id, handling.password, handling.inbox_id, now)
            sql.insert_many("inbox_handled", [
                {"inbox_id": h.inbox_id, "campaign_id": campaign.id,
                 "disposition": h.disposition, "note": h.note or None,
                 "sender_address": addresses.get(h.inbox_id), "handled_at": now,
                 "extra_mail": h.extra_mail}
                for h in handlings])

    # mail out
    def queue(self, campaign: CampaignRow, message: MailLike, now: dt.datetime) -> bool:
        """Queue one message unless one with its Message-ID was queued before."""
        with self._tx() as sql:
            return queue_in(sql, campaign.id, message, now)

    def due(self, campaign: CampaignRow, now: dt.datetime, began: dt.datetime | None = None
            ) -> list[OutboxRow]:
        """The messages to send now: queued; waiting to be tried again and due; held until a
        moment that has come, and queued before `began` (when the round that sends began;
        default now), so that none goes out in the round that queued it (R82). A message held
        without a moment waits for its release (release_in)."""
        with self._tx() as sql:
            rows = sql.all("SELECT * FROM outbox WHERE campaign_id = :campaign AND (status = "
                           "'queued' OR (status = 'retry' AND next_attempt_at <= :now) OR "
                           "(status = 'held' AND next_attempt_at <= :now AND created_at < "
                           ":began)) ORDER BY id", campaign=campaign.id, now=now,
                           began=began or now)
        return [_outbox_row(r) for r in rows]

    def outbox_rows(self, campaign: CampaignRow, statuses: Sequence[str]) -> list[OutboxRow]:
        wanted, params = within(statuses)
        with self._tx() as sql:
            rows = sql.all(f"SELECT * FROM outbox WHERE campaign_id = :campaign AND status IN "
                           f"{wanted} ORDER BY id", campaign=campaign.id, **params)
        return [_outbox_row(r) for r in rows]

    def mark_sent(self, row: OutboxRow, now: dt.datetime, raw: str | None = None) -> None:
        """A message sent; `raw`: what is kept of it from now on (a secret taken out)."""
        with self._tx() as sql:
            sql.execute("UPDATE outbox SET sent_at = :now, status = 'sent', attempts = "
                        ":attempts, last_error = NULL, raw = :raw WHERE id = :id", now=now,
                        attempts=row.attempts + 1, raw=row.raw if raw is None else raw,
                        id=row.id)

    def mark_unsent(self, campaign: CampaignRow, row: OutboxRow, status: str, error: str,
                    next_attempt: dt.datetime | None,
                    notice: tuple[str, str] | None, now: dt.datetime) -> None:
        """A failed attempt: `retry` later, or `failed` for good (the GM is told)."""
        with self._tx() as sql:
            sql.execute("UPDATE outbox SET status = :status, attempts = :attempts, last_error "
                        "= :error, next_attempt_at = :next WHERE id = :id", status=status,
                        attempts=row.attempts + 1, error=error[:1000], next=next_attempt,
                        id=row.id)
            if notice is not None:
                sql.insert("notices", {"campaign_id": campaign.id, "created_at": now,
                                       "kind": notice[0], "text": notice[1]})

    def requeue(self, campaign: CampaignRow, outbox_id: int) -> OutboxRow | None:
        """A failed or waiting message queued to go now (`gm send --retry`)."""
        with self._tx() as sql:
            done = sql.execute("UPDATE outbox SET status = 'queued', next_attempt_at = NULL, "
                               "attempts = 0 WHERE campaign_id = :campaign AND id = :id AND "
                               "status IN ('failed', 'retry')", campaign=campaign.id,
                               id=outbox_id)
            if done.rowcount != 1:
                return None
            row = sql.first("SELECT * FROM outbox WHERE id = :id", id=outbox_id)
        return None if row is None else _outbox_row(row)

    # the GM's digest
    def add_notice(self, campaign: CampaignRow, kind: str, text: str, now: dt.datetime) -> None:
        with self._tx() as sql:
            sql.insert("notices", {"campaign_id": campaign.id, "created_at": now, "kind": kind,
                                   "text": text})

    def undigested(self, campaign: CampaignRow) -> list[NoticeRow]:
        with self._tx() as sql:
            rows = sql.all("SELECT * FROM notices WHERE campaign_id = :campaign AND digest_id "
                           "IS NULL ORDER BY id", campaign=campaign.id)
        return [NoticeRow(r["id"], r["created_at"], r["kind"], r["text"]) for r in rows]

    def digest(self, campaign: CampaignRow, ids: Sequence[int], message: MailLike,
               now: dt.datetime) -> None:
        """Queue the digest and mark the notices it carries, in one transaction."""
        marked, params = within(list(ids))
        with self._tx() as sql:
            queue_in(sql, campaign.id, message, now)
            sql.execute(f"UPDATE notices SET digest_id = :digest WHERE id IN {marked}",
                        digest=message.message_id, **params)
