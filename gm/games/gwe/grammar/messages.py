"""Order messages of Great War in the East: the common envelope (orders_grammar.message:
GAME, PLAYER, PASSWORD, TURN n PHASE p, END, requests) read with this game's line parser."""

from __future__ import annotations

from gm.games.gwe.grammar.names import Names
from gm.games.gwe.grammar.parser import line_reader
from gm.games.gwe.orders.model import Order
from orders_grammar import message
from orders_grammar.message import MAX_LINE_CHARS, Envelope, OpenPhase, ParsedMessage

Parsed = ParsedMessage[Order]


def parse_orders(envelope: Envelope, names: Names,
                 max_line_chars: int = MAX_LINE_CHARS) -> Parsed:
    """A mailed message's order lines, its envelope read already."""
    return message.parse_orders(envelope, line_reader(names), max_line_chars)


def parse_message(text: str, names: Names, open_phase: OpenPhase | None = None) -> Parsed:
    return message.parse_message(text, line_reader(names), open_phase)
