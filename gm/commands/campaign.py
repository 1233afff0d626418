"""GM commands that create a campaign and carry it through set-up (15.0, 17.0 [15.0])."""

from __future__ import annotations

import json
from pathlib import Path

import click

from gm.app.campaign import (
    Campaign,
    create_campaign,
    open_campaign,
    optional_rules_lines,
    parse_player,
)
from gm.commands.games import GAME_OPTION
from gm.commands.holding import changing

CAMPAIGN = click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))


@click.command()
@CAMPAIGN
@click.option("--player", "-p", "players", multiple=True, required=True,
              metavar="L:NAME:ADDRESS[:PASSWORD]",
              help="A player: letter, name, e-mail address and, if the GM chooses it, his "
              "password. Repeat for each (Russian Civil War: 3 to 6, the solitaire game R "
              "alone; Great War in the East: C and E).")
@click.option("--seed", help="Seed for every random draw of this campaign (default: random).")
@click.option("--data", "data_dir", type=click.Path(file_okay=False),
              help="A corrected data set folder to play on instead of the embedded one.")
@click.option("--database", help="A PostgreSQL URL, postgresql://USER@HOST/DB (default: SQLite "
              "inside the campaign folder; the postgres extra installs the driver).")
@click.option("--mode", type=click.Choice(["postal", "standard", "solitaire"]),
              default="postal", show_default=True, help="Russian Civil War's way of play: "
              "postal: every player's orders for two Phases a Game-Turn (17.0); standard: one "
              "Player-Turn at a time, as the rulebook plays it at the table (4.2); solitaire: "
              "one player, R, plays Red against the program (18.0-28.0).")
@click.option("--scenario", help="The scenario, for a game that has several (Great War in the "
              "East: decision-in-galicia, the default).")
@click.option("--option", "options", multiple=True, metavar="CASE",
              help="An optional rule the campaign plays, by the case its game's rules give it "
              "(Great War in the East, Decision in Galicia: 17.5, the track limits). Repeat "
              "for each; kept in campaign.toml as optional_rules.")
@GAME_OPTION
def new(campaign: Path, players: tuple[str, ...], seed: str | None, data_dir: str | None,
        database: str | None, mode: str, scenario: str | None, options: tuple[str, ...],
        game: str | None) -> None:
    """Create CAMPAIGN (a folder) and print the players' passwords, which they put in their
    order e-mails: shown this once, to be kept (`gm password CAMPAIGN X --reset` makes a new
    one). Russian Civil War: the Initial Forces dealt (15.31, 15.32). Great War in the East
    (--game gwe): Decision in Galicia, players C (Austria-Hungary) and E (Russia), who set up
    by DEPLOY orders (Serbia/Galicia 26.3)."""
    specs = [parse_player(p) for p in players]
    from gm.games.registry import DEFAULT

    created, passwords = create_campaign(campaign, specs, seed, data_dir, database,
                                         game or DEFAULT, mode=mode, scenario=scenario,
                                         options=options)
    low, high = created.system.player_count(mode)
    if not low <= len(specs) <= high:
        click.echo(f"note: {len(specs)} players; the game is designed for {low} to {high}, and "
                   f"{created.system.players_rule} lets it run with more or fewer", err=True)
    click.echo(f"campaign {created.name} created in {campaign}")
    for line in optional_rules_lines(created, scenario):
        click.echo(line)
    for letter, password in sorted(passwords.items()):
        click.echo(f"  player {letter} password: {password}")
    click.echo("Keep these passwords and give each player his own: they are shown only this "
               f"once.\n`gm password {campaign} X --reset` makes player X a new one (mailed to "
               "him when campaign.toml has [mail]).")
    _show(created)


def _show(campaign: Campaign) -> None:
    click.echo(campaign.system.position_text(campaign.name, campaign.latest().state,
                                             campaign.data), nl=False)


@click.command()
@CAMPAIGN
def start(campaign: Path) -> None:
    """Close the set-up with the DEPLOY orders received by mail and open play. Russian Civil
    War: every leader deployed (15.5), the Player-Turn order drawn (15.62), Game-Turn 1
    opens. Great War in the East: the Russian deployment closed (units not deployed at their
    default hexes, 26.31; attrition rolled, 26.32), Game-Turn 7 opens with the Russian
    Movement Phase. A campaign played by mail queues each player's opening report, with his
    orders template, for `gm send`."""
    from gm.app.pregame import start as do_start
    from gm.app.reports import opened_with
    from gm.commands.orders import report_applied

    with changing(campaign) as opened:
        applied, state = do_start(opened)
    report_applied(applied)
    if state.sequence:  # a game whose Player-Turn order is drawn (Russian Civil War, 15.62)
        click.echo(f"Game-Turn 1 begins; Player-Turn order {', '.join(state.sequence)}")
    else:
        click.echo(f"{opened.system.phase_title(state)} begins")
    for line in opened_with(opened):  # the first Random Events, rolled as it opened
        click.echo(f"  {line}")


@click.command()
@CAMPAIGN
@click.argument("where", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the state as JSON.")
def show(campaign: Path, where: str | None, as_json: bool) -> None:
    """Print the position province by province, the chart and the markers (Great War in the
    East: hex by hex); WHERE: that province (or hex, `g1825`) alone."""
    opened = open_campaign(campaign)
    if as_json:
        click.echo(json.dumps(json.loads(opened.latest().state.to_json()), indent=2))
    elif where is not None:
        click.echo(opened.system.position_text(opened.name, opened.latest().state,
                                               opened.data, where), nl=False)
    else:
        _show(opened)


@click.command()
@CAMPAIGN
@click.option("--json", "as_json", is_flag=True,
              help="Each entry as stored: action, detail, dice (one JSON object a line).")
def history(campaign: Path, as_json: bool) -> None:
    """Every entry of the campaign, oldest first, one a line: when, where the game stood, what
    was done and by whom, and how many dice it used."""
    from gm.app.history import describe, phases_of

    opened = open_campaign(campaign)
    phases = {} if as_json else phases_of(opened)
    for row in opened.store.entries(opened.row):
        rolls = opened.store.rolls(opened.row, row.seq)
        if as_json:
            click.echo(json.dumps({"seq": row.seq, "at": row.created_at.isoformat(),
                                   "action": row.action, "detail": row.detail,
                                   "stage": row.stage, "turn": row.turn, "phase": row.phase,
                                   "dice": [{"purpose": r.purpose, "kind": r.kind,
                                             "value": r.value} for r in rolls]},
                                  sort_keys=True))
        else:
            click.echo(describe(row, len(rolls), opened.system, phases.get(row.seq)))
