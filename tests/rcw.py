"""The campaign's state and data as Russian Civil War's own types, for tests that look inside
them (the application sees only the common types of gm.core)."""

from __future__ import annotations

from pathlib import Path

from gm.app.campaign import Campaign, open_campaign
from gm.core.data import DataSet
from gm.core.state import GameStateBase
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.state import GameState


def rcw_state(state: GameStateBase) -> GameState:
    assert isinstance(state, GameState), f"not a Russian Civil War state: {state.game}"
    return state


def rcw_data(data: DataSet) -> GameData:
    assert isinstance(data, GameData)
    return data


def state_of(campaign: Campaign | Path) -> GameState:
    """The latest state of a campaign (or of the campaign in a folder)."""
    opened = campaign if isinstance(campaign, Campaign) else open_campaign(campaign)
    return rcw_state(opened.latest().state)
