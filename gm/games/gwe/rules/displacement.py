"""HQ displacement (10.52, 10.54): an Enemy combat unit moving or retreating into a hex that
holds only HQ units drives them to the hex of their nearest Friendly unit or fortress; a lone
HQ an Enemy unit comes beside in the Enemy Movement Phase goes too; an army HQ with a reverse
side, eliminated in combat, may flip and displace instead (ruling G21)."""

from __future__ import annotations

from collections.abc import Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.rules.exclusive import tcr_of
from gm.games.gwe.rules.steps import eliminate, enemy_occupied, enemy_units_in, is_hq, steps_left
from gm.games.gwe.rules.zoc import enemy_controlled
from gm.games.gwe.state import GweState

ARMY_LEVELS = ("army", "front")  # 10.54: "certain army-level HQ units"


def _shelter(state: GweState, data: GweData, where: Hex, side: str) -> bool:
    """A hex with a Friendly combat unit or an undestroyed Friendly fortress (10.52)."""
    fortress = data.fortress(where)
    return any(data.side_of(u) == side and not is_hq(data, u) for u in state.units_in(where)) \
        or (fortress is not None and fortress.side == side and not state.fortress_destroyed(where))


def displacement_hex(state: GweState, data: GweData, hq_id: str,
                     cause: Sequence[str] = ()) -> Hex | None:
    """10.52: the hex of the HQ's nearest Friendly unit or fortress, by a path never across a
    Prohibited hexside nor into an Enemy-occupied hex and, for a HQ rated 2-4, never into an
    Enemy-controlled hex without a Friendly unit in it (10.34's tracing). The Zones of the
    units that `cause` the displacement (those entering its hex) do not count, or no HQ rated
    2-4 could ever leave; of equally near hexes, the lowest id (ruling G21). None: it cannot."""
    origin_text = state.unit(hq_id).hex
    if origin_text is None:
        return None
    origin, side, tcr = parse_hex(origin_text), data.side_of(hq_id), tcr_of(data, hq_id)
    zones = state
    for unit_id in cause:
        zones = zones.with_unit(unit_id, place="pending", hex=None, entrained=False)

    def passable(here: Hex, there: Hex) -> bool:
        if "prohibited" in data.features(here, there) or enemy_occupied(state, data, there,
                                                                        side):
            return False
        friends = any(data.side_of(u) == side for u in state.units_in(there))
        return tcr == 1 or friends or not enemy_controlled(zones, data, there, side)

    seen, frontier = {origin}, [origin]
    while frontier:
        found = sorted(h for h in frontier if h != origin and _shelter(state, data, h, side))
        if found:
            written = [h for h in map(parse_hex, state.displace_to.get(hq_id, ())) if h in found]
            return (written or found)[0]
        following = []
        for here in frontier:
            for there in data.neighbours(here):
                if there not in seen and passable(here, there):
                    seen.add(there)
                    following.append(there)
        frontier = following
    return None


def displace(state: GweState, data: GweData, hq_id: str, cause: Sequence[str] = (),
             why: str = "10.52") -> tuple[GweState, str]:
    """The HQ moves to its displacement hex; with none it is eliminated (ruling G21)."""
    target = displacement_hex(state, data, hq_id, cause)
    if target is None:
        return eliminate(state, hq_id), f"{hq_id}: cannot displace, eliminated ({why}, G21)"
    written = state.displace_to.get(hq_id)
    chose = "" if not written else ", as written (ruling G88)" if str(target) in written else \
        f", none of {' '.join(written)} being as near (ruling G88)"
    return state.with_unit(hq_id, hex=str(target), entrained=False), \
        f"{hq_id} displaces to {target} ({why}){chose}"


def enemy_hqs_displaced(state: GweState, data: GweData, where: Hex, side: str
                        ) -> tuple[GweState, tuple[str, ...]]:
    """10.52: `side`'s units have moved or retreated into `where`; Enemy HQ units there with
    no Enemy combat unit displace (a hex holding Enemy combat units was never enterable)."""
    enemies = enemy_units_in(state, data, where, side)
    if not enemies or not all(is_hq(data, u) for u in enemies):
        return state, ()
    cause = tuple(u for u in state.units_in(where) if data.side_of(u) == side)
    notes = []
    for hq_id in sorted(enemies):
        state, note = displace(state, data, hq_id, cause)
        notes.append(note)
    return state, tuple(notes)


def lone_hqs_displaced(state: GweState, data: GweData, phasing: str
                       ) -> tuple[GweState, tuple[str, ...]]:
    """10.52: in the Enemy (`phasing`) Movement Phase, a non-phasing HQ not stacked with a
    Friendly combat unit and adjacent to a phasing unit must displace (checked after each
    unit's move, ruling G21)."""
    notes: list[str] = []
    for hq_id, at in sorted(state.on_map()):
        side = data.side_of(hq_id)
        if side == phasing or not is_hq(data, hq_id):
            continue
        if any(data.side_of(u) == side and not is_hq(data, u) for u in state.units_in(at)):
            continue
        if any(enemy_units_in(state, data, n, side) for n in data.neighbours(at)):
            state, note = displace(state, data, hq_id)
            notes.append(note)
    return state, tuple(notes)


def reverse_side_saves(data: GweData, state: GweState, hq_id: str) -> bool:
    """10.54: an army-level HQ with a reverse side (a Step left after this one)."""
    rating = data.units[hq_id].hq
    return rating is not None and rating.level in ARMY_LEVELS and \
        steps_left(state, data, hq_id) >= 2
