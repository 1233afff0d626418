"""One reading of a message, for mail and for files alike: the standard library's e-mail
parser with the modern policy on every input, whatever headers come first (a message fetched
from a mailbox begins with the ones delivery adds). The text is the body the player wrote:
text/plain preferred, else the HTML as text; every charset and transfer encoding; format=flowed
joined (RFC 3676). Attachments are named, never read. Input that is not an e-mail is text."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import EmailPolicy
from functools import lru_cache
from typing import Any

from gm.messages.automated import automated_reason
from gm.messages.html import html_to_text

# A message is an e-mail when it begins with headers, at least one of them one of these.
MAIL_HEADERS = {"from", "to", "subject", "date", "message-id", "mime-version", "content-type",
                "received", "return-path", "delivered-to", "sender", "reply-to"}
MESSAGE_ID = re.compile(r"^<[^<>\s@]+@[^<>\s@]+>$")
ADDRESS = re.compile(r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$")
INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))  # zero width


@dataclass(frozen=True)
class Reading:
    text: str  # the body as its writer wrote it; `\n` line ends; line 1 is its first line
    is_email: bool = False
    sender: str | None = None  # the address of From:, when it is one
    subject: str | None = None  # unfolded, on one line
    message_id: str | None = None  # a well-formed <id@host>, or None
    attachments: tuple[str, ...] = ()  # named in the answer, never read
    automated: str | None = None  # why no answer is due (RFC 3834), or None
    unreadable: str | None = None  # why the text could not be decoded, or None
    # each Authentication-Results value, with its place among the header fields (0: the
    # topmost), for gm.messages.authresults
    authentication: tuple[tuple[int, str], ...] = ()


def one_line(value: object) -> str:
    """A header value on one line: folds undone, CR/LF and runs of white space as one space."""
    return " ".join(str(value).split())


def decode_text(raw: bytes) -> str:
    """Bytes that are not an e-mail: UTF-8 (or UTF-16 with its mark), else Windows-1252."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return raw.decode("utf-16", errors="replace")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


@lru_cache(maxsize=4096)
def _header(name: str, value: str) -> Any:
    return policy.default.header_fetch_parse(name, value)


class _Reading(EmailPolicy):
    """The modern policy (policy.default), with each header value parsed once: its parser is
    exact but slow, and a message asks for its Content-Type many times over, and thousands of
    messages share their Content-Type, From and MIME-Version lines."""

    def header_fetch_parse(self, name: str, value: str) -> Any:
        return value if hasattr(value, "name") else _header(name, value)


READING = _Reading()


def parse_mail(raw: bytes) -> EmailMessage | None:
    """The e-mail in `raw`, or None when `raw` does not begin with mail headers."""
    message = BytesParser(policy=READING).parsebytes(raw)
    if not any(key.lower() in MAIL_HEADERS for key in message):
        return None
    assert isinstance(message, EmailMessage)
    return message


def read_message(raw: bytes) -> Reading:
    return read_parsed(raw, parse_mail(raw))


def read_parsed(raw: bytes, message: EmailMessage | None) -> Reading:
    """The reading of `raw`, parsed as `message` (None: not an e-mail)."""
    if message is None:
        return Reading(text=_normal(decode_text(raw)))
    texts: list[str] = []
    attachments: list[str] = []
    problems: list[str] = []
    _collect(message, texts, attachments, problems)
    return Reading(
        text=_normal("\n".join(texts)), is_email=True, sender=_sender(message),
        subject=_value(message, "Subject"), message_id=_message_id(message),
        attachments=tuple(attachments), automated=automated_reason(message),
        unreadable=problems[0] if problems and not any(t.strip() for t in texts) else None,
        authentication=_authentication(message))


def read_headers(raw: bytes) -> Reading:
    """What the headers of a message too large to read say; no text."""
    message = BytesParser(policy=READING).parsebytes(raw, headersonly=True)
    if not any(key.lower() in MAIL_HEADERS for key in message):
        return Reading(text="")
    assert isinstance(message, EmailMessage)
    return Reading(text="", is_email=True, sender=_sender(message),
                   subject=_value(message, "Subject"), message_id=_message_id(message),
                   automated=automated_reason(message), authentication=_authentication(message))


def _normal(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(INVISIBLE)
    return text if text.endswith("\n") or not text else text + "\n"


def _value(message: EmailMessage, name: str) -> str | None:
    """A header's value on one line; a plain ASCII one as it stands, an encoded one decoded
    by the policy's parser (which the common case does not need, and which is slow)."""
    raw = next((v for k, v in message.raw_items() if k.lower() == name.lower()), None)
    if raw is None:
        return None
    if raw.isascii() and "=?" not in raw:
        return one_line(raw) or None
    try:
        value = message.get(name)
    except (ValueError, IndexError, TypeError):  # a header too broken to parse
        return None
    return None if value is None else one_line(value) or None


def _sender(message: EmailMessage) -> str | None:
    try:
        header = message.get("From")
        addresses = getattr(header, "addresses", ()) if header is not None else ()
    except (ValueError, IndexError, TypeError):
        return None
    for address in addresses:
        spec = one_line(address.addr_spec)
        if ADDRESS.match(spec):
            return spec
    return None


def _authentication(message: EmailMessage) -> tuple[tuple[int, str], ...]:
    """The Authentication-Results fields as written, each with its place (RFC 8601)."""
    return tuple((place, one_line(value)) for place, (name, value)
                 in enumerate(message.raw_items())
                 if name.lower() == "authentication-results" and isinstance(value, str))


def _message_id(message: EmailMessage) -> str | None:
    value = _value(message, "Message-ID")
    return value if value and MESSAGE_ID.match(value) else None


def _param(part: EmailMessage, name: str, header: str = "Content-Type") -> str | None:
    """A parameter of a header, from the policy's (cached) parse of it; RFC 2231 decoded."""
    try:
        params = getattr(part.get(header), "params", None)
    except (ValueError, IndexError, TypeError):
        return None
    value = params.get(name) if params else None
    return None if value is None else str(value)


def _filename(part: EmailMessage) -> str | None:
    return _param(part, "filename", "Content-Disposition") or _param(part, "name")


def _is_attachment(part: EmailMessage) -> bool:
    """Apple Mail sends attachments inline: a file name makes a part an attachment too."""
    return part.get_content_disposition() == "attachment" or _filename(part) is not None


def _name(part: EmailMessage) -> str:
    return one_line(_filename(part) or part.get_content_type())


def _collect(part: EmailMessage, texts: list[str], attachments: list[str],
             problems: list[str]) -> None:
    """The body of `part`: a text leaf, the best of an alternative, the text parts of a
    mixed message in order (Apple Mail splits the text around an inline picture)."""
    if _is_attachment(part) or part.get_content_maintype() == "message":
        attachments.append(_name(part))
        return
    if not part.is_multipart():
        if part.get_content_maintype() == "text":
            texts.append(_text_of(part, problems))
        else:
            attachments.append(_name(part))  # a picture without a name, say
        return
    children = [p for p in part.iter_parts() if isinstance(p, EmailMessage)]
    if part.get_content_subtype() == "alternative":
        chosen = _best_alternative(children)
        for child in children:
            if chosen is not None and child is chosen:
                _collect(child, texts, attachments, problems)
            elif _is_attachment(child):
                attachments.append(_name(child))
        return
    if part.get_content_subtype() == "related" and children:
        _collect(children[0], texts, attachments, problems)  # the rest are its pictures
        return
    for child in children:
        _collect(child, texts, attachments, problems)


# Outlook's smiley: a Wingdings letter in the HTML, the bare letter ("J") in its text part.
SMILEY = re.compile(rb"font-family:\s*[\"']?wingdings[^>]*>\s*[JKL]\s*<", re.IGNORECASE)


def _best_alternative(children: list[EmailMessage]) -> EmailMessage | None:
    """text/plain when it says anything, else HTML, else the last (richest) part; but the HTML
    when it has a smiley its text part shows as a letter (Outlook's, R82)."""
    usable = [c for c in children if not _is_attachment(c)]
    html = next((c for c in usable if c.get_content_type() == "text/html"), None)
    if html is not None and any(c.get_content_type() == "text/plain" for c in usable):
        payload = html.get_payload(decode=True)
        if isinstance(payload, bytes) and SMILEY.search(payload):
            return html
    for kind in ("text/plain", "text/html"):
        for child in usable:
            if child.get_content_type() == kind:
                return child
    for child in usable:
        if child.is_multipart():
            return child
    return usable[-1] if usable else None


def _text_of(part: EmailMessage, problems: list[str]) -> str:
    content = _decoded(part, problems)
    subtype = part.get_content_subtype()
    if subtype == "html":
        return html_to_text(content)
    if subtype != "plain":
        return content
    if (_param(part, "format") or "").lower() == "flowed":
        return unflow(content, (_param(part, "delsp") or "").lower() == "yes")
    return content


def _decoded(part: EmailMessage, problems: list[str]) -> str:
    payload = part.get_payload(decode=True)
    data = payload if isinstance(payload, bytes) else b""
    charset = (_param(part, "charset") or "us-ascii").lower()
    try:
        codecs.lookup(charset)
    except LookupError:
        problems.append(f"the text is in a character set this program does not know "
                        f"({charset}); send it as UTF-8")
        return decode_text(data)
    if charset.lower() in ("us-ascii", "ascii"):  # clients label 8-bit text ASCII
        return decode_text(data)
    return data.decode(charset, errors="replace")


def unflow(text: str, delete_space: bool) -> str:
    """RFC 3676 format=flowed: a line ending in a space goes on on the next line; a quoted
    line keeps its quote marks, and a signature line `-- ` is never joined."""
    lines: list[str] = []
    joined = ""
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        if line.endswith(" ") and line != "-- " and not line.startswith(">"):
            joined += line[:-1] if delete_space else line
            continue
        lines.append(joined + line)
        joined = ""
    if joined:
        lines.append(joined)
    return "\n".join(lines)
