"""Order messages read with this game's grammar: the common message reader
(orders_grammar.message) given the line parser for a data set's names."""

from __future__ import annotations

from gm.games.rcw.grammar.names import Names
from gm.games.rcw.grammar.parser import line_reader
from gm.games.rcw.orders.model import Order
from orders_grammar import message
from orders_grammar.message import MAX_LINE_CHARS, Envelope, OpenPhase, ParsedMessage

Parsed = ParsedMessage[Order]


def parse_orders(envelope: Envelope, names: Names,
                 max_line_chars: int = MAX_LINE_CHARS) -> Parsed:
    return message.parse_orders(envelope, line_reader(names), max_line_chars)


def parse_message(text: str, names: Names, open_phase: OpenPhase | None = None) -> Parsed:
    return message.parse_message(text, line_reader(names), open_phase)
