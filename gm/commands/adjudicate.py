"""`gm adjudicate`: the open phase of a campaign, from the players' order messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from gm.errors import GameError

if TYPE_CHECKING:
    from gm.campaign import Campaign
    from gm.reporting.model import Event
    from gm.state import GameState


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--dry-run", is_flag=True, help="Show the outcome; store nothing.")
def adjudicate(campaign: Path, files: tuple[Path, ...], dry_run: bool) -> None:
    """Adjudicate the open phase of CAMPAIGN with the order messages FILES (e-mails or their
    text), or, without FILES, with the orders received by mail (`gm fetch`). A player without
    a message does nothing this phase; of two messages from one player the later replaces the
    earlier whole. The dice are seeded by the campaign and the phase, so adjudicating the same
    phase again gives the same result. With a [mail] table in campaign.toml each player's
    report is queued for `gm send` in the same transaction."""
    from gm.campaign import open_campaign

    run_adjudication(open_campaign(campaign), files, dry_run)


def run_adjudication(opened: Campaign, files: tuple[Path, ...], dry_run: bool) -> None:
    """Adjudicate the open phase of a campaign (see `gm adjudicate`)."""
    from gm.campaign import check_password
    from gm.dice import HashDice, phase_seed
    from gm.engine.end_of_turn import ranking, victory_points
    from gm.engine.phase import adjudicate_phase
    from gm.mail.crash import crash_point
    from gm.orders.answer import open_phase_of
    from gm.orders.model import Order
    from orders_grammar.message import ParsedMessage, parse_message
    from orders_grammar.names import Names

    latest = opened.latest()
    state = latest.state
    if state.stage == "ended":
        raise GameError(f"the game is over: {state.victory} victory")
    if state.stage != "play":
        raise GameError("the game has not started: use `gm orders apply` before it")
    passwords = {p.letter: p.password_hash for p in opened.players()}
    names = Names(opened.data)
    messages: dict[str, tuple[str, ParsedMessage]] = {}
    raws = [(str(f), f.read_text(encoding="utf-8", errors="replace")) for f in files] if files \
        else [(f"message {row.id}", row.raw)
              for row in opened.store.orders_for(opened.row, state.turn, state.phase)]
    for file, raw in raws:
        message = parse_message(raw, names, open_phase_of(state))
        if message.player not in passwords or not check_password(
                message.password or "", passwords[message.player or ""]):
            click.echo(f"{file}: not from a player of this campaign (PLAYER and PASSWORD); "
                       "ignored", err=True)
            continue
        assert message.player is not None
        messages[message.player] = (raw, message)
    orders: dict[str, tuple[Order, ...]] = {p: m.orders for p, (_, m) in messages.items()}
    salts = tuple(sorted(m.salt for _, m in messages.values() if m.salt))
    dice = HashDice(phase_seed(opened.row.seed, state.turn, state.phase), salts)
    result, new_state = adjudicate_phase(state, opened.data, orders, dice)
    for player, (_, message) in sorted(messages.items()):
        for problem in message.problems:
            click.echo(f"{player} line {problem.line}: refused: {problem.message}")
    for entry in result.results:
        click.echo(f"{entry.player} line {entry.line}: {entry.result}"
                   f"{' (' + entry.rule + ')' if entry.rule else ''}: {entry.text} -- "
                   f"{entry.detail}")
    for line in result.log:
        click.echo(f"  {line}")
    if new_state.victory:
        points = victory_points(new_state, opened.data, new_state.victory)
        click.echo(f"{new_state.victory.capitalize()} victory (14.1). Victory Points (14.4):")
        for place, (player, score) in enumerate(ranking(points), start=1):
            click.echo(f"  {place}. player {player}: {score}")
    if dry_run:
        click.echo("dry run: nothing stored")
        return
    from gm.campaign import now
    from gm.reporting.build import events_of, rulings

    store = opened.store
    if files:
        for player, (raw, message) in sorted(messages.items()):
            parsed = json.dumps([o.model_dump(mode="json") for o in message.orders])
            store.record_orders(opened.row, latest.seq, player, raw, parsed, now())
    history = opened.store.history(opened.row)
    events = events_of(result.timeline)
    outcome = json.dumps({"orders": [r.as_json() for r in result.results], "log": result.log,
                          "events": [e.model_dump(mode="json") for e in events]})
    mail = _reports_by_mail(opened, state, new_state,
                            rulings(history, history[-1].seq + 1) + events, list(salts))
    detail = {"players": sorted(messages), "salts": list(salts),
              "orders": {p: [o.model_dump(mode="json") for o in os] for p, os in orders.items()}}
    store.append_state(opened.row, f"adjudicate {state.turn}.{state.phase}", detail, new_state,
                       dice.log, now(), result=outcome, mail=mail)
    crash_point("after-adjudicate")
    opened_next = ("the game is over" if new_state.stage == "ended" else
                   f"Game-Turn {new_state.turn}, {'First' if new_state.phase == 1 else 'Second'} "
                   "Phase is open")
    click.echo(f"Game-Turn {state.turn}, {'First' if state.phase == 1 else 'Second'} Phase "
               f"adjudicated; {opened_next}")


def _reports_by_mail(opened: Campaign, before: GameState, after: GameState,
                     events: list[Event], salts: list[str]) -> list[tuple[str, str, str]]:
    """Each player's report as an e-mail (text and HTML), when the campaign has mail."""
    from gm.campaign import now
    from gm.mail.config import load_mail_config
    from gm.mail.messages import report_mail
    from gm.reporting.build import build_report
    from gm.reporting.render import render_report
    from gm.schedule import deadline_text

    try:
        config = load_mail_config(opened.folder)
    except GameError:
        return []
    queued = []
    for player in opened.players():
        if player.letter in after.pending.quit_players:
            continue
        model = build_report(opened.name, before, after, opened.data, events, player.letter,
                             deadline=deadline_text(opened.folder, now()),
                             campaign_seed=opened.row.seed, salts=salts)
        key = f"t{before.turn}p{before.phase}.{player.letter}"
        mail = report_mail(opened.name, config.gm_address, player.email, key, model.title,
                           render_report(model, "text"), render_report(model, "html"))
        queued.append((str(mail["Message-ID"]), player.email, mail.as_string()))
    return queued
