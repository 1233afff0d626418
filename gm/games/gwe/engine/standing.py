"""Standing orders across Phases (ruling G25): a player's DEFEND, WITHDRAW, OVERSTACK and
DISPLACE, given in any message of his, stand until he gives others: a later DEFEND of the same
hex, a later WITHDRAW of the same cavalry unit, a later OVERSTACK, a later DISPLACE of the same
HQ replaces the earlier (rulings G52, G88). Each Phase is adjudicated with the Phase's own
orders and every standing order still in force."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from gm.games.gwe.orders import model as m

Key = tuple[str, str]


def _key(order: m.Order) -> Key | None:
    if isinstance(order, m.Defend):
        return ("defend", order.hex)
    if isinstance(order, m.Withdraw):
        return ("withdraw", order.unit)
    if isinstance(order, m.Overstack):
        return ("overstack", "")
    if isinstance(order, m.Displace):
        return ("displace", order.hq)
    return None


def in_force(messages: Iterable[Sequence[m.Order]]) -> list[m.Order]:
    """The standing orders that messages, oldest first, leave in force, the oldest first."""
    kept: dict[Key, m.Order] = {}
    for orders in messages:
        for order in orders:
            key = _key(order)
            if key is not None:
                kept.pop(key, None)  # the later one counts, in its place in time
                kept[key] = order
    return list(kept.values())


def with_standing(current: Mapping[str, Sequence[m.Order]],
                  earlier: Sequence[tuple[str, Sequence[m.Order]]]
                  ) -> dict[str, tuple[m.Order, ...]]:
    """Each player's orders for the open Phase (`current`: his message for it, if any), after
    the standing orders of his earlier messages (`earlier`: player and orders, oldest first)
    that his later ones have not replaced."""
    players = sorted({*current, *(p for p, _ in earlier)})
    merged: dict[str, tuple[m.Order, ...]] = {}
    for player in players:
        own = list(current.get(player, ()))
        replaced = {k for k in map(_key, own) if k is not None}
        standing = [o for o in in_force(o for p, o in earlier if p == player)
                    if _key(o) not in replaced]
        if standing or own:
            merged[player] = (*standing, *own)
    return merged
