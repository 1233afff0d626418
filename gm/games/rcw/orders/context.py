"""What an order of one player is judged against: the state, the data, and what his earlier
orders of the message have done already (5.25: a unit moves once)."""

from __future__ import annotations

from dataclasses import dataclass, field

from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.orders.model import Phase
from gm.games.rcw.state import FIRST_PHASE, PLAYER_TURNS, GameState, Stack


@dataclass
class Context:
    """What an order is judged against: the start-of-phase state, whose order, which phase."""

    state: GameState
    data: GameData
    player: str
    moved: set[UnitId] = field(default_factory=set)  # units already moved by this player (5.25)
    detached: set[UnitId] = field(default_factory=set)  # detached earlier in these orders
    deployed: set[UnitId] = field(default_factory=set)  # Red leaders deployed earlier (24.11)
    _index: dict[UnitId, tuple[str, Stack]] | None = field(default=None, repr=False)

    @property
    def phase(self) -> Phase:
        if self.state.stage in ("trading", "deployment"):
            return "setup"
        if self.state.mode in PLAYER_TURNS:
            return "player-turn"
        return "first" if self.state.phase == FIRST_PHASE else "second"

    def locate(self, unit: UnitId) -> tuple[str, Stack] | None:
        if self._index is None:  # the state never changes: index it once
            self._index = {u: (province, stack) for province, stacks in
                           self.state.position.items() for stack in stacks for u in stack.units}
        return self._index.get(unit)

    def fresh(self) -> Context:
        """The same position and player, no order of his judged yet: for judging orders one
        at a time, each alone, without indexing the position again."""
        self.locate(0)  # the index made once
        return Context(self.state, self.data, self.player, _index=self._index)

    def section(self, player: str | None = None) -> tuple[int, int, tuple[str, ...]]:
        """(Politburo, Assassin, control markers) a player holds now."""
        who = player or self.player
        if self.state.stage == "trading":
            hand = self.state.hands.get(who)
            return (hand.politburo, hand.assassin, ()) if hand else (0, 0, ())
        chart = self.state.chart.get(who)
        return (chart.politburo, chart.assassin, chart.markers) if chart else (0, 0, ())
