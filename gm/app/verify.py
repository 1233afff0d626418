"""Every adjudicated phase of a campaign re-adjudicated from its revealed seed, its salts and
its stored orders, and compared roll by roll and position by position (docs/dice.md)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.app.campaign import Campaign
from gm.core.dice import HashDice, commitment, phase_seed


@dataclass(frozen=True)
class PhaseCheck:
    turn: int
    phase: int
    seed: str
    commitment: str
    rolls: int
    same: bool  # the same rolls and the same state as stored


def verify_campaign(campaign: Campaign) -> list[PhaseCheck]:
    history = campaign.store.history(campaign.row)
    checks = []
    for index, row in enumerate(history):
        if not row.action.startswith("adjudicate") or index == 0:
            continue
        before = history[index - 1].state
        seed = phase_seed(campaign.row.seed, before.turn, before.phase)
        orders = {player: campaign.system.orders_from_json(given)
                  for player, given in row.detail.get("orders", {}).items()}
        dice = HashDice(seed, tuple(row.detail.get("salts", ())))
        _, after = campaign.system.adjudicate(before, campaign.data, orders, dice)
        same = after.to_json() == row.state.to_json() and \
            dice.log == campaign.store.rolls(campaign.row, row.seq)
        checks.append(PhaseCheck(before.turn, before.phase, seed, commitment(seed),
                                 len(dice.log), same))
    return checks
