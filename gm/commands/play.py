"""`gm play`: a standard or solitaire campaign at the table, one terminal for its players."""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
def play(campaign: Path) -> None:
    """Play CAMPAIGN's Player-Turns at this terminal (a campaign of gm new --mode standard or
    solitaire): the Phasing Player types his orders a line at a time and sees each result at
    once; DONE ends his Player-Turn; EXIT (or end of input) leaves, the orders so far kept."""
    from gm.app.campaign import open_campaign
    from gm.app.table import Table
    from gm.core.errors import GameError

    table = Table.sit(open_campaign(campaign))
    click.echo(table.opening())
    while True:
        try:
            line = input(table.prompt())
        except EOFError:
            click.echo()
            return
        if line.strip().upper() == "EXIT":
            return
        try:
            answer = table.enter(line)
        except GameError as exc:  # said, and play goes on
            answer = f"gm: {exc}"
        if answer:
            click.echo(answer)
