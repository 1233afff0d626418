"""The store: campaigns, players, every phase's state, orders, results and the dice log.

SQLAlchemy Core, so the same code serves SQLite (a campaign folder's own database) and a
PostgreSQL URL. History is append-only: a change of phase or position adds a state row, with
its dice rolls, in one transaction; nothing is updated in place.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import insert, select

from gm.core.dice import Roll
from gm.core.errors import GameError
from gm.core.state import GameStateBase
from gm.games.registry import system_for
from gm.store.base import Database
from gm.store.mail import MailLike, queue_in
from gm.store.rows import CampaignRow, OrdersRow, PlayerRow, StateRow
from gm.store.schema import campaigns, dice_log, orders, players, results, states


class StateStore(Database):
    """Campaigns, players, every state with its dice, orders and results."""

    def create_campaign(self, name: str, game: str, seed: str, data_dir: str | None,
                        roster: Sequence[PlayerRow], now: dt.datetime) -> CampaignRow:
        with self._tx() as conn:
            campaign_id = conn.execute(insert(campaigns).values(
                name=name, game=game, seed=seed, data_dir=data_dir, created_at=now
            )).inserted_primary_key[0]  # type: ignore[index]
            for p in roster:
                conn.execute(insert(players).values(
                    campaign_id=campaign_id, letter=p.letter, name=p.name, email=p.email,
                    password_hash=p.password_hash))
        return CampaignRow(int(campaign_id), name, game, seed, data_dir)

    def campaign(self, name: str) -> CampaignRow:
        with self._tx() as conn:
            row = conn.execute(select(campaigns).where(campaigns.c.name == name)).first()
        if row is None:
            raise GameError(f"no campaign {name!r} in this store")
        return CampaignRow(row.id, row.name, row.game, row.seed, row.data_dir)

    def players(self, campaign: CampaignRow) -> list[PlayerRow]:
        with self._tx() as conn:
            rows = conn.execute(select(players).where(players.c.campaign_id == campaign.id)
                                .order_by(players.c.letter)).all()
        return [PlayerRow(r.letter, r.name, r.email, r.password_hash) for r in rows]

    def append_state(self, campaign: CampaignRow, action: str, detail: dict[str, Any],
                     state: GameStateBase, rolls: Sequence[Roll], now: dt.datetime,
                     result: str | None = None,
                     mail: Sequence[MailLike] = ()) -> int:
        """Add the next state, the dice rolled to reach it, its result and the mail it
        sends, all in one transaction."""
        with self._tx() as conn:
            last = conn.execute(select(states.c.seq).where(states.c.campaign_id == campaign.id)
                                .order_by(states.c.seq.desc()).limit(1)).scalar()
            seq = 1 if last is None else last + 1
            conn.execute(insert(states).values(
                campaign_id=campaign.id, seq=seq, action=action,
                detail=json.dumps(detail, sort_keys=True), turn=state.turn, phase=state.phase,
                stage=state.stage, state=state.to_json(), created_at=now))
            for n, roll in enumerate(rolls, start=1):
                conn.execute(insert(dice_log).values(
                    campaign_id=campaign.id, state_seq=seq, n=n, purpose=roll.purpose,
                    kind=roll.kind, value=roll.value))
            if result is not None:
                conn.execute(insert(results).values(campaign_id=campaign.id, state_seq=seq,
                                                    result=result))
            for message in mail:
                queue_in(conn, campaign.id, message, now)
        return seq

    def history(self, campaign: CampaignRow) -> list[StateRow]:
        with self._tx() as conn:
            rows = conn.execute(select(states).where(states.c.campaign_id == campaign.id)
                                .order_by(states.c.seq)).all()
        decode = system_for(campaign.game).state_from_json
        return [StateRow(r.seq, r.action, json.loads(r.detail), decode(r.state), r.created_at)
                for r in rows]

    def latest(self, campaign: CampaignRow) -> StateRow:
        with self._tx() as conn:
            row = conn.execute(select(states).where(states.c.campaign_id == campaign.id)
                               .order_by(states.c.seq.desc()).limit(1)).first()
        if row is None:
            raise GameError(f"campaign {campaign.name!r} has no state yet")
        return StateRow(row.seq, row.action, json.loads(row.detail),
                        system_for(campaign.game).state_from_json(row.state), row.created_at)

    def rolls(self, campaign: CampaignRow, seq: int) -> list[Roll]:
        with self._tx() as conn:
            rows = conn.execute(select(dice_log).where(
                (dice_log.c.campaign_id == campaign.id) & (dice_log.c.state_seq == seq))
                .order_by(dice_log.c.n)).all()
        return [Roll(r.purpose, r.kind, r.value) for r in rows]

    def record_orders(self, campaign: CampaignRow, state_seq: int, player: str, raw: str,
                      parsed: str | None, now: dt.datetime) -> None:
        """Orders that came as a file (`gm adjudicate FILES`); `raw` is their redacted text."""
        with self._tx() as conn:
            conn.execute(insert(orders).values(
                campaign_id=campaign.id, state_seq=state_seq, player=player, raw=raw,
                parsed=parsed, received_at=now))

    def result(self, campaign: CampaignRow, state_seq: int) -> str | None:
        with self._tx() as conn:
            value = conn.execute(select(results.c.result).where(
                (results.c.campaign_id == campaign.id) & (results.c.state_seq == state_seq))
            ).scalar()
        return None if value is None else str(value)

    def orders_for(self, campaign: CampaignRow, turn: int, phase: int) -> list[OrdersRow]:
        """Every order message received while this phase was open, oldest first, whatever
        rollbacks happened since (gm rollback keeps orders)."""
        opened = select(states.c.seq).where(
            (states.c.campaign_id == campaign.id) & (states.c.turn == turn)
            & (states.c.phase == phase) & (states.c.stage == "play"))
        with self._tx() as conn:
            rows = conn.execute(select(orders).where(
                (orders.c.campaign_id == campaign.id) & orders.c.state_seq.in_(opened))
                .order_by(orders.c.id)).all()
        return [OrdersRow(r.id, r.state_seq, r.player, r.raw, r.parsed) for r in rows]

    def orders_in_stage(self, campaign: CampaignRow, stage: str) -> list[OrdersRow]:
        """Every order message received in the trading session or the deployment."""
        opened = select(states.c.seq).where(
            (states.c.campaign_id == campaign.id) & (states.c.stage == stage))
        with self._tx() as conn:
            rows = conn.execute(select(orders).where(
                (orders.c.campaign_id == campaign.id) & orders.c.state_seq.in_(opened))
                .order_by(orders.c.id)).all()
        return [OrdersRow(r.id, r.state_seq, r.player, r.raw, r.parsed) for r in rows]

    def update_player(self, campaign: CampaignRow, letter: str, email: str | None = None,
                      password_hash: str | None = None) -> None:
        values = {k: v for k, v in (("email", email), ("password_hash", password_hash)) if v}
        with self._tx() as conn:
            done = conn.execute(players.update().where(
                (players.c.campaign_id == campaign.id) & (players.c.letter == letter))
                .values(**values))
            if done.rowcount != 1:
                raise GameError(f"no player {letter} in this campaign")

    def record_result(self, campaign: CampaignRow, state_seq: int, result: str) -> None:
        with self._tx() as conn:
            conn.execute(insert(results).values(campaign_id=campaign.id, state_seq=state_seq,
                                                result=result))
