"""The player's guide to Decision in Galicia (docs/player-guide-gwe.md, issue 29): every
example message is read by the game's own reader on the galician data set a campaign plays,
its envelope by the game's phases (`TURN n PHASE 1-6`, `PHASE SETUP`), without a problem;
every order kind of the game and every request is shown."""

from __future__ import annotations

import typing

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.grammar.forms import phase_forms_of
from gm.games.gwe.grammar.messages import parse_orders
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.grammar.parser import parse_line
from gm.games.gwe.orders import model as m
from gm.games.gwe.setup.stages import SETUP_FORMS
from gm.games.registry import system_for
from orders_grammar import requests
from orders_grammar.message import Envelope, ParsedMessage, read_envelope
from orders_grammar.problem import Problem
from tests.test_own_docs import DOCS, blocks

GUIDE = DOCS / "player-guide-gwe.md"


def galician_names() -> Names:
    data = system_for("gwe").load_data()
    assert isinstance(data, GweData)
    return Names(data)


def envelopes() -> list[Envelope]:
    """The guide's messages, each read by the phases the game names then."""
    return [read_envelope(text, SETUP_FORMS if "PHASE SETUP" in text else phase_forms_of())
            for text in blocks(GUIDE, "message")]


def messages() -> list[ParsedMessage[m.Order]]:
    names = galician_names()
    return [parse_orders(envelope, names) for envelope in envelopes()]


def test_every_message_of_the_guide_is_read_without_a_problem() -> None:
    read = messages()
    assert len(read) >= 7
    for parsed in read:
        assert parsed.problems == (), [p.render() for p in parsed.problems]
        assert parsed.game == "east"
        assert not any(isinstance(o, Problem) for o in parsed.orders)


def test_the_guide_shows_every_order_kind_and_every_request() -> None:
    read = messages()
    names = galician_names()
    lines = [line.split("#", 1)[0].strip() for body in blocks(GUIDE, "orders")
             for line in body.splitlines()]
    loose = [parse_line(line, 1, names) for line in lines if line]
    assert all(isinstance(o, m.Order) for o in loose), loose
    shown = {o.kind for parsed in read for o in parsed.orders} | {
        o.kind for o in loose if isinstance(o, m.Order)}
    kinds = {typing.get_args(kind.model_fields["kind"].annotation)[0]
             for kind in m.Order.__subclasses__()}
    assert kinds - shown == set()
    asked = {r.kind for e in envelopes() for r in e.requests}
    assert {"HELP", "STATUS", "REPORT", "UNITS"} <= asked <= set(requests.KINDS)
    assert any(r.turn == 7 and r.phase == 3 for e in envelopes() for r in e.requests)
    assert any(e.press for e in envelopes())
    assert {parsed.player for parsed in read} == {"C", "E", None}  # None: HELP alone
