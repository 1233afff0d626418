from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pytest

from gm.core.dice import Dice, SeededDice
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.setup.deal import new_game
from gm.games.rcw.state import GameState

if TYPE_CHECKING:
    from gm.games.gwe.data.dataset import GweData
    from tests.mailservers import MailServers

T = TypeVar("T")


@pytest.fixture(scope="session")
def galicia() -> GweData:
    """Great War in the East's embedded data set: Decision in Galicia's reconstruction."""
    from gm.games.gwe.games import read_bound
    from gm.games.gwe.system import GreatWarInTheEast

    data, problems = read_bound(GreatWarInTheEast().default_data_dir())
    assert data is not None, problems
    return data


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    from tests.servers import postgres_server

    with postgres_server() as url:
        yield url


@pytest.fixture(scope="session")
def mail_servers_running() -> Iterator[MailServers]:
    """dovecot and the SMTP relay, once for the session; every test's mailboxes exist."""
    from tests.mailhelpers import GM, GM_DESK, PLAYERS
    from tests.mailservers import mail_servers

    with mail_servers() as running:
        running.add_user(GM, GM_DESK, *PLAYERS.values(), "mallory@example.org")
        yield running


@pytest.fixture
def servers(mail_servers_running: MailServers) -> Iterator[MailServers]:
    """The mail servers, behaving normally again after each test."""
    yield mail_servers_running
    mail_servers_running.behaviour.vacation.clear()
    mail_servers_running.behaviour.drop_once.clear()
    mail_servers_running.behaviour.greylist_once.clear()
    mail_servers_running.behaviour.authentication.clear()
    mail_servers_running.behaviour.received_first = False


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
    from gm.games.rcw.simulation.simulate import start

    return start(data, players, seed)


def gm(*args: str) -> str:
    """A gm command that must succeed; its output."""
    from click.testing import CliRunner

    from gm.cli import cli

    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


SCRIPTED = Path(__file__).resolve().parents[1] / "fixtures" / "campaign"


def play_scripted(folder: Path) -> int:
    """The scripted campaign of fixtures/campaign in `folder`, from its set-up through every
    phase; returns the number of phases adjudicated."""
    import itertools
    import shlex

    for line in (SCRIPTED / "setup.gm").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            gm(*[str(folder) if a == "CAMPAIGN" else a for a in shlex.split(line)])
    files = sorted((SCRIPTED / "orders").glob("*.txt"))
    phases = 0
    for phase, group in itertools.groupby(files, key=lambda p: p.name.split("-")[0]):
        output = gm("adjudicate", str(folder), *map(str, group))
        assert "adjudicated" in output and "refused" not in output, phase
        phases += 1
    return phases
