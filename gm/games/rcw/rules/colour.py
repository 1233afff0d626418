"""A unit's colour now: its printed colour (3.2), but for units attached to a leader who
controls the Gold, "considered to be of the color of that Leader for all purposes, except
they may not be moved in violation of Case 5.74" (13.26, ruling R72). Every rule that asks a
unit's colour on the map asks it here: who stops whom (5.27), who may attack whom (8.1,
8.22), rail (5.51, 5.73), Subversive Attacks (8.31, 12.12), replacements (9.12, 9.13), the
victory conditions (14.1, 28.11, 28.13) and Victory Points on the map (14.42, 14.44). On the
Victory Point Chart a unit is attached to no one, and is of its printed colour."""

from __future__ import annotations

from collections.abc import Iterable

from gm.core.state import UnitId
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.rules.stacking import commands, controls_gold


def colours_now(units: Iterable[UnitId], data: GameData) -> dict[int, str]:
    """The colour now of each leader and combat unit of one stack (top to bottom)."""
    stack = tuple(units)
    coloured = {int(u): str(data.color(u)) for u in stack if isinstance(u, int)}
    for leader, under in commands(stack, data).items():
        if controls_gold(under):
            for unit in under:
                if isinstance(unit, int):
                    coloured[unit] = coloured[leader]  # 13.26
    return coloured


def colour_now(unit: int, stack: Iterable[UnitId], data: GameData) -> str:
    """One unit's colour now, in the stack (top to bottom) it stands in."""
    return colours_now(stack, data).get(unit, str(data.color(unit)))


def stack_colours(units: Iterable[UnitId], data: GameData) -> set[str]:
    """The colours now of a stack's (or a force's) leaders and combat units."""
    return set(colours_now(units, data).values())


def province_colours(stacks: Iterable[Iterable[UnitId]], data: GameData) -> set[str]:
    """The colours now of the units in a province, its stacks given top to bottom (5.27)."""
    return {colour for units in stacks for colour in colours_now(units, data).values()}
