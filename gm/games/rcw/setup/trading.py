"""The trading session before the game (15.33, 15.34) and the end of it."""

from __future__ import annotations

from collections import Counter

from gm.core.errors import GameError
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.setup.deal import ASSASSIN, POLITBURO
from gm.games.rcw.setup.deployment import deploy_combat_and_imperial
from gm.games.rcw.state import ChartSection, GameState, Hand

MARKERS = (POLITBURO, ASSASSIN)


def parse_item(text: str) -> str:
    """`152`, `politburo`, `Assassin` -> canonical item token."""
    token = text.strip().upper()
    if token in MARKERS or token.isdigit():
        return token
    raise GameError(f"{text!r} is not a unit number, POLITBURO or ASSASSIN")


def _take(hand: Hand, items: list[str], who: str) -> Hand:
    wanted = Counter(items)
    units = list(hand.units)
    for item, count in wanted.items():
        if item in MARKERS:
            held = hand.politburo if item == POLITBURO else hand.assassin
            if held < count:
                raise GameError(f"player {who} holds {held} {item} markers, not {count} (15.33)")
        else:
            if count > 1 or int(item) not in units:
                raise GameError(f"player {who} does not hold unit {item} (15.33)")
            units.remove(int(item))
    return Hand(units=tuple(units), politburo=hand.politburo - wanted[POLITBURO],
                assassin=hand.assassin - wanted[ASSASSIN])


def _add(hand: Hand, items: list[str]) -> Hand:
    wanted = Counter(items)
    units = sorted([*hand.units, *(int(i) for i in items if i not in MARKERS)])
    return Hand(units=tuple(units), politburo=hand.politburo + wanted[POLITBURO],
                assassin=hand.assassin + wanted[ASSASSIN])


def trade(state: GameState, data: GameData, giver: str, receiver: str,
          give: list[str], take: list[str]) -> GameState:
    """`giver` hands `give` to `receiver` and receives `take` back: a mutual agreement (15.33).

    An empty `take` is a gift. Both sides must hold what they hand over.
    """
    if state.stage != "trading":
        raise GameError("the trading session is over (15.33): only Politburo and Assassin "
                        "markers change hands now, by order")
    for who in (giver, receiver):
        if who not in state.hands:
            raise GameError(f"no player {who} in this game")
    if giver == receiver:
        raise GameError("a player cannot trade with himself")
    if not give and not take:
        raise GameError("a trade must move something")
    hands = dict(state.hands)
    hands[giver] = _add(_take(hands[giver], give, giver), take)
    hands[receiver] = _add(_take(hands[receiver], take, receiver), give)
    return state.model_copy(update={"hands": hands})


def end_trading(state: GameState, data: GameData) -> GameState:
    """Markers to the chart (15.34), then combat and Imperial units deploy (15.41-15.43, 15.51)."""
    if state.stage != "trading":
        raise GameError("the trading session is already over")
    chart = dict(state.chart)
    for player, hand in state.hands.items():
        chart[player] = ChartSection(politburo=hand.politburo, assassin=hand.assassin)
    hands = {p: Hand(units=h.units) for p, h in state.hands.items()}
    ended = state.model_copy(update={"stage": "deployment", "chart": chart, "hands": hands})
    return deploy_combat_and_imperial(ended, data)
