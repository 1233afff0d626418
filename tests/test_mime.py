"""Order messages as real mail clients send them (issue 7): charsets, transfer encodings,
format=flowed, multipart, attachments, HTML only."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from gm.game_data.dataset import GameData
from gm.orders.answer import judge_message
from orders_grammar.envelope import attachment_names, message_body, unflow
from orders_grammar.message import parse_message
from orders_grammar.names import Names
from tests.conftest import deployed

ORDERS = "GAME g\nPLAYER A\nPASSWORD p\nMOVE Тухачевский: PETR\nMOVE Trotsky: TVER-RYAZ\n"


def _mail(text: str, charset: str, cte: str) -> str:
    message = EmailMessage()
    message["From"] = "a@example.org"
    message["Subject"] = "приказы"
    message.set_content(text, charset=charset, cte=cte)
    return message.as_string()


@pytest.mark.parametrize(("charset", "cte"), [
    ("utf-8", "quoted-printable"), ("utf-8", "base64"), ("koi8-r", "quoted-printable"),
    ("windows-1251", "base64"), ("koi8-r", "8bit")])
def test_charsets_and_transfer_encodings(charset: str, cte: str) -> None:
    body = message_body(_mail(ORDERS, charset, cte))
    assert "MOVE Тухачевский: PETR" in body and "MOVE Trotsky: TVER-RYAZ" in body


def test_format_flowed_lines_are_joined() -> None:
    assert unflow("MOVE 152 111 \r\n112: TVER-RYAZ\r\n-- \r\nAnna", False) == (
        "MOVE 152 111 112: TVER-RYAZ\n-- \nAnna")
    raw = ("From: a@example.org\nContent-Type: text/plain; charset=utf-8; format=flowed\n\n"
           "GAME g\nPLAYER A\nMOVE Trotsky 111 \n112: TVER-RYAZ\n")
    assert "MOVE Trotsky 111 112: TVER-RYAZ" in message_body(raw)


def test_attachments_are_named_and_ignored(data: GameData) -> None:
    message = EmailMessage()
    message["From"] = "a@example.org"
    message.set_content("GAME g\nPLAYER A\nPASSWORD p\nQUIT\n")
    message.add_attachment(b"MOVE 152: TVER-RYAZ", maintype="application",
                           subtype="octet-stream", filename="orders.doc")
    raw = message.as_string()
    assert attachment_names(raw) == ["orders.doc"]
    verdict = judge_message(raw, deployed(data, "ABC"), data, "g", {})
    assert "orders.doc were not read" in verdict.text
    parsed = parse_message(raw, Names(data))
    assert [o.echo() for o in parsed.orders] == ["QUIT"]


def test_an_unknown_charset_is_read_as_nothing_not_a_crash(data: GameData) -> None:
    raw = ("From: a@example.org\nContent-Type: text/plain; charset=x-martian\n"
           "Content-Transfer-Encoding: base64\n\n!!!not base64!!!\n")
    verdict = judge_message(raw, deployed(data, "ABC"), data, "g", {})
    assert verdict.refused and not verdict.counts
