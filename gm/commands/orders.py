"""`gm orders`: check an order message as the player's answer will, or print its normal form."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from gm.errors import GameError

FILE = click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))


@click.group()
def orders() -> None:
    """Read players' order messages (shared/spec/orders.md)."""


def _read(file: Path) -> str:
    try:
        return file.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise GameError(f"{file}: {exc.strerror}") from None


@orders.command()
@FILE
@click.option("--campaign", type=click.Path(file_okay=False, path_type=Path),
              help="Check against this campaign's open phase and position.")
@click.option("--case", "case_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Check against an adjudication case's position instead.")
def check(file: Path, campaign: Path | None, case_file: Path | None) -> None:
    """Print the answer the player would get for FILE (an e-mail or its text); exit 1 if
    anything is refused."""
    from gm.orders.answer import answer, legality_problems, open_phase_of
    from orders_grammar.message import parse_message
    from orders_grammar.names import Names
    from orders_grammar.parser import Problem

    if campaign and case_file:
        raise click.UsageError("give --campaign or --case, not both")
    state, data, game, passwords = None, None, None, {}
    if campaign:
        from gm.campaign import check_password, open_campaign

        opened = open_campaign(campaign)
        state, data, game = opened.latest().state, opened.data, opened.name
        passwords = {p.letter: p.password_hash for p in opened.players()}
    elif case_file:
        from gm.cases.load import load_case

        _, data, state = load_case(case_file)
        game = None
    else:
        from gm.game_data.dataset import load_game_data

        data = load_game_data()
    phase = open_phase_of(state) if state else None
    message = parse_message(_read(file), Names(data), phase)
    extra: list[Problem] = []
    if message.player is None:
        extra.append(Problem(0, 1, "PLAYER", "no PLAYER line: whose orders are these?"))
    elif state is not None and message.player not in state.players:
        extra.append(Problem(0, 1, f"PLAYER {message.player}",
                             f"there is no player {message.player} in this game"))
    elif state is not None:
        if game and message.game != game:
            extra.append(Problem(0, 1, f"GAME {message.game}", f"this is game {game}"))
        if passwords and not check_password(message.password or "",
                                            passwords.get(message.player, "")):
            extra.append(Problem(0, 1, "PASSWORD", "the password does not match"))
        extra += legality_problems(message, state, data, message.player)
    result = answer(message, data, extra, phase)
    click.echo(result.text, nl=False)
    sys.exit(1 if result.refused else 0)


@orders.command()
@FILE
def echo(file: Path) -> None:
    """Print the orders of FILE in normal form, one a line (problems on stderr, exit 1)."""
    from gm.game_data.dataset import load_game_data
    from orders_grammar.message import parse_message
    from orders_grammar.names import Names

    message = parse_message(_read(file), Names(load_game_data()))
    click.echo(f"GAME {message.game}")
    if message.player:
        click.echo(f"PLAYER {message.player}")
    if message.declared:
        click.echo(message.declared.label())
    for order in message.orders:
        click.echo(order.echo())
    for problem in message.problems:
        click.echo(problem.render(), err=True)
    sys.exit(1 if message.problems else 0)
