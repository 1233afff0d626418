"""The store's password changes asked by mail (R87): each waits, hashed, for the code mailed
for it to the player's address on file; it is written, and confirmed, with the handling of
the message that asks or confirms (gm.store.mail)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import NamedTuple

from gm.store.base import Database, Row, Sql
from gm.store.rows import CampaignRow, PasswordChange


class PendingChange(NamedTuple):
    id: int
    created_at: dt.datetime


def _utc(moment: dt.datetime) -> dt.datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _pending(r: Row) -> PendingChange:
    return PendingChange(int(r["id"]), _utc(r["created_at"]))


def write_change(sql: Sql, campaign_id: int, change: PasswordChange, inbox_id: int | None,
                 now: dt.datetime) -> None:
    """In a transaction already open: a change asked kept pending, or one confirmed made (the
    player's password replaced, the change done and any other pending for him void), once:
    a change no longer pending is left as it is. A change asked from the player's own
    address voids those asked from elsewhere and waiting."""
    if change.confirms is None:
        if change.own:  # asked from his own address: what others asked is void (R87)
            sql.execute("UPDATE password_changes SET state = 'void', done_at = :now WHERE "
                        "campaign_id = :campaign AND player = :player AND state = 'pending' "
                        "AND (own IS NULL OR own = 0)", now=now, campaign=campaign_id,
                        player=change.player)
        sql.insert("password_changes", {
            "campaign_id": campaign_id, "player": change.player,
            "password_hash": change.password_hash, "code_hash": change.code_hash,
            "inbox_id": inbox_id, "created_at": now, "expires_at": change.expires_at,
            "state": "pending", "sender_address": change.sender_address,
            "own": int(change.own)})
        return
    found = sql.first("SELECT password_hash FROM password_changes WHERE id = :id AND "
                      "campaign_id = :campaign AND player = :player AND state = 'pending'",
                      id=change.confirms, campaign=campaign_id, player=change.player)
    if found is None:
        return
    sql.execute("UPDATE players SET password_hash = :hash WHERE campaign_id = :campaign AND "
                "letter = :letter", hash=found["password_hash"], campaign=campaign_id,
                letter=change.player)
    sql.execute("UPDATE password_changes SET state = CASE WHEN id = :id THEN 'done' ELSE "
                "'void' END, done_at = :now WHERE campaign_id = :campaign AND player = "
                ":player AND state = 'pending'", id=change.confirms, now=now,
                campaign=campaign_id, player=change.player)


def void_changes(sql: Sql, campaign_id: int, player: str, now: dt.datetime) -> None:
    """Every change pending for the player made void (the GM gave him a new password, or a
    new address: the codes went to the one he had)."""
    sql.execute("UPDATE password_changes SET state = 'void', done_at = :now WHERE campaign_id "
                "= :campaign AND player = :player AND state = 'pending'", now=now,
                campaign=campaign_id, player=player)


class PasswordStore(Database):
    def pending_change(self, campaign: CampaignRow, player: str, code_hash: str,
                       now: dt.datetime) -> PendingChange | None:
        """The player's change pending with that code, unless it has expired."""
        with self._tx() as sql:
            row = sql.first("SELECT id, created_at FROM password_changes WHERE campaign_id = "
                            ":campaign AND player = :player AND code_hash = :code AND state = "
                            "'pending' AND expires_at > :now", campaign=campaign.id,
                            player=player, code=code_hash, now=now)
        return None if row is None else _pending(row)

    def confirmable(self, campaign: CampaignRow, codes: Iterable[tuple[str, str]],
                    now: dt.datetime) -> dict[str, list[str]]:
        """Per player, the hashes of the new passwords waiting for these codes ((player,
        code hash) pairs), unless expired."""
        found: dict[str, list[str]] = {}
        wanted = sorted(set(codes))
        if not wanted:
            return found
        with self._tx() as sql:
            for player, code in wanted:
                row = sql.first("SELECT password_hash FROM password_changes WHERE campaign_id "
                                "= :campaign AND player = :player AND code_hash = :code AND "
                                "state = 'pending' AND expires_at > :now", campaign=campaign.id,
                                player=player, code=code, now=now)
                if row is not None:
                    found.setdefault(player, []).append(str(row["password_hash"]))
        return found

    def changes_asked(self, campaign: CampaignRow, player: str, since: dt.datetime
                      ) -> list[tuple[str, bool]]:
        """The changes of the player's password asked by mail since then: each one's asking
        address ("" unknown) and whether it was his own."""
        with self._tx() as sql:
            rows = sql.all("SELECT sender_address, own FROM password_changes WHERE campaign_id "
                           "= :campaign AND player = :player AND created_at >= :since",
                           campaign=campaign.id, player=player, since=since)
        return [(str(r["sender_address"] or ""), bool(r["own"])) for r in rows]
