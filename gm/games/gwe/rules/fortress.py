"""Fortress losses (11.13, ruling G6): a combat result's loss in Steps, and the ways a
fortress's Steps (each worth two) and its defenders' Steps can meet it."""

from __future__ import annotations

from math import ceil

FORTRESS_STEPS = 4  # 11.13
STEPS_PER_FORTRESS_STEP = 2  # 11.13: for absorbing losses only


def fortress_loss(result: str, affected_steps: int) -> int:
    """11.13's example: a result R costs R/2 of the affected Steps (1: half of 8 is 4; 3
    against a lone fortress: 3/2 of 4 is 6), rounded up (8.9); E costs them all."""
    if result == "E":
        return affected_steps
    return ceil(int(result) * affected_steps / 2)


def absorptions(loss: int, fortress_steps: int, unit_steps: int) -> list[tuple[int, int]]:
    """Every (fortress Steps, unit Steps) lost that meets the loss with none spent needlessly:
    11.12, all losses in Steps; 11.13, a fortress Step counts two."""
    found = []
    for fortress in range(fortress_steps + 1):
        units = max(loss - STEPS_PER_FORTRESS_STEP * fortress, 0)  # the fewest with these
        spared = fortress and STEPS_PER_FORTRESS_STEP * (fortress - 1) + units >= loss
        if units <= unit_steps and not spared:
            found.append((fortress, units))
    if not found:  # not enough to meet it: everything goes
        found.append((fortress_steps, unit_steps))
    return found
