"""A phase's timeline as the report's events, in the order they happened."""

from __future__ import annotations

from gm.engine.results import Judged, Note, TimelineEvent
from gm.reporting.model import Event


def events_of(timeline: list[TimelineEvent]) -> list[Event]:
    events = []
    for item in timeline:
        match item:
            case Judged(step=step, result=result):
                events.append(Event(step=step, text=f"{result.text} -- {result.detail}",
                                    rule=result.rule, player=result.player, line=result.line,
                                    result=result.result, order=result.text,
                                    detail=result.detail))
            case Note(step=step, text=text):
                events.append(Event(step=step, text=text))
    return events
