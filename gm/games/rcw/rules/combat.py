"""Combat: the colours each colour opposes (8.1), strengths (8.26), odds and the Combat Results
Table (8.0 procedure, 8.47, 8.48, 8.5)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gm.core.state import UnitId
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.data.tables import tables
from gm.games.rcw.rules.colour import colour_now

RESULTS = ("Ae", "De", "Ex")
OPPOSES = {  # 8.11-8.15: the colours each colour opposes
    "red": frozenset({"white", "blue", "green"}),
    "white": frozenset({"red", "green"}),
    "green": frozenset({"red", "white"}),
    "blue": frozenset({"red"}),
}


def odds(attack: int, defense: int) -> str | None:
    """The column for attack:defense, rounded in the defender's favour (8.0: 13 to 4 is 3:1);
    None below 1:2 (8.47); 6:1 for anything above it (8.48)."""
    if defense <= 0:
        return "6:1"
    if attack >= defense:
        return f"{min(attack // defense, 6)}:1"
    if attack * 2 >= defense:
        return "1:2"
    return None


def combat_result(column: str, die: int) -> str:
    table = tables()["combat_results"]
    return str(table["rows"][die][table["odds"].index(column)])


def strength(unit: UnitId, data: GameData) -> int:
    """Combat Strength; a leader's is his Leadership Value (8.26); Imperial units none."""
    if isinstance(unit, str):
        return 0
    if data.is_leader(unit):
        return data.leaders[unit].value
    return data.combat_units[unit].strength


def attack_strength(attackers: Iterable[tuple[UnitId, Sequence[UnitId]]], subversive: bool,
                    doubled: bool, data: GameData) -> int:
    """The Strength Points of an attack (8.26): each attacking unit, given with the stack it
    stands in (top to bottom); in a Subversive Attack while 12.12's doubling holds, each unit
    Red now (13.26: a Green unit under a Red Gold leader is Red) counts twice."""
    total = 0
    for unit, stack in attackers:
        value = strength(unit, data)
        red = isinstance(unit, int) and colour_now(unit, stack, data) == "red"
        total += value * 2 if subversive and doubled and red else value
    return total


def defense_strength(defending: Iterable[UnitId], data: GameData) -> int:
    """The Strength Points of the stack attacked (8.26)."""
    return sum(strength(u, data) for u in defending)
