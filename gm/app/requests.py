"""What players ask of the judge by mail besides orders (orders_grammar/requests.py): each
request answered in the order written, after the answer to the orders. Press is forwarded as
campaign.toml [press] allows; a new password, taken only from the player's own address (R80),
is hashed here and written with the message's handling. Nothing here changes the game's state."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from gm.app.campaign import Campaign, now
from gm.app.mailing import report_for
from gm.app.passwords import hash_password
from gm.app.press import anonymous_press, plain, signed_press, when_released
from gm.app.reports import phase_report
from gm.app.settings import MailConfig, load_press_config
from gm.app.status import standing
from gm.core.errors import GameError
from gm.core.state import ENDED
from gm.messages.compose import Outgoing
from gm.messages.redaction import REDACTED
from gm.reporting.render import render
from orders_grammar.message import Envelope
from orders_grammar.requests import ALL, Press, Request

MIN_PASSWORD = 6


@dataclass
class Granted:
    """The answers to a message's requests, and what they set going."""

    text: str = ""
    mail: list[Outgoing] = field(default_factory=list)
    password: tuple[str, str] | None = None  # (player, new hash)
    notices: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Asked:
    """Who asks, and how the answers may act: `config` None (a message checked by hand,
    `gm orders check`): nothing is sent or changed, the answer says what would be."""

    campaign: Campaign
    player: str | None  # None: not authenticated (HELP alone is answered then)
    key: str  # the message's key in the outbox (its inbox id)
    config: MailConfig | None
    moment: dt.datetime
    with_orders: bool = False  # the message's own orders count (STATUS counts them in)
    registered: bool = True  # from the player's own address: only then is PASSWORD taken (R80)

    @property
    def acting(self) -> bool:
        return self.config is not None


def asks(envelope: object, disposition: str) -> bool:
    """Whether a message judged so has requests to answer."""
    return isinstance(envelope, Envelope) and bool(envelope.requests or envelope.press) and \
        disposition in ("answered", "requests")


def joined(verdict_text: str, granted: Granted) -> str:
    """The answer to the orders (if any), then the requests'."""
    return "\n".join(t.rstrip("\n") for t in (verdict_text, granted.text) if t.strip()) + "\n"


def answer_requests(campaign: Campaign, envelope: Envelope, player: str | None, key: str,
                    config: MailConfig | None, with_orders: bool = False,
                    registered: bool = True) -> Granted:
    """Each request and press of the message answered (`config` None: described only;
    `with_orders`: the message's orders count, and are in before its STATUS; `registered`:
    it came from the player's own address)."""
    asked = Asked(campaign, player, key, config, now(), with_orders, registered)
    granted = Granted()
    parts: list[str] = []
    items: list[Request | Press] = sorted([*envelope.requests, *envelope.press],
                                          key=lambda item: item.line)
    for item in items:
        try:
            parts.append(_press(asked, item, granted) if isinstance(item, Press)
                         else _request(asked, item, granted))
        except GameError as exc:
            parts.append(f"{item.echo()} (line {item.line}): {exc}")
    granted.text = "\n\n".join(part.strip("\n") for part in parts)
    return granted


def _request(asked: Asked, request: Request, granted: Granted) -> str:
    campaign = asked.campaign
    if request.kind == "HELP":
        return render("help.txt.j2", game=campaign.name, title=campaign.system.title,
                      forms=campaign.system.order_forms().rstrip("\n"))
    if asked.player is None:
        raise GameError("answered only to a player's message with his PASSWORD")
    if request.kind == "STATUS":
        return _status(campaign, asked.player if asked.with_orders else None)
    if request.kind == "UNITS":
        report = phase_report(campaign, None, None, asked.player, drawn=False)
        return render("units.txt.j2", report=report, player=asked.player)
    if request.kind == "REPORT":
        return _report(asked, request, granted)
    return _password(asked, request, granted)


def _status(campaign: Campaign, sending: str | None) -> str:
    found = standing(campaign, sending)
    deadline = f"{found.deadline:%Y-%m-%d %H:%M %Z}" if found.deadline else None
    return render("status.txt.j2", game=found.name, phase=found.phase, ended=found.ended,
                  deadline=deadline, sent=found.sent, waiting=found.waiting)


def _report(asked: Asked, request: Request, granted: Granted) -> str:
    assert asked.player is not None
    label = f"Game-Turn {request.turn}, phase {request.phase}" if request.turn else \
        "the last report"
    if asked.config is None:
        phase_report(asked.campaign, request.turn, request.phase, asked.player, drawn=False)
        return f"REPORT (line {request.line}): {label} would be sent in a message of its own."
    player = next(p for p in asked.campaign.players() if p.letter == asked.player)
    granted.mail.append(report_for(asked.campaign, asked.config, player.letter, player.email,
                                   request.turn, request.phase,
                                   f"again.{asked.key}.{request.line}"))
    return f"REPORT (line {request.line}): {label} is sent to you in a message of its own, " \
           "with its map and the orders open to you then."


def _password(asked: Asked, request: Request, granted: Granted) -> str:
    assert asked.player is not None and request.secret is not None
    secret = request.secret
    if not asked.registered:  # a stolen password must not lock its owner out (R80)
        granted.notices.append(("password", f"player {asked.player}'s new password, asked "
                                "from an address not on file: not taken"))
        raise GameError(f"a password is changed only by a message from the address on file "
                        f"for player {asked.player}; yours is unchanged, and that address is "
                        "told")
    if secret == REDACTED:  # read back from the store, where no password is kept
        raise GameError("the new password could not be read back; send it again")
    if len(secret) < MIN_PASSWORD or "#" in secret:
        raise GameError(f"a password has at least {MIN_PASSWORD} characters, no spaces and "
                        "no '#'; your password is unchanged")
    if not asked.acting:
        return f"PASSWORD (line {request.line}): your password would be changed."
    granted.password = (asked.player, hash_password(secret))
    granted.notices.append(("password", f"player {asked.player} changed his password by mail"))
    return f"PASSWORD (line {request.line}): changed. Write the new one in your messages from " \
           "now on (it is not repeated here)."


def _press(asked: Asked, press: Press, granted: Granted) -> str:
    campaign = asked.campaign
    if asked.player is None:
        raise GameError("press is sent only for a player's message with his PASSWORD")
    settings = load_press_config(campaign.folder)
    if not settings.allowed:
        raise GameError("this game has no press; nothing was sent")
    if press.anonymous and settings.mode != "anonymous":
        raise GameError("this game allows signed press only; nothing was sent")
    if not (plain(press.text) if press.anonymous else press.text.strip()):
        raise GameError("the press has no text; nothing was sent")
    if press.anonymous and campaign.latest().state.stage == ENDED:
        raise GameError("the game is over: anonymous press goes out with the next reports, "
                        "and there are none; nothing was sent")
    players = {p.letter: p for p in campaign.players()}
    playing = campaign.latest().state.players_in_game()
    everyone = press.to == (ALL,)
    writer = asked.player
    # R81: anonymous press to ALL goes to every player in the game, its writer too, and an
    # anonymous press may name its writer among others; signed press goes to the others.
    # (ALL is the players on file: a solitaire game's program player N is none of them.)
    to = [p for p in playing if p in players and (press.anonymous or p != writer)] \
        if everyone else list(press.to)
    if everyone and not [p for p in to if p != writer]:
        raise GameError("this game has no other player to write to; nothing was sent")
    unknown = [p for p in to if p not in players or (p == writer and not press.anonymous)]
    if unknown or not [p for p in to if p != writer]:
        raise GameError(f"no other player {', '.join(unknown) or 'named'} in this game; "
                        "nothing was sent")
    gone = [p for p in to if p not in playing]
    if gone:
        raise GameError(f"player {', '.join(gone)} has left the game; nothing was sent")
    shown = ", ".join(to)
    if everyone:
        shown += " (all, you included)" if writer in to else " (all)"
    how = f"without your name, {when_released(campaign, settings)} (R82)" \
        if press.anonymous else "signed with your letter and name"
    if not asked.acting:
        return f"{press.echo()} (line {press.line}): would be sent to {shown}" + (
            f", {how}." if press.anonymous else ".")
    assert asked.config is not None
    key = f"{asked.key}.{press.line}"
    if press.anonymous:
        granted.mail += anonymous_press(campaign, asked.config, settings, writer, to,
                                        everyone, press.text, key, asked.moment)
        own = " You get a copy like the others'." if writer in to else ""
        return f"{press.echo()} (line {press.line}): to be sent to {shown}, {how}: the " \
               f"same copy to each, nothing in it or in its time telling who wrote it.{own}"
    granted.mail += signed_press(campaign, asked.config, settings, writer, to, press.text,
                                 key, asked.moment)
    return f"{press.echo()} (line {press.line}): sent to {shown}, {how}."
