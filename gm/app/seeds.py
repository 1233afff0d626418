"""Which seed a phase's dice come from (docs/dice.md). A rollback reopens phases whose seeds the
reports have revealed: played again with them, a player who read one could choose his SALT, or
his orders, knowing the dice (issue 36). So a rollback seeds afresh every phase that opens after
it (the rollback's number goes into the seed: the GM cannot choose it by adding entries), its
notice commits to the reopened phase's new seed before any order is taken again, and only the
salts sent after it count (the GM had seen the earlier ones when he rolled back)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from gm.core.dice import commitment, phase_seed
from gm.core.state import PLAY
from gm.store.rows import EntryRow

RESEEDS = "reseeds"  # in a rollback's detail: its number, 1 for the campaign's first; the
# phases after it are seeded afresh (issue 36: an older rollback kept the seeds, and its
# campaign is verified as it was played)


class Where(Protocol):
    """Where a game stood (a history entry, a state): its stage and phase."""

    @property
    def stage(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> int: ...


def _reseeds(entries: Sequence[EntryRow], before: int | None = None) -> list[EntryRow]:
    """The rollbacks that seed afresh among the entries before entry `before` (all of them
    when None)."""
    return [row for row in entries if (before is None or row.seq < before) and
            row.action.startswith("rollback") and bool(row.detail.get(RESEEDS))]


def latest_reseed(entries: Sequence[EntryRow], before: int | None = None) -> EntryRow | None:
    """The latest rollback that seeds afresh among the entries before entry `before` (all of
    them when None)."""
    found = _reseeds(entries, before)
    return found[-1] if found else None


def reseeded_by(entries: Sequence[EntryRow], before: int | None = None) -> int | None:
    """The number of the rollback that seeded the phases open before entry `before` afresh;
    None: they keep the seeds of docs/dice.md's step 1."""
    row = latest_reseed(entries, before)
    return None if row is None else int(row.detail[RESEEDS])


def next_reseed(entries: Sequence[EntryRow]) -> int:
    """The number a rollback made now takes."""
    return 1 + len(_reseeds(entries))


# What a rollback does to the chain of commitments, as its notice tells it and `gm verify`
# shows it: the commitment it abandons, and the one it makes.


def abandoned_commitment(campaign_seed: str, was_open: Where, reseeded: int | None
                         ) -> str | None:
    """The commitment to the seed of the phase `was_open` before a rollback (seeded by
    rollback `reseeded`), which the rollback abandons; None: no phase was open."""
    if was_open.stage != PLAY:
        return None
    return commitment(phase_seed(campaign_seed, was_open.turn, was_open.phase, reseeded))


def fresh_commitment(campaign_seed: str, reopened: Where, number: int) -> str:
    """The commitment to the fresh seed of the phase rollback `number` reopened."""
    return commitment(phase_seed(campaign_seed, reopened.turn, reopened.phase, number))
