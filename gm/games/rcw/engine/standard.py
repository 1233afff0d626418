"""The standard game's sequence of play (4.2) as data: a Game-Turn is a series of Player-Turns,
each for one Phasing Player (Random Events, Movement, Combat, Randomizer), then the Game-Turn
Interphase (Replacements, the end-of-Game-Turn check, Player-Turn Sequencing).

One adjudication is one Player-Turn (`state.phase`: its place in `state.sequence`, kept when
a player quits, ruling R76), whose Random Events Phase was rolled when it opened, so that the
Phasing Player sees them before he writes his orders. His orders are carried out one after
another on the live position, in the order he wrote them (rulings R57, R74): each force moves
alone (5.1, 5.25) and stops where another colour stands as it enters (5.27), an assassination
is attempted against where the leaders stand at that moment (10.0, 10.13), his trades, STEAL
and LOSSES take effect at their line, attacks follow in his sequence (8.0) and the first legal
one ends his movement (5.11); every order is judged legal or not against the position as it
stands when its turn comes. Only he moves, attacks and assassinates (5.11, 5.21, 8.21, 10.11);
any player may trade markers, purge, quit, or give LOSSES for exchanges his units may suffer,
taking effect as the Player-Turn begins. Then the next Player-Turn opens with its Random
Events, or the Interphase runs and the next Game-Turn's first Player-Turn opens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from typing import TypeVar

from gm.core.dice import Dice
from gm.engine.results import OrderResult
from gm.engine.sequence import Mode, PhasePlan, PhaseResult, PhaseRun, Step, run_phase
from gm.games.rcw.data.dataset import GameData, UnitId
from gm.games.rcw.engine import (
    assassination,
    movement,
    purge,
    random_events,
    replacements,
    trades,
)
from gm.games.rcw.engine.board import Board
from gm.games.rcw.engine.combat import Combat, unused_losses
from gm.games.rcw.engine.end_of_turn import sequencing_draw
from gm.games.rcw.engine.postal import end_of_game_turn, open_phase, quit_step
from gm.games.rcw.orders.context import Context
from gm.games.rcw.orders.legality import PHASING_ONLY, validate_order
from gm.games.rcw.orders.model import (
    Assassinate,
    Attack,
    EndGame,
    ExecuteCzar,
    Give,
    IfExecution,
    IfPurged,
    Losses,
    Order,
    Purge,
    Steal,
    Trade,
)
from gm.games.rcw.state import GameState

Run = PhaseRun[Board, Order]
T = TypeVar("T")
Orders = dict[str, tuple[Order, ...]]

ACTING = (*movement.MOVEMENT_KINDS, Assassinate)
# the Phasing Player's orders carried out one after another in the order written (R57, R74)
IN_SEQUENCE = (*ACTING, Attack, Steal, Give, Trade, Losses)


def judged_now(run: Run, player: str, order: Order, moved: Set[UnitId] = frozenset()) -> bool:
    """Whether an order is legal against the position as it stands now, `moved` the units
    that moved already in this Movement Phase (5.25); refused if not."""
    context = Context(run.board.to_state(), run.board.data, player, moved=set(moved))
    refusals = list(validate_order(order, context))
    for refusal in refusals:
        run.results.set(player, order, "illegal", refusal.rule, refusal.message)
    return not refusals


def phasing_only_step(run: Run) -> None:
    """5.11, 5.21, 8.21, 10.11, 13.26: the other players' moves, attacks, assassinations and
    Gold leaders' attachments of Green units, refused before any order is carried out."""
    for player, order in run.results.of_kind(*ACTING, Attack, Steal):
        if player != run.phasing:
            run.results.set(player, order, "illegal", PHASING_ONLY[order.kind],
                            f"only the Phasing Player, {run.phasing}, may do this now")


def others_trades_step(run: Run) -> None:
    """The other players' trades, made as the Player-Turn begins (ruling R74); a TRADE with
    the Phasing Player is made at its place in his orders."""
    trades.apply(run.board, run.results, waits=lambda player, order: player == run.phasing or (
        isinstance(order, Trade) and order.to == run.phasing))


def orders_step(run: Run) -> None:
    """The Movement Phase, then the Combat Phase (5.11): the Phasing Player's orders in the
    order written, each on the position the ones before it left (ruling R57). His first
    legal ATTACK or SUBVERT ends his movement; assassinations may come in either (10.0)."""
    carry_out_orders(run, resolve=True)


def carry_out_orders(run: Run, resolve: bool,
                     prepare: Callable[[Combat], None] | None = None) -> None:
    """`resolve` False: what needs no die carried out (movement, trades), assassinations and
    attacks judged against the position then but not made (the answer to his message).
    `prepare`: what a mode sets on the combat first (the solitaire non-Red Player's losses,
    23.16)."""
    player = run.phasing
    assert player is not None
    board, results = run.board, run.results
    mover = movement.Mover(board, results, movement.LiveColours(board))
    combat = Combat(board, results, run.dice)
    if prepare is not None:
        prepare(combat)
    combat.in_force(player, None)  # his LOSSES count from their place (R74)
    doubled = board.pending.subversive_doubled  # this Player-Turn's Combat Phase only (12.12)
    board.update_pending(subversive_doubled=False)
    fighting = "movement" in run.skip  # a case that begins at the Combat Phase
    for order in results.orders.get(player, ()):
        if results.done(player, order) or not isinstance(order, IN_SEQUENCE):
            continue
        if isinstance(order, Attack):  # an attack refused is no attack: 5.11 is about
            if not judged_now(run, player, order):  # attacks made
                continue
            if resolve:
                combat.resolve(player, order, doubled)
                made = results.result_of(player, order)
                fighting = fighting or (made is not None and made.result != "illegal")
            else:  # judged as it is declared, no die rolled (8.25, 8.47)
                fighting = combat.declare(player, order, doubled) is not None or fighting
        elif fighting and isinstance(order, (*movement.MOVEMENT_KINDS, Steal)):
            results.set(player, order, "illegal", "5.11", "the Movement Phase ended with the "
                        "attack ordered before this line")
        elif isinstance(order, Losses):  # an order of preference: units lost before it are
            combat.in_force(player, order)  # passed over (8.44)
        elif not judged_now(run, player, order, mover.travelled):
            continue
        elif isinstance(order, Assassinate):
            if resolve:
                assassination.in_player_turn(board, results, run.dice, player, order)
            else:  # his markers leave him whatever the dice say (10.22, 10.23)
                assassination.spend_markers(board, player, order)
        elif isinstance(order, Give | Steal) or (resolve and isinstance(order, Trade)):
            trades.carry_out(board, results, player, order)  # a TRADE awaits the other side
        elif not isinstance(order, Trade):
            mover.run(player, [order])
    board.routes = mover.routes
    if board.state.mode == "standard":
        game_turn_limit(board, mover.own_allowance)


def game_turn_limit(board: Board, moved: Set[UnitId]) -> None:
    """5.28 with 5.1: the units that moved on a Movement Allowance of their own in this
    Movement Phase (leaders, Blue and Green units) move no more this Game-Turn, whoever
    controls them next (ruling R75)."""
    limited = sorted((u for u in moved if isinstance(u, int)), key=str)
    if limited:
        board.update_pending(moved_this_turn=tuple(dict.fromkeys(
            (*board.pending.moved_this_turn, *limited))))


def unused_step(run: Run) -> None:
    """At the end of his orders: the LOSSES no Exchange of the Player-Turn used (8.44), the
    TRADEs no other side's TRADE met (17.0); at the table these wait, the other side's line
    may come yet."""
    unused_losses(run.results, run.board if run.board.state.mode == "standard" else None)
    trades.unmatched(run.results)


def randomizer_step(run: Run) -> None:
    """4.2 A, 12.13: the Phasing Player draws a chit; one who quit in his Player-Turn has
    none (14.23, 14.24)."""
    assert run.phasing is not None
    if run.phasing in run.board.pending.quit_players:
        run.board.note(f"player {run.phasing} quit: his Player-Turn ends without a Randomizer "
                       "Phase (14.23, 14.24)")
        return
    random_events.draw(run.board, run.dice, run.phasing, "Randomizer Phase")


def purge_step(run: Run) -> None:
    """Purges ordered during the Player-Turn, resolved at its end (ruling R54), and the
    Czar's execution (13.5); the answers nothing asked for, said so."""
    purge.apply(run.board, run.results, run.dice)
    for player, purged in run.results.of_kind(IfPurged):
        run.results.set(player, purged, "void", "11.24", "no Purge of him ended in C in this "
                        "Player-Turn")
    for player, answer in run.results.of_kind(IfExecution):
        run.results.set(player, answer, "void", "13.54", "no execution order awaited his "
                        "answer in this Player-Turn")


OPENING_STEP = "random events of player"  # the step that opens a Player-Turn (12.0)


def open_player_turn(board: Board, dice: Dice, phasing: str) -> None:
    """A Player-Turn opens: its Random Events Phase, one event of two dice rolled by the
    Phasing Player (12.0), a draw going to him (12.13; ruling R55)."""
    board.begin(f"{OPENING_STEP} {phasing}")
    random_events.apply(board, dice, 1, board.active_players(), phasing=phasing)


def close_player_turn(run: Run) -> None:
    """The next Player-Turn opens, a quitter's deleted (14.24); after the last one, the
    Interphase (4.2 B)."""
    board, state = run.board, run.board.state
    later = board.without_quitters(state.sequence[state.phase:])
    opening = "random_events" not in run.skip  # a case may leave the next one's roll out
    if later:
        for player, ending in run.results.of_kind(EndGame):
            run.results.set(player, ending, "stands", "14.1", "counted at the end of the "
                            "Game-Turn (ruling R58)")
        # a Player-Turn keeps its place in the Game-Turn: a quitter's is passed over, never
        # given to the next player, so each has its own number, dice and orders (R76)
        board.closing = {"phase": state.sequence.index(later[0]) + 1}
        if opening:
            open_player_turn(board, run.dice, later[0])
        return
    board.begin("replacements")  # the Interphase in the postal game's order (ruling R56)
    if "replacements" not in run.skip:
        replacements.apply(board, state.turn)  # 4.2 B Replacement Segment (9.0)
    board.begin("end of Game-Turn")
    end_of_game_turn(run)  # 14.1 at the end of the Game-Turn; the Game-Turn marker advanced
    if board.closing.get("stage") == "ended":
        return
    board.begin("Player-Turn sequencing")
    drawn = sequencing_draw(board.finish(), run.dice)  # 4.2 B Sequencing Segment
    board.closing["sequence"] = drawn.sequence
    if opening:
        open_player_turn(board, run.dice, drawn.sequence[0])


SO_FAR = (  # the steps that carry out what the players ordered, as it is ordered
    Step[Board, Order]("quitting", quit_step),
    Step[Board, Order]("Phasing Player", phasing_only_step),
    Step[Board, Order]("trades", others_trades_step),
    Step[Board, Order]("orders", orders_step),
)
PLAYER_TURN = PhasePlan[Board, Order]("Player-Turn", (
    *SO_FAR,
    Step("unused orders", unused_step),
    Step("randomizer", randomizer_step, skip_key="randomizer"),
    Step("purge", purge_step, skip_key="purge"),
    Step("end of Player-Turn", close_player_turn),
))
STANDARD = Mode[Board, Order]("standard", (PLAYER_TURN,))


def begin(state: GameState, data: GameData, dice: Dice) -> PhaseResult[GameState]:
    """The first Player-Turn of a standard game opens (the Player-Turn order drawn, 15.62):
    the Phasing Player's Random Events Phase is rolled."""
    board = Board.of(state.model_copy(update={"mode": "standard", "phase": 1}), data)
    open_player_turn(board, dice, state.sequence[0])
    return PhaseResult(board.finish(), [], board.log, board.timeline)


def adjudicate(state: GameState, data: GameData, orders: Orders, dice: Dice,
               skip: frozenset[str] = frozenset()) -> PhaseResult[GameState]:
    """The Player-Turn under way, adjudicated: the state it leaves (the next Player-Turn
    open, its Random Events rolled) and what happened."""
    return _run(PLAYER_TURN, state, data, orders, dice, skip)


def carry_out(state: GameState, data: GameData, orders: Orders, dice: Dice
              ) -> PhaseResult[GameState]:
    """The orders of the Player-Turn so far carried out, and nothing after them (at the
    table, `gm play`): the same steps, on the same dice, as the Player-Turn's adjudication
    begins with, so what is shown of an order is what its adjudication will say. Only the
    orders judged so far have a result (a Purge waits for the Player-Turn's end)."""
    return _run(PhasePlan[Board, Order]("Player-Turn so far", SO_FAR), state, data, orders,
                dice, frozenset(), so_far=True)


def purges_now(state: GameState, data: GameData, orders: Orders, dice: Dice
               ) -> PhaseResult[GameState]:
    """The Purges (and the Czar's execution) ordered so far in the Player-Turn, resolved now,
    as the GM says (11.0: "all other game functions are temporarily suspended"); the
    Player-Turn goes on."""
    kinds = (Purge, IfPurged, ExecuteCzar, IfExecution)
    wanted = {p: tuple(o for o in given if isinstance(o, kinds)) for p, given in orders.items()}
    return _run(PhasePlan[Board, Order]("Purge", (Step("purge", purge_step),)), state, data,
                {p: o for p, o in wanted.items() if o}, dice, frozenset())


def refused_in_sequence(state: GameState, data: GameData, player: str,
                        orders: tuple[Order, ...]) -> list[OrderResult]:
    """The Phasing Player's orders the rules refuse as they come, each judged on the position
    the ones before it leave (his trades made, his forces moved), before any die is rolled:
    what his answer tells him (ruling R57). Those of others are judged as in either game."""
    board, results = open_phase(state, data, {player: orders}, in_sequence=player)
    carry_out_orders(Run(board, results, NoDice(), phasing=player), resolve=False)
    return [r for r in results.listing() if r.result == "illegal"]


class NoDice(Dice):
    """Chance is never asked for when orders are only judged."""

    def die(self, purpose: str) -> int:
        raise AssertionError(f"no die when orders are judged: {purpose}")

    def draw(self, items: Sequence[T], purpose: str) -> T:
        raise AssertionError(f"no draw when orders are judged: {purpose}")

    def recipient(self, players: Sequence[str], purpose: str) -> str:
        raise AssertionError(f"no recipient when orders are judged: {purpose}")


def _run(plan: PhasePlan[Board, Order], state: GameState, data: GameData, orders: Orders,
         dice: Dice, skip: frozenset[str], so_far: bool = False) -> PhaseResult[GameState]:
    if state.stage != "play" or state.mode != "standard":
        raise ValueError("no Player-Turn of the standard game is under way")
    board, results = open_phase(state, data, orders, in_sequence=state.phasing_player())
    run_phase(plan, Run(board, results, dice, phasing=state.phasing_player(), skip=skip))
    return PhaseResult(board.finish(), results.judged() if so_far else results.listing(),
                       board.log, board.timeline, tuple(results.decisions))
