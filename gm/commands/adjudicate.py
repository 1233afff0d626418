"""`gm adjudicate`: the open phase of a campaign, from the players' order messages."""

from __future__ import annotations

from pathlib import Path

import click

from gm.commands.files import read_what_can_be_read
from gm.commands.holding import holding


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--dry-run", is_flag=True, help="Show the outcome; store nothing.")
@click.option("--skip-refused", is_flag=True,
              help="Adjudicate without the FILES that are refused (each still named).")
def adjudicate(campaign: Path, files: tuple[Path, ...], dry_run: bool,
               skip_refused: bool) -> None:
    """Adjudicate the open phase of CAMPAIGN with the order messages FILES (e-mails or their text,
    each checked as a mailed message is: GAME, PLAYER, PASSWORD), or, without FILES, with the
    orders received by mail (`gm fetch`) or recorded (`gm orders record`). If any of FILES is
    refused (wrong password, another GAME, a TURN or PHASE not open, unreadable), nothing is
    adjudicated and each refused file is named with its reason, unless --skip-refused. A player
    without a message does nothing this phase; of two messages from one player the later
    replaces the earlier whole. The dice are seeded by the campaign and the phase, so
    adjudicating the same phase again gives the same result. With a [mail] table in
    campaign.toml each player's report and the GM's copy are queued for `gm send` in the same
    transaction. A worker in its round on the campaign is waited for (GM_CLAIM_WAIT seconds); if
    it changed the campaign meanwhile, nothing is done."""
    from gm.app.adjudication import adjudicate_open_phase
    from gm.app.campaign import open_campaign
    from gm.core.state import ENDED
    from gm.engine.results import line_label

    opened = open_campaign(campaign)
    orders, unreadable = read_what_can_be_read(files)
    if dry_run:
        done = adjudicate_open_phase(opened, orders or None, dry_run, skip_refused, unreadable)
    else:
        with holding(opened):
            done = adjudicate_open_phase(opened, orders or None, dry_run, skip_refused,
                                         unreadable)
    for line in done.ignored:
        click.echo(f"{line} (refused: skipped)", err=True)
    for player, problem in done.problems():
        click.echo(f"{player} line {problem.line}: refused: {problem.message}")
    for entry in done.result.results:
        click.echo(f"{entry.player} {line_label(entry.line)}: {entry.result}"
                   f"{' (' + entry.rule + ')' if entry.rule else ''}: {entry.text} -- "
                   f"{entry.detail}")
    for line in done.result.log:
        click.echo(f"  {line}")
    after, state = done.after, done.before
    system = opened.system
    if after.victory:
        click.echo(system.victory_title(after))
        for place in system.final_ranking(after, opened.data):  # shared places: ruling R66
            click.echo(f"  {place.line()}")
    if not done.stored:
        click.echo("dry run: nothing stored")
        return
    opened_next = ("the game is over" if after.stage == ENDED else
                   f"{system.phase_title(after)} is open")
    click.echo(f"{system.phase_title(state)} adjudicated; {opened_next}")
