"""Serbia/Galicia 25.13: the Game-Turn Record Interphase's Victory Points for the towns,
passes and hexes each side controls, and at Decision in Galicia's end (26.3: the completion of
Game-Turn 13) the level of victory (25.3 via 26.33, ruling G27)."""

from __future__ import annotations

from dataclasses import dataclass

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.exclusive.serbia_galicia.scenarios import DECISION_IN_GALICIA
from gm.games.gwe.exclusive.serbia_galicia.victory import Award, turn_awards, victory_level
from gm.games.gwe.state import GweState


@dataclass(frozen=True)
class Interphase:
    state: GweState
    awards: tuple[Award, ...]
    victory: str | None  # 25.3's level once the scenario's last Game-Turn is complete

    def events(self) -> tuple[str, ...]:
        lines = [f"{award} (gwe-serbia-galicia:25.13)" for award in self.awards]
        if self.state.vp is not None:
            gained = sum(a.vp for a in self.awards)
            lines.append(f"the Allied Victory Point Total: {self.state.vp - gained} "
                         f"{gained:+d} = {self.state.vp} (gwe-serbia-galicia:25.13, 25.2)")
        if self.victory is not None:
            lines.append(f"Decision in Galicia ends with Game-Turn {self.state.turn} "
                         f"(gwe-serbia-galicia:26.3): {self.victory}, the Allied Victory "
                         f"Point Total {self.state.vp} (gwe-serbia-galicia:25.3)")
        return tuple(lines)


def record_interphase(state: GweState, data: GweData,
                      last_turn: int = DECISION_IN_GALICIA.last_turn
                      ) -> Interphase:
    """25.13: each controlled town's points added to the Index (a game keeping no Index,
    `vp` None, only lists them); the level of victory once `last_turn` is complete."""
    awards = tuple(turn_awards(state, data))
    if state.vp is not None:
        state = state.model_copy(update={"vp": state.vp + sum(a.vp for a in awards)})
    victory = victory_level(state.vp) if state.vp is not None and state.turn >= last_turn \
        else None
    return Interphase(state, awards, victory)
