"""One round of the mail loop (`gm run`): take in and answer, remind the players without
orders as the deadline nears, adjudicate at the deadline when [schedule] says so, tell the GM
what needs him, send."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gm.app.campaign import Campaign, now
from gm.app.digest import queue_digest
from gm.app.intake import Mailbox, take_in
from gm.app.outbox import Sent, Transport, send_due, send_first
from gm.app.schedule import load_schedule
from gm.app.settings import MailConfig

if TYPE_CHECKING:
    from gm.app.adjudication import Adjudicated


@dataclass
class Round:
    stored: int
    answered: int
    reminded: int
    adjudicated: Adjudicated | None
    sent: Sent


def queue_reminders(campaign: Campaign, config: MailConfig, due: dt.datetime) -> int:
    """A reminder to each player still in the game with no orders in; once a phase each."""
    state = campaign.latest().state
    sent_in = {row.player for row in campaign.store.orders_for(campaign.row, state.turn,
                                                               state.phase)}
    moment = now()
    from gm.messages.compose import notice_mail  # lazy: composing mail, near a deadline only

    queued = 0
    for player in campaign.players():
        if player.letter in sent_in or player.letter not in campaign.system.awaited(state):
            continue
        text = (f"Player {player.letter}, no orders of yours have arrived for "
                f"{campaign.system.phase_title(state)}. They are due "
                f"{due:%Y-%m-%d %H:%M %Z}; without them your forces stand still.\n")
        mail = notice_mail(campaign.row, config.gm_address, player.email, "reminder",
                           f"t{state.turn}p{state.phase}.{player.letter}",
                           f"{campaign.name}: orders due {due:%Y-%m-%d %H:%M %Z}", text,
                           moment.astimezone(config.zone()))
        queued += campaign.store.queue(campaign.row, mail, moment)
    return queued


def send_and_tell(campaign: Campaign, config: MailConfig, transport: Transport,
                  began: dt.datetime | None = None) -> Sent:
    """Send what is due; then the GM's digest of what needs him, failures included (`began`:
    when the round began, whose held mail waits for the next, R82)."""
    began = began or now()
    sent = send_due(campaign, config, transport, began=began)
    if sent.stopped is None and queue_digest(campaign, config):
        more = send_due(campaign, config, transport, began=began)
        sent.sent += more.sent
        sent.waiting += more.waiting
        sent.failed += more.failed
        sent.stopped = more.stopped
    return sent


def mail_round(campaign: Campaign, config: MailConfig, mailbox: Mailbox,
               transport: Transport) -> Round:
    began = now()
    first = send_first(campaign, config, transport)
    stored, answered = take_in(campaign, mailbox, config)
    done = after_intake(campaign, config, transport, stored, answered, began)
    done.sent.sent += first.sent
    return done


def after_intake(campaign: Campaign, config: MailConfig, transport: Transport, stored: int = 0,
                 answered: int = 0, began: dt.datetime | None = None) -> Round:
    """The round once the mail is in: remind, adjudicate when due, tell the GM, send (`began`:
    when the round began, before its mail was taken in)."""
    schedule = load_schedule(campaign.folder)
    reminded = 0
    adjudicated = None
    if schedule is not None and campaign.latest().state.stage == "play":
        due = schedule.deadline(campaign.phase_opened_at())
        moment = now()
        if moment >= due - dt.timedelta(hours=schedule.reminder_hours):
            reminded = queue_reminders(campaign, config, due)
        if moment >= due and schedule.auto_adjudicate:
            from gm.app.adjudication import adjudicate_open_phase  # lazy: at a deadline only

            adjudicated = adjudicate_open_phase(campaign, None, dry_run=False)
    queue_digest(campaign, config)
    return Round(stored, answered, reminded, adjudicated, send_and_tell(campaign, config,
                                                                        transport, began))
