"""`gm orders`: check an order message as the player's answer will, or print its normal form."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from gm.errors import GameError

if TYPE_CHECKING:
    from gm.dice import SeededDice
    from gm.orders.model import Order
    from gm.state import GameState

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
    from gm.orders.answer import answer, judge_message
    from orders_grammar.message import parse_message
    from orders_grammar.names import Names
    from orders_grammar.parser import Problem

    if campaign and case_file:
        raise click.UsageError("give --campaign or --case, not both")
    state, data, game, passwords = None, None, None, {}
    if campaign:
        from gm.campaign import open_campaign

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
    if state is not None:  # the whole check a mailed message gets
        verdict = judge_message(_read(file), state, data, game, passwords)
        click.echo(verdict.text, nl=False)
        sys.exit(1 if verdict.refused else 0)
    message = parse_message(_read(file), Names(data))  # no position: the language only
    missing = [] if message.player else [
        Problem(0, 1, "PLAYER", "no PLAYER line: whose orders are these?")]
    result = answer(message, data, missing, None)
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


@orders.command()
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--campaign", type=click.Path(file_okay=False, path_type=Path), required=True)
def apply(files: tuple[Path, ...], campaign: Path) -> None:
    """Carry out the players' pre-game orders (GIVE, TRADE, DEPLOY) mailed for the trading
    session or the deployment (17.0 [15.0]). A later file from the same player replaces an
    earlier one whole; refused lines are reported and skipped."""
    from gm.campaign import check_password, open_campaign
    from gm.orders.answer import legality_problems, open_phase_of
    from gm.setup.pregame import Outcome, apply_pregame
    from orders_grammar.message import parse_message
    from orders_grammar.names import Names

    opened = open_campaign(campaign)
    state = opened.latest().state
    if state.stage not in ("trading", "deployment"):
        raise GameError("pre-game orders are applied in the trading session or the deployment")
    passwords = {p.letter: p.password_hash for p in opened.players()}
    names = Names(opened.data)
    accepted: dict[str, tuple[Order, ...]] = {}
    for file in files:
        message = parse_message(_read(file), names, open_phase_of(state))
        player = message.player
        if player is None or player not in passwords:
            click.echo(f"{file}: no player of this campaign; skipped", err=True)
            continue
        if not check_password(message.password or "", passwords[player]):
            click.echo(f"{file}: the password of player {player} does not match; skipped",
                       err=True)
            continue
        refused = {p.line for p in message.problems}
        refused |= {p.line for p in legality_problems(message, state, opened.data, player)}
        for line in sorted(refused):
            click.echo(f"{file}: player {player} line {line} refused (see gm orders check)")
        accepted[player] = tuple(o for o in message.orders if o.line not in refused)
    outcomes: list[Outcome] = []

    def change(current: GameState, _dice: SeededDice) -> GameState:
        new_state, found = apply_pregame(current, opened.data, accepted)
        outcomes.extend(found)
        return new_state

    opened.apply("pregame-orders", {"players": sorted(accepted)}, change)
    for outcome in outcomes:
        click.echo(f"{outcome.player} line {outcome.line}: {outcome.result}: {outcome.detail}")
