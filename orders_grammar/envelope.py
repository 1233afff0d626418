"""The envelope of an order message: the body of the e-mail, the GAME ... END block in it,
quotes, signatures, comments and continuation lines (shared/spec/orders.md, Envelope)."""

from __future__ import annotations

import email
import email.policy
import re
from dataclasses import dataclass
from html.parser import HTMLParser

BLOCK_TAGS = {"p", "div", "br", "li", "tr", "pre", "h1", "h2", "h3", "h4", "blockquote",
              "table", "ul", "ol"}
HEADER_LINE = re.compile(r"^(From|To|Subject|Date|Content-Type|MIME-Version|Message-ID)\s*:",
                         re.IGNORECASE)


class _TextOfHtml(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.quote_depth = 0
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "head"):
            self.skip += 1
        if tag == "blockquote":
            self.quote_depth += 1  # quoted text in HTML mail: treat as "> " lines
        if tag in BLOCK_TAGS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head"):
            self.skip = max(self.skip - 1, 0)
        if tag == "blockquote":
            self.quote_depth = max(self.quote_depth - 1, 0)
        if tag in BLOCK_TAGS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.quote_depth:
            data = "\n".join("> " + line for line in data.split("\n"))
        self.parts.append(data)


def html_to_text(html: str) -> str:
    parser = _TextOfHtml()
    parser.feed(html)
    parser.close()
    text = "".join(parser.parts).replace("\xa0", " ")
    return "\n".join(line.rstrip() for line in text.splitlines())


def message_body(raw: str) -> str:
    """The text a player wrote: a whole e-mail (its text/plain part, else its HTML as text),
    or the text itself when it is not an e-mail."""
    if not HEADER_LINE.match(raw.lstrip()):
        return raw
    message = email.message_from_string(raw, policy=email.policy.default)
    try:
        body = message.get_body(preferencelist=("plain", "html"))
        if body is None:
            return ""
        content = str(body.get_content())
    except (LookupError, ValueError, KeyError):  # an unknown charset, a broken encoding
        return ""
    if body.get_content_type() == "text/html":
        return html_to_text(content)
    if str(body.get_param("format", "")).lower() == "flowed":
        return unflow(content, str(body.get_param("delsp", "")).lower() == "yes")
    return content


def unflow(text: str, delete_space: bool) -> str:
    """RFC 3676 format=flowed: a line ending in a space goes on on the next line."""
    lines: list[str] = []
    joined = ""
    for line in text.split("\n"):
        line = line.rstrip("\r")
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        if line.endswith(" ") and line != "-- ":
            joined += line[:-1] if delete_space else line
            continue
        lines.append(joined + line)
        joined = ""
    if joined:
        lines.append(joined)
    return "\n".join(lines)


def attachment_names(raw: str) -> list[str]:
    """The attachments of an e-mail, which are never read for orders."""
    if not HEADER_LINE.match(raw.lstrip()):
        return []
    message = email.message_from_string(raw, policy=email.policy.default)
    try:
        return [part.get_filename() or part.get_content_type()
                for part in message.iter_attachments()]
    except (AttributeError, KeyError, ValueError):
        return []


@dataclass(frozen=True)
class Line:
    number: int  # 1-based line of the message where it starts
    text: str  # comments removed, continuations joined, trimmed


def order_block(body: str) -> list[Line]:
    """The lines from the first `GAME` line to `END` (or a signature, or the end)."""
    lines = body.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    result: list[Line] = []
    started = False
    pending: Line | None = None
    for number, raw in enumerate(lines, start=1):
        if raw.lstrip().startswith(">"):
            continue  # quoted report or earlier message
        if raw.rstrip() == "--":
            break  # signature: "-- " alone on a line (mailers may drop the space)
        text = raw.split("#", 1)[0].rstrip()
        if not started:
            if not re.match(r"^\s*GAME\b", text, re.IGNORECASE):
                continue
            started = True
        if pending is not None:
            text = pending.text + " " + text.strip()
            number = pending.number
            pending = None
        if text.endswith("\\"):
            pending = Line(number, text[:-1].rstrip())
            continue
        stripped = text.strip()
        if not stripped:
            continue
        if stripped.upper() == "END":
            break
        result.append(Line(number, stripped))
    if pending is not None and pending.text.strip():
        result.append(Line(pending.number, pending.text.strip()))
    return result
