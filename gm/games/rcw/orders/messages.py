"""An order message against this game's rules: the phase it is for, the orders that break a
rule (as the answer's problems), and the comment each accepted order gets."""

from __future__ import annotations

from gm.engine.results import OrderResult
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.orders.legality import validate_orders
from gm.games.rcw.orders.model import (
    EndGame,
    ExecuteCzar,
    IfExecution,
    IfPurged,
    Losses,
    Order,
    Purge,
    Trade,
)
from gm.games.rcw.state import GameState
from gm.orders import order
from gm.orders.refusal import Refusal
from orders_grammar.message import OpenPhase, PhaseForms
from orders_grammar.problem import Problem


def open_phase_of(state: GameState) -> OpenPhase:
    if state.stage == "trading":
        return OpenPhase(None, "TRADING")
    if state.stage == "deployment":
        return OpenPhase(None, "SETUP")
    return OpenPhase(state.turn, str(state.phase))


PHASE_LINE = ("write `TURN <n> PHASE <1|2>` (in the standard game PHASE is the Player-Turn, 1 "
              "to 6), `PHASE SETUP` or `PHASE TRADING`")
PLAYER_TURNS = tuple(str(n) for n in range(1, 7))  # the standard game's, 4.2: one a player


def phase_forms_of(mode: str) -> PhaseForms:
    """A message's phase line names a phase of the postal game (17.0: 1 or 2), a Player-Turn
    of the standard game (4.2: 1 to 6) or a stage before play, whatever the mode (a phase of
    another is refused as stale); REPORT names one the campaign's mode has (the solitaire
    game's Player-Turns are two, 27.31)."""
    if mode == "standard":
        return PhaseForms(PLAYER_TURNS, ("SETUP", "TRADING"), PLAYER_TURNS, PHASE_LINE,
                          "REPORT TURN <n> PHASE <1-6> (the Player-Turn)")
    return PhaseForms(PLAYER_TURNS, ("SETUP", "TRADING"), ("1", "2"), PHASE_LINE,
                      "REPORT TURN <n> PHASE <1|2>")


def _refusal_problem(refusal: Refusal[Order], lines: dict[int, str]) -> Problem:
    refused = refusal.order
    return Problem(refused.line, refused.column, lines.get(refused.line, refused.echo()),
                   refusal.message, None, refusal.rule)


def result_problem(result: OrderResult, lines: dict[int, str]) -> Problem:
    """An order refused as it would be carried out, as the answer shows a refusal."""
    return Problem(result.line, 1, lines.get(result.line, result.text), result.detail, None,
                   result.rule)


def legality_problems(orders: tuple[Order, ...], lines: dict[int, str], state: GameState,
                      data: GameData, player: str, after_trades: GameState | None = None
                      ) -> list[Problem]:
    """A message's orders (`lines`: each line's text as read) that break a rule: its trades
    judged against `state`, the others against `after_trades` (gm.games.rcw.orders.legality)."""
    return [_refusal_problem(r, lines)
            for r in validate_orders(orders, state, data, player, after_trades)]


def comment(given: order.Order, data: GameData) -> str:
    """The leaders an order names, by name and value: `  # 152 Trotsky (3)`."""
    named = [data.describe(u) for u in given.units_named() if isinstance(u, int)
             and data.is_leader(u)]
    return f"  # {', '.join(named)}" if named else ""


AT_THE_END = "resolved at the end of the Player-Turn"


def awaiting(given: order.Order, state: GameState, player: str) -> str | None:
    """What an order of the standard game that has no result yet when it is given (at the
    table, in the answer to a mail) will do, and when: it stands (issue 26); None for the
    orders carried out as they come, and in the other modes."""
    if state.mode != "standard":
        return None
    if isinstance(given, Losses):
        if player == state.phasing_player():
            return ("stands: it chooses your losses in the Exchanges of your attacks written "
                    "after it, and in later Player-Turns until you give another LOSSES "
                    "(8.44; rulings R58, R74)")
        return ("stands: it chooses your losses if an Exchange of this Player-Turn or a later "
                "one needs them, until you give another LOSSES (8.44, ruling R58)")
    notes: dict[type[Order], str] = {
        Purge: f"stands: {AT_THE_END} (11.0, ruling R54)",
        IfPurged: f"waits: it answers a C result of a Purge of you {AT_THE_END}, and is void "
                  "if none comes (11.24)",
        ExecuteCzar: f"stands: {AT_THE_END} (13.5, ruling R54)",
        IfExecution: f"waits: it answers an execution order {AT_THE_END}, and is void if "
                     "none comes (13.54)",
        EndGame: "stands: counted at the end of the Game-Turn (14.1, ruling R58)",
        Trade: "stands: made when the other side's TRADE comes; fails at the end of the "
               "Player-Turn if none came (17.0, ruling R74)"}
    return next((note for kind, note in notes.items() if isinstance(given, kind)), None)
