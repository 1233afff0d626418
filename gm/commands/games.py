"""The `--game` option of the commands that work before any campaign names its game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from gm.games.system import GameSystem

GAME_OPTION = click.option("--game", default=None, metavar="GAME",
                           help="The game system (default: rcw; gwe: Great War in the East, "
                           "its data, rules, cases and Decision in Galicia's campaigns).")


def game_system(game: str | None) -> GameSystem:
    """The named game system, or the default; an unknown name is a GameError naming those
    known."""
    from gm.games.registry import DEFAULT, system_for

    return system_for(game or DEFAULT)
