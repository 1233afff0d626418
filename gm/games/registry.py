"""The game systems the program knows, by the name a campaign's store keeps (`campaigns.game`)."""

from __future__ import annotations

from gm.core.errors import GameError
from gm.games.rcw.system import RUSSIAN_CIVIL_WAR
from gm.games.system import GameSystem

SYSTEMS: dict[str, GameSystem] = {system.name: system for system in (RUSSIAN_CIVIL_WAR,)}
DEFAULT = RUSSIAN_CIVIL_WAR.name  # a campaign made without naming its game


def system_for(name: str) -> GameSystem:
    try:
        return SYSTEMS[name]
    except KeyError:
        raise GameError(f"no game system {name!r}; this program knows "
                        f"{', '.join(sorted(SYSTEMS))}") from None
