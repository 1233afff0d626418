"""Great War in the East as a game system (gm.games.system), while it is built: its data set
can be checked (`gm data check --game gwe DIR`) and its adjudication cases run (`gm case run
--game gwe`, docs/cases-gwe.md). A campaign of Serbia/Galicia's Decision in Galicia (26.3) is
made and set up (`gm new --game gwe`, DEPLOY orders, `gm end-deployment`, `gm start`, `gm
show`); what play needs beyond that says it is not built yet rather than half work. A GM types
his own map and counters as CSV files (`gm data import`/`export --game gwe`, docs/data-gwe.md)
and draws the map (`gm data map --game gwe DIR`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from gm.core.data import DataError, DataSet, Problem
from gm.core.errors import GameError
from gm.games.gwe.commands import COMMANDS, SCENARIOS, TITLE
from gm.games.gwe.setup.scenario import DECISION_IN_GALICIA
from gm.games.system import Coverage, GameSystem, NotInThisGame, Orders, SetupStage

if TYPE_CHECKING:
    from gm.core.dice import Dice
    from gm.core.state import GameStateBase
    from gm.engine.ranking import Place
    from gm.engine.results import SetupResult, TimelineEvent
    from gm.engine.sequence import PhaseResult
    from gm.games.gwe.data.dataset import GweData
    from gm.games.gwe.state import GweState
    from gm.orders.order import Order
    from gm.reporting.model import Event, Report
    from orders_grammar.message import Envelope, OpenPhase, ParsedMessage, PhaseForms
    from orders_grammar.problem import Problem as LineProblem

AH_DEPLOYMENT, RU_DEPLOYMENT = (d.stage for d in DECISION_IN_GALICIA.deployments)


def _not_yet(what: str) -> NoReturn:
    raise NotInThisGame(f"{TITLE} is not playable yet ({what}): only its data set can be "
                        "checked, `gm data check --game gwe DIR`")


def _own(state: GameStateBase) -> GweState:
    from gm.games.gwe.state import GweState
    if not isinstance(state, GweState):
        raise GameError(f"a state of game {state.game!r} given to {TITLE}")
    return state


def _data(data: DataSet) -> GweData:
    from gm.games.gwe.data.dataset import GweData
    if not isinstance(data, GweData):
        raise GameError(f"a data set of another game given to {TITLE}")
    return data


def _in_setup(state: GameStateBase) -> bool:
    return state.stage in (AH_DEPLOYMENT, RU_DEPLOYMENT)


class GreatWarInTheEast(GameSystem):
    name = "gwe"
    title = TITLE
    playable = True  # a Decision in Galicia campaign is made and set up; play is being built
    scenarios = SCENARIOS
    commands = COMMANDS
    setup_stages = (
        SetupStage(AH_DEPLOYMENT, "end-deployment",
                   "the Austro-Hungarian deployment closed (Serbia/Galicia 26.31)",
                   "the Austro-Hungarian deployment is not open (it is the set-up's first)",
                   "gm end-deployment (when player C's DEPLOY orders are in)",
                   "Austro-Hungarian deployment ended, its attrition rolled (26.32); the "
                   "Russian Player (E) deploys now, then gm start"),
        SetupStage(RU_DEPLOYMENT, "start",
                   "the game started: the Russian deployment closed, Game-Turn 7 opened "
                   "(Serbia/Galicia 26.3)",
                   "the game starts after the Austro-Hungarian deployment, closed by gm "
                   "end-deployment (Serbia/Galicia 26.31)",
                   "gm start (when player E's DEPLOY orders are in)"))

    def history_text(self, action: str, detail: Mapping[str, Any]) -> str | None:
        """A deployment's close with its attrition rolls (26.32); the scenario of the deal."""
        stage = self.setup_stage(command=action)
        if stage is not None and detail.get("events"):
            return f"{stage.closed}; " + "; ".join(str(e) for e in detail["events"])
        if action == "deal" and detail.get("scenario"):
            players = ", ".join(detail.get("players", []))
            return f"the {detail['scenario']} scenario set up for {players}"
        return None

    def awaited(self, state: GameStateBase) -> tuple[str, ...]:
        """26.31: one side deploys at a time, the Austro-Hungarian first."""
        if _in_setup(state):
            from gm.games.gwe.setup.stages import setup_player
            return (setup_player(_own(state)),)
        return super().awaited(state)

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
        from gm.games.gwe.data import describe
        return describe.map_document(_data(data))

    def map_summary(self, data: DataSet) -> str:
        from gm.games.gwe.data import describe
        return describe.map_summary(_data(data))

    def counters_document(self, data: DataSet) -> dict[str, Any]:
        from gm.games.gwe.data import describe
        return describe.counters_document(_data(data))

    def state_from_json(self, text: str | bytes) -> GweState:
        from gm.games.gwe.state import GweState
        return GweState.from_json(text)

    def new_game(self, data: DataSet, players: Sequence[str], dice: Dice,
                 mode: str | None = None, scenario: str | None = None) -> GweState:
        from gm.games.gwe.setup.closing import new_game
        return new_game(_data(data), players, scenario)

    def open_phase(self, state: GameStateBase) -> OpenPhase:
        if _in_setup(state):
            from gm.games.gwe.setup.stages import setup_open_phase
            return setup_open_phase(_own(state))
        _not_yet("no sequence of play")

    def phase_forms(self, state: GameStateBase) -> PhaseForms:
        if _in_setup(state):
            from gm.games.gwe.setup.stages import SETUP_FORMS
            return SETUP_FORMS
        _not_yet("no sequence of play")

    def parse_orders(self, envelope: Envelope, data: DataSet,
                     max_line_chars: int) -> ParsedMessage[Order]:
        from gm.games.gwe.grammar.messages import parse_orders
        from gm.games.gwe.grammar.names import Names
        return parse_orders(envelope, Names(_data(data)), max_line_chars)

    def order_problems(self, message: ParsedMessage[Any], state: GameStateBase,
                       data: DataSet, player: str) -> list[LineProblem]:
        if _in_setup(state):
            from gm.games.gwe.setup.orders import deploy_problems
            return deploy_problems(message, _own(state), _data(data), player)
        _not_yet("no sequence of play")

    def order_comment(self, order: Order, data: DataSet) -> str:
        return ""

    def order_forms(self) -> str:
        _not_yet("no order grammar")

    def orders_from_json(self, entries: Sequence[Any]) -> tuple[Order, ...]:
        from pydantic import TypeAdapter

        from gm.games.gwe.orders.model import AnyOrder
        adapter: TypeAdapter[Order] = TypeAdapter(AnyOrder)
        return tuple(adapter.validate_python(entry) for entry in entries)

    def adjudicate(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                   ) -> tuple[PhaseResult[GameStateBase], GameStateBase]:
        _not_yet("no sequence of play")

    def phase_title(self, state: GameStateBase) -> str:
        if _in_setup(state):
            from gm.games.gwe.setup.stages import setup_title
            return setup_title(_own(state))
        from gm.games.gwe.reports.position import play_title
        return play_title(_own(state))

    def victory_title(self, state: GameStateBase) -> str:
        _not_yet("no victory conditions")

    def final_ranking(self, state: GameStateBase, data: DataSet) -> list[Place]:
        _not_yet("no victory conditions")

    def quit_player(self, state: GameStateBase, data: DataSet, player: str) -> GameStateBase:
        _not_yet("no sequence of play")

    def apply_setup_orders(self, state: GameStateBase, data: DataSet, orders: Orders
                           ) -> tuple[GweState, list[SetupResult]]:
        from gm.games.gwe.setup.orders import apply_deploys
        return apply_deploys(_own(state), _data(data), orders)

    def close_setup_stage(self, state: GameStateBase, data: DataSet, dice: Dice
                          ) -> tuple[GweState, list[TimelineEvent]]:
        """Serbia/Galicia 26.31, 26.32: a deployment defaulted, checked and its attrition
        rolled; the Russian one closed, play opens (26.3)."""
        from gm.games.gwe.setup.closing import close_deployment
        return close_deployment(_own(state), _data(data), dice)

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
        _not_yet("no reports")

    def position_text(self, campaign: str, state: GameStateBase, data: DataSet,
                      province: str | None = None) -> str:
        """The position by hex; `province`: a hex alone (`g1825`)."""
        from gm.games.gwe.reports.position import render_hex, render_position
        if province is not None:
            return render_hex(province, _own(state), _data(data))
        return render_position(campaign, _own(state), _data(data))


GREAT_WAR_IN_THE_EAST = GreatWarInTheEast()
