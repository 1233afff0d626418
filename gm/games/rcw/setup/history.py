"""`gm history`'s words for Russian Civil War's own entries: the deal of the Initial Forces
(15.31, 15.32), the trades of the trading session (15.33) and the players' deployments (15.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _players(detail: Mapping[str, Any]) -> str:
    players = detail.get("players") or []
    return ", ".join(players) if players else "nobody"


def history_text(action: str, detail: Mapping[str, Any]) -> str | None:
    if action == "deal" and detail.get("mode") not in (None, "postal", "standard"):
        return f"set up the {detail['mode']} game for {_players(detail)}"
    if action == "deal":
        return f"dealt the Initial Forces to {_players(detail)}"
    if action == "trade":
        return (f"trade: {detail.get('giver')} gives {' '.join(detail.get('give', [])) or '-'}"
                f" to {detail.get('receiver')} for {' '.join(detail.get('take', [])) or '-'}")
    if action == "deploy":
        return f"deployment of {detail.get('player')}: {' '.join(detail.get('words', []))}"
    if action == "deploy-clear":
        return f"deployment of {detail.get('player')} cleared"
    return None
