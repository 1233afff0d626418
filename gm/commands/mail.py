"""`gm fetch`, `gm send` and `gm run`: the campaign's mailbox."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from gm.commands.anonymity import warn_anonymity

if TYPE_CHECKING:
    from gm.app.outbox import Sent
    from gm.app.rounds import Round
    from gm.app.settings import MailConfig

CAMPAIGN = click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))


@click.command()
@CAMPAIGN
def fetch(campaign: Path) -> None:
    """Fetch the messages in the GM's mailbox, keep them (passwords taken out), answer each
    order message (the answers are queued for `gm send`); auto-replies, bounces and list mail
    are kept unanswered and listed in the GM's digest."""
    from gm.app.campaign import open_campaign
    from gm.app.digest import queue_digest
    from gm.app.intake import take_in
    from gm.app.settings import mailbox_config
    from gm.commands.holding import holding
    from gm.mail.imap import ImapMailbox

    opened = open_campaign(campaign)
    config = mailbox_config(campaign)
    warn_anonymity(opened)
    with holding(opened, unchanged=False), ImapMailbox(config) as mailbox:
        stored, answered = take_in(opened, mailbox, config)
        noticed = queue_digest(opened, config)
    click.echo(f"{stored} new message(s) stored, {answered} answered"
               + (f"; a digest of {noticed} item(s) queued for the GM" if noticed else ""))


def _print_sent(sent: Sent) -> None:
    extra = (f", {sent.waiting} to be tried again later" if sent.waiting else "") + (
        f", {len(sent.failed)} failed" if sent.failed else "")
    click.echo(f"{sent.sent} message(s) sent{extra}")
    for line in sent.failed:
        click.echo(f"  failed: {line}", err=True)
    if sent.stopped:
        click.echo(f"gm: {sent.stopped}", err=True)
        sys.exit(1)


@click.command()
@CAMPAIGN
@click.option("--retry", "retry_id", type=int, metavar="ID",
              help="Send this failed (or waiting) message again now.")
@click.option("--list", "listing", is_flag=True,
              help="List the messages not sent: waiting, held (anonymous press, until the "
              "next reports), to be tried again, failed.")
def send(campaign: Path, retry_id: int | None, listing: bool) -> None:
    """Send the queued answers, reports and notices, each on its own: a recipient the server
    refuses never holds up the others. A temporary failure is tried again later (with longer
    waits); a permanent one is reported to the GM."""
    from gm.app.campaign import open_campaign
    from gm.app.outbox import retry
    from gm.app.rounds import send_and_tell
    from gm.app.settings import load_mail_config
    from gm.commands.holding import holding
    from gm.mail.smtp import SmtpTransport

    opened = open_campaign(campaign)
    if listing:
        rows = opened.store.outbox_rows(opened.row, ("queued", "held", "retry", "failed"))
        for row in rows:
            held = row.next_attempt_at if row.status == "held" else None
            if held is not None and held.tzinfo is not None:
                held = held.astimezone(dt.UTC)
            note = row.last_error or (f"until {held:%Y-%m-%d %H:%M} UTC" if held else (
                "until the next reports" if row.status == "held" else ""))
            click.echo(f"{row.id:5d} {row.status:7s} {row.kind:10s} {row.recipient}"
                       f"{'  (' + note + ')' if note else ''}")
        click.echo(f"{len(rows)} message(s) not sent")
        return
    config = load_mail_config(campaign)
    transport = SmtpTransport(config)
    try:
        with holding(opened, unchanged=False):  # no message sent by a worker and by this
            if retry_id is not None:
                sent = retry(opened, config, transport, retry_id)
            else:
                sent = send_and_tell(opened, config, transport)
    finally:
        transport.close()
    _print_sent(sent)


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
@click.option("--all", "hosted", is_flag=True,
              help="CAMPAIGN is a host (gm host): every campaign in it, from its one mailbox.")
@click.option("--once", "mode", flag_value="once", help="One round, for cron.")
@click.option("--watch", "mode", flag_value="watch",
              help="Round after round, woken by new mail (IMAP IDLE) or every --interval.")
@click.option("--interval", default=300, show_default=True, type=click.IntRange(1),
              help="With --watch: seconds to wait for mail before a round anyway.")
@click.option("--max-rounds", type=click.IntRange(1), help="With --watch: stop after these.")
def run(campaign: Path, hosted: bool, mode: str | None, interval: int,
        max_rounds: int | None) -> None:
    """The mail loop: fetch and answer; remind the players without orders as the deadline
    nears; adjudicate at the deadline when [schedule] says so; tell the GM what needs him;
    send. With --all, CAMPAIGN is a host folder and each message goes to the game it names."""
    from gm.mail.imap import ImapMailbox

    if mode is None:
        raise click.UsageError("give --once or --watch")
    rounds = 0
    while True:
        config: MailConfig = _host_round(campaign) if hosted else _campaign_round(campaign)
        rounds += 1
        if mode == "once" or (max_rounds is not None and rounds >= max_rounds):
            return
        with ImapMailbox(config, timeout=interval + 30) as mailbox:
            mailbox.wait(interval)


def _print_round(done: Round, name: str = "") -> None:
    prefix = f"{name}: " if name else ""
    if done.adjudicated is not None:
        before = done.adjudicated.before
        click.echo(f"{prefix}Game-Turn {before.turn}, phase {before.phase} adjudicated")
    click.echo(f"{prefix}{done.stored} stored, {done.answered} answered, {done.reminded} "
               f"reminded, {done.sent.sent} sent")
    for line in done.sent.failed:
        click.echo(f"  failed: {line}", err=True)
    if done.sent.stopped:
        click.echo(f"gm: {done.sent.stopped}", err=True)


def _campaign_round(campaign: Path) -> MailConfig:
    """One round on a campaign of its own, under its claim as a host's rounds are: a GM
    command changing it (or another worker) passes this round over; a change another made
    under it (Superseded) is said and stores nothing of it."""
    from gm.app.campaign import campaign_claim, open_campaign
    from gm.app.rounds import mail_round
    from gm.app.settings import mailbox_config
    from gm.core.errors import Superseded
    from gm.mail.imap import ImapMailbox
    from gm.mail.smtp import SmtpTransport

    opened = open_campaign(campaign)
    config = mailbox_config(campaign)
    warn_anonymity(opened)
    with campaign_claim(opened.store.url, opened.name) as mine:
        if not mine:
            click.echo(f"{opened.name}: a gm command or another worker is handling it; this "
                       "round passes it over", err=True)
            return config
        transport = SmtpTransport(config)
        try:
            with ImapMailbox(config) as mailbox:
                _print_round(mail_round(opened, config, mailbox, transport))
        except Superseded as exc:
            click.echo(f"gm: {exc}", err=True)
        finally:
            transport.close()
    return config


def _host_round(folder: Path) -> MailConfig:
    from gm.app.host_round import host_round
    from gm.app.hosting import open_host
    from gm.mail.imap import ImapMailbox
    from gm.mail.smtp import SmtpTransport

    host = open_host(folder)
    transport = SmtpTransport(host.config)
    try:
        done = host_round(host, lambda: ImapMailbox(host.config), transport)
    finally:
        transport.close()
    for name, result in done.rounds.items():
        _print_round(result, name)
    if done.strays:
        click.echo(f"{done.strays} message(s) for no game hosted here, kept")
    for line in done.problems:
        click.echo(f"gm: {line}", err=True)
    return host.config


@click.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--database", help="A PostgreSQL URL for the host and every campaign made in it "
              "(for workers on several machines; default: SQLite files in the folders).")
def host(folder: Path, database: str | None) -> None:
    """Make FOLDER a host: the campaigns made in it (gm new FOLDER/NAME) share one mailbox,
    whose [mail] table host.toml holds; gm run FOLDER --all reads it for all of them."""
    from gm.app.hosting import make_host

    config = make_host(folder, database)
    click.echo(f"{config} written: fill in its [mail] table, then make campaigns in "
               f"{folder} (gm new {folder}/NAME ...) and run gm run {folder} --all --once")
