"""Russian Civil War 1918-1922 as a game system (gm.games.system): its data set, grammar,
orders, postal mode, state and reports, behind the one interface the application uses."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gm.core.data import DataSet, Problem
from gm.core.errors import GameError
from gm.games.declared import AtOnce, TableWords
from gm.games.rcw.commands import AT_ONCE, COMMANDS, TABLE_WORDS, TITLE
from gm.games.system import Coverage, GameSystem, Orders, SetupStage, typed_data, typed_orders

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from gm.core.dice import Dice
    from gm.core.state import GameStateBase
    from gm.engine.ranking import Place
    from gm.engine.results import SetupResult, TimelineEvent
    from gm.engine.sequence import PhaseResult
    from gm.games.rcw.data.dataset import GameData
    from gm.games.rcw.grammar.names import Names
    from gm.games.rcw.orders.model import AnyOrder, Order
    from gm.games.rcw.state import GameState
    from gm.orders import order
    from gm.reporting.model import Event, Report
    from orders_grammar.message import Envelope, OpenPhase, ParsedMessage, PhaseForms
    from orders_grammar.problem import Problem as LineProblem

# This facade loads each part of the game when it is first asked for (docs/architecture.md):
# a command pays only for the parts it uses.


@cache
def _order_adapter() -> TypeAdapter[AnyOrder]:
    from pydantic import TypeAdapter

    from gm.games.rcw.orders.model import AnyOrder
    return TypeAdapter(AnyOrder)


def _own(state: GameStateBase) -> GameState:
    from gm.games.rcw.state import GameState
    if not isinstance(state, GameState):
        raise GameError(f"a state of game {state.game!r} given to Russian Civil War")
    return state


def _data(data: DataSet) -> GameData:
    from gm.games.rcw.data.dataset import GameData
    return typed_data(data, GameData, "Russian Civil War")


def _orders(orders: Orders) -> dict[str, tuple[Order, ...]]:
    from gm.games.rcw.orders.model import Order
    return typed_orders(orders, Order)


class RussianCivilWar(GameSystem):
    name = "rcw"
    title = TITLE
    setup_stages = (
        SetupStage("trading", "end-trading", "the trading session ended (15.34)",
                   "the trading session is over",
                   "gm end-trading (when the trading session is over)",
                   "trading session ended; combat and Imperial units deployed"),
        SetupStage("deployment", "start",
                   "the game started: its set-up closed, its first turn opened",
                   "the game can start after the trading session, once (15.5)",
                   "gm start (when the deployments are in)"))
    players = (3, 6)
    players_rule = "15.21"
    modes = ("postal", "standard", "solitaire")  # 17.0's Phases; 4.2's Player-Turns; 19.2
    quit_rule = "14.2"
    unused_as = "not used in the postal game"  # docs/rulings.md's table of them
    commands = COMMANDS
    at_once: AtOnce | None = AT_ONCE

    def __init__(self) -> None:
        self._names: dict[int, tuple[GameData, Names]] = {}

    def history_text(self, action: str, detail: Mapping[str, Any]) -> str | None:
        from gm.games.rcw.setup.history import history_text
        return history_text(action, detail)

    def player_count(self, mode: str | None) -> tuple[int, int]:
        """The solitaire game has one player, Red (18.0)."""
        return (1, 1) if mode == "solitaire" else self.players

    def names(self, data: GameData) -> Names:
        """The names of units and provinces of a data set, built once per data set."""
        from gm.games.rcw.grammar.names import Names
        known = self._names.get(id(data))
        if known is None or known[0] is not data:
            known = (data, Names(data))
            self._names[id(data)] = known
        return known[1]

    def default_data_dir(self, scenario: str | None = None) -> Path:
        from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
        return DEFAULT_DATA_DIR

    def load_data(self, directory: Path | None = None, scenario: str | None = None
                  ) -> GameData:
        from gm.games.rcw.data.load import load_game_data
        return load_game_data(directory)

    def check_data(self, directory: Path) -> list[Problem]:
        from gm.games.rcw.data.checks import check_directory
        return check_directory(directory)

    def derive_map_areas(self, directory: Path) -> str:
        from gm.games.rcw.data.derive_areas import derive_from_folder  # GEOS: only here
        return derive_from_folder(directory)

    def map_document(self, data: DataSet) -> dict[str, Any]:
        from gm.games.rcw.data import describe
        return describe.map_document(_data(data))

    def map_summary(self, data: DataSet) -> str:
        from gm.games.rcw.data import describe
        return describe.map_summary(_data(data))

    def counters_document(self, data: DataSet) -> dict[str, Any]:
        from gm.games.rcw.data import describe
        return describe.counters_document(_data(data))

    def state_from_json(self, text: str | bytes) -> GameState:
        from gm.games.rcw.state import GameState
        return GameState.from_json(text)

    def new_game(self, data: DataSet, players: Sequence[str], dice: Dice,
                 mode: str | None = None, scenario: str | None = None) -> GameState:
        from gm.games.rcw.setup import deal
        if mode not in (None, *self.modes):
            raise GameError(f"Russian Civil War is played {' or '.join(self.modes)}, not {mode}")
        if mode == "solitaire":
            from gm.games.rcw.setup import solitaire
            return solitaire.new_game(_data(data), list(players))
        return deal.new_game(_data(data), list(players), dice,
                             "standard" if mode == "standard" else "postal")

    def open_phase(self, state: GameStateBase) -> OpenPhase:
        from gm.games.rcw.orders.messages import open_phase_of
        return open_phase_of(_own(state))

    def phase_forms(self, state: GameStateBase) -> PhaseForms:
        from gm.games.rcw.orders.messages import phase_forms_of
        return phase_forms_of(_own(state).mode)

    def parse_orders(self, envelope: Envelope, data: DataSet,
                     max_line_chars: int) -> ParsedMessage[Order]:
        from gm.games.rcw.grammar.messages import parse_orders
        return parse_orders(envelope, self.names(_data(data)), max_line_chars)

    def order_problems(self, message: ParsedMessage[Any], state: GameStateBase,
                       data: DataSet, player: str) -> list[LineProblem]:
        """Legality as 17.0 [4.2] orders it: the trades against the start of the phase, the
        other orders against the position the player's own trades leave (ruling R16)."""
        from gm.games.rcw.engine.trades import after_own_trades
        from gm.games.rcw.orders.legality import TRADES
        from gm.games.rcw.orders.messages import legality_problems, result_problem
        own, game_data = _own(state), _data(data)
        orders = _orders({player: message.orders})[player]
        # trades alone are judged against the start: no position after them is needed
        after = after_own_trades(own, game_data, player, orders) if any(
            o.kind not in TRADES for o in orders) else own
        problems = legality_problems(orders, message.lines, own, game_data, player, after)
        if player != own.phasing_player():
            return problems
        # The standard game's Phasing Player: his moves, assassinations, attacks and trades
        # judged as they come, on the position his orders before them leave (rulings R57,
        # R74); in the solitaire game after the leaders he deploys (24.11).
        from gm.games.rcw.engine import solitaire, standard
        from gm.games.rcw.orders.legality import PHASING_ONLY
        acting = {*PHASING_ONLY, "give", "trade"}
        kinds = {o.line: o.kind for o in orders}
        judge = solitaire if own.mode == "solitaire" else standard
        in_turn = judge.refused_in_sequence(own, game_data, player, orders)
        return sorted([p for p in problems if kinds.get(p.line) not in acting] +
                      [result_problem(r, message.lines) for r in in_turn
                       if kinds.get(r.line) in acting], key=lambda p: (p.line, p.column))

    def order_forms(self) -> str:
        return (Path(__file__).parent / "grammar" / "forms.txt").read_text(encoding="utf-8")

    def order_comment(self, given: order.Order, data: DataSet) -> str:
        from gm.games.rcw.orders.messages import comment
        return comment(given, _data(data))

    def awaiting(self, given: order.Order, state: GameStateBase, player: str) -> str | None:
        from gm.games.rcw.orders.messages import awaiting
        return awaiting(given, _own(state), player)

    def orders_from_json(self, entries: Sequence[Any]) -> tuple[Order, ...]:
        return tuple(_order_adapter().validate_python(entry) for entry in entries)

    def adjudicate(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                   ) -> tuple[PhaseResult[GameStateBase], GameStateBase]:
        from gm.core.state import GameStateBase
        from gm.engine.sequence import PhaseResult
        from gm.games.rcw.engine import postal, solitaire, standard
        own = _own(state)
        if own.mode in ("standard", "solitaire"):
            mode = standard if own.mode == "standard" else solitaire
            result = mode.adjudicate(own, _data(data), _orders(orders), dice)
            return PhaseResult[GameStateBase](result.state, result.results, result.log,
                                              result.timeline, result.decisions), result.state
        result, after = postal.adjudicate_phase(own, _data(data), _orders(orders), dice)
        return PhaseResult[GameStateBase](result.state, result.results, result.log,
                                          result.timeline), after

    def with_standing(self, state: GameStateBase, orders: Orders,
                      earlier: Callable[[], Sequence[tuple[str, int, int, Sequence[order.Order]]]]
                      ) -> Orders:
        """In the standard game a player's latest LOSSES stands until he gives another (he
        is attacked in other players' Player-Turns), and his END GAME until the end of its
        Game-Turn, when 14.1 counts the agreement (ruling R58)."""
        from gm.games.rcw.engine.standing import merged, standing_orders
        own = _own(state)
        if own.mode != "standard":
            return orders
        given = [(p, turn, _orders({p: tuple(o)})[p]) for p, turn, _, o in earlier()]
        return dict(merged(own, _orders(orders), standing_orders(own, given)))

    def table_words(self) -> TableWords:
        return TABLE_WORDS

    def resolve_now(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                    ) -> PhaseResult[GameStateBase]:
        from gm.core.state import GameStateBase
        from gm.engine.sequence import PhaseResult
        from gm.games.rcw.engine import standard
        own = _own(state)
        if own.phasing_player() is None or own.mode != "standard":
            raise GameError("Purges are resolved at once only in a Player-Turn of the standard "
                            "game; in the postal game they come in their phase (17.0 [4.2])")
        result = standard.purges_now(own, _data(data), _orders(orders), dice)
        return PhaseResult[GameStateBase](result.state, result.results, result.log,
                                          result.timeline, result.decisions)

    def phasing(self, state: GameStateBase) -> str | None:
        """The Phasing Player of the standard game (4.1) and of the solitaire one (19.2):
        the program plays the non-Red Player, so that play waits only for Red."""
        return _own(state).phasing_player()

    def carry_out(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                  ) -> PhaseResult[GameStateBase]:
        from gm.core.state import GameStateBase
        from gm.engine.sequence import PhaseResult
        from gm.games.rcw.engine import solitaire, standard
        own = _own(state)
        if own.phasing_player() is None:
            raise GameError("no Player-Turn of the standard or solitaire game is under way")
        mode = solitaire if own.mode == "solitaire" else standard
        result = mode.carry_out(own, _data(data), _orders(orders), dice)
        return PhaseResult[GameStateBase](result.state, result.results, result.log,
                                          result.timeline, result.decisions)

    def phase_title(self, state: GameStateBase) -> str:
        from gm.games.rcw.reports.phases import phase_name
        return phase_name(_own(state))

    def phase_label(self, state: GameStateBase) -> str:
        own = _own(state)
        phasing = own.phasing_player()  # a Player-Turn of the standard or solitaire game
        return f"T{own.turn} PT{own.phase} {phasing}" if phasing else super().phase_label(own)

    def period(self, state: GameStateBase) -> str:
        return "phase" if _own(state).mode == "postal" else "Player-Turn"  # 17.0; 4.2, 19.2

    def victory_title(self, state: GameStateBase) -> str:
        own = _own(state)
        if own.mode == "solitaire":
            return f"{(own.victory or 'no result').capitalize()} (28.0)."
        winner = own.victory.capitalize() if own.victory else "No"
        return f"{winner} victory (14.1). Victory Points (14.4):"

    def final_ranking(self, state: GameStateBase, data: DataSet) -> list[Place]:
        from gm.games.rcw.rules.victory import ranking, victory_points
        own = _own(state)
        if own.victory not in ("red", "white"):  # the solitaire game has no points (28.0)
            return []
        return ranking(victory_points(own, _data(data), own.victory))

    def standings(self, state: GameStateBase, data: DataSet) -> dict[str, list[Place]]:
        """The Victory Points of each colour if the game ended now with its victory (14.4);
        none in the solitaire game (28.0)."""
        from gm.games.rcw.rules.victory import ranking, victory_points
        own = _own(state)
        if own.mode == "solitaire":
            return {}
        return {f"{colour.capitalize()} victory": ranking(victory_points(own, _data(data),
                                                                         colour))
                for colour in ("red", "white")}

    def quit_player(self, state: GameStateBase, data: DataSet, player: str) -> GameState:
        from gm.games.rcw.engine import quitting
        return quitting.quit_player(_own(state), _data(data), player)

    def apply_setup_orders(self, state: GameStateBase, data: DataSet, orders: Orders
                           ) -> tuple[GameState, list[SetupResult]]:
        from gm.games.rcw.setup import pregame
        return pregame.apply_pregame(_own(state), _data(data), _orders(orders))

    def close_setup_stage(self, state: GameStateBase, data: DataSet, dice: Dice
                          ) -> tuple[GameState, list[TimelineEvent]]:
        """The trading session ends (15.34); or the deployment does, and Game-Turn 1 opens
        (15.5, 15.62), in the standard game with its first Player-Turn's Random Events."""
        from gm.games.rcw.setup import deployment, trading
        own = _own(state)
        if own.stage == "trading":
            return trading.end_trading(own, _data(data)), []
        if own.stage == "deployment":
            if own.mode == "solitaire":  # Game-Turn 1, its non-Red Player-Turn (27.3)
                from gm.games.rcw.engine import solitaire
                begun = solitaire.begin(own, _data(data), dice)
                return begun.state, begun.timeline
            started = deployment.finish_deployment(own, _data(data), dice)
            if started.mode == "standard":  # the first Player-Turn's Random Events (4.2 A)
                from gm.games.rcw.engine import standard
                opened = standard.begin(started, _data(data), dice)
                return opened.state, opened.timeline
            return started, []
        raise GameError("the set-up is over")

    def record_trade(self, state: GameStateBase, data: DataSet, giver: str, receiver: str,
                     gives: Sequence[str], takes: Sequence[str]) -> GameState:
        """15.33: items are leaders (number or name), POLITBURO or ASSASSIN."""
        from gm.games.rcw.data.names import resolve_unit
        from gm.games.rcw.setup import trading
        game_data = _data(data)

        def items(raw: Sequence[str]) -> list[str]:
            return [t.upper() if t.upper() in trading.MARKERS else
                    str(resolve_unit(t, game_data)) for t in raw]

        return trading.trade(_own(state), game_data, giver, receiver, items(gives), items(takes))

    def record_deployment(self, state: GameStateBase, data: DataSet, player: str,
                          words: Sequence[str]) -> GameState:
        """`UNIT ... IN PROVINCE`, top to bottom (15.5, 7.21)."""
        from gm.games.rcw.data.names import resolve_province, resolve_unit
        from gm.games.rcw.setup import deployment
        game_data = _data(data)
        if len(words) < 3 or words[-2].upper() != "IN":
            raise GameError("write the stack as: UNIT ... IN PROVINCE")
        province = resolve_province(words[-1], game_data)
        units = [resolve_unit(w, game_data) for w in words[:-2]]
        if any(isinstance(u, str) for u in units):
            raise GameError("the Czar and the Gold deploy by 13.0, not by order")
        return deployment.record_deploy(_own(state), game_data, player, province,
                                        [int(u) for u in units])

    def clear_deployment(self, state: GameStateBase, player: str) -> GameState:
        from gm.games.rcw.setup import deployment
        return deployment.clear_deploy(_own(state), player)

    def deployed_by_gm(self, state: GameStateBase) -> frozenset[str]:
        own = _own(state)
        return frozenset(o.player for o in own.deploy_orders) if own.stage == "deployment" \
            else frozenset()

    def cases_folder(self) -> Path:
        from gm.games.rcw.cases import coverage
        return coverage.CASES_DIR

    def run_case(self, path: Path) -> dict[str, Any]:
        from gm.games.rcw.cases import run
        return run.run_case(path)

    def check_case(self, path: Path) -> tuple[str, list[str]]:
        from gm.games.rcw.cases import load, run
        case = load.load_case(path)[0]
        return case.case, run.compare(case.expect, run.run_case(path))

    def case_position(self, path: Path) -> tuple[GameData, GameState]:
        from gm.games.rcw.cases import load
        _, data, state = load.load_case(path)
        return data, state

    def case_rules(self, folder: Path) -> dict[str, list[str]]:
        from gm.games.rcw.cases import coverage
        return coverage.case_rules(folder)

    def rule_coverage(self) -> list[Coverage]:
        from gm.games.rcw.cases import coverage
        return coverage.project_coverage()

    def report(self, campaign: str, before: GameStateBase | None, after: GameStateBase,
               data: DataSet, events: list[Event], player: str | None = None,
               deadline: str | None = None, names: Mapping[str, str] | None = None,
               sent: Sequence[str] | None = None, drawn: bool = True) -> Report:
        from gm.games.rcw.reports.build import build_report
        return build_report(campaign, None if before is None else _own(before), _own(after),
                            _data(data), events, player, deadline, names, sent, drawn)

    def position_text(self, campaign: str, state: GameStateBase, data: DataSet,
                      province: str | None = None) -> str:
        from gm.games.rcw.reports.position import render_position, render_province
        if province is not None:
            return render_province(province, _own(state), _data(data))
        return render_position(campaign, _own(state), _data(data))

    def pending(self, state: GameStateBase) -> list[str]:
        from gm.games.rcw.reports.position import pending_notes
        return pending_notes(_own(state))

    def opened_with(self, events: Sequence[Event]) -> list[Event]:
        """The standard game rolls a Player-Turn's Random Events as the one before it is
        adjudicated (4.2 A), so that its Phasing Player sees them before he orders."""
        from gm.games.rcw.engine.standard import OPENING_STEP
        return [e for e in events if e.step.startswith(OPENING_STEP)]


RUSSIAN_CIVIL_WAR = RussianCivilWar()
