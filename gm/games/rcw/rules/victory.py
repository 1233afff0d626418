"""Victory (14.1) and Victory Points (14.4-14.47): who wins, and the players' points."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

from gm.core.state import UnitId
from gm.engine.ranking import Place, placed
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.rules.colour import colours_now
from gm.games.rcw.state import GameState

Side = Literal["red", "white"]
Position = Mapping[str, Iterable[Iterable[UnitId]]]  # province -> its stacks' units
END_GAME_QUORUM = 10  # 14.1, third condition: Politburo markers held by those agreeing
SIBERIA = "Siberia"
IMPERIAL_POINTS = 5  # 14.4
POLITBURO_POINTS = 2


def _outside_siberia(position: Position, data: GameData, want: str, leaders: bool) -> bool:
    """Whether a leader (or a combat unit) of this colour now (13.26) stands outside
    Siberia."""
    for province, stacks in position.items():
        if data.region_name(province) == SIBERIA:
            continue
        for units in stacks:
            for unit, colour in colours_now(units, data).items():
                if colour == want and (data.is_leader(unit) if leaders
                                       else data.is_combat(unit)):
                    return True
    return False


def victory(position: Position, data: GameData, end_game_agreed: bool) -> Side | None:
    """14.1, checked at the end of every Game-Turn, in the order the rulebook lists them."""
    if not _outside_siberia(position, data, "red", leaders=True):
        return "white"
    if not _outside_siberia(position, data, "white", leaders=False):
        return "red"
    if not _outside_siberia(position, data, "white", leaders=True) and end_game_agreed:
        return "red"
    return None


def end_game_agreed(politburo_held: int) -> bool:
    """14.1, third condition: the players agreeing to END GAME hold 10 Politburo markers."""
    return politburo_held >= END_GAME_QUORUM


def _value(unit: UnitId, data: GameData) -> int:
    if isinstance(unit, str):
        return IMPERIAL_POINTS
    if data.is_leader(unit):
        return data.leaders[unit].value
    return data.combat_units[unit].strength


def _counts_on_chart(unit: UnitId, color: str, face_down: bool, data: GameData) -> bool:
    """14.41 (Red), 14.43 (White), with 14.45 and 14.46 for face-down units."""
    if face_down:  # Czech units and Imperial units removed for Victory Points
        return color == "white"
    if isinstance(unit, str):
        return color == "red" and unit == "CZAR"  # executed, face up (14.46)
    own = data.color(unit)
    if color == "red":
        return (data.is_leader(unit) and own == "red") or (
            data.is_combat(unit) and own in ("white", "blue", "green"))
    return own == "red" or (data.is_combat(unit) and own == "green")


def _counts_on_map(unit: UnitId, color: str, now: dict[int, str]) -> bool:
    """14.42 (Red: Red leaders and combat units, the Gold), 14.44 (White: White leaders and
    combat units, the Imperial units); a unit's colour is its colour now (13.26)."""
    if isinstance(unit, str):
        return color == "white" or unit == "GOLD"
    return now[unit] == color


PointItems = dict[str, list[tuple[str, int, str]]]  # player -> (what, points, rule)


def victory_point_items(state: GameState, data: GameData, color: str) -> PointItems:
    """14.4-14.47 item by item: the points of the winning colour only, for every player who
    did not quit (14.21)."""
    chart_rule, map_rule = ("14.41", "14.42") if color == "red" else ("14.43", "14.44")
    items: PointItems = {p: [] for p in state.players if p not in state.pending.quit_players}
    for player, found in items.items():
        section = state.chart[player]
        found += [(f"{data.describe(u)} on the chart", _value(u, data), chart_rule)
                  for u in section.units if _counts_on_chart(u, color, False, data)]
        found += [(f"{data.describe(u)} face down on the chart", _value(u, data), "14.45")
                  for u in section.face_down if _counts_on_chart(u, color, True, data)]
        if color == "red" and section.politburo:
            found.append((f"{section.politburo} Politburo marker"
                          + ("s" if section.politburo > 1 else ""),
                          POLITBURO_POINTS * section.politburo, "14.41"))
    for province, stacks in state.position.items():
        for stack in stacks:
            if stack.player in items:
                now = colours_now(stack.units, data)
                items[stack.player] += [(f"{data.describe(u)} in {province}", _value(u, data),
                                         map_rule)
                                        for u in stack.units if _counts_on_map(u, color, now)]
    return items


def victory_points(state: GameState, data: GameData, color: str) -> dict[str, int]:
    """14.4-14.47: each player's total of the winning colour's points."""
    return {player: sum(points for _, points, _ in found)
            for player, found in victory_point_items(state, data, color).items()}


def ranking(points: Mapping[str, int]) -> list[Place]:
    """14.0: the players by their points of the winning colour, best first. The rulebook
    names one "winning Player" and ranks the rest as "runners up" but breaks no tie: players
    with equal points share a place, shown as tied (1, 1, 3; ruling R66), listed in
    player-letter order."""
    return placed(sorted(points.items(), key=lambda item: (-item[1], item[0])))
