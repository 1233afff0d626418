"""Requests and press read from a message (orders_grammar/requests.py): what is a request,
what is press text, and what is refused."""

from __future__ import annotations

import pytest

from gm.games.rcw.orders.messages import phase_forms_of
from orders_grammar.message import OpenPhase, OrdersError, read_envelope
from orders_grammar.requests import Press, Request

HEAD = "GAME g\nPLAYER a\nPASSWORD secret\n"


def test_requests_are_not_orders_and_keep_their_lines() -> None:
    envelope = read_envelope(HEAD + "status\nMOVE 152: TVER-RYAZ\nUnits\nREPORT turn 2 phase 1\n"
                             "PASSWORD new-secret\nHELP\n")
    assert [line.text for line in envelope.order_lines] == ["MOVE 152: TVER-RYAZ"]
    assert envelope.requests == (
        Request(4, "STATUS"), Request(6, "UNITS"), Request(7, "REPORT", 2, 1),
        Request(8, "PASSWORD", secret="new-secret"), Request(9, "HELP"))
    assert envelope.password == "secret" and not envelope.problems
    assert "new-secret" not in envelope.requests[3].echo()
    assert not envelope.help_only


def test_help_alone_is_help_only() -> None:
    assert read_envelope("GAME g\nHELP\n").help_only
    assert not read_envelope("GAME g\nHELP\nSTATUS\n").help_only


@pytest.mark.parametrize("line, message", [
    ("REPORT 3", "REPORT TURN <n> PHASE <1|2>"),
    ("REPORT TURN 3 PHASE 4", "REPORT TURN <n> PHASE <1|2>"),
    ("STATUS please", "STATUS takes nothing after it"),
    ("PRESS B", "PRESS TO <letters>"),
    ("PRESS TO Boris", "PRESS TO names player letters"),
])
def test_a_malformed_request_is_a_problem_of_its_line(line: str, message: str) -> None:
    text = HEAD + line + ("\nhello\nENDPRESS\n" if line.startswith("PRESS") else "\n")
    envelope = read_envelope(text, phase_forms_of("postal"))
    assert [p.line for p in envelope.problems] == [4]
    assert message in envelope.problems[0].message
    assert not envelope.requests and not envelope.press


def test_the_phases_a_message_names_are_its_games() -> None:
    """Before its game is known any phase is taken as written; then the game's forms say
    which it has: REPORT of a Player-Turn 3 to 6 in the standard game (4.2) only."""
    text = HEAD + "TURN 2 PHASE 5\nREPORT TURN 1 PHASE 4\n"
    unknown = read_envelope(text)
    assert unknown.declared == OpenPhase(2, "5") and not unknown.problems
    assert unknown.requests == (Request(5, "REPORT", 1, 4),)
    standard = read_envelope(text, phase_forms_of("standard"))
    assert standard.requests == (Request(5, "REPORT", 1, 4),) and not standard.problems
    postal = read_envelope(text, phase_forms_of("postal"))
    assert [p.line for p in postal.problems] == [5] and not postal.requests
    assert "PHASE <1|2>" in postal.problems[0].message
    bad = read_envelope(HEAD + "TURN 2 PHASE 7\nPHASE SOMETIME\n", phase_forms_of("standard"))
    assert [p.line for p in bad.problems] == [4, 5]
    assert all("`PHASE SETUP` or `PHASE TRADING`" in p.message for p in bad.problems)


def test_press_text_is_taken_as_written() -> None:
    text = (HEAD + "PRESS TO b, C anonymous\n  Tabs\tand # hashes stay,\n> quotes too,\n"
            "-- \nand a signature; END is no end here\nEND\nENDPRESS\nMOVE 152: TVER-RYAZ\n")
    envelope = read_envelope(text)
    assert envelope.press == (Press(4, ("B", "C"), True, "  Tabs and # hashes stay,\n"
                                    "> quotes too,\n-- \nand a signature; END is no end here\n"
                                    "END"),)
    assert [line.text for line in envelope.order_lines] == ["MOVE 152: TVER-RYAZ"]
    assert read_envelope(HEAD + "PRESS ANONYMOUS TO ALL\nhi\nENDPRESS\n").press[0].to == ("ALL",)


def test_press_before_the_game_line_is_not_press() -> None:
    envelope = read_envelope("PRESS TO B\nGAME g\nPLAYER A\nPASSWORD s\nSTATUS\n")
    assert envelope.press == () and envelope.requests == (Request(5, "STATUS"),)


def test_press_without_endpress_refuses_the_whole_message() -> None:
    with pytest.raises(OrdersError, match="no line ENDPRESS"):
        read_envelope(HEAD + "MOVE 152: TVER-RYAZ\nPRESS TO B\nhello\n")
