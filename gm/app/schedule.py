"""Deadlines (campaign.toml [schedule]): each phase's orders are due a number of days after it
opened, at a given hour in the campaign's time zone. Pure: the caller supplies the time."""

from __future__ import annotations

import datetime as dt
import tomllib
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from gm.core.errors import GameError


@dataclass(frozen=True)
class Schedule:
    days_per_phase: int = 7
    hour: int = 18
    timezone: str = "UTC"
    auto_adjudicate: bool = True  # `gm run --once` adjudicates at the deadline
    reminder_hours: int = 24  # players without orders are reminded this long before it

    def deadline(self, opened_at: dt.datetime) -> dt.datetime:
        """The deadline of a phase opened at `opened_at`."""
        try:
            zone = ZoneInfo(self.timezone)
        except ZoneInfoNotFoundError:
            raise GameError(f"unknown time zone {self.timezone!r} in [schedule]") from None
        if opened_at.tzinfo is None:
            opened_at = opened_at.replace(tzinfo=dt.UTC)
        local = opened_at.astimezone(zone) + dt.timedelta(days=self.days_per_phase)
        return local.replace(hour=self.hour, minute=0, second=0, microsecond=0)


def load_schedule(folder: Path) -> Schedule | None:
    """The campaign's schedule, or None when it has no deadlines."""
    try:
        config = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise GameError(f"{folder}/campaign.toml: {exc}") from None
    table = config.get("schedule")
    if table is None:
        return None
    try:
        return Schedule(**table)
    except TypeError as exc:
        raise GameError(f"{folder}/campaign.toml [schedule]: {exc}") from None


def deadline_text(folder: Path, opened_at: dt.datetime) -> str | None:
    """The deadline of a phase opening at `opened_at`, as reports print it."""
    schedule = load_schedule(folder)
    if schedule is None:
        return None
    return f"{schedule.deadline(opened_at):%Y-%m-%d %H:%M %Z}"
