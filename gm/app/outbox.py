"""Mail out: each queued message is its own delivery, so one refused recipient never holds up
the rest. A permanent refusal (5xx) marks that message failed and the GM is told (`gm send
--retry ID` tries it again); a temporary one (4xx) or a dropped connection is tried again
later, each time after a longer wait; after `send_attempts` tries it has failed too. A message
that carries a code to confirm a new password, or a password the GM gave, keeps it only until
it is sent (R87, R88)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, Protocol

from gm.app.campaign import Campaign, now
from gm.app.crash import crash_point
from gm.app.passwords import without_secrets
from gm.app.settings import MailConfig
from gm.core.errors import GameError
from gm.store import OutboxRow

BACKOFF_MINUTES = (5, 15, 30, 60, 120, 240, 480, 960)


@dataclass(frozen=True)
class Delivery:
    outcome: Literal["sent", "temporary", "permanent"]
    error: str = ""


class TransportDown(GameError):
    """The mail server cannot be reached at all: nothing was tried, nothing is marked."""


class Transport(Protocol):
    """The GM's outgoing mail server (gm.mail.smtp)."""

    def deliver(self, sender: str, recipient: str, data: bytes) -> Delivery: ...
    def close(self) -> None: ...


@dataclass
class Sent:
    sent: int = 0
    waiting: int = 0  # tried again later
    failed: list[str] = field(default_factory=list)  # one line each, for the GM
    stopped: str | None = None  # why sending stopped early (the server is down)


def wait_after(attempts: int) -> dt.timedelta:
    """How long a message waits after its `attempts`-th temporary failure."""
    return dt.timedelta(minutes=BACKOFF_MINUTES[min(attempts, len(BACKOFF_MINUTES)) - 1])


def send_due(campaign: Campaign, config: MailConfig, transport: Transport,
             rows: list[OutboxRow] | None = None, began: dt.datetime | None = None) -> Sent:
    """Send every message that is due (or `rows`), each in its own delivery; `began`: when
    the round sending began (a message held until a moment, anonymous press, goes out in a
    round after the one that queued it, R82)."""
    report = Sent()
    for row in campaign.store.due(campaign.row, now(), began) if rows is None else rows:
        data = row.raw.replace("\r\n", "\n").replace("\n", "\r\n").encode("utf-8")
        try:
            delivery = transport.deliver(config.gm_address, row.recipient, data)
        except TransportDown as exc:
            report.stopped = str(exc)
            break
        if delivery.outcome == "sent":
            crash_point("after-send")
            campaign.store.mark_sent(row, now(), without_secrets(row.kind, row.raw))
            report.sent += 1
            continue
        _unsent(campaign, config, row, delivery, report)
    return report


def _unsent(campaign: Campaign, config: MailConfig, row: OutboxRow, delivery: Delivery,
            report: Sent) -> None:
    attempts = row.attempts + 1
    gives_up = delivery.outcome == "permanent" or attempts >= config.send_attempts
    what = f"{row.kind} to {row.recipient} (outbox {row.id})"
    if not gives_up:
        campaign.store.mark_unsent(campaign.row, row, "retry", delivery.error,
                                   now() + wait_after(attempts), None, now())
        report.waiting += 1
        return
    line = (f"{what} failed after {attempts} attempt(s): {delivery.error}; "
            f"`gm send {campaign.folder} --retry {row.id}` tries again")
    # The digest's own failure is not put in the next digest: that would loop.
    notice = None if row.kind == "digest" else ("failed", line)
    campaign.store.mark_unsent(campaign.row, row, "failed", delivery.error, None, notice,
                               now())
    report.failed.append(line)


def retry(campaign: Campaign, config: MailConfig, transport: Transport,
          outbox_id: int) -> Sent:
    row = campaign.store.requeue(campaign.row, outbox_id)
    if row is None:
        raise GameError(f"outbox {outbox_id} is neither failed nor waiting to be tried again "
                        "(`gm send --list` shows the queue)")
    return send_due(campaign, config, transport, [row])


def send_with(campaign: Campaign, config: MailConfig,
              connect: Callable[[MailConfig], Transport]) -> Sent:
    """Send what is due through a transport opened for it, and close it."""
    transport = connect(config)
    try:
        return send_due(campaign, config, transport)
    finally:
        transport.close()


FIRST = ("rollback",)  # sent before a round takes any mail in: a rollback's notice commits to
# the reopened phase's fresh seed before any order for it is taken again (gm.app.seeds)


def send_first(campaign: Campaign, config: MailConfig, transport: Transport) -> Sent:
    """The notices that must be out before a round takes mail in, sent."""
    rows = [row for row in campaign.store.due(campaign.row, now()) if row.kind in FIRST]
    return send_due(campaign, config, transport, rows) if rows else Sent()
