"""`gm verify`: every phase's dice recomputed from its revealed seed and its salts."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
def verify(campaign: Path) -> None:
    """Re-adjudicate every phase of CAMPAIGN from its seed, salts and orders, and compare
    every roll and the resulting position with what was stored (docs/dice.md); likewise each
    set-up close whose dice were committed to (Great War in the East's attrition, 26.32)."""
    from gm.app.campaign import open_campaign
    from gm.app.verify import verify_campaign

    checks = verify_campaign(open_campaign(campaign))
    for check in checks:
        what = f"set-up {check.stage}, closed" if check.stage else \
            f"Game-Turn {check.turn} phase {check.phase}"
        click.echo(f"{what}: seed {check.seed}, commitment "
                   f"{check.commitment}, {check.rolls} rolls: "
                   f"{'verified' if check.same else 'MISMATCH'}")
    failures = sum(not check.same for check in checks)
    closes = sum(check.stage is not None for check in checks)
    click.echo(f"{len(checks) - closes} phase(s)"
               + (f" and {closes} set-up close(s)" if closes else "")
               + f" checked, {failures} mismatch(es)")
    sys.exit(1 if failures else 0)
