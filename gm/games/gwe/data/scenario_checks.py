"""`gm data check` for a scenario's set-up data (its players' deployments): the start line's
Army boundaries (`armies` of each sector) and the default deployment (deployment.yaml)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from gm.core.data import Problem
from gm.core.yamlio import line_of
from gm.games.gwe.data.dataset import COUNTERS_FILE, MAP_FILE, GweData
from gm.games.gwe.data.deployment import Deployment
from gm.games.gwe.data.values import army_of, sector_armies

Where = Callable[[str, tuple[Any, ...], str], Problem]  # a file's entry -> its problem


def check_army_sectors(data: GweData, where: Where) -> Iterator[Problem]:
    """Each start-line sector's armies (`armies`, by side) have counters, and each unit that
    sets up (no reinforcement, no depot: ruling G32) has its army's sector (ruling G29)."""
    armies = {(data.side_of(u.id), army_of(u.id)[1]) for u in data.counters.units
              if u.nationality in data.counters.nationalities}
    sectors: set[tuple[str, str]] = set()
    for i, line in enumerate(data.map.start_lines):
        for side, army in ((side, army) for side, value in line.armies.items()
                           for army in sector_armies(value)):
            sectors.add((side, army))
            if side not in data.counters.sides:
                yield where(MAP_FILE, ("start_lines", i, "armies", side),
                            f"start line {line.name!r}: unknown side {side!r}")
            elif (side, army) not in armies:
                yield where(MAP_FILE, ("start_lines", i, "armies", side),
                            f"start line {line.name!r}: no {side} counter belongs to army "
                            f"{army!r} (an id such as XX-{army}-I; ruling G29)")
    if not sectors:
        return  # no Army boundaries on this map's start lines
    for i, unit in enumerate(data.counters.units):
        if unit.arrives is not None or unit.type == "depot" or \
                unit.nationality not in data.counters.nationalities:
            continue
        side, army = data.side_of(unit.id), army_of(unit.id)[1]
        if (side, army) not in sectors:
            yield where(COUNTERS_FILE, ("units", i, "id"),
                        f"{unit.id}: sets up, but no start-line sector names its army "
                        f"{army!r} for the {side} side (ruling G29)")


def check_deployment(data: GweData, deployment: Deployment) -> Iterator[Problem]:
    """deployment.yaml: each unit a counter of the data set that sets up (no reinforcement),
    on a hex of the map. Whether the placement passes its game's set-up is the rules' to say
    (ExclusiveRules.deployment_problems)."""
    def at(unit_id: str, message: str) -> Problem:
        return Problem(str(deployment.path), line_of(deployment.document, ("units", unit_id))
                       if deployment.document is not None else 0, f"{unit_id}: {message}")

    for unit_id, where in deployment.hexes.items():
        unit = data.units.get(unit_id)
        if unit is None:
            yield at(unit_id, "no such counter in counters.yaml")
        elif unit.arrives is not None:
            yield at(unit_id, f"a reinforcement (Game-Turn {unit.arrives.turn}): it arrives, "
                     "it does not set up (3.0)")
        if not data.on_map(where):
            yield at(unit_id, f"{where} is not on the map")
