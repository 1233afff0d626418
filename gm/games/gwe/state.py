"""The state of a Great War in the East game: the common state (gm.core.state) with each unit's
place, Steps lost, train, supply and command, and the fortresses' Steps lost.

Immutable: a change makes a new state (`with_unit`, `model_copy(update=...)`). Supply depots
are units (8.51: "treated as combat units"), so they are kept as any unit is.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from gm.core.errors import GameError
from gm.core.state import PLAY, Frozen, GameStateBase
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex

GAME = "gwe"
Place = Literal["map", "off_map", "pending", "eliminated"]  # off_map: 5.38; pending: 14.0


class UnitState(Frozen):
    place: Place
    hex: str | None = None  # its hex while on the map
    steps_lost: Annotated[int, Field(ge=0)] = 0  # 8.5
    entrained: bool = False  # 5.32-5.36
    out_of_supply: bool = False  # 9.2, as last determined (9.11)
    out_of_command: bool = False  # 10.3: the Out of Command Control marker
    off_map_points: Annotated[int, Field(ge=0)] = 0  # 5.38: spent toward its destination
    delayed_to: str | None = None  # 14.22: a blocked reinforcement's alternate entry hex
    delayed_until: Annotated[int, Field(ge=1)] | None = None  # 14.22: the Game-Turn it may come
    off_map_to: str | None = None  # 5.37: the hex an off-map unit re-enters at

    @model_validator(mode="after")
    def _one_place(self) -> UnitState:
        if (self.place == "map") != (self.hex is not None):
            raise ValueError("a unit has a hex exactly when it is on the map")
        if self.entrained and self.place not in ("map", "off_map"):
            raise ValueError("only a unit on the map or moving off it is entrained (5.32, 5.38)")
        return self


class GweState(GameStateBase):
    units: dict[str, UnitState] = Field(default_factory=dict)
    fortress_steps_lost: dict[str, Annotated[int, Field(ge=0, le=4)]] = Field(
        default_factory=dict)  # 11.13: by the fortress's hex; 4 lost: destroyed
    last_occupied: dict[str, str] = Field(default_factory=dict)  # hex -> side (5.33, 9.15)
    # The Victory Point Index (Serbia/Galicia 25.0: the net Allied total); None: a game or case
    # that keeps none.
    vp: int | None = None
    # A game's own tracks, by the name its Exclusive Rules give them, each at its points now
    # (Serbia/Galicia 20.1: `serbian-supply`, the Serbian Supply Track); none by the Standard
    # Rules.
    tracks: dict[str, int] = Field(default_factory=dict)
    # Which side each player plays (player -> side); empty: the players in order play the
    # sides phasing first and second (ruling G51).
    sides: dict[str, str] = Field(default_factory=dict)
    scenario: str | None = None  # the campaign's scenario ("decision-in-galicia"); None: a case's
    # What one Player-Turn remembers until its Combat Phase ends:
    rail_moved: frozenset[str] = frozenset()  # 5.34: units that moved by rail
    fought: frozenset[str] = frozenset()  # 8.14, 8.73: attacked, attacked or advanced
    retreated: dict[str, str] = Field(default_factory=dict)  # 8.66, 12.17: unit -> the hex
    shifts_used: frozenset[str] = frozenset()  # 10.11: HQs whose Attack Shift is spent
    # 13.0: the Game-Turn of each unit's last combat, attacking or defending ("may not have
    # participated in combat during the preceding Game-Turn")
    combat_turns: dict[str, int] = Field(default_factory=dict)
    # 10.52: the hexes each HQ's owner would have it displace to (DISPLACE, ruling G88), set
    # for the Phase being carried out, empty between Phases
    displace_to: dict[str, tuple[str, ...]] = Field(default_factory=dict)

    def unit(self, unit_id: str) -> UnitState:
        try:
            return self.units[unit_id]
        except KeyError:
            raise GameError(f"no unit {unit_id} in this game") from None

    def with_unit(self, unit_id: str, **changes: Any) -> GweState:
        """A new state with one unit's state changed (validated afresh)."""
        units = dict(self.units)
        units[unit_id] = UnitState.model_validate({**self.unit(unit_id).model_dump(), **changes})
        return self.model_copy(update={"units": units})

    def on_map(self) -> Iterator[tuple[str, Hex]]:
        for unit_id, unit in self.units.items():
            if unit.hex is not None:
                yield unit_id, parse_hex(unit.hex)

    def units_in(self, where: Hex) -> tuple[str, ...]:
        return _placed(self).get(where, ())

    def occupied_by(self, where: Hex, side: str) -> GweState:
        """5.33, 9.15: `side` is now the last to have occupied the hex."""
        if self.last_occupied.get(str(where)) == side:
            return self
        return self.model_copy(update={"last_occupied": {**self.last_occupied,
                                                         str(where): side}})

    def fortress_destroyed(self, where: Hex) -> bool:
        return self.fortress_steps_lost.get(str(where), 0) >= 4  # 11.13: four Steps


# Each recent state's units by hex, kept by the identity of its units mapping (a state is
# immutable, and a change makes a new mapping): a report asks what stands where thousands of
# times. Outside the model, so that it never takes part in a state's equality or copies.
_PLACED: dict[int, tuple[dict[str, UnitState], dict[Hex, tuple[str, ...]]]] = {}
_PLACED_KEPT = 64


def _placed(state: GweState) -> dict[Hex, tuple[str, ...]]:
    kept = _PLACED.get(id(state.units))
    if kept is not None and kept[0] is state.units:
        return kept[1]
    found: dict[Hex, tuple[str, ...]] = {}
    for unit_id, at in state.on_map():
        found[at] = (*found.get(at, ()), unit_id)
    if len(_PLACED) >= _PLACED_KEPT:
        _PLACED.clear()
    _PLACED[id(state.units)] = (state.units, found)
    return found


def initial_state(data: GweData, players: tuple[str, ...]) -> GweState:
    """3.0: each unit with a set-up hex placed there; the others wait as reinforcements."""
    units = {u.id: UnitState(place="map", hex=str(parse_hex(u.setup))) if u.setup is not None
             else UnitState(place="pending") for u in data.counters.units}
    return GweState(game=GAME, players=players, stage=PLAY, turn=1, phase=1, units=units)


def state_problems(state: GweState, data: GweData) -> list[str]:
    """What in a state the data set contradicts: unknown units, Steps beyond a unit's, hexes
    off the map (8.5, 2.1)."""
    problems = [f"{u}: not a unit of the data set" for u in state.units if u not in data.units]
    for unit_id, unit in state.units.items():
        known = data.units.get(unit_id)
        if known is not None and unit.steps_lost >= len(known.steps) and unit.place != \
                "eliminated":
            problems.append(f"{unit_id}: {unit.steps_lost} Steps lost of {len(known.steps)}, "
                            "yet not eliminated (8.5)")
        if unit.hex is not None and not data.on_map(parse_hex(unit.hex)):
            problems.append(f"{unit_id}: {unit.hex} is not on the map")
    return problems
