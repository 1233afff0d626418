"""The store: campaigns, players, every phase's state, orders, results and the dice log.

SQL through gm.store.base, so the same code serves SQLite (a campaign folder's own database)
and a PostgreSQL URL. History is append-only: a change of phase or position adds a state row,
with its dice rolls, in one transaction; nothing is updated in place. A state is added only on
the entry its operation started from (compare-and-swap): of two operations racing from one
entry, one is stored and the other stores nothing and is told.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gm.core.dice import Roll
from gm.core.errors import GameError, Superseded
from gm.games.registry import system_for
from gm.store.base import Database, Row, is_integrity_error
from gm.store.mail import MailLike, held_in, queue_in, release_in
from gm.store.passwords import void_changes
from gm.store.rows import CampaignRow, EntryRow, OrdersRow, PlayerRow, StateRow, new_mail_tag

if TYPE_CHECKING:
    from gm.core.state import GameStateBase

OrdersIn = tuple[str, str, str | None]  # an order message: player, redacted text, parsed JSON
OPENED_IN = ("SELECT seq FROM states WHERE campaign_id = :campaign AND turn = :turn "
             "AND phase = :phase AND stage = 'play'")


def _superseded(campaign: CampaignRow, after: int, last: Row | None) -> Superseded:
    now = "another entry came after" if last is None else \
        f"its last entry is {last['seq']} ({last['action']}), not"
    return Superseded(f"campaign {campaign.name} changed while this was being done: {now} "
                      f"entry {after}, which this started from; nothing of this was stored")


def _orders_row(r: Row) -> OrdersRow:
    return OrdersRow(r["id"], r["state_seq"], r["player"], r["raw"], r["parsed"])


class StateStore(Database):
    """Campaigns, players, every state with its dice, orders and results."""

    def create_campaign(self, name: str, game: str, seed: str, data_dir: str | None,
                        roster: Sequence[PlayerRow], now: dt.datetime,
                        mail_tag: str | None = None) -> CampaignRow:
        """A new campaign with its players; its mail tag drawn (new_mail_tag) unless given."""
        mail_tag = mail_tag or new_mail_tag()
        with self._tx() as sql:
            campaign_id = sql.insert("campaigns", {
                "name": name, "game": game, "seed": seed, "data_dir": data_dir,
                "created_at": now, "mail_tag": mail_tag}, returning="id")
            for p in roster:
                sql.insert("players", {"campaign_id": campaign_id, "letter": p.letter,
                                       "name": p.name, "email": p.email,
                                       "password_hash": p.password_hash})
        return CampaignRow(int(campaign_id), name, game, seed, data_dir, mail_tag)

    def campaign(self, name: str) -> CampaignRow:
        with self._tx() as sql:
            row = sql.first("SELECT * FROM campaigns WHERE name = :name", name=name)
        if row is None:
            raise GameError(f"no campaign {name!r} in this store")
        return CampaignRow(row["id"], row["name"], row["game"], row["seed"], row["data_dir"],
                           row["mail_tag"])

    def players(self, campaign: CampaignRow) -> list[PlayerRow]:
        with self._tx() as sql:
            rows = sql.all("SELECT * FROM players WHERE campaign_id = :campaign ORDER BY letter",
                           campaign=campaign.id)
        return [PlayerRow(r["letter"], r["name"], r["email"], r["password_hash"]) for r in rows]

    def append_state(self, campaign: CampaignRow, action: str, detail: dict[str, Any],
                     state: GameStateBase, rolls: Sequence[Roll], now: dt.datetime, *,
                     after: int, result: str | None = None, mail: Sequence[MailLike] = (),
                     orders: Sequence[OrdersIn] = (),
                     release: Callable[[str], str] | None = None,
                     password: tuple[str, str] | None = None) -> int:
        """Add the next state, the dice rolled to reach it, its result, the mail it sends and
        the order messages it was made from (`orders`: recorded against entry `after`), all in
        one transaction; returns its seq. `release`: the held mail (anonymous press) goes too,
        after that mail, each message given its Date by it (gm.store.mail.release_in). A state
        that ends the game is stored only with a release, if any mail is held: after it there
        are no reports to release it (R82). `password`: (player, hash) a password the GM gives
        him, made his with the entry that records it (every change he asked by mail void).

        Compare-and-swap on the history (issue 24): `after` is the seq of the entry the
        operation started from (0: none yet), and the state is added only while that is still
        the last one. If another came between, Superseded is raised and nothing is stored."""
        from gm.core.state import ENDED  # lazy: pydantic, which a state here has loaded

        with self._tx(write=True) as sql:
            if self.dialect == "postgresql":  # one appender a campaign at a time: the next
                sql.execute("SELECT id FROM campaigns WHERE id = :campaign FOR UPDATE",
                            campaign=campaign.id)  # waits, then reads what the first added
            last = sql.first("SELECT seq, action FROM states WHERE campaign_id = :campaign "
                             "ORDER BY seq DESC LIMIT 1", campaign=campaign.id)
            if (0 if last is None else int(last["seq"])) != after:
                raise _superseded(campaign, after, last)
            seq = after + 1
            try:  # (campaign_id, seq) is the key: a writer that takes no lock still loses
                sql.insert("states", {
                    "campaign_id": campaign.id, "seq": seq, "action": action,
                    "detail": json.dumps(detail, sort_keys=True), "turn": state.turn,
                    "phase": state.phase, "stage": state.stage, "state": state.to_json(),
                    "created_at": now})
            except Exception as exc:
                if is_integrity_error(exc):
                    raise _superseded(campaign, after, None) from None
                raise
            for n, roll in enumerate(rolls, start=1):
                sql.insert("dice_log", {"campaign_id": campaign.id, "state_seq": seq, "n": n,
                                        "purpose": roll.purpose, "kind": roll.kind,
                                        "value": roll.value})
            if result is not None:
                sql.insert("results", {"campaign_id": campaign.id, "state_seq": seq,
                                       "result": result})
            for message in mail:
                queue_in(sql, campaign.id, message, now)
            if release is not None:
                release_in(sql, campaign.id, release)
            elif state.stage == ENDED and held_in(sql, campaign.id):
                raise GameError(f"campaign {campaign.name} would end with anonymous press held "
                                "for reports that will never come: its end must release it "
                                "(R82); nothing of this was stored")
            for player, raw, parsed in orders:
                sql.insert("orders", {"campaign_id": campaign.id, "state_seq": after,
                                      "player": player, "raw": raw, "parsed": parsed,
                                      "received_at": now})
            if password is not None:
                letter, password_hash = password
                done = sql.execute("UPDATE players SET password_hash = :hash WHERE campaign_id "
                                   "= :campaign AND letter = :letter", hash=password_hash,
                                   campaign=campaign.id, letter=letter)
                if done.rowcount != 1:
                    raise GameError(f"no player {letter} in this campaign")
                void_changes(sql, campaign.id, letter, now)  # R87: the GM's reset voids them
        return seq

    def last_entry(self, campaign: CampaignRow) -> tuple[int, str]:
        """(seq, action) of the campaign's last entry; (0, "") before the first."""
        with self._tx() as sql:
            row = sql.first("SELECT seq, action FROM states WHERE campaign_id = :campaign "
                            "ORDER BY seq DESC LIMIT 1", campaign=campaign.id)
        return (0, "") if row is None else (int(row["seq"]), str(row["action"]))

    def _state_row(self, campaign: CampaignRow, r: Row) -> StateRow:
        return StateRow(r["seq"], r["action"], json.loads(r["detail"]),
                        system_for(campaign.game).state_from_json(r["state"]), r["created_at"])

    def entries(self, campaign: CampaignRow) -> list[EntryRow]:
        """The whole history without decoding a single state: for the commands that need to
        know what happened, not the position after each step."""
        with self._tx() as sql:
            rows = sql.all("SELECT seq, action, detail, stage, turn, phase, created_at FROM "
                           "states WHERE campaign_id = :campaign ORDER BY seq",
                           campaign=campaign.id)
        return [EntryRow(r["seq"], r["action"], json.loads(r["detail"]), r["stage"], r["turn"],
                         r["phase"], r["created_at"]) for r in rows]

    def state_at(self, campaign: CampaignRow, seq: int) -> StateRow:
        with self._tx() as sql:
            row = sql.first("SELECT * FROM states WHERE campaign_id = :campaign AND seq = :seq",
                            campaign=campaign.id, seq=seq)
        if row is None:
            raise GameError(f"campaign {campaign.name!r} has no entry {seq}")
        return self._state_row(campaign, row)

    def history(self, campaign: CampaignRow) -> list[StateRow]:
        with self._tx() as sql:
            rows = sql.all("SELECT * FROM states WHERE campaign_id = :campaign ORDER BY seq",
                           campaign=campaign.id)
        return [self._state_row(campaign, r) for r in rows]

    def latest(self, campaign: CampaignRow) -> StateRow:
        with self._tx() as sql:
            row = sql.first("SELECT * FROM states WHERE campaign_id = :campaign "
                            "ORDER BY seq DESC LIMIT 1", campaign=campaign.id)
        if row is None:
            raise GameError(f"campaign {campaign.name!r} has no state yet")
        return self._state_row(campaign, row)

    def rolls(self, campaign: CampaignRow, seq: int) -> list[Roll]:
        with self._tx() as sql:
            rows = sql.all("SELECT * FROM dice_log WHERE campaign_id = :campaign AND "
                           "state_seq = :seq ORDER BY n", campaign=campaign.id, seq=seq)
        return [Roll(r["purpose"], r["kind"], r["value"]) for r in rows]

    def record_orders(self, campaign: CampaignRow, state_seq: int, player: str, raw: str,
                      parsed: str | None, now: dt.datetime) -> None:
        """An order message against entry `state_seq` (typed at the table, `gm play`); `raw` is
        its redacted text. Those a state is made from go in with it (append_state's `orders`)."""
        with self._tx() as sql:
            sql.insert("orders", {"campaign_id": campaign.id, "state_seq": state_seq,
                                  "player": player, "raw": raw, "parsed": parsed,
                                  "received_at": now})

    def result(self, campaign: CampaignRow, state_seq: int) -> str | None:
        with self._tx() as sql:
            value = sql.scalar("SELECT result FROM results WHERE campaign_id = :campaign AND "
                               "state_seq = :seq", campaign=campaign.id, seq=state_seq)
        return None if value is None else str(value)

    def orders_for(self, campaign: CampaignRow, turn: int, phase: int) -> list[OrdersRow]:
        """Every order message received while this phase was open, oldest first, whatever
        rollbacks happened since (gm rollback keeps orders)."""
        with self._tx() as sql:
            rows = sql.all(f"SELECT * FROM orders WHERE campaign_id = :campaign AND state_seq "
                           f"IN ({OPENED_IN}) ORDER BY id", campaign=campaign.id, turn=turn,
                           phase=phase)
        return [_orders_row(r) for r in rows]

    def orders_in_play(self, campaign: CampaignRow) -> list[OrdersRow]:
        """Every order message received since the game began, oldest first (a standard game's
        standing orders are taken from them)."""
        with self._tx() as sql:
            rows = sql.all("SELECT * FROM orders WHERE campaign_id = :campaign AND state_seq "
                           "IN (SELECT seq FROM states WHERE campaign_id = :campaign AND "
                           "stage = 'play') ORDER BY id", campaign=campaign.id)
        return [_orders_row(r) for r in rows]

    def orders_in_stage(self, campaign: CampaignRow, stage: str) -> list[OrdersRow]:
        """Every order message received in the trading session or the deployment."""
        with self._tx() as sql:
            rows = sql.all("SELECT * FROM orders WHERE campaign_id = :campaign AND state_seq "
                           "IN (SELECT seq FROM states WHERE campaign_id = :campaign AND "
                           "stage = :stage) ORDER BY id", campaign=campaign.id, stage=stage)
        return [_orders_row(r) for r in rows]

    def update_player(self, campaign: CampaignRow, letter: str, email: str | None = None,
                      password_hash: str | None = None, now: dt.datetime | None = None
                      ) -> None:
        values = {k: v for k, v in (("email", email), ("password_hash", password_hash)) if v}
        if not values:
            return
        assignments = ", ".join(f"{k} = :{k}" for k in values)
        with self._tx() as sql:
            before = sql.first("SELECT email FROM players WHERE campaign_id = :campaign AND "
                               "letter = :letter", campaign=campaign.id, letter=letter)
            done = sql.execute(f"UPDATE players SET {assignments} WHERE campaign_id = "
                               ":campaign AND letter = :letter", campaign=campaign.id,
                               letter=letter, **values)
            if done.rowcount != 1 or before is None:
                raise GameError(f"no player {letter} in this campaign")
            moved = email is not None and email.casefold() != str(before["email"]).casefold()
            if password_hash or moved:  # a change asked by mail and not yet confirmed is
                # void (R87): the GM gave him a new password, or its code went to the address
                # he had
                void_changes(sql, campaign.id, letter, now or dt.datetime.now(dt.UTC))

    def record_result(self, campaign: CampaignRow, state_seq: int, result: str) -> None:
        with self._tx() as sql:
            sql.insert("results", {"campaign_id": campaign.id, "state_seq": state_seq,
                                   "result": result})
