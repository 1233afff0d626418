"""What an order of one player is judged against: the state and data, his side, the Phase
open (4.0, ruling G17), and what his earlier orders of the message have done already (a unit
moved on, units that attacked)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.rules.sequence import PLAYER_TURN, game_turn
from gm.games.gwe.state import GweState

Moment = Literal["movement", "withdrawal", "combat"]
MOMENTS: dict[int, Moment] = {1: "movement", 2: "withdrawal", 3: "combat"}  # 4.0 A.1-A.3
PHASE_NAMES: dict[Moment, str] = {"movement": "Movement Phase (4.0 A.1)",
                                  "withdrawal": "Cavalry Withdrawal Before Combat Phase (4.0 A.2)",
                                  "combat": "Combat Phase (4.0 A.3)"}


@dataclass
class Context:
    """One player's orders for the Phase open in `state` (1-6 of the Game-Turn, G17); `first`
    is the side phasing in the first Player-Turn (its game's Exclusive Rules say whose)."""

    state: GweState
    data: GweData
    side: str
    first: str
    at: dict[str, Hex | None] = field(default_factory=dict)  # where earlier orders left it
    left_by: dict[str, int] = field(default_factory=dict)  # the line of the order that did
    entrained: dict[str, bool] = field(default_factory=dict)  # as earlier orders left it
    moved: set[str] = field(default_factory=set)  # 13.0
    attacking: set[str] = field(default_factory=set)  # 8.14
    attacked: set[Hex] = field(default_factory=set)  # 8.14
    spent: dict[str, int] = field(default_factory=dict)  # a game's tracks: the attacks' costs
    flotilla: bool = False  # a game's flotilla attacks in this message's Combat Phase already
    shifting: set[str] = field(default_factory=set)  # 10.11: one attack per Combat Phase
    heroic_shifts: set[str] = field(default_factory=set)  # 10.24
    commanded: set[str] = field(default_factory=set)  # 10.31
    commanding: set[str] = field(default_factory=set)  # HQ units allocated (10.31)
    replaced: set[str] = field(default_factory=set)  # 13.0

    @property
    def phasing_side(self) -> str:
        second = next(s for s in self.data.counters.sides if s != self.first)
        return game_turn(self.first, second)[self.state.phase - 1].phasing

    @property
    def phasing(self) -> bool:
        return self.side == self.phasing_side

    @property
    def moment(self) -> Moment:
        return MOMENTS[(self.state.phase - 1) % len(PLAYER_TURN) + 1]

    def hex_of(self, unit_id: str) -> Hex | None:
        """Where the unit stands once the earlier orders are carried out."""
        if unit_id in self.at:
            return self.at[unit_id]
        text = self.state.unit(unit_id).hex
        return None if text is None else parse_hex(text)

    def is_entrained(self, unit_id: str) -> bool:
        return self.entrained.get(unit_id, self.state.unit(unit_id).entrained)

    def mine(self, unit_id: str) -> bool:
        return self.data.side_of(unit_id) == self.side
