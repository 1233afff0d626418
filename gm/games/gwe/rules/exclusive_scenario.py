"""The seam's part for a game's scenarios (gm.games.gwe.rules.exclusive): their victory and
their set-up, each method answered by default as the Standard Rules alone read it (they keep
no Victory Point Index and set up each unit on its printed hex)."""

from __future__ import annotations

from collections.abc import Mapping

from gm.core.dice import Dice
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.rules.game_values import Interphase
from gm.games.gwe.state import GweState

Notes = tuple[str, ...]


class ScenarioRules:
    """Victory and set-up, as a game's Exclusive Rules give them for its scenarios."""

    # --- victory ------------------------------------------------------------------------------

    def valued_hexes(self, data: GweData) -> list[tuple[Hex, str, int]]:
        """Each town, pass or hex that yields Victory Points: hex, name, points."""
        return []

    def controller(self, state: GweState, data: GweData, where: Hex) -> str | None:
        """The side that controls a valued hex for its points, None: neither."""
        return None

    def interphase(self, state: GweState, data: GweData, last_turn: int) -> Interphase:
        """4.0 C, the Game-Turn Record Interphase: its awards, and the level of victory once
        Game-Turn `last_turn` is complete."""
        return Interphase(state, (), None)

    def victory_level(self, total: int) -> str | None:
        """The level of victory a Victory Point total gives; None: the game keeps none."""
        return None

    def level_points(self, total: int) -> int:
        """The level of victory as points for the ranking: `vp_side`'s are these, the other's
        their opposite; 0 a draw."""
        return 0

    # --- 3.0: the set-up ----------------------------------------------------------------------

    def setup_hexes(self, data: GweData, unit_id: str) -> frozenset[Hex]:
        """Where a unit may be deployed: by the Standard Rules, its printed set-up hex."""
        setup = data.units[unit_id].setup
        return frozenset() if setup is None else frozenset({parse_hex(setup)})

    def setup_refusal(self, data: GweData, unit_id: str, where: Hex) -> tuple[str, str] | None:
        """Why the unit may not be deployed in the hex (the words, the case), None if it may
        (setup_hexes holds it)."""
        if where in self.setup_hexes(data, unit_id):
            return None
        return f"{where} is not {unit_id}'s set-up hex", "3.0"

    def setup_problems(self, state: GweState, data: GweData, side: str) -> list[str]:
        """What is wrong with a side's set-up, each with its case."""
        return []

    def setup_attrition(self, state: GweState, data: GweData, nationality: str, dice: Dice
                        ) -> tuple[GweState, Notes]:
        """The losses a side's set-up suffers before play, each roll said."""
        return state, ()

    def deployment_problems(self, state: GweState, data: GweData, hexes: Mapping[str, Hex]
                            ) -> list[str]:
        """What is wrong with a data set's default deployment (its deployment.yaml) as a
        whole."""
        return []
