"""Anonymous press has nothing of its writer's mail program (ruling R82): the same press,
written in Thunderbird, Gmail, Outlook, Apple Mail, an iPhone or an HTML-only client, each
building its message its own way (format=flowed or not, wrapped at its own width or not at
all, HTML of divs or of Word's paragraphs, windows-1252, typographic quotes, dashes and
ellipsis, no-break and narrow spaces, bidi marks, emoji variation selectors), reaches every
player byte for byte the same, over the real servers of tests/mailservers.py; and plain(), the
form it is put in, unit by unit."""

from __future__ import annotations

import base64
import datetime as dt
import email
import email.policy
import quopri
import textwrap
from email.message import EmailMessage
from pathlib import Path

import pytest

from gm.app.press import plain
from gm.app.settings import load_press_config
from gm.core.errors import GameError
from tests.conftest import gm
from tests.mailhelpers import GM, PASSWORDS, PLAYERS, campaign, send_raw
from tests.mailservers import MailServers
from tests.test_mail_press import _anonymous, _raw_mailbox

WRITTEN = dt.datetime(2026, 11, 29, 8, 0, tzinfo=dt.UTC)
# What every writer typed, and what every player reads.
TYPED = ("Comrades, the Whites' line in the south is thin -- strike at Tsaritsyn before "
         "their 3rd \"offensive\"... I will not move against you \u2764\ufe0f", "Trust nobody.")
READ = ("Comrades, the Whites' line in the south is thin - strike at Tsaritsyn\n"
        "before their 3rd \"offensive\"... I will not move against you \u2764\n\nTrust nobody.")
# ... as the clients that put in typographic punctuation send it (Word: an en dash for " -- ",
# Apple: an em dash).
SMART = ("Comrades, the Whites\u2019 line in the south is thin {dash} strike at Tsaritsyn "
         "before their 3rd \u201coffensive\u201d\u2026 I will not move against you "
         "\u2764\ufe0f")


def _head(letter: str, name: str, content_type: str, encoding: str) -> str:
    return (f"From: {PLAYERS[letter]}\nTo: GM <{GM}>\nSubject: press\n"
            f"Message-ID: <{name}.{letter}@example.org>\n"
            "Date: Sun, 29 Nov 2026 09:00:00 +0100\nMIME-Version: 1.0\n"
            f"Content-Type: {content_type}\nContent-Transfer-Encoding: {encoding}\n\n")


def _lines(letter: str, *paragraphs: str) -> list[str]:
    return ["GAME bymail", f"PLAYER {letter}", f"PASSWORD {PASSWORDS[letter]}",
            "PRESS TO ALL ANONYMOUS", paragraphs[0], "", paragraphs[1], "ENDPRESS"]


def _qp(text: str, charset: str = "utf-8") -> str:
    return quopri.encodestring(text.replace("\n", "\r\n").encode(charset)).decode(
        "ascii").replace("\r\n", "\n")


def _flowed(text: str, width: int, delsp: bool) -> str:
    """RFC 3676: each long line cut at a space, the cut line ending in a space (with
    DelSp=yes, a space more, which the reader takes out)."""
    out: list[str] = []
    for line in text.split("\n"):
        pieces = textwrap.wrap(line, width - 1, break_long_words=False,
                               break_on_hyphens=False) or [""]
        out += [piece + ("  " if delsp else " ") for piece in pieces[:-1]] + [pieces[-1]]
    return "\n".join(out)


def thunderbird(letter: str) -> bytes:
    """Thunderbird: text/plain, format=flowed at 72, 8-bit UTF-8, a signature after it."""
    text = "\n".join([*_lines(letter, *TYPED), "", "-- ", "A player"]) + "\n"
    return (_head(letter, "thunderbird", "text/plain; charset=UTF-8; format=flowed", "8bit")
            + _flowed(text, 72, delsp=False)).encode("utf-8")


def gmail(letter: str) -> bytes:
    """Gmail on the web: multipart/alternative, its text part hard-wrapped at 78 with no
    format=flowed, a space doubled; its HTML a div a line."""
    first, second = TYPED[0].replace("thin --", "thin  --"), TYPED[1].replace(" ", "  ")
    plain_part = "\n".join(textwrap.fill(line, 78) if line else "" for line in _lines(
        letter, first, second)) + "\n"
    html = '<div dir="ltr">' + "".join(
        f"<div>{line.replace(chr(34), '&quot;').replace('  ', '&nbsp; ') or '<br>'}</div>"
        for line in _lines(letter, first, second)) + "</div>\n"
    boundary = "000000000000a1b2c3d4e5f60718"
    return (_head(letter, "gmail", f'multipart/alternative; boundary="{boundary}"', "7bit")
            + f"--{boundary}\nContent-Type: text/plain; charset=\"UTF-8\"\n"
            f"Content-Transfer-Encoding: quoted-printable\n\n{_qp(plain_part)}\n"
            f"--{boundary}\nContent-Type: text/html; charset=\"UTF-8\"\n"
            f"Content-Transfer-Encoding: quoted-printable\n\n{_qp(html)}\n"
            f"--{boundary}--\n").encode("ascii")


def outlook(letter: str) -> bytes:
    """Outlook for Windows, HTML only: Word's paragraphs in windows-1252, quoted-printable;
    its typographic punctuation, a superscript, a no-break space, an empty paragraph between
    two, the emoji a character reference (windows-1252 has none)."""
    smart = SMART.format(dash="\u2013").replace("3rd", "3<sup>rd</sup>").replace(
        "Tsaritsyn ", "Tsaritsyn&nbsp;").replace("\u2764\ufe0f", "&#10084;&#65039;")
    lines = _lines(letter, smart, TYPED[1])
    paragraphs = "".join(f'<p class="MsoNormal"><span lang="EN-GB">{line}</span><o:p></o:p>'
                         f"</p>\n" if line else
                         '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\n' for line in lines)
    html = ('<html xmlns:o="urn:schemas-microsoft-com:office:office">\n<head>\n<meta '
            'http-equiv="Content-Type" content="text/html; charset=windows-1252">\n<style><!--'
            '\np.MsoNormal {margin:0cm;}\n--></style>\n</head>\n<body lang="EN-GB">\n'
            f'<div class="WordSection1">\n{paragraphs}</div>\n</body>\n</html>\n')
    return (_head(letter, "outlook", 'text/html; charset="windows-1252"', "quoted-printable")
            + _qp(html, "windows-1252")).encode("ascii")


def apple_mail(letter: str) -> bytes:
    """Apple Mail: text/plain, format=flowed with DelSp=yes, quoted-printable; smart quotes,
    an em dash for "--", the ellipsis, a no-break space, the emoji with its variation
    selector."""
    smart = SMART.format(dash="\u2014").replace("Tsaritsyn ", "Tsaritsyn\u00a0")
    text = "\n".join(_lines(letter, smart, TYPED[1])) + "\n"
    return (_head(letter, "apple", "text/plain; charset=utf-8; delsp=yes; format=flowed",
                  "quoted-printable") + _qp(_flowed(text, 76, delsp=True))).encode("ascii")


def html_only(letter: str) -> bytes:
    """An HTML-only client (Apple Mail or Gmail writing rich text alone): a div a line, base64
    UTF-8, spaces as &nbsp;, a left-to-right mark, a zero-width joiner and a soft hyphen."""
    smart = SMART.format(dash="\u2014").replace("Whites", "Whi\u00adtes").replace(
        "thin ", "thin&nbsp;&nbsp;")
    lines = _lines(letter, smart, "&lrm;Trust\u200d nobody.")
    html = ('<html><head><meta charset="utf-8"></head><body><div dir="ltr">'
            + "".join(f'<div><span style="font-family:arial">{line}</span></div>' if line else
                      "<div><br></div>" for line in lines) + "</div></body></html>\n")
    return (_head(letter, "html", "text/html; charset=utf-8", "base64")
            + base64.encodebytes(html.encode("utf-8")).decode("ascii")).encode("ascii")


def iphone(letter: str) -> bytes:
    """Mail on an iPhone: text/plain, a paragraph a line, quoted-printable; smart
    punctuation, a narrow no-break space, "Sent from my iPhone" after it."""
    smart = SMART.format(dash="\u2014").replace("3rd ", "3rd\u202f")
    text = "\n".join([*_lines(letter, smart, TYPED[1] + " "), "", "Sent from my iPhone"])
    return (_head(letter, "iphone", "text/plain; charset=utf-8", "quoted-printable")
            + _qp(text + "\n")).encode("ascii")


CLIENTS = (thunderbird, gmail, outlook, apple_mail, html_only, iphone)


def test_the_same_press_from_every_mail_client_arrives_byte_for_byte_the_same(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GM_NOW", WRITTEN.isoformat())
    folder = campaign(tmp_path, servers, monkeypatch, extra='\n[press]\nmode = "anonymous"\n')
    for n, client in enumerate(CLIENTS):
        letter = "ABC"[n % 3]
        send_raw(servers, PLAYERS[letter], client(letter))
    assert f"{len(CLIENTS)} new message(s) stored, {len(CLIENTS)} answered" in gm(
        "fetch", str(folder))
    gm("send", str(folder))
    gm("adjudicate", str(folder))
    gm("send", str(folder))
    bodies: set[bytes] = set()
    for letter in PLAYERS:
        copies = _anonymous(letter, servers)
        assert len(copies) == len(CLIENTS)
        bodies |= {raw.replace(b"\r\n", b"\n").split(b"\n\n", 1)[1] for raw in copies}
    assert len(bodies) == 1  # every copy, of every client's message, to every player
    message = email.message_from_bytes(_raw_mailbox(PLAYERS["B"], servers)[-1],
                                       policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    text = message.get_content().replace("\r\n", "\n")
    assert text.startswith(f"Anonymous press in game bymail, to every player in the game:\n\n"
                           f"{READ}\n\n--\n")


@pytest.mark.parametrize(("written", "read"), [
    ("  Hello\u00a0 world.  \n", "Hello world."),
    ("\u201cYes\u201d \u2018no\u2019 \u00abmaybe\u00bb \u201eja\u201c",
     "\"Yes\" 'no' \"maybe\" \"ja\""),
    ("a -- b \u2013 c \u2014 d \u2212 1 well-known ---", "a - b - c - d - 1 well-known -"),
    ("wait\u2026 \ufb01ne \uff21", "wait... fine A"),
    ("\u200eright\u200f \u202aembedded\u202c \u2066isolated\u2069 zero\u200bwidth "
     "soft\u00adhyphen \ufeffbom", "right embedded isolated zerowidth softhyphen bom"),
    ("\u2764\ufe0f \u263a\ufe0e \u845b\U000e0100", "\u2764 \u263a \u845b"),
    ("tab\there\u2003em\u2009thin\u202fnarrow\u3000wide", "tab here em thin narrow wide"),
    ("one\ntwo\n\n\n\nthree\u2028four\r\nfive", "one two\n\nthree four five"),
    ("\n\n  \n", ""),
])
def test_press_text_in_one_plain_form(written: str, read: str) -> None:
    assert plain(written) == read
    assert plain(read) == read  # the form is its own


def test_press_text_is_set_in_lines_of_72() -> None:
    words = " ".join(f"word{n}" for n in range(60))
    for width in (40, 72, 78, 200):  # however the writer's program wrapped it
        assert plain(textwrap.fill(words, width)) == textwrap.fill(words, 72)
    assert plain("x" * 100 + " y") == "x" * 100 + "\ny"  # a long word is not cut


def test_press_settings(tmp_path: Path) -> None:
    config = tmp_path / "campaign.toml"
    config.write_text('[press]\nmode = "anonymous"\n', encoding="utf-8")
    assert load_press_config(tmp_path).anonymous_release == "with the next reports"
    for table, says in (('anonymous_delay_hours = 6', "anonymous_delay_hours is no longer a "
                         "setting"),
                        ('anonymous_release = "soon"', 'anonymous_release is "with the next '
                         'reports" or "random in the phase"'),
                        ('gm_copies = "yes"', "gm_copies is true or false")):
        config.write_text(f'[press]\nmode = "anonymous"\n{table}\n', encoding="utf-8")
        with pytest.raises(GameError, match=says):
            load_press_config(tmp_path)
