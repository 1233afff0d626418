"""One round of a host's worker (`gm run HOST --all`): the shared mailbox read and routed by
whichever worker claims it, then each campaign's round by whichever worker claims that
campaign. Any number of workers, on one machine or, with PostgreSQL, on several, may run at
once: a claim is held by one worker at a time (gm.store.claims), so no phase is adjudicated
twice, no message answered twice, no report sent twice; a worker that dies lets go of its
claims and the next round does what it left."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

from gm.app.answering import Answerer
from gm.app.campaign import Campaign, PasswordCache
from gm.app.crash import crash_point
from gm.app.hosting import Host, open_hosted, route
from gm.app.intake import Fetched, Mailbox, answerer_for, handle_left, keep
from gm.app.outbox import Transport
from gm.app.rounds import Round, after_intake
from gm.app.strays import Strays
from gm.core.errors import GameError
from gm.store.claims import claimed

ANSWER_WAIT_SECONDS = 120  # a campaign another worker holds: its round ends well before this


@dataclass
class HostRound:
    rounds: dict[str, Round] = field(default_factory=dict)
    read_mail: bool = False  # this worker read the mailbox (another one may have)
    strays: int = 0  # messages for no hosted game, kept
    problems: list[str] = field(default_factory=list)


def _campaign_claim(campaign: Campaign, wait: float = 0) -> AbstractContextManager[bool]:
    return claimed(campaign.store, f"campaign:{campaign.row.id}", wait)


def _intake(host: Host, campaigns: list[Campaign], mailbox: Mailbox, strays: Strays,
            done: HostRound) -> dict[str, tuple[int, int]]:
    """The mailbox read, every message kept where it goes, then answered under its campaign's
    claim (waiting for a worker that holds it). (kept, answered) per campaign."""
    config = host.config
    names = {c.name.casefold(): c for c in campaigns}
    passwords = {c.name: PasswordCache(c.players()) for c in campaigns}
    answerers: dict[str, Answerer] = {}
    counts: dict[str, tuple[int, int]] = defaultdict(lambda: (0, 0))
    for batch in mailbox.batches(config.batch, config.max_message_bytes):
        routed: dict[str, list[Fetched]] = defaultdict(list)
        lost: list[Fetched] = []
        for fetched in batch:
            campaign = route(fetched, names, config.max_message_bytes)
            (routed[campaign.name] if campaign else lost).append(fetched)
        readings = {name: keep(names[name.casefold()], items, config, passwords[name])
                    for name, items in routed.items()}
        done.strays += strays.keep(lost, config)
        crash_point("after-store")
        mailbox.done(batch)
        crash_point("after-move")
        for name, reads in readings.items():
            campaign = names[name.casefold()]
            answered = 0
            with _campaign_claim(campaign, ANSWER_WAIT_SECONDS) as mine:
                if mine and reads:
                    answerers[name] = answerers.get(name) or answerer_for(campaign, config)
                    answered = answerers[name].handle(reads)
            kept_before, answered_before = counts[name]
            counts[name] = (kept_before + len(reads), answered_before + answered)
    return counts


def host_round(host: Host, open_mailbox: Callable[[], AbstractContextManager[Mailbox]],
               transport: Transport) -> HostRound:
    """One round of this worker: the mailbox if no other worker is reading it, then every
    campaign no other worker holds."""
    campaigns, problems = open_hosted(host)
    done = HostRound(problems=problems)
    strays = Strays(host.database)
    counts: dict[str, tuple[int, int]] = {}
    with claimed(strays.store, "intake") as reading:
        if reading:
            done.read_mail = True
            with open_mailbox() as mailbox:
                counts = _intake(host, campaigns, mailbox, strays, done)
    for campaign in campaigns:
        with _campaign_claim(campaign) as mine:
            if not mine:
                continue  # another worker's round has it
            kept, answered = counts.get(campaign.name, (0, 0))
            try:
                left = handle_left(campaign, host.config, None)
                done.rounds[campaign.name] = after_intake(campaign, host.config, transport,
                                                          kept, answered + left)
            except GameError as exc:  # this campaign's trouble is its own
                done.problems.append(f"{campaign.folder.name}: {exc}")
    with claimed(strays.store, "strays") as mine:
        if mine:
            strays.send(host.config, transport)
    return done
