"""Mail for no hosted game (a GAME line naming none, or no GAME line and no game in the
subject): kept in the host's own database (strays.sqlite, or the one host.toml names) before
it leaves the mailbox, its passwords taken out, and answered with one short text that names
none of the games hosted here (a stranger learns nothing); never an automatic reply, a bounce
or our own mail, and one answer an hour to an address at most, so that no loop forms. The
answer is kept with the message and sent like any outgoing mail: a crash sends it again with
the same Message-ID. Its id has a tag drawn for it alone, so that two hosts answering one
message sent to both never answer it with one id (its key is the message's content)."""

from __future__ import annotations

import datetime as dt

from gm.app.campaign import now
from gm.app.intake import Fetched, content_key
from gm.app.outbox import Transport, TransportDown
from gm.app.settings import MailConfig
from gm.messages.compose import OWN_DOMAIN, Ids, answer_mail
from gm.messages.reading import Reading, read_headers, read_message
from gm.messages.redaction import redact_message
from gm.store.host import HostStore, Stray
from gm.store.rows import new_mail_tag
from orders_grammar.message import Envelope, envelope_or_error


def _answer(game: str | None) -> str:
    named = f"names game {game!r}" if game else "names no game (no line `GAME <name>`)"
    return (f"Your message {named}, and no game of that name is played at this address, so it "
            "was not read and nothing in it counts.\nWrite the GAME line exactly as your GM "
            "gave it to you, or ask your GM.\n")


def _read(fetched: Fetched, config: MailConfig) -> Reading:
    raw = fetched.raw[:config.max_message_bytes]
    try:
        return read_headers(raw) if fetched.size > config.max_message_bytes else \
            read_message(raw)
    except Exception:  # whatever it is, it is kept and not answered
        return Reading(text="")


def _redacted(raw: bytes) -> tuple[str, bool]:
    """The message with its passwords taken out, and whether it is whole."""
    try:
        return redact_message(raw).decode("utf-8", errors="replace"), True
    except Exception:  # unreadable: its first line only, never a body with a password
        return raw.split(b"\n", 1)[0].decode("utf-8", errors="replace"), False


class Strays:
    def __init__(self, database: str) -> None:
        self.store = HostStore(database)

    def _disposition(self, reading: Reading, config: MailConfig, since: dt.datetime) -> str:
        address = reading.sender.lower() if reading.sender else None
        if (reading.message_id or "").endswith(f"@{OWN_DOMAIN}>") or \
                address == config.gm_address.lower():
            return "own"
        if reading.automated:
            return "automated"
        if address is None:
            return "no-sender"
        return "capped" if self.store.answered_since(address, since) else "answered"

    def keep(self, batch: list[Fetched], config: MailConfig,
             spared: list[int] | None = None) -> int:
        """Keep each stray not kept before, with its answer when it gets one; how many.
        `spared` gets the mailbox uid of each kept by its first line alone (this program
        failed to read it), whose original is never deleted (processed = "delete")."""
        moment = now()
        kept = 0
        for fetched in batch:
            raw = fetched.raw[:config.max_message_bytes]
            key = content_key(raw)
            if self.store.known(key):
                continue
            reading = _read(fetched, config)
            envelope = envelope_or_error(reading.text)
            game = envelope.game if isinstance(envelope, Envelope) and envelope.game else None
            disposition = self._disposition(reading, config, moment - dt.timedelta(hours=1))
            mail = answer_mail(Ids("judge", new_mail_tag()), config.gm_address, key[:16],
                               reading.sender or "", reading.subject, reading.message_id,
                               _answer(game), moment.astimezone(config.zone())) \
                if disposition == "answered" else None
            text, whole = _redacted(raw)
            if not whole and spared is not None:
                spared.append(fetched.uid)
            kept += self.store.add(Stray(
                key, moment, reading.sender.lower() if reading.sender else None,
                reading.subject, game, disposition, text,
                mail.mime if mail else None, mail.recipient if mail else None))
        return kept

    def send(self, config: MailConfig, transport: Transport) -> int:
        """Send the answers not sent yet; how many went."""
        sent = 0
        for row in self.store.unsent():
            data = row.answer_raw.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")
            try:
                delivery = transport.deliver(config.gm_address, row.answer_to, data)
            except TransportDown:
                return sent
            if delivery.outcome != "temporary":  # a refusal is not tried again
                self.store.mark_sent(row.id, now())
                sent += delivery.outcome == "sent"
        return sent
