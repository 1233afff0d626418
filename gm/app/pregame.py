"""Set-up orders (for Russian Civil War, 17.0 [15.0]: the trading session's GIVE and TRADE
and the deployment's DEPLOY), from files (`gm orders apply`) or as received by mail, applied
the same way: each player's latest message, its refused lines skipped. Closing a set-up stage
(`gm end-trading`, `gm start`) applies the mailed ones first; when play opens each player is
mailed his opening report."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gm.app.adjudication import OrderMessage, judge_files
from gm.app.campaign import Campaign
from gm.app.mailing import reports_by_mail
from gm.app.press import releasing
from gm.core.dice import Dice, HashDice, SeededDice, setup_seed
from gm.core.errors import GameError
from gm.core.state import PLAY, GameStateBase
from gm.engine.results import SetupResult
from gm.messages.reading import read_message
from gm.orders.order import Order
from gm.reporting.events import events_of
from gm.reporting.model import Event
from orders_grammar.message import MAX_LINE_CHARS, OrdersError, read_envelope


@dataclass
class Applied:
    outcomes: list[SetupResult] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # "player X line N", one a line
    ignored: list[str] = field(default_factory=list)  # messages that count for nothing


def _open_stage(campaign: Campaign) -> GameStateBase:
    state = campaign.latest().state
    if campaign.system.setup_stage(name=state.stage) is None:
        raise GameError("set-up orders are applied before the game starts, in " + " or ".join(
            f"the {s.name} stage" for s in campaign.system.setup_stages))
    return state


def _apply(campaign: Campaign, state: GameStateBase, messages: dict[str, OrderMessage],
           order_ids: Sequence[int], applied: Applied) -> Applied:
    system = campaign.system
    accepted: dict[str, tuple[Order, ...]] = {}
    for player, message in sorted(messages.items()):
        refused = {p.line for p in message.message.problems}
        refused |= {p.line for p in system.order_problems(message.message, state, campaign.data,
                                                          player)}
        applied.refused += [f"player {player} line {line}" for line in sorted(refused)]
        accepted[player] = tuple(o for o in message.message.orders if o.line not in refused)
    if not accepted:
        return applied

    def change(current: GameStateBase, _dice: Dice) -> GameStateBase:
        new_state, found = system.apply_setup_orders(current, campaign.data, accepted)
        applied.outcomes.extend(found)
        return new_state

    campaign.apply("pregame-orders", {"players": sorted(accepted), "orders_ids": list(order_ids)},
                   change)
    return applied


def apply_files(campaign: Campaign, files: Sequence[tuple[str, bytes]]) -> Applied:
    """`gm orders apply`: the set-up orders of these messages, judged as mail is."""
    state = _open_stage(campaign)
    messages, ignored = judge_files(campaign, files, state)
    return _apply(campaign, state, messages, (), Applied(ignored=ignored))


def apply_mailed(campaign: Campaign) -> Applied:
    """The set-up orders received by mail in the open stage and not applied yet."""
    state = _open_stage(campaign)
    done = {i for row in campaign.store.entries(campaign.row) if row.action == "pregame-orders"
            for i in row.detail.get("orders_ids", [])}
    latest: dict[str, tuple[int, str]] = {}
    for row in campaign.store.orders_in_stage(campaign.row, state.stage):
        if row.id not in done:
            latest[row.player] = (row.id, row.raw)  # a later message replaces the earlier
    messages: dict[str, OrderMessage] = {}
    for player, (_, raw) in latest.items():
        text = read_message(raw.encode("utf-8")).text
        try:
            message = campaign.system.parse_orders(read_envelope(text), campaign.data,
                                                   MAX_LINE_CHARS)
        except OrdersError:
            continue
        messages[player] = OrderMessage(player, text, message)
    return _apply(campaign, state, messages, sorted(i for i, _ in latest.values()), Applied())


def close_stage(campaign: Campaign, stage: str, action: str, already: str
                ) -> tuple[Applied, GameStateBase]:
    """The set-up orders received by mail for `stage`, then the stage closed by the game's
    rules; when play opens, each player is mailed his opening report."""
    if campaign.latest().state.stage != stage:
        raise GameError(already)
    applied = apply_mailed(campaign)
    opening: list[Event] = []  # what happened as play opened (a standard game's first events)
    detail: dict[str, Any] = {}  # filled as it closes: what happened, for gm history
    closing = campaign.system.setup_stage(name=stage)
    verified = closing is not None and closing.verifiable
    salts = sorted(stage_salts(campaign, stage)) if verified else []
    if verified:  # its dice as a phase's (docs/dice.md), so that gm verify checks them
        detail["salts"] = salts

    def close(state: GameStateBase, dice: SeededDice | HashDice) -> GameStateBase:
        closed, timeline = campaign.system.close_setup_stage(state, campaign.data, dice)
        opening.extend(events_of(timeline))
        if opening:
            detail["events"] = [e.text for e in opening]
        return closed

    state = campaign.apply(
        action, detail, close,
        mail=lambda _before, after: reports_by_mail(
            campaign, None, after, opening, "start", salts=salts,
            closed=stage if verified else None) if after.stage == PLAY else [],
        # kept with the entry, for the report rebuilt later (gm report)
        result=lambda: json.dumps({"events": [e.model_dump(mode="json") for e in opening]})
        if opening else None,
        release=releasing(campaign),  # the stage's anonymous press goes now (R82)
        dice=HashDice(setup_seed(campaign.row.seed, stage), tuple(salts)) if verified else None)
    return applied, state


def stage_salts(campaign: Campaign, stage: str) -> list[str]:
    """The SALT words of each player's last order message of a set-up stage."""
    last: dict[str, str] = {}
    for row in campaign.store.orders_in_stage(campaign.row, stage):
        last[row.player] = row.raw
    salts = []
    for raw in last.values():
        try:
            salt = read_envelope(read_message(raw.encode("utf-8")).text).salt
        except OrdersError:
            continue
        if salt:
            salts.append(salt)
    return salts


def close_by(campaign: Campaign, command: str) -> tuple[Applied, GameStateBase]:
    """The set-up stage that `gm <command>` closes, closed as the game names it: the open one,
    if that command closes it (a game of several scenarios closes each one's stages by the
    same commands), else the first it closes, which refuses as not open."""
    found = campaign.system.setup_stage(name=campaign.latest().state.stage)
    stage = found if found is not None and found.command == command else \
        campaign.system.setup_stage(command=command)
    if stage is None:
        raise GameError(f"{campaign.system.title} has no set-up stage that gm {command} ends")
    return close_stage(campaign, stage.name, stage.command, stage.not_open)


def end_trading(campaign: Campaign) -> Applied:
    """`gm end-trading`: the orders received by mail, then the stage it ends closed."""
    return close_by(campaign, "end-trading")[0]


def start(campaign: Campaign) -> tuple[Applied, GameStateBase]:
    """`gm start`: the orders received by mail, then the last set-up stage closed and play
    opened; each player is mailed his opening report."""
    return close_by(campaign, "start")
