"""The rows the store gives back: plain frozen values."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from gm.core.state import GameStateBase


@dataclass(frozen=True)
class CampaignRow:
    id: int
    name: str
    game: str
    seed: str
    data_dir: str | None


@dataclass(frozen=True)
class PlayerRow:
    letter: str
    name: str
    email: str
    password_hash: str


@dataclass(frozen=True)
class OrdersRow:
    id: int
    state_seq: int
    player: str
    raw: str
    parsed: str | None


@dataclass(frozen=True)
class EntryRow:
    """An entry of a campaign's history without its state: what made it, where the game was."""

    seq: int
    action: str
    detail: dict[str, Any]
    stage: str
    turn: int
    phase: int
    created_at: dt.datetime


@dataclass(frozen=True)
class StateRow:
    seq: int
    action: str
    detail: dict[str, Any]
    state: GameStateBase  # decoded by the campaign's game system
    created_at: dt.datetime
