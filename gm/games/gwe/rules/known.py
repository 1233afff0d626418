"""What the rules and the reports find once per position: a state is immutable, so what is
found of it holds while it lives, for every reader of its Phase (the mailed reports, one after
another), every part of a report that asks again (YOUR FORCES and the template both ask for
each unit's routes) and every unit that asks of a HQ's Command Radius. Kept by the state's
identity, as the Zones of Control are (gm/games/gwe/rules/zoc.py), for the few positions last
asked about: never across campaigns or data sets."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.state import GweState

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
KEPT = 8  # positions: a Phase's before and after, and a few more


class PerPosition(Generic[K, V]):
    """Values found for a position by key (a unit, a side), each found once."""

    def __init__(self) -> None:
        self._known: dict[int, tuple[weakref.ref[GweState], GweData, dict[K, V]]] = {}

    def get(self, state: GweState, data: GweData, key: K, find: Callable[[], V]) -> V:
        found = self._of(state, data)
        if key not in found:
            found[key] = find()
        return found[key]

    def _of(self, state: GweState, data: GweData) -> dict[K, V]:
        known = self._known.get(id(state))
        if known is not None and known[0]() is state and known[1] is data:
            return known[2]
        if len(self._known) >= KEPT:
            self._known.clear()
        found: dict[K, V] = {}
        self._known[id(state)] = (weakref.ref(state), data, found)
        return found


class PerDataSet(Generic[V]):
    """A value found once a data set (a data set is never changed once read), by its
    identity: the report's map's ground, the same for every report of a campaign."""

    def __init__(self, find: Callable[[GweData], V]) -> None:
        self._find = find
        self._known: dict[int, tuple[weakref.ref[GweData], V]] = {}

    def __call__(self, data: GweData) -> V:
        known = self._known.get(id(data))
        if known is not None and known[0]() is data:
            return known[1]
        if len(self._known) >= KEPT:
            self._known.clear()
        found = self._find(data)
        self._known[id(data)] = (weakref.ref(data), found)
        return found
