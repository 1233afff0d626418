"""`gm status`: where each campaign stands, and what waits for the GM."""

from __future__ import annotations

from pathlib import Path

import click


@click.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path), default=".")
def status(folder: Path) -> None:
    """Each campaign's phase, deadline, who has sent orders (not what), its outbox and what
    waits for the GM. FOLDER is a campaign or a host (gm host); default: here."""
    from gm.app.hosting import statuses
    from gm.core.errors import GameError

    standings, problems, strays = statuses(folder)
    for found in standings:
        click.echo(f"{found.name}: {found.phase}")
        if found.ended:
            click.echo("  the game is over")
        else:
            click.echo(f"  deadline: {found.deadline:%Y-%m-%d %H:%M %Z}" if found.deadline
                       else "  deadline: none (the GM adjudicates)")
            click.echo(f"  orders in: {', '.join(found.sent) or 'none'}; waiting for: "
                       f"{', '.join(found.waiting) or 'nobody'}")
        click.echo("  outbox: " + (", ".join(f"{n} {s}" for s, n in found.outbox.items())
                                   or "empty"))
        for line in found.awaiting:
            click.echo(f"  for the GM: {line}")
    if strays:
        click.echo("mail for no hosted game: " + ", ".join(f"{n} {kind}" for kind, n in
                                                           sorted(strays.items())))
    for line in problems:
        click.echo(f"gm: {line}", err=True)
    if not standings and not problems:
        raise GameError(f"no campaign in {folder}")
