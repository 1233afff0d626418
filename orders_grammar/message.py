"""A whole order message: header, orders, and every problem found (one bad line never hides
the others). It is read in two steps so that a message is authenticated before its orders are
parsed: `read_envelope` (the GAME ... END block and its header lines), then `parse_orders`.
Both raise only OrdersError, and only when the whole message must be refused."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from gm.core.dice import SALT_WORD, salt_of
from gm.core.errors import GameError
from orders_grammar.envelope import EndMark, Line, normal_order_text, order_block
from orders_grammar.problem import Problem
from orders_grammar.requests import (
    Press,
    Request,
    confirms,
    read_new_password,
    read_press,
    read_request,
)

MAX_LINES = 20_000  # a message longer than this is refused whole rather than half read
MAX_LINE_CHARS = 1_000  # an order line longer than this is refused before it is parsed
SHOWN_CHARS = 72  # how much of an over-long line the answer shows

if TYPE_CHECKING:  # the orders' base class: pydantic, which reading a message does not need
    from gm.orders.order import Order

OrderT = TypeVar("OrderT", bound="Order")
OrderT_co = TypeVar("OrderT_co", bound="Order", covariant=True)
# A game system's grammar: one order line (and its number) -> a typed order, or the problem
LineReader = Callable[[str, int], OrderT | Problem]


class OrdersError(GameError):
    """The whole message is refused; the reason is for the player."""


@dataclass(frozen=True)
class OpenPhase:
    """The phase orders are taken for: `TURN 3 PHASE 1`, or `PHASE SETUP`/`PHASE TRADING`."""

    turn: int | None
    phase: str  # "1", "2", "SETUP", "TRADING"

    def label(self) -> str:
        return f"TURN {self.turn} PHASE {self.phase}" if self.turn else f"PHASE {self.phase}"


@dataclass(frozen=True)
class PhaseForms:
    """The phases a game's messages may name, as its game system gives them (per mode): a
    message is read by them once its campaign is known; before, any phase word is taken and
    only the form of the line is checked."""

    numbered: tuple[str, ...]  # `TURN <n> PHASE <p>`: the phases of a Game-Turn
    named: tuple[str, ...]  # `PHASE <name>`: the stages before play
    reported: tuple[str, ...]  # `REPORT TURN <n> PHASE <p>`: the phases a report is kept of
    phase_hint: str  # how to write the phase line, as a refusal says it
    report_hint: str  # how to write REPORT with a phase, likewise


@dataclass(frozen=True)
class Envelope:
    """The header of an order message and its order lines, not yet parsed."""

    game: str
    player: str | None
    password: str | None
    declared: OpenPhase | None
    salt: str | None  # of SALT <word>: the player's share of the phase's dice (salt_of)
    first: int  # the GAME line
    last: int  # the last line of the block read
    end: EndMark | None
    order_lines: tuple[Line, ...]
    problems: tuple[Problem, ...]  # of the header and request lines
    requests: tuple[Request, ...] = ()  # HELP, STATUS, REPORT, UNITS, a new PASSWORD
    press: tuple[Press, ...] = ()
    forms: PhaseForms | None = None  # the game's phases it was read by; None: not yet known

    @property
    def help_only(self) -> bool:
        """Nothing asked but HELP: answered without a password (it tells nothing private)."""
        return bool(self.requests) and not self.order_lines and not self.press and all(
            r.kind == "HELP" for r in self.requests)

    def stale_for(self, open_phase: OpenPhase) -> str | None:
        """Why the message is refused as stale, or None."""
        if self.declared is not None and self.declared != open_phase:
            return (f"these orders are for {self.declared.label()}, but {open_phase.label()} "
                    "is open: the message is refused as stale")
        return None


@dataclass(frozen=True)
class ParsedMessage(Generic[OrderT_co]):
    game: str
    player: str | None
    password: str | None
    declared: OpenPhase | None
    orders: tuple[OrderT_co, ...]
    problems: tuple[Problem, ...]
    lines: dict[int, str] = field(default_factory=dict)  # line number -> order text as read
    salt: str | None = None  # of SALT <word>: his share of the phase's dice (core.dice.salt_of)
    first: int = 0  # the GAME line
    last: int = 0  # the last line read as an order or header
    end: EndMark | None = None

    @property
    def refused(self) -> bool:
        return bool(self.problems)


HEADER = re.compile(r"^(GAME|PLAYER|PASSWORD|TURN|PHASE|SALT)\b\s*(.*)$", re.IGNORECASE)
# Which phases a game has is its system's to say (PhaseForms); the reader knows their forms.
TURN_PHASE = re.compile(r"^TURN\s+(\d+)\s+PHASE\s+(\w+)$", re.IGNORECASE)
PRE_GAME = re.compile(r"^PHASE\s+(\w+)$", re.IGNORECASE)
SALT_FORM = ("SALT is one word of 1 to 32 letters, digits and '-', a random one of your own "
             "(docs/dice.md): a salt carries no text")
PHASE_FORMS = "write `TURN <n> PHASE <p>` or `PHASE <name>` (HELP names this game's phases)"


def read_envelope(text: str, forms: PhaseForms | None = None) -> Envelope:
    """The envelope of a message; `forms`: the phases its game names now (None: its game is not
    known yet, so that any phase is taken as written)."""
    if text.count("\n") > MAX_LINES:
        raise OrdersError(f"the message has more than {MAX_LINES} lines; send the orders alone")
    block = order_block(text)
    if not block.lines and not block.press:
        raise OrdersError("no orders found: the orders begin with a line `GAME <game>`")
    unclosed = next((p for p in block.press if not p.closed), None)
    if unclosed is not None:
        raise OrdersError(f"the PRESS of line {unclosed.number} has no line ENDPRESS after its "
                          "text, so where it ends is not known: nothing is sent and no order "
                          "is read")
    header: dict[str, str] = {}
    declared: OpenPhase | None = None
    problems: list[Problem] = []
    orders: list[Line] = []
    requests: list[Request] = []
    for line in block.lines:
        request = read_request(line.text, line.number, None if forms is None else (
            forms.reported, forms.report_hint)) if len(line.text) <= MAX_LINE_CHARS else None
        if isinstance(request, Problem):
            problems.append(request)
            continue
        if request is not None:
            requests.append(request)
            continue
        match = HEADER.match(line.text) if len(line.text) <= MAX_LINE_CHARS else None
        is_game_end = line.text.upper().replace(" ", "") == "ENDGAME"
        if not match or is_game_end or (match.group(1).upper() == "GAME" and orders):
            orders.append(line)
            continue
        key, value = match.group(1).upper(), match.group(2).strip()
        if key == "PASSWORD" and value and ("PASSWORD" in header or confirms(value)):
            # A second PASSWORD line, or `PASSWORD CONFIRM <code>` wherever it stands (before
            # the present password too: no password has a space in it).
            asked = read_new_password(value, line.number, line.text)  # new, or its code
            if isinstance(asked, Problem):
                problems.append(asked)
            else:
                requests.append(asked)
        elif orders:
            problems.append(Problem(line.number, 1, line.text, "header lines (GAME, PLAYER, "
                                    "PASSWORD, TURN/PHASE, SALT) come before the orders"))
        elif key in ("TURN", "PHASE"):
            declared = _phase(line.text, line.number, problems, forms)
        elif key in header:
            problems.append(Problem(line.number, 1, line.text, f"{key} is given twice"))
        elif not value:
            problems.append(Problem(line.number, len(line.text) + 1, line.text,
                                    f"{key} needs a value"))
        elif key == "SALT" and not SALT_WORD.fullmatch(value):
            problems.append(Problem(line.number, 1, line.text[:SHOWN_CHARS], SALT_FORM))
        else:
            header[key] = value
    press = [read_press(p.header, p.number, p.body) for p in block.press]
    problems += [p for p in press if isinstance(p, Problem)]
    player = header.get("PLAYER")
    if player is not None and not re.fullmatch(r"[A-Za-z]", player):
        problems.insert(0, Problem(0, 1, f"PLAYER {player}", "PLAYER is one letter"))
        player = None
    return Envelope(game=header.get("GAME", ""), player=player.upper() if player else None,
                    password=header.get("PASSWORD"), declared=declared,
                    salt=salt_of(header["SALT"]) if "SALT" in header else None,
                    first=block.first, last=max([block.lines[-1].number if block.lines else 0,
                                                 *(p.number for p in block.press)]),
                    end=block.end, order_lines=tuple(orders), problems=tuple(problems),
                    requests=tuple(requests),
                    press=tuple(p for p in press if isinstance(p, Press)), forms=forms)


def envelope_or_error(text: str, forms: PhaseForms | None = None) -> Envelope | OrdersError:
    """`read_envelope`, with the refusal as a value (to be read once and used twice)."""
    try:
        return read_envelope(text, forms)
    except OrdersError as exc:
        return exc


def parse_orders(envelope: Envelope, read_line: LineReader[OrderT],
                 max_line_chars: int = MAX_LINE_CHARS) -> ParsedMessage[OrderT]:
    """The order lines of the envelope, each read by the game system's grammar."""
    orders: list[OrderT] = []
    problems = list(envelope.problems)
    texts: dict[int, str] = {}
    for line in envelope.order_lines:
        if len(line.text) > max_line_chars:
            problems.append(Problem(line.number, 1, line.text[:SHOWN_CHARS] + " ...",
                                    f"this line is {len(line.text):,} characters long; an "
                                    f"order line has at most {max_line_chars:,}"))
            continue
        text = normal_order_text(line.text)
        result = read_line(text, line.number)
        texts[line.number] = text
        if isinstance(result, Problem):
            problems.append(result)
        else:
            orders.append(result)
    return ParsedMessage(game=envelope.game, player=envelope.player,
                         password=envelope.password, declared=envelope.declared,
                         orders=tuple(orders), problems=tuple(problems), lines=texts,
                         salt=envelope.salt, first=envelope.first, last=envelope.last,
                         end=envelope.end)


def parse_message(text: str, read_line: LineReader[OrderT],
                  open_phase: OpenPhase | None = None) -> ParsedMessage[OrderT]:
    """Both steps at once, for text that needs no authentication (cases, tools)."""
    envelope = read_envelope(text)
    stale = envelope.stale_for(open_phase) if open_phase is not None else None
    if stale:
        raise OrdersError(stale)
    return parse_orders(envelope, read_line)


def _phase(text: str, number: int, problems: list[Problem],
           forms: PhaseForms | None) -> OpenPhase | None:
    match = TURN_PHASE.match(text)
    if match and (forms is None or match.group(2).upper() in forms.numbered):
        return OpenPhase(int(match.group(1)), match.group(2).upper())
    match = None if match else PRE_GAME.match(text)
    if match and (forms is None or match.group(1).upper() in forms.named):
        return OpenPhase(None, match.group(1).upper())
    problems.append(Problem(number, 1, text, PHASE_FORMS if forms is None else forms.phase_hint))
    return None
