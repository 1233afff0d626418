"""Serbia/Galicia 26.32: the Austro-Hungarian and Russian attrition rolls of the Decision in
Galicia scenario, made once each side has deployed, before play begins."""

from __future__ import annotations

from dataclasses import dataclass

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.steps import is_hq, lose_steps, steps_left
from gm.games.gwe.state import GweState

# 26.32: the Steps lost on each die, by nationality; any other die no effect
STEPS_LOST = {"AH": {1: 1, 2: 2}, "RU": {1: 1, 2: 1}}


@dataclass(frozen=True)
class AttritionRoll:
    unit: str
    hex: str
    die: int
    steps_lost: int
    eliminated: bool

    def __str__(self) -> str:
        if not self.steps_lost:
            return f"{self.unit} in {self.hex}: die {self.die}, no effect (26.32)"
        return (f"{self.unit} in {self.hex}: die {self.die}, reduced {self.steps_lost} "
                f"Step(s){', eliminated' if self.eliminated else ''} (26.32)")


def rolling_units(state: GweState, data: GweData, nationality: str) -> list[str]:
    """26.32: each deployed unit of the nationality, by id; HQ units do not roll (ruling
    G28)."""
    return sorted(u for u, _ in state.on_map()
                  if data.units[u].nationality == nationality and not is_hq(data, u))


def pre_play_attrition(state: GweState, data: GweData, nationality: str, dice: Dice
                       ) -> tuple[GweState, tuple[AttritionRoll, ...]]:
    """26.32: a die for each unit of the nationality ("AH" once the Austrians are deployed,
    "RU" once the Russians are): Austro-Hungarians lose two Steps on a 2 and one on a 1,
    Russians one on a 1 or 2 (a unit with no Step left eliminated, 8.51)."""
    table = STEPS_LOST.get(nationality)
    if table is None:
        raise GameError(f"26.32 names Austro-Hungarian and Russian units, not {nationality}")
    rolls = []
    for unit_id in rolling_units(state, data, nationality):
        at = str(state.unit(unit_id).hex)
        die = dice.die(f"26.32 attrition of {unit_id} in {at}")
        loss = min(table.get(die, 0), steps_left(state, data, unit_id))
        state = lose_steps(state, data, unit_id, loss)
        rolls.append(AttritionRoll(unit_id, at, die, loss,
                                   state.unit(unit_id).place == "eliminated"))
    return state, tuple(rolls)
