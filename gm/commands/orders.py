"""`gm orders`: check an order message as the player's answer will, or print its normal form."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from gm.commands.files import read_bytes, read_files
from gm.commands.games import GAME_OPTION

if TYPE_CHECKING:
    from gm.app.pregame import Applied

FILE = click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))


@click.group()
def orders() -> None:
    """Read players' order messages (docs/orders.md); record those the GM was handed."""


@orders.command()
@FILE
@click.option("--campaign", type=click.Path(file_okay=False, path_type=Path),
              help="Check against this campaign's open phase and position.")
@click.option("--case", "case_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Check against an adjudication case's position instead.")
@GAME_OPTION
def check(file: Path, campaign: Path | None, case_file: Path | None, game: str | None) -> None:
    """Print the answer the player would get for FILE (an e-mail as delivered, or its text);
    exit 1 if anything is refused. Without --campaign, read by --game's order language (else
    that of the campaign the GAME line names, when its folder is here; else rcw)."""
    from gm.app.checking import (
        check_language,
        check_with_campaign,
        check_with_case,
        message_game,
    )

    if campaign and case_file:
        raise click.UsageError("give --campaign or --case, not both")
    raw = read_bytes(file)
    if campaign and game:
        raise click.UsageError("--campaign reads by its campaign's game: leave out --game")
    if campaign:
        verdict = check_with_campaign(raw, campaign)
        text, refused = verdict.text, verdict.refused
    elif case_file:
        verdict = check_with_case(raw, case_file, message_game(raw, game))
        text, refused = verdict.text, verdict.refused
    else:  # no position: the language only
        text, refused = check_language(raw, message_game(raw, game))
    click.echo(text, nl=False)
    sys.exit(1 if refused else 0)


@orders.command()
@FILE
@GAME_OPTION
def echo(file: Path, game: str | None) -> None:
    """Print the orders of FILE in normal form, one a line (problems on stderr, exit 1), read
    by --game's order language (else that of the campaign the GAME line names, when its folder
    is here; else rcw)."""
    from gm.app.checking import message_game, read_orders

    raw = read_bytes(file)
    message = read_orders(raw, message_game(raw, game))
    click.echo(f"GAME {message.game}")
    if message.player:
        click.echo(f"PLAYER {message.player}")
    if message.declared:
        click.echo(message.declared.label())
    for order in message.orders:
        click.echo(order.echo())
    for problem in message.problems:
        click.echo(problem.render(), err=True)
    sys.exit(1 if message.problems else 0)


@orders.command()
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--campaign", type=click.Path(file_okay=False, path_type=Path), required=True)
def apply(files: tuple[Path, ...], campaign: Path) -> None:
    """Carry out the players' pre-game orders (GIVE, TRADE, DEPLOY) mailed for the trading
    session or the deployment (17.0 [15.0]), each message checked as mail is. A later file
    from the same player replaces an earlier one whole; refused lines are reported and
    skipped. (Orders received by mail are applied by `gm end-trading` and `gm start`.)"""
    from gm.app.pregame import apply_files
    from gm.commands.holding import changing

    messages = read_files(files)
    with changing(campaign) as opened:
        applied = apply_files(opened, messages)
    report_applied(applied)


@orders.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
def record(campaign: Path, files: tuple[Path, ...]) -> None:
    """Record order messages that reached the GM outside the mailbox (paper, a chat message):
    each of FILES (an e-mail or its text, GAME, PLAYER and PASSWORD lines and all) is judged
    exactly as a mailed message, its answer printed (nothing is mailed), and when its orders
    count they are kept as mailed orders are: gm status counts them and gm adjudicate (or
    gm end-trading, gm start) uses them; a later message of the player's replaces an earlier
    whole. Exit 1 if anything is refused."""
    from gm.app.recording import record_messages
    from gm.commands.holding import changing

    messages = read_files(files)
    with changing(campaign) as opened:
        done = record_messages(opened, messages)
    for one in done:
        click.echo(f"== {one.name}")
        click.echo(one.verdict.text.rstrip("\n") or "(no answer)")
        if one.unanswered:
            click.echo("Note: its requests and press are not carried out here; the player may "
                       "mail them.")
        click.echo(f"recorded: player {one.verdict.player}'s message counts for this "
                   f"{one.period} (a later one of his replaces it whole)" if one.recorded else
                   "not recorded: nothing in it counts as orders")
    sys.exit(1 if any(one.verdict.refused or not one.recorded for one in done) else 0)


def report_applied(applied: Applied) -> None:
    for line in applied.ignored:
        click.echo(f"{line} (skipped)", err=True)
    for line in applied.refused:
        click.echo(f"{line} refused (see gm orders check)")
    for outcome in applied.outcomes:
        click.echo(f"{outcome.player} line {outcome.line}: {outcome.result}: {outcome.detail}")
