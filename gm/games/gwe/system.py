"""Great War in the East as a game system (gm.games.system), while it is built: its data set
can be checked (`gm data check --game gwe DIR`) and its adjudication cases run (`gm case run
--game gwe`, docs/cases-gwe.md); it cannot be played as a campaign yet, and every operation of
a campaign says so rather than half work. A GM types his own map and counters as CSV
files (`gm data import`/`export --game gwe`, docs/data-gwe.md) and draws the map (`gm data
map --game gwe DIR`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from gm.core.data import DataError, DataSet, Problem
from gm.games.system import Coverage, GameSystem, NotInThisGame, Orders

if TYPE_CHECKING:
    from gm.core.dice import Dice
    from gm.core.state import GameStateBase
    from gm.engine.ranking import Place
    from gm.engine.results import SetupResult, TimelineEvent
    from gm.engine.sequence import PhaseResult
    from gm.orders.order import Order
    from gm.reporting.model import Event, Report
    from orders_grammar.message import Envelope, OpenPhase, ParsedMessage, PhaseForms
    from orders_grammar.problem import Problem as LineProblem

TITLE = "Great War in the East"


def _not_yet(what: str) -> NoReturn:
    raise NotInThisGame(f"{TITLE} is not playable yet ({what}): only its data set can be "
                        "checked, `gm data check --game gwe DIR`")


class GreatWarInTheEast(GameSystem):
    name = "gwe"
    title = TITLE
    playable = False

    def default_data_dir(self) -> Path:
        """The embedded data set: Decision in Galicia's reconstructed map and counters (issue
        28; ruling G25), which a GM who owns the game replaces with his own folder."""
        return Path(__file__).resolve().parent / "dataset" / "galicia"

    def load_data(self, directory: Path | None = None) -> DataSet:
        from gm.games.gwe.data.checks import check_data_set
        from gm.games.gwe.data.reading import read_data_set
        data, problems = read_data_set(directory or self.default_data_dir(), lined=True)
        problems = problems if data is None else check_data_set(data)
        if data is None or problems:
            raise DataError(problems)
        return data

    def check_data(self, directory: Path) -> list[Problem]:
        from gm.games.gwe.data.checks import check_directory
        return check_directory(directory)[0]

    def data_warnings(self, directory: Path) -> list[Problem]:
        """The provisional chart cells still in use (ruling G1 of docs/rulings-gwe.md)."""
        from gm.games.gwe.data.checks import check_directory
        return check_directory(directory)[1]

    def data_sources(self, directory: Path) -> list[str]:
        from gm.games.gwe.data.checks import provisional_cells
        from gm.games.gwe.data.reading import read_data_set
        from gm.games.gwe.data.sources import listing, not_printed
        data, problems = read_data_set(directory, lined=True)
        if data is None:
            raise DataError(problems)
        return listing(not_printed(data), len(provisional_cells(data)))

    def import_data(self, sheets: Path, directory: Path) -> list[Path]:
        from gm.games.gwe.data.copies import import_data_set
        return import_data_set(sheets, directory)

    def export_data(self, directory: Path, sheets: Path) -> list[Path]:
        from gm.games.gwe.data.copies import export_data_set
        return export_data_set(directory, sheets)

    def map_drawing(self, data: DataSet) -> str | None:
        from gm.games.gwe.data.dataset import GweData
        from gm.games.gwe.reports.mapsheet import map_svg
        if not isinstance(data, GweData):
            raise NotInThisGame(f"not a data set of {TITLE}")
        return map_svg(data)

    def map_document(self, data: DataSet) -> dict[str, Any]:
        _not_yet("no map document")

    def map_summary(self, data: DataSet) -> str:
        _not_yet("no map summary")

    def counters_document(self, data: DataSet) -> dict[str, Any]:
        _not_yet("no counters document")

    def state_from_json(self, text: str | bytes) -> GameStateBase:
        _not_yet("no stored state")

    def new_game(self, data: DataSet, players: Sequence[str], dice: Dice,
                 mode: str | None = None) -> GameStateBase:
        _not_yet("no set-up")

    def open_phase(self, state: GameStateBase) -> OpenPhase:
        _not_yet("no sequence of play")

    def phase_forms(self, state: GameStateBase) -> PhaseForms:
        _not_yet("no sequence of play")

    def parse_orders(self, envelope: Envelope, data: DataSet,
                     max_line_chars: int) -> ParsedMessage[Order]:
        _not_yet("no order grammar")

    def order_problems(self, message: ParsedMessage[Any], state: GameStateBase,
                       data: DataSet, player: str) -> list[LineProblem]:
        _not_yet("no order grammar")

    def order_comment(self, order: Order, data: DataSet) -> str:
        _not_yet("no order grammar")

    def order_forms(self) -> str:
        _not_yet("no order grammar")

    def orders_from_json(self, entries: Sequence[Any]) -> tuple[Order, ...]:
        _not_yet("no order grammar")

    def adjudicate(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                   ) -> tuple[PhaseResult[GameStateBase], GameStateBase]:
        _not_yet("no sequence of play")

    def phase_title(self, state: GameStateBase) -> str:
        _not_yet("no sequence of play")

    def victory_title(self, state: GameStateBase) -> str:
        _not_yet("no victory conditions")

    def final_ranking(self, state: GameStateBase, data: DataSet) -> list[Place]:
        _not_yet("no victory conditions")

    def quit_player(self, state: GameStateBase, data: DataSet, player: str) -> GameStateBase:
        _not_yet("no sequence of play")

    def apply_setup_orders(self, state: GameStateBase, data: DataSet, orders: Orders
                           ) -> tuple[GameStateBase, list[SetupResult]]:
        _not_yet("no set-up")

    def close_setup_stage(self, state: GameStateBase, data: DataSet, dice: Dice
                          ) -> tuple[GameStateBase, list[TimelineEvent]]:
        _not_yet("no set-up")

    def cases_folder(self) -> Path:
        from gm.games.gwe.cases.coverage import CASES_DIR
        return CASES_DIR

    def run_case(self, path: Path) -> dict[str, Any]:
        from gm.games.gwe.cases import run
        return run.run_case(path)

    def check_case(self, path: Path) -> tuple[str, list[str]]:
        from gm.games.gwe.cases import run
        return run.check_case(path)

    def case_position(self, path: Path) -> tuple[DataSet, GameStateBase]:
        from gm.games.gwe.cases import load
        _, data, state, _ = load.load_case(path)
        return data, state

    def case_rules(self, folder: Path) -> dict[str, list[str]]:
        from gm.games.gwe.cases import coverage
        return coverage.case_rules(folder)

    def rule_coverage(self) -> list[Coverage]:
        from gm.games.gwe.cases.coverage import project_coverage
        return project_coverage()

    def report(self, campaign: str, before: GameStateBase | None, after: GameStateBase,
               data: DataSet, events: list[Event], player: str | None = None,
               deadline: str | None = None, names: Mapping[str, str] | None = None,
               sent: Sequence[str] | None = None, drawn: bool = True) -> Report:
        from gm.games.gwe.data.dataset import GweData
        from gm.games.gwe.reports.report import build_report
        if not isinstance(data, GweData):
            raise NotInThisGame(f"not a data set of {TITLE}")
        return build_report(campaign, before, after, data, events, player, deadline, names,
                            sent, drawn)

    def position_text(self, campaign: str, state: GameStateBase, data: DataSet,
                      province: str | None = None) -> str:
        _not_yet("no reports")


GREAT_WAR_IN_THE_EAST = GreatWarInTheEast()
