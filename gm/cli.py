"""The `gm` command. Subcommands load on use, so `gm --help` stays as quick as click itself."""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from gm.games.declared import GmCommand

COMMANDS = {
    "demo": ("gm.commands.demo:demo",
             "Make a demo campaign (--game gwe: Great War in the East's) to go on with."),
    "adjudicate": ("gm.commands.adjudicate:adjudicate",
                   "Adjudicate the open phase from the players' order messages."),
    "new": ("gm.commands.campaign:new",
            "Create a campaign: Russian Civil War's deal (15.3), or a Great War in the East "
            "scenario."),
    "start": ("gm.commands.campaign:start",
              "Begin play: Russian Civil War's leaders deployed and Player-Turn order drawn "
              "(15.5, 15.62); Great War in the East's last deployment closed."),
    "show": ("gm.commands.campaign:show",
             "Print the position (a hex's stacks; Russian Civil War's chart and markers)."),
    "fetch": ("gm.commands.mail:fetch", "Fetch, store and answer order messages (IMAP)."),
    "send": ("gm.commands.mail:send", "Send the queued answers and reports (SMTP)."),
    "run": ("gm.commands.mail:run", "One round of the mail loop: fetch, answer, send."),
    "play": ("gm.commands.play:play",
             "Play at this terminal, order by order: Russian Civil War's standard and "
             "solitaire games, Great War in the East's Phases."),
    "host": ("gm.commands.mail:host", "Make a folder of campaigns that share one mailbox."),
    "verify": ("gm.commands.verify:verify",
               "Recompute every phase's dice from its revealed seed and salts."),
    "rollback": ("gm.commands.operations:rollback",
                 "Open an adjudicated phase again (orders kept, its dice seeded afresh)."),
    "override": ("gm.commands.operations:override",
                 "Record a GM ruling that changes the state, with its reason."),
    "players": ("gm.commands.operations:players",
                "List players; change addresses, reset passwords, record a quit."),
    "password": ("gm.commands.operations:password",
                 "Give a player a new password (--reset): printed, and mailed if [mail] is set."),
    "report": ("gm.commands.report:report",
               "The report of a phase: text, HTML with a map, or JSON."),
    "publish": ("gm.commands.report:publish",
                "Write the campaign as a static site: every phase's report and map."),
    "history": ("gm.commands.campaign:history", "List the campaign's states, oldest first."),
    "status": ("gm.commands.status:status",
               "Where each campaign stands and what waits for the GM (a campaign or a host)."),
    "data": ("gm.commands.data:data", "Check and print the map and counter data."),
    "case": ("gm.commands.case:case",
             "Run adjudication cases, check them, list them, show the rules they cover."),
    "orders": ("gm.commands.orders:orders",
               "Check an order message as its answer will, print its normal form, or record it."),
}

OWN = "gm.commands.own"  # makes the game systems' own commands (GmCommand), by name


def game_commands() -> dict[str, GmCommand]:
    """The GM commands the game systems declare as data (`gm trade`), by name: their
    declarations alone are loaded, neither their facades nor their rules."""
    from gm.games.own_commands import gm_commands

    return gm_commands()


class LazyGroup(click.Group):
    """A group whose subcommands are imported only when run (help text kept here, or in the
    game system that declares the command)."""

    def __init__(self, *args: Any, lazy: dict[str, tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy, *game_commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module, attr = self.lazy[cmd_name][0].split(":")
            command: click.Command = getattr(importlib.import_module(module), attr)
            return command
        if (own := game_commands().get(cmd_name)) is not None:  # made from the game's data
            made: click.Command = importlib.import_module(OWN).command(own)
            return made
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        summaries = {name: summary for name, (_, summary) in self.lazy.items()}
        summaries |= {name: own.summary for name, own in game_commands().items()
                      if name not in self.lazy}
        rows = sorted(summaries.items())
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, lazy=COMMANDS,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="gamesmaster", message="gm %(version)s")
def cli() -> None:
    """Gamesmaster: runs play-by-e-mail campaigns of SPI board wargames: Russian Civil War
    1918-1922 (the default) and Great War in the East (--game gwe: Decision in Galicia).

    A CAMPAIGN is a folder made by `gm new`; it holds campaign.toml and the database.
    """


def main() -> None:
    import os

    from gm.core.errors import GameError

    # Gamesmaster uses no pydantic plugins; looking for them reads every installed package's
    # metadata at the first model built (~10 ms a command). A GM who sets it keeps his value.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

    try:
        cli.main(prog_name="gm", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except click.exceptions.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except GameError as exc:
        click.echo(f"gm: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # a bug: one line for the GM, the traceback with GM_DEBUG=1
        import traceback

        if os.environ.get("GM_DEBUG"):
            traceback.print_exc()
        click.echo(f"gm: internal error ({type(exc).__name__}: {exc}); run again with "
                   "GM_DEBUG=1 for the details and please report it", err=True)
        sys.exit(70)
