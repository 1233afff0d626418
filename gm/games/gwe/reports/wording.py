"""Player-facing words for what the rules code writes in its own codes: an Exclusive Rule's
citation as the rulebook prints it (`gwe-serbia-galicia:25.2` -> `Serbia/Galicia 25.2`, ruling
G7's form being the program's), a side by its name (`the allied side` -> `the Allied side`)."""

from __future__ import annotations

import re
from typing import TypeVar

from gm.games.gwe.rules.serbia_galicia.play import SIDE_WORDS
from gm.reporting.model import Event, OrderView

GAMES = {"serbia-galicia": "Serbia/Galicia", "brusilov": "Brusilov"}
CITATION = re.compile(r"\bgwe-([a-z-]+):(?=\d)")
SIDES = re.compile(r"\bthe (allied|central) (side|Player-Turn)\b")
AnyEvent = TypeVar("AnyEvent", bound=Event)


def plain(text: str) -> str:
    text = CITATION.sub(lambda m: f"{GAMES.get(m.group(1), m.group(1))} ", text)
    return SIDES.sub(lambda m: f"the {SIDE_WORDS[m.group(1)]} {m.group(2)}", text)


def plain_or_none(text: str | None) -> str | None:
    return None if text is None else plain(text)


def plain_event(event: AnyEvent) -> AnyEvent:
    return event.model_copy(update={"text": plain(event.text), "rule": plain_or_none(event.rule),
                                    "detail": plain_or_none(event.detail)})


def plain_order(order: OrderView) -> OrderView:
    return order.model_copy(update={"rule": plain_or_none(order.rule),
                                    "detail": plain(order.detail)})
