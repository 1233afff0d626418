"""A whole order message: header, orders, and every problem found (one bad line never hides
the others). `parse_message` raises only OrdersError, and only when the whole message must be
refused (no GAME block, or a TURN/PHASE line that is not the open phase)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gm.errors import GameError
from gm.orders.model import Order
from orders_grammar.envelope import message_body, order_block
from orders_grammar.names import Names
from orders_grammar.parser import Problem, parse_line

MAX_LINES = 20_000  # a message longer than this is refused whole rather than half read


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
class ParsedMessage:
    game: str
    player: str | None
    password: str | None
    declared: OpenPhase | None
    orders: tuple[Order, ...]
    problems: tuple[Problem, ...]
    lines: dict[int, str] = field(default_factory=dict)  # line number -> order text as read
    salt: str | None = None  # SALT <word>: the player's share of the phase's dice (docs/dice.md)

    @property
    def refused(self) -> bool:
        return bool(self.problems)


HEADER = re.compile(r"^(GAME|PLAYER|PASSWORD|TURN|PHASE|SALT)\b\s*(.*)$", re.IGNORECASE)
TURN_PHASE = re.compile(r"^TURN\s+(\d+)\s+PHASE\s+([12])$", re.IGNORECASE)
PRE_GAME = re.compile(r"^PHASE\s+(SETUP|TRADING)$", re.IGNORECASE)


def parse_message(raw: str, names: Names, open_phase: OpenPhase | None = None) -> ParsedMessage:
    body = message_body(raw)
    if body.count("\n") > MAX_LINES:
        raise OrdersError(f"the message has more than {MAX_LINES} lines; send the orders alone")
    lines = order_block(body)
    if not lines:
        raise OrdersError("no orders found: the orders begin with a line `GAME <game>`")
    header: dict[str, str] = {}
    declared: OpenPhase | None = None
    orders: list[Order] = []
    problems: list[Problem] = []
    texts: dict[int, str] = {}
    for line in lines:
        match = HEADER.match(line.text)
        is_game_end = line.text.upper().replace(" ", "") == "ENDGAME"
        if match and not is_game_end and not (match.group(1).upper() == "GAME" and orders):
            key, value = match.group(1).upper(), match.group(2).strip()
            if orders:
                problems.append(Problem(line.number, 1, line.text, "header lines (GAME, PLAYER, "
                                        "PASSWORD, TURN/PHASE, SALT) come before the orders"))
                continue
            if key in ("TURN", "PHASE"):
                declared = _phase(line.text, line.number, problems)
                continue
            if key in header:
                problems.append(Problem(line.number, 1, line.text, f"{key} is given twice"))
                continue
            if not value:
                problems.append(Problem(line.number, len(line.text) + 1, line.text,
                                        f"{key} needs a value"))
                continue
            header[key] = value
            continue
        result = parse_line(line.text, line.number, names)
        texts[line.number] = line.text
        if isinstance(result, Problem):
            problems.append(result)
        else:
            orders.append(result)
    player = header.get("PLAYER")
    if player is not None and not re.fullmatch(r"[A-Za-z]", player):
        problems.insert(0, Problem(0, 1, f"PLAYER {player}", "PLAYER is one letter"))
        player = None
    if open_phase is not None and declared is not None and declared != open_phase:
        raise OrdersError(f"these orders are for {declared.label()}, but {open_phase.label()} "
                          "is open: the message is refused as stale")
    return ParsedMessage(game=header.get("GAME", ""), player=player.upper() if player else None,
                         password=header.get("PASSWORD"), declared=declared,
                         orders=tuple(orders), problems=tuple(problems), lines=texts,
                         salt=header.get("SALT"))


def _phase(text: str, number: int, problems: list[Problem]) -> OpenPhase | None:
    match = TURN_PHASE.match(text)
    if match:
        return OpenPhase(int(match.group(1)), match.group(2))
    match = PRE_GAME.match(text)
    if match:
        return OpenPhase(None, match.group(1).upper())
    problems.append(Problem(number, 1, text, "write `TURN <n> PHASE <1|2>`, `PHASE SETUP` or "
                            "`PHASE TRADING`"))
    return None
