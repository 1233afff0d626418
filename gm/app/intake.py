"""Mail in: every message is kept before it leaves the mailbox (its passwords taken out, its
size capped, keyed by its content so that a second delivery is not kept twice), then handled:
auto-replies, bounces and list mail are recorded and never answered (RFC 3834); a per-address
cap breaks any loop that still forms; every other message is judged and answered, its answer
and its orders written in one transaction with its disposition."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Protocol

from gm.app.judge import Roster, Verdict, judge
from gm.app.settings import MailConfig
from gm.campaign import Campaign, PasswordCache, now
from gm.crash import crash_point
from gm.messages.compose import OWN_DOMAIN, Outgoing, answer_mail, notice_mail
from gm.messages.reading import (
    Reading,
    one_line,
    parse_mail,
    read_headers,
    read_message,
    read_parsed,
)
from gm.messages.redaction import redact_message, redact_text
from gm.schedule import load_schedule
from gm.state import GameState
from gm.store import Handling, InboxRow, NewMessage
from gm.store.mail import ANSWERED
from orders_grammar.message import OrdersError, read_envelope
from orders_grammar.names import Names

# Headers that delivery adds: the same message delivered twice differs only in these.
TRACE = re.compile(rb"^(return-path|received|delivered-to|x-original-to|envelope-to|"
                   rb"x-envelope-to|x-delivered-to|authentication-results|received-spf|"
                   rb"x-received|arc-[a-z-]+|x-spam[a-z-]*|x-virus[a-z-]*|x-rspamd[a-z-]*)\s*:",
                   re.IGNORECASE)
HANDLED_PER_TRANSACTION = 100


@dataclass(frozen=True)
class Fetched:
    """A message as the mailbox gives it: whole, or its first bytes when it is too large."""

    uid: int
    raw: bytes
    size: int  # bytes as delivered


class Mailbox(Protocol):
    """The GM's mailbox (gm.mail.imap): batches of messages, then moved out when kept."""

    def batches(self, size: int, limit: int) -> Iterator[list[Fetched]]: ...
    def done(self, batch: list[Fetched]) -> None: ...


def content_key(raw: bytes) -> str:
    """The message without the headers delivery adds, hashed."""
    cut = min((i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0),
              default=len(raw))
    header, body = raw[:cut], raw[cut:]
    kept: list[bytes] = []
    keep = True
    for line in header.replace(b"\r\n", b"\n").split(b"\n"):
        if line[:1] in (b" ", b"\t"):
            if keep:
                kept.append(line)
            continue
        keep = TRACE.match(line) is None
        if keep:
            kept.append(line)
    digest = hashlib.sha256(b"\n".join(kept))
    digest.update(body.replace(b"\r\n", b"\n"))
    return digest.hexdigest()


def _verified(reading: Reading, passwords: PasswordCache) -> str | None:
    """The player whose password the message carries: checked before the password is
    taken out of the stored copy."""
    try:
        envelope = read_envelope(reading.text)
    except OrdersError:
        return None
    player = envelope.player
    if player and passwords.check(player, envelope.password):
        return player
    return None


def prepare(fetched: Fetched, config: MailConfig, passwords: PasswordCache
            ) -> tuple[NewMessage, Reading]:
    oversized = fetched.size > config.max_message_bytes or len(fetched.raw) > \
        config.max_message_bytes
    raw = fetched.raw[:config.max_message_bytes]
    message = None if oversized else parse_mail(raw)  # parsed once: read, then redacted
    reading = read_headers(raw) if oversized else read_parsed(raw, message)
    kept = NewMessage(
        content_hash=content_key(raw), size=max(fetched.size, len(raw)),
        raw=redact_message(raw, message)[:config.max_message_bytes],
        message_id=reading.message_id, sender=reading.sender, subject=reading.subject,
        sender_address=reading.sender.lower() if reading.sender else None,
        verified_player=None if oversized else _verified(reading, passwords))
    return kept, reading


def prepare_safely(fetched: Fetched, config: MailConfig, passwords: PasswordCache
                   ) -> tuple[NewMessage, Reading]:
    """`prepare`, or, for a message this program fails to read, its headers alone (so that
    no password in its body is kept) and a reading that says so: one such message must not
    stop the mailbox."""
    try:
        return prepare(fetched, config, passwords)
    except Exception as exc:  # whatever it is, the other messages go on
        raw = fetched.raw[:config.max_message_bytes]
        cut = min((i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0),
                  default=len(raw))
        try:
            head = read_headers(raw[:cut])
        except Exception:  # not even the headers: the message is kept, and the GM told
            head = Reading(text="")
        reading = replace(head, unreadable=f"this program could not read it "
                          f"({type(exc).__name__}); the GM is told")
        return NewMessage(content_key(raw), raw[:cut] + b"\r\n\r\n", fetched.size,
                          head.message_id, head.sender, head.subject,
                          head.sender.lower() if head.sender else None, None), reading


def take_in(campaign: Campaign, mailbox: Mailbox, config: MailConfig) -> tuple[int, int]:
    """Keep every message waiting, then handle every message not yet handled.
    Returns (messages kept, messages answered)."""
    passwords = PasswordCache(campaign.players())
    readings: dict[int, Reading] = {}
    kept = 0
    for batch in mailbox.batches(config.batch, config.max_message_bytes):
        prepared = [prepare_safely(fetched, config, passwords) for fetched in batch]
        ids = campaign.store.store_messages(campaign.row, [m for m, _ in prepared], now())
        for inbox_id, (_, reading) in zip(ids, prepared, strict=True):
            if inbox_id is not None:
                readings[inbox_id] = reading
                kept += 1
        crash_point("after-store")
        mailbox.done(batch)
        crash_point("after-move")
    return kept, handle_stored(campaign, config, readings)


@dataclass
class _Context:
    campaign: Campaign
    config: MailConfig
    roster: Roster
    names: Names
    deadline: dt.datetime | None
    moment: dt.datetime
    counts: dict[str, tuple[int, int]]  # per address: answers this hour, of them without orders


def handle_stored(campaign: Campaign, config: MailConfig,
                  readings: dict[int, Reading] | None = None) -> int:
    """Handle every kept message not yet handled (`readings`: those already read); returns
    how many were answered."""
    readings = readings or {}
    schedule = load_schedule(campaign.folder)
    moment = now()
    context = _Context(
        campaign, config,
        Roster(campaign.name, None, {p.letter: p.email for p in campaign.players()},
               config.stranger_orders),
        Names(campaign.data),
        schedule.deadline(campaign.phase_opened_at()) if schedule else None, moment,
        campaign.store.answers_since(campaign.row, moment - dt.timedelta(hours=1)))
    latest = campaign.latest()
    handled = 0
    pending: list[Handling] = []
    for row in campaign.store.unanswered(campaign.row):
        try:
            reading = readings.get(row.id) or _read_stored(row, config)
            pending.append(_handle(context, latest.seq, latest.state, row, reading))
        except Exception as exc:  # one message must not stop the others
            pending.append(Handling(row.id, "error", f"{type(exc).__name__}: {exc}", notices=[(
                "error", f"message {row.id} from {row.sender or '?'}: this program failed on "
                f"it ({type(exc).__name__}: {exc}); it is kept unanswered, please report it")]))
        if len(pending) >= HANDLED_PER_TRANSACTION:
            handled += _write(campaign, pending)
    return handled + _write(campaign, pending)


def _write(campaign: Campaign, handlings: list[Handling]) -> int:
    if not handlings:
        return 0
    campaign.store.handle(campaign.row, handlings, now())
    crash_point("after-answer")
    answered = sum(h.disposition in ANSWERED for h in handlings)
    handlings.clear()
    return answered


def _read_stored(row: InboxRow, config: MailConfig) -> Reading:
    raw = row.raw_bytes
    if (row.size or 0) > config.max_message_bytes:
        return read_headers(raw)
    return read_message(raw)


def _describe(row: InboxRow, reading: Reading) -> str:
    return f"message {row.id} from {reading.sender or row.sender or '?'} " \
           f"({one_line(reading.subject or '(no subject)')[:60]})"


EMPTY = ("no-orders", "oversized")  # answers to messages without orders: one an hour


def _is_own(reading: Reading, config: MailConfig) -> bool:
    """A copy or a digest of this program's, in the mailbox it reads."""
    return bool(reading.message_id and reading.message_id.endswith(f"@{OWN_DOMAIN}>")) or (
        reading.sender is not None and reading.sender.lower() == config.gm_address.lower())


def _handle(context: _Context, seq: int, state: GameState, row: InboxRow,
            reading: Reading) -> Handling:
    config = context.config
    if _is_own(reading, config):  # a copy or digest of ours, in the mailbox we read
        return Handling(row.id, "own", "sent by this program")
    if reading.automated:
        return Handling(row.id, "automated", reading.automated, notices=[(
            "automated", f"{_describe(row, reading)}: {reading.automated}; not answered")])
    if reading.sender is None:
        return Handling(row.id, "no-sender", "no address to answer", notices=[(
            "refused", f"{_describe(row, reading)}: no sender address; not answered")])
    verdict = _verdict(context, state, row, reading)
    orders = None
    if verdict.counts and verdict.player and verdict.message is not None:
        parsed = json.dumps([o.model_dump(mode="json") for o in verdict.message.orders])
        orders = (seq, verdict.player, redact_text(reading.text), parsed)
    notices = [(verdict.notice[0], f"{_describe(row, reading)}: {verdict.notice[1]}")] \
        if verdict.notice else []
    address = reading.sender.lower()
    total, empty = context.counts.get(address, (0, 0))
    if (config.answers_per_hour and total >= config.answers_per_hour) or \
            (verdict.disposition in EMPTY and empty >= 1):
        notices.append(("capped", f"{_describe(row, reading)}: not answered, "
                        f"{total} answer(s) to {address} in the last hour already "
                        "(a mail loop?)"))
        return Handling(row.id, "capped", verdict.disposition, orders, (), notices)
    context.counts[address] = (total + 1, empty + (verdict.disposition in EMPTY))
    date = context.moment.astimezone(config.zone())
    name = context.campaign.name
    mail: list[Outgoing] = [answer_mail(name, config.gm_address, str(row.id), reading.sender,
                                        reading.subject, reading.message_id, verdict.text,
                                        date)]
    if verdict.tell_player is not None:
        to, text = verdict.tell_player
        mail.append(notice_mail(name, config.gm_address, to, "stranger", str(row.id),
                                f"{name}: orders for player {verdict.player} from another "
                                "address", text, date))
    return Handling(row.id, verdict.disposition, "", orders, mail, notices)


def _verdict(context: _Context, state: GameState, row: InboxRow, reading: Reading) -> Verdict:
    config = context.config
    if (row.size or 0) > config.max_message_bytes:
        return Verdict(f"Your message is {row.size:,} bytes long; this GM reads messages of "
                       f"up to {config.max_message_bytes:,} bytes, attachments included. Send "
                       "the orders alone, as plain text.\nNothing in it counts.\n", "oversized")
    received = row.received_at
    if received is not None and received.tzinfo is None:
        received = received.replace(tzinfo=dt.UTC)  # the store keeps UTC
    if context.deadline is not None and received is not None and received > context.deadline:
        return Verdict(f"Your message arrived after the deadline of this phase "
                       f"({context.deadline:%Y-%m-%d %H:%M %Z}); it does not count. Orders "
                       "for the next phase are welcome once its report is out.\n", "late")
    roster = Roster(context.roster.game, lambda player, _: player == row.verified_player,
                    context.roster.addresses, context.roster.strangers)
    return judge(reading, state, context.campaign.data, roster, context.names,
                 config.max_line_chars)
