"""The game systems the program knows, by the name a campaign's store keeps (`campaigns.game`):
each loaded when first named, so that a command on one game never loads another's rules
(issue 37: a Russian Civil War command spent 0.3 s loading Great War in the East's)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from gm.core.errors import GameError
from gm.games.system import GameSystem

# each game system's name: its module and the system object in it
_WHERE = {"rcw": ("gm.games.rcw.system", "RUSSIAN_CIVIL_WAR"),
          "gwe": ("gm.games.gwe.system", "GREAT_WAR_IN_THE_EAST")}
DEFAULT = "rcw"  # a campaign made without naming its game


def _load(name: str) -> GameSystem:
    module, attribute = _WHERE[name]
    system = getattr(importlib.import_module(module), attribute)
    assert isinstance(system, GameSystem) and system.name == name
    return system


class _Systems(Mapping[str, GameSystem]):
    """Every game system by name, each loaded when it is asked for."""

    def __getitem__(self, name: str) -> GameSystem:
        if name not in _WHERE:
            raise KeyError(name)
        return _load(name)

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


SYSTEMS: Mapping[str, GameSystem] = _Systems()


def system_for(name: str) -> GameSystem:
    if name not in _WHERE:
        raise GameError(f"no game system {name!r}; this program knows " + ", ".join(
            f"{known} ({system.title})" for known, system in sorted(SYSTEMS.items())))
    return _load(name)


def playable(name: str) -> GameSystem:
    """The game system of a new campaign: one that can be played."""
    system = system_for(name)
    if not system.playable:
        raise GameError(f"{system.title} is not playable yet: its data set can be checked "
                        f"(gm data check --game {name} DIR), no campaign made")
    return system
