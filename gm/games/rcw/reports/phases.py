"""The name of where a game stands, as reports and `gm show` give it."""

from __future__ import annotations

from gm.games.rcw.state import PHASE_NAMES, GameState


def phase_name(state: GameState) -> str:
    if state.stage == "trading":
        return "the trading session (15.33)"
    if state.stage == "deployment" and state.mode == "solitaire":
        return "the solitaire set-up (27.0): gm start opens Game-Turn 1"
    if state.stage == "deployment":
        return "the Initial Deployment (15.4, 15.5)"
    if state.stage == "ended":
        return "the end of the game"
    phasing = state.phasing_player()
    if state.mode == "solitaire":  # 19.2: he writes orders for his Red Player-Turn
        return f"Game-Turn {state.turn} of 7, Red Player-Turn"
    if phasing is not None:
        return f"Game-Turn {state.turn}, Player-Turn {state.phase} (player {phasing})"
    return f"Game-Turn {state.turn}, {PHASE_NAMES[state.phase]}"
