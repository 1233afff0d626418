"""Serbia/Galicia 25.13: the Game-Turn Record Interphase's Victory Points for the towns,
passes and hexes each side controls, and at Decision in Galicia's end (26.3: the completion of
Game-Turn 13) the level of victory (25.3 via 26.33, ruling G27)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.serbia_galicia.victory import Award, turn_awards, victory_level
from gm.games.gwe.state import GweState

LAST_TURN = 13  # 26.3: "It ends with the completion of Game-Turn 13."


@dataclass(frozen=True)
class Interphase:
    state: GweState
    awards: tuple[Award, ...]
    victory: str | None  # 25.3's level once the scenario's last Game-Turn is complete

    def events(self) -> tuple[str, ...]:
        lines = [f"{award} (Serbia/Galicia 25.13)" for award in self.awards]
        if self.state.vp is not None:
            lines.append(f"Victory Point Index after Game-Turn {self.state.turn}: "
                         f"{self.state.vp} (Serbia/Galicia 25.13)")
        if self.victory is not None:
            lines.append(f"the game ends after Game-Turn {self.state.turn} (Serbia/Galicia "
                         f"26.3): {self.victory} Victory (25.3, 26.33)")
        return tuple(lines)


def record_interphase(state: GweState, data: GweData, last_turn: int = LAST_TURN
                      ) -> Interphase:
    """25.13: each controlled town's points added to the Index (a game keeping no Index,
    `vp` None, only lists them); the level of victory once `last_turn` is complete."""
    awards = tuple(turn_awards(state, data))
    if state.vp is not None:
        state = state.model_copy(update={"vp": state.vp + sum(a.vp for a in awards)})
    victory = victory_level(state.vp) if state.vp is not None and state.turn >= last_turn \
        else None
    return Interphase(state, awards, victory)
