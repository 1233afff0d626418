"""`gm verify`: every phase's dice recomputed from its revealed seed and its salts, and each
rollback shown as a link of the chain of commitments."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
def verify(campaign: Path) -> None:
    """Re-adjudicate every phase of CAMPAIGN from its seed, salts and orders, and compare
    every roll and the resulting position with what was stored (docs/dice.md); likewise each
    set-up close whose dice were committed to (Great War in the East's attrition, 26.32).
    Each rollback is shown where it happened: the commitment it abandoned and the one to the
    reopened phase's fresh seed."""
    from gm.app.campaign import open_campaign
    from gm.app.verify import PhaseCheck, verify_campaign

    checks = verify_campaign(open_campaign(campaign))
    phases = [check for check in checks if isinstance(check, PhaseCheck)]
    for check in checks:
        if not isinstance(check, PhaseCheck):
            abandoned = "no phase was open" if check.abandoned is None else (
                f"the commitment sent for Game-Turn {check.abandoned_turn} phase "
                f"{check.abandoned_phase}, {check.abandoned}, is abandoned")
            fresh = "the seeds revealed were kept (a rollback by an older version)" \
                if check.fresh is None else (
                    f"Game-Turn {check.turn} phase {check.phase} is seeded afresh, commitment "
                    f"{check.fresh}")
            click.echo(f"rollback to Game-Turn {check.turn} phase {check.phase} (entry "
                       f"{check.entry}: {check.reason}): {abandoned}; {fresh}")
            continue
        what = f"set-up {check.stage}, closed" if check.stage else \
            f"Game-Turn {check.turn} phase {check.phase}"
        click.echo(f"{what}: seed {check.seed}, commitment "
                   f"{check.commitment}, {check.rolls} rolls: "
                   f"{'verified' if check.same else 'MISMATCH'}")
    failures = sum(not check.same for check in phases)
    closes = sum(check.stage is not None for check in phases)
    rollbacks = len(checks) - len(phases)
    click.echo(f"{len(phases) - closes} phase(s)"
               + (f" and {closes} set-up close(s)" if closes else "")
               + f" checked, {failures} mismatch(es)"
               + (f"; {rollbacks} rollback(s)" if rollbacks else ""))
    sys.exit(1 if failures else 0)
