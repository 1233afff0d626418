"""Stacking (7.1, 7.2) and attaching (5.14, 7.22, 13.21-13.26): what one stack may hold."""

from __future__ import annotations

import re

from gm.games.rcw.data.dataset import GameData, UnitId

MAX_UNITS = 5  # 7.11: combat and Leader units in one stack
IMPERIAL_BONUS = 2  # 13.22 (White leader with the Czar), 13.25 (leader with the Gold)


def commands(units: tuple[UnitId, ...], data: GameData) -> dict[int, list[UnitId]]:
    """Each leader and the units directly under it, down to the next leader (7.21)."""
    result: dict[int, list[UnitId]] = {}
    current: int | None = None
    for unit in units:
        if data.is_leader(unit):
            current = int(unit)
            result[current] = []
        elif current is not None:
            result[current].append(unit)
    return result


def controls_gold(under: list[UnitId]) -> bool:
    """Whether a leader with these units directly under him controls the Gold: it is
    directly under him, or under the Czar directly under him (13.21)."""
    return under[:1] == ["GOLD"] or under[:2] == ["CZAR", "GOLD"]


def attach_limit(leader: int, attached: list[UnitId], data: GameData) -> int:
    """How many combat units `leader` may have attached (5.14, 7.22, 13.22, 13.25, 13.29)."""
    limit = data.leaders[leader].value
    color = data.color(leader)
    if controls_gold(attached):
        limit += IMPERIAL_BONUS
    if attached[:1] == ["CZAR"] and color == "white":
        limit += IMPERIAL_BONUS
    return limit


def _limit_rules(leader: int, under: list[UnitId], data: GameData) -> str:
    """The rule cases behind a leader's attach limit, as a problem cites them."""
    if controls_gold(under):
        return "5.14, 7.22, 13.25"
    if under[:1] == ["CZAR"]:
        return "5.14, 7.22, 13.22" if data.color(leader) == "white" else "5.14, 7.22, 13.24"
    return "5.14, 7.22"


def rule_of(problem: str, default: str) -> str:
    """The rule cases a stacking problem cites at its end (`... (7.11)`), then `default`'s."""
    cited = re.search(r"\(([\d., ]+)\)$", problem)
    rules = [r.strip() for r in f"{cited.group(1) if cited else ''},{default}".split(",")]
    return ", ".join(dict.fromkeys(r for r in rules if r))


def stack_problems(units: tuple[UnitId, ...], data: GameData) -> list[str]:
    """Why a stack (top to bottom) breaks 7.11-7.14, 7.22 or 13.21-13.27; empty if legal."""
    problems: list[str] = []
    counted = [u for u in units if not isinstance(u, str)]
    if len(counted) > MAX_UNITS:
        problems.append(f"{len(counted)} combat and leader units in one stack; at most "
                        f"{MAX_UNITS} (7.11)")
    for imperial in ("CZAR", "GOLD"):
        if units.count(imperial) > 1:
            problems.append(f"{imperial} listed twice")
    led = commands(units, data)
    gold_attached = {u for under in led.values() if controls_gold(under) for u in under}
    colors = set()
    for unit in counted:
        color = data.color(unit)
        if color == "green" and unit in gold_attached:
            continue  # 13.26: counts as the colour of the leader holding the Gold
        colors.add(color)
    if len(colors) > 1:
        problems.append(f"units of different colours ({', '.join(sorted(map(str, colors)))}) "
                        "in one stack (7.13)")
    nationalities = {data.units[u].nationality for u in counted
                     if data.color(u) in ("blue", "green") and u not in gold_attached}
    if len(nationalities) > 1:
        problems.append(f"Blue or Green units of different nationalities "
                        f"({', '.join(sorted(nationalities))}) in one stack (7.14)")
    for leader, under in led.items():
        combat_seen = False
        for item in under:
            if isinstance(item, str) and combat_seen:
                problems.append(f"{item} must be directly under its leader, above the combat "
                                "units (13.21)")
            combat_seen = combat_seen or not isinstance(item, str)
        attached = [u for u in under if not isinstance(u, str)]
        limit = attach_limit(leader, under, data)
        if len(attached) > limit:
            problems.append(f"{data.describe(leader)} may attach {limit} combat units, not "
                            f"{len(attached)} ({_limit_rules(leader, under, data)})")
        for unit in attached:
            if data.color(unit) == "green" and data.units[unit].nationality in ("FN", "PO"):
                problems.append(f"{data.describe(unit)}: Finnish and Polish units are never "
                                "attached by a Red or White leader (13.27)")
            elif data.color(unit) in ("blue",):
                problems.append(f"{data.describe(unit)}: Blue units are never attached to a "
                                "leader (5.22)")
    return problems
