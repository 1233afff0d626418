from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

import pytest

from gm.dice import Dice, SeededDice
from gm.game_data.dataset import GameData, load_game_data
from gm.setup.deal import new_game
from gm.setup.deployment import finish_deployment
from gm.setup.trading import end_trading
from gm.state import GameState

T = TypeVar("T")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    from tests.servers import postgres_server

    with postgres_server() as url:
        yield url


@pytest.fixture(scope="session")
def data() -> GameData:
    return load_game_data()


class ScriptedDraws(Dice):
    """Draws the wanted items first (when still in the randomizer), then the lowest item."""

    def __init__(self, wanted: Sequence[object]) -> None:
        self.wanted = [str(w) for w in wanted]
        self.given: list[tuple[str, str]] = []  # (purpose, item) of every draw

    def _give(self, item: T, purpose: str) -> T:
        self.given.append((purpose, str(item)))
        return item

    def die(self, purpose: str) -> int:
        raise AssertionError(f"no die expected: {purpose}")

    def draw(self, items: Sequence[T], purpose: str) -> T:
        for want in list(self.wanted):
            for item in items:
                if str(item) == want:
                    self.wanted.remove(want)
                    return self._give(item, purpose)
        return self._give(items[0], purpose)


def deal(data: GameData, players: str = "ABCDEF", seed: str = "t") -> GameState:
    return new_game(data, list(players), SeededDice(seed, "deal"))


def deployed(data: GameData, players: str = "ABCDEF", seed: str = "t") -> GameState:
    state = end_trading(deal(data, players, seed), data)
    return finish_deployment(state, data, SeededDice(seed, "start"))
