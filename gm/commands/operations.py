"""GM operations: rollback, overrides (GM rulings) and the players' records."""

from __future__ import annotations

import re
from pathlib import Path

import click

from gm.core.errors import GameError

CAMPAIGN = click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))


@click.command()
@CAMPAIGN
@click.option("--to", "target", required=True, metavar="TURN.PHASE",
              help="The phase to open again, e.g. 3.1 for Game-Turn 3, First Phase.")
@click.option("--reason", default="", help="Why, for the record.")
def rollback(campaign: Path, target: str, reason: str) -> None:
    """Open an adjudicated phase again, as it was before its adjudication. History is kept
    (the rollback is a new entry) and so are the orders received: `gm adjudicate` may be run
    again, with the same dice."""
    from gm.app.campaign import now, open_campaign

    match = re.fullmatch(r"(\d+)\.([12])", target)
    if not match:
        raise GameError("write the phase as TURN.PHASE, e.g. 3.1")
    turn, phase = int(match.group(1)), int(match.group(2))
    opened = open_campaign(campaign)
    history = opened.store.history(opened.row)
    runs = [i for i, row in enumerate(history) if row.action == f"adjudicate {turn}.{phase}"]
    if not runs:
        raise GameError(f"Game-Turn {turn}, phase {phase} has not been adjudicated")
    before = history[runs[-1] - 1].state
    seq = opened.store.append_state(opened.row, f"rollback to {turn}.{phase}",
                                    {"reason": reason}, before, [], now())
    click.echo(f"Game-Turn {turn}, phase {phase} is open again (entry {seq})")


@click.command()
@CAMPAIGN
@click.option("--reason", required=True, help="The ruling, as the players will read it.")
@click.option("--state", "state_file", required=True,
              type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The corrected state: `gm show --json` output, edited.")
def override(campaign: Path, reason: str, state_file: Path) -> None:
    """Record a GM ruling that changes the state; it is logged with its reason and shown in
    the next report."""
    from pydantic import ValidationError

    from gm.app.campaign import now, open_campaign
    from gm.games.rcw.state import GameState

    opened = open_campaign(campaign)
    current = opened.latest().state
    try:
        corrected = GameState.from_json(state_file.read_text(encoding="utf-8"))
    except (ValidationError, ValueError) as exc:
        raise GameError(f"{state_file}: not a game state ({str(exc).splitlines()[0]})") from None
    changed = sorted(k for k in GameState.model_fields
                     if getattr(current, k) != getattr(corrected, k))
    if not changed:
        raise GameError("the state given is the state now: nothing to override")
    seq = opened.store.append_state(opened.row, "override",
                                    {"reason": reason, "changed": changed}, corrected, [],
                                    now())
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
    import secrets

    from gm.app.campaign import ADDRESS, now, open_campaign
    from gm.app.passwords import hash_password
    from gm.games.rcw.engine.quitting import quit_player

    opened = open_campaign(campaign)
    for spec in emails:
        letter, _, address = spec.partition(":")
        if not ADDRESS.match(address):
            raise GameError(f"{address!r} is not an e-mail address")
        opened.store.update_player(opened.row, letter.upper(), email=address)
        click.echo(f"player {letter.upper()}: address {address}")
    for letter in resets:
        password = secrets.token_urlsafe(8)
        opened.store.update_player(opened.row, letter.upper(),
                                   password_hash=hash_password(password))
        click.echo(f"player {letter.upper()}: new password {password}")
    for letter in quitters:
        state = opened.latest().state
        new_state = quit_player(state, opened.data, letter.upper())
        opened.store.append_state(opened.row, "quit", {"player": letter.upper()}, new_state,
                                  [], now())
        click.echo(f"player {letter.upper()} has quit the game (14.2)")
    state = opened.latest().state
    for row in opened.players():
        status = " (quit)" if row.letter in state.pending.quit_players else ""
        click.echo(f"{row.letter}  {row.name:20s} {row.email}{status}")
