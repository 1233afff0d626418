"""The report core every game shares (issue 27): a game with no part of its own (no position by
province, no chart, no points, no templates) gets its title, players, the reader's orders and
their results, what happened with the rule cases and the dice, as text, HTML and JSON; a fact
of its own kind is carried and stored whole by the shared layers."""

from __future__ import annotations

import json
from typing import Literal

import pytest

from gm.engine.facts import Fact
from gm.reporting.model import Event, OrderView, PlayerPart, PlayerView, Report
from gm.reporting.render import Format, render_report


class HexMove(Fact):
    """A stand-in for another game's kind of fact."""

    kind: Literal["hex move"] = "hex move"
    hexes: tuple[str, ...]


def _report() -> Report:
    moved = HexMove(hexes=("0307", "0308"))
    return Report(
        kind="phase", campaign="east", title="east: Game-Turn 1, the movement phase",
        next_phase="Game-Turn 1, the combat phase", deadline=None,
        events=[Event(step="movement", text="MOVE 3: 0307-0308", rule="5.1", player="A",
                      line=3, result="succeeded", order="MOVE 3: 0307-0308",
                      detail="0307-0308", fact=moved)],
        player=PlayerPart(letter="A", orders=[OrderView(
            line=3, text="MOVE 3: 0307-0308", result="succeeded", rule="5.1",
            detail="0307-0308")], template=[]),
        players=[PlayerView(letter="A", name="Anna", colour="#1F77B4", in_game=True),
                 PlayerView(letter="B", name="Boris", colour="#FF7F0E", in_game=False)],
        dice_seed="seed", dice_salts=[], next_commitment="commit")


@pytest.mark.parametrize("fmt", ["text", "html", "json"])
def test_a_game_with_no_part_of_its_own_is_reported_by_the_core(fmt: Format) -> None:
    said = render_report(_report(), fmt)
    for words in ("east: Game-Turn 1, the movement phase", "Anna", "MOVE 3: 0307-0308",
                  "succeeded", "5.1", "commit"):
        assert words in said, words
    for rcws in ("POSITION", "Position", "VICTORY", "Victory", "14.2", "Player-Turn order"):
        assert rcws not in said, rcws  # no part but the core's, and no RCW rule cited
    if fmt == "text":
        assert "\nWHAT HAPPENED\n  [movement] A line 3 succeeded: MOVE 3: 0307-0308 (5.1)\n" \
            in said
        assert "  B Boris -- has quit\n" in said
        assert "\nDICE (docs/dice.md)\n" in said


def test_the_core_keeps_another_games_fact_whole() -> None:
    report = _report()
    dumped = json.loads(render_report(report, "json"))
    assert dumped["events"][0]["fact"] == {"kind": "hex move", "hexes": ["0307", "0308"]}
    kept = Event(**dumped["events"][0])  # as gm/app/reports.py reads a stored event back
    assert kept.fact is not None and kept.fact.model_dump() == {
        "kind": "hex move", "hexes": ["0307", "0308"]}
    assert HexMove.model_validate(kept.fact.model_dump()) == report.events[0].fact
