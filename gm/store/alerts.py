"""The store's alerts: what a player's own address is told about his password (gm.app.alerts).
Each alert is written with the handling of the message that caused it (gm.store.mail); the
message that tells them is queued, and the alerts marked told, in one transaction."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import NamedTuple

from gm.store.base import Database, Row, within
from gm.store.mail import MailLike, queue_in
from gm.store.rows import CampaignRow


class AlertRow(NamedTuple):
    id: int
    player: str
    kind: str
    sender_address: str | None
    text: str
    created_at: dt.datetime
    inbox_id: int | None


def _utc(moment: dt.datetime) -> dt.datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _alert_row(r: Row) -> AlertRow:
    return AlertRow(r["id"], r["player"], r["kind"], r["sender_address"], r["text"],
                    _utc(r["created_at"]), r["inbox_id"])


class AlertStore(Database):
    def wrong_passwords_since(self, campaign: CampaignRow, since: dt.datetime
                              ) -> dict[str, list[dt.datetime]]:
        """Per player: when each wrong password given for him since then came, from any
        address, oldest first."""
        with self._tx() as sql:
            rows = sql.all("SELECT player, created_at FROM alerts WHERE campaign_id = "
                           ":campaign AND kind = 'wrong' AND created_at >= :since ORDER BY "
                           "created_at, id", campaign=campaign.id, since=since)
        found: dict[str, list[dt.datetime]] = {}
        for r in rows:
            found.setdefault(str(r["player"]), []).append(_utc(r["created_at"]))
        return found

    def untold_alerts(self, campaign: CampaignRow) -> list[AlertRow]:
        with self._tx() as sql:
            rows = sql.all("SELECT * FROM alerts WHERE campaign_id = :campaign AND told_at IS "
                           "NULL ORDER BY id", campaign=campaign.id)
        return [_alert_row(r) for r in rows]

    def last_told(self, campaign: CampaignRow) -> dict[str, dt.datetime]:
        """Per player: when he was last told of his alerts."""
        with self._tx() as sql:
            rows = sql.all("SELECT player, max(told_at) AS told_at FROM alerts WHERE "
                           "campaign_id = :campaign AND told_at IS NOT NULL GROUP BY player",
                           campaign=campaign.id)
        return {str(r["player"]): _utc(r["told_at"]) for r in rows}

    def tell_alerts(self, campaign: CampaignRow, ids: Sequence[int], message: MailLike,
                    notice: tuple[str, str], now: dt.datetime) -> None:
        """Queue the message that tells a player his alerts, mark them told by it and note it
        for the GM's digest, in one transaction."""
        marked, params = within(list(ids))
        with self._tx() as sql:
            queue_in(sql, campaign.id, message, now)
            sql.execute(f"UPDATE alerts SET told_at = :now, told_in = :told_in WHERE id IN "
                        f"{marked} AND told_at IS NULL", now=now, told_in=message.message_id,
                        **params)
            sql.insert("notices", {"campaign_id": campaign.id, "created_at": now,
                                   "kind": notice[0], "text": notice[1]})
