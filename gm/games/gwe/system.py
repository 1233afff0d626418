"""Great War in the East as a game system (gm.games.system): its data set checked (`gm data
check --game gwe DIR`), its adjudication cases run (`gm case run --game gwe`,
docs/cases-gwe.md), and a campaign of one of its games' scenarios (gm/games/gwe/games.py) made,
set up (`gm new --game gwe --scenario S`, DEPLOY orders, `gm end-deployment`, `gm start`) and
played Phase by Phase to its end, by mail or order files, shown by hex (`gm show`). A GM types
his own map and counters as CSV files (`gm data import`/`export --game gwe`,
docs/data-gwe.md) and draws the map (`gm data map --game gwe DIR`). What its games differ in is
asked of their Exclusive Rules, found by the data set's counters or the campaign's scenario."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from gm.core.data import DataError, DataSet, Problem
from gm.core.errors import GameError
from gm.games.declared import MailWords, TableWords
from gm.games.gwe.commands import COMMANDS, TABLE_WORDS, TITLE
from gm.games.gwe.games import (
    GAMES,
    bound_checked,
    of_scenario,
    read_bound,
    scenarios,
    setup_stages,
)
from gm.games.system import (
    Coverage,
    GameSystem,
    NotInThisGame,
    Orders,
    typed_data,
    typed_orders,
)

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from gm.core.dice import Dice
    from gm.core.state import GameStateBase
    from gm.engine.ranking import Place
    from gm.engine.results import OrderResult, SetupResult, TimelineEvent
    from gm.engine.sequence import PhaseResult
    from gm.games.gwe.data.dataset import GweData
    from gm.games.gwe.data.deployment import Deployment
    from gm.games.gwe.engine.campaign import Played
    from gm.games.gwe.orders.model import AnyOrder
    from gm.games.gwe.orders.model import Order as GweOrder
    from gm.games.gwe.rules.exclusive import ExclusiveRules
    from gm.games.gwe.rules.game_values import Scenario
    from gm.games.gwe.state import GweState
    from gm.orders import order
    from gm.reporting.model import Event, Report
    from orders_grammar.message import Envelope, OpenPhase, ParsedMessage, PhaseForms
    from orders_grammar.problem import Problem as LineProblem



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
    return typed_data(data, GweData, TITLE)


def _orders(orders: Orders) -> dict[str, tuple[GweOrder, ...]]:
    from gm.games.gwe.orders.model import Order
    return typed_orders(orders, Order)


def _in_play(state: GweState) -> GweState:
    """The Phases of play are this branch's; the set-up's stages come with `gm new
    --scenario` (issue 28)."""
    from gm.games.gwe.grammar.forms import in_play
    if not in_play(state):
        raise NotInThisGame(f"{TITLE}'s set-up stage {state.stage!r} takes no orders yet")
    return state


@cache
def _order_adapter() -> TypeAdapter[AnyOrder]:
    from pydantic import TypeAdapter

    from gm.games.gwe.orders.model import AnyOrder
    return TypeAdapter(AnyOrder)


def _checked(directory: Path) -> tuple[list[Problem], list[Problem]]:
    """Everything `gm data check` says of a folder, its files read once: the problems (with
    none in the files, those of its deployment as a whole), then the warnings."""
    from gm.games.gwe.data.checks import read_and_check
    checked = read_and_check(directory)
    if checked.problems or checked.data is None:
        return checked.said
    data, problems = bound_checked(checked.data)  # a game the program does not play
    if data is None:
        return problems, checked.warnings
    return _deployment_problems(data, checked.deployment), checked.warnings


def _deployment_problems(data: GweData, deployment: Deployment | None) -> list[Problem]:
    """A data set's default deployment (deployment.yaml) as a whole, by its game's set-up
    rules: both sides placed, the first deploying first, each side's set-up checked (ruling
    G29)."""
    from gm.core.yamlio import line_of
    from gm.games.gwe.rules.exclusive import exclusive_rules
    from gm.games.gwe.state import initial_state
    if deployment is None:
        return []
    game = exclusive_rules(data)
    scenarios = {s.name: s for s in game.scenarios}
    scenario = scenarios.get(deployment.file.scenario)
    if scenario is None:
        return [Problem(str(deployment.path), line_of(deployment.document, ("scenario",)),
                        f"scenario {deployment.file.scenario!r} is not one of {game.title}'s "
                        f"({', '.join(scenarios) or 'none'})")]
    state = initial_state(data, tuple(sorted(scenario.players)))
    # a unit's problem at its line; the line's coverage at the `units` key
    return [Problem(str(deployment.path), line_of(deployment.document, (
        "units", *[u for u in [text.partition(":")[0]] if u in deployment.file.units])), text)
            for text in exclusive_rules(data).deployment_problems(state, data,
                                                                   deployment.hexes)]


def _played(state: GameStateBase) -> tuple[ExclusiveRules, Scenario]:
    """A campaign's game and scenario, by the scenario its state names."""
    return of_scenario(_own(state).scenario)


def _phase_result(played: Played) -> PhaseResult[GameStateBase]:
    """A Phase played as the application takes it: its events, its results, the notes."""
    from gm.core.state import GameStateBase
    from gm.engine.results import Judged, Note
    from gm.engine.sequence import PhaseResult
    timeline: list[TimelineEvent] = [Note(played.phase, text) for text in played.events]
    timeline += [Judged(played.phase, result) for result in played.results]
    timeline += [Note(note.step, note.text) for note in played.notes]
    log = [*played.events, *(note.text for note in played.notes)]
    return PhaseResult[GameStateBase](played.after, list(played.results), log, timeline)


def _in_setup(state: GameStateBase) -> bool:
    return state.stage in {stage.name for stage in GREAT_WAR_IN_THE_EAST.setup_stages}


class GreatWarInTheEast(GameSystem):
    name = "gwe"
    title = TITLE
    playable = True
    scenarios = tuple(scenarios())
    commands = COMMANDS
    setup_stages = setup_stages()

    def history_text(self, action: str, detail: Mapping[str, Any]) -> str | None:
        """A deployment's close with its attrition rolls (26.32); the scenario of the deal."""
        stage = self.setup_stage(command=action)
        if stage is not None and detail.get("events"):
            return f"{stage.closed}; " + "; ".join(str(e) for e in detail["events"])
        if action == "deal" and detail.get("scenario"):
            players = ", ".join(detail.get("players", []))
            return f"the {detail['scenario']} scenario set up for {players}"
        return None


    def default_data_dir(self, scenario: str | None = None) -> Path:
        """The embedded data set: the scenario's game's reconstructed map and counters (issue
        28; ruling G25), which a GM who owns the game replaces with his own folder."""
        game, chosen = of_scenario(scenario)
        folder = chosen.data_set or game.data_set
        if folder is None or not folder.is_dir():
            raise GameError(f"{chosen.title} ({chosen.rule}) ships no data set yet: give your "
                            "own with --data (docs/data-gwe.md)")
        return folder

    def load_data(self, directory: Path | None = None, scenario: str | None = None
                  ) -> DataSet:
        """The data set read, checked and bound to the game its counters name: taken checked
        from the cache when this very one passed before (every command loads it, issue 37);
        else read without line numbers, and again with them only to place its problems."""
        from gm.games.gwe.data.cache import recall, remember
        folder = directory or self.default_data_dir(scenario)
        known = recall(folder)
        if known is not None:  # this very data set passed before: bound to its game again
            data, problems = bound_checked(known)
            if data is not None:
                return data
        from gm.games.gwe.data.checks import check_data_set  # lazy: a cache miss only
        for lined in (False, True):
            data, problems = read_bound(folder, lined=lined)
            problems = problems if data is None else check_data_set(data)
            if data is not None and not problems:
                remember(data)
                return data
        raise DataError(problems)

    def optional_rules(self, scenario: str | None) -> Mapping[str, str]:
        """The optional rules of the scenario's game."""
        return of_scenario(scenario)[0].options

    def with_options(self, data: DataSet, chosen: Sequence[str]) -> DataSet:
        """The optional rules chosen, each one the data set's game offers."""
        from gm.games.gwe.rules.exclusive import exclusive_rules
        own = _data(data)
        game = exclusive_rules(own)
        unknown = sorted(set(chosen) - set(game.options))
        if unknown:
            offered = "; ".join(f"{case}: {what}" for case, what in game.options.items())
            raise GameError(f"{', '.join(unknown)}: not an optional rule of {game.title} "
                            f"(it offers {offered or 'none'})")
        return dataclasses.replace(own, options=frozenset(chosen))

    def setup_problems(self, directory: Path) -> list[Problem]:
        """All `gm data check` says of a GM's data set, its deployment.yaml (26.31) with it."""
        return self.check_data(directory)

    def check_data(self, directory: Path) -> list[Problem]:
        return _checked(directory)[0]

    def checked_data(self, directory: Path) -> tuple[list[Problem], list[Problem]]:
        """The problems, and the provisional chart cells still in use as warnings (ruling G1
        of docs/rulings-gwe.md)."""
        return _checked(directory)

    def data_sources(self, directory: Path) -> list[str]:
        from gm.games.gwe.data.checks import provisional_cells
        from gm.games.gwe.data.sources import listing, not_printed
        data, problems = read_bound(directory, lined=True)
        if data is None:
            raise DataError(problems)
        return listing(not_printed(data), len(provisional_cells(data)))

    def import_data(self, sheets: Path, directory: Path) -> list[Path]:
        """The data set of the GM's CSV files, checked as `gm data check` checks before any of
        it is written: a problem is said at the sheet's row and column (issue 37)."""
        from gm.games.gwe.data.copies import staged_import, write_import
        from gm.games.gwe.data.reading import read_data_set
        from gm.games.gwe.data.sheet_problems import at_sheet
        with staged_import(sheets, directory) as staged:
            problems = _checked(staged.folder)[0]
            if problems:
                data, _ = read_data_set(staged.folder, lined=True)
                docs = (data.docs if data is not None else None) or {}
                raise DataError([at_sheet(p, staged.folder, sheets, docs,
                                          staged.imported.origins) for p in problems])
            return write_import(staged, sheets, directory)

    def export_data(self, directory: Path, sheets: Path) -> list[Path]:
        from gm.games.gwe.data.copies import export_data_set
        return export_data_set(directory, sheets)

    def map_drawing(self, data: DataSet) -> str | None:
        from gm.games.gwe.reports.mapsheet import map_svg
        return map_svg(_data(data))

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
        """`TURN 7 PHASE 1`: a Phase of the Game-Turn (4.0, ruling G17); `PHASE SETUP` while a
        side deploys (26.31)."""
        if _in_setup(state):
            from gm.games.gwe.setup.stages import setup_open_phase
            return setup_open_phase(_own(state), _played(state)[1])
        from gm.games.gwe.grammar.forms import open_phase_of
        return open_phase_of(_in_play(_own(state)))

    def phase_forms(self, state: GameStateBase) -> PhaseForms:
        if _in_setup(state):
            from gm.games.gwe.setup.stages import SETUP_FORMS
            return SETUP_FORMS
        from gm.games.gwe.grammar.forms import phase_forms_of
        _in_play(_own(state))
        return phase_forms_of()

    def parse_orders(self, envelope: Envelope, data: DataSet,
                     max_line_chars: int) -> ParsedMessage[GweOrder]:
        from gm.games.gwe.grammar.messages import parse_orders
        from gm.games.gwe.grammar.names import Names
        return parse_orders(envelope, Names(_data(data)), max_line_chars)

    def order_problems(self, message: ParsedMessage[Any], state: GameStateBase,
                       data: DataSet, player: str) -> list[LineProblem]:
        """Each line judged at once, with its case, as the set-up (26.31) or the Phase will
        judge it (gm.games.gwe.orders.legality; ruling G50)."""
        if _in_setup(state):
            from gm.games.gwe.setup.orders import deploy_problems
            return deploy_problems(message, _own(state), _data(data), player)
        from gm.games.gwe.engine.campaign import refusals
        from orders_grammar.problem import Problem as LineProblem
        own = _in_play(_own(state))
        orders = _orders({player: message.orders})[player]
        return [LineProblem(r.order.line, r.order.column,
                            message.lines.get(r.order.line, r.order.echo()), r.message, None,
                            r.rule) for r in refusals(own, _data(data), player, orders)]

    def order_comment(self, given: order.Order, data: DataSet) -> str:
        return ""

    def awaiting(self, given: order.Order, state: GameStateBase, player: str) -> str | None:
        """A DEFEND or WITHDRAW stands until the player gives another (ruling G25, G52), and
        so do an OVERSTACK and a DISPLACE (ruling G88); a COMMAND leaves the other HQs to the
        default allocation (ruling G13)."""
        from gm.games.gwe.orders.model import Command, Defend, Displace, Overstack, Withdraw
        if isinstance(given, Defend | Withdraw):
            return "stands until you give another for it (rulings G25, G52)"
        if isinstance(given, Overstack | Displace):
            return "stands until you give another for it (ruling G88)"
        if isinstance(given, Command):
            return f"{given.hq} as written; each HQ you write no COMMAND for allocates by " \
                "default (ruling G13)"
        return None

    def order_forms(self) -> str:
        from gm.games.gwe.grammar.forms import order_forms
        return order_forms()

    def mail_words(self) -> MailWords:
        return MailWords(
            phase="TURN <n> PHASE <1-6>        (optional: refused as stale if that Phase is not "
                  "open;\n                              PHASE SETUP: your DEPLOY orders in the "
                  "set-up)",
            units="your units: each on the map with its hex and Steps, and those off it")

    def orders_from_json(self, entries: Sequence[Any]) -> tuple[GweOrder, ...]:
        return tuple(_order_adapter().validate_python(entry) for entry in entries)

    def adjudicate(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                   ) -> tuple[PhaseResult[GameStateBase], GameStateBase]:
        """The open Phase with the campaign's dice; the next one opened, after a Game-Turn's
        last its Record Interphase (4.0 C), after the scenario's last Game-Turn the end."""
        from gm.games.gwe.engine.campaign import play_phase
        played = play_phase(_own(state), _data(data), _orders(orders), dice)
        return _phase_result(played), played.after

    def carry_out(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                  ) -> PhaseResult[GameStateBase]:
        """The open Phase's orders so far, at the table (ruling G77): the results its
        adjudication gives, on the same dice; the Phase left open."""
        from gm.games.gwe.engine.campaign import carry_out
        return _phase_result(carry_out(_in_play(_own(state)), _data(data), _orders(orders),
                                       dice))

    def phasing(self, state: GameStateBase) -> str | None:
        """In play, the Phasing Player of the open Phase (4.0): the table's Phasing Player,
        whose DONE ends it (ruling G77); None in the set-up (ruling G76)."""
        from gm.games.gwe.rules.players import phasing_player
        own = _own(state)
        return phasing_player(own, _played(own)[0]) if own.stage == "play" else None

    def table_words(self) -> TableWords:
        return TABLE_WORDS

    def players_words(self, text: str, data: DataSet) -> str:
        """`<its title> 25.2` for `gwe-<game>:25.2`, as the reports say it."""
        from gm.games.gwe.reports.wording import plain
        from gm.games.gwe.rules.exclusive import exclusive_rules
        return plain(text, exclusive_rules(_data(data)))

    def may_change_shown(self, was: OrderResult, given: order.Order | None, player: str,
                         typed: order.Order) -> bool:
        """A standing order's result, used or replaced as the Phase goes on (ruling G80); a
        unit's move, gone on by its later MOVE, RAIL or DETRAIN line (ruling G81)."""
        from gm.games.gwe.engine.table import may_change
        from gm.games.gwe.orders.model import Order as GweOrder
        if not isinstance(typed, GweOrder) or not isinstance(given, GweOrder | None):
            return False
        return may_change(was, given, player, typed)

    def dice_of_line(self, notes: Sequence[str], typed: order.Order) -> list[str]:
        """The Command Control, entrainment and withdrawal dice of the line's units."""
        from gm.games.gwe.engine.table import dice_of_line
        from gm.games.gwe.orders.model import Order as GweOrder
        return dice_of_line(notes, typed) if isinstance(typed, GweOrder) else []

    def so_far_note(self, state: GameStateBase) -> str:
        """In a Movement Phase, the position so far holds the Attrition Segment's losses."""
        if self.table_phase(state) != "Movement":
            return ""
        return ("(as the Phase's lines so far leave it once the Phase is carried out: the "
                "Attrition Segment's losses (9.22), which come after all movement, included)")

    def table_phase(self, state: GameStateBase) -> str:
        """`Movement`, `Withdrawal`, `Combat`: the open Phase, in the table's prompt."""
        from gm.games.gwe.rules.sequence import PLAYER_TURN
        own = _own(state)
        if own.stage != "play":
            return ""
        name = PLAYER_TURN[(own.phase - 1) % len(PLAYER_TURN)].name
        return "Withdrawal" if "Withdrawal" in name else name

    def with_standing(self, state: GameStateBase, orders: Orders,
                      earlier: Callable[[], Sequence[tuple[str, int, int, Sequence[order.Order]]]]
                      ) -> Orders:
        """The DEFEND and WITHDRAW orders of earlier messages that still stand (G25, G52)."""
        from gm.games.gwe.engine.standing import with_standing
        given = [(p, tuple(o.model_copy(update={"given": f"Game-Turn {turn} Phase {phase}"})
                           for o in _orders({p: tuple(o)})[p]))
                 for p, turn, phase, o in earlier()]
        return with_standing(_orders(orders), given)

    def awaited(self, state: GameStateBase) -> tuple[str, ...]:
        """The Phasing Player of the open Phase alone: the other's standing orders may come in
        any message, and stand (ruling G50); in the set-up, the side deploying (26.31)."""
        from gm.games.gwe.rules.players import phasing_player
        own = _own(state)
        if _in_setup(own):
            from gm.games.gwe.setup.stages import setup_player
            return (setup_player(own, _played(own)[1]),)
        if own.stage != "play":
            return own.players_in_game()
        phasing = phasing_player(own, _played(own)[0])
        return (phasing,) if phasing is not None else ()

    def phase_title(self, state: GameStateBase) -> str:
        if _in_setup(state):
            from gm.games.gwe.setup.stages import setup_title
            return setup_title(_own(state), _played(state)[1])
        from gm.games.gwe.rules.players import phase_title
        return phase_title(_in_play(_own(state)), _played(state)[0])

    def victory_title(self, state: GameStateBase) -> str:
        own = _own(state)
        game, scenario = _played(own)
        total = "" if own.vp is None else f", {game.vp_total} {own.vp}"
        return f"{own.victory or 'No'} victory ({scenario.victory_rule}){total}."

    def final_ranking(self, state: GameStateBase, data: DataSet) -> list[Place]:
        """The players by the level of victory (ruling G53): the points of the side whose
        Victory Point Index the game keeps are the level's (from +3 down to -3), the other's
        their opposite; a Draw ties them."""
        from gm.engine.ranking import placed
        from gm.games.gwe.rules.players import sides_of
        own = _own(state)
        if own.victory is None or own.vp is None:
            return []
        game = _played(own)[0]
        points = game.level_points(own.vp)
        scored = [(p, points if side == game.vp_side else -points)
                  for p, side in sides_of(own, game).items()]
        return placed(sorted(scored, key=lambda item: (-item[1], item[0])))

    def quit_player(self, state: GameStateBase, data: DataSet, player: str) -> GameStateBase:
        raise GameError(f"{TITLE} is a two-player game: a player may not quit it; the GM may "
                        "end the campaign, or another player may take his side")

    def apply_setup_orders(self, state: GameStateBase, data: DataSet, orders: Orders
                           ) -> tuple[GweState, list[SetupResult]]:
        from gm.games.gwe.setup.orders import apply_deploys
        return apply_deploys(_own(state), _data(data), orders)

    def close_setup_stage(self, state: GameStateBase, data: DataSet, dice: Dice
                          ) -> tuple[GweState, list[TimelineEvent]]:
        """A deployment defaulted, checked and its attrition rolled by its game's set-up
        rules; the last closed, play opens."""
        from gm.games.gwe.setup.closing import close_deployment
        return close_deployment(_own(state), _data(data), dice)

    def cases_folder(self) -> Path:
        from gm.games.gwe.cases.coverage import CASES_DIR
        return CASES_DIR

    def run_case(self, path: Path) -> dict[str, Any]:
        from gm.games.gwe.cases import run
        return run.run_case(path, GAMES)

    def check_case(self, path: Path) -> tuple[str, list[str]]:
        from gm.games.gwe.cases import run
        return run.check_case(path, GAMES)

    def case_position(self, path: Path) -> tuple[DataSet, GameStateBase]:
        from gm.games.gwe.cases import load
        _, data, state, _ = load.load_case(path, GAMES)
        return data, state

    def case_rules(self, folder: Path) -> dict[str, list[str]]:
        from gm.games.gwe.cases import coverage
        return coverage.case_rules(folder)

    def rule_coverage(self) -> list[Coverage]:
        from gm.games.gwe.cases.coverage import project_coverage
        return project_coverage(GAMES)

    def report(self, campaign: str, before: GameStateBase | None, after: GameStateBase,
               data: DataSet, events: list[Event], player: str | None = None,
               deadline: str | None = None, names: Mapping[str, str] | None = None,
               sent: Sequence[str] | None = None, drawn: bool = True) -> Report:
        from gm.games.gwe.reports.report import build_report
        return build_report(campaign, None if before is None else _own(before), _own(after),
                            _data(data), events, player, deadline, names, sent, drawn)

    def position_text(self, campaign: str, state: GameStateBase, data: DataSet,
                      province: str | None = None) -> str:
        """The position by hex; `province`: a hex alone (`g1825`)."""
        from gm.games.gwe.reports.position import render_hex, render_position
        if province is not None:
            return render_hex(province, _own(state), _data(data))
        return render_position(campaign, _own(state), _data(data))


GREAT_WAR_IN_THE_EAST = GreatWarInTheEast()
