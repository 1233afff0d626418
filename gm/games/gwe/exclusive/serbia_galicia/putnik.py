"""Serbia/Galicia 19.0: Marshall Putnik. His Attack Shift is parenthesized: it goes to one attack
a Game-Turn, and only through a second Serbian HQ unit within his Command Radius that shifts the
same attack (19.1, 19.11, 19.12), to aid Serbian units alone (19.11), never defensively (19.13;
18.2 lets only non-parenthesized shifts defend); and he moves only by rail (19.2). The Putnik
HQ unit is the HQ whose Attack Shift the counters print in parentheses (ruling G94)."""

from __future__ import annotations

from collections.abc import Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.command import within_radius
from gm.games.gwe.rules.steps import is_hq
from gm.games.gwe.state import GweState

CITE = "gwe-serbia-galicia"


def relay_problem(state: GweState, data: GweData, hq_id: str, shifting: Sequence[str],
                  attackers: Sequence[str]) -> str | None:
    """19.1-19.12: why Putnik's shift does not go to this attack, None if it does: a second HQ
    of his nationality shifts it (so its own shift goes to no other attack, 19.12) and stands
    within his Command Radius; the attackers are his nationality's (19.11). Its 10.21 and 18.1
    are the second HQ's, which carries the shift."""
    nationality = data.units[hq_id].nationality
    if any(data.units[u].nationality != nationality for u in attackers if not is_hq(data, u)):
        return f"{hq_id}: its shift aids an attack of its own nationality's units only " \
               f"({CITE}:19.11)"
    if not any(h != hq_id and data.units[h].nationality == nationality
               and within_radius(state, data, hq_id, h) for h in shifting):
        return f"{hq_id}: its shift goes only through a second HQ of its nationality shifting " \
               f"this attack within its Command Radius ({CITE}:19.1, 19.12)"
    return None


def walks(data: GweData, unit_id: str) -> tuple[str, str] | None:
    """19.2: the Putnik HQ unit moves only by rail, along Friendly rail lines."""
    rating = data.units[unit_id].hq
    if rating is not None and rating.parenthesized:
        return f"{unit_id} moves only by rail, along Friendly rail lines", "19.2"
    return None
