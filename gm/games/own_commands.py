"""The GM commands the games declare of their own (`gm trade`), read from their declarations
alone: `gm --help` lists them without loading any game's facade or rules (the registry's
systems declare the same: tests/test_game_commands.py holds the two to each other)."""

from __future__ import annotations

from gm.core.errors import GameError
from gm.games.declared import GmCommand
from gm.games.gwe import commands as gwe
from gm.games.rcw import commands as rcw

# each game that has commands of its own: its title and them, the default game first
DECLARED = ((rcw.TITLE, rcw.COMMANDS), (gwe.TITLE, gwe.COMMANDS))


def gm_commands() -> dict[str, GmCommand]:
    """The GM commands the game systems declare (`gm trade`), by name: a command two games
    both offer runs one operation, described in the words of the first (the default game)."""
    found: dict[str, GmCommand] = {}
    for title, commands in DECLARED:
        for command in commands:
            first = found.setdefault(command.name, command)
            if first.does != command.does:
                raise GameError(f"gm {command.name} does {first.does!r} in one game and "
                                f"{command.does!r} in {title}")
    return found
