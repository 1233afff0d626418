"""The game systems the program knows, by the name a campaign's store keeps (`campaigns.game`)."""

from __future__ import annotations

from gm.core.errors import GameError
from gm.games.gwe.system import GREAT_WAR_IN_THE_EAST
from gm.games.rcw.system import RUSSIAN_CIVIL_WAR
from gm.games.system import GameSystem

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
