"""The GM commands a game system declares as data (gm.games.system.GmCommand): each made a
click command with the game's name and words, running one of the application's operations
(OPERATIONS) that any game may offer: a trade, a deployment, closing a set-up stage, what the
GM resolves at once in the middle of a phase."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from gm.commands.holding import changing

if TYPE_CHECKING:
    from gm.games.declared import GmCommand


def _campaign() -> click.Argument:
    return click.Argument(["campaign"], type=click.Path(file_okay=False, path_type=Path))


def _trade(campaign: Path, giver: str, receiver: str, give: tuple[str, ...],
           take: tuple[str, ...]) -> None:
    from gm.app.operations import record_trade

    giver, receiver = giver.upper(), receiver.upper()
    with changing(campaign) as opened:
        record_trade(opened, giver, receiver, give, take)
    click.echo(f"recorded: {giver} gives {', '.join(give) or 'nothing'} to {receiver}"
               f"{' for ' + ', '.join(take) if take else ''}")


def _trade_params() -> list[click.Parameter]:
    return [_campaign(), click.Argument(["giver"]), click.Argument(["receiver"]),
            click.Option(["--give", "give"], multiple=True, metavar="ITEM",
                         help="What GIVER hands over: a unit (number or name) or a marker "
                         "(its name, as the order language writes it)."),
            click.Option(["--take", "take"], multiple=True, metavar="ITEM",
                         help="What GIVER receives in exchange (leave out for a gift).")]


def _deploy(campaign: Path, player: str, order: tuple[str, ...], clear: bool) -> None:
    from gm.app.operations import clear_deployment, record_deployment

    player = player.upper()
    words = [w for part in order for w in part.replace(",", " ").split()]
    with changing(campaign) as opened:
        if clear:
            clear_deployment(opened, player)
        else:
            record_deployment(opened, player, words)
    if clear:
        click.echo(f"DEPLOY orders of {player} withdrawn")
        return
    click.echo(f"recorded: {player} deploys {' '.join(words)}")


def _deploy_params() -> list[click.Parameter]:
    return [_campaign(), click.Argument(["player"]), click.Argument(["order"], nargs=-1),
            click.Option(["--clear"], is_flag=True,
                         help="Withdraw all of PLAYER's DEPLOY orders.")]


def _closes(command: str) -> Callable[..., None]:
    """`gm <command> CAMPAIGN`: the set-up stage it closes, closed (pregame.close_by)."""

    def close(campaign: Path) -> None:
        from gm.app.pregame import close_by
        from gm.commands.orders import report_applied

        with changing(campaign) as opened:
            report_applied(close_by(opened, command)[0])
        stage = opened.system.setup_stage(command=command)
        click.echo(stage.done if stage is not None else "set-up stage ended")

    return close


def _resolve_now(campaign: Path) -> None:
    from gm.app.adjudication import resolve_now
    from gm.engine.results import line_label

    with changing(campaign) as opened:
        result = resolve_now(opened)
    for entry in result.results:
        rule = f" ({entry.rule})" if entry.rule else ""
        click.echo(f"{entry.player} {line_label(entry.line)}: {entry.result}{rule}: "
                   f"{entry.text} -- {entry.detail}")
    for decision in result.decisions:  # a player's choice nobody asked him: the default
        click.echo(decision.unasked())


# what a GmCommand `does` -> (its callback, given the command's name; its parameters)
OPERATIONS: dict[str, tuple[Callable[[str], Callable[..., Any]],
                            Callable[[], list[click.Parameter]]]] = {
    "trade": (lambda _name: _trade, _trade_params),
    "deploy": (lambda _name: _deploy, _deploy_params),
    "close-stage": (_closes, lambda: [_campaign()]),
    "resolve-now": (lambda _name: _resolve_now, lambda: [_campaign()]),
}


def command(spec: GmCommand) -> click.Command:
    """The click command of a game's own GM command."""
    callback, params = OPERATIONS[spec.does]
    return click.Command(spec.name, callback=callback(spec.name), params=params(),
                         help=spec.help, short_help=spec.summary)
