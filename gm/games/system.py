"""The seam between the program and a game system: one object per game bundling its data set,
its grammar and order kinds, its modes of play, its state and its reports. The application
(gm/app) works on any campaign through the system its store names (`campaigns.game`); only
the system's own package (gm/games/<system>/) knows its rules and its names.

Each method takes and gives the common types (gm.core.state.GameStateBase, gm.core.data.DataSet,
gm.orders.order.Order); a system checks that what it is given is its own."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from gm.core.data import DataSet, Problem
from gm.core.errors import GameError
from gm.games.declared import AtOnce, GmCommand, MailWords, TableWords

if TYPE_CHECKING:
    from gm.core.dice import Dice
    from gm.core.state import GameStateBase
    from gm.engine.ranking import Place
    from gm.engine.results import OrderResult, SetupResult, TimelineEvent
    from gm.engine.sequence import PhaseResult
    from gm.orders.order import Order
    from gm.reporting.model import Event, Report
    from orders_grammar.message import (  # named in signatures only: a command loads what it calls
        Envelope,
        OpenPhase,
        ParsedMessage,
        PhaseForms,
    )
    from orders_grammar.problem import Problem as LineProblem

Orders = Mapping[str, tuple["Order", ...]]
OrderKind = TypeVar("OrderKind")  # a game's own order kind
DataKind = TypeVar("DataKind")  # a game's own data set kind


def typed_orders(orders: Orders, kind: type[OrderKind]) -> dict[str, tuple[OrderKind, ...]]:
    """Each player's orders as the game's own order kind; GameError for another game's."""
    typed: dict[str, tuple[OrderKind, ...]] = {}
    for player, given in orders.items():
        if not all(isinstance(o, kind) for o in given):
            raise GameError(f"orders of another game given for player {player}")
        typed[player] = tuple(o for o in given if isinstance(o, kind))
    return typed


def typed_data(data: DataSet, kind: type[DataKind], title: str) -> DataKind:
    """The data set as the game's own kind; GameError for another game's."""
    if not isinstance(data, kind):
        raise GameError(f"a data set of another game given to {title}")
    return data


class CaseError(GameError):
    """An adjudication case that cannot be read as docs/cases.md says."""


class CaseFailed(GameError):
    """A case that ran but cannot be completed as written (its dice, draws, recipients)."""


@dataclass(frozen=True)
class RuleCase:
    """A rule case of the game's rulebook: `5.27`, and its title."""

    id: str
    title: str


@dataclass
class Coverage:
    """A rule case and what names it: adjudication cases, tests, or a ruling that the game's
    modes do not use it."""

    rule: RuleCase
    cases: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    excluded: str | None = None
    part: str = ""  # the part of the rulebook it is in, where a game's has parts

    @property
    def named(self) -> bool:
        return bool(self.cases or self.tests)


@dataclass(frozen=True)
class SetupStage:
    """A stage of a game's set-up as the application names it: the GM's command that closes
    it (and the history action that close records), and the words for it."""

    name: str  # as the state's `stage` keeps it
    command: str  # `gm <command>` closes it: the history's action too
    closed: str  # what the history says of its close
    not_open: str  # the refusal when it is not the stage open
    awaiting: str  # what `gm status` tells the GM while it is open
    done: str = ""  # what its command prints once it is closed
    verifiable: bool = False  # its close rolls dice committed to and verified as a phase's


class GameSystem(ABC):
    name: str  # as campaigns.game keeps it: "rcw"
    title: str  # "Russian Civil War 1918-1922"
    setup_stages: tuple[SetupStage, ...] = ()  # the stages before play, in order
    players: tuple[int, int] = (2, 2)  # how many players the game is designed for
    players_rule: str = ""  # the rule case that says so
    modes: tuple[str, ...] = ("postal",)  # the ways it may be played; the first by default
    quit_rule: str = ""  # the rule case by which a player leaves the game, if one may
    playable: bool = True  # False: a game still being built, whose data set alone is checked
    unused_as: str = "not used by this program"  # how coverage lists a rule case ruled out
    commands: tuple[GmCommand, ...] = ()  # the GM's commands of the game's own (`gm trade`)
    at_once: AtOnce | None = None  # what the GM may resolve mid-phase (resolve_now)
    scenarios: tuple[str, ...] = ()  # the scenarios a campaign may be made for; the first
    #                                  by default (none: the game is one scenario)

    def setup_stage(self, *, name: str | None = None, command: str | None = None
                    ) -> SetupStage | None:
        """The set-up stage of that name, or that `gm <command>` closes; None: no such."""
        return next((s for s in self.setup_stages if name in (None, s.name) and
                     command in (None, s.command)), None)

    def history_text(self, action: str, detail: Mapping[str, Any]) -> str | None:
        """`gm history`'s words for an entry of the game's own (its deal, its set-up's
        actions); None: the application's for any game."""
        return None

    def player_count(self, mode: str | None) -> tuple[int, int]:
        """How many players a mode of the game is designed for (`players` unless it says)."""
        return self.players

    # the data set
    @abstractmethod
    def default_data_dir(self, scenario: str | None = None) -> Path:
        """The embedded data set's folder (of the scenario's game, where a system has
        several)."""

    @abstractmethod
    def load_data(self, directory: Path | None = None, scenario: str | None = None
                  ) -> DataSet:
        """The data set the program runs on (the embedded one of the scenario when None);
        DataError if any check fails."""

    def optional_rules(self, scenario: str | None) -> Mapping[str, str]:
        """The optional rules a campaign of the scenario may play: case -> what it does."""
        return {}

    def with_options(self, data: DataSet, chosen: Sequence[str]) -> DataSet:
        """The data set with the optional rules a campaign plays (its campaign.toml's
        `optional_rules`); GameError for one its game does not offer."""
        if chosen:
            raise GameError(f"{self.title} has no optional rules to choose ({', '.join(chosen)})")
        return data

    @abstractmethod
    def check_data(self, directory: Path) -> list[Problem]:
        """Everything `gm data check` reports for a folder, each at its file and line."""

    def setup_problems(self, directory: Path) -> list[Problem]:
        """What in a GM's data set its scenario's set-up refuses (checked at `gm new --data`,
        beyond what loading the data checks); none by default."""
        return []

    def checked_data(self, directory: Path) -> tuple[list[Problem], list[Problem]]:
        """All `gm data check` says of a folder, its files read once: the problems, then what
        it warns of without failing (provisional cells); no warnings by default."""
        return self.check_data(directory), []

    def data_sources(self, directory: Path) -> list[str]:
        """What of a data set is not the printed game (`gm data check --list-reconstructed`):
        counts by kind, then each item at its file and line."""
        raise NotInThisGame(f"{self.title} does not list its data set's sources")

    def import_data(self, sheets: Path, directory: Path) -> list[Path]:
        """`gm data import`: a data set written in `directory` from the GM's own files
        (CSV) in `sheets`; the files written. DataError if a row cannot be read."""
        raise NotInThisGame(f"{self.title} imports no data set")

    def export_data(self, directory: Path, sheets: Path) -> list[Path]:
        """`gm data export`: a data set written as the files `import_data` reads."""
        raise NotInThisGame(f"{self.title} exports no data set")

    def map_drawing(self, data: DataSet) -> str | None:
        """`gm data map`: the map drawn (SVG); None: the game prints a summary instead."""
        return None

    def derive_map_areas(self, directory: Path) -> str:
        """`gm data areas`: derive the drawn map's areas of a data set; what was written."""
        raise NotInThisGame("this game system draws no map areas")

    @abstractmethod
    def map_document(self, data: DataSet) -> dict[str, Any]:
        """The map as `gm data map --json` prints it."""

    @abstractmethod
    def map_summary(self, data: DataSet) -> str:
        """The map in words, as `gm data map` prints it."""

    @abstractmethod
    def counters_document(self, data: DataSet) -> dict[str, Any]:
        """The counters as `gm data counters --json` prints them."""

    # the state
    @abstractmethod
    def state_from_json(self, text: str | bytes) -> GameStateBase:
        """A stored state of this game."""

    @abstractmethod
    def new_game(self, data: DataSet, players: Sequence[str], dice: Dice,
                 mode: str | None = None, scenario: str | None = None) -> GameStateBase:
        """The state of a new game for these players, dealt (its first set-up stage), to be
        played in `mode` (one of `modes`; None: the first), of `scenario` (one of
        `scenarios`; None: the first, if it has any)."""

    # orders
    @abstractmethod
    def open_phase(self, state: GameStateBase) -> OpenPhase:
        """The phase orders are taken for now, as a message names it."""

    @abstractmethod
    def phase_forms(self, state: GameStateBase) -> PhaseForms:
        """The phases a message may name in this game as it stands (its mode's): on its phase
        line, and in REPORT TURN n PHASE p."""

    @abstractmethod
    def parse_orders(self, envelope: Envelope, data: DataSet,
                     max_line_chars: int) -> ParsedMessage[Order]:
        """The envelope's order lines read with this game's grammar."""

    @abstractmethod
    def order_problems(self, message: ParsedMessage[Any], state: GameStateBase,
                       data: DataSet, player: str) -> list[LineProblem]:
        """The orders of a player's message that break a rule, as his answer shows them."""

    @abstractmethod
    def order_comment(self, order: Order, data: DataSet) -> str:
        """What the answer adds after an accepted order (the leaders it names)."""

    def awaiting(self, order: Order, state: GameStateBase, player: str) -> str | None:
        """What an accepted order that has no result yet (one resolved at the Player-Turn's
        end, one that stands for a later one) will do, and when: said at the table and in
        the answer to a mail alike; None: nothing to say."""
        return None

    @abstractmethod
    def order_forms(self) -> str:
        """Every form of order, one example a line with its comment, as HELP sends them."""

    @abstractmethod
    def orders_from_json(self, entries: Sequence[Any]) -> tuple[Order, ...]:
        """Orders as the store keeps them (`model_dump(mode="json")`), typed again."""

    # play
    @abstractmethod
    def adjudicate(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                   ) -> tuple[PhaseResult[GameStateBase], GameStateBase]:
        """The open phase adjudicated: its result, and the state the campaign goes on from."""

    def with_standing(self, state: GameStateBase, orders: Orders,
                      earlier: Callable[[], Sequence[tuple[str, int, int, Sequence[Order]]]]
                      ) -> Orders:
        """Each player's orders for the open phase, with those he gave in earlier phases that
        still stand now (`earlier`: reads each message's player, Game-Turn, phase and orders, oldest
        first, when called). A game whose every phase takes its own orders has none."""
        return orders

    def mail_words(self) -> MailWords:
        """The game's words in the answer to HELP by mail."""
        return MailWords()

    def table_words(self) -> TableWords:
        """What the table's HELP says of the game: an example order, a bystander's orders."""
        return TableWords()

    def players_words(self, text: str, data: DataSet) -> str:
        """What the rules code writes in its own codes, as a player's report says it (the
        table's answers; `data`: the campaign's data set, whose game it is); the text itself
        by default."""
        return text

    def may_change_shown(self, was: OrderResult, given: Order | None, player: str, typed: Order
                         ) -> bool:
        """Whether player `player`'s line `typed` may change a result shown already at the
        table (`was`, of the order `given` if known): never, by default (ruling R74)."""
        return False

    def dice_of_line(self, notes: Sequence[str], typed: Order) -> list[str]:
        """Of the period's notes so far, the dice that decided the line `typed` (shown with its
        result at the table): none apart from its result, by default."""
        return []

    def so_far_note(self, state: GameStateBase) -> str:
        """What SHOW and UNITS at the table say of the position so far, if it holds more than
        the lines typed (the period's end steps): nothing, by default."""
        return ""

    def table_phase(self, state: GameStateBase) -> str:
        """The open Phase in a word, for the table's prompt (`E Movement> `) in a game whose
        table plays Phase by Phase; empty: a Player-Turn at a time."""
        return ""

    def resolve_now(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                    ) -> PhaseResult[GameStateBase]:
        """What the GM may resolve in the middle of a phase (what a game's rules resolve "at
        once when the GM says"); only a mode that allows it has it."""
        raise GameError(f"{self.title} has nothing to resolve before the phase's end")

    def phasing(self, state: GameStateBase) -> str | None:
        """The player whose turn is under way, in a mode where one acts at a time (the
        standard game's Phasing Player); None when all give orders together."""
        return None

    def awaited(self, state: GameStateBase) -> tuple[str, ...]:
        """The players whose orders the open phase waits for (reminders, STATUS)."""
        phasing = self.phasing(state)
        return (phasing,) if phasing is not None else state.players_in_game()

    def carry_out(self, state: GameStateBase, data: DataSet, orders: Orders, dice: Dice
                  ) -> PhaseResult[GameStateBase]:
        """The orders of a Player-Turn so far carried out (a game played at the table, one
        order at a time); only a system with such a mode has it."""
        raise GameError(f"{self.title} is not played one Player-Turn at a time")

    @abstractmethod
    def phase_title(self, state: GameStateBase) -> str:
        """Where the game stands, in words: `Game-Turn 3, First Phase`."""

    def phase_label(self, state: GameStateBase) -> str:
        """Where the game stands in a few characters, for `gm history`: `T3P1`."""
        return f"T{state.turn}P{state.phase}"

    def period(self, state: GameStateBase) -> str:
        """What one adjudication is called in this game's mode, in the GM's and the players'
        messages: `phase`, or `Player-Turn` in a game played one Player-Turn at a time."""
        return "phase"

    @abstractmethod
    def victory_title(self, state: GameStateBase) -> str:
        """Who won and how the points are counted, once the game has ended."""

    @abstractmethod
    def final_ranking(self, state: GameStateBase, data: DataSet) -> list[Place]:
        """Once the game has ended: the players by their points, best first, each with his
        place (equal points share one, shown as tied)."""

    def standings(self, state: GameStateBase, data: DataSet) -> dict[str, list[Place]]:
        """While the game goes on: per way it may end, the players as they would be ranked if
        it ended so now; empty for a game without such points."""
        return {}

    @abstractmethod
    def quit_player(self, state: GameStateBase, data: DataSet, player: str) -> GameStateBase:
        """A player's leaving recorded by the GM outside any phase."""

    # set-up
    @abstractmethod
    def apply_setup_orders(self, state: GameStateBase, data: DataSet, orders: Orders
                           ) -> tuple[GameStateBase, list[SetupResult]]:
        """The accepted orders of the open set-up stage, carried out."""

    @abstractmethod
    def close_setup_stage(self, state: GameStateBase, data: DataSet, dice: Dice
                          ) -> tuple[GameStateBase, list[TimelineEvent]]:
        """The open set-up stage closed; the next stage, or play, opens; and what happened as
        it opened (a Player-Turn's Random Events, in a mode that rolls them first)."""

    def record_trade(self, state: GameStateBase, data: DataSet, giver: str, receiver: str,
                     gives: Sequence[str], takes: Sequence[str]) -> GameStateBase:
        """A trade of a trading session, agreed by both players (`gm trade`)."""
        raise NotInThisGame(f"{self.title} has no trading session")

    def record_deployment(self, state: GameStateBase, data: DataSet, player: str,
                          words: Sequence[str]) -> GameStateBase:
        """A player's chosen stack for a deployment (`gm deploy`), as the GM typed it."""
        raise NotInThisGame(f"{self.title} has no deployment by the players")

    def clear_deployment(self, state: GameStateBase, player: str) -> GameStateBase:
        raise NotInThisGame(f"{self.title} has no deployment by the players")

    def deployed_by_gm(self, state: GameStateBase) -> frozenset[str]:
        """The players whose deployment the GM has recorded (`gm deploy`): in, as if mailed."""
        return frozenset()

    # adjudication cases (docs/cases.md) and what names each rule case
    def cases_folder(self) -> Path:
        """Where this checkout keeps the game's adjudication cases."""
        raise NotInThisGame(f"{self.title} has no adjudication cases")

    def run_case(self, path: Path) -> dict[str, Any]:
        """A case's phase adjudicated: the outcome as the JSON object of cases.md."""
        raise NotInThisGame(f"{self.title} has no adjudication cases")

    def check_case(self, path: Path) -> tuple[str, list[str]]:
        """A case run and compared with its `expect:`: its title and the differences."""
        raise NotInThisGame(f"{self.title} has no adjudication cases")

    def case_position(self, path: Path) -> tuple[DataSet, GameStateBase]:
        """The data set and the state of a case, to check order messages against."""
        raise NotInThisGame(f"{self.title} has no adjudication cases")

    def case_rules(self, folder: Path) -> dict[str, list[str]]:
        """Each case file's name -> the rule cases its `rules:` tag names."""
        raise NotInThisGame(f"{self.title} has no adjudication cases")

    def rule_coverage(self) -> list[Coverage]:
        """Every rule case in scope, with the cases and tests that name it."""
        raise NotInThisGame(f"{self.title} has no list of its rule cases")

    # reports
    @abstractmethod
    def report(self, campaign: str, before: GameStateBase | None, after: GameStateBase,
               data: DataSet, events: list[Event], player: str | None = None,
               deadline: str | None = None, names: Mapping[str, str] | None = None,
               sent: Sequence[str] | None = None, drawn: bool = True) -> Report:
        """The report model of what led from `before` to `after` (of `after` alone when
        None), for the GM or one player; `names`: the players' names; `sent`: the players
        whose orders the phase reported was adjudicated with; `drawn`: with the map (HTML and
        PNG only). Its dice line is the application's to fill (gm.app.reports.with_dice)."""

    @abstractmethod
    def position_text(self, campaign: str, state: GameStateBase, data: DataSet,
                      province: str | None = None) -> str:
        """The position as `gm show` prints it; `province` (a code or a name): that
        province's stacks alone (SHOW at the table)."""

    def pending(self, state: GameStateBase) -> list[str]:
        """What the position carries forward or waits for (an order standing open for a
        player's answer, say), as `gm show` lists it: the table's STATUS shows it too."""
        return []

    def opened_with(self, events: Sequence[Event]) -> list[Event]:
        """What of an adjudication's events opened the phase it leaves open (the next
        Player-Turn's Random Events, say): shown as play resumes on it."""
        return []


class NotInThisGame(GameError):
    """An operation the game system has no rule for (a trading session, say)."""
