"""The report of an adjudicated phase (or of the position, before the first), rebuilt from the
store for `gm report`: for the GM or one player (gm/app/mailing.py queues them for mail)."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field

from gm.app.campaign import Campaign
from gm.app.history import rulings
from gm.app.lineage import in_force
from gm.app.schedule import deadline_text
from gm.app.seeds import reseeded_by
from gm.core.dice import commitment, phase_seed, setup_seed
from gm.core.errors import GameError
from gm.core.state import PLAY, GameStateBase
from gm.reporting.model import Event, Report


@dataclass
class Reported:
    """What a report of the campaign's history covers."""

    after: GameStateBase
    last_seq: int
    before: GameStateBase | None = None  # None: a report of `after` alone
    events: list[Event] = field(default_factory=list)
    salts: list[str] = field(default_factory=list)
    sent: list[str] | None = None  # the players whose orders it was adjudicated with
    opened_at: dt.datetime | None = None  # when the phase after it opened
    closed: str | None = None  # the set-up stage whose close's dice it reveals (docs/dice.md)
    reseeded: int | None = None  # the rollback that seeded its phases afresh (gm.app.seeds)


def reported(campaign: Campaign, turn: int | None, phase: int | None) -> Reported:
    """Game-Turn `turn`, phase `phase` (the last adjudicated when both are None)."""
    if (turn is None) != (phase is None):
        raise GameError("give --turn and --phase together, or neither")
    store, history = campaign.store, campaign.store.entries(campaign.row)
    rows = [r for r in in_force(history) if r.action.startswith("adjudicate")]
    if turn is not None:
        rows = [r for r in rows if r.action == f"adjudicate {turn}.{phase}"]
        if not rows:
            period = campaign.system.period(campaign.latest().state)
            raise GameError(f"Game-Turn {turn}, {period} {phase} has not been adjudicated")
    found = Reported(store.state_at(campaign.row, history[-1].seq).state, history[-1].seq)
    if not rows:  # the position as play opened, with what happened as it did (its result)
        closes = [(i, r) for i, r in enumerate(history) if "salts" in r.detail and i > 0
                  and campaign.system.setup_stage(command=r.action) is not None]
        if closes:  # the last set-up close whose dice players may verify: what it rolled
            index, last = closes[-1]
            found.closed, found.salts = history[index - 1].stage, last.detail["salts"]
        opened = next((r for r in reversed(history) if r.action == "start"),
                      closes[-1][1] if closes else None)
        stored = json.loads(store.result(campaign.row, opened.seq) or "{}") if opened else {}
        found.events = [Event(**e) for e in stored.get("events", [])]
    if rows:
        row = rows[-1]
        previous = next(r.seq for r in reversed(history) if r.seq < row.seq)
        found.before = store.state_at(campaign.row, previous).state
        found.after, found.salts, found.opened_at = (
            store.state_at(campaign.row, row.seq).state, row.detail.get("salts", []),
            row.created_at)
        found.sent = row.detail.get("players")
        found.reseeded = reseeded_by(history, row.seq)
        stored = json.loads(campaign.store.result(campaign.row, row.seq) or "{}")
        found.events = rulings(history, row.seq, campaign.system) + [
            Event(**e) for e in stored.get("events", [])]
    return found


def phase_report(campaign: Campaign, turn: int | None, phase: int | None,
                 player: str | None = None, drawn: bool = True) -> Report:
    """The report model, for the GM (player None) or one player; `drawn`: with its map (the
    text report has none)."""
    found = reported(campaign, turn, phase)
    if player is not None and player not in found.after.players:
        raise GameError(f"no player {player} in this campaign")
    deadline = deadline_text(campaign.folder, found.opened_at) if found.opened_at else None
    return with_dice(campaign.system.report(
        campaign.name, found.before, found.after, campaign.data, found.events, player,
        deadline=deadline, names=campaign.player_names(), sent=found.sent, drawn=drawn),
        campaign.row.seed, found.before, found.after, found.salts, found.closed,
        verified_stages(campaign), found.reseeded)


def verified_stages(campaign: Campaign) -> frozenset[str]:
    """The set-up stages whose close rolls dice players may verify."""
    return frozenset(s.name for s in campaign.system.setup_stages if s.verifiable)


def with_dice(report: Report, seed: str, before: GameStateBase | None, after: GameStateBase,
              salts: list[str], closed: str | None = None,
              stages: frozenset[str] = frozenset(), reseeded: int | None = None) -> Report:
    """The report's dice line (docs/dice.md), filled here, where the campaign's secret seed is
    kept (a game's report never sees it): the seed of the phase reported (or of the set-up
    stage `closed`), revealed, with the players' salts; the commitment to the seed of the
    phase it opens, or of the set-up stage (one of `stages`) whose close rolls next; both
    phases seeded afresh by the rollback `reseeded` (gm.app.seeds)."""
    found: dict[str, object] = {}
    if before is not None and before.stage == PLAY:
        found["dice_seed"] = phase_seed(seed, before.turn, before.phase, reseeded)
        found["dice_salts"] = salts
    elif closed is not None:
        found["dice_seed"], found["dice_salts"] = setup_seed(seed, closed), salts
    if after.stage == PLAY:
        found["next_commitment"] = commitment(phase_seed(seed, after.turn, after.phase,
                                                         reseeded))
    elif after.stage in stages:
        found["next_commitment"] = commitment(setup_seed(seed, after.stage))
    return report.model_copy(update=found)


def opened_with(campaign: Campaign) -> list[str]:
    """What happened as the open phase opened, a line each (issue 26): at `gm start`, the
    opening's events (a standard game's first Random Events); after an adjudication, what of
    it opened this phase (the game system says: the Player-Turn's Random Events)."""
    state = campaign.latest().state
    if state.stage != "play":
        return []
    opening = [r for r in campaign.store.entries(campaign.row) if (r.stage, r.turn, r.phase)
               == (state.stage, state.turn, state.phase) and (
                   r.action == "start" or r.action.startswith("adjudicate"))]
    if not opening:
        return []
    last = opening[-1]  # the latest to open it (a rollback to it keeps its events)
    stored = json.loads(campaign.store.result(campaign.row, last.seq) or "{}")
    events = [Event(**e) for e in stored.get("events", [])]
    if last.action != "start":
        events = campaign.system.opened_with(events)
    return [f"[{e.step}] {e.text}" for e in events]
