"""A GM command that changes a campaign holds it as a worker's round does (issue 24): it waits
for a worker in its round on the campaign (GM_CLAIM_WAIT seconds, saying so), then does its
work, or is refused with nothing done: when the wait runs out, or when the campaign changed
while it waited (gm.app.campaign.held)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from gm.app.campaign import Campaign


def _waiting(name: str, seconds: float) -> None:
    click.echo(f"waiting for the worker handling campaign {name} (at most {seconds:g} s)...",
               err=True)


def holding(campaign: Campaign, since: int | None = None, unchanged: bool = True
            ) -> AbstractContextManager[Campaign]:
    """`campaign`, held for the block; `unchanged`: refused if it changed while waiting."""
    from gm.app.campaign import held

    return held(campaign, since, unchanged, _waiting)


def changing(folder: Path, unchanged: bool = True) -> AbstractContextManager[Campaign]:
    """The campaign in `folder`, opened and held for the block."""
    from gm.app.campaign import open_campaign

    return holding(open_campaign(folder), unchanged=unchanged)
