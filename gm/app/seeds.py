"""Which seed a phase's dice come from (docs/dice.md). A rollback reopens phases whose seeds the
reports have revealed: played again with them, a player who read one could choose his SALT, or
his orders, knowing the dice (issue 36). So a rollback seeds afresh every phase that opens after
it (the rollback's number goes into the seed: the GM cannot choose it by adding entries), its
notice commits to the reopened phase's new seed before any order is taken again, and only the
salts sent after it count (the GM had seen the earlier ones when he rolled back)."""

from __future__ import annotations

from collections.abc import Sequence

from gm.core.dice import commitment, phase_seed
from gm.store.rows import EntryRow

RESEEDS = "reseeds"  # in a rollback's detail: its number, 1 for the campaign's first; the
# phases after it are seeded afresh (issue 36: an older rollback kept the seeds, and its
# campaign is verified as it was played)


def latest_reseed(entries: Sequence[EntryRow], before: int | None = None) -> EntryRow | None:
    """The latest rollback that seeds afresh among the entries before entry `before` (all of
    them when None)."""
    found = [row for row in entries if (before is None or row.seq < before) and
             row.action.startswith("rollback") and bool(row.detail.get(RESEEDS))]
    return found[-1] if found else None


def reseeded_by(entries: Sequence[EntryRow], before: int | None = None) -> int | None:
    """The number of the rollback that seeded the phases open before entry `before` afresh;
    None: they keep the seeds of docs/dice.md's step 1."""
    row = latest_reseed(entries, before)
    return None if row is None else int(row.detail[RESEEDS])


def next_reseed(entries: Sequence[EntryRow]) -> int:
    """The number a rollback made now takes."""
    return 1 + sum(1 for row in entries if row.action.startswith("rollback") and
                   row.detail.get(RESEEDS))


def open_commitment(campaign_seed: str, entries: Sequence[EntryRow]) -> str:
    """What the players were sent as the commitment to the seed of the phase open after the
    last of `entries`."""
    last = entries[-1]
    return commitment(phase_seed(campaign_seed, last.turn, last.phase, reseeded_by(entries)))
