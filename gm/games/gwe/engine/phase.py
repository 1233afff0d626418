"""One Phase of a Game-Turn (4.0, ruling G17) adjudicated from both players' parsed orders:
each order first checked against the rules that need no dice (gm.games.gwe.orders.legality:
refused, `illegal`, with its case), then the Phase carried out by the rules' Phase functions
with the dice given (every roll logged with its purpose): the Phasing Player's orders of the
Phase and the other's standing orders (ruling G25). A Movement Phase's orders are checked on
the position after its Reinforcement Segment (14.14: a reinforcement moves as it arrives).
Every choice left unwritten takes its published default (rulings G8-G24)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.engine.results import OrderResult
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.engine.choices import (
    choice_results,
    choices_of,
    overstack,
    with_displacements,
    without_choices,
)
from gm.games.gwe.engine.combat import combat
from gm.games.gwe.engine.movement import movement, off_map_orders
from gm.games.gwe.engine.results import stands
from gm.games.gwe.engine.withdrawal import withdrawal
from gm.games.gwe.orders import model as m
from gm.games.gwe.orders.context import MOMENTS
from gm.games.gwe.orders.legality import validate_orders
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.game_values import Replacement
from gm.games.gwe.rules.phases import back_from_off_map, before_the_moves
from gm.games.gwe.rules.sequence import PLAYER_TURN, game_turn
from gm.games.gwe.state import GweState


@dataclass(frozen=True)
class Sides:
    """Which side each player plays, and the side phasing in a Game-Turn's first Player-Turn
    (its game's Exclusive Rules say whose)."""

    players: Mapping[str, str]  # player -> side
    first: str

    def player_of(self, side: str) -> str:
        found = [p for p, s in self.players.items() if s == side]
        if len(found) != 1:
            raise GameError(f"the side {side} needs exactly one player")
        return found[0]

    def second(self) -> str:
        others = sorted(set(self.players.values()) - {self.first})
        if len(others) != 1 or self.first not in self.players.values():
            raise GameError("a game of Great War in the East has two sides, one a player")
        return others[0]


@dataclass(frozen=True)
class PhaseOutcome:
    state: GweState
    phasing: str  # the Phasing Player
    results: tuple[OrderResult, ...]  # by player, then line
    events: tuple[str, ...]  # what happened, in order, each with its case


def adjudicate_phase(state: GweState, data: GweData, sides: Sides,
                     orders: Mapping[str, Sequence[m.Order]], dice: Dice,
                     replacement: Replacement | None = None) -> PhaseOutcome:
    """The Phase open in `state` (1-6) carried out; `state.phase` is left for the caller to
    advance (gm.games.gwe.rules.sequence.next_phase)."""
    step = game_turn(sides.first, sides.second())[state.phase - 1]
    skipped = unplayed(state, data, sides)
    if skipped is not None:
        raise GameError(skipped)
    phasing = sides.player_of(step.phasing)
    other = sides.player_of(next(s for s in set(sides.players.values()) if s != step.phasing))
    moment = MOMENTS[(state.phase - 1) % len(PLAYER_TURN) + 1]
    judged = position_judged(state, data, step.phasing, orders.get(phasing, ()))
    results: list[OrderResult] = []
    legal: dict[str, list[m.Order]] = {}
    for player, given in sorted(orders.items()):
        if player not in sides.players:
            raise GameError(f"{player} plays no side in this game")
        refused: dict[int, list[str]] = {}
        rules: dict[int, list[str]] = {}
        for refusal in validate_orders(given, judged, data, sides.players[player],
                                       sides.first):
            refused.setdefault(id(refusal.order), []).append(refusal.message)
            rules.setdefault(id(refusal.order), []).append(refusal.breach.rule)
        for order in given:
            if id(order) in refused:
                results.append(OrderResult(player, order.line, "illegal",
                                           ", ".join(dict.fromkeys(rules[id(order)])),
                                           order.echo(), "; ".join(refused[id(order)])))
            else:
                legal.setdefault(player, []).append(order)
    choices = choices_of(legal)
    legal, lost_first = without_choices(legal), overstack(choices)
    state = with_displacements(state, choices)
    if moment == "movement":
        mine = legal.get(phasing, [])
        state, done, events = movement(state, data, step.phasing, phasing, mine, dice,
                                       replacement, lost_first)
        done += _standing(legal.get(other, []), other)
    elif moment == "withdrawal":
        state, done, events = withdrawal(state, data, sides.players[other], phasing, other,
                                         {p: tuple(o) for p, o in legal.items()}, dice,
                                         lost_first)
    else:
        state, done, events = combat(state, data, step.phasing, phasing, other,
                                     {p: tuple(o) for p, o in legal.items()}, dice,
                                     lost_first)
    state = with_displacements(state, ())  # none kept between Phases
    results += done + choice_results(choices, events)
    return PhaseOutcome(state, phasing, tuple(_as_given(results, orders)), tuple(events))


def unplayed(state: GweState, data: GweData, sides: Sides) -> str | None:
    """Why the open Phase's Player-Turn is not played (its game's 4.0, with the case), None if
    it is: a campaign passes over it, a case's later Phases too."""
    phasing = game_turn(sides.first, sides.second())[state.phase - 1].phasing
    return exclusive_rules(data).no_player_turn(data, state.turn, phasing)


def _as_given(results: Sequence[OrderResult], orders: Mapping[str, Sequence[m.Order]]
              ) -> list[OrderResult]:
    """By player, then line; a standing order of an earlier message first, shown as from it
    (its lines are its own message's, ruling G72); one refused now is left out: it was
    refused when its message was answered, and does not stand."""
    given = {(p, o.line, o.echo()): o.given for p, written in orders.items() for o in written
             if o.given}
    shown: list[tuple[tuple[str, bool, int], OrderResult]] = []
    for r in results:
        earlier = given.get((r.player, r.line, r.text))
        if earlier is not None and r.result == "illegal":
            continue
        if earlier is not None:
            r = replace(r, detail=f"standing, from your message of {earlier}, line {r.line}: "
                                  f"{r.detail}")
        shown.append(((r.player, earlier is None, r.line), r))
    return [r for _, r in sorted(shown, key=lambda item: item[0])]


def position_judged(state: GweState, data: GweData, phasing_side: str,
                    phasing_orders: Sequence[m.Order]) -> GweState:
    """The position the Phase's orders are checked on: in a Movement Phase, after its
    Reinforcement Segment (14.14: a reinforcement moves as it arrives), less the units the
    Phasing Player withholds (14.24)."""
    if MOMENTS[(state.phase - 1) % len(PLAYER_TURN) + 1] != "movement":
        return state
    withheld = [u for o in phasing_orders if isinstance(o, m.Withhold) for u in o.units]
    judged = before_the_moves(state, data, phasing_side, withheld,
                              off_map_orders(phasing_orders))[0]
    return back_from_off_map(judged, data, phasing_side)


def _standing(orders: Sequence[m.Order], player: str) -> list[OrderResult]:
    return [stands(player, o, "a standing order: kept for a later Phase (ruling G25)")
            for o in orders]
