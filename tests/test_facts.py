"""What an order did, as fields (gm/engine/facts.py): the report's JSON and map draw moves,
combats, assassinations and epidemics from these, not from the result's text."""

from __future__ import annotations

import json
from pathlib import Path

from gm.core.dice import ForcedDice
from gm.engine.facts import Fact
from gm.engine.results import Note
from gm.games.rcw.cases.load import load_case
from gm.games.rcw.engine.facts import Assassinated, Fought, Moved, RandomEvent
from gm.games.rcw.engine.postal import adjudicate
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.reports.model import own_event
from gm.reporting.events import events_of
from gm.reporting.model import Event

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "cases"


def _run(name: str) -> tuple[list[Fact], list[Fact]]:
    """(the facts of the orders' results, the facts of the notes) of one public case."""
    case, data, state = load_case(CASES / name)
    orders = {p: parse_message(text, Names(data)).orders for p, text in case.orders.items()}
    result = adjudicate(state, data, orders, ForcedDice(list(case.dice), list(case.draws),
                                                        list(case.recipients)),
                        frozenset(case.skip))
    notes = [item.fact for item in result.timeline if isinstance(item, Note) and item.fact]
    return [r.fact for r in result.results if r.fact is not None], notes


def test_a_combat_says_its_strengths_odds_die_and_losses() -> None:
    """The 8.0 example: 13 to 4 is 3:1; die 4 gives Ex (8.43)."""
    facts, _ = _run("8.0-odds-example.yaml")
    [fought] = facts
    assert isinstance(fought, Fought)
    assert (fought.province, fought.attacker, fought.defender) == ("DONC", "A", "B")
    assert (fought.attack, fought.defense, fought.odds, fought.die, fought.result) == (
        13, 4, "3:1", 4, "Ex")
    assert set(fought.defender_lost) == {257, 213}
    assert set(fought.attacker_lost) == {112, 113}
    assert fought.attacking_from == ("DONC",)


def test_a_move_says_its_path_and_where_it_stopped() -> None:
    facts, _ = _run("17.0-movement-example.yaml")
    moves = [f for f in facts if isinstance(f, Moved)]
    assert moves and all(len(m.path) >= 2 for m in moves)
    stopped = [m for m in moves if m.stopped]
    assert stopped and all(m.path[-1] == m.stopped and m.rule == "5.27" for m in stopped)


def test_an_assassination_says_its_dice() -> None:
    facts, _ = _run("10.0-assassination-example.yaml")
    [done] = [f for f in facts if isinstance(f, Assassinated)]
    attempt = done.attempts[0]
    assert attempt.total == sum(attempt.dice) + attempt.markers - 1 - attempt.value
    assert attempt.killed == (attempt.total >= 7)


def test_an_epidemic_says_where_it_struck_and_what_it_took() -> None:
    found = sorted(CASES.glob("*epidemic*.yaml"))
    assert found
    _, notes = _run(found[0].name)
    [struck] = [n for n in notes if isinstance(n, RandomEvent) and n.event == "epidemic"]
    assert struck.event == "epidemic" and struck.provinces and len(struck.dice) == 2
    assert struck.lost and len(struck.lost_in) == len(struck.lost)  # where each unit was lost
    assert set(struck.lost_in) <= set(struck.provinces)


def test_the_maps_epidemic_mark_counts_the_losses_of_its_own_province() -> None:
    """Issue 25, second review: each province's epidemic mark said the whole epidemic's
    losses; it says its own (a record from before the provinces were kept: all, said so)."""
    from gm.games.rcw.data.areas import areas_of
    from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
    from gm.games.rcw.reports.mapview import _marks

    areas = areas_of(DEFAULT_DATA_DIR)
    assert areas is not None
    struck = RandomEvent(event="epidemic", dice=(3, 4), provinces=("TVER", "URSK", "FINL"),
                         lost=(209, 315, 210), lost_in=("URSK", "FINL", "URSK"))
    _, marks = _marks([struck], areas, {})
    titles = {code: [m.title for m in found] for code, found in marks.items()}
    assert titles == {"TVER": ["epidemic in TVER: 0 unit(s) lost"],
                      "URSK": ["epidemic in URSK: 2 unit(s) lost"],
                      "FINL": ["epidemic in FINL: 1 unit(s) lost"]}
    older = struck.model_copy(update={"lost_in": ()})
    _, marks = _marks([older, struck], areas, {})
    assert [m.title for m in marks["TVER"]] == [
        "epidemic in TVER: 3 unit(s) lost in all its provinces; "
        "epidemic in TVER: 0 unit(s) lost"]  # two epidemics in one province: one mark


def test_facts_survive_the_store_as_report_events() -> None:
    """Events are stored as JSON and read back for `gm report`: the shared layers keep each
    fact whole (issue 27: they know no game's kinds), and the game's report reads it back as
    its own kind."""
    case, data, state = load_case(CASES / "8.0-odds-example.yaml")
    orders = {p: parse_message(text, Names(data)).orders for p, text in case.orders.items()}
    result = adjudicate(state, data, orders, ForcedDice(list(case.dice), [], []),
                        frozenset(case.skip))
    events = events_of(result.timeline)
    stored = json.dumps([e.model_dump(mode="json") for e in events])  # as gm/app stores them
    kept = [Event(**e) for e in json.loads(stored)]  # as gm/app/reports.py reads them
    assert [e.model_dump(mode="json") for e in kept] == json.loads(stored)
    again = [own_event(e) for e in kept]
    assert again == [own_event(e) for e in events]
    assert any(isinstance(e.fact, Fought) for e in again)


def test_a_random_draw_says_who_drew_what() -> None:
    _, notes = _run("random-event-draw-control.yaml")
    [drawn] = [n for n in notes if isinstance(n, RandomEvent) and n.event == "draw"]
    assert drawn.player and drawn.drawn and drawn.drawn.startswith("CTRL:")
    _, notes = _run("random-event-subversive-doubled.yaml")
    assert [n.event for n in notes if isinstance(n, RandomEvent)] == [
        "subversive attacks doubled"]
