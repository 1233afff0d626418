"""`gm play`: a campaign at the table (Russian Civil War's standard or solitaire game, Great War
in the East's Phases), one terminal for its players."""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
def play(campaign: Path) -> None:
    """Play CAMPAIGN at this terminal: the Phasing Player types his orders a line at a time
    and sees each result at once; DONE (or END) ends what the game plays at a time, which is
    then adjudicated: in Russian Civil War (a campaign of gm new --mode standard or solitaire)
    his Player-Turn, in Great War in the East (gm new --game gwe, once gm start has opened
    play) the open Phase (Movement, Cavalry Withdrawal, Combat). PLAYER X lets another player
    speak; SHOW, UNITS, STATUS, REPORT and HELP look at the game; EXIT (or end of input)
    leaves, the orders so far kept.
    Each line waits for a worker in its round on the campaign; if another changed the
    campaign meanwhile, play stops (run gm play again)."""
    from gm.app.campaign import open_campaign
    from gm.app.table import Table
    from gm.commands.holding import holding
    from gm.core.errors import GameError, Superseded

    opened = open_campaign(campaign)
    with holding(opened):  # each line is taken while no worker is in its round on it
        table = Table.sit(opened)
    seen = opened.store.last_entry(opened.row)[0]
    click.echo(table.opening())
    while True:
        try:
            line = input(table.prompt())
        except EOFError:
            line = "EXIT"
            click.echo()
        if line.strip().upper() == "EXIT":
            lost = table.leaving()  # a question left unanswered: said, never silently
            if lost:
                click.echo(lost)
            return
        try:
            with holding(opened, unchanged=False):
                if opened.store.last_entry(opened.row)[0] != seen:  # a GM command (gm purge)
                    table, said, taken = table.read_again()  # changed it: read again
                    click.echo(said)
                    line = line if taken else ""
                answer = table.enter(line)
            seen = opened.store.last_entry(opened.row)[0]
        except Superseded:  # the table no longer shows the campaign as it is
            raise
        except GameError as exc:  # said, and play goes on
            answer = f"gm: {exc}"
        if answer:
            click.echo(answer)
