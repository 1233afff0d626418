"""One round of a host's worker (`gm run HOST --all`): the shared mailbox read and routed by
whichever worker claims it, then each campaign's round by whichever worker claims that
campaign. Any number of workers, on one machine or, with PostgreSQL, on several, may run at
once: a claim is held by one worker at a time (gm.store.claims), so no phase is adjudicated
twice, no message answered twice, no report sent twice; a worker that dies lets go of its
claims and the next round does what it left."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

from gm.app.campaign import Campaign, now, open_campaign
from gm.app.crash import crash_point
from gm.app.hosting import Host, Hosted, hosted, route
from gm.app.intake import Fetched, Mailbox, answerer_for, handle_left, keep
from gm.app.outbox import Transport, send_first
from gm.app.rounds import Round, after_intake
from gm.app.settings import MailConfig, check_players_are_not_the_judge
from gm.app.strays import Strays
from gm.core.errors import GameError
from gm.store.claims import claimed

ANSWER_WAIT_SECONDS = 120  # a campaign another worker holds: its round ends well before this


@dataclass
class HostRound:
    rounds: dict[str, Round] = field(default_factory=dict)
    strays: int = 0  # messages for no hosted game, kept
    problems: list[str] = field(default_factory=list)


class _Opened:
    """The hosted campaigns this worker has opened: each when it first needs it (none of
    whose players has the judge's own address, R84)."""

    def __init__(self, done: HostRound, config: MailConfig) -> None:
        self.done = done
        self.config = config
        self.campaigns: dict[str, Campaign | None] = {}

    def __call__(self, entry: Hosted) -> Campaign | None:
        if entry.name not in self.campaigns:
            try:
                campaign = open_campaign(entry.folder)
                check_players_are_not_the_judge({p.letter: p.email for p in campaign.players()},
                                                self.config, "the host's [mail] table")
                self.campaigns[entry.name] = campaign
            except GameError as exc:  # this campaign's trouble is its own
                self.done.problems.append(f"{entry.folder.name}: {exc}")
                self.campaigns[entry.name] = None
        return self.campaigns[entry.name]


def _intake(host: Host, entries: list[Hosted], opened: _Opened, mailbox: Mailbox,
            strays: Strays, done: HostRound, transport: Transport
            ) -> dict[str, tuple[int, int]]:
    """The mailbox read a batch at a time, each campaign's messages of the batch kept and
    answered under its claim (waiting for whoever holds it), against the campaign as it is
    then: its passwords, players, state and deadline read anew for each batch, so that a GM
    command let in between two batches (`gm adjudicate`, `rollback`, `players`) is heeded by
    the next. Only then are the batch's originals moved. A message for a campaign that will
    not open, or whose claim is not had in time, stays in the mailbox for a later round.
    (kept, answered) per campaign."""
    config = host.config
    names = {entry.name.casefold(): entry for entry in entries}
    counts: dict[str, tuple[int, int]] = defaultdict(lambda: (0, 0))
    checked: dict[str, dict[tuple[str, str], bool]] = defaultdict(dict)  # passwords, once
    for batch in mailbox.batches(config.batch, config.max_message_bytes):
        routed: dict[str, list[Fetched]] = defaultdict(list)
        lost: list[Fetched] = []
        left: list[Fetched] = []
        for fetched in batch:
            entry = route(fetched, names, config.max_message_bytes)
            if entry is None:
                lost.append(fetched)
            elif opened(entry) is None:
                left.append(fetched)
            else:
                routed[entry.name].append(fetched)
        spared: list[int] = []  # kept by their headers alone: never deleted
        for name, items in routed.items():
            entry = names[name.casefold()]
            with entry.claim(ANSWER_WAIT_SECONDS) as mine:
                campaign = opened(entry)
                if not mine or campaign is None:
                    left += items  # another holds it still: a later round takes them
                    continue
                send_first(campaign, config, transport)  # a rollback's commitment first
                answerer = answerer_for(campaign, config)
                reads = keep(campaign, items, config, spared, checked[name], answerer.forms)
                answered = answerer.handle(reads) if reads else 0
            kept_before, answered_before = counts[name]
            counts[name] = (kept_before + len(reads), answered_before + answered)
        done.strays += strays.keep(lost, config, spared)
        crash_point("after-store")  # kept and committed: only now may the originals go
        mailbox.done([fetched for fetched in batch if fetched not in left], spared)
        crash_point("after-move")
    return counts


def host_round(host: Host, open_mailbox: Callable[[], AbstractContextManager[Mailbox]],
               transport: Transport) -> HostRound:
    """One round of this worker: the mailbox if no other worker is reading it, then every
    campaign no other worker holds (each opened only then)."""
    began = time.time()  # not game time: only to tell whether another worker came after
    moment = now()  # game time: mail held until a moment waits for a round after this one
    entries, problems = hosted(host.folder)
    done = HostRound(problems=problems)
    opened = _Opened(done, host.config)
    strays = Strays(host.database)
    counts: dict[str, tuple[int, int]] = {}
    with claimed(strays.store, "intake") as reading:
        if reading:
            with open_mailbox() as mailbox:
                counts = _intake(host, entries, opened, mailbox, strays, done, transport)
    for entry in entries:
        if opened.campaigns.get(entry.name, entry) is None:
            continue  # it would not open for the intake: said once
        try:
            with entry.claim() as mine:
                if not mine or (strays.store.round_ended(entry.name) or 0) >= began:
                    continue  # another worker's round has it, or had it since this began
                campaign = opened(entry)
                if campaign is None:
                    continue
                kept, answered = counts.get(entry.name, (0, 0))
                left = handle_left(campaign, host.config, None)
                done.rounds[entry.name] = after_intake(campaign, host.config, transport,
                                                       kept, answered + left, moment)
                strays.store.end_round(entry.name, time.time())
                opened.campaigns.pop(entry.name)  # done: a thousand are not held at once
        except GameError as exc:  # this campaign's trouble is its own
            done.problems.append(f"{entry.folder.name}: {exc}")
    with claimed(strays.store, "strays") as mine:
        if mine:
            strays.send(host.config, transport)
    return done
