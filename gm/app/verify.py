"""Every adjudicated phase of a campaign re-adjudicated from its revealed seed, its salts and
its stored orders, and compared roll by roll and position by position (docs/dice.md); so is
every set-up close whose dice were committed to (a deployment's attrition). Each rollback is
shown between them, as a link of the chain of commitments: the one it abandoned and the fresh
one it made (gm.app.seeds)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gm.app.campaign import Campaign
from gm.app.seeds import RESEEDS, abandoned_commitment, fresh_commitment, reseeded_by
from gm.core.dice import HashDice, commitment, phase_seed, setup_seed
from gm.core.state import GameStateBase


@dataclass(frozen=True)
class PhaseCheck:
    turn: int
    phase: int
    seed: str
    commitment: str
    rolls: int
    same: bool  # the same rolls and the same state as stored
    stage: str | None = None  # a set-up stage's close, not a phase


@dataclass(frozen=True)
class RollbackLink:
    """A rollback in the chain of commitments."""

    entry: int  # its history entry
    turn: int  # the phase it reopened
    phase: int
    reason: str
    abandoned: str | None  # the commitment sent for the phase open before it (None: none was)
    abandoned_turn: int
    abandoned_phase: int
    fresh: str | None  # the commitment to the reopened phase's new seed (None: an older
    # rollback, which kept the seeds)


def verify_campaign(campaign: Campaign) -> list[PhaseCheck | RollbackLink]:
    history = campaign.store.history(campaign.row)
    entries = campaign.store.entries(campaign.row)
    checks: list[PhaseCheck | RollbackLink] = []
    for index, row in enumerate(history):
        if index == 0:
            continue
        before = history[index - 1].state
        salts = tuple(row.detail.get("salts", ()))
        reseeded = reseeded_by(entries, row.seq)
        if row.action.startswith("rollback"):
            checks.append(_link(campaign.row.seed, row.seq, row.detail, before, row.state,
                                reseeded))
            continue
        if row.action.startswith("adjudicate"):
            seed = phase_seed(campaign.row.seed, before.turn, before.phase, reseeded)
            orders = {player: campaign.system.orders_from_json(given)
                      for player, given in row.detail.get("orders", {}).items()}
            dice = HashDice(seed, salts)
            _, after = campaign.system.adjudicate(before, campaign.data, orders, dice)
            stage = None
        elif "salts" in row.detail and campaign.system.setup_stage(command=row.action):
            seed, stage = setup_seed(campaign.row.seed, before.stage), before.stage
            dice = HashDice(seed, salts)
            after, _ = campaign.system.close_setup_stage(before, campaign.data, dice)
        else:
            continue
        same = after.to_json() == row.state.to_json() and \
            dice.log == campaign.store.rolls(campaign.row, row.seq)
        checks.append(PhaseCheck(before.turn, before.phase, seed, commitment(seed),
                                 len(dice.log), same, stage))
    return checks


def _link(campaign_seed: str, entry: int, detail: dict[str, Any], before: GameStateBase,
          reopened: GameStateBase, reseeded: int | None) -> RollbackLink:
    """The rollback at `entry`, from the position `before` it to the one it `reopened`
    (`reseeded`: the rollback that had seeded the phase open before it)."""
    abandoned = abandoned_commitment(campaign_seed, before, reseeded)
    fresh = fresh_commitment(campaign_seed, reopened, int(detail[RESEEDS])) \
        if detail.get(RESEEDS) else None
    return RollbackLink(entry, reopened.turn, reopened.phase, str(detail.get("reason", "")),
                        abandoned, before.turn, before.phase, fresh)
