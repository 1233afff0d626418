"""`gm report`: the GM report of a phase, for the GM or one player, as text, HTML or JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from gm.errors import GameError

if TYPE_CHECKING:
    from gm.campaign import Campaign
    from gm.reporting.model import Report


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
@click.option("--turn", type=int, help="The Game-Turn of the phase (default: the last one).")
@click.option("--phase", type=click.IntRange(1, 2), help="The phase, 1 or 2.")
@click.option("--player", help="The report one player gets: his orders and a template.")
@click.option("--format", "fmt", type=click.Choice(["text", "html", "json"]), default="text",
              show_default=True)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to this file instead of printing.")
@click.option("--mail", "by_mail", is_flag=True,
              help="Queue each player's report for `gm send` (e.g. the pre-game reports).")
def report(campaign: Path, turn: int | None, phase: int | None, player: str | None, fmt: str,
           out: Path | None, by_mail: bool) -> None:
    """Report a phase: the results in the order they happened with their rule cases, the
    position after it on a map, the chart and the standings (17.0: "report all results")."""
    from gm.campaign import open_campaign
    from gm.reporting.build import build_report, rulings
    from gm.reporting.model import Event
    from gm.reporting.render import render_report
    from gm.schedule import deadline_text

    opened = open_campaign(campaign)
    history = opened.store.history(opened.row)
    if (turn is None) != (phase is None):
        raise GameError("give --turn and --phase together, or neither")
    wanted = f"adjudicate {turn}.{phase}" if turn is not None else None
    rows = [r for r in history if r.action.startswith("adjudicate")]
    if wanted:
        rows = [r for r in rows if r.action == wanted]
        if not rows:
            raise GameError(f"Game-Turn {turn}, phase {phase} has not been adjudicated")
    if player is not None:
        player = player.upper()
        if player not in history[-1].state.players:
            raise GameError(f"no player {player} in this campaign")
    make: Callable[[str | None], Report]
    if rows:
        row = rows[-1]
        before = next(r.state for r in reversed(history) if r.seq < row.seq)
        stored = json.loads(opened.store.result(opened.row, row.seq) or "{}")
        events = rulings(history, row.seq) + [Event(**e) for e in stored.get("events", [])]

        def make(who: str | None) -> Report:
            return build_report(opened.name, before, row.state, opened.data, events, who,
                                deadline=deadline_text(campaign, row.created_at),
                                campaign_seed=opened.row.seed,
                                salts=row.detail.get("salts", []))
    else:
        def make(who: str | None) -> Report:
            return build_report(opened.name, None, history[-1].state, opened.data, [], who,
                                campaign_seed=opened.row.seed)
    model = make(player)
    if by_mail:
        _queue_for_players(opened, model.title, make, str(history[-1].seq))
        return
    text = render_report(model, fmt)  # type: ignore[arg-type]
    if out:
        out.write_text(text, encoding="utf-8")
        click.echo(f"report written to {out}")
    else:
        click.echo(text, nl=False)


def _queue_for_players(opened: Campaign, title: str,
                       model_for: Callable[[str | None], Report],
                       key: str) -> None:
    from gm.campaign import now
    from gm.mail.config import load_mail_config
    from gm.mail.messages import report_mail
    from gm.reporting.render import render_report

    config = load_mail_config(opened.folder)
    queued = 0
    for player in opened.players():
        model = model_for(player.letter)
        mail = report_mail(opened.name, config.gm_address, player.email,
                           f"{key}.{player.letter}", title, render_report(model, "text"),
                           render_report(model, "html"))
        queued += opened.store.queue(opened.row, str(mail["Message-ID"]), player.email,
                                     mail.as_string(), now())
    click.echo(f"{queued} report(s) queued; `gm send` sends them")
