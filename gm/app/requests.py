"""What players ask of the judge by mail besides orders (orders_grammar/requests.py): each
request answered in the order written, after the answer to the orders. Press is forwarded as
campaign.toml [press] allows. A new password, from whatever address, waits for the code mailed
for it to the player's address on file, and is his once a message carries `PASSWORD CONFIRM
<code>` (R87): whoever forges his From or knows his password never sees the code. Both are
hashed here and written with the message's handling. Nothing here changes the game's state."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from gm.app.campaign import Campaign, now
from gm.app.mailing import report_for
from gm.app.passwords import code_hash, hash_password, new_code
from gm.app.press import anonymous_press, plain, signed_press, when_released
from gm.app.reports import phase_report
from gm.app.settings import MailConfig, load_press_config
from gm.app.status import standing
from gm.core.errors import GameError
from gm.core.state import ENDED
from gm.messages.compose import Outgoing, notice_mail
from gm.messages.redaction import REDACTED
from gm.reporting.render import render
from gm.store import PasswordChange
from orders_grammar.message import Envelope
from orders_grammar.requests import ALL, Press, Request

MIN_PASSWORD = 6
CODE_HOURS = 48  # a code mailed to confirm a new password holds this long (R87)
# Changes of one player's password asked by mail in 24 hours, at most (each mails him a code,
# R87): from his own address; from any one other address; from all others together. His own
# are counted apart, so that nobody else can use up what he may ask.
OWN_CHANGES_PER_DAY = 10
CHANGES_PER_ADDRESS = 3
CHANGES_FROM_ELSEWHERE = 10
# What one message may have sent besides its answer (issue 36): each REPORT and each press
# is a mail of its own, so a message of a few kilobytes could otherwise fan out into hundreds.
# They count against the sender's answers an hour (answers_per_hour) as well.
REPORTS_PER_MESSAGE = 3  # and each phase's report once
PRESS_PER_MESSAGE = 5
CONFIRM_ONLY = ("Confirm only a code for a change you asked for yourself; if you did not ask "
                "for them all, someone knows your password: ask the GM for a new one (gm "
                "players --reset-password).")


@dataclass
class Granted:
    """The answers to a message's requests, and what they set going."""

    text: str = ""
    mail: list[Outgoing] = field(default_factory=list)
    password: PasswordChange | None = None  # a new password asked, or confirmed
    notices: list[tuple[str, str]] = field(default_factory=list)
    extra: int = 0  # the reports and press sent, each a mail of its own (issue 36)


ONCE = ("HELP", "STATUS", "UNITS")  # answered once a message, however often asked
REFUSALS_SHOWN = 10  # the lines not done that an answer names; the rest it counts


@dataclass
class Tally:
    """What one message asks besides its orders, against the caps (issue 36): HELP, STATUS and
    UNITS once each, REPORT for a few phases, each once, a few press; and what is sent
    besides its answer against the sender's hour (`budget`: None, no hourly cap; `limit`:
    answers_per_hour, for the refusal)."""

    budget: int | None = None
    limit: int = 0
    asked: dict[object, int] = field(default_factory=dict)  # what was asked -> its line
    press: int = 0  # press asked, sent or not
    sent: int = 0  # reports and press sent, each a mail of its own
    refused: int = 0

    def admit(self, item: Request | Press) -> str | None:
        """Why `item` is not done, or None (it is then counted as asked)."""
        what = f"{item.echo()} (line {item.line}): not done"
        if isinstance(item, Press):
            if self.press >= PRESS_PER_MESSAGE:
                return f"{what}: one message may carry {PRESS_PER_MESSAGE} press at most"
            self.press += 1
            return self._over_budget(what)
        if item.kind not in (*ONCE, "REPORT"):
            return None  # a new PASSWORD: one a message, its own rule says (_password)
        key: object = item.kind if item.kind in ONCE else (item.kind, item.turn, item.phase)
        if key in self.asked:
            return f"{what} again: line {self.asked[key]} asks the same"
        reports = sum(isinstance(asked, tuple) for asked in self.asked)  # REPORTs, done or not
        if item.kind == "REPORT" and reports >= REPORTS_PER_MESSAGE:
            return f"{what}: one message may ask for {REPORTS_PER_MESSAGE} reports at most"
        self.asked[key] = item.line
        return self._over_budget(what) if item.kind == "REPORT" else None

    def _over_budget(self, what: str) -> str | None:
        if self.budget is not None and self.sent >= self.budget:
            return (f"{what}: your messages have had their {self.limit} answers, reports "
                    "and press for the hour, the most this GM sends (answers_per_hour); ask "
                    "again later")
        return None

    def done(self, item: Request | Press) -> None:
        if isinstance(item, Press) or item.kind == "REPORT":
            self.sent += 1


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
    sender: str | None = None  # the message's From address, and subject (for the GM and
    subject: str | None = None  # the player, when a new password is asked)
    own: bool = False  # from the player's own address (R79: on file, proven, his alone)

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
                    sender: str | None = None, subject: str | None = None,
                    own: bool = False, tally: Tally | None = None) -> Granted:
    """Each request and press of the message answered (`config` None: described only;
    `with_orders`: the message's orders count, and are in before its STATUS; `sender` and
    `subject`: the message's; `own`: it came from the player's own address; `tally`: its
    sender's answers left for the hour, None: no hourly cap)."""
    asked = Asked(campaign, player, key, config, now(), with_orders, sender, subject, own)
    granted = Granted()
    tally = tally or Tally()
    parts: list[str] = []
    items: list[Request | Press] = sorted([*envelope.requests, *envelope.press],
                                          key=lambda item: item.line)
    for item in items:
        refusal = tally.admit(item)
        if refusal is not None:
            tally.refused += 1
            if tally.refused <= REFUSALS_SHOWN:
                parts.append(refusal)
            continue
        try:
            parts.append(_press(asked, item, granted) if isinstance(item, Press)
                         else _request(asked, item, granted))
        except GameError as exc:
            parts.append(f"{item.echo()} (line {item.line}): {exc}")
            continue
        tally.done(item)
    if tally.refused > REFUSALS_SHOWN:
        parts.append(f"... and {tally.refused - REFUSALS_SHOWN:,} more lines not done, "
                     "for these reasons.")
    granted.extra = tally.sent
    granted.text = "\n\n".join(part.strip("\n") for part in parts)
    return granted


def _request(asked: Asked, request: Request, granted: Granted) -> str:
    campaign = asked.campaign
    if request.kind == "HELP":
        return render("help.txt.j2", game=campaign.name, title=campaign.system.title,
                      words=campaign.system.mail_words(),
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
    label = _phase_named(asked.campaign, request.turn, request.phase) if request.turn else \
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


def _phase_named(campaign: Campaign, turn: int, phase: int | None) -> str:
    """An adjudicated phase in the game's words (`Game-Turn 7, Russian Player-Turn, Movement
    Phase`), or by its numbers if it is none."""
    from gm.app.publish import phase_titles  # lazy: a REPORT of a past phase only

    return phase_titles(campaign).get((turn, phase or 0), f"Game-Turn {turn}, phase {phase}")


def _password(asked: Asked, request: Request, granted: Granted) -> str:
    """A new password asked: kept waiting, and a code to confirm it mailed to the player's
    address on file, whatever address asked (R87)."""
    assert asked.player is not None and request.secret is not None
    if granted.password is not None:
        raise GameError("one new PASSWORD, or one PASSWORD CONFIRM, a message: this line is "
                        "not taken")
    if request.confirm:
        return _confirm(asked, request, granted)
    secret = request.secret
    if secret == REDACTED:  # read back from the store, where no password is kept
        raise GameError("the new password could not be read back; send it again")
    if len(secret) < MIN_PASSWORD or "#" in secret or any(c.isspace() for c in secret):
        raise GameError(f"a password has at least {MIN_PASSWORD} characters, no spaces and "
                        "no '#'; your password is unchanged")
    player = asked.player
    if not asked.acting:
        return f"PASSWORD (line {request.line}): your password would not change yet: a code " \
               f"would be mailed to the address on file for player {player}, to be sent " \
               "back as PASSWORD CONFIRM <code>."
    assert asked.config is not None
    campaign = asked.campaign
    _within_limits(asked, player, granted)
    code = new_code()
    expires = asked.moment + dt.timedelta(hours=CODE_HOURS)
    sender = asked.sender.lower() if asked.sender else None
    granted.password = PasswordChange(player, hash_password(secret), code_hash(code), expires,
                                      sender_address=sender, own=asked.own)
    owner = next(p for p in campaign.players() if p.letter == player)
    granted.mail.append(_code_mail(asked, owner.email, request, code, expires))
    granted.notices.append(("password", f"player {player} asked for a new password by mail "
                            f"(from {asked.sender}{', his address' if asked.own else ''}); "
                            "a code to confirm it was mailed to his address"))
    void = " Any change asked from another address and waiting for its code is void." \
        if asked.own else ""
    return f"PASSWORD (line {request.line}): not changed yet. A code is mailed to the address " \
           f"on file for player {player}: send it back within {CODE_HOURS} hours in a line " \
           "PASSWORD CONFIRM <code>, with your present PASSWORD line, and the new password " \
           f"is yours (it is not repeated here). Until then your password is unchanged.{void}"


def _within_limits(asked: Asked, player: str, granted: Granted) -> None:
    """A GameError if this change would be one too many in 24 hours (R87): from the player's
    own address, OWN_CHANGES_PER_DAY; from another, CHANGES_PER_ADDRESS from it and
    CHANGES_FROM_ELSEWHERE from all the others together. His own are never counted with the
    others', so whoever else knows his password cannot stop him changing it."""
    campaign = asked.campaign
    asked_before = campaign.store.changes_asked(campaign.row, player,
                                                asked.moment - dt.timedelta(hours=24))
    sender = (asked.sender or "").lower()
    if asked.own:
        count = sum(own for _, own in asked_before)
        limit, where = OWN_CHANGES_PER_DAY, f"from player {player}'s own address"
    elif sum(a == sender and not own for a, own in asked_before) >= CHANGES_PER_ADDRESS:
        limit, where = CHANGES_PER_ADDRESS, f"from {asked.sender}"
        count = limit
    else:
        count = sum(not own for _, own in asked_before)
        limit, where = CHANGES_FROM_ELSEWHERE, \
            f"from addresses other than player {player}'s own"
    if count < limit:
        return
    granted.notices.append(("password", f"player {player}: a new password asked by mail "
                            f"from {asked.sender}, past {limit} in 24 hours {where}: not "
                            "taken"))
    elsewhere = "" if asked.own else (f" From the address on file for player {player} a "
                                      "change may still be asked.")
    raise GameError(f"{limit} changes of player {player}'s password were asked {where} in "
                    f"the last 24 hours already; this one is not taken, and the password is "
                    f"unchanged.{elsewhere} {CONFIRM_ONLY}")


def _code_mail(asked: Asked, to: str, request: Request, code: str, expires: dt.datetime
               ) -> Outgoing:
    """The code that confirms a new password, mailed to the player's address on file: it
    says when it was asked, and from what address the asking message says it came (which may
    be forged: nothing else of that message is quoted, since its sender wrote it), and what
    to do if it was not he."""
    assert asked.player is not None and asked.config is not None
    campaign, player, zone = asked.campaign, asked.player, asked.config.zone()
    text = "\n".join([
        f"Player {player} of game {campaign.name}: a new password for you was asked at "
        f"{asked.moment.astimezone(zone):%Y-%m-%d %H:%M %Z}, in a message that says it came "
        f"from {asked.sender} (a sender can be forged) and that carried your present "
        "password.", "",
        f"It is yours only when you send the judge, before "
        f"{expires.astimezone(zone):%Y-%m-%d %H:%M %Z}, a message with these lines:", "",
        f"  GAME {campaign.name}", f"  PLAYER {player}", "  PASSWORD <your present password>",
        f"  PASSWORD CONFIRM {code}", "",
        "The code is good once. Until then your password is unchanged.", "",
        "If you did not ask for it, do not send the code: your password stays as it is. But "
        "whoever asked knew your present password: send a new one of your own at once, from "
        "this address (a second PASSWORD line with it, then the code you will get for it; a "
        "change asked from this address voids those asked from others), and tell the GM.",
        ""])
    return notice_mail(campaign.row, asked.config.gm_address, to, "password",
                       f"{asked.key}.{request.line}",
                       f"{campaign.name}: confirm your new password (player {player})", text,
                       asked.moment.astimezone(zone))


def _confirm(asked: Asked, request: Request, granted: Granted) -> str:
    """`PASSWORD CONFIRM <code>`: the change the code was mailed for made, once."""
    assert asked.player is not None and request.secret is not None
    if request.secret == REDACTED:  # read back from the store, where no code is kept
        raise GameError("the code could not be read back; send it again")
    campaign, player = asked.campaign, asked.player
    change = campaign.store.pending_change(campaign.row, player, code_hash(request.secret),
                                           asked.moment)
    if change is None:
        granted.notices.append(("password", f"player {player}: a PASSWORD CONFIRM from "
                                f"{asked.sender} with a code that is wrong, used or expired"))
        raise GameError(f"that is no code mailed for a new password of player {player}, or "
                        "it has been used or has expired; your password is unchanged")
    if not asked.acting:
        return f"PASSWORD CONFIRM (line {request.line}): your password would be changed to " \
               "the one asked with this code."
    assert asked.config is not None
    granted.password = PasswordChange(player, confirms=change.id)
    granted.notices.append(("password", f"player {player} changed his password by mail, "
                            f"confirmed with the code mailed to his address (from "
                            f"{asked.sender})"))
    asked_at = change.created_at.astimezone(asked.config.zone())
    return f"PASSWORD CONFIRM (line {request.line}): changed, to the password asked at " \
           f"{asked_at:%Y-%m-%d %H:%M %Z}. Write it in your messages from now on (it is not " \
           "repeated here); any other change of it waiting for a code is void."


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
