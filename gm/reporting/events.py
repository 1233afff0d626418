"""A phase's timeline as the report's events, in the order they happened."""

from __future__ import annotations

from gm.engine.results import Judged, Note, TimelineEvent
from gm.reporting.model import Event


def events_of(timeline: list[TimelineEvent]) -> list[Event]:
    events = []
    for item in timeline:
        match item:
            case Judged(step=step, result=result):
                said = result.text if result.detail in result.text else \
                    f"{result.text} -- {result.detail}"  # a move's detail may be its path
                events.append(Event(step=step, text=said,
                                    rule=result.rule, player=result.player, line=result.line,
                                    result=result.result, order=result.text,
                                    detail=result.detail, fact=result.fact))
            case Note(step=step, text=text, fact=fact):
                events.append(Event(step=step, text=text, fact=fact))
    return events
