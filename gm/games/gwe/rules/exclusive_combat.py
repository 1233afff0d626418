"""The seam's part for combat, withdrawal and Step Replacement (gm.games.gwe.rules.exclusive),
each method answered by default as the Standard Rules alone read it."""

from __future__ import annotations

from collections.abc import Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.exclusive_scenario import Notes
from gm.games.gwe.rules.game_values import Flotilla, Replacement
from gm.games.gwe.state import GweState


class CombatRules:
    """Combat, withdrawal before it and Step Replacement, as a game's Exclusive Rules give
    them."""

    # --- 8.0, 10.2: combat --------------------------------------------------------------------

    flotilla: Flotilla | None = None  # strength an attack may add without a unit (MONITOR)

    def combat_shift(self, state: GweState, data: GweData, side: str,
                     attackers: Sequence[str], defenders: Sequence[str]) -> tuple[int, Notes]:
        """Columns the game's own rules shift an attack by after the HQs' (right: more; left:
        fewer), each with its note; the Standard Rules have none."""
        return 0, ()

    def combat_die_modifier(self, state: GweState, data: GweData, side: str,
                            attackers: Sequence[str], defenders: Sequence[str]
                            ) -> tuple[int, Notes]:
        """What the game's own rules add to an attack's die, besides the terrain's (5.4)."""
        return 0, ()

    def attack_cost(self, data: GweData, attackers: Sequence[str]) -> tuple[str, int] | None:
        """The track an attack by these units spends points of before it may be made, and
        how many (the attack is not made if the track has fewer); None: it spends none."""
        return None

    def parenthesized_shift(self, state: GweState, data: GweData, hq_id: str,
                            shifting: Sequence[str], attackers: Sequence[str]) -> str | None:
        """Why a HQ whose Attack Shift is printed in parentheses gives it to no attack of
        these attackers (`shifting`: the HQs shifting it already), None if it does; the game's
        own rule replaces 10.21's test of its radius. The Standard Rules give it no use."""
        return f"{hq_id}: its Attack Shift is in parentheses, no shift (10.21)"

    def walks(self, data: GweData, unit_id: str) -> tuple[str, str] | None:
        """Why the unit moves only by rail (the reason and the case), None if it walks too."""
        return None

    def withdraws_before_combat(self, data: GweData, unit_id: str) -> bool:
        """12.1: whether the unit may withdraw before combat: cavalry."""
        return data.units[unit_id].type == "cavalry"

    def army_integrity(self, state: GweState, data: GweData, hq_id: str,
                       force: Sequence[str]) -> bool:
        """Whether a HQ's Attack Shift may benefit this force (10.21 met); see
        army_integrity_rule."""
        return True

    def defensive_shifts(self, state: GweState, data: GweData, side: str,
                         defenders: Sequence[str], named: tuple[str, ...] | None
                         ) -> tuple[tuple[str, ...], list[str]]:
        """The HQs of the defending `side` that shift a combat to the left, and why those
        named do not; the Standard Rules have none (10.51)."""
        return (), []

    def combat_losses(self, before: GweState, after: GweState, data: GweData
                      ) -> tuple[GweState, list[str]]:
        """What one combat's losses (from `before` to `after`) earn as they occur: Victory
        Points, with an event each."""
        return after, []

    # --- 13.0: Step Replacement ---------------------------------------------------------------

    def replacement(self, data: GweData) -> Replacement | None:
        """13.0's numbers (the Exclusive Rules give them); None: no Step Replacement."""
        return None

    def replacement_bar(self, state: GweState, data: GweData, unit_id: str
                        ) -> tuple[str, str] | None:
        """Why the game's own rules bar the unit from replacing Steps before 13.0 is asked,
        and the case; None if they do not."""
        return None
