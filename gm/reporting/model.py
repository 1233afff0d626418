"""The report model. Built once, rendered by templates that hold no game logic."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Event(_Frozen):
    """One thing that happened, in the order it happened."""

    step: str  # trades, movement, combat, purge, random events, ...
    text: str
    rule: str | None = None
    player: str | None = None
    line: int | None = None
    result: str | None = None
    order: str | None = None  # the order as understood, for results of orders
    detail: str | None = None


class StackView(_Frozen):
    player: str | None
    color: str
    strength: int
    units: list[str]


class ProvinceView(_Frozen):
    code: str
    name: str
    stacks: list[StackView]


class RegionView(_Frozen):
    name: str
    provinces: list[ProvinceView]


class ChartView(_Frozen):
    name: str
    held: dict[str, int]  # the markers a player holds, by kind, in the game's order
    markers: list[str]
    units: list[str]
    face_down: list[str]


class OrderView(_Frozen):
    line: int
    text: str
    result: str
    rule: str | None
    detail: str


class PlayerPart(_Frozen):
    letter: str
    orders: list[OrderView]
    template: list[str]  # the next phase's orders, ready to edit


class MapProvince(_Frozen):
    code: str
    x: float
    y: float
    fill: str
    stacks: list[StackView]


class MapLine(_Frozen):
    x1: float
    y1: float
    x2: float
    y2: float


class MapView(_Frozen):
    width: int
    height: int
    provinces: list[MapProvince]
    borders: list[MapLine]
    rails: list[MapLine]
    moves: list[list[tuple[float, float]]]
    combats: list[tuple[float, float]]


class Report(_Frozen):
    kind: str  # "phase", "deal", "trading", "final"
    campaign: str
    title: str
    next_phase: str | None
    deadline: str | None
    events: list[Event]
    regions: list[RegionView]
    chart: list[ChartView]
    standings: dict[str, dict[str, int]]  # colour -> player -> points if the game ended now
    ranking: list[tuple[str, int]]  # the final ranking, when the game has ended
    victory: str | None
    player: PlayerPart | None
    hands: dict[str, list[str]]  # before the game: the Initial Forces and the trades (15.3)
    map: MapView
    dice_seed: str | None = None  # the seed of the phase reported, revealed (docs/dice.md)
    dice_salts: list[str] = []
    next_commitment: str | None = None  # SHA-256 of the next phase's seed
