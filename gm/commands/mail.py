"""`gm fetch`, `gm send` and `gm run --once`: the campaign's mailbox."""

from __future__ import annotations

from pathlib import Path

import click

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
@click.option("--once", is_flag=True, required=True, help="One round: fetch, answer, send.")
def run(campaign: Path, once: bool) -> None:
    """One round of the mail loop, for cron: fetch, answer, send."""
    from gm.campaign import open_campaign
    from gm.mail.config import load_mail_config
    from gm.mail.inbox import answer_all
    from gm.mail.inbox import fetch as fetch_mail
    from gm.mail.outbox import send_all

    opened = open_campaign(campaign)
    config = load_mail_config(campaign)
    stored = fetch_mail(opened, config)
    answered = answer_all(opened, config)
    sent = send_all(opened, config)
    click.echo(f"{stored} stored, {answered} answered, {sent} sent")
