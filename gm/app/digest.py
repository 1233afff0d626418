"""The GM's digest: one message that gathers what needs him since the last one (refused
senders, messages left unanswered as automatic or as a loop, failed deliveries, players'
passwords from addresses not on file, the players told about their passwords), at most
PER_HEADING lines under each heading."""

from __future__ import annotations

from itertools import groupby

from gm.app.alerts import queue_alerts
from gm.app.campaign import Campaign, now
from gm.app.settings import MailConfig

PER_HEADING = 50  # notices shown under one heading; the rest counted
HEADINGS = {
    "refused": "Refused senders (nothing of theirs counts)",
    "alerts": "Players told about their password (wrong ones tried, use from another address)",
    "stranger": "A player's password from an address not on file (his own address is told)",
    "password": "Passwords asked and confirmed by mail (each with a code mailed to the player)",
    "automated": "Not answered: auto-replies, bounces and list mail (RFC 3834)",
    "capped": "Not answered: the per-address cap (answers_per_hour) was reached",
    "failed": "Deliveries that failed",
    "error": "Messages this program failed on (kept; please report them)",
}


def queue_digest(campaign: Campaign, config: MailConfig) -> int:
    """Queue a digest of the notices not yet sent to the GM (the players' alerts due first,
    whose telling is one); how many it carries."""
    queue_alerts(campaign, config)
    found = campaign.store.undigested(campaign.row)
    if not found:
        return 0
    moment = now()
    lines = [f"Gamesmaster: {len(found)} thing(s) in campaign {campaign.name} need you.", ""]
    order = list(HEADINGS)
    ranked = sorted(found, key=lambda n: (order.index(n.kind) if n.kind in order else 99, n.id))
    for kind, group in groupby(ranked, key=lambda n: n.kind):
        notices = list(group)
        lines.append(HEADINGS.get(kind, kind) + ":")
        lines += [f"  - {n.created_at:%Y-%m-%d %H:%M} {n.text}" for n in notices[:PER_HEADING]]
        if len(notices) > PER_HEADING:  # a flood of forged mail makes no flood of text
            lines.append(f"  - and {len(notices) - PER_HEADING} more of these, from "
                         f"{notices[PER_HEADING].created_at:%Y-%m-%d %H:%M} to "
                         f"{notices[-1].created_at:%Y-%m-%d %H:%M}")
        lines.append("")
    from gm.messages.compose import notice_mail  # lazy: composing mail, when there is some

    mail = notice_mail(campaign.row, config.gm_address, config.gm_inbox, "digest",
                       str(found[-1].id), f"{campaign.name}: {len(found)} thing(s) for the GM",
                       "\n".join(lines), moment.astimezone(config.zone()))
    campaign.store.digest(campaign.row, [n.id for n in found], mail, moment)
    return len(found)
