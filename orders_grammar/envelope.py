"""The envelope of an order message (docs/orders.md, The envelope): the GAME ... END block
in the text a player wrote, with comments, continuation lines, quotes and the end of the orders.

Without END, the orders end at the first reply or signature marker after the GAME line: the
signature delimiter `-- `, a quoted reply's `On ... wrote:`, `-----Original Message-----`,
Outlook's `From:`/`Sent:` block, a phone's `Sent from my ...`. Lines quoted with `>` are never
orders. Markers before the GAME line are passed over (a forwarded message has them on top)."""

from __future__ import annotations

import re
from dataclasses import dataclass

# (pattern, what the player is told) for the markers that end the orders without END.
END_MARKERS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^--\s*$"), "a signature line `-- `"),
    (re.compile(r"^-{2,}\s*Original Message\s*-{2,}", re.IGNORECASE),
     "an Outlook reply (`-----Original Message-----`)"),
    (re.compile(r"^-{2,}\s*Forwarded message\s*-{2,}", re.IGNORECASE), "a forwarded message"),
    (re.compile(r"^(Begin forwarded message|Anfang der weitergeleiteten)", re.IGNORECASE),
     "a forwarded message"),
    (re.compile(r"^_{8,}\s*$"), "a reply's separator line (`____`)"),
    (re.compile(r"^\**(From|De|Von|От|Van|Da)\s*:\**\s", re.IGNORECASE),
     "a quoted message's header (`From:`)"),
    (re.compile(r"^(Sent from|Sent with|Get Outlook for|Envoyé de|Von meinem|Отправлено с)\b",
                re.IGNORECASE), "a mailer's signature (`Sent from my ...`)"),
)
REPLY_INTRO = re.compile(r"^(On|Le|Am|El|Il|Op|В)\s.*", re.IGNORECASE)
REPLY_WROTE = re.compile(r"(wrote|a écrit|schrieb|escribió|ha scritto|schreef|написал\w*)\s*:\s*$",
                         re.IGNORECASE)
GAME_LINE = re.compile(r"^\s*GAME\b", re.IGNORECASE)
PRESS_LINE = re.compile(r"^\s*PRESS\b", re.IGNORECASE)
PRESS_END = "ENDPRESS"
# Word processors and phones turn a typed hyphen into a dash, and spaces into odd ones.
DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"),
                       "-")
SPACES = dict.fromkeys(map(ord, "\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
                                "\u200a\u202f\u205f\u3000\t"), " ")


@dataclass(frozen=True)
class Line:
    number: int  # 1-based line of the text where it starts
    text: str  # comments removed, continuations joined, trimmed


@dataclass(frozen=True)
class EndMark:
    """Where and why the orders ended before the end of the message."""

    line: int
    text: str  # the line as written
    reason: str  # "END", or what the marker is

    def describe(self) -> str:
        return "END" if self.reason == "END" else f"{self.reason}: {self.text.strip()[:60]}"


@dataclass(frozen=True)
class PressText:
    """A PRESS line and the lines after it up to ENDPRESS, as written (no comments taken
    out, no end marker heeded: press is the player's own words)."""

    number: int
    header: str
    body: str
    closed: bool  # False: no ENDPRESS; the message is refused whole


@dataclass(frozen=True)
class Block:
    lines: tuple[Line, ...]
    first: int  # the GAME line's number (0 without one)
    end: EndMark | None  # None: the orders ran to the end of the message
    press: tuple[PressText, ...] = ()


def normal_order_text(text: str) -> str:
    """An order line as the grammar reads it: dashes as hyphens, odd spaces as spaces."""
    return text.translate(DASHES)


def _marker(lines: list[str], index: int) -> str | None:
    line = lines[index].strip()
    for pattern, reason in END_MARKERS:
        if pattern.match(line):
            return reason
    if REPLY_INTRO.match(line):
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if REPLY_WROTE.search(line) or REPLY_WROTE.search(f"{line} {following}"):
            return "a quoted reply (`On ... wrote:`)"
    return None


def order_block(body: str) -> Block:
    """The lines from the first `GAME` line to `END`, an end marker, or the end; and the
    press blocks among them."""
    lines = body.replace("\r\n", "\n").replace("\r", "\n").translate(SPACES).split("\n")
    result: list[Line] = []
    press: list[PressText] = []
    first = 0
    pending: Line | None = None
    index = -1
    while index + 1 < len(lines):
        index += 1
        raw, number = lines[index], index + 1
        if raw.lstrip().startswith(">"):
            continue  # quoted report or earlier message
        if first:
            if pending is None and PRESS_LINE.match(raw):
                closing = next((i for i in range(index + 1, len(lines))
                                if lines[i].strip().upper() == PRESS_END), None)
                press.append(PressText(number, raw.strip(), "\n".join(
                    lines[index + 1:closing]).strip("\n"), closing is not None))
                if closing is None:
                    return Block(_flush(result, pending), first, None, tuple(press))
                index = closing
                continue
            reason = _marker(lines, index)
            if reason:
                return Block(_flush(result, pending), first, EndMark(number, raw, reason),
                             tuple(press))
        text = raw.split("#", 1)[0].rstrip()
        if not first:
            if not GAME_LINE.match(text):
                continue
            first = number
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
            return Block(tuple(result), first, EndMark(number, raw, "END"), tuple(press))
        result.append(Line(number, stripped))
    return Block(_flush(result, pending), first, None, tuple(press))


def _flush(result: list[Line], pending: Line | None) -> tuple[Line, ...]:
    if pending is not None and pending.text.strip():
        result.append(Line(pending.number, pending.text.strip()))
    return tuple(result)
