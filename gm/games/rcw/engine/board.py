"""A working copy of the position and chart that one phase changes step by step.

The engine is pure: it copies the immutable GameState into a Board, changes the Board, and
returns a new GameState. Nothing outside the phase ever sees a Board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gm.engine.facts import Fact
from gm.engine.results import Note, Results, TimelineEvent
from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.orders.model import Order
from gm.games.rcw.rules.colour import province_colours
from gm.games.rcw.rules.stacking import commands
from gm.games.rcw.state import UNASSIGNED, ChartSection, GameState, Pending, Solitaire, Stack

PhaseResults = Results[Order]  # the results of a phase of this game


@dataclass
class Pile:
    """One stack on the board: its controlling player and units, top to bottom."""

    player: str | None
    units: list[UnitId]
    # the stack it was at the phase's start: kept as it is when the phase leaves it unchanged
    origin: Stack | None = field(default=None, compare=False, repr=False)


@dataclass
class Section:
    politburo: int = 0
    assassin: int = 0
    units: list[UnitId] = field(default_factory=list)
    face_down: list[UnitId] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)


@dataclass
class Board:
    data: GameData
    state: GameState  # the state the phase started from
    position: dict[str, list[Pile]]
    chart: dict[str, Section]
    randomizer: list[str]
    removed: list[UnitId]
    pending: Pending
    solitaire: Solitaire | None = None  # the solitaire game's paths and leader die (18.0-28.0)
    log: list[str] = field(default_factory=list)
    step: str = "orders"  # the step of the phase under way, for the report's timeline
    timeline: list[TimelineEvent] = field(default_factory=list)  # notes and results, in order
    routes: dict[UnitId, list[str]] = field(default_factory=dict)  # leaders' moves (10.0)
    closing: dict[str, object] = field(default_factory=dict)  # how the phase leaves the state
    _where: dict[UnitId, tuple[str, Pile]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, state: GameState, data: GameData) -> Board:
        return cls(
            data=data, state=state,
            position={p: [Pile(s.player, list(s.units), s) for s in stacks]
                      for p, stacks in state.position.items()},
            chart={name: Section(c.politburo, c.assassin, list(c.units), list(c.face_down),
                                 list(c.markers)) for name, c in state.chart.items()},
            randomizer=list(state.auxiliary_randomizer),
            removed=list(state.removed),
            pending=state.pending,
            solitaire=state.solitaire,
        )

    def to_state(self, **update: object) -> GameState:
        # A stack or chart section the phase left as it was is the start's own (equal, and
        # immutable): each message's answer makes the position its player's GIVEs leave, and
        # a position holds a few hundred stacks.
        position = {p: tuple(_stack(s) for s in piles if s.units)
                    for p, piles in sorted(self.position.items())}
        position = {p: stacks for p, stacks in position.items() if stacks}
        chart = {name: _section(self.state.chart.get(name), c) for name, c in self.chart.items()}
        return self.state.model_copy(update={
            "position": position, "chart": chart,
            "auxiliary_randomizer": tuple(sorted(self.randomizer)),
            "removed": tuple(self.removed), "pending": self.pending,
            "solitaire": self.solitaire, **update})

    # finding and moving units
    def find(self, unit: UnitId) -> tuple[str, Pile] | None:
        """Where a unit is. The index may be stale after steps change piles in place, so
        every answer is checked, and the index rebuilt when it was wrong."""
        known = self._where.get(unit)
        if known is not None and self._still(unit, *known):
            return known
        self._where = {u: (province, pile) for province, piles in self.position.items()
                       for pile in piles for u in pile.units}
        return self._where.get(unit)

    def _still(self, unit: UnitId, province: str, pile: Pile) -> bool:
        return unit in pile.units and any(p is pile for p in self.position.get(province, ()))

    def take(self, unit: UnitId) -> str | None:
        """Lift a unit off the map; returns the province it was in."""
        found = self.find(unit)
        if found is None:
            return None
        province, pile = found
        pile.units.remove(unit)
        self._where.pop(unit, None)
        self._tidy(province)
        return province

    def lift(self, province: str, pile: Pile) -> None:
        """Take a whole stack off the map (to move it, or to stack its units anew)."""
        self.position[province] = [p for p in self.position.get(province, []) if p is not pile]
        for unit in pile.units:
            self._where.pop(unit, None)
        self._tidy(province)

    def _tidy(self, province: str) -> None:
        piles = [p for p in self.position.get(province, []) if p.units]
        for pile in piles:  # a stack without a leader or combat unit has no marker (13.42)
            if all(isinstance(u, str) for u in pile.units):
                pile.player = None
        if piles:
            self.position[province] = piles
        else:
            self.position.pop(province, None)

    def place(self, province: str, player: str | None, units: list[UnitId]) -> Pile:
        if all(isinstance(u, str) for u in units):
            player = None  # an Imperial unit alone has no marker (13.42)
        pile = Pile(player, list(units))
        self.position.setdefault(province, []).append(pile)
        self._where.update((u, (province, pile)) for u in pile.units)
        return pile

    def command_of(self, leader: UnitId) -> list[UnitId]:
        """The leader and the units directly under it (7.21)."""
        found = self.find(leader)
        if found is None or not isinstance(leader, int):
            return []
        return [leader, *commands(tuple(found[1].units), self.data).get(leader, [])]

    def section(self, player: str | None) -> Section:
        return self.chart.setdefault(player or UNASSIGNED, Section())

    def colors_at(self, province: str) -> set[str]:
        """Colours present in a province now (leaders and combat units; 5.27, 13.26)."""
        return province_colours((pile.units for pile in self.position.get(province, [])),
                                self.data)

    def update_pending(self, **changes: object) -> None:
        self.pending = self.pending.model_copy(update=changes)

    def update_solitaire(self, **changes: object) -> None:
        self.solitaire = (self.solitaire or Solitaire()).model_copy(update=changes)

    def note(self, text: str, fact: Fact | None = None) -> None:
        self.log.append(text)
        self.timeline.append(Note(self.step, text, fact))

    def record(self, text: str) -> None:
        """Into the log only: what an order's result already tells the report."""
        self.log.append(text)

    def begin(self, step: str) -> None:
        """Mark the start of a step; notes from now on belong to it."""
        self.step = step

    def phasing_order(self) -> Sequence[str]:
        return self.state.sequence

    def without_quitters(self, players: tuple[str, ...]) -> tuple[str, ...]:
        """`players` less those who have quit, by now (14.24)."""
        return tuple(p for p in players if p not in self.pending.quit_players)

    def active_players(self) -> list[str]:
        """The players who have not quit, in seating order."""
        return [p for p in self.state.players if p not in self.pending.quit_players]

    def finish(self) -> GameState:
        """The state the phase leaves, as its closing step set it."""
        return self.to_state(**self.closing)


def _stack(pile: Pile) -> Stack:
    """A pile as the phase leaves it: the start's own stack where nothing changed."""
    units = tuple(pile.units)
    if pile.origin is not None and (pile.origin.player, pile.origin.units) == (pile.player, units):
        return pile.origin
    return Stack(player=pile.player, units=units)


def _section(start: ChartSection | None, now: Section) -> ChartSection:
    """A chart section as the phase leaves it: the start's own where nothing changed."""
    made = (now.politburo, now.assassin, tuple(now.units), tuple(now.face_down),
            tuple(sorted(now.markers)))
    if start is not None and made == (start.politburo, start.assassin, start.units,
                                      start.face_down, start.markers):
        return start
    politburo, assassin, units, face_down, markers = made
    return ChartSection(politburo=politburo, assassin=assassin, units=units,
                        face_down=face_down, markers=markers)
