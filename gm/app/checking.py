"""`gm orders check` and `gm orders echo`: a message judged as its answer will judge it, against
a campaign's open phase, an adjudication case's position, or the order language alone."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gm.app.campaign import CONFIG_FILE, open_campaign
from gm.app.judge import Roster, Verdict, in_game, judge, password_roster
from gm.core.errors import GameError
from gm.games.registry import DEFAULT, system_for
from gm.messages.reading import read_message
from gm.orders.order import Order
from gm.reporting.answer import answer
from orders_grammar.message import (
    MAX_LINE_CHARS,
    Envelope,
    OrdersError,
    ParsedMessage,
    read_envelope,
)
from orders_grammar.problem import Problem


def check_with_campaign(raw: bytes, folder: Path) -> Verdict:
    """The answer the player would get by mail now (password, address and all); requests
    are answered as they would be, but nothing is sent or changed."""
    opened = open_campaign(folder)
    reading = read_message(raw)
    state = opened.latest().state
    envelope = in_game(reading.text, None, opened.system, state)
    verdict = judge(reading, state, opened.data, password_roster(opened),
                    opened.system, envelope=envelope)
    if not isinstance(envelope, Envelope) or not (envelope.requests or envelope.press):
        return verdict
    from gm.app.requests import answer_requests, asks, joined  # lazy: a message that asks

    if not asks(envelope, verdict.disposition):
        return verdict
    granted = answer_requests(opened, envelope, verdict.player, "check", None,
                              with_orders=verdict.message is not None,
                              sender=reading.sender, subject=reading.subject)
    return replace(verdict, text=joined(verdict.text, granted))


def check_with_case(raw: bytes, case_file: Path, game: str = DEFAULT) -> Verdict:
    """The answer against an adjudication case's position (no password is asked)."""
    system = system_for(game)
    data, state = system.case_position(case_file)
    return judge(read_message(raw), state, data, Roster(None, None), system)


def check_language(raw: bytes, game: str = DEFAULT) -> tuple[str, bool]:
    """The order language alone, on the embedded data set: (the answer, anything refused)."""
    system = system_for(game)
    data = system.load_data()
    try:
        message = system.parse_orders(read_envelope(read_message(raw).text), data,
                                      MAX_LINE_CHARS)
    except OrdersError as exc:
        return f"Your message was refused: {exc}.\nNothing in it counts.\n", True
    missing = [] if message.player else [
        Problem(0, 1, "PLAYER", "no PLAYER line: whose orders are these?")]
    result = answer(message, missing, None, lambda order: system.order_comment(order, data))
    return result.text, result.refused


def read_orders(raw: bytes, game: str = DEFAULT) -> ParsedMessage[Order]:
    """A message's orders in normal form, for `gm orders echo` (OrdersError if none)."""
    system = system_for(game)
    return system.parse_orders(read_envelope(read_message(raw).text), system.load_data(),
                               MAX_LINE_CHARS)


def message_game(raw: bytes, game: str | None) -> str:
    """The game to read a message by: `game` if given, else that of the campaign its GAME line
    names when a folder of that name here holds one, else the default game."""
    if game:
        return game
    try:
        named = read_envelope(read_message(raw).text).game
    except OrdersError:
        return DEFAULT
    folder = Path(named)
    if named and (folder / CONFIG_FILE).is_file():
        try:
            return open_campaign(folder).system.name
        except GameError:
            return DEFAULT
    return DEFAULT
