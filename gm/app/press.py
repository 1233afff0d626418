"""Press between players, forwarded by the judge as campaign.toml [press] allows (rulings R81,
R82). Signed press goes out with the answer to the message that carries it, in one thread per
set of correspondents. Anonymous press carries nothing of its writer: one copy to each
recipient, the same but for its To line; no list of recipients, no thread, a Message-ID drawn
at random, its text in one plain form whatever mail program wrote it; held in the outbox and
released with the next reports (when the GM closes the phase: every player's orders are in
then, and the moment says nothing of who wrote it), which is its Date. A GM may choose a moment
drawn at random in the phase instead, which says more (R82). The GM's copy (`gm_copies`) names
the writer, and goes at once."""

from __future__ import annotations

import datetime as dt
import random
import re
import textwrap
import unicodedata
from collections.abc import Callable
from typing import Protocol

from gm.app.campaign import Campaign, now
from gm.app.schedule import load_schedule
from gm.app.settings import (
    RANDOM_IN_PHASE,
    MailConfig,
    PressConfig,
    load_press_config,
    mail_config_or_none,
)
from gm.core.state import PLAY
from gm.messages.compose import Outgoing, anonymous_press_mail, press_mail, redated
from gm.messages.html import same_place
from gm.reporting.render import render

EARLIEST = dt.timedelta(minutes=1)  # a moment drawn sooner after the writer's answer: passed
WIDTH = 72  # anonymous press is set in paragraphs of lines this wide, whoever wrote it
# Typographic punctuation a mail program or a phone puts in for what was typed: as typed. The
# French program's spaces inside guillemets go (GUILLEMET_SPACES) before they become '"'.
QUOTES = str.maketrans({**dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u2035\u02bc\u2039"
                                        "\u203a", "'"),
                        **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u2036\u00ab\u00bb",
                                        '"')})
GUILLEMET_SPACES = re.compile("([\u00ab\u2039])[^\\S\n]+|[^\\S\n]+([\u00bb\u203a])")
# What Word's and Outlook's AutoCorrect (and Apple's) make of what was typed, as it was typed:
# the ellipsis, arrows, smileys (Outlook's Wingdings ones are read as these, gm.messages.html),
# (c) (r) (tm), the fraction slash (for `1/2`, which also becomes a fraction: FRACTIONS).
TYPED = str.maketrans({
    "\u2026": "...", "\u2025": "..", "\u2024": ".", "\u2044": "/", "\u2215": "/",
    "\u2192": "-->", "\u2190": "<--", "\u2194": "<-->", "\u21d2": "==>", "\u21d0": "<==",
    "\u21d4": "<=>", "\u263a": ":)", "\u263b": ":)", "\u2639": ":(", "\U0001f610": ":|",
    "\u00a9": "(c)", "\u00ae": "(r)", "\u2122": "(tm)"})
FRACTIONS = re.compile("([0-9]?)([\u00bc-\u00be\u2150-\u215f\u2189])")  # ½ is 1/2; 3½ 3 1/2
# Compatibility forms a program or an input method puts in for letters: the Latin ligatures
# (ﬁ), full-width and half-width forms. As NFKC has them; NFKC itself is not applied to the
# whole text, as it would change content (2² would read 22, ① 1, ㎏ kg).
COMPATIBLE = re.compile("[\ufb00-\ufb06\uff01-\uffee]")
DASH = "\u2010-\u2015\u2212\u2e3a\u2e3b\ufe58\ufe63\uff0d"
# A dash of any kind, or hyphens typed for one ("--", which a program may make a dash): "-".
DASHES = re.compile(f"[-{DASH}]{{2,}}|[{DASH}]")
# Variation selectors (Apple's emoji presentation after a heart ...), but the emoji one within
# a sequence it holds together (a ZWJ sequence, a keycap).
VARIATION = re.compile("[\u180b-\u180d\u180f\ufe00-\ufe0e\U000e0100-\U000e01ef]|"
                       "\ufe0f(?![\u200d\u20e3])")
TAG_SEQUENCE = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")  # a region's flag
JOINERS = re.compile("[\u200c\u200d]")  # ZWNJ and ZWJ: kept where they join (_joining)
VIRAMA = 9  # the canonical combining class of the Indic scripts' viramas
BREAKS = re.compile("\r\n|[\r\v\f\x1c-\x1e\x85\u2028\u2029]")
# What a program puts for a picture in the text: Outlook's [cid:image001.png@01DB...] (made of
# the time), Gmail's [image: name.png]; a line of its own goes whole (it parts no paragraph).
PICTURE = r"\[(?:cid:[^\]\s]*|image: [^\]\n]*)\]"
PICTURE_LINES = re.compile(f"^[^\\S\n]*{PICTURE}[^\\S\n]*\n?", re.IGNORECASE | re.MULTILINE)
PICTURES = re.compile(PICTURE, re.IGNORECASE)
# A list item's mark, which each program writes its own way (Apple Mail "•", Gmail "-",
# Outlook "*" or its Symbol font's "·"): "-". A "*" only where it begins a line.
MARKS = "\u2022\u00b7\u25e6\u25aa\u25cf\u25a0\u2023\u2043\u2219\uf0b7"
LINE_MARK = re.compile(f"^[^\\S\n]*[*{MARKS}](?:[^\\S\n]+|$)", re.MULTILINE)
MARK = re.compile(f"(?<!\\S)[{MARKS}](?!\\S)")
# A link as the programs write it in text, "map <https://...>" (Outlook: "map<https://...>"),
# and an address shown as its own link ("a.org <http://a.org>", Outlook's) as it is shown.
LINK = re.compile(r"(\S*?)[^\S\n]*<((?:https?|ftp|mailto):[^\s<>]+)>", re.IGNORECASE)
# French typography (Word's AutoCorrect in French): a space, no-break or not, before ? ! : ;.
SPACE_BEFORE = re.compile("[^\\S\n]+(?=[?!:;]+(?:\\s|$|[\"']))")


class Chance(Protocol):
    """Where anonymous press's randomness comes from: its Message-IDs and, when the GM chooses
    a moment in the phase, that moment."""

    def random(self) -> float: ...
    def getrandbits(self, k: int, /) -> int: ...


CHANCE: Chance = random.SystemRandom()  # the operating system's; a test puts a scripted one


def phase_window(campaign: Campaign) -> tuple[dt.datetime, dt.datetime] | None:
    """When the open phase opened and its deadline; None without a deadline or before play."""
    schedule = load_schedule(campaign.folder)
    if schedule is None or campaign.latest().state.stage != PLAY:
        return None
    opened = campaign.phase_opened_at()
    opened = opened if opened.tzinfo else opened.replace(tzinfo=dt.UTC)
    return opened, schedule.deadline(opened)


def release_moment(campaign: Campaign, settings: PressConfig, moment: dt.datetime,
                   chance: Chance) -> dt.datetime | None:
    """When an anonymous press answered at `moment` goes out on its own: None (the default),
    with the next reports. With `anonymous_release = "random in the phase"`, a moment drawn
    uniformly between the phase's opening and its deadline, whoever wrote it and whenever;
    kept only if it comes at least a minute after `moment`, else None as well (R82)."""
    if settings.anonymous_release != RANDOM_IN_PHASE:
        return None
    window = phase_window(campaign)
    if window is None:
        return None
    opened, deadline = window
    drawn = opened + (deadline - opened) * chance.random()
    return drawn if drawn >= moment + EARLIEST else None


def when_released(campaign: Campaign, settings: PressConfig) -> str:
    """When anonymous press goes out, as the writer's answer says it."""
    stage = campaign.latest().state.stage
    if stage != PLAY:
        return f"held until the GM closes this stage ({stage}) and sent then"
    if settings.anonymous_release == RANDOM_IN_PHASE and phase_window(campaign) is not None:
        return "held until a moment drawn at random in this phase, or until its reports if " \
               "that moment has passed"
    return "held until this phase is adjudicated and sent with its reports"


def releasing(campaign: Campaign) -> Callable[[str], str]:
    """What releases the held anonymous press with the reports being queued now, or with the
    ruling that ends the game (R82): each copy dated now (in UTC if the campaign has no [mail]
    table now; it has nothing held then, unless the table was taken away)."""
    config = mail_config_or_none(campaign.folder)
    moment = now() if config is None else now().astimezone(config.zone())
    return lambda mime: redated(mime, moment)


def _kept(char: str) -> str:
    """A character of press text in its plain form: spaces one space, line separators a line
    break; format characters (bidi marks, zero widths, soft hyphens, but ZWJ and ZWNJ:
    _joining), controls and private use (a maker's logo) nothing."""
    kind = unicodedata.category(char)
    if char == "\n" or kind[0] not in "ZC" or kind == "Cn" or char in "\u200c\u200d":
        return char
    if kind == "Zs" or char == "\t":
        return " "
    return "\n" if kind in ("Zl", "Zp") else ""


def _joins(char: str) -> bool:
    return not char.isascii() and unicodedata.category(char)[0] not in "ZC"


def _joining(found: re.Match[str]) -> str:
    """A ZWJ or ZWNJ where it joins two characters of a script or an emoji sequence that use
    it (Persian, the Indic scripts, a family of emoji), or after a virama (Malayalam's chillu
    letters end a word so); elsewhere (beside a space, within Latin letters) a program's,
    nothing."""
    text, start, end = found.string, found.start(), found.end()
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return found[0] if _joins(before) and (
        _joins(after) or unicodedata.combining(before) == VIRAMA) else ""


def _characters(text: str) -> str:
    """The characters in their plain form (_kept), a region's flag whole."""
    parts, last = [], 0
    for flag in TAG_SEQUENCE.finditer(text):
        parts += ["".join(map(_kept, text[last:flag.start()])), flag[0]]
        last = flag.end()
    parts.append("".join(map(_kept, text[last:])))
    return JOINERS.sub(_joining, "".join(parts))


def _fraction(found: re.Match[str]) -> str:
    number = unicodedata.normalize("NFKC", found[2]).replace("\u2044", "/")
    return f"{found[1]} {number}" if found[1] else number


def _link(found: re.Match[str]) -> str:
    said, where = found[1], found[2]
    if said and same_place(said.lstrip("([{\"'"), where):
        return said
    return f"{said} <{where}>" if said else f"<{where}>"


def plain(text: str) -> str:
    """Press text without what the writer's mail program put in it (R82): its characters in
    one form (NFC, and compatibility forms as letters: ligatures, full-width letters),
    typographic quotes, dashes and the ellipsis as typed, what AutoCorrect made of arrows,
    smileys, fractions, (c), and the French spaces before ? ! : ; undone, no bidi marks,
    zero-width or other format characters (ZWJ and ZWNJ kept where they join), no variation
    selectors (but within an emoji sequence), no picture placeholders, one list mark, one form
    of link; and the words set again in paragraphs of lines at most 72 wide, a blank line
    between two, whatever width or line breaks the program sent (lines of a paragraph are
    joined: only a blank line parts them). What the writer wrote is kept: superscripts,
    circled digits, the joiners of Persian and of emoji."""
    text = unicodedata.normalize("NFC", BREAKS.sub("\n", text))
    text = PICTURES.sub(" ", PICTURE_LINES.sub("", text))
    text = MARK.sub("-", LINE_MARK.sub("- ", text))
    text = COMPATIBLE.sub(lambda found: unicodedata.normalize("NFKC", found[0]), text)
    text = FRACTIONS.sub(_fraction, GUILLEMET_SPACES.sub(r"\1\2", text))
    text = _characters(VARIATION.sub("", text.translate(QUOTES).translate(TYPED)))
    text = VARIATION.sub("", text)  # an emoji selector whose joiner went (beside a space)
    text = DASHES.sub("-", unicodedata.normalize("NFC", text))
    paragraphs: list[list[str]] = [[]]
    for line in text.split("\n"):
        if line.strip():
            paragraphs[-1] += line.split()
        elif paragraphs[-1]:
            paragraphs.append([])
    return "\n\n".join("\n".join(textwrap.wrap(
        SPACE_BEFORE.sub("", LINK.sub(_link, " ".join(words))), WIDTH, break_long_words=False,
        break_on_hyphens=False)) for words in paragraphs if words)


def signed_press(campaign: Campaign, config: MailConfig, settings: PressConfig, sender: str,
                 to: list[str], text: str, key: str, moment: dt.datetime) -> list[Outgoing]:
    """A copy to each of `to`, signed, threaded with the other press among the same players;
    and the GM's copy if he wants it."""
    names = campaign.player_names()
    addresses = {p.letter: p.email for p in campaign.players()}
    date = moment.astimezone(config.zone())
    signed = f"player {sender} ({names[sender]})"
    thread = "-".join(sorted([*to, sender]))
    subject = f"{campaign.name}: press from {sender} to {', '.join(to)}"
    body = render("press.txt.j2", game=campaign.name, sender=signed,
                  to=", ".join(f"{p} ({names[p]})" for p in to), text=text,
                  judge=config.gm_address, gm_copy=False)
    mail = [press_mail(campaign.row, config.gm_address, addresses[p], "press", f"{key}.{p}",
                       subject, body, date, thread) for p in to]
    if settings.gm_copies:
        mail.append(_gm_copy(campaign, config, sender, to, text, key, date, thread, None))
    return mail


def anonymous_press(campaign: Campaign, config: MailConfig, settings: PressConfig,
                    sender: str, to: list[str], everyone: bool, text: str, key: str,
                    moment: dt.datetime, chance: Chance | None = None) -> list[Outgoing]:
    """A copy to each of `to` (`everyone`: every player in the game, the writer too), each
    held until the next reports (or the moment drawn in the phase); and the GM's copy, naming
    the writer, at once."""
    chance = chance or CHANCE
    addresses = {p.letter: p.email for p in campaign.players()}
    release = release_moment(campaign, settings, moment, chance)
    if release is not None:
        release = release.astimezone(config.zone())
    body = render("press-anonymous.txt.j2", game=campaign.name, everyone=everyone,
                  text=plain(text), judge=config.gm_address)
    subject = f"{campaign.name}: anonymous press"
    mail = [anonymous_press_mail(campaign.row, config.gm_address, addresses[p],
                                 f"{chance.getrandbits(128):032x}", subject, body, release)
            for p in sorted(to)]
    if settings.gm_copies:
        thread = "-".join(sorted({*to, sender})) + "-anon"  # the GM's alone
        goes = "with the next reports" if release is None else \
            f"at {release:%Y-%m-%d %H:%M %Z}, or with the next reports if sooner"
        mail.append(_gm_copy(campaign, config, sender, to, text, key,
                             moment.astimezone(config.zone()), thread, goes))
    return mail


def _gm_copy(campaign: Campaign, config: MailConfig, sender: str, to: list[str], text: str,
             key: str, date: dt.datetime, thread: str, release: str | None) -> Outgoing:
    """The GM's copy of a press, its writer named; of an anonymous press, when it goes out."""
    names = campaign.player_names()
    body = render("press.txt.j2", game=campaign.name,
                  sender=f"player {sender} ({names[sender]})", to=", ".join(to), text=text,
                  judge=config.gm_address, gm_copy=release is not None, release=release)
    return press_mail(campaign.row, config.gm_address, config.gm_inbox, "press-copy", key,
                      f"{campaign.name}: press from {sender} to {', '.join(to)}", body, date,
                      thread)


def gm_reads_writers(campaign: Campaign) -> str | None:
    """The warning for a GM who also plays: in a game with anonymous press and `gm_copies`,
    his copies, which name every writer, go to his inbox (gm_copy_to, else gm_address); when
    that is a player's address, that player learns who wrote each (R82)."""
    settings = load_press_config(campaign.folder)
    config = mail_config_or_none(campaign.folder)
    if settings.mode != "anonymous" or not settings.gm_copies or config is None:
        return None
    inbox = config.gm_inbox.lower()
    reader = next((p for p in campaign.players() if p.email.lower() == inbox), None)
    if reader is None:
        return None
    setting = "gm_copy_to" if config.gm_copy_to else "gm_address (there is no gm_copy_to)"
    return (f"anonymous press is not anonymous to player {reader.letter} ({reader.name}): "
            f"the GM's copies of press name their writers ([press] gm_copies = true) and go "
            f"to {config.gm_inbox}, his address ([mail] {setting}); set gm_copies = false, "
            "or send the copies to an address no player reads (R82)")
