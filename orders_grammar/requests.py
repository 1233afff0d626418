"""What a player asks of the judge besides orders (docs/player-guide.md, Asking the judge):
`HELP`, `STATUS`, `REPORT [TURN n PHASE p]`, `UNITS`, a second `PASSWORD` line (the new
one, or `PASSWORD CONFIRM <code>`: the code mailed to confirm it), and press: `PRESS TO
<letters>|ALL [ANONYMOUS]`, its text, `ENDPRESS`. None of them is an order: a message of
requests alone leaves the player's orders as they were."""

from __future__ import annotations

import re
from dataclasses import dataclass

from orders_grammar.problem import Problem

KINDS = ("HELP", "STATUS", "REPORT", "UNITS", "PASSWORD")
REQUEST = re.compile(r"^(HELP|STATUS|REPORT|UNITS)\b\s*(.*)$", re.IGNORECASE)
REPORT_OF = re.compile(r"^TURN\s+(\d+)\s+PHASE\s+(\d+)$", re.IGNORECASE)
REPORT_FORMS = "REPORT TURN <n> PHASE <p>"
PRESS_START = re.compile(r"^\s*PRESS\b(.*)$", re.IGNORECASE)
PRESS_END = "ENDPRESS"
CONFIRM = re.compile(r"^CONFIRM(?:\s+(.*))?$", re.IGNORECASE)
PRESS_TO = re.compile(r"^(?:(ANONYMOUS)\s+)?TO\s+(.+?)(?:\s+(ANONYMOUS))?$", re.IGNORECASE)
ALL = "ALL"


@dataclass(frozen=True)
class Request:
    """One request line: its kind and what it names."""

    line: int
    kind: str  # one of KINDS
    turn: int | None = None  # REPORT TURN n PHASE p
    phase: int | None = None
    secret: str | None = None  # PASSWORD: the new password, or the code; never echoed
    confirm: bool = False  # PASSWORD CONFIRM <code>: a change asked before, confirmed

    def echo(self) -> str:
        if self.kind == "PASSWORD":
            return "PASSWORD CONFIRM (the code)" if self.confirm else "PASSWORD (a new one)"
        if self.kind == "REPORT" and self.turn is not None:
            return f"REPORT TURN {self.turn} PHASE {self.phase}"
        return self.kind


@dataclass(frozen=True)
class Press:
    """A press message to other players: its recipients (letters, or ALL) and its text as
    written, between the PRESS line and ENDPRESS."""

    line: int
    to: tuple[str, ...]  # upper-case letters; ("ALL",) for every other player
    anonymous: bool
    text: str

    def echo(self) -> str:
        return f"PRESS TO {' '.join(self.to)}{' ANONYMOUS' if self.anonymous else ''}"


def read_request(text: str, number: int, reported: tuple[tuple[str, ...], str] | None = None
                 ) -> Request | Problem | None:
    """A request line, the problem with one, or None when the line is not a request;
    `reported`: the phases the game keeps reports of and how to write them (None: its game is
    not known yet, so that any phase is taken)."""
    match = REQUEST.match(text)
    if not match:
        return None
    kind, rest = match.group(1).upper(), match.group(2).strip()
    if kind == "REPORT" and rest:
        of = REPORT_OF.match(rest)
        if of is None or (reported is not None and str(int(of.group(2))) not in reported[0]):
            return Problem(number, len(text) - len(rest) + 1, text,
                           "write REPORT alone (the last report) or "
                           f"{REPORT_FORMS if reported is None else reported[1]}")
        return Request(number, kind, int(of.group(1)), int(of.group(2)))
    if rest:
        return Problem(number, len(text) - len(rest) + 1, text, f"{kind} takes nothing after it")
    return Request(number, kind)


def confirms(value: str) -> bool:
    """Whether a PASSWORD line's value is `CONFIRM <code>` (a code sent back), which no
    password is: a password has no space in it."""
    match = CONFIRM.match(value)
    return match is not None and bool((match.group(1) or "").strip())


def read_new_password(value: str, number: int, text: str) -> Request | Problem:
    """A second PASSWORD line's value: a new password, or `CONFIRM <code>`."""
    match = CONFIRM.match(value)
    if match is None:
        return Request(number, "PASSWORD", secret=value)
    code = (match.group(1) or "").strip()
    if not code:
        return Problem(number, len(text) + 1, text, "write PASSWORD CONFIRM and the code that "
                       "was mailed to you")
    return Request(number, "PASSWORD", secret=code, confirm=True)


def read_press(header: str, number: int, body: str) -> Press | Problem:
    """`PRESS TO B C`, `PRESS TO ALL ANONYMOUS`, `PRESS ANONYMOUS TO B`."""
    rest = PRESS_START.match(header)
    words = rest.group(1).strip() if rest else ""
    match = PRESS_TO.match(words)
    if match is None:
        return Problem(number, 1, header, "write PRESS TO <letters> or PRESS TO ALL, then the "
                       "text, then a line ENDPRESS")
    letters = [w.upper() for w in re.split(r"[\s,]+", match.group(2)) if w]
    if letters == [ALL]:
        to: tuple[str, ...] = (ALL,)
    elif all(re.fullmatch(r"[A-Z]", w) for w in letters):
        to = tuple(dict.fromkeys(letters))
    else:
        return Problem(number, 1, header, "PRESS TO names player letters (B C) or ALL")
    return Press(number, to, bool(match.group(1) or match.group(3)), body)
