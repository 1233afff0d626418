"""Great War in the East's kinds of fact (gm/engine/facts.py): what an attack was, as fields,
for the reports' list of attacks and the map's marks (gm/games/gwe/reports)."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from gm.engine.facts import Fact


class Attacked(Fact):
    """One attack made (8.0): who attacked from where, the totals, the odds before and after
    the HQs' shifts, the die and its modifier, the results after 10.43, and the defender's
    option, written in his DEFEND or the default (ruling G10)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    kind: Literal["attack"] = "attack"
    attackers: tuple[str, ...]
    hexes: tuple[str, ...]  # the hexes attacked
    origins: tuple[str, ...]  # the hexes the attackers stood in
    attack: int
    defense: int
    odds: str  # after the shifts
    shift: int = 0  # columns right (10.21)
    die: int
    modifier: int = 0
    attacker_result: str
    defender_result: str
    option: int | None = None  # None: no option to take ("-", or a fortress's Steps, G22)
    option_by: Literal["order", "default"] | None = None


def own_fact(fact: Fact | None) -> Attacked | None:
    """A fact read back from the store as this game's kind (None: not one of its)."""
    if isinstance(fact, Attacked) or fact is None:
        return fact if isinstance(fact, Attacked) else None
    if fact.kind != "attack":
        return None
    return Attacked.model_validate(fact.model_dump())
