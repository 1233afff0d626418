"""Where a campaign stands: the phase open, its deadline, who has sent orders (never what), and
for the GM (`gm status`) what is in the outbox and what waits for him."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from gm.app.campaign import Campaign, now
from gm.app.press import gm_reads_writers
from gm.app.schedule import load_schedule
from gm.core.state import ENDED, PLAY


@dataclass
class Standing:
    name: str
    phase: str
    ended: bool
    deadline: dt.datetime | None
    sent: list[str]  # "A (Anna)", in the game's order
    waiting: list[str]
    outbox: dict[str, int] = field(default_factory=dict)  # status -> messages
    awaiting: list[str] = field(default_factory=list)  # what needs the GM, a line each


def deadline_of(campaign: Campaign) -> dt.datetime | None:
    """The open phase's deadline, when the campaign has a schedule and is under way."""
    schedule = load_schedule(campaign.folder)
    if schedule is None or campaign.latest().state.stage != PLAY:
        return None
    return schedule.deadline(campaign.phase_opened_at())


def standing(campaign: Campaign, sending: str | None = None) -> Standing:
    """What a player's STATUS tells (`sending`: a player whose orders are in with it)."""
    state = campaign.latest().state
    store = campaign.store
    rows = store.orders_for(campaign.row, state.turn, state.phase) if state.stage == PLAY \
        else store.orders_in_stage(campaign.row, state.stage)
    sent = {row.player for row in rows} | ({sending} if sending else set()) | \
        campaign.system.deployed_by_gm(state)  # his stack typed by the GM (gm deploy)
    names = campaign.player_names()
    awaited = campaign.system.awaited(state)  # the Phasing Player alone, in a Player-Turn
    return Standing(campaign.name, campaign.system.phase_title(state), state.stage == ENDED,
                    deadline_of(campaign),
                    [f"{p} ({names.get(p, p)})" for p in state.players_in_game() if p in sent],
                    [f"{p} ({names.get(p, p)})" for p in awaited if p not in sent])


def gm_standing(campaign: Campaign) -> Standing:
    """STATUS, and what the GM alone sees: the outbox and what waits for him."""
    found = standing(campaign)
    store, row = campaign.store, campaign.row
    for status in ("queued", "held", "retry", "failed"):
        count = len(store.outbox_rows(row, [status]))
        if count:
            found.outbox[status] = count
    if found.outbox.get("failed"):
        found.awaiting.append(f"{found.outbox['failed']} message(s) failed to send: "
                              "gm send --list, gm send --retry ID")
    unanswered = len(store.unanswered(row))
    if unanswered:
        found.awaiting.append(f"{unanswered} message(s) kept and not yet answered: gm run")
    notices = store.undigested(row)
    if notices:
        found.awaiting.append(f"{len(notices)} notice(s) not yet in a digest, the last: "
                              f"{notices[-1].text[:100]}")
    named = gm_reads_writers(campaign)
    if named:
        found.awaiting.append(f"WARNING: {named}")
    stage = campaign.latest().state.stage
    setup = campaign.system.setup_stage(name=stage)
    if setup is not None:  # the GM's command that ends it
        found.awaiting.append(setup.awaiting)
    schedule = load_schedule(campaign.folder)
    if found.deadline is not None and now() >= found.deadline and schedule is not None \
            and not schedule.auto_adjudicate:
        found.awaiting.append("the deadline has passed: gm adjudicate")
    elif found.deadline is None and stage == PLAY and not found.waiting:
        phasing = campaign.system.phasing(campaign.latest().state)
        period = campaign.system.table_words().period  # what DONE at the table ends
        found.awaiting.append(
            f"the Phasing Player's orders are in (player {phasing}): gm adjudicate, or DONE "
            f"at gm play (it ends the {period})" if phasing else
            "every player's orders are in: gm adjudicate")
    return found
