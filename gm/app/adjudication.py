"""Adjudicating the open phase of a campaign, from order messages given as files (each judged
as a mailed message is: the same reading, the same authentication) or from the orders received
by mail. A player's later message replaces his earlier one whole. The phase, its result and
the reports it mails (each player's, the GM's copy) are written in one transaction, and the
anonymous press held in the phase is released to go with them (R82)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from gm.app.campaign import Campaign, now
from gm.app.crash import crash_point
from gm.app.history import rulings
from gm.app.judge import Verdict, judge, password_roster
from gm.app.mailing import reports_by_mail
from gm.app.press import releasing
from gm.app.seeds import latest_reseed, reseeded_by
from gm.core.dice import HashDice, SeededDice, phase_seed
from gm.core.errors import GameError
from gm.core.state import GameStateBase
from gm.engine.results import line_label
from gm.engine.sequence import PhaseResult
from gm.messages.reading import read_message
from gm.messages.redaction import redact_text
from gm.orders.order import Order
from gm.reporting.events import events_of
from gm.store.rows import OrdersRow
from orders_grammar.message import MAX_LINE_CHARS, OrdersError, ParsedMessage, read_envelope
from orders_grammar.problem import Problem


@dataclass(frozen=True)
class OrderMessage:
    """An order message of one authenticated player, as the adjudication takes it."""

    player: str
    text: str  # as the player wrote it, PASSWORD redacted
    message: ParsedMessage[Order]


@dataclass
class Adjudicated:
    before: GameStateBase
    after: GameStateBase
    result: PhaseResult[GameStateBase]
    messages: dict[str, OrderMessage]
    ignored: list[str] = field(default_factory=list)  # "<file>: why", one each (skipped)
    stored: bool = False

    def problems(self) -> list[tuple[str, Problem]]:
        return [(player, problem) for player, m in sorted(self.messages.items())
                for problem in m.message.problems]


class RefusedFiles(GameError):
    """Files given to the adjudication that were refused: nothing is adjudicated, since a phase
    adjudicated without them would go ahead without those players' orders (issue 26)."""

    def __init__(self, refused: Sequence[str]) -> None:
        self.refused = list(refused)
        super().__init__(f"nothing adjudicated: {len(refused)} file(s) refused (correct them, "
                         "or give --skip-refused to adjudicate without them):\n" +
                         "\n".join(f"  {line}" for line in refused))


def judge_files(campaign: Campaign, files: Sequence[tuple[str, bytes]], state: GameStateBase
                ) -> tuple[dict[str, OrderMessage], list[str]]:
    """The files' messages that count, by player (a later one replacing an earlier), and
    the refused ones with the reason."""
    roster = password_roster(campaign)
    counted: dict[str, OrderMessage] = {}
    ignored: list[str] = []
    for name, raw in files:
        reading = read_message(raw)
        verdict = judge(reading, state, campaign.data, roster, campaign.system)
        if verdict.player is None or verdict.message is None:
            ignored.append(f"{name}: {_why_refused(verdict)}")
            continue
        counted[verdict.player] = OrderMessage(verdict.player, redact_text(reading.text),
                                               verdict.message)
    return counted, ignored


def _why_refused(verdict: Verdict) -> str:
    """The first line of a refusal, or why a message that was not refused has no orders."""
    if verdict.disposition == "requests":
        return ("it holds no orders, only requests or press (those are answered by mail, "
                "not by gm adjudicate)")
    return next((line for line in verdict.text.splitlines() if line.strip()), "refused")


def stored_messages(campaign: Campaign, state: GameStateBase) -> dict[str, OrderMessage]:
    """The orders received by mail for the open phase; authenticated when received. A
    message kept from before the latest rollback counts without its SALT: the GM had seen it
    when he rolled back (gm.app.seeds)."""
    counted: dict[str, OrderMessage] = {}
    reseed = latest_reseed(campaign.store.entries(campaign.row))
    for row in campaign.store.orders_for(campaign.row, state.turn, state.phase):
        text = read_message(row.raw.encode("utf-8")).text  # older rows kept whole e-mails
        try:
            message = campaign.system.parse_orders(read_envelope(text), campaign.data,
                                                   MAX_LINE_CHARS)
        except OrdersError:
            continue
        if reseed is not None and row.state_seq < reseed.seq:
            message = replace(message, salt=None)
        counted[row.player] = OrderMessage(row.player, text, message)
    return counted


def with_standing(campaign: Campaign, state: GameStateBase,
                  orders: dict[str, tuple[Order, ...]]) -> dict[str, tuple[Order, ...]]:
    """Each player's orders for the open phase, with his earlier orders that still stand (a
    standard game's LOSSES, ruling R58), as the game system merges them."""
    store = campaign.store

    def earlier() -> list[tuple[str, int, int, tuple[Order, ...]]]:
        """Each player's message that counted in each phase before this one, oldest first (a
        later message replaced an earlier whole; one sent for a phase a rollback has undone
        counts no more). Read only by a mode with standing orders: a postal phase never pays
        for it."""
        phase_of = {entry.seq: (entry.turn, entry.phase) for entry in store.entries(campaign.row)}
        counted: dict[tuple[str, tuple[int, int]], OrdersRow] = {}
        for row in store.orders_in_play(campaign.row):  # oldest first: the last one counts
            when = phase_of.get(row.state_seq, (0, 0))
            if when < (state.turn, state.phase) and row.parsed:
                counted[(row.player, when)] = row
        return [(row.player, when[0], when[1],
                 campaign.system.orders_from_json(json.loads(row.parsed)))
                for (_, when), row in sorted(counted.items(), key=lambda item: item[1].id)
                if row.parsed]

    return {p: o for p, o in campaign.system.with_standing(state, orders, earlier).items() if o}


def phase_dice(campaign: Campaign, state: GameStateBase, salts: Sequence[str]) -> HashDice:
    """The open phase's dice, as anyone may verify them (docs/dice.md): seeded afresh after
    a rollback (gm.app.seeds)."""
    reseeded = reseeded_by(campaign.store.entries(campaign.row))
    return HashDice(phase_seed(campaign.row.seed, state.turn, state.phase, reseeded),
                    tuple(sorted(salts)))


def resolved_at_once(campaign: Campaign, state: GameStateBase) -> set[tuple[str, str]]:
    """(player, order as echoed) of the orders the GM resolved at once in the open phase
    (resolved at once): they are not resolved again at its end."""
    return _resolved_earlier(campaign, state)


def _at_once_action(campaign: Campaign, state: GameStateBase) -> str | None:
    """The history's action of what the GM resolves at once in this phase (`<command> T.P`,
    the game's command); None: the game has nothing to resolve so."""
    at_once = campaign.system.at_once
    return f"{at_once.command} {state.turn}.{state.phase}" if at_once else None


def _resolved_earlier(campaign: Campaign, state: GameStateBase) -> set[tuple[str, str]]:
    """(player, order as echoed) of the orders the GM resolved at once in this phase."""
    action = _at_once_action(campaign, state)
    if action is None:
        return set()
    history = campaign.store.entries(campaign.row)
    opened = max((r.seq for r in history if r.action.startswith("adjudicate") or
                  r.action.startswith("rollback") or r.action == "start"), default=0)
    return {(str(player), str(text)) for row in history if row.seq > opened and
            row.action == action for player, text, *_ in row.detail.get("resolved", [])}


def _without(orders: dict[str, tuple[Order, ...]], resolved: set[tuple[str, str]]
             ) -> dict[str, tuple[Order, ...]]:
    return {p: tuple(o for o in given if (p, o.echo()) not in resolved)
            for p, given in orders.items()}


def _keeps_what_was_carried_out(campaign: Campaign, before: GameStateBase,
                                after: GameStateBase, orders: dict[str, tuple[Order, ...]]
                                ) -> None:
    """What the GM resolves now comes before the Player-Turn's orders, which are carried out
    again after it: refused if it would change what one of them gave already (at the table
    a result shown is a result kept, ruling R74); it is then resolved at the end."""
    if campaign.system.phasing(before) is None or not orders:
        return
    merged = with_standing(campaign, before, orders)
    salts = [m.message.salt for m in stored_messages(campaign, before).values()
             if m.message.salt]
    dice = phase_dice(campaign, before, salts)
    was = {(r.player, r.line): r for r in campaign.system.carry_out(
        before, campaign.data, merged, dice).results}
    now = {(r.player, r.line): r for r in campaign.system.carry_out(
        after, campaign.data, merged, phase_dice(campaign, before, salts)).results}
    changed = [key for key, result in was.items() if key in now and (
        now[key].result, now[key].rule, now[key].detail) != (
            result.result, result.rule, result.detail)]
    if changed:
        player, line = changed[0]
        shown = was[changed[0]]
        what = campaign.system.at_once.what if campaign.system.at_once else "it"
        raise GameError(f"resolved now, {what} would change what player {player}'s "
                        f"{line_label(line)} gave already ({shown.text}: {shown.result}, then "
                        f"{now[changed[0]].result}); it is resolved at the end of the "
                        "Player-Turn (ruling R54)")


def resolve_now(campaign: Campaign) -> PhaseResult[GameStateBase]:
    """What the game lets the GM resolve at once (its at_once), ordered so far in the open
    Player-Turn, resolved now as the GM says (issue 16); not resolved again at its end."""
    latest = campaign.latest()
    state = latest.state
    action = _at_once_action(campaign, state)
    at_once = campaign.system.at_once
    if action is None or at_once is None:
        raise GameError(f"{campaign.system.title} has nothing to resolve before the phase's end")
    orders = _without({p: m.message.orders for p, m in stored_messages(campaign, state).items()},
                      _resolved_earlier(campaign, state))
    dice = SeededDice(campaign.row.seed, f"{latest.seq + 1}:{at_once.command}")
    result = campaign.system.resolve_now(state, campaign.data, orders, dice)
    if not result.results:
        raise GameError("nothing has been ordered in this Player-Turn that the GM may resolve "
                        "at once")
    _keeps_what_was_carried_out(campaign, state, result.state, orders)
    resolved = [[r.player, r.text, f"{r.result} ({r.rule}): {r.detail}"]
                for r in result.results]
    campaign.store.append_state(campaign.row, action, {"resolved": resolved}, result.state,
                                dice.log, now(), after=latest.seq)
    return result


def adjudicate_open_phase(campaign: Campaign, files: Sequence[tuple[str, bytes]] | None,
                          dry_run: bool, skip_refused: bool = False,
                          unreadable: Sequence[str] = ()) -> Adjudicated:
    """The open phase adjudicated with the order messages `files`, or without them with the
    orders received. A file refused (`unreadable`: "<file>: why" of those that could not be
    read) refuses the adjudication, every such file named with its reason (RefusedFiles),
    unless `skip_refused`: then they are left out, and named in `ignored`."""
    latest = campaign.latest()
    state = latest.state
    if state.stage == "ended":
        raise GameError(f"the game is over: {state.victory} victory")
    if state.stage != "play":
        raise GameError("the game has not started: pre-game orders are applied by " + " and ".join(
            f"`gm {stage.command}`" for stage in campaign.system.setup_stages) +
            ", or `gm orders apply`")
    ignored: list[str] = list(unreadable)
    if files or unreadable:
        messages, refused = judge_files(campaign, files or (), state)
        ignored += refused
        if ignored and not skip_refused:
            raise RefusedFiles(ignored)
    else:
        messages = stored_messages(campaign, state)
    orders = with_standing(campaign, state, _without(
        {p: m.message.orders for p, m in messages.items()}, _resolved_earlier(campaign, state)))
    salts = sorted(m.message.salt for m in messages.values() if m.message.salt)
    dice = phase_dice(campaign, state, salts)
    result, after = campaign.system.adjudicate(state, campaign.data, orders, dice)
    done = Adjudicated(state, after, result, messages, ignored)
    if dry_run:
        return done
    store = campaign.store
    recorded = [(player, message.text, json.dumps([o.model_dump(mode="json")
                                                   for o in message.message.orders]))
                for player, message in sorted(messages.items())] if files else []
    history = store.entries(campaign.row)
    events = rulings(history, history[-1].seq + 1, campaign.system) + events_of(
        result.timeline)
    outcome = json.dumps({"orders": [r.as_json() for r in result.results], "log": result.log,
                          "events": [e.model_dump(mode="json") for e in events_of(
                              result.timeline)]})
    key = f"t{state.turn}p{state.phase}"  # a phase adjudicated again after a rollback: its
    if any(e.action == f"adjudicate {state.turn}.{state.phase}" for e in history):  # reports
        key = f"{key}.{history[-1].seq + 1}"  # are new messages, not the ones sent before
    mail = reports_by_mail(campaign, state, after, events, key, salts, sent=sorted(messages),
                           reseeded=reseeded_by(history))
    detail = {"players": sorted(messages), "salts": salts,
              "orders": {p: [o.model_dump(mode="json") for o in os] for p, os in orders.items()}}
    crash_point("before-adjudicate-store")
    store.append_state(campaign.row, f"adjudicate {state.turn}.{state.phase}", detail, after,
                       dice.log, now(), after=latest.seq, result=outcome, mail=mail,
                       orders=recorded, release=releasing(campaign))
    crash_point("after-adjudicate")
    done.stored = True
    return done
