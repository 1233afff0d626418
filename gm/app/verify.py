"""Every adjudicated phase of a campaign re-adjudicated from its revealed seed, its salts and
its stored orders, and compared roll by roll and position by position (docs/dice.md); so is
every set-up close whose dice were committed to (a deployment's attrition)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.app.campaign import Campaign
from gm.core.dice import HashDice, commitment, phase_seed, setup_seed


@dataclass(frozen=True)
class PhaseCheck:
    turn: int
    phase: int
    seed: str
    commitment: str
    rolls: int
    same: bool  # the same rolls and the same state as stored
    stage: str | None = None  # a set-up stage's close, not a phase


def verify_campaign(campaign: Campaign) -> list[PhaseCheck]:
    history = campaign.store.history(campaign.row)
    checks = []
    for index, row in enumerate(history):
        if index == 0:
            continue
        before = history[index - 1].state
        salts = tuple(row.detail.get("salts", ()))
        if row.action.startswith("adjudicate"):
            seed = phase_seed(campaign.row.seed, before.turn, before.phase)
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
