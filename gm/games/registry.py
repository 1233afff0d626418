"""The game systems the program knows, by the name a campaign's store keeps (`campaigns.game`)."""

from __future__ import annotations

from gm.core.errors import GameError
from gm.games.gwe.system import GREAT_WAR_IN_THE_EAST
from gm.games.rcw.system import RUSSIAN_CIVIL_WAR
from gm.games.system import GameSystem, GmCommand

SYSTEMS: dict[str, GameSystem] = {system.name: system for system in (RUSSIAN_CIVIL_WAR,
                                                                     GREAT_WAR_IN_THE_EAST)}
DEFAULT = RUSSIAN_CIVIL_WAR.name  # a campaign made without naming its game


def system_for(name: str) -> GameSystem:
    try:
        return SYSTEMS[name]
    except KeyError:
        raise GameError(f"no game system {name!r}; this program knows " + ", ".join(
            f"{known} ({system.title})" for known, system in sorted(SYSTEMS.items()))) from None


def playable(name: str) -> GameSystem:
    """The game system of a new campaign: one that can be played."""
    system = system_for(name)
    if not system.playable:
        raise GameError(f"{system.title} is not playable yet: its data set can be checked "
                        f"(gm data check --game {name} DIR), no campaign made")
    return system


def gm_commands() -> dict[str, GmCommand]:
    """The GM commands the game systems declare (`gm trade`), by name: a command two games
    both offer runs one operation, described in the words of the first (the default game)."""
    found: dict[str, GmCommand] = {}
    for system in SYSTEMS.values():
        for command in system.commands:
            first = found.setdefault(command.name, command)
            if first.does != command.does:
                raise GameError(f"gm {command.name} does {first.does!r} in one game and "
                                f"{command.does!r} in {system.title}")
    return found
