"""Mail in: every message is kept before it leaves the mailbox, its passwords taken out, its
size capped, keyed by its content so that a second delivery is not kept twice; its password is
checked first and the result kept with it: whose it is and which of his (R87). Then every
message kept is handled (gm.app.answering), a batch at a time, before the next is kept."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from gm.app.campaign import Campaign, PasswordCache, now
from gm.app.crash import crash_point
from gm.app.passwords import code_hash
from gm.app.read import Read
from gm.app.settings import MailConfig, check_players_are_not_the_judge
from gm.messages.reading import Reading, parse_mail, read_headers, read_parsed
from gm.messages.redaction import redact_message
from gm.store import NewMessage
from orders_grammar.message import Envelope, OrdersError, PhaseForms, envelope_or_error

if TYPE_CHECKING:
    from gm.app.answering import Answerer

# Headers that delivery adds: the same message delivered twice differs only in these.
TRACE = re.compile(rb"^(return-path|received|delivered-to|x-original-to|envelope-to|"
                   rb"x-envelope-to|x-delivered-to|authentication-results|received-spf|"
                   rb"x-received|arc-[a-z-]+|x-spam[a-z-]*|x-virus[a-z-]*|x-rspamd[a-z-]*)\s*:",
                   re.IGNORECASE)


@dataclass(frozen=True)
class Fetched:
    """A message as the mailbox gives it: whole, or its first bytes when it is too large."""

    uid: int
    raw: bytes
    size: int  # bytes as delivered


class Mailbox(Protocol):
    """The GM's mailbox (gm.mail.imap): batches of messages, then moved out when kept."""

    def batches(self, size: int, limit: int) -> Iterator[list[Fetched]]: ...
    def done(self, batch: list[Fetched], spared: Collection[int] = ()) -> None: ...


def header_end(raw: bytes) -> int:
    """Where the header block of a message ends (the blank line after it)."""
    return min((i for i in (raw.find(b"\r\n\r\n"), raw.find(b"\n\n")) if i >= 0),
               default=len(raw))


def content_key(raw: bytes) -> str:
    """The message without the headers delivery adds, hashed."""
    cut = header_end(raw)
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


def _oversized(fetched: Fetched, config: MailConfig) -> bool:
    return fetched.size > config.max_message_bytes or len(fetched.raw) > config.max_message_bytes


def prepare(fetched: Fetched, config: MailConfig, forms: PhaseForms | None = None
            ) -> tuple[NewMessage, Read]:
    """A message read and made ready to keep, its passwords taken out; its password is checked
    by `keep`, with the batch's other messages read (`verified_player` None until then).
    `forms`: the phases its game names as it stands (gm.app.judge.in_game), when known."""
    oversized = _oversized(fetched, config)
    raw = fetched.raw[:config.max_message_bytes]
    message = None if oversized else parse_mail(raw)  # parsed once: read, then redacted
    reading = read_headers(raw) if oversized else read_parsed(raw, message)
    envelope = envelope_or_error(reading.text, forms)
    kept = NewMessage(
        content_hash=content_key(raw), size=max(fetched.size, len(raw)),
        raw=redact_message(raw, message)[:config.max_message_bytes],
        message_id=reading.message_id, sender=reading.sender, subject=reading.subject,
        sender_address=reading.sender.lower() if reading.sender else None,
        verified_player=None)
    return kept, Read(reading, envelope)


def _codes_sent_back(reads: Iterable[Read]) -> set[tuple[str, str]]:
    """(player, code hash) of each `PASSWORD CONFIRM <code>` in these messages."""
    return {(read.envelope.player, code_hash(request.secret)) for read in reads
            if isinstance(read.envelope, Envelope) and read.envelope.player
            for request in read.envelope.requests
            if request.kind == "PASSWORD" and request.confirm and request.secret}


def _verified(kept: NewMessage, read: Read, passwords: PasswordCache) -> NewMessage:
    """The message with the player whose password it carries, and which of his passwords
    it is (R87: it counts only if that is still his when it is handled), checked before the
    password is gone from the copy kept."""
    envelope = read.envelope
    if isinstance(envelope, OrdersError) or not envelope.player:
        return kept
    which = passwords.verify(envelope.player, envelope.password)
    return kept if which is None else kept._replace(verified_player=envelope.player,
                                                   verified_by=which)


def read_head(raw: bytes) -> Reading:
    """A message's headers alone (its body unread, so no password in it is touched), or an
    empty reading when not even they can be read."""
    try:
        return read_headers(raw[:header_end(raw)])
    except Exception:  # not even the headers
        return Reading(text="")


def prepare_safely(fetched: Fetched, config: MailConfig, forms: PhaseForms | None = None
                   ) -> tuple[NewMessage, Read]:
    """`prepare`, or, for a message this program fails to read, its headers alone (so that
    no password in its body is kept) and a reading that says so: one such message must not
    stop the mailbox."""
    try:
        return prepare(fetched, config, forms)
    except Exception as exc:  # whatever it is, the other messages go on
        raw = fetched.raw[:config.max_message_bytes]
        cut = header_end(raw)
        head = read_head(raw)  # even empty, the message is kept and the GM told
        reading = replace(head, unreadable=f"this program could not read it "
                          f"({type(exc).__name__}); the GM is told")
        return NewMessage(content_key(raw), raw[:cut] + b"\r\n\r\n", fetched.size,
                          head.message_id, head.sender, head.subject,
                          head.sender.lower() if head.sender else None, None), Read(
                              reading, OrdersError("no orders read"), whole=False)


def keep(campaign: Campaign, batch: list[Fetched], config: MailConfig,
         spared: list[int] | None = None,
         checked: dict[tuple[str, str], bool] | None = None,
         forms: PhaseForms | None = None) -> dict[int, Read]:
    """Keep a batch of one campaign's messages (before they leave the mailbox); each newly kept
    one's reading, by its inbox id. Each password is checked against the players' passwords as
    they are now (the batch before handled already) and against the new ones waiting for a
    code that a message of this batch sends back (which may have made one his by the time a
    later message is handled). `spared` gets the mailbox uid of each kept by its headers
    alone, whose original is never deleted (processed = "delete"). `checked`: the passwords
    checked by the round's batches before (PasswordCache). `forms`: the phases the campaign's
    game names as it stands, so that each message is read once (gm.app.judge.in_game)."""
    prepared = [prepare_safely(fetched, config, forms) for fetched in batch]
    if spared is not None:
        spared += [f.uid for f, (_, read) in zip(batch, prepared, strict=True) if not read.whole]
    moment = now()
    waiting = campaign.store.confirmable(campaign.row, _codes_sent_back(
        read for _, read in prepared), moment)
    passwords = PasswordCache(campaign.players(), waiting, checked)
    prepared = [(message if _oversized(fetched, config) or not read.whole else
                 _verified(message, read, passwords), read)
                for fetched, (message, read) in zip(batch, prepared, strict=True)]
    ids = campaign.store.store_messages(campaign.row, [m for m, _ in prepared], moment)
    return {inbox_id: read for inbox_id, (_, read) in zip(ids, prepared, strict=True)
            if inbox_id is not None}


def take_in(campaign: Campaign, mailbox: Mailbox, config: MailConfig) -> tuple[int, int]:
    """Keep the messages waiting a batch at a time, and handle each batch (and whatever an
    earlier run kept and did not handle). Returns (messages kept, messages answered). A
    player whose address is the judge's own is refused first (R84): his mail would be taken
    for the judge's and never read."""
    check_players_are_not_the_judge({p.letter: p.email for p in campaign.players()}, config,
                                    "the [mail] table")
    answerer: Answerer | None = None
    kept = answered = 0
    checked: dict[tuple[str, str], bool] = {}  # each password checked once a round
    for batch in mailbox.batches(config.batch, config.max_message_bytes):
        spared: list[int] = []
        answerer = answerer or answerer_for(campaign, config)
        readings = keep(campaign, batch, config, spared, checked,  # the passwords as they are
                        answerer.forms)
        kept += len(readings)
        crash_point("after-store")  # kept and committed: only now may the original go
        mailbox.done(batch, spared)
        crash_point("after-move")
        if readings:
            answered += answerer.handle(readings)
    return kept, answered + handle_left(campaign, config, answerer)


def handle_left(campaign: Campaign, config: MailConfig, answerer: Answerer | None) -> int:
    """Handle what an earlier run kept and did not handle (a crash between the two)."""
    if answerer is None and not campaign.store.has_unanswered(campaign.row):
        return 0  # nothing left from before: nothing to judge
    return (answerer or answerer_for(campaign, config)).handle({})


def answerer_for(campaign: Campaign, config: MailConfig) -> Answerer:
    from gm.app.answering import Answerer  # lazy: judging and answering, once mail is in

    return Answerer.of(campaign, config)
