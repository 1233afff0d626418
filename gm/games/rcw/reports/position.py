"""The position as `gm show` prints it: province by province, the chart and the markers."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.data.names import resolve_province
from gm.games.rcw.reports.chart import held_markers
from gm.games.rcw.reports.model import TEMPLATES
from gm.games.rcw.reports.phases import phase_name
from gm.games.rcw.state import UNASSIGNED, GameState
from gm.reporting.render import render


def _stage_line(state: GameState) -> str:
    if state.stage == "play" or state.mode == "solitaire":
        return phase_name(state)
    return {"trading": "trading session (15.33)", "deployment": "Initial Deployment (15.4, 15.5)",
            "ended": "game over"}[state.stage]


def _counted(items: tuple[str, ...]) -> str:
    counts = Counter(items)
    return ", ".join(f"{item} x{n}" if n > 1 else item for item, n in sorted(counts.items())) \
        or "empty"


def position_context(campaign: str, state: GameState, data: GameData) -> dict[str, Any]:
    provinces = []
    for province in data.map.provinces:  # map order: north-west to east, as the data lists
        stacks = state.stacks_in(province.code)
        if stacks:
            provinces.append({
                "code": province.code, "name": province.name,
                "region": data.map.regions[province.region],
                "stacks": [{"player": s.player, "units": [data.describe(u) for u in s.units]}
                           for s in stacks]})
    chart = [
        {"name": "Player " + name if name != UNASSIGNED else "Unassigned",
         "held": held_markers(section),
         "markers": list(section.markers), "units": [data.describe(u) for u in section.units],
         "face_down": [data.describe(u) for u in section.face_down]}
        for name, section in state.chart.items()
    ]
    hands = [
        {"player": player, "units": [data.describe(u) for u in hand.units],
         "markers": ", ".join(f"{n} {what}" for n, what in ((hand.politburo, "Politburo"),
                                                              (hand.assassin, "Assassin")) if n)}
        for player, hand in state.hands.items()
    ] if state.stage == "trading" or any(h.units for h in state.hands.values()) else []
    pending = state.pending
    notes = pending_notes(state)
    return {
        "campaign": campaign, "stage_line": _stage_line(state),
        "sequence": [p + (" (quit)" if p in pending.quit_players else "")
                     for p in state.sequence],
        "provinces": provinces, "hands": hands, "chart": chart,
        "deploy_orders": [{"player": o.player, "province": o.province,
                           "units": [data.describe(u) for u in o.units]}
                          for o in state.deploy_orders],
        "auxiliary": _counted(state.auxiliary_randomizer),
        "player_turn": list(state.player_turn_randomizer),
        "removed": [data.describe(u) for u in state.removed], "pending": notes,
    }


def pending_notes(state: GameState) -> list[str]:
    """What the position carries forward: what the next phases owe, what waits for an answer
    (`gm show`, the table's STATUS)."""
    pending = state.pending
    notes = []
    if pending.subversive_doubled:
        notes.append("Subversive Attacks Doubled next Second Phase (12.12, 17.0 [12.0])"
                     if state.mode == "postal" else
                     "Subversive Attacks Doubled this Player-Turn (12.12)")
    if pending.red_replacements_suspended:
        notes.append(f"Red replacements suspended for {pending.red_replacements_suspended} "
                     "Replacement Phase(s) (9.14)")
    if pending.quit_players:
        notes.append(f"quit: {', '.join(pending.quit_players)} (14.2)")
    if pending.czar_execution_ordered:
        found = state.where_is("CZAR")
        holder = state.position[found[0]][found[1]].player if found else None
        notes.append("the execution of the Czar is ordered and stands open for the answer of "
                     f"{f'player {holder}' if holder else 'the player holding him'} (IF "
                     "EXECUTION ORDERED COMPLY or REFUSE, 13.54)")
    return notes


def render_position(campaign: str, state: GameState, data: GameData) -> str:
    return render("position.txt.j2", TEMPLATES, **position_context(campaign, state, data))


def render_province(text: str, state: GameState, data: GameData) -> str:
    """One province's stacks, top to bottom (SHOW TVER at the table)."""
    code = resolve_province(text, data)
    province = data.provinces[code]
    stacks = [f"    [{s.player or '-'}] {', '.join(data.describe(u) for u in s.units)}"
              for s in state.stacks_in(code)] or ["    (no units)"]
    region = data.map.regions[province.region]
    return "\n".join([f"{code} {province.name} ({region})", *stacks]) + "\n"
