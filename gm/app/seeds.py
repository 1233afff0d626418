"""Which seed a phase's dice come from (docs/dice.md). A rollback reopens phases whose seeds the
reports have revealed: played again with them, a player who read one could choose his SALT, or
his orders, knowing the dice (issue 36). So a rollback seeds afresh every phase that opens after
it (its history entry goes into the seed), and its notice commits to the reopened phase's new
seed before any order is taken again."""

from __future__ import annotations

from collections.abc import Sequence

from gm.core.dice import commitment, phase_seed
from gm.store.rows import EntryRow

RESEEDS = "reseeds"  # in a rollback's detail: the phases after it are seeded afresh (issue 36;
# an older rollback kept the seeds, and its campaign is verified as it was played)


def reseeded_by(entries: Sequence[EntryRow], before: int | None = None) -> int | None:
    """The entry of the latest rollback that seeds afresh, among the entries before entry
    `before` (all of them when None); None: the phases keep the seeds of docs/dice.md's step 1."""
    for row in reversed(entries):
        if before is not None and row.seq >= before:
            continue
        if row.action.startswith("rollback") and row.detail.get(RESEEDS):
            return int(row.seq)
    return None


def open_phase_seed(campaign_seed: str, entries: Sequence[EntryRow]) -> str:
    """The seed of the phase open after the last of `entries`."""
    last = entries[-1]
    return phase_seed(campaign_seed, last.turn, last.phase, reseeded_by(entries))


def open_commitment(campaign_seed: str, entries: Sequence[EntryRow]) -> str:
    """What the players were sent as the commitment to the open phase's seed."""
    return commitment(open_phase_seed(campaign_seed, entries))
