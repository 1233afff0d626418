"""What a player's own address is told about his password (rulings R79, R80): the wrong
passwords given for him, from which addresses (never the passwords themselves), the messages
refused past his guessing limit, and every message that carried his password from another
address, with what it held and what became of it (the addresses and those messages shown one
by one up to SHOWN, the rest counted: a flood of forged senders makes no flood of text). Each
is kept as an alert with the handling of its message (gm.app.answering, `stranger_alert`), so
neither the per-address cap nor a crash loses one; they are told in one message at most hourly
per player, the first at once, and the GM's digest says so."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from itertools import groupby

from gm.app.campaign import Campaign, now
from gm.app.crash import crash_point
from gm.app.settings import MailConfig
from gm.store import AlertRow, PlayerRow

GUESS_WINDOW = dt.timedelta(hours=24)  # wrong_passwords_per_day counts over this (R79)
TELL_EVERY = dt.timedelta(hours=1)  # a player is told at most this often
SHOWN = 10  # addresses, and messages with his password, told one by one; the rest counted


def _counted(found: list[AlertRow], kind: str, own: str) -> list[str]:
    """The addresses of one kind of alert, most first, at most SHOWN of them."""
    by_address = Counter(a.sender_address or "?" for a in found if a.kind == kind)
    ranked = sorted(by_address.items(), key=lambda i: (-i[1], i[0]))
    lines = [f"  {count} from {address}{' (this address)' if address == own else ''}"
             for address, count in ranked[:SHOWN]]
    rest = ranked[SHOWN:]
    if rest:
        lines.append(f"  {sum(n for _, n in rest)} from {len(rest)} more address(es)")
    return lines


def alert_text(campaign: Campaign, player: PlayerRow, found: list[AlertRow],
               since: dt.datetime | None, config: MailConfig) -> str:
    """The message that tells a player his alerts."""
    zone = config.zone()
    own = player.email.lower()
    first = since or found[0].created_at
    lines = [f"Player {player.letter} of game {campaign.name}: this is about your password, "
             f"since {first.astimezone(zone):%Y-%m-%d %H:%M %Z}. You are told at most once an "
             "hour, and the GM's digest says the same.", ""]
    wrong = [a for a in found if a.kind == "wrong"]
    unchecked = [a for a in found if a.kind == "unchecked"]
    limit = config.wrong_passwords_per_day
    if wrong:
        lines += [f"Wrong passwords were given for player {player.letter} {len(wrong)} "
                  "time(s), in messages from:", *_counted(found, "wrong", own)]
    if unchecked:
        lines += [f"{len(unchecked)} message(s) for player {player.letter} were refused "
                  f"whatever their password, because {limit} wrong passwords or more had been "
                  "given for you in 24 hours (those that carried your password are told "
                  "below); they came from:", *_counted(found, "unchecked", own)]
    if wrong or unchecked:
        lines += ["", "The passwords tried are never kept nor shown, and a sender's address "
                  "can be forged. Your messages from this address are judged as always; once "
                  f"{limit} wrong passwords have been given in 24 hours, those from any other "
                  "are refused until fewer have. If these were not your own mistakes, "
                  "someone is trying to guess your password: one the program made cannot be "
                  "guessed in the life of a game; one you chose should be as random (send "
                  "PASSWORD and a new one to change it: a code to confirm it is mailed to "
                  "this address).", ""]
    strangers = [a for a in found if a.kind == "stranger"]
    if strangers:
        lines += [f"{len(strangers)} message(s) with your password came from an address "
                  "other than this one (or from this one, not proven):", ""]
        for alert in strangers[:SHOWN]:
            lines += [alert.text, ""]
        if len(strangers) > SHOWN:
            lines += [f"{len(strangers) - SHOWN} more, not shown here (the GM has them all), "
                      "from:", *_counted(strangers[SHOWN:], "stranger", own), ""]
        lines += ["If you did not send them, someone knows your password: send a new one at "
                  "once, from this address (PASSWORD and the new one, in a message with your "
                  "present one; it is yours when you send back the code mailed to this address "
                  "for it, and it voids any change asked from elsewhere), and tell the GM. "
                  "Confirm only a code for a change you asked for yourself.", ""]
    return "\n".join(lines)


def _summary(found: list[AlertRow]) -> str:
    kinds = Counter(a.kind for a in found)
    parts = [f"{kinds['wrong']} wrong password(s)" if kinds["wrong"] else "",
             f"{kinds['unchecked']} message(s) refused past the limit" if kinds["unchecked"]
             else "",
             f"{kinds['stranger']} message(s) with his password from another address"
             if kinds["stranger"] else ""]
    addresses = sorted({a.sender_address or "?" for a in found})
    more = f" and {len(addresses) - SHOWN} more" if len(addresses) > SHOWN else ""
    return f"{', '.join(p for p in parts if p)}; from {', '.join(addresses[:SHOWN])}{more}"


def queue_alerts(campaign: Campaign, config: MailConfig) -> int:
    """Tell each player with alerts not yet told, unless he was told in the last hour: one
    message to his own address, queued with the alerts marked told and a line for the GM's
    digest, in one transaction. How many players were told."""
    found = campaign.store.untold_alerts(campaign.row)
    if not found:
        return 0
    moment = now()
    last = campaign.store.last_told(campaign.row)
    players = {p.letter: p for p in campaign.players()}
    from gm.messages.compose import notice_mail  # lazy: composing mail, when there is some

    told = 0
    for letter, group in groupby(sorted(found, key=lambda a: (a.player, a.id)),
                                 key=lambda a: a.player):
        alerts = list(group)
        previous = last.get(letter)
        player = players.get(letter)
        if player is None or (previous is not None and moment - previous < TELL_EVERY):
            continue  # told within the hour: these wait for the next round after it
        mail = notice_mail(campaign.row, config.gm_address, player.email, "alert",
                           f"{letter}.{alerts[0].id}",
                           f"{campaign.name}: about your password (player {letter})",
                           alert_text(campaign, player, alerts, previous, config),
                           moment.astimezone(config.zone()))
        campaign.store.tell_alerts(campaign.row, [a.id for a in alerts], mail, (
            "alerts", f"player {letter} told at {player.email}: {_summary(alerts)}"), moment)
        crash_point("after-alert")
        told += 1
    return told
