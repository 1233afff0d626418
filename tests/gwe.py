"""The synthetic Great War in the East data set the gwe tests play on (fixtures/gwe)."""

from __future__ import annotations

from collections import deque
from pathlib import Path

from gm.core.dice import ForcedDice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex
from gm.games.gwe.games import read_bound
from gm.games.gwe.rules.attack import Attack, Resolution, resolve_attack
from gm.games.gwe.rules.supply import rail_sources
from gm.games.gwe.state import GweState, initial_state

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "gwe"


def fixture_data(folder: Path = FIXTURE) -> GweData:
    """A data set of the fixtures, read and bound to its game (fixtures/gwe by default)."""
    data, problems = read_bound(folder, lined=False)
    assert data is not None, problems
    return data


def only(data: GweData, **where: str) -> GweState:
    """No unit on the map but those named, each where it is named (AH_1_D="0604": `_` for
    `-` in its id)."""
    state = initial_state(data, ("C", "E"))
    for unit_id in state.units:
        state = state.with_unit(unit_id, place="pending", hex=None)
    for unit_id, hex_id in where.items():
        state = state.with_unit(unit_id.replace("_", "-"), place="map", hex=hex_id)
    return state


def opening(data: GweData) -> GweState:
    """The data set's units where they set up, for two players A and B."""
    return initial_state(data, ("A", "B"))


def attacked(state: GweState, data: GweData, side: str, attack: Attack,
             dice: list[int]) -> Resolution:
    """One attack resolved on forced dice, every die of them used."""
    forced = ForcedDice(list(dice), [], [])
    done = resolve_attack(state, data, side, attack, forced)
    assert forced.unused() is None, done.events
    return done


def depot_chain(state: GweState, data: GweData, target: Hex, side: str = "allied",
                nationality: str = "RU") -> list[Hex]:
    """Hexes every three along a shortest path from the nationality's own rail sources
    (Serbia/Galicia 5.3) to `target`: where a chain of depots would carry supply to it."""
    sources = rail_sources(state, data, side, nationality)
    came: dict[Hex, Hex | None] = {h: None for h in sources}
    queue = deque(sorted(sources))
    while queue and target not in came:
        here = queue.popleft()
        for there in data.neighbours(here):
            if there not in came:
                came[there] = here
                queue.append(there)
    path: list[Hex] = []
    step: Hex | None = target
    while step is not None:
        path.append(step)
        step = came[step]
    path.reverse()  # path[0] a rail source, path[-1] the target
    return path[3:-1:3]


def with_depots(state: GweState, data: GweData, target: Hex, side: str, nationality: str
                ) -> GweState:
    """The side's depots of that nationality set along a chain to `target` (9.16)."""
    depots = sorted(u.id for u in data.counters.units if u.type == "depot"
                    and data.units[u.id].nationality == nationality and u.arrives is None)
    chain = depot_chain(state, data, target, side, nationality)
    assert len(chain) <= len(depots), "not depots enough for the chain"
    for depot, at in zip(depots, chain, strict=False):
        state = state.with_unit(depot, place="map", hex=str(at))
    return state
