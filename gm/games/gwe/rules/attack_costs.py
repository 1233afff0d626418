"""What a game's own rules make an attack spend before it is made (8.0 with the game's
Exclusive Rules, ExclusiveRules.attack_cost): points of one of its tracks (GweState.tracks)."""

from __future__ import annotations

from collections.abc import Sequence

from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.state import GweState


def shortfall(data: GweData, track: str, points: int, held: int) -> str | None:
    """Why a track holding `held` points cannot pay `points` (the words the answer and the
    adjudication both say), None if it can."""
    if held >= points:
        return None
    name = exclusive_rules(data).track_names[track]
    return f"needs {points} point{'s' * (points != 1)} of the {name}, which holds {held}"


def pay_for_attack(state: GweState, data: GweData, attackers: Sequence[str]
                   ) -> tuple[GweState, str | None, tuple[str, ...]]:
    """What a game's own rules make the attack spend from one of its tracks before it is
    made (`ExclusiveRules.attack_cost`): the track lowered, or why it is not made (too few
    points), and the note."""
    game = exclusive_rules(data)
    cost = game.attack_cost(data, attackers)
    if cost is None:
        return state, None, ()
    track, points = cost
    held = state.tracks.get(track, 0)
    rule = game.cite(game.attack_cost_rule)
    short = shortfall(data, track, points, held)
    if short is not None:
        return state, f"it {short} ({rule})", ()
    state = state.model_copy(update={"tracks": {**state.tracks, track: held - points}})
    return state, None, (f"the {game.track_names[track]}: {held} - {points} = "
                         f"{held - points} ({rule})",)
