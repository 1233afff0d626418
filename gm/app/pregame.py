"""Pre-game orders (17.0 [15.0]): the trading session's GIVE and TRADE and the deployment's
DEPLOY, from files (`gm orders apply`) or as received by mail, applied the same way: each
player's latest message, its refused lines skipped. `gm end-trading` and `gm start` apply the
mailed ones first; `gm start` mails each player his opening report."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gm.app.adjudication import OrderMessage, judge_files
from gm.app.campaign import Campaign
from gm.app.mailing import reports_by_mail
from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.orders.answer import legality_problems
from gm.games.rcw.orders.model import Order
from gm.games.rcw.setup.deployment import finish_deployment
from gm.games.rcw.setup.pregame import Outcome, apply_pregame
from gm.games.rcw.setup.trading import end_trading as close_trading
from gm.games.rcw.state import GameState
from gm.messages.reading import read_message
from orders_grammar.message import OrdersError, parse_orders, read_envelope


@dataclass
class Applied:
    outcomes: list[Outcome] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # "player X line N", one a line
    ignored: list[str] = field(default_factory=list)  # messages that count for nothing


def _open_stage(campaign: Campaign) -> GameState:
    state = campaign.latest().state
    if state.stage not in ("trading", "deployment"):
        raise GameError("pre-game orders are applied in the trading session or the deployment")
    return state


def _apply(campaign: Campaign, state: GameState, messages: dict[str, OrderMessage],
           order_ids: Sequence[int], applied: Applied) -> Applied:
    accepted: dict[str, tuple[Order, ...]] = {}
    for player, message in sorted(messages.items()):
        refused = {p.line for p in message.message.problems}
        refused |= {p.line for p in legality_problems(message.message, state, campaign.data,
                                                      player)}
        applied.refused += [f"player {player} line {line}" for line in sorted(refused)]
        accepted[player] = tuple(o for o in message.message.orders if o.line not in refused)
    if not accepted:
        return applied

    def change(current: GameState, _dice: Dice) -> GameState:
        new_state, found = apply_pregame(current, campaign.data, accepted)
        applied.outcomes.extend(found)
        return new_state

    campaign.apply("pregame-orders", {"players": sorted(accepted), "orders_ids": list(order_ids)},
                   change)
    return applied


def apply_files(campaign: Campaign, files: Sequence[tuple[str, bytes]]) -> Applied:
    """`gm orders apply`: the pre-game orders of these messages, judged as mail is."""
    state = _open_stage(campaign)
    messages, ignored = judge_files(campaign, files, state, Names(campaign.data))
    return _apply(campaign, state, messages, (), Applied(ignored=ignored))


def apply_mailed(campaign: Campaign) -> Applied:
    """The pre-game orders received by mail in the open stage and not applied yet."""
    state = _open_stage(campaign)
    history = campaign.store.history(campaign.row)
    done = {i for row in history if row.action == "pregame-orders"
            for i in row.detail.get("orders_ids", [])}
    latest: dict[str, tuple[int, str]] = {}
    for row in campaign.store.orders_in_stage(campaign.row, state.stage):
        if row.id not in done:
            latest[row.player] = (row.id, row.raw)  # a later message replaces the earlier
    names = Names(campaign.data)
    messages: dict[str, OrderMessage] = {}
    for player, (_, raw) in latest.items():
        text = read_message(raw.encode("utf-8")).text
        try:
            messages[player] = OrderMessage(player, text, parse_orders(read_envelope(text),
                                                                       names))
        except OrdersError:
            continue
    return _apply(campaign, state, messages, sorted(i for i, _ in latest.values()), Applied())


def end_trading(campaign: Campaign) -> Applied:
    """The trading orders received by mail, then the end of the session (15.34)."""
    if campaign.latest().state.stage != "trading":
        raise GameError("the trading session is over")
    applied = apply_mailed(campaign)
    campaign.apply("end-trading", {}, lambda state, _dice: close_trading(state, campaign.data))
    return applied


def start(campaign: Campaign) -> tuple[Applied, GameState]:
    """The DEPLOY orders received by mail, then every leader deployed and the Player-Turn
    order drawn (15.5, 15.62); each player is mailed his opening report."""
    if campaign.latest().state.stage != "deployment":
        raise GameError("the game can start after the trading session, once (15.5)")
    applied = apply_mailed(campaign)
    state = campaign.apply(
        "start", {}, lambda state, dice: finish_deployment(state, campaign.data, dice),
        mail=lambda _before, after: reports_by_mail(campaign, None, after, [], "start"))
    return applied, state
