"""Anonymous press has nothing of its writer's mail program (ruling R82): the same press,
written in Thunderbird, Gmail, Outlook (HTML alone, or with its text part), Apple Mail, an
iPhone or an HTML-only client, each building its message its own way (format=flowed or not,
wrapped at its own width or not at all, HTML of divs or of Word's paragraphs, windows-1252,
typographic quotes, dashes and ellipsis, no-break and narrow spaces, bidi marks, emoji
variation selectors; AutoCorrect's fractions, arrows, smileys and French spaces, its list
marks, its links and picture placeholders), reaches every player byte for byte the same, over
the real servers of tests/mailservers.py; and plain(), the form it is put in, unit by unit,
which keeps what the writer wrote (superscripts, the joiners of Persian and of emoji)."""

from __future__ import annotations

import base64
import datetime as dt
import email
import email.policy
import quopri
import textwrap
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest

from gm.app.press import plain
from gm.app.settings import load_press_config
from gm.core.errors import GameError
from gm.messages.reading import read_message
from tests.conftest import gm
from tests.mailhelpers import GM, PASSWORDS, PLAYERS, campaign, send_raw
from tests.mailservers import MailServers
from tests.test_mail_press import _anonymous

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
# Then a sentence (with a smiley, `:)`, or without: ".") that AutoCorrect changes, a list, a
# link and an address that is its own link, and a picture.
MAP, FRONT = "https://example.org/map", "https://example.org/front"
CID = "image001.png@01DB2A3B.4C5D6E70"  # Outlook's, made of the moment the picture was put in
MORE_READ = ("Bonjour! We hold 1/2 of the front -> Kazan next{end}\n\n- Kazan - Samara\n\n"
             f"Our plan: see the map <{MAP}> or\n{FRONT}")
ITEMS = ("Kazan", "Samara")


def _end(smiley: bool, form: str = " :)") -> str:
    return form if smiley else "."


def _head(letter: str, name: str, content_type: str, encoding: str) -> str:
    return (f"From: {PLAYERS[letter]}\nTo: GM <{GM}>\nSubject: press\n"
            f"Message-ID: <{name}.{letter}@example.org>\n"
            "Date: Sun, 29 Nov 2026 09:00:00 +0100\nMIME-Version: 1.0\n"
            f"Content-Type: {content_type}\nContent-Transfer-Encoding: {encoding}\n\n")


def _lines(letter: str, *paragraphs: str) -> list[str]:
    """The message's lines: the envelope, then the press, its paragraphs parted by a blank
    line (a paragraph's own lines as it has them)."""
    lines = ["GAME bymail", f"PLAYER {letter}", f"PASSWORD {PASSWORDS[letter]}",
             "PRESS TO ALL ANONYMOUS", paragraphs[0]]
    for paragraph in paragraphs[1:]:
        lines += ["", *paragraph.split("\n")]
    return [*lines, "ENDPRESS"]


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


def thunderbird(letter: str, smiley: bool) -> bytes:
    """Thunderbird: text/plain, format=flowed at 72, 8-bit UTF-8, a signature after it; no
    AutoCorrect, and a French writer's spaces before "!" and ":"; "*" marks the list."""
    more = (f"Bonjour ! We hold 1/2 of the front --> Kazan next{_end(smiley)}",
            "\n".join(f"* {item}" for item in ITEMS),
            f"Our plan : see the map <{MAP}> or {FRONT}")
    text = "\n".join([*_lines(letter, *TYPED, *more), "", "-- ", "A player"]) + "\n"
    return (_head(letter, "thunderbird", "text/plain; charset=UTF-8; format=flowed", "8bit")
            + _flowed(text, 72, delsp=False)).encode("utf-8")


def gmail(letter: str, smiley: bool) -> bytes:
    """Gmail on the web: multipart/alternative, its text part hard-wrapped at 78 with no
    format=flowed, a space doubled, its list "   - ", its picture "[image: map.png]"; its HTML
    a div a line."""
    first, second = TYPED[0].replace("thin --", "thin  --"), TYPED[1].replace(" ", "  ")
    more = (f"Bonjour! We hold 1/2 of the front --> Kazan next{_end(smiley)}",
            "\n".join(f"   - {item}" for item in ITEMS),
            f"Our plan: see the map <{MAP}> or {FRONT}\n[image: map.png]")
    lines = _lines(letter, first, second, *more)
    plain_part = "\n".join(textwrap.fill(line, 78) if line else "" for line in lines) + "\n"
    html = '<div dir="ltr">' + "".join(
        f"<div>{line.replace(chr(34), '&quot;').replace('<', '&lt;').replace('  ', '&nbsp; ')}"
        f"</div>" if line else "<div><br></div>" for line in lines) + "</div>\n"
    boundary = "000000000000a1b2c3d4e5f60718"
    return (_head(letter, "gmail", f'multipart/alternative; boundary="{boundary}"', "7bit")
            + f"--{boundary}\nContent-Type: text/plain; charset=\"UTF-8\"\n"
            f"Content-Transfer-Encoding: quoted-printable\n\n{_qp(plain_part)}\n"
            f"--{boundary}\nContent-Type: text/html; charset=\"UTF-8\"\n"
            f"Content-Transfer-Encoding: quoted-printable\n\n{_qp(html)}\n"
            f"--{boundary}--\n").encode("ascii")


WINGDINGS_J = ("<span style='font-family:Wingdings;mso-ascii-font-family:Calibri;mso-hansi-font-"
               "family:Calibri;mso-char-type:symbol;mso-symbol-font-family:Wingdings'>J</span>")


def _word_html(letter: str, smiley: bool, charset: str) -> str:
    """Outlook's HTML: Word's paragraphs; its typographic punctuation, a superscript, no-break
    spaces (French ones before "!" and ":"), an empty paragraph between two, the emoji a
    character reference (windows-1252 has none), AutoCorrect's fraction, arrow and Wingdings
    smiley, a list in its Symbol font, links, the picture."""
    smart = SMART.format(dash="\u2013").replace("3rd", "3<sup>rd</sup>").replace(
        "Tsaritsyn ", "Tsaritsyn&nbsp;").replace("\u2764\ufe0f", "&#10084;&#65039;")
    items = "".join(
        "<p class=MsoListParagraph style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if "
        "!supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>\u00b7"
        "<span style='font:7.0pt \"Times New Roman\"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;"
        f"&nbsp; </span></span></span><![endif]>{item}<o:p></o:p></p>\n" for item in ITEMS)
    lines = _lines(letter, smart, TYPED[1],
                   f"Bonjour&nbsp;! We hold \u00bd of the front &#8594; Kazan next"
                   f"{_end(smiley, ' ' + WINGDINGS_J)}", "LIST",
                   f'Our plan&nbsp;: see the <a href="{MAP}">map</a> or <a href="{FRONT}">'
                   f"{FRONT}</a>", "PICTURE")
    paragraphs = "".join(
        items if line == "LIST" else
        f'<p class="MsoNormal"><img width=320 height=200 id="Picture_x0020_1" src="cid:{CID}">'
        "<o:p></o:p></p>\n" if line == "PICTURE" else
        f'<p class="MsoNormal"><span lang="EN-GB">{line}</span><o:p></o:p></p>\n' if line else
        '<p class="MsoNormal"><o:p>&nbsp;</o:p></p>\n' for line in lines)
    return ('<html xmlns:o="urn:schemas-microsoft-com:office:office">\n<head>\n<meta '
            f'http-equiv="Content-Type" content="text/html; charset={charset}">\n<style><!--'
            '\np.MsoNormal {margin:0cm;}\n--></style>\n</head>\n<body lang="EN-GB">\n'
            f'<div class="WordSection1">\n{paragraphs}</div>\n</body>\n</html>\n')


def outlook(letter: str, smiley: bool) -> bytes:
    """Outlook for Windows, HTML only, in windows-1252, quoted-printable (_word_html)."""
    return (_head(letter, "outlook", 'text/html; charset="windows-1252"', "quoted-printable")
            + _qp(_word_html(letter, smiley, "windows-1252"), "windows-1252")).encode("ascii")


def outlook_text(letter: str, smiley: bool) -> bytes:
    """Outlook for Windows with its text part (the part read, unless the HTML has a Wingdings
    smiley, which the text part shows as a "J"): "*" list marks, "map<https://...>", an
    address followed by itself as a link, a placeholder for the picture, AutoCorrect's
    characters and no-break spaces as they are."""
    smart = SMART.format(dash="\u2013").replace("Tsaritsyn ", "Tsaritsyn\u00a0")
    lines = _lines(letter, smart, TYPED[1],
                   f"Bonjour\u00a0! We hold \u00bd of the front \u2192 Kazan next"
                   f"{_end(smiley, ' J')}", "\n".join(f"*\t{item}" for item in ITEMS),
                   f"Our plan\u00a0: see the map<{MAP}> or {FRONT}<{FRONT}>\n[cid:{CID}]")
    boundary = "_000_DB9PR01MB1234ABCDEFGH_"
    return (_head(letter, "outlook-text", f'multipart/alternative; boundary="{boundary}"',
                  "7bit")
            + f"--{boundary}\nContent-Type: text/plain; charset=\"utf-8\"\n"
            f"Content-Transfer-Encoding: quoted-printable\n\n{_qp(chr(10).join(lines))}\n"
            f"--{boundary}\nContent-Type: text/html; charset=\"utf-8\"\n"
            "Content-Transfer-Encoding: quoted-printable\n\n"
            f"{_qp(_word_html(letter, smiley, 'utf-8'))}\n--{boundary}--\n").encode("ascii")


def apple_mail(letter: str, smiley: bool) -> bytes:
    """Apple Mail: text/plain, format=flowed with DelSp=yes, quoted-printable; smart quotes,
    an em dash for "--" (and so in "-->"), the ellipsis, a no-break space, the emoji with its
    variation selector, a fraction with the fraction slash, "•" and a tab for a list."""
    smart = SMART.format(dash="\u2014").replace("Tsaritsyn ", "Tsaritsyn\u00a0")
    text = "\n".join(_lines(letter, smart, TYPED[1],
                            f"Bonjour! We hold 1\u20442 of the front \u2014> Kazan next"
                            f"{_end(smiley)}", "\n".join(f"\u2022\t{item}" for item in ITEMS),
                            f"Our plan: see the map <{MAP}> or {FRONT}")) + "\n"
    return (_head(letter, "apple", "text/plain; charset=utf-8; delsp=yes; format=flowed",
                  "quoted-printable") + _qp(_flowed(text, 76, delsp=True))).encode("ascii")


def html_only(letter: str, smiley: bool) -> bytes:
    """An HTML-only client (Apple Mail or Gmail writing rich text alone): a div a line, base64
    UTF-8, spaces as &nbsp;, a left-to-right mark, a zero-width joiner and a soft hyphen; a
    list, links and a picture as HTML has them."""
    smart = SMART.format(dash="\u2014").replace("Whites", "Whi\u00adtes").replace(
        "thin ", "thin&nbsp;&nbsp;")
    lines = _lines(letter, smart, "&lrm;Trust\u200d nobody.",
                   f"Bonjour! We hold 1/2 of the front \u2014&gt; Kazan next{_end(smiley)}",
                   "LIST", f'Our plan: see the <a href="{MAP}">map</a> or <a href="{FRONT}">'
                   f"{FRONT}</a>", "PICTURE")
    html = ('<html><head><meta charset="utf-8"></head><body><div dir="ltr">'
            + "".join("<ul>" + "".join(f"<li>{item}</li>" for item in ITEMS) + "</ul>"
                      if line == "LIST" else
                      '<div><img src="cid:ii_lq2b3c4d0" alt="map.png"><br></div>'
                      if line == "PICTURE" else
                      f'<div><span style="font-family:arial">{line}</span></div>' if line else
                      "<div><br></div>" for line in lines) + "</div></body></html>\n")
    return (_head(letter, "html", "text/html; charset=utf-8", "base64")
            + base64.encodebytes(html.encode("utf-8")).decode("ascii")).encode("ascii")


def iphone(letter: str, smiley: bool) -> bytes:
    """Mail on an iPhone: text/plain, a paragraph a line, quoted-printable; smart
    punctuation, a narrow no-break space, "• " list marks, "Sent from my iPhone" after it."""
    smart = SMART.format(dash="\u2014").replace("3rd ", "3rd\u202f")
    text = "\n".join([*_lines(letter, smart, TYPED[1] + " ",
                              f"Bonjour! We hold 1/2 of the front \u2014> Kazan next"
                              f"{_end(smiley)}", "\n".join(f"\u2022 {item}" for item in ITEMS),
                              f"Our plan: see the map <{MAP}> or {FRONT}"),
                      "", "Sent from my iPhone"])
    return (_head(letter, "iphone", "text/plain; charset=utf-8", "quoted-printable")
            + _qp(text + "\n")).encode("ascii")


CLIENTS: tuple[Callable[[str, bool], bytes], ...] = (
    thunderbird, gmail, outlook, outlook_text, apple_mail, html_only, iphone)


def test_the_same_press_from_every_mail_client_arrives_byte_for_byte_the_same(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each client's message twice: with a smiley (Outlook's is read from its HTML, where it
    is a Wingdings letter) and without one (Outlook's text part read). Every copy of each to
    every player is the same, byte for byte."""
    monkeypatch.setenv("GM_NOW", WRITTEN.isoformat())
    folder = campaign(tmp_path, servers, monkeypatch, extra='\n[press]\nmode = "anonymous"\n')
    sent = 0
    for smiley in (True, False):
        for client in CLIENTS:
            letter = "ABC"[sent % 3]
            send_raw(servers, PLAYERS[letter], client(letter, smiley))
            sent += 1
    assert f"{sent} new message(s) stored, {sent} answered" in gm("fetch", str(folder))
    gm("send", str(folder))
    gm("adjudicate", str(folder))
    gm("send", str(folder))
    bodies: set[bytes] = set()
    texts: set[str] = set()
    for letter in PLAYERS:
        copies = _anonymous(letter, servers)
        assert len(copies) == sent
        bodies |= {raw.replace(b"\r\n", b"\n").split(b"\n\n", 1)[1] for raw in copies}
        for raw in copies:
            message = email.message_from_bytes(raw, policy=email.policy.default)
            assert isinstance(message, EmailMessage)
            texts.add(message.get_content().replace("\r\n", "\n"))
    assert len(bodies) == 2  # every client's message, to every player: one with, one without
    heading = "Anonymous press in game bymail, to every player in the game:\n\n"
    assert sorted(text.split("\n\n--\n")[0] for text in texts) == sorted(
        f"{heading}{READ}\n\n{MORE_READ.format(end=_end(smiley))}" for smiley in (True, False))


def test_outlook_s_smiley_is_read_from_its_html() -> None:
    """Outlook's text part shows its Wingdings smiley as a "J": the HTML, which has it, is
    read instead; without a smiley, the text part as always."""
    for smiley, says in ((True, "Kazan next \u263a"), (False, "Kazan next.")):
        text = read_message(outlook_text("A", smiley)).text
        assert says in text and " J" not in text
    assert "map<" in read_message(outlook_text("A", False)).text  # the text part's


@pytest.mark.parametrize(("written", "read"), [
    ("  Hello\u00a0 world.  \n", "Hello world."),
    ("\u201cYes\u201d \u2018no\u2019 \u00abmaybe\u00bb \u201eja\u201c",
     "\"Yes\" 'no' \"maybe\" \"ja\""),
    ("a -- b \u2013 c \u2014 d \u2212 1 well-known ---", "a - b - c - d - 1 well-known -"),
    ("wait\u2026 \ufb01ne \uff21", "wait... fine A"),
    ("\u200eright\u200f \u202aembedded\u202c \u2066isolated\u2069 zero\u200bwidth "
     "soft\u00adhyphen \ufeffbom", "right embedded isolated zerowidth softhyphen bom"),
    ("\u2764\ufe0f \u2614\ufe0e \u845b\U000e0100", "\u2764 \u2614 \u845b"),
    ("tab\there\u2003em\u2009thin\u202fnarrow\u3000wide", "tab here em thin narrow wide"),
    ("one\ntwo\n\n\n\nthree\u2028four\r\nfive", "one two\n\nthree four five"),
    ("\n\n  \n", ""),
    # AutoCorrect's (Word's, Outlook's) and as typed: fractions, arrows, smileys, (c)
    ("\u00bd, 1\u20442, 1/2, 3\u00bd, 3 \u00bd, \u00be, \u2153", "1/2, 1/2, 1/2, 3 1/2, 3 1/2, "
     "3/4, 1/3"),
    ("a \u2192 b \u2190 c \u21d2 d \u21d4 e", "a -> b <- c ==> d <=> e"),
    ("a --> b <-- c ==> d <=> e", "a -> b <- c ==> d <=> e"),
    ("yes \u263a no \u2639 so \U0001f610 \u00a9 \u00ae \u2122", "yes :) no :( so :| (c) (r) (tm)"),
    # French typography: the spaces Word puts before ? ! : ; and inside guillemets
    ("Quoi\u202f? Bonjour\u00a0! Voici\u00a0: \u00ab\u00a0oui\u00a0\u00bb\u00a0; non",
     'Quoi? Bonjour! Voici: "oui"; non'),
    ("Quoi ? Bonjour ! Voici : \u00ab oui \u00bb ; non ?!", 'Quoi? Bonjour! Voici: "oui"; non?!'),
    ("smile :) wink ;) a:b 12:30", "smile :) wink ;) a:b 12:30"),
    # picture placeholders: Outlook's (made of the time), Gmail's
    (f"see [cid:{CID}] it\n[cid:image002.jpg@01DB2A3B.4C5D6E70]\nthen\n[image: x.png]",
     "see it then"),
    # list marks: Apple Mail's, Gmail's, Outlook's (text, and its Symbol font's)
    ("\u2022\tKazan\n\u2022\tSamara", "- Kazan - Samara"),
    ("   - Kazan\n   - Samara", "- Kazan - Samara"),
    ("*   Kazan\n*   Samara", "- Kazan - Samara"),
    ("\u00b7        Kazan\n\uf0b7 Samara", "- Kazan - Samara"),
    ("5 * 3 is *not* 2 \u2022 3", "5 * 3 is *not* 2 - 3"),
    # links: Outlook's glued to their text, an address its own link
    (f"the map<{MAP}> and {FRONT}<{FRONT}>", f"the map <{MAP}> and {FRONT}"),
    ("see (www.example.org<http://www.example.org/>)", "see (www.example.org)"),
    (f"the map <{MAP}> and {FRONT}", f"the map <{MAP}> and {FRONT}"),
    ("anna@example.org<mailto:anna@example.org> or <mailto:boris@example.org>",
     "anna@example.org or <mailto:boris@example.org>"),
])
def test_press_text_in_one_plain_form(written: str, read: str) -> None:
    assert plain(written) == read
    assert plain(read) == read  # the form is its own


@pytest.mark.parametrize("written", [
    "E = mc\u00b2, x\u2083, 2\u00b2 is not 22",  # superscripts, subscripts (NFKC: mc2, x3, 22)
    "\u2460 \u338f \u2163 \u00b5m \ufdfa",  # circled 1, kg, Roman IV, micro: as written
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian "I want": a ZWNJ within
    "\u0915\u094d\u200d\u0937 \u0d28\u0d4d\u200d",  # Devanagari, Malayalam: ZWJ after virama
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # a family: an emoji ZWJ sequence
    "\u2764\ufe0f\u200d\U0001f525 1\ufe0f\u20e3",  # heart on fire, a keycap: selectors held
    "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # England
    "\U0001f44d\U0001f3fd e\u0301t\u00e9",  # a skin tone; an accent (NFC: one form)
])
def test_what_the_writer_wrote_is_kept(written: str) -> None:
    """Only what a mail program puts in is evened out: the writer's own characters are kept
    (NFKC would read 2² as 22, and taking every joiner out breaks Persian, the Indic scripts
    and emoji sequences); an accent typed as a combining mark is the same letter (NFC)."""
    import unicodedata

    assert plain(written) == unicodedata.normalize("NFC", written)


def test_joiners_a_program_put_in_go() -> None:
    """A ZWJ or ZWNJ beside a space or within Latin letters joins nothing: it goes."""
    assert plain("Trust\u200d nobody \u200cat\u200d all, ca\u200cfe\u0301") == \
        "Trust nobody at all, caf\u00e9"


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
