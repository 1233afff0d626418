"""Press between players, forwarded by the judge as campaign.toml [press] allows (rulings R81,
R82). Signed press goes out with the answer to the message that carries it, in one thread per
set of correspondents. Anonymous press carries nothing of its writer: one copy to each
recipient, the same but for its To line; no list of recipients, no thread, a Message-ID drawn
at random, its text with nothing of the writer's mail program; held in the outbox until a
moment drawn at random, which is its Date, and sent in a later round than the writer's answer.
The GM's copy (`gm_copies`) names the writer, and goes at once."""

from __future__ import annotations

import datetime as dt
import random
import unicodedata
from typing import Protocol

from gm.app.campaign import Campaign
from gm.app.settings import MailConfig, PressConfig
from gm.messages.compose import Outgoing, anonymous_press_mail, press_mail
from gm.reporting.render import render

EARLIEST = dt.timedelta(minutes=1)  # an anonymous press is held at least this long
# Spaces a mail program puts in (no-break, narrow, ideographic ...): each a plain space.
SPACES = dict.fromkeys(map(ord, "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                                "\u2007\u2008\u2009\u200a\u202f\u205f\u3000"), " ")


class Chance(Protocol):
    """Where anonymous press's randomness comes from: its Message-IDs and its moment."""

    def random(self) -> float: ...
    def getrandbits(self, k: int, /) -> int: ...


CHANCE: Chance = random.SystemRandom()  # the operating system's; a test puts a scripted one


def held_until(moment: dt.datetime, settings: PressConfig, chance: Chance) -> dt.datetime:
    """When an anonymous press written at `moment` goes out: drawn uniformly between a minute
    and `anonymous_delay_hours` later, whoever wrote it (R82)."""
    window = max(dt.timedelta(hours=settings.anonymous_delay_hours) - EARLIEST, dt.timedelta())
    return moment + EARLIEST + window * chance.random()


def plain(text: str) -> str:
    """Press text without what the writer's mail program leaves in it: its characters in one
    normal form (NFC), its odd spaces plain ones, no spaces at a line's end."""
    text = unicodedata.normalize("NFC", text).translate(SPACES)
    return "\n".join(line.rstrip() for line in text.split("\n"))


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
    mail = [press_mail(campaign.name, config.gm_address, addresses[p], "press", f"{key}.{p}",
                       subject, body, date, thread) for p in to]
    if settings.gm_copies:
        mail.append(_gm_copy(campaign, config, sender, to, text, key, date, thread, None))
    return mail


def anonymous_press(campaign: Campaign, config: MailConfig, settings: PressConfig,
                    sender: str, to: list[str], everyone: bool, text: str, key: str,
                    moment: dt.datetime, chance: Chance | None = None) -> list[Outgoing]:
    """A copy to each of `to` (`everyone`: every player in the game, the writer too), each
    held until one moment drawn at random; and the GM's copy, naming the writer, at once."""
    chance = chance or CHANCE
    addresses = {p.letter: p.email for p in campaign.players()}
    release = held_until(moment, settings, chance).astimezone(config.zone())
    body = render("press-anonymous.txt.j2", game=campaign.name, everyone=everyone,
                  text=plain(text), judge=config.gm_address)
    subject = f"{campaign.name}: anonymous press"
    mail = [anonymous_press_mail(campaign.name, config.gm_address, addresses[p],
                                 f"{chance.getrandbits(128):032x}", subject, body, release)
            for p in sorted(to)]
    if settings.gm_copies:
        thread = "-".join(sorted({*to, sender})) + "-anon"  # the GM's alone
        mail.append(_gm_copy(campaign, config, sender, to, text, key,
                             moment.astimezone(config.zone()), thread, release))
    return mail


def _gm_copy(campaign: Campaign, config: MailConfig, sender: str, to: list[str], text: str,
             key: str, date: dt.datetime, thread: str, release: dt.datetime | None
             ) -> Outgoing:
    """The GM's copy of a press, its writer named; of an anonymous press, when it goes out."""
    names = campaign.player_names()
    body = render("press.txt.j2", game=campaign.name,
                  sender=f"player {sender} ({names[sender]})", to=", ".join(to), text=text,
                  judge=config.gm_address, gm_copy=release is not None,
                  release=None if release is None else f"{release:%Y-%m-%d %H:%M %Z}")
    return press_mail(campaign.name, config.gm_address, config.gm_inbox, "press-copy", key,
                      f"{campaign.name}: press from {sender} to {', '.join(to)}", body, date,
                      thread)
