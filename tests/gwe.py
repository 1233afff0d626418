"""The synthetic Great War in the East data set the gwe tests play on (fixtures/gwe)."""

from __future__ import annotations

from pathlib import Path

from gm.core.dice import ForcedDice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.reading import read_data_set
from gm.games.gwe.rules.attack import Attack, Resolution, resolve_attack
from gm.games.gwe.state import GweState, initial_state

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "gwe"


def fixture_data() -> GweData:
    data, problems = read_data_set(FIXTURE, lined=False)
    assert data is not None, problems
    return data


def opening(data: GweData) -> GweState:
    """The data set's units where they set up, for two players A and B."""
    return initial_state(data, ("A", "B"))


def attacked(state: GweState, data: GweData, side: str, attack: Attack,
             dice: list[int]) -> Resolution:
    """One attack resolved on forced dice, every die of them used."""
    forced = ForcedDice(list(dice), [], [])
    done = resolve_attack(state, data, side, attack, forced)
    assert forced.unused() is None, done.events
    return done
