"""What the GM did between phases, read from a campaign's history, for the next report."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NamedTuple

from gm.reporting.model import Event
from gm.store import EntryRow

if TYPE_CHECKING:
    from gm.app.campaign import Campaign
    from gm.games.system import GameSystem


class Where(NamedTuple):
    """The phase an entry of the history belongs to: short, and in words."""

    label: str  # T1P1, or T2 PT3 B in a game of Player-Turns
    title: str  # Game-Turn 1, First Phase; Game-Turn 2, Player-Turn 3 (player B)


def phases_of(campaign: Campaign) -> dict[int, Where]:
    """Per entry made in play (by its seq), the phase it belongs to: an adjudication's is the
    phase it adjudicated (the one open before it), any other's the phase open after it."""
    system = campaign.system
    found: dict[int, Where] = {}
    before = None
    for row in campaign.store.history(campaign.row):
        state = before if row.action.startswith("adjudicate ") and before is not None \
            else row.state
        if state.stage == "play":
            found[row.seq] = Where(system.phase_label(state), system.phase_title(state))
        before = row.state
    return found


def _at_once(action: str, system: GameSystem) -> bool:
    """An entry of what the GM resolved at once (`<the game's command> T.P`)."""
    return system.at_once is not None and action.startswith(f"{system.at_once.command} ")


def rulings(history: list[EntryRow], upto: int, system: GameSystem) -> list[Event]:
    """The GM's rulings, rollbacks, what he resolved at once and recorded quits since the
    adjudication before entry `upto` (a seq), to be shown in the report of the phase that
    follows them."""
    earlier = [r for r in history if r.seq < upto]
    start = max((r.seq for r in earlier if r.action.startswith("adjudicate")), default=0)
    found = []
    for row in earlier:
        if row.seq <= start:
            continue
        if row.action == "override":
            found.append(Event(step="GM ruling", text=str(row.detail.get("reason", ""))))
        elif _at_once(row.action, system):
            found.extend(Event(step="GM: resolved at once", text=f"{player} {text} -- {said}")
                         for player, text, said in row.detail.get("resolved", []))
        elif row.action.startswith("rollback") or row.action == "quit":
            found.append(Event(step="GM ruling", text=f"{row.action} {json.dumps(row.detail)}"))
    return found


def _players(detail: dict[str, Any]) -> str:
    players = detail.get("players") or []
    return ", ".join(players) if players else "nobody"


def describe(row: EntryRow, draws: int, system: GameSystem, where: Where | None = None) -> str:
    """One entry of the history as the GM reads it: what was done, by whom, and why
    (`where`: the phase it belongs to, phases_of); the game's own entries in its words."""
    detail = row.detail
    action = row.action
    own = system.history_text(action, detail)
    closed = system.setup_stage(command=action)
    if own is not None:
        text = own
    elif closed is not None:
        text = closed.closed
    elif action == "deal":
        text = f"the game set up for {_players(detail)}"
    elif action == "pregame-orders":
        text = f"set-up orders by mail carried out, from {_players(detail)}"
    elif action.startswith("adjudicate "):
        turn, phase = action.removeprefix("adjudicate ").split(".")
        title = where.title if where else f"Game-Turn {turn}, phase {phase}"
        text = f"{title} adjudicated with " + (f"the orders of {_players(detail)}"
                                               if detail.get("players") else "no orders")
    elif action.startswith("rollback to "):
        title = where.title if where else f"phase {action.removeprefix('rollback to ')}"
        text = f"rolled back: {title} open again ({detail.get('reason', '')})"
    elif action == "override":
        text = (f"GM ruling ({detail.get('reason', '')}): changed "
                f"{', '.join(detail.get('changed', []))}")
    elif _at_once(action, system):
        text = "resolved at once, as the GM said: " + "; ".join(
            f"{player} {order}" for player, order, *_ in detail.get("resolved", []))
    elif action == "quit":
        text = f"player {detail.get('player')} quit the game (recorded by the GM)"
    elif action == "password-reset":
        mailed = detail.get("mailed_to")
        text = (f"the GM gave player {detail.get('player')} a new password"
                f"{f', mailed to {mailed}' if mailed else ''}")
    else:  # an action this version does not know: as stored
        text = f"{action} {json.dumps(detail, sort_keys=True)}"
    label = where.label if where else f"T{row.turn}P{row.phase}" if row.stage == "play" \
        else row.stage
    dice = f"; {draws} draw(s)/roll(s)" if draws else ""
    return f"{row.seq:4d} {row.created_at:%Y-%m-%d %H:%M} {label:11s} {text}{dice}"
