"""The reports of a stored campaign entry, as the golden digest tests pin them (RCW's
tests/test_report_digests.py, Great War in the East's tests/gwe_scripted.py): an adjudicated
phase's reports as `gm report` gives them, a set-up step's position as its pre-game report shows
it; each rendered as text, HTML and JSON and hashed."""

from __future__ import annotations

import hashlib
import json

from gm.app.campaign import Campaign
from gm.app.reports import phase_report, with_dice
from gm.reporting.model import Event, Report
from gm.reporting.render import Format, render_report
from gm.store.rows import EntryRow

FORMATS: tuple[Format, ...] = ("text", "html", "json")


def entry_reports(campaign: Campaign, entry: EntryRow, readers: list[str | None]
                  ) -> dict[str | None, Report]:
    """Each reader's report (None: the GM's) of the campaign as the entry left it."""
    store, row = campaign.store, campaign.row
    if entry.action.startswith("adjudicate"):
        turn, phase = (int(n) for n in entry.action.split()[1].split("."))
        return {r: phase_report(campaign, turn, phase, r) for r in readers}
    state = store.state_at(row, entry.seq).state
    stored = json.loads(store.result(row, entry.seq) or "{}")
    events = [Event(**e) for e in stored.get("events", [])]
    return {r: with_dice(campaign.system.report(
        campaign.name, None, state, campaign.data, events, r,
        names=campaign.player_names()), row.seed, None, state, []) for r in readers}


def digest(report: Report, fmt: Format) -> str:
    return hashlib.sha256(render_report(report, fmt).encode("utf-8")).hexdigest()
