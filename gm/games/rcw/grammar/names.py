"""Resolving the names players write: leaders, units and provinces, with did-you-mean."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cached_property

from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.data.names import fold

MAX_NAME_WORDS = 3  # the longest leader or province name, in words


class UnknownName(Exception):
    """A name that does not resolve; `suggestion` is the nearest known one, if any."""

    def __init__(self, message: str, suggestion: str | None = None, column: int = 0) -> None:
        super().__init__(message)
        self.message, self.suggestion, self.column = message, suggestion, column


def suggest(word: str, candidates: list[str], cutoff: float = 0.6) -> str | None:
    """The closest candidate to `word` (case-insensitive), or None."""
    by_fold = {fold(c): c for c in candidates}
    best = difflib.get_close_matches(fold(word), list(by_fold), n=1, cutoff=cutoff)
    return by_fold[best[0]] if best else None


@dataclass
class Names:
    data: GameData

    @cached_property
    def leaders(self) -> dict[str, list[int]]:
        table: dict[str, list[int]] = {}
        for leader in self.data.leaders.values():
            for spelling in {leader.name, *leader.spellings}:
                ids = table.setdefault(fold(spelling), [])
                if leader.id not in ids:
                    ids.append(leader.id)
        return table

    @cached_property
    def leader_names(self) -> list[str]:
        return [leader.name for leader in self.data.leaders.values()]

    @cached_property
    def leader_spellings(self) -> list[str]:
        return [s for leader in self.data.leaders.values() for s in leader.spellings]

    @cached_property
    def provinces(self) -> dict[str, str]:
        table = {fold(p.name): p.code for p in self.data.map.provinces}
        table.update({fold(p.code): p.code for p in self.data.map.provinces})
        return table

    @cached_property
    def province_codes(self) -> list[str]:
        return [p.code for p in self.data.map.provinces]

    @cached_property
    def province_names(self) -> list[str]:
        return [p.name for p in self.data.map.provinces]

    def unit_number(self, text: str) -> int:
        number = int(text)
        if number not in self.data.units:
            raise UnknownName(f"there is no unit {number}")
        return number

    def leader(self, words: list[str]) -> int | None:
        ids = self.leaders.get(fold(" ".join(words)))
        if ids is None:
            return None
        if len(ids) > 1:
            names = ", ".join(self.data.describe(i) for i in ids)
            raise UnknownName(f"{' '.join(words)!r} could be {names}: write the number")
        return ids[0]

    def unknown_leader(self, word: str) -> UnknownName:
        hint = suggest(word, self.leader_names) or suggest(word, self.leader_spellings)
        return UnknownName(f"there is no leader or unit {word!r}", hint)

    def province(self, words: list[str]) -> str:
        text = " ".join(words)
        code = self.provinces.get(fold(text))
        if code is None:
            looks_like_code = len(text) <= 4 and " " not in text
            first, second = ((self.province_codes, self.province_names) if looks_like_code
                             else (self.province_names, self.province_codes))
            raise UnknownName(f"there is no province {text!r}",
                              suggest(text, first) or suggest(text, second))
        return code


def group_names(tokens: list[tuple[str, int]], names: Names) -> list[tuple[UnitId, int]]:
    """Words in a unit list -> units: numbers as they are, runs of words matched to the
    longest leader name they spell ("Antonov Ovseenko" is one leader)."""
    result: list[tuple[UnitId, int]] = []
    index = 0
    while index < len(tokens):
        text, column = tokens[index]
        if text.isdigit():
            result.append((names.unit_number(text), column))
            index += 1
            continue
        if text.upper() in ("CZAR", "GOLD"):
            result.append((text.upper(), column))
            index += 1
            continue
        for size in range(min(MAX_NAME_WORDS, len(tokens) - index), 0, -1):
            words = [t for t, _ in tokens[index:index + size]]
            if any(w.isdigit() for w in words):
                continue
            leader = names.leader(words)
            if leader is not None:
                result.append((leader, column))
                index += size
                break
        else:
            error = names.unknown_leader(text)
            error.column = column
            raise error
    return result
