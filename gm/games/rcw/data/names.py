"""Units and provinces named by the GM or players: numbers, codes, names, common spellings."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from gm.core.errors import GameError
from gm.games.rcw.data.dataset import GameData, UnitId


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Case- and accent-insensitive form of a name."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(plain.casefold().replace("-", " ").split())


def resolve_unit(text: str, data: GameData) -> UnitId:
    token = text.strip()
    if token.upper() in data.imperial:
        return token.upper()
    if token.isdigit():
        if int(token) not in data.units:
            raise GameError(f"no unit {token}")
        return int(token)
    wanted = fold(token)
    matches = [leader.id for leader in data.leaders.values()
               if wanted in {fold(leader.name), *(fold(s) for s in leader.spellings)}]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise GameError(f"{token!r} could be {', '.join(data.describe(m) for m in matches)}")
    raise GameError(f"no unit or leader {token!r}")


def resolve_province(text: str, data: GameData) -> str:
    token = text.strip()
    if token.upper() in data.provinces:
        return token.upper()
    wanted = fold(token)
    for province in data.map.provinces:
        if fold(province.name) == wanted:
            return province.code
    raise GameError(f"no province {token!r}")
