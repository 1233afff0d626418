"""What a player is told of his orders in a Phase of Great War in the East (issue 29's blind
review of Decision in Galicia): each result says why, with its case, and what was done."""

from __future__ import annotations

from typing import Any

import pytest

from gm.core.dice import ForcedDice
from gm.engine.results import OrderResult
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.engine.phase import PhaseOutcome, Sides, adjudicate_phase
from gm.games.gwe.grammar.names import Names
from gm.games.gwe.grammar.parser import parse_line
from gm.games.gwe.orders import model as m
from gm.games.gwe.orders.legality import validate_orders
from gm.games.gwe.reports.report import build_report
from gm.games.gwe.rules.combat_totals import attack_total
from gm.games.gwe.rules.command import command_control, default_allocation
from gm.games.gwe.rules.losses import apply_attacker_result
from gm.games.gwe.rules.strength import unit_attack
from gm.games.gwe.state import GweState, initial_state
from gm.games.gwe.system import GREAT_WAR_IN_THE_EAST
from tests.gwe import fixture_data
from tests.gwe_galicia_position import galicia, set_up

DATA = fixture_data()
NAMES = Names(DATA)
SIDES = Sides({"A": "allied", "B": "central"}, "allied")  # allied phasing in Phases 1-3


def _play(player: str, lines: list[str], turn: int = 1, phase: int = 1,
          dice: list[int] | None = None, units: dict[str, dict[str, Any]] | None = None
          ) -> PhaseOutcome:
    state: GweState = initial_state(DATA, ("A", "B")).model_copy(
        update={"turn": turn, "phase": phase})
    for unit_id, changes in (units or {}).items():
        state = state.with_unit(unit_id, **changes)
    orders = [parse_line(line, number, NAMES) for number, line in enumerate(lines, 1)]
    assert all(isinstance(o, m.Order) for o in orders), orders
    rolled = ForcedDice(dice or [6] * 40, [], [])
    return adjudicate_phase(state, DATA, SIDES, {player: [o for o in orders
                                                          if isinstance(o, m.Order)]}, rolled)


def _line(outcome: PhaseOutcome, line: int) -> OrderResult:
    return next(r for r in outcome.results if r.line == line)


@pytest.mark.rules("gwe:14.22")
def test_an_order_for_a_reinforcement_delayed_by_a_blocked_entry_hex_says_so() -> None:
    done = _play("B", ["RAIL AH-9: 1005-0905 DETRAIN"], turn=2, phase=4,
                 units={"RU-4C": {"hex": "1004"}})  # its zone covers AH-9's entry hex 1005
    said = _line(done, 1)
    assert (said.result, said.rule) == ("illegal", "14.22"), said
    assert "entry hex 1005 is blocked, so it is delayed to Game-Turn 3 at 1006" in said.detail


@pytest.mark.rules("gwe:10.31", "gwe:10.32")
def test_one_command_order_leaves_every_other_hq_to_the_default_allocation() -> None:
    """Ruling G13, per HQ: RU-3-HQ as written; RU-4-HQ, RU-5-HQ, RU-8-HQ by default."""
    data = galicia()
    state = set_up(data)
    default = default_allocation(state, data, "allied")
    assert default["RU-4-HQ"] and default["RU-3-HQ"]
    written = {"RU-3-HQ": default["RU-3-HQ"][:1]}
    done = command_control(state, data, "allied", written, None)
    assert done.allocation["RU-3-HQ"] == written["RU-3-HQ"]
    for hq_id in ("RU-4-HQ", "RU-5-HQ", "RU-8-HQ"):
        assert done.allocation[hq_id] == default[hq_id]
        assert not any(done.state.unit(u).out_of_command for u in default[hq_id])
    assert "command: as written for RU-3-HQ; the default allocation for RU-4-HQ, RU-5-HQ, " \
        "RU-8-HQ (ruling G13)" in done.notes


@pytest.mark.rules("gwe:10.31")
def test_the_answer_to_a_command_order_says_the_other_hqs_allocate_by_default() -> None:
    data = galicia()
    given = parse_line("COMMAND RU-3-HQ: RU-3-XI", 5, Names(data))
    assert isinstance(given, m.Command)
    said = GREAT_WAR_IN_THE_EAST.awaiting(given, set_up(data), "B")
    assert said == "RU-3-HQ as written; each HQ you write no COMMAND for allocates by default " \
        "(ruling G13)"


@pytest.mark.rules("gwe:10.41", "gwe:4.0")
def test_a_move_not_made_for_want_of_command_control_says_so_in_its_result() -> None:
    done = _play("A", ["MOVE RU-4C: 0504-0503"], dice=[1] * 40)  # its 10.41 die fails
    said = _line(done, 1)
    assert said.result == "failed" and said.rule == "4.0, 10.4", said
    assert said.detail.startswith("RU-4C: out of Command Control, may not move "
                                  "(4.0 A.1d, 10.4); RU-4C ends in 0504"), said


@pytest.mark.rules("gwe:8.9")
def test_a_unit_losses_names_is_chosen_among_the_affected() -> None:
    """Ruling G71: LOSSES RU-12 with no AFFECTED: RU-12 is affected first, then RU-8 (G8's
    default alone would take RU-8's 4 Steps and never reach RU-12)."""
    state = initial_state(DATA, ("A", "B"))
    after, note = apply_attacker_result(state, DATA, "1", ["RU-8", "RU-12"], 4,
                                        losses=("RU-12",))
    assert after.unit("RU-12").steps_lost == 1 and after.unit("RU-8").steps_lost == 1
    assert note == "attacker: result 1, loses 2 Step(s) (8.9)"


@pytest.mark.rules("gwe:8.9")
def test_a_losses_unit_left_out_of_the_affected_is_reported_unused() -> None:
    state = initial_state(DATA, ("A", "B"))
    after, note = apply_attacker_result(state, DATA, "2", ["RU-8", "RU-12"], 2,
                                        ["RU-12"], ("RU-8",))
    assert after.unit("RU-12").place == "eliminated" and after.unit("RU-8").steps_lost == 0
    assert note == "attacker: result 2, loses 2 Step(s) (8.9); attacker: LOSSES RU-8 not " \
        "used: not among the affected units (8.9, ruling G71)"


@pytest.mark.rules("gwe-serbia-galicia:11.0")
@pytest.mark.parametrize(("unit_id", "turn", "why"), [
    ("AH-1-I", 7, "AH-1-I: no Step replacement before Game-Turn 8"),
    ("RU-3-IX", 8, "RU-3-IX: only the Austro-Hungarian Player replaces Steps")])
def test_replace_barred_by_serbia_galicia_11_is_refused_when_answered(
        unit_id: str, turn: int, why: str) -> None:
    data = galicia()
    state = set_up(data).model_copy(update={"turn": turn}).with_unit(unit_id, steps_lost=1)
    side = data.side_of(unit_id)
    given = parse_line(f"REPLACE {unit_id}", 5, Names(data))
    assert isinstance(given, m.Replace)
    found = validate_orders([given], state.model_copy(
        update={"phase": 1 if side == "allied" else 4}), data, side, "allied")
    assert [(r.breach.message, r.breach.rule) for r in found] == [(why, "gwe-serbia-galicia:11.0")]


@pytest.mark.rules("gwe-serbia-galicia:11.0", "gwe:13.0")
def test_replace_near_an_allied_unit_cites_serbia_galicia_11_and_six_hexes() -> None:
    data = galicia()
    state = set_up(data).model_copy(update={"turn": 8, "phase": 4}).with_unit(
        "AH-1-I", steps_lost=1)
    done = adjudicate_phase(state, data, Sides({"A": "central", "B": "allied"}, "allied"),
                            {"A": [m.Replace(line=5, column=1, units=("AH-1-I",))]},
                            ForcedDice([6] * 200, [], []))
    said = _line(done, 5)
    assert said.result == "failed" and "is fewer than six hexes away " \
        "(gwe-serbia-galicia:11.0)" in said.detail, said


@pytest.mark.rules("gwe-serbia-galicia:4.0")
def test_the_report_says_nothing_of_orders_from_a_player_not_awaited() -> None:
    """Ruling G50: in the Russian Player-Turn only the Russian Player (B) is awaited; the
    Austro-Hungarian Player (A) is not said to have 'sent no orders'."""
    data = galicia()
    before = set_up(data).model_copy(update={"turn": 7, "phase": 1, "stage": "play"})
    made = build_report("dig", before, before, data, [], sent=[], drawn=False)
    assert {p.letter: p.sent_orders for p in made.players} == {"A": None, "B": False}
    made = build_report("dig", before, before, data, [], sent=["A"], drawn=False)
    assert {p.letter: p.sent_orders for p in made.players} == {"A": True, "B": False}


@pytest.mark.rules("gwe:10.42")
def test_the_combat_log_names_each_attacker_halved_out_of_command_with_its_strength() -> None:
    state = initial_state(DATA, ("A", "B")).with_unit("RU-8", out_of_command=True)
    total, notes = attack_total(state, DATA, ["RU-8", "RU-12"], [parse_hex("0505")], [],
                                ["AH-24"])
    assert "RU-8: out of Command Control, Attack Strength 4 halved to 2 (10.42)" in notes
    assert not any(n.startswith("RU-12") for n in notes)
    assert total == 2 + unit_attack(state, DATA, "RU-12", out_of_supply=False)


@pytest.mark.rules("gwe:8.9", "gwe:12.11")
def test_standing_orders_are_shown_from_their_own_message_and_a_refused_one_does_not_stand(
        ) -> None:
    """Ruling G72: B's DEFEND and WITHDRAW of his message of Game-Turn 1 Phase 4 stand in
    Game-Turn 2 Phase 1 beside his new line 5; the WITHDRAW of an infantry unit, refused when
    answered, is not reported again."""
    earlier = [parse_line(text, line, NAMES) for line, text in
               ((5, "DEFEND 0604 RESULT 1 OPTION 2"), (6, "WITHDRAW AH-24"))]
    current = parse_line("DEFEND 0705 RESULT 1 OPTION 1", 5, NAMES)
    assert all(isinstance(o, m.Order) for o in [*earlier, current])
    standing = [o.model_copy(update={"given": "Game-Turn 1 Phase 4"}) for o in earlier
                if isinstance(o, m.Order)]
    assert isinstance(current, m.Order)
    state = initial_state(DATA, ("A", "B")).model_copy(update={"turn": 2, "phase": 1})
    done = adjudicate_phase(state, DATA, SIDES, {"B": [*standing, current]},
                            ForcedDice([6] * 40, [], []))
    said = [(r.line, r.text, r.detail) for r in done.results if r.player == "B"]
    assert said == [
        (5, "DEFEND 0604 RESULT 1 OPTION 2", "standing, from your message of Game-Turn 1 "
         "Phase 4, line 5: a standing order: kept for a later Phase (ruling G25)"),
        (5, "DEFEND 0705 RESULT 1 OPTION 1", "a standing order: kept for a later Phase "
         "(ruling G25)")]
    assert "given" not in standing[0].model_dump()  # never stored with the message
