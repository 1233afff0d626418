"""What a counter is worth by the Standard Rules: its Stacking Points (6.11) and its strengths
after Steps lost (8.5)."""

from __future__ import annotations

from gm.core.errors import GameError
from gm.games.gwe.data.models import StepValues, Unit

# 6.11: HQ 0, regiment 1, brigade 1, division 2, corps 4 (an army-sized counter is a HQ)
STACKING_POINTS = {"regiment": 1, "brigade": 1, "division": 2, "corps": 4, "army": 0}


def stacking_points(unit: Unit) -> int:
    """6.11, 6.16: constant whatever Steps it has lost; a HQ 0; a unit's own value where its
    game's Exclusive Rules give one."""  # Brusilov 18.24's depots, 24.31's armored car
    if unit.stacking_points is not None:
        return unit.stacking_points
    return 0 if unit.type == "hq" else STACKING_POINTS[unit.size]


def army_of(unit_id: str) -> tuple[str, str]:
    """2.3: a unit's nationality and Superior Unit Designation (its army), as its id writes
    them: `AH-1-I` is of the Austro-Hungarian 1st Army (ruling G29)."""
    nationality, army, *_ = [*unit_id.split("-"), "", ""]
    return nationality, army


def sector_armies(value: str | None) -> tuple[str, ...]:
    """A start-line sector's armies of one side as its data writes them (`armies`): one army,
    or several within the sector's boundaries joined by `+` (`1+Kummer`: the 1st Army and
    Armeegruppe Kummer, which fought within it; ruling G29)."""
    return tuple(army for army in value.split("+") if army) if value else ()


def current_values(unit: Unit, steps_lost: int) -> StepValues:
    """8.52, 8.53: the strengths of a unit with `steps_lost` Steps gone (a corps' second and
    fourth Steps are its front and back less one, written in its data as printed)."""
    if not 0 <= steps_lost < len(unit.steps):
        raise GameError(f"{unit.id} has {len(unit.steps)} Step(s): none left after "
                        f"{steps_lost} lost (8.5)")
    return unit.steps[steps_lost]


def corps_reduced(printed: StepValues) -> StepValues:
    """8.53: a Corps Reduction marker on a side takes one from its Attack and Defense."""
    return StepValues(attack=max(printed.attack - 1, 0), defense=max(printed.defense - 1, 0),
                      movement=printed.movement)
