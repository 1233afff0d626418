"""Serbia/Galicia 17.0: the entrainment roll (17.11 and its clarification), what counts against
Rail Capacity (17.12, 17.31), reinforcements (17.32, 17.2) and the optional track limits
(17.51-17.53); 9.0's East edge, never the Austro-Hungarians'; and 24.1's cavalry Zone of
Control clarification."""

from __future__ import annotations

from dataclasses import dataclass

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.rules.rail import unit_rail_graph
from gm.games.gwe.state import GweState

ENTRAINS = range(3, 7)  # 17.11: 3 through 6
ROLLING = ("AH", "RU")  # 17.11: Austro-Hungarian and Russian units (Serbians need no roll)
# 17.51 (optional): Stacking Points a Movement Phase across a hexside of one line
TRACK_LIMITS = {("single", "AH"): 5, ("double", "AH"): 14, ("single", "RU"): 4,
                ("double", "RU"): 12}  # Serbia's (4, 12) has no place on the Galician map
TRACK_OPTION = "17.5"  # the optional rule's case, as a campaign or case chooses it
# 9.0: "The Austro-Hungarian Player may not treat any East map-edge hexes of the Galician map
# as Friendly"
NO_EAST_EDGE = frozenset({"AH"})
# 2.1: the Galician map's letter; "" a data set of that map alone (26.3 plays on it only)
GALICIAN_MAPS = ("g", "")
# where the data set does not say: the shipped sheet is turned, east at the top (ruling G26)
G26_EAST_EDGE = ("g", 1)  # map letter, row


@dataclass(frozen=True)
class Entrainment:
    """17.11: whether the unit entrains, the die if one was rolled, and whether it counts
    against its nationality's Rail Capacity (17.12: a failed attempt counts too)."""

    unit: str
    entrained: bool
    die: int | None
    counts_capacity: bool
    rule: str

    @property
    def ends_movement(self) -> bool:
        """17.11: a roll of 1 or 2 ends the unit's movement for the Movement Phase."""
        return not self.entrained


def needs_roll(state: GweState, data: GweData, unit_id: str, arriving: bool) -> str | None:
    """Why the unit entrains without a die (the case), None if it must roll (17.11)."""
    unit = data.units[unit_id]
    if state.unit(unit_id).entrained:
        return "17.11: already entrained"
    if unit.type in ("hq", "depot"):
        return "17.31: HQ units and supply depots entrain automatically"
    if arriving:
        return "17.32: a reinforcement on its Game-Turn of arrival"
    if unit.nationality not in ROLLING:
        return "17.11: only Austro-Hungarian and Russian units roll"
    return None


def entrainment_roll(state: GweState, data: GweData, unit_id: str, dice: Dice,
                     arriving: bool = False) -> Entrainment:
    """17.11 with its clarification: the die is rolled once the unit has moved to a rail hex
    (the caller has checked 5.32's conditions there); 3-6 it entrains, 1-2 it stops. Supply
    depots count against Rail Capacity, HQ units do not (17.31); a roll counts whether it
    succeeds or fails (17.12)."""
    counts = data.units[unit_id].type != "hq"
    free = needs_roll(state, data, unit_id, arriving)
    if free is not None:
        return Entrainment(unit_id, True, None, counts, free)
    at = state.unit(unit_id).hex
    if at is None or parse_hex(at) not in unit_rail_graph(data, unit_id):
        return Entrainment(unit_id, False, None, False,
                           "17.11: the roll is made on reaching a Friendly rail hex")
    die = dice.die(f"17.11 entrainment of {unit_id} at {at}")
    if die in ENTRAINS:
        return Entrainment(unit_id, True, die, True, f"17.11: die {die}, entrains")
    return Entrainment(unit_id, False, die, True,
                       f"17.11: die {die}, may not entrain and ends its movement (17.12: "
                       "counts against Rail Capacity)")


def entrainment(state: GweState, data: GweData, unit_id: str, dice: Dice, arriving: bool
                ) -> tuple[str | None, tuple[str, ...]]:
    """17.11, rolled once the unit stands where 5.32 lets it entrain and has been counted
    against the Rail Capacity (17.12: a failed attempt counts too): why it may not entrain
    (its movement ends), None if it entrains; and the roll, with its purpose."""
    rolled = entrainment_roll(state, data, unit_id, dice, arriving)
    at = state.unit(unit_id).hex
    said = () if rolled.die is None else (
        f"17.11 entrainment of {unit_id} at {at}: die {rolled.die}"
        f"{', entrains' if rolled.entrained else ''} (Serbia/Galicia 17.11)",)
    if rolled.entrained:
        return None, said
    return (f"{unit_id}: entrainment die {rolled.die}: may not entrain and ends its movement "
            f"for the Phase (17.11; 17.12: counts against the Rail Capacity)"), said


def detrains_on_entry(data: GweData, unit_id: str, arrived_this_phase: bool) -> bool:
    """17.2: an Austro-Hungarian reinforcement entering the Galician map entrained is detrained
    at the end of that Movement Phase (units already on the map may stay entrained)."""
    return arrived_this_phase and data.units[unit_id].nationality == "AH"


def track_limit(data: GweData, kind: str, nationality: str) -> int | None:
    """17.51 (optional, chosen as "17.5"): the Stacking Points of one nationality that may
    cross a hexside of one line of that kind in a Movement Phase; None: no limit."""
    return TRACK_LIMITS.get((kind, nationality)) if TRACK_OPTION in data.options else None


def east_edge_barred(data: GweData, where: Hex, nationality: str) -> bool:
    """9.0: the Galician map's East edge is never Friendly to the Austro-Hungarians."""
    return nationality in NO_EAST_EDGE and on_galician_east_edge(data, where)


def on_galician_east_edge(data: GweData, where: Hex) -> bool:
    """9.0: whether the hex lies on the Galician map's East edge, as the data set says it
    (`east_edges`, ruling G62); one that says nothing has ruling G26's sheet: row 01 of map g."""
    if where.map not in GALICIAN_MAPS:
        return False
    if not data.map.east_edges:
        return (where.map, where.row) == G26_EAST_EDGE
    return any(edge.map == where.map and (where.row == edge.row or where.column == edge.column)
               for edge in data.map.east_edges)


def cavalry_exerts_zoc(data: GweData, unit_id: str, foraging: bool, phasing_side: str
                       ) -> bool:
    """24.1 and its clarification: a foraging cavalry unit (24.0, optional) exerts no Zone of
    Control during its owner's Player-Turn only; in the Enemy's it exerts one as any unit."""
    unit = data.units[unit_id]
    if unit.type != "cavalry" or not foraging:
        return True
    return data.side_of(unit_id) != phasing_side
