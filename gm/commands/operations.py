"""GM operations: rollback, overrides (GM rulings) and the players' records."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from gm.commands.anonymity import warn_anonymity
from gm.commands.holding import changing, holding

if TYPE_CHECKING:
    from gm.app.operations import Reset

CAMPAIGN = click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))


@click.command()
@CAMPAIGN
@click.option("--to", "target", required=True, metavar="TURN.PHASE",
              help="The phase to open again, e.g. 3.1 for Game-Turn 3, First Phase.")
@click.option("--reason", default="", help="Why, for the record.")
def rollback(campaign: Path, target: str, reason: str) -> None:
    """Open an adjudicated phase again, as it was before its adjudication. History is kept
    (the rollback is a new entry) and so are the orders received: `gm adjudicate` may be run
    again. Its dice are seeded afresh, since the reports revealed the old seed, and each
    player is mailed the commitment to the new one (docs/dice.md)."""
    from gm.app.operations import rollback as do_rollback

    with changing(campaign) as opened:
        done = do_rollback(opened, target, reason)
    click.echo(f"Game-Turn {done.turn}, phase {done.phase} is open again (entry {done.seq}); "
               f"its dice are seeded afresh, committed to SHA-256 {done.fresh}"
               + (f" (the commitment {done.abandoned} is abandoned)" if done.abandoned else ""))
    if done.told:
        click.echo(f"{done.told} notice(s) of it queued for the players: `gm send` sends them")


@click.command()
@CAMPAIGN
@click.option("--reason", required=True, help="The ruling, as the players will read it.")
@click.option("--state", "state_file", required=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The corrected state: `gm show --json` output, edited.")
def override(campaign: Path, reason: str, state_file: Path) -> None:
    """Record a GM ruling that changes the state; it is logged with its reason and shown in
    the next report."""
    from gm.app.operations import override as do_override

    text = state_file.read_text(encoding="utf-8")
    with changing(campaign) as opened:
        seq, changed = do_override(opened, reason, text, str(state_file))
    click.echo(f"ruling recorded (entry {seq}): {reason}; changed: {', '.join(changed)}")


@click.command()
@CAMPAIGN
@click.option("--email", "emails", multiple=True, metavar="L:ADDRESS",
              help="A player's new e-mail address.")
@click.option("--reset-password", "resets", multiple=True, metavar="L",
              help="Make a new password for a player and print it.")
@click.option("--quit", "quitters", multiple=True, metavar="L",
              help="Record that a player has left the game (14.2).")
def players(campaign: Path, emails: tuple[str, ...], resets: tuple[str, ...],
            quitters: tuple[str, ...]) -> None:
    """List the players, or change their records."""
    from gm.app.campaign import open_campaign
    from gm.app.operations import record_quit, reset_password, set_email

    opened = open_campaign(campaign)
    if emails or resets or quitters:
        with holding(opened, unchanged=bool(quitters)):
            for spec in emails:
                letter, address = set_email(opened, spec)
                click.echo(f"player {letter}: address {address}")
            for letter in resets:
                _told(reset_password(opened, letter), letter.upper())
            for letter in quitters:
                record_quit(opened, letter)
                rule = f" ({opened.system.quit_rule})" if opened.system.quit_rule else ""
                click.echo(f"player {letter.upper()} has quit the game{rule}")
    in_game = opened.latest().state.players_in_game()
    for row in opened.players():
        status = "" if row.letter in in_game else " (quit)"
        click.echo(f"{row.letter}  {row.name:20s} {row.email}{status}")
    warn_anonymity(opened)


@click.command()
@CAMPAIGN
@click.argument("player")
@click.option("--reset", is_flag=True, help="Make a new password for PLAYER (required: the "
              "present one is kept only as a hash and cannot be shown).")
def password(campaign: Path, player: str, reset: bool) -> None:
    """Give PLAYER a new password (--reset): made as gm new makes one, printed once, and, when
    the campaign is played by mail, mailed to his address on file (queued for gm send). His
    old password counts no more, nor any change he asked by mail and has not confirmed; the
    reset is recorded in the campaign's history (R87, R88)."""
    from gm.app.operations import reset_password

    if not reset:
        raise click.UsageError("a password is kept only as a hash and cannot be shown: "
                               f"gm password {campaign} {player} --reset makes a new one")
    with changing(campaign, unchanged=False) as opened:
        done = reset_password(opened, player)
    _told(done, player.upper())


def _told(done: Reset, letter: str) -> None:
    click.echo(f"player {letter}: new password {done.password}")
    if done.mailed_to:
        click.echo(f"  mailed to {done.mailed_to} (queued: gm send sends it)")
    else:
        click.echo("  give it to the player yourself (the campaign has no [mail] table); it is "
                   "shown only this once")
