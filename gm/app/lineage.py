"""Which entries of a campaign's history stand: a rollback to a phase undoes its adjudication
and every entry after it, which stay in the history (for `gm history` and `gm verify`) but
no longer make the game (issue 36: a report, a REPORT or another rollback never reaches back
into a line a rollback left)."""

from __future__ import annotations

from collections.abc import Sequence

from gm.store.rows import EntryRow

ROLLBACK = "rollback to "


def in_force(entries: Sequence[EntryRow]) -> list[EntryRow]:
    """The entries that stand, in order: each rollback takes away the latest standing
    adjudication of the phase it names and what came after it."""
    standing: list[EntryRow] = []
    for row in entries:
        if row.action.startswith(ROLLBACK):
            undone = f"adjudicate {row.action.removeprefix(ROLLBACK)}"
            runs = [i for i, kept in enumerate(standing) if kept.action == undone]
            if runs:
                del standing[runs[-1]:]
        standing.append(row)
    return standing
