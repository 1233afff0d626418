"""`gm verify`: every phase's dice recomputed from its revealed seed and its salts."""

from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command()
@click.argument("campaign", type=click.Path(file_okay=False, path_type=Path))
def verify(campaign: Path) -> None:
    """Re-adjudicate every phase of CAMPAIGN from its seed, salts and orders, and compare
    every roll and the resulting position with what was stored (docs/dice.md)."""
    from pydantic import TypeAdapter

    from gm.app.campaign import open_campaign
    from gm.core.dice import HashDice, commitment, phase_seed
    from gm.games.rcw.engine.phase import adjudicate_phase
    from gm.games.rcw.orders.model import AnyOrder, Order

    opened = open_campaign(campaign)
    history = opened.store.history(opened.row)
    adapter: TypeAdapter[AnyOrder] = TypeAdapter(AnyOrder)
    failures = checked = 0
    for index, row in enumerate(history):
        if not row.action.startswith("adjudicate") or index == 0:
            continue
        before = history[index - 1].state
        seed = phase_seed(opened.row.seed, before.turn, before.phase)
        orders: dict[str, tuple[Order, ...]] = {
            p: tuple(adapter.validate_python(o) for o in given)
            for p, given in row.detail.get("orders", {}).items()}
        dice = HashDice(seed, tuple(row.detail.get("salts", ())))
        _, after = adjudicate_phase(before, opened.data, orders, dice)
        same = after.to_json() == row.state.to_json() and dice.log == opened.store.rolls(
            opened.row, row.seq)
        checked += 1
        failures += not same
        click.echo(f"Game-Turn {before.turn} phase {before.phase}: seed {seed}, commitment "
                   f"{commitment(seed)}, {len(dice.log)} rolls: "
                   f"{'verified' if same else 'MISMATCH'}")
    click.echo(f"{checked} phase(s) checked, {failures} mismatch(es)")
    sys.exit(1 if failures else 0)
