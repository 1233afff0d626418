"""What a Phase changed, for the report: each unit's move read from the states before and
after (a hex changed, by rail, arrived, eliminated), each attack from its order's fact, the
dice rolled outside combat and the reinforcements from the events."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gm.engine.results import Judged, Note, TimelineEvent
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.reports.model import AttackView, Event, MoveView, RollView
from gm.games.gwe.state import GweState
from gm.reporting.events import events_of

if TYPE_CHECKING:  # the report reads what the engine left, and needs none of its code
    from gm.games.gwe.engine.phase import PhaseOutcome

DIE = re.compile(r"\bdie \d")
ARRIVAL = re.compile(r"\(14\.\d")
STEPS = {1: "movement", 2: "withdrawal", 3: "combat"}


def phase_events(outcome: PhaseOutcome, phase: int) -> list[Event]:
    """A Phase adjudicated (gm/games/gwe/engine/phase.py) as the report's events: what
    happened in order, then each order's result."""
    step = STEPS[(phase - 1) % 3 + 1]
    timeline: list[TimelineEvent] = [Note(step, text) for text in outcome.events]
    timeline += [Judged(step, r) for r in outcome.results]
    return [Event(**dict(e)) for e in events_of(timeline)]


def moves(before: GweState, after: GweState, data: GweData) -> list[MoveView]:
    """Every unit whose place changed from `before` to `after`, by unit id."""
    found = []
    for unit_id, now in sorted(after.units.items()):
        was = before.units.get(unit_id)
        if was is None or (was.hex, was.place) == (now.hex, now.place):
            continue
        rail = unit_id in after.rail_moved or now.entrained
        how = ("arrived" if was.place in ("pending", "off_map") and now.hex is not None
               else "eliminated" if now.place == "eliminated"
               else "left" if now.hex is None
               else "by rail" if rail else "moved")
        found.append(MoveView(unit=unit_id, side=data.side_of(unit_id), start=was.hex,
                              end=now.hex, rail=rail, how=how))
    return found


def attacks(events: Sequence[Event]) -> list[AttackView]:
    """The attacks made, in the order they were resolved, numbered from 1."""
    found: list[AttackView] = []
    for event in events:
        fact = event.fact
        if fact is None:
            continue
        number = len(found) + 1
        shift = f", shifted {fact.shift}" if fact.shift else ""
        die = f"{fact.die}{f' +{fact.modifier}' if fact.modifier else ''}"
        result = f"{fact.attacker_result}/{fact.defender_result}"
        option = ("" if fact.option is None else
                  f"; option {fact.option} " + ("as the defender ordered (8.9)"
                                                if fact.option_by == "order"
                                                else "by default (ruling G10)"))
        text = (f"{' '.join(fact.attackers)} ({event.player}) on {' '.join(fact.hexes)}: "
                f"{fact.attack} to {fact.defense}, odds {fact.odds}{shift}, die {die}, "
                f"{result}{option}")
        found.append(AttackView(
            number=number, player=event.player or "", line=event.line or 0,
            attackers=list(fact.attackers), hexes=list(fact.hexes), origins=list(fact.origins),
            attack=fact.attack, defense=fact.defense, odds=fact.odds, shift=fact.shift,
            die=fact.die, modifier=fact.modifier, result=result, option=fact.option,
            option_by=fact.option_by, text=text))
    return found


def rolls(events: Sequence[Event], kinds: Sequence[tuple[str, str]]) -> list[RollView]:
    """The dice of the Phase outside combat (its events with a die), each by its kind: the
    first of `kinds` (the case its event cites, the kind) that matches (GameWords.rolls)."""
    found = []
    for event in events:
        if event.player is not None or not DIE.search(event.text) or "/" in event.text:
            continue  # an order's result repeats its events; "die 4: 1/2" is an attack's
        kind = next((k for case, k in kinds if f"({case}" in event.text
                     or f" {case}" in event.text or event.text.startswith(case)), "other")
        found.append(RollView(kind=kind, text=event.text, rule=event.rule))
    return found


def reinforcements(events: Sequence[Event]) -> list[str]:
    """The events of units arriving (14.0)."""
    return [e.text for e in events if e.player is None and ARRIVAL.search(e.text)
            and not DIE.search(e.text)]
