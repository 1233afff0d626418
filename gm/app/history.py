"""What the GM did between phases, read from a campaign's history, for the next report."""

from __future__ import annotations

import json

from gm.reporting.model import Event
from gm.store import EntryRow


def rulings(history: list[EntryRow], upto: int) -> list[Event]:
    """The GM's rulings, rollbacks and recorded quits since the adjudication before entry
    `upto` (a seq), to be shown in the report of the phase that follows them."""
    earlier = [r for r in history if r.seq < upto]
    start = max((r.seq for r in earlier if r.action.startswith("adjudicate")), default=0)
    found = []
    for row in earlier:
        if row.seq <= start:
            continue
        if row.action == "override":
            found.append(Event(step="GM ruling", text=str(row.detail.get("reason", ""))))
        elif row.action.startswith("rollback") or row.action == "quit":
            found.append(Event(step="GM ruling", text=f"{row.action} {json.dumps(row.detail)}"))
    return found
