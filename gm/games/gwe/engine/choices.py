"""The owners' choices written ahead for whatever a Phase brings (ruling G88): OVERSTACK, the
units a player loses first when a hex of his is over the Stacking limit at the Phase's end
(6.14), and DISPLACE, where one of his HQs displaces among the hexes of its nearest Friendly
units (10.52). Either player's, they stand until he gives others (G25, G52); each Phase is
carried out with them, and each says what it did in it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from gm.engine.results import OrderResult
from gm.games.gwe.engine.results import result, stands
from gm.games.gwe.orders import model as m
from gm.games.gwe.state import GweState

CHOICES = (m.Overstack, m.Displace)
Choice = tuple[str, m.Order]  # player, order


def choices_of(legal: Mapping[str, Sequence[m.Order]]) -> list[Choice]:
    return [(p, o) for p, given in sorted(legal.items()) for o in given
            if isinstance(o, CHOICES)]


def without_choices(legal: Mapping[str, Sequence[m.Order]]) -> dict[str, list[m.Order]]:
    return {p: [o for o in given if not isinstance(o, CHOICES)] for p, given in legal.items()}


def overstack(choices: Iterable[Choice]) -> tuple[str, ...]:
    """6.14: the units named to go first, each player's in the order he wrote them."""
    return tuple(u for _, o in choices if isinstance(o, m.Overstack) for u in o.units)


def with_displacements(state: GweState, choices: Iterable[Choice]) -> GweState:
    """The state the Phase is carried out on, each HQ's written hexes in it (10.52)."""
    written = {o.hq: tuple(o.hexes) for _, o in choices if isinstance(o, m.Displace)}
    return state.model_copy(update={"displace_to": written}) \
        if written or state.displace_to else state


def choice_results(choices: Iterable[Choice], events: Sequence[str]) -> list[OrderResult]:
    """What each choice did this Phase: the eliminations to the Stacking limit it chose, a
    HQ's displacement; else it stands."""
    results = []
    for player, order in choices:
        if isinstance(order, m.Overstack):
            said = [e for e in events if "(6.14)" in e and e.split(":")[0] in order.units]
        else:
            assert isinstance(order, m.Displace)
            said = [e for e in events if e.startswith(f"{order.hq} displaces to ")]
        if not said:
            results.append(stands(player, order, "a standing order: kept for when it is "
                                  "needed (ruling G88)"))
        else:
            written = not isinstance(order, m.Displace) or any("as written" in e for e in said)
            results.append(result(player, order, "succeeded" if written else "failed", said))
    return results
