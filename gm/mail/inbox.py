"""Mail in: fetch, store, then move; answer what is stored.

Each message is fetched with BODY.PEEK[] (so nothing is marked read), stored first (keyed by
the hash of its content, so a second fetch stores nothing), and only then moved to the
processed folder. A crash anywhere loses no message and stores none twice. Answering is a
separate pass over the stored messages, one transaction each."""

from __future__ import annotations

import datetime as dt
import email
import email.policy
import email.utils
import hashlib
import json

from gm.campaign import Campaign, now
from gm.errors import GameError
from gm.mail.config import MailConfig
from gm.mail.crash import crash_point
from gm.mail.messages import acknowledgement

MAX_BYTES = 1_000_000  # a larger message gets a reply, not a parse


def fetch(campaign: Campaign, config: MailConfig) -> int:
    """Store every message waiting in the GM's mailbox; returns how many were new."""
    from imapclient import IMAPClient
    from imapclient.exceptions import IMAPClientError

    stored = 0
    try:
        with IMAPClient(config.imap_host, port=config.imap_port, ssl=config.imap_ssl,
                        ssl_context=config.ssl_context() if config.imap_ssl else None,
                        timeout=30) as client:
            client.login(config.imap_user, config.secret(config.imap_password_env))
            if not client.folder_exists(config.processed_folder):
                client.create_folder(config.processed_folder)
            client.select_folder(config.inbox_folder)
            uids = client.search("ALL")
            for start in range(0, len(uids), config.batch):
                batch = uids[start:start + config.batch]
                fetched = client.fetch(batch, ["BODY.PEEK[]"])
                stored += campaign.store.store_raw(campaign.row, [
                    _described(fetched.get(uid, {}).get(b"BODY[]", b"")) for uid in batch],
                    now())
                crash_point("after-store")
                client.move(batch, config.processed_folder)
                crash_point("after-move")
    except (IMAPClientError, OSError) as exc:
        raise GameError(f"IMAP {config.imap_host}:{config.imap_port}: {exc}") from None
    return stored


def _described(raw_bytes: bytes) -> tuple[str, str, str | None, str | None, str | None]:
    """(raw, content hash, message id, sender, subject) of a fetched message."""
    raw = raw_bytes.decode("utf-8", errors="replace")
    digest = hashlib.sha256(raw_bytes).hexdigest()
    try:
        parsed = email.message_from_bytes(raw_bytes[:200_000], policy=email.policy.compat32)
        return (raw, digest, _text(parsed.get("Message-ID")), _text(parsed.get("From")),
                _text(parsed.get("Subject")))
    except Exception:  # a message too broken to read is stored all the same
        return raw, digest, None, None, None


def _text(header: object) -> str | None:
    return None if header is None else str(header)


def answer_all(campaign: Campaign, config: MailConfig) -> int:
    """Judge every stored message not yet answered; queue its acknowledgement."""
    from gm.campaign import check_password
    from gm.orders.answer import judge_message
    from gm.schedule import load_schedule
    from orders_grammar.names import Names

    latest = campaign.latest()
    passwords = {p.letter: p.password_hash for p in campaign.players()}
    addresses = {p.letter: p.email for p in campaign.players()}
    names = Names(campaign.data)  # one parser for the whole batch
    known: dict[tuple[str, str], bool] = {}  # scrypt is slow on purpose: once per password

    def password_ok(password: str, stored: str) -> bool:
        if (password, stored) not in known:
            known[(password, stored)] = check_password(password, stored)
        return known[(password, stored)]

    schedule = load_schedule(campaign.folder)
    due = schedule.deadline(campaign.phase_opened_at()) if schedule else None
    answered = 0
    for message in campaign.store.unanswered(campaign.row):
        sender = email.utils.parseaddr(message.sender or "")[1] or None
        received = message.received_at
        if received is not None and received.tzinfo is None:
            received = received.replace(tzinfo=dt.UTC)  # the store keeps UTC
        if due is not None and received is not None and received > due:
            text, record = (f"Your message arrived after the deadline of this phase "
                            f"({due:%Y-%m-%d %H:%M %Z}); it does not count. Orders for the "
                            "next phase are welcome once its report is out.\n"), None
        elif len(message.raw) > MAX_BYTES:
            text, record = (f"Your message is {len(message.raw)} bytes long; send the orders "
                            "alone, as plain text.\n"), None
        else:
            verdict = judge_message(message.raw, latest.state, campaign.data, campaign.name,
                                    passwords, sender, addresses, names, password_ok)
            text = verdict.text
            record = None
            if verdict.counts and verdict.player and verdict.message is not None:
                parsed = json.dumps([o.model_dump(mode="json") for o in verdict.message.orders])
                record = (latest.seq, verdict.player, parsed)
        mail = None
        if sender:
            reply = acknowledgement(campaign.name, config.gm_address, message.id, sender,
                                    message.subject, message.message_id, text)
            mail = (str(reply["Message-ID"]), sender, reply.as_string())
        campaign.store.answer(campaign.row, message, record, mail, now())
        crash_point("after-answer")
        answered += 1
    return answered
