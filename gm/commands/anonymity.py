"""The warning a GM who also plays must see: in his game anonymous press would name its writer
to him (his copies of press go to a player's address; ruling R82)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from gm.app.campaign import Campaign


def warn_anonymity(campaign: Campaign) -> None:
    """Say on stderr when the GM's copies of anonymous press go to a player's address; a
    campaign.toml that does not read is another command's to report."""
    from gm.app.press import gm_reads_writers
    from gm.core.errors import GameError

    try:
        named = gm_reads_writers(campaign)
    except GameError:
        return
    if named:
        click.echo(f"gm: WARNING: {named}", err=True)
