"""One step of a path (5.24, 5.32, 5.33, 5.52) and stopping (5.27): a force entering a province
that holds units of another colour stops there (in the postal game, another colour there at the
start of the Game-Turn: 17.0 [5.0]), but for the Czar's exception (13.23)."""

from __future__ import annotations

from collections.abc import Mapping

from gm.core.state import UnitId
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.rules.colour import colours_now, stack_colours
from gm.games.rcw.rules.stacking import commands
from gm.orders.refusal import Breach


def must_stop(province: str, units: list[UnitId], start: Mapping[str, set[str]],
              data: GameData) -> bool:
    """5.27 against `start`: the colours at the start of the Game-Turn (17.0 [5.0]), or in
    the standard game those in the province as the force enters it; the Czar's exception
    (13.23)."""
    there = start.get(province, set())
    if not there:
        return False
    mine = stack_colours(units, data)
    if not there - mine:
        return False
    czar_with_white = mine == {"white"} and any(
        "CZAR" in under[:2] and data.color(leader) == "white"
        for leader, under in commands(tuple(units), data).items())
    return not (czar_with_white and there <= {"white", "blue"})


def may_enter(nationality: str, province: str, data: GameData) -> bool:
    """Whether units of a Blue or Green nationality may enter a province (5.65, 5.74-5.76)."""
    nat = data.counters.nationalities[nationality]
    if nat.provinces is not None:
        return province in nat.provinces
    if nat.regions is not None:
        return data.provinces[province].region in nat.regions
    return True


def own_allowance(force: tuple[UnitId, ...], data: GameData) -> set[UnitId]:
    """The units of a force that move on a Movement Allowance of their own (5.23): its
    leaders, and its Blue and Green units but those under a Gold leader, who are of his
    colour (13.26) and carried."""
    return {u for u, colour in colours_now(force, data).items()
            if data.is_leader(u) or colour in ("blue", "green")}


def exits(code: str, data: GameData) -> list[str]:
    """The provinces a force may try to enter from `code`: its land neighbours and the
    straits crossings (5.24, 5.32); `step_breach` says which it may enter."""
    crossings = [b if a == code else a for s in data.map.special for a, b in [s.between]
                 if code in s.between and s.kind == "straits"]
    return [*data.provinces[code].adjacent, *crossings]


def step_breach(previous: str, province: str, rail: bool, white_only: bool,
                data: GameData) -> Breach | None:
    """Why a force may not go from `previous` straight into `province` (5.24, 5.32, 5.33;
    by rail, 5.52); None if it may. `white_only`: the force is White units only."""
    if province == previous:
        return Breach(f"{province} is listed twice in a row", "5.24")
    for barrier in data.map.special:
        if barrier.kind == "barrier" and {previous, province} == set(barrier.between):
            a, b = (data.provinces[code].name for code in barrier.between)
            return Breach(f"no move directly between {a} and {b} ({barrier.name})",
                          barrier.rule)
    straits = any(s.kind == "straits" and {previous, province} == set(s.between)
                  for s in data.map.special)
    if straits and not white_only:
        return Breach("only White units cross the Kerch Straits", "5.32")
    if not straits and not data.adjacent(previous, province):
        return Breach(f"{previous} and {province} are not adjacent", "5.24")
    if rail and not data.rail_linked(previous, province):
        return Breach(f"no rail link between {previous} and {province}", "5.52")
    return None
