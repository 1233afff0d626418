"""Player-facing words for what the rules code writes in its own codes: an Exclusive Rule's
citation as the rulebook prints it (`gwe-<game>:25.2` -> `<its title> 25.2`, ruling G7's form
being the program's), a side by its game's name for it (`the allied side` -> `the Allied
side`)."""

from __future__ import annotations

import re
from typing import TypeVar

from gm.games.gwe.rules.exclusive import ExclusiveRules
from gm.reporting.model import Event, OrderView

CITATION = re.compile(r"\bgwe-([a-z-]+):(?=\d)")
SIDES = re.compile(r"\bthe (allied|central) (side|Player-Turn)\b")
AnyEvent = TypeVar("AnyEvent", bound=Event)


def plain(text: str, game: ExclusiveRules) -> str:
    text = CITATION.sub(lambda m: f"{game.title if m.group(1) == game.name else m.group(1)} ",
                        text)
    return SIDES.sub(lambda m: f"the {game.side_words.get(m.group(1), m.group(1))} "
                               f"{m.group(2)}", text)


def plain_or_none(text: str | None, game: ExclusiveRules) -> str | None:
    return None if text is None else plain(text, game)


def plain_event(event: AnyEvent, game: ExclusiveRules) -> AnyEvent:
    return event.model_copy(update={"text": plain(event.text, game),
                                    "rule": plain_or_none(event.rule, game),
                                    "detail": plain_or_none(event.detail, game)})


def plain_order(order: OrderView, game: ExclusiveRules) -> OrderView:
    return order.model_copy(update={"rule": plain_or_none(order.rule, game),
                                    "detail": plain(order.detail, game)})
