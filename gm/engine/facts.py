"""What an order or an event did, as fields other programs and the map can use; the text of a
result says the same for people. Each game system defines its kinds of fact (Russian Civil
War's: gm/games/rcw/engine/facts.py), each a subclass with its own literal `kind`; the shared
layers carry any of them (results, timelines, the report's events) and store it whole. A fact
read back from the store is a `Fact` with its fields as they were kept, until the game that
made it reads it as its own kind."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Fact(BaseModel):
    model_config = ConfigDict(frozen=True, extra="allow", defer_build=True)

    kind: str  # which of its game's kinds: "move", ...
