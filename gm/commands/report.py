"""`gm report`: the GM report of a phase, for the GM or one player, as text, HTML or JSON."""

from __future__ import annotations

import json
from pathlib import Path

import click

from gm.core.errors import GameError


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
              help="Queue each player's report and the GM's copy for `gm send` (e.g. the "
              "pre-game reports).")
def report(campaign: Path, turn: int | None, phase: int | None, player: str | None, fmt: str,
           out: Path | None, by_mail: bool) -> None:
    """Report a phase: the results in the order they happened with their rule cases, the
    position after it on a map, the chart and the standings (17.0: "report all results")."""
    from gm.app.campaign import now, open_campaign
    from gm.app.mailing import reports_by_mail
    from gm.app.schedule import deadline_text
    from gm.games.rcw.reports.build import build_report, rulings
    from gm.reporting.model import Event
    from gm.reporting.render import render_report

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
    before, after, events, salts, opened_at = None, history[-1].state, [], [], None
    if rows:
        row = rows[-1]
        before = next(r.state for r in reversed(history) if r.seq < row.seq)
        after, salts, opened_at = row.state, row.detail.get("salts", []), row.created_at
        stored = json.loads(opened.store.result(opened.row, row.seq) or "{}")
        events = rulings(history, row.seq) + [Event(**e) for e in stored.get("events", [])]
    if by_mail:
        mail = reports_by_mail(opened, before, after, events, str(history[-1].seq), salts,
                               opened_at=opened_at)
        if not mail:
            raise GameError(f"{campaign}/campaign.toml has no [mail] table: see README, By mail")
        queued = [m.kind for m in mail if opened.store.queue(opened.row, m, now())]
        copy = ", and the GM's copy" if "gm-report" in queued else ""
        click.echo(f"{queued.count('report')} report(s) queued{copy}; `gm send` sends them")
        return
    model = build_report(opened.name, before, after, opened.data, events, player,
                         deadline=deadline_text(campaign, opened_at) if opened_at else None,
                         campaign_seed=opened.row.seed, salts=salts)
    text = render_report(model, fmt)  # type: ignore[arg-type]
    if out:
        out.write_text(text, encoding="utf-8")
        click.echo(f"report written to {out}")
    else:
        click.echo(text, nl=False)
