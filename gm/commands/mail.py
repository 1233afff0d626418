"""`gm fetch`, `gm send` and `gm run --once`: the campaign's mailbox."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import click

from gm.errors import GameError

if TYPE_CHECKING:
    from gm.campaign import Campaign

CAMPAIGN = click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))


@click.command()
@CAMPAIGN
def fetch(campaign: Path) -> None:
    """Fetch the order messages from the GM's mailbox, store them, answer each (queued)."""
    from gm.campaign import open_campaign
    from gm.mail.config import load_mail_config
    from gm.mail.inbox import answer_all
    from gm.mail.inbox import fetch as fetch_mail

    opened = open_campaign(campaign)
    config = load_mail_config(campaign)
    stored = fetch_mail(opened, config)
    answered = answer_all(opened, config)
    click.echo(f"{stored} new message(s) stored, {answered} answered")


@click.command()
@CAMPAIGN
def send(campaign: Path) -> None:
    """Send the queued acknowledgements and reports."""
    from gm.campaign import open_campaign
    from gm.mail.config import load_mail_config
    from gm.mail.outbox import send_all

    opened = open_campaign(campaign)
    click.echo(f"{send_all(opened, load_mail_config(campaign))} message(s) sent")


@click.command()
@CAMPAIGN
@click.option("--once", "mode", flag_value="once", help="One round, for cron.")
@click.option("--watch", "mode", flag_value="watch",
              help="Round after round, woken by new mail (IMAP IDLE) or every --interval.")
@click.option("--interval", default=300, show_default=True, type=click.IntRange(1),
              help="With --watch: seconds to wait for mail before a round anyway.")
@click.option("--max-rounds", type=click.IntRange(1), help="With --watch: stop after these.")
def run(campaign: Path, mode: str | None, interval: int, max_rounds: int | None) -> None:
    """The mail loop: fetch and answer; remind the players without orders as the deadline
    nears; adjudicate at the deadline when [schedule] says so; send."""
    if mode is None:
        raise click.UsageError("give --once or --watch")
    rounds = 0
    while True:
        _round(campaign)
        rounds += 1
        if mode == "once" or (max_rounds is not None and rounds >= max_rounds):
            return
        _wait_for_mail(campaign, interval)


def _wait_for_mail(campaign: Path, seconds: int) -> None:
    """IMAP IDLE on the GM's inbox until something arrives or `seconds` pass."""
    from imapclient import IMAPClient
    from imapclient.exceptions import IMAPClientError

    from gm.mail.config import load_mail_config

    config = load_mail_config(campaign)
    try:
        with IMAPClient(config.imap_host, port=config.imap_port, ssl=config.imap_ssl,
                        ssl_context=config.ssl_context() if config.imap_ssl else None,
                        timeout=seconds + 30) as client:
            client.login(config.imap_user, config.secret(config.imap_password_env))
            client.select_folder(config.inbox_folder)
            if client.search("ALL"):
                return  # mail is already waiting
            client.idle()
            try:
                client.idle_check(timeout=seconds)
            finally:
                client.idle_done()
    except (IMAPClientError, OSError) as exc:
        raise GameError(f"IMAP {config.imap_host}:{config.imap_port}: {exc}") from None


def _round(campaign: Path) -> None:
    from gm.campaign import now, open_campaign
    from gm.commands.adjudicate import run_adjudication
    from gm.mail.config import load_mail_config
    from gm.mail.inbox import answer_all
    from gm.mail.inbox import fetch as fetch_mail
    from gm.mail.outbox import send_all
    from gm.schedule import load_schedule

    opened = open_campaign(campaign)
    config = load_mail_config(campaign)
    stored = fetch_mail(opened, config)
    answered = answer_all(opened, config)
    schedule = load_schedule(campaign)
    state = opened.latest().state
    reminded = 0
    if schedule is not None and state.stage == "play":
        due = schedule.deadline(opened.phase_opened_at())
        moment = now()
        if moment >= due - dt.timedelta(hours=schedule.reminder_hours):
            reminded = _remind(opened, config.gm_address, due)
        if moment >= due and schedule.auto_adjudicate:
            run_adjudication(opened, (), dry_run=False)
    sent = send_all(opened, config)
    click.echo(f"{stored} stored, {answered} answered, {reminded} reminded, {sent} sent")


def _remind(opened: Campaign, gm_address: str, due: dt.datetime) -> int:
    """A reminder to each player still in the game with no orders in; once a phase each."""
    from email.message import EmailMessage

    from gm.campaign import now
    from gm.mail.messages import message_id

    state = opened.latest().state
    sent_in = {row.player for row in opened.store.orders_for(opened.row, state.turn,
                                                             state.phase)}
    queued = 0
    for player in opened.players():
        if player.letter in sent_in or player.letter in state.pending.quit_players:
            continue
        mail = EmailMessage()
        mail["From"] = gm_address
        mail["To"] = player.email
        mail["Subject"] = f"{opened.name}: orders due {due:%Y-%m-%d %H:%M %Z}"
        mail["Message-ID"] = message_id(opened.name, "reminder",
                                        f"t{state.turn}p{state.phase}.{player.letter}")
        mail.set_content(f"Player {player.letter}, no orders of yours have arrived for "
                         f"Game-Turn {state.turn}, phase {state.phase}. They are due "
                         f"{due:%Y-%m-%d %H:%M %Z}; without them your forces stand still.\n",
                         cte="quoted-printable")
        if opened.store.queue(opened.row, str(mail["Message-ID"]), player.email,
                              mail.as_string(), now()):
            queued += 1
    return queued
