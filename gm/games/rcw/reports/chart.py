"""The markers a player holds on the Victory Point Chart (15.34), as the reports name them."""

from __future__ import annotations

from gm.games.rcw.state import ChartSection


def held_markers(section: ChartSection) -> dict[str, int]:
    return {"Politburo": section.politburo, "Assassin": section.assassin}
