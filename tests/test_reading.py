"""One reading of a message (gm.messages.reading, orders_grammar.envelope): what clients send,
decoded to the text the player wrote, and the end of the orders in it (issue 10)."""

from __future__ import annotations

import base64
from email.message import EmailMessage

import pytest

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.messages.html import html_to_text
from gm.messages.reading import read_message, unflow
from orders_grammar.envelope import order_block

ORDERS = "GAME g\nPLAYER A\nPASSWORD p\nMOVE Тухачевский: PETR\nMOVE Trotsky: TVER-RYAZ\n"
DELIVERY = (b"Return-Path: <anna@example.org>\r\nDelivered-To: gm@example.org\r\n"
            b"Received: from mx.example.org by imap.example.org with LMTP id 7; "
            b"Sun, 29 Nov 2026 10:00:00 +0000\r\nReceived: from [192.0.2.1] by mx.example.org "
            b"with ESMTPSA id 3\r\n\tfor <gm@example.org>; Sun, 29 Nov 2026 09:59:59 +0000\r\n")


def _mail(text: str, charset: str, cte: str) -> bytes:
    message = EmailMessage()
    message["From"] = "Anna <a@example.org>"
    message["Subject"] = "приказы"
    message.set_content(text, charset=charset, cte=cte)
    return message.as_bytes()


@pytest.mark.parametrize(("charset", "cte"), [
    ("utf-8", "quoted-printable"), ("utf-8", "base64"), ("koi8-r", "quoted-printable"),
    ("windows-1251", "base64"), ("koi8-r", "8bit")])
def test_charsets_and_transfer_encodings_as_delivered(charset: str, cte: str) -> None:
    reading = read_message(DELIVERY + _mail(ORDERS, charset, cte))
    assert reading.is_email and reading.text == ORDERS
    assert (reading.sender, reading.subject) == ("a@example.org", "приказы")


def test_utf_16_as_outlook_sends_it() -> None:
    body = base64.encodebytes(ORDERS.replace("\n", "\r\n").encode("utf-16"))
    raw = (DELIVERY + b"From: a@example.org\r\nMIME-Version: 1.0\r\nContent-Type: text/plain;"
           b"\r\n\tcharset=\"utf-16\"\r\nContent-Transfer-Encoding: base64\r\n\r\n" + body)
    assert read_message(raw).text == ORDERS


def test_text_that_is_not_an_e_mail_is_read_as_it_is() -> None:
    assert read_message(b"Note: mine\nGAME g\n").text == "Note: mine\nGAME g\n"
    assert read_message("GAME g\nPLAYER A\n".encode("utf-16")).text == "GAME g\nPLAYER A\n"
    assert read_message("GAME g # Kamenev’s\n".encode("cp1252")).text == "GAME g # Kamenev’s\n"


def test_format_flowed_is_joined_with_and_without_delsp() -> None:
    assert unflow("MOVE 152 111 \r\n112: TVER-RYAZ\r\n-- \r\nAnna", False) == (
        "MOVE 152 111 112: TVER-RYAZ\n-- \nAnna")
    assert unflow("MOVE 152 1 \n11: TVER\n> quoted \nline\n", True) == (
        "MOVE 152 111: TVER\n> quoted \nline\n")
    raw = (b"From: a@example.org\r\nContent-Type: text/plain; charset=utf-8; format=flowed; "
           b"delsp=yes\r\n\r\nGAME g\r\nMOVE Trotsky 11 \r\n1: TVER-RYAZ\r\n")
    assert read_message(raw).text == "GAME g\nMOVE Trotsky 111: TVER-RYAZ\n"


def test_attachments_are_named_and_never_read() -> None:
    message = EmailMessage()
    message["From"] = "a@example.org"
    message.set_content("GAME g\nPLAYER A\nQUIT\n")
    message.add_attachment("GAME g\nPLAYER A\nMOVE 152: TVER-RYAZ\n", filename="orders.txt")
    message.add_attachment(b"%PDF", maintype="application", subtype="pdf", filename="map.pdf")
    forwarded = EmailMessage()
    forwarded["Subject"] = "old orders"
    forwarded.set_content("GAME g\nPLAYER A\nMOVE 151: PETR-NOVG\n")
    message.add_attachment(forwarded)
    reading = read_message(message.as_bytes())
    assert reading.text == "GAME g\nPLAYER A\nQUIT\n"
    assert reading.attachments == ("orders.txt", "map.pdf", "message/rfc822")


def test_an_unknown_charset_is_read_as_far_as_it_can_be() -> None:
    raw = (b"From: a@example.org\nContent-Type: text/plain; charset=x-martian\n\n"
           b"GAME g\nPLAYER A\n")
    assert read_message(raw).text == "GAME g\nPLAYER A\n"
    empty = b"From: a@example.org\nContent-Type: text/plain; charset=x-martian\n\n"
    assert "x-martian" in (read_message(empty).unreadable or "")


def test_html_as_a_mail_client_shows_it() -> None:
    gmail = ('<div dir="ltr"><div>GAME g</div><div><br></div><div>MOVE 152&nbsp;111: '
             'TVER&ndash;RYAZ</div></div><div class="gmail_quote">On Sun, GM wrote:<br>'
             "<blockquote>GAME g<br>PLAYER B</blockquote></div>")
    assert html_to_text(gmail) == ("GAME g\n\nMOVE 152 111: TVER–RYAZ\nOn Sun, GM wrote:\n"
                                   "> GAME g\n> PLAYER B\n")
    outlook = ('<html><head><style>p.MsoNormal {margin:0cm}</style></head><body>'
               '<p class="MsoNormal">GAME g<o:p></o:p></p>\n<p class="MsoNormal"><o:p>&nbsp;'
               '</o:p></p>\n<p class="MsoNormal">QUIT<o:p></o:p></p><pre>A  B\nC</pre>'
               "</body></html>")
    assert html_to_text(outlook) == "GAME g\n\nQUIT\nA  B\nC\n"


def test_html_lists_links_and_symbols_as_the_clients_write_them_in_text() -> None:
    """What a client's own text part has for them (R82): a list item's mark or number, where a
    link leads after its text (not when its text says so already), Outlook's Wingdings smiley
    as the symbol it shows."""
    html = ('<div>Go:</div><ul><li>Kazan</li><li><p>Samara</p></li></ul><ol start="3"><li>x'
            '</li><li>y</li></ol><div>the <a href="https://example.org/map">map</a>, <a href='
            '"https://example.org/">https://example.org</a>, <a href="mailto:a@example.org">'
            'a@example.org</a>, <a href="#top">top</a> <span style="font-family:Wingdings">J'
            '</span> <font face="Wingdings">L</font> J</div>')
    assert html_to_text(html) == ("Go:\n- Kazan\n- Samara\n3. x\n4. y\nthe map "
                                  "<https://example.org/map>, https://example.org, "
                                  "a@example.org, top \u263a \u2639 J\n")


@pytest.mark.parametrize(("ending", "reason"), [
    ("-- \nAnna", "a signature line"),
    ("On Sun, 29 Nov 2026 at 08:00, GM <gm@example.org> wrote:\n> GAME g", "quoted reply"),
    ("On Sun, 29 Nov 2026, 08:00 GM, <gm@example.org>\nwrote:", "quoted reply"),
    ("Le dim. 29 nov. 2026 à 08:00, GM <gm@example.org> a écrit :", "quoted reply"),
    ("-----Original Message-----\nFrom: GM", "Original Message"),
    ("________________________________\nFrom: GM <gm@example.org>\nSent: Sunday", "separator"),
    ("From: GM <gm@example.org>\nSent: Sunday, November 29, 2026 8:00 AM", "`From:`"),
    ("Sent from my iPhone", "Sent from my"),
    ("Get Outlook for Android", "Sent from my"),
    ("END\nQUIT", "END"),
])
def test_the_end_of_the_orders(ending: str, reason: str) -> None:
    block = order_block(f"GAME g\nPLAYER A\nQUIT\n\n{ending}\nGAME h\nPLAYER B\nQUIT\n")
    assert [line.text for line in block.lines] == ["GAME g", "PLAYER A", "QUIT"]
    assert block.end is not None and reason in block.end.reason
    assert block.end.line == 5


def test_markers_before_the_orders_and_quoted_lines_are_passed_over() -> None:
    text = ("Resending.\n\n---------- Forwarded message ---------\nFrom: Anna <a@example.org>\n"
            "Date: Sun, 29 Nov 2026\n\n> GAME old\nGAME g\n> QUIT\nPLAYER A\nQUIT\n")
    block = order_block(text)
    assert [(line.number, line.text) for line in block.lines] == [
        (8, "GAME g"), (10, "PLAYER A"), (11, "QUIT")]
    assert block.end is None


def test_dashes_and_odd_spaces_a_word_processor_puts_in(data: GameData) -> None:
    text = ("GAME g\nPLAYER A\nMOVE Trotsky\u00a0111: TVER\u2013RYAZ \u2014 TULA\n"
            "MOVE 160 102: PETR\u2212NOVG\n")
    message = parse_message(text, Names(data))
    assert not message.problems
    assert [o.echo() for o in message.orders] == ["MOVE 152 111: TVER-RYAZ-TULA",
                                                  "MOVE 160 102: PETR-NOVG"]


def test_an_over_long_line_is_refused_before_it_is_parsed(data: GameData) -> None:
    text = "GAME g\nPLAYER A\nMOVE " + "X" * 5_000_000 + "\nQUIT\n"
    message = parse_message(text, Names(data))
    assert [o.echo() for o in message.orders] == ["QUIT"]
    (problem,) = message.problems
    assert problem.line == 3 and "5,000,005 characters long" in problem.message
    assert len(problem.render()) < 300
