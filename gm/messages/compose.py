"""The e-mails the GM sends. Every header value is put on one line and stripped of CR/LF, so
nothing a sender writes (a folded subject, a forged Message-ID) can break or inject a header;
every message says it is automatic (RFC 3834), so that responders do not answer it.

Built with the standard library's compat32 messages and email.mime classes, text
quoted-printable in UTF-8: a thousand times a second when a batch of orders is answered, where
EmailMessage's header registry would cost a millisecond a message. A text part and a one-part
message are written here as the library writes them (the same text, tested), without its
slowest steps (set_charset, the generator)."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass, replace
from email.charset import QP, Charset
from email.header import Header
from email.message import Message
from email.mime.image import MIMEImage
from email.mime.multipart import MIMEMultipart
from email.policy import Compat32
from email.utils import format_datetime
from typing import NamedTuple, Protocol

from gm.messages.reading import ADDRESS, MESSAGE_ID, one_line

SUBJECT_CHARS = 200
OWN_DOMAIN = "gamesmaster.invalid"  # of every Message-ID this program makes


@dataclass(frozen=True)
class Outgoing:
    """A message ready for the outbox."""

    message_id: str
    recipient: str
    kind: str  # answer, report, gm-report, reminder, notice, digest, press, press-copy
    mime: str
    hold_until: dt.datetime | None = None  # held in the outbox until then (anonymous press)
    held: bool = False  # held in the outbox until hold_until or, without it, until released


class Whose(Protocol):
    """Whose messages: a campaign (gm.store.rows.CampaignRow is one) or an `Ids`."""

    @property
    def name(self) -> str: ...
    @property
    def mail_tag(self) -> str: ...


class Ids(NamedTuple):
    """Whose messages, given as they are (a host's answers to strays, tests, benchmarks)."""

    name: str
    mail_tag: str


MAIL_TAG = re.compile(r"[0-9a-z]{8,32}")


def message_id(whose: Whose, kind: str, key: str) -> str:
    """Fixed when the message is queued, so a resend is recognisably the same message. Of its
    campaign alone: its name, readable (`campaign_tag`), tells it from the other campaigns of
    its database (the outbox keeps one message of an id, whatever the campaign); its mail tag,
    random and drawn once for the campaign (gm.store.rows.new_mail_tag), from every campaign of
    any other database, those of the same name included (a mailbox that has a message of an id
    hides another of that id)."""
    if not MAIL_TAG.fullmatch(whose.mail_tag):
        raise ValueError(f"not a mail tag: {whose.mail_tag!r}")
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", f"{kind}.{key}")
    return f"<gm.{campaign_tag(whose.name)}.{whose.mail_tag}.{safe}@{OWN_DOMAIN}>"


def campaign_tag(campaign: str) -> str:
    """The readable part of a campaign's Message-IDs: its name, when only letters, digits, '_'
    and '-'; else the name with the rest squashed to '-' and '+' the digest of the exact name
    ("war game" and "war-game", "rcw.1" and "rcw-1" never share ids). It has no '.', so it
    ends where the mail tag begins."""
    if re.fullmatch(r"[A-Za-z0-9_-]+", campaign):
        return campaign
    readable = re.sub(r"[^A-Za-z0-9_-]+", "-", campaign)
    return f"{readable}+{hashlib.sha256(campaign.encode('utf-8')).hexdigest()[:12]}"


UTF8 = Charset("utf-8")
UTF8.body_encoding = QP  # readable in any mailbox, and 7-bit on the wire


class _Writing(Compat32):
    """email.mime's own policy, writing a short one-line ASCII header as it is (the common
    case, and the slow one: compat32 runs every header through email.header.Header)."""

    def fold(self, name: str, value: str) -> str:
        if isinstance(value, str) and value.isascii() and len(name) + len(value) < 76:
            return f"{name}: {value}{self.linesep}"
        return super().fold(name, value)


WRITING = _Writing()


def _text(text: str, subtype: str, whole: bool = True) -> Message:
    """A text part, as MIMEText(text, subtype, UTF8) makes it (the same bytes), its headers
    written as they stand: MIMEText's way through set_charset costs more than the rest of an
    answer's composition."""
    part = Message(policy=WRITING)
    part["Content-Type"] = f'text/{subtype}; charset="utf-8"'
    if whole:
        part["MIME-Version"] = "1.0"  # else said once, by the message that holds the part
    part["Content-Transfer-Encoding"] = "quoted-printable"
    part.set_payload(UTF8.body_encode(text))
    return part


def _compose(sender: str, to: str, subject: str, ident: str, date: dt.datetime,
             auto: str, text: str, html: str | None = None,
             in_reply_to: str | None = None) -> Message:
    to, sender, subject = one_line(to), one_line(sender), one_line(subject)[:SUBJECT_CHARS]
    if not ADDRESS.match(to) or not ADDRESS.match(sender):
        raise ValueError(f"not an address: {to!r}")
    mail: Message = _text(text, "plain") if html is None else MIMEMultipart(
        "alternative", _subparts=[_text(text, "plain", False), _text(html, "html", False)])
    mail["From"] = sender
    mail["To"] = to
    mail["Subject"] = subject if subject.isascii() else Header(  # type: ignore[assignment]
        subject, UTF8)
    mail["Message-ID"] = ident
    mail["Date"] = format_datetime(date)
    mail["Auto-Submitted"] = auto  # RFC 3834: responders must not answer this
    mail["X-Auto-Response-Suppress"] = "All"  # the same, for Exchange's out-of-office
    if in_reply_to and MESSAGE_ID.match(one_line(in_reply_to)):
        mail["In-Reply-To"] = one_line(in_reply_to)
        mail["References"] = one_line(in_reply_to)
    return mail


def _out(mail: Message, kind: str, hold_until: dt.datetime | None = None) -> Outgoing:
    return Outgoing(str(mail["Message-ID"]), str(mail["To"]), kind, flat(mail), hold_until)


LINE_END = re.compile(r"\r\n|\r|\n")
AS_STRING = WRITING.clone(max_line_length=0)  # as_string's: headers as they are, unfolded


def flat(mail: Message) -> str:
    """`mail.as_string(policy=WRITING)`, the same text; one part written here, without the
    library's generator (an answer a message, and the generator is most of its cost)."""
    if mail.is_multipart():
        return mail.as_string(policy=WRITING)
    payload = mail.get_payload()
    assert isinstance(payload, str)
    head = "".join(AS_STRING.fold(name, value) for name, value in mail.raw_items())
    return f"{head}\n{LINE_END.sub(chr(10), payload)}"


def answer_mail(campaign: Whose, gm_address: str, key: str, to: str, subject: str | None,
                reply_to_id: str | None, text: str, date: dt.datetime) -> Outgoing:
    """The answer to one message, threaded under it."""
    subject = one_line(subject or "")
    subject = subject if subject.lower().startswith("re:") else (
        f"Re: {subject}" if subject else f"Your orders for {campaign.name}")
    return _out(_compose(gm_address, to, subject or "(no subject)",
                         message_id(campaign, "ack", key), date, "auto-replied", text,
                         in_reply_to=reply_to_id), "answer")


@dataclass(frozen=True)
class MapPicture:
    """The map as PNG, shown in the HTML part by `cid:` (mail clients that show no SVG show
    it), and the report as a whole HTML page with the interactive SVG map, attached."""

    png: bytes
    content_id: str  # without its angle brackets: the HTML part says `cid:<content_id>`
    page: str


def map_content_id(campaign: Whose, kind: str, key: str) -> str:
    return message_id(campaign, f"{kind}-map", key)[1:-1]


def report_mail(campaign: Whose, gm_address: str, to: str, key: str, subject: str, text: str,
                html: str, date: dt.datetime, kind: str = "report",
                picture: MapPicture | None = None) -> Outgoing:
    """multipart/alternative (text, HTML); with a picture: multipart/mixed of
    multipart/related (the alternative and the PNG the HTML shows) and the HTML page."""
    mail = _compose(gm_address, to, subject, message_id(campaign, kind, key), date,
                    "auto-generated", text, html)
    if picture is not None:
        mail = _with_picture(mail, picture)
    return _out(mail, kind)


def _with_picture(alternative: Message, picture: MapPicture) -> Message:
    headers = [(name, value) for name, value in alternative.items()
               if name not in ("Content-Type", "MIME-Version", "Content-Transfer-Encoding")]
    for name, _ in headers:
        del alternative[name]
    del alternative["MIME-Version"]
    image = MIMEImage(picture.png, "png")
    del image["MIME-Version"]
    image["Content-ID"] = f"<{picture.content_id}>"
    image.add_header("Content-Disposition", "inline", filename="map.png")
    related = MIMEMultipart("related", _subparts=[alternative, image],
                            type="multipart/alternative")
    del related["MIME-Version"]
    page = _text(picture.page, "html", False)
    page.add_header("Content-Disposition", "attachment", filename="report.html")
    mail = MIMEMultipart("mixed", _subparts=[related, page])
    for name, value in headers:
        mail[name] = value
    return mail


def notice_mail(campaign: Whose, gm_address: str, to: str, kind: str, key: str, subject: str,
                text: str, date: dt.datetime) -> Outgoing:
    """A reminder, a note to a player, or the GM's digest."""
    return _out(_compose(gm_address, to, subject, message_id(campaign, kind, key), date,
                         "auto-generated", text), kind)


def press_mail(campaign: Whose, gm_address: str, to: str, kind: str, key: str, subject: str,
               text: str, date: dt.datetime, thread: str) -> Outgoing:
    """Press forwarded by the judge: from the judge's address (never the writer's), and
    referring to one thread per set of correspondents so that mail clients keep a
    conversation together."""
    mail = _compose(gm_address, to, subject, message_id(campaign, kind, key), date,
                    "auto-generated", text)
    mail["References"] = message_id(campaign, "press-thread", thread)
    return _out(mail, kind)


UNDATED = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)  # a held message's Date until its release


def anonymous_press_mail(campaign: Whose, gm_address: str, to: str, token: str, subject: str,
                         text: str, release: dt.datetime | None) -> Outgoing:
    """One copy of an anonymous press (ruling R82): nothing in it but `to` differs from its
    other copies or tells its writer. Its Message-ID is made of `token` (random, drawn once:
    the copy is kept whole in the outbox, so a copy sent again after a crash is the same
    message); it refers to no thread. It is held in the outbox: until `release`, its Date; or
    without one, until it is released with the next reports, whose moment is then made its
    Date (redated): nothing of when it was written is ever in it."""
    mail = _compose(gm_address, to, subject, message_id(campaign, "press", token),
                    release or UNDATED, "auto-generated", text)
    return replace(_out(mail, "press", release), held=True)


DATE_LINE = re.compile(r"^Date: [^\n]*$", re.MULTILINE)


def redated(mime: str, date: dt.datetime) -> str:
    """A message as composed here with its Date made `date` (a held message released)."""
    head, blank, body = mime.partition("\n\n")
    head, count = DATE_LINE.subn(f"Date: {format_datetime(date)}", head)
    if count != 1:
        raise ValueError("not a message composed here: it has no one Date line")
    return head + blank + body
