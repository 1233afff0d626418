"""No password at rest: PASSWORD values are taken out of a message before it is stored, in
every text part however it is encoded (plain or HTML, quoted-printable, base64, UTF-16,
quoted replies), wherever else the same value appears; so are the codes that confirm a new
password (`PASSWORD CONFIRM <code>`). SALT words stay: they are public
(docs/dice.md).

Where every occurrence of a value stands in the message's bytes as written (7-bit, 8-bit or
quoted-printable text in an ASCII-compatible charset: nearly all mail), the bytes are changed
in place and nothing else moves; otherwise the parts are decoded, changed and encoded again."""

from __future__ import annotations

import base64
import html
import quopri
import re
from email import policy
from email.message import EmailMessage

from gm.messages.html import html_to_text
from gm.messages.reading import parse_mail

REDACTED = "[redacted]"
# A PASSWORD line's value; `PASSWORD CONFIRM <code>`: the code is the value (R87), a secret as
# a password is, and it is the rest of the line however it is typed (`K284 PMDM 454T`).
SPACE = "[ \t\u00a0]"
PASSWORD_LINE = re.compile(rf"(?im)^([ \t>]*PASSWORD{SPACE}+)(CONFIRM{SPACE}+(?=[^\s#]))?(\S+)"
                           rf"((?(2)(?:{SPACE}+[^\s#]+)*|))")
# In HTML the value may sit behind tags or an entity: `<b>PASSWORD</b>&nbsp;<span>pw</span>`;
# a code runs on to the next tag or line end, its groups parted by spaces.
GAP = r"(?:\s|&nbsp;|&#160;|\u00a0|<[^>]{0,200}>)+"
BLANK = r"(?:[ \t\u00a0]|&nbsp;|&#160;)+"
PASSWORD_HTML = re.compile(rf"(?i)(PASSWORD{GAP}CONFIRM{GAP})([^<\s&]+(?:{BLANK}[^<\s&]+)*)|"
                           rf"(PASSWORD{GAP})([^<\s&]+)")
LITERAL = ("7bit", "8bit", "quoted-printable", "binary", "")


def password_values(text: str) -> set[str]:
    """The values of the PASSWORD lines of a text (a code with the spaces typed in it, and
    also written as the code mail writes it)."""
    values: set[str] = set()
    for match in PASSWORD_LINE.finditer(text):
        value = match.group(3) + match.group(4)
        if match.group(2):
            values |= _code_forms(value)
        elif value.upper() == "CONFIRM":
            continue  # `PASSWORD CONFIRM` without its code: no secret, and a common word
        values.add(value)
    return values - {REDACTED}


def _code_forms(code: str) -> set[str]:
    """A code as typed, also as the code mail writes it and run together (when it is one)."""
    plain = "".join(char for char in code if char.isascii() and char.isalnum())
    if len(plain) != 12:
        return set()
    forms = {plain, "-".join(plain[i:i + 4] for i in range(0, 12, 4))}
    return forms | {form.upper() for form in forms}


def redact_text(text: str) -> str:
    """A text with its PASSWORD lines' values replaced (a code's whole, however typed)."""
    return PASSWORD_LINE.sub(lambda m: m.group(1) + (m.group(2) or "") + REDACTED, text)


def _word(value: str) -> re.Pattern[str]:
    """A value as a word of its own; the spaces in it (a code typed in groups) any blank."""
    spaced = r"(?:\s|&nbsp;|&#160;)+".join(re.escape(part) for part in value.split())
    return re.compile(rf"(?<![\w-]){spaced}(?![\w-])")


def _html_sub(match: re.Match[str]) -> str:
    return (match.group(1) or match.group(3)) + REDACTED


def _without(text: str, values: set[str], is_html: bool) -> str:
    text = redact_text(text)
    if is_html:
        text = PASSWORD_HTML.sub(_html_sub, text)
    for value in sorted(values, key=len, reverse=True):
        for form in {value, html.escape(value)} if is_html else {value}:
            text = _word(form).sub(REDACTED, text)
    return text


def redact_message(raw: bytes, message: EmailMessage | None = None) -> bytes:
    """The message with every PASSWORD value taken out; the same bytes when it has none.
    `message`: `raw` already parsed (gm.messages.reading.parse_mail); it may be changed."""
    message = message if message is not None else parse_mail(raw)
    if message is None:
        text = raw.decode("utf-8", errors="replace")
        redacted = redact_text(text)
        return raw if redacted == text else redacted.encode("utf-8")
    parts = [p for p in message.walk() if p.get_content_maintype() == "text"
             and not p.is_multipart()]
    texts = [_content(p) for p in parts]
    values: set[str] = set()
    for part, text in zip(parts, texts, strict=True):
        plain = html_to_text(text) if part.get_content_subtype() == "html" else text
        values |= password_values(plain)
    if not values:
        return raw
    in_place = _in_place(raw, parts, texts, values)
    if in_place is not None:
        return in_place
    changed = False
    for part, text in zip(parts, texts, strict=True):
        clean = _without(text, values, part.get_content_subtype() == "html")
        if clean != text:
            _set_text(part, clean)
            changed = True
    return message.as_bytes(policy=policy.default.clone(linesep="\r\n")) if changed else raw


def _in_place(raw: bytes, parts: list[EmailMessage], texts: list[str],
              values: set[str]) -> bytes | None:
    """`raw` with the values replaced byte for byte, when each stands there as written."""
    if not all(v.isascii() and html.escape(v) == v and "=" not in v and v.split() == [v]
               for v in values):
        return None  # a value an encoding or HTML could have written otherwise, or blanks
    for part, text in zip(parts, texts, strict=True):
        encoding = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
        written = str(part.get_payload(decode=False))
        for value in values:
            found = len(_word(value).findall(text))
            if found and (encoding not in LITERAL or len(_word(value).findall(written)) < found
                          or not _ascii_compatible(part)):
                return None
    for value in sorted(values, key=len, reverse=True):
        raw = re.sub(rb"(?<![\w-])" + re.escape(value.encode()) + rb"(?![\w-])",
                     REDACTED.encode(), raw)
    return raw


def _ascii_compatible(part: EmailMessage) -> bool:
    charset = (part.get_content_charset() or "us-ascii").lower()
    return not charset.startswith(("utf-16", "utf-32", "utf-7"))


def _content(part: EmailMessage) -> str:
    payload = part.get_payload(decode=True)
    data = payload if isinstance(payload, bytes) else b""
    charset = part.get_content_charset() or "utf-8"
    try:
        return data.decode(charset, errors="replace")
    except LookupError:
        return data.decode("utf-8", errors="replace")


def _set_text(part: EmailMessage, text: str) -> None:
    """Put `text` back in the part, encoded as the part was (quoted-printable for 8-bit text,
    so the stored message stays 7-bit); every other header and parameter kept."""
    charset = part.get_content_charset() or "utf-8"
    try:
        data = text.encode(charset)
    except (LookupError, UnicodeEncodeError):
        charset, data = "utf-8", text.encode("utf-8")
        part.set_param("charset", charset)
    encoding = str(part.get("Content-Transfer-Encoding", "7bit")).strip().lower()
    if encoding == "base64":
        encoded = base64.encodebytes(data).decode("ascii")
    elif encoding != "quoted-printable" and data.isascii():
        encoded = data.decode("ascii")
    else:
        encoded = quopri.encodestring(data).decode("ascii")
        del part["Content-Transfer-Encoding"]
        part["Content-Transfer-Encoding"] = "quoted-printable"
    part.set_payload(encoded)
