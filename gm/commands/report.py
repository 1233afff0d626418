"""`gm report`: the GM report of a phase, for the GM or one player, as text, HTML or JSON."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
@click.option("--turn", type=int, help="The Game-Turn of the phase (default: the last one).")
@click.option("--phase", type=click.IntRange(1, 6),
              help="The phase: Russian Civil War 1 or 2 (postal), the Player-Turn 1 to 6 "
              "(standard); Great War in the East 1 to 6 (each Player-Turn's Movement, Cavalry "
              "Withdrawal, Combat).")
@click.option("--player", help="The report one player gets: his orders and a template.")
@click.option("--format", "fmt", type=click.Choice(["text", "html", "json", "png"]),
              default="text", show_default=True,
              help="png: the map as the reader's mail carries it (his stacks outlined, his "
              "caption).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to this file instead of printing.")
@click.option("--mail", "by_mail", is_flag=True,
              help="Queue each player's report and the GM's copy for `gm send` (e.g. the "
              "pre-game reports).")
def report(campaign: Path, turn: int | None, phase: int | None, player: str | None, fmt: str,
           out: Path | None, by_mail: bool) -> None:
    """Report a phase: the results in the order they happened with their rule cases, the
    position after it on a map, the chart and the standings (17.0: "report all results")."""
    from gm.app.campaign import open_campaign
    from gm.app.reports import phase_report
    from gm.reporting.render import render_report

    opened = open_campaign(campaign)
    if by_mail:
        from gm.app.mailing import queue_phase_reports
        from gm.commands.holding import holding

        with holding(opened, unchanged=False):  # no report queued while a worker sends
            reports, gm_copy = queue_phase_reports(opened, turn, phase)
        copy = ", and the GM's copy" if gm_copy else ""
        click.echo(f"{reports} report(s) queued{copy}; `gm send` sends them")
        return
    model = phase_report(opened, turn, phase, player.upper() if player else None,
                         drawn=fmt in ("html", "png"))
    if fmt == "png":
        from gm.reporting.picture import picture

        png = picture(model)
        if png is None:
            raise click.ClickException("the data set has no map areas: `gm data check` says "
                                       "how to make them")
        if out:  # a player's picture shows his stacks outlined: his alone (0600)
            from gm.core.private import write_private

            write_private(out, png)
            click.echo(f"map written to {out}")
        else:
            sys.stdout.buffer.write(png)
        return
    text = render_report(model, fmt)  # type: ignore[arg-type]
    if out:  # a player's report holds his orders and template: his alone (0600)
        from gm.core.private import write_private

        write_private(out, text.encode("utf-8"))
        click.echo(f"report written to {out}")
    else:
        click.echo(text, nl=False)


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
@click.argument("out", type=click.Path(file_okay=False, path_type=Path))
def publish(campaign: Path, out: Path) -> None:
    """Write the campaign as a static site in OUT: an index, each phase's GM report with its
    map and links between phases, the final ranking. During play, campaign.toml [publish]
    during_play ("none", "maps" or "reports") says how much; after the game, everything."""
    from gm.app.campaign import open_campaign
    from gm.app.publish import publish as write_site

    done = write_site(open_campaign(campaign), out)
    click.echo(f"{done.summary()} Open {out / 'index.html'}")
