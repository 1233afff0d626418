"""Issue 26, item 14: the decisions the rules give a player in the middle of another's
Player-Turn (his Exchange losses, 8.44; a Counterpurge, 11.24; the Czar's execution, 13.54)
that no order of his made are the program's default, and the engine says so (`decisions`),
so that the table (`gm play`) asks him when the moment comes and records his answer as his
order; a standing order applies without asking."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

import pexpect
import pytest

from gm.app.campaign import open_campaign
from gm.app.operations import override
from gm.app.table import Table
from gm.core.dice import ForcedDice
from gm.core.state import Stack
from gm.engine.results import Decision
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine import standard
from gm.games.rcw.orders.model import (
    Attack,
    ExecuteCzar,
    IfExecution,
    IfPurged,
    Losses,
    Order,
    Purge,
)
from gm.games.rcw.state import ChartSection, GameState
from tests.conftest import deployed, gm
from tests.rcw import state_of

PLAYERS = ["-p", "A:Anna:a@x.org:pwa", "-p", "B:Boris:b@x.org:pwb", "-p", "C:Clara:c@x.org:pwc"]
GM = Path(__file__).resolve().parents[1] / ".venv" / "bin" / "gm"
TIMEOUT = 180  # generous: a loaded machine is slow, and nothing here measures time
TROTSKY, WRANGEL, ZINOVIEV, KAMENEV = 152, 253, 160, 155
EXCHANGE_AT_1_2 = 1  # the die that gives Ex in the 1:2 column (8.5)


def _state(data: GameData, position: Mapping[str, tuple[Stack, ...]],
           chart: Mapping[str, ChartSection] | None = None) -> GameState:
    base = deployed(data, "ABC")
    return base.model_copy(update={
        "position": dict(position), "sequence": ("A", "B", "C"), "mode": "standard",
        "phase": 1, "turn": 2, "chart": {**base.chart, **(chart or {})}})


EXCHANGE = {"TVER": (Stack(player="A", units=(TROTSKY, 111)),
                     Stack(player="B", units=(WRANGEL, 201, 202, 204)))}


def _attack(data: GameData, orders: dict[str, tuple[Order, ...]]
            ) -> tuple[tuple[Decision, ...], str]:
    done = standard.carry_out(_state(data, EXCHANGE), data, orders,
                              ForcedDice([EXCHANGE_AT_1_2], [], []))
    attack = next(r for r in done.results if r.player == "A" and r.line == 1)
    return done.decisions, attack.detail


ATTACK = Attack(line=1, target=(WRANGEL,), forces=((TROTSKY, 111),))


@pytest.mark.rules("8.43", "8.44")
def test_an_exchange_the_defender_gave_no_losses_for_is_his_decision(data: GameData) -> None:
    decisions, detail = _attack(data, {"A": (ATTACK,)})
    assert "Ex; attackers eliminated; defenders lose 204 WH 1, 202 WH 2, 201 WH 3" in detail
    assert len(decisions) == 1
    asked = decisions[0]
    assert (asked.player, asked.rule, asked.by, asked.many) == ("B", "8.44", ("A", 1), True)
    assert asked.question.startswith("Exchange in TVER: which of your units do you lose "
                                     "(at least 6 Strength Points of 253 Wrangel (2)")
    assert asked.default.startswith("204 WH 1, 202 WH 2, 201 WH 3")  # what Enter leaves
    assert set(asked.choices) == {"253", "201", "202", "204"}
    assert asked.order.format("201 253") == "LOSSES 201 253"


@pytest.mark.rules("8.44")
def test_his_answer_as_his_order_gives_the_losses_he_chose(data: GameData) -> None:
    """The answer recorded as his LOSSES (as if typed) is what the attack then gives."""
    answered = (Losses(line=1, units=(201, WRANGEL)),)
    decisions, detail = _attack(data, {"A": (ATTACK,), "B": answered})
    assert decisions == () and "defenders lose 201 WH 3, 253 Wrangel (2), 204 WH 1" in detail


@pytest.mark.rules("8.44")
def test_a_standing_losses_naming_his_units_applies_without_asking(data: GameData) -> None:
    decisions, detail = _attack(data, {"A": (ATTACK,), "B": (Losses(line=1, units=(202,)),)})
    assert decisions == () and "defenders lose 202 WH 2, 204 WH 1, 201 WH 3" in detail


@pytest.mark.rules("8.44")
def test_a_losses_naming_none_of_the_units_is_kept_after_his_answer(data: GameData) -> None:
    """A LOSSES for units elsewhere leaves this choice his: his answer comes first, the units
    his LOSSES named after (it stands for other Exchanges, ruling R58)."""
    decisions, _ = _attack(data, {"A": (ATTACK,), "B": (Losses(line=1, units=(ZINOVIEV,)),)})
    assert [d.order.format("201") for d in decisions] == [f"LOSSES 201 {ZINOVIEV}"]


PURGE_POSITION = {"PETR": (Stack(player="A", units=(ZINOVIEV, 101)),),
                  "KAZA": (Stack(player="B", units=(KAMENEV, 122)),)}
PURGER = {"A": ChartSection(politburo=8), "B": ChartSection(politburo=1)}


def _purge(data: GameData, orders: dict[str, tuple[Order, ...]], dice: list[int]
           ) -> tuple[tuple[Decision, ...], str]:
    done = standard.purges_now(_state(data, PURGE_POSITION, PURGER), data, orders,
                               ForcedDice(dice, [], []))
    return done.decisions, next(r.detail for r in done.results if r.player == "A")


@pytest.mark.rules("11.24", "11.26")
def test_a_counterpurge_the_purged_player_did_not_order_is_his_decision(data: GameData
                                                                         ) -> None:
    """Strength 9 (Zinoviev 1 + 8 markers), dice 4+4: C. Without an IF PURGED order he does
    not counterpurge (11.26); the engine says the choice was his."""
    decisions, detail = _purge(data, {"A": (Purge(line=1, target="B"),)}, [4, 4])
    assert "dice 8: C; no counterpurge ordered by B" in detail
    assert [(d.player, d.rule, d.by, d.choices) for d in decisions] == [
        ("B", "11.24", None, ("A",))]
    assert decisions[0].order.format("A") == "IF PURGED COUNTERPURGE A"
    answered, detail = _purge(data, {"A": (Purge(line=1, target="B"),),
                                     "B": (IfPurged(line=1, counterpurge="A"),)},
                              [4, 4, 1, 1])
    assert answered == () and "B counterpurges A" in detail
    refused, _ = _purge(data, {"A": (Purge(line=1, target="B"),),
                               "B": (IfPurged(line=1, counterpurge=None),)}, [4, 4])
    assert refused == ()  # his DO NOT COUNTERPURGE stands: nothing to ask


@pytest.mark.rules("13.54")
def test_the_czars_execution_unanswered_is_the_holders_decision(data: GameData) -> None:
    position = {"PETR": (Stack(player="A", units=(ZINOVIEV, 101)),),
                "KAZA": (Stack(player="B", units=(KAMENEV, "CZAR", 122)),)}
    state = _state(data, position, {"A": ChartSection(politburo=10)})
    ordered: dict[str, tuple[Order, ...]] = {"A": (ExecuteCzar(line=1),)}
    done = standard.purges_now(state, data, ordered, ForcedDice([], [], []))
    assert [(d.player, d.rule, d.choices) for d in done.decisions] == [
        ("B", "13.54", ("COMPLY", "REFUSE"))]
    assert done.decisions[0].order.format("COMPLY") == "IF EXECUTION ORDERED COMPLY"
    assert "stands open" in done.decisions[0].default
    answered = standard.purges_now(state, data, {**ordered, "B": (IfExecution(
        line=1, comply=True),)}, ForcedDice([], [], []))
    assert answered.decisions == () and "CZAR" in answered.state.chart["B"].units


def _play(folder: Path) -> pexpect.spawn:
    return pexpect.spawn(str(GM), ["play", str(folder)], encoding="utf-8", timeout=TIMEOUT,
                         env={**os.environ, "COLUMNS": "200"})


@pytest.mark.rules("8.44", "11.24", "11.26")
def test_a_game_turn_at_the_table_asks_each_player_his_decisions(tmp_path: Path) -> None:
    """Through a real terminal, a whole Game-Turn of a seeded campaign, looked at with SHOW
    and UNITS between orders and a Player-Turn ended by END (seed, orders and
    answers found by a search; the table's dice are the phase's, docs/dice.md): B's attack
    gives an Exchange whose losses are A's, who is asked and answers with Lenin; C's gives
    one whose defender just presses Enter and loses what the named default said; A's Purge
    of B ends in C, and B, asked, counterpurges. Each answer is stored as his order."""
    folder = tmp_path / "decisions"
    gm("new", str(folder), "--mode", "standard", "--seed", "t2", *PLAYERS)
    gm("end-trading", str(folder))
    gm("start", str(folder))
    assert state_of(folder).sequence == ("B", "C", "A")
    child = _play(folder)
    child.expect_exact("B> ")
    child.sendline("MOVE 260 220: ESTO-PETR")
    child.expect_exact("-- succeeded (5.1)")
    child.expect_exact("B> ")
    child.sendline("SHOW PETR")  # looking, never an order: the move so far carried out
    child.expect(r"\[B\] 260")
    child.expect_exact("B> ")
    child.sendline("UNITS A")
    child.expect_exact("UNITS of player A")
    child.expect(r"PETR Petrograd, strength \d+: 151 Lenin")
    child.expect_exact("B> ")
    child.sendline("ATTACK 151 WITH 260 220")
    child.expect_exact("Player A, Exchange in PETR: which of your units do you lose (at least 3 "
                       "Strength Points of 151 Lenin (1), 101 RD 3)?")
    child.expect_exact("Enter = 101 RD 3 (combat units before leaders, the weakest first)")
    child.expect_exact("A? ")
    child.sendline("999")  # not one of his units there: asked again
    child.expect_exact("answer with some of: 151, 101")
    child.expect_exact("A? ")
    child.sendline("151")
    child.expect_exact("player A: LOSSES 151 -- kept")
    child.expect_exact("Ex; attackers eliminated; defenders lose 151 Lenin (1), 101 RD 3")
    child.expect_exact("B> ")
    child.sendline("DONE")
    child.expect_exact("Game-Turn 1, Player-Turn 2 (player C): player C.")
    child.expect_exact("C> ")
    child.sendline("MOVE 258 208: OREN-SAMA")
    child.expect_exact("-- succeeded (5.1)")
    child.expect_exact("C> ")
    child.sendline("ATTACK 154 WITH 258 208")
    child.expect(r"Player (\w), Exchange in SAMA: which of your units do you lose")
    defender = child.match.group(1)
    child.expect(r"Enter = ([^\r\n]+) \(combat units before leaders, the weakest first\)")
    default = child.match.group(1)
    child.expect_exact(f"{defender}? ")
    child.sendline("")
    child.expect_exact(f"defenders lose {default}")
    child.expect_exact("C> ")
    child.sendline("END")  # as DONE at the table (a mail's END ends its orders)
    child.expect_exact("Game-Turn 1, Player-Turn 3 (player A): player A.")
    child.expect_exact("A> ")
    child.sendline("PURGE B POLITBURO 0")  # strength 10: C on dice 7 (11.4)
    child.expect_exact("A> ")
    child.sendline("DONE")
    child.expect_exact("Player B, the Purge of you by A gives C: do you counterpurge (11.24)? "
                       "Answer A")
    child.expect_exact("Enter = no Counterpurge, the Purge is resolved (11.26)")
    child.expect_exact("B? ")
    child.sendline("A")
    child.expect_exact("player B: IF PURGED COUNTERPURGE A -- kept")
    while child.expect([r"Player A, the Purge of you by B gives C", r"Game-Turn 2, "]) == 0:
        child.expect_exact("A? ")  # the chain goes on (11.26): A leaves it resolved
        child.sendline("")
    child.expect_exact("> ")
    child.sendline("EXIT")
    child.expect(pexpect.EOF)
    campaign = open_campaign(folder)
    orders = {(row.player, row.raw.splitlines()[-1]) for turn in (1,) for phase in (1, 3)
              for row in campaign.store.orders_for(campaign.row, turn, phase)}
    assert {("A", "LOSSES 151"), ("B", "IF PURGED COUNTERPURGE A")} <= orders
    assert state_of(folder).turn == 2
    assert not any(row.player == defender for row in campaign.store.orders_for(
        campaign.row, 1, 2))  # Enter: nothing of his recorded, the default applied


def _at_table(tmp_path: Path) -> Table:
    folder = tmp_path / "stands"
    gm("new", str(folder), "--mode", "standard", "--seed", "st", *PLAYERS)
    gm("end-trading", str(folder))
    gm("start", str(folder))
    return Table.sit(open_campaign(folder))


@pytest.mark.rules("8.44", "11.0", "11.24")
def test_orders_resolved_later_are_said_to_stand_not_void(tmp_path: Path) -> None:
    """Issue 26, item 15: a LOSSES given before any Exchange, a PURGE and an IF PURGED are
    answered with what will happen, at the table, in the mail answer and in the report."""
    table = _at_table(tmp_path)
    assert table.phasing() == "A"
    table.enter("PLAYER B")
    assert table.enter("LOSSES 160 102") == (
        "kept -- stands: it chooses your losses if an Exchange of this Player-Turn or a later "
        "one needs them, until you give another LOSSES (8.44, ruling R58)")
    assert table.enter("IF PURGED COUNTERPURGE C") == (
        "kept -- waits: it answers a C result of a Purge of you resolved at the end of the "
        "Player-Turn, and is void if none comes (11.24)")
    table.enter("PLAYER A")
    assert "stands: it chooses your losses in the Exchanges of your attacks written after it" \
        in table.enter("LOSSES 151 101")
    mail = tmp_path / "b.txt"
    mail.write_text(f"GAME {table.campaign.name}\nPLAYER B\nPASSWORD pwb\nLOSSES 160 102\n"
                    "IF PURGED COUNTERPURGE C\n", encoding="utf-8")
    answer = gm("orders", "check", "--campaign", str(tmp_path / "stands"), str(mail))
    assert "LOSSES 160 102  # 160 Zinoviev (1); stands: it chooses your losses if an " \
        "Exchange" in answer
    assert "IF PURGED COUNTERPURGE C  # waits: it answers a C result" in answer
    table.enter("DONE")
    kept = json.loads(table.campaign.store.result(table.campaign.row,
                                                  table.campaign.latest().seq) or "{}")
    said = {(o["player"], o["text"]): f"{o['result']} ({o.get('rule')}): {o['detail']}"
            for o in kept["orders"]}
    assert said[("B", "LOSSES 160 102")] == (
        "stands (8.44): no Exchange needed it in this Player-Turn; it stands for later ones "
        "until he gives another LOSSES (ruling R58)")
    assert said[("B", "IF PURGED COUNTERPURGE C")] == (
        "void (11.24): no Purge of him ended in C in this Player-Turn")


@pytest.mark.rules("11.0")
def test_a_purge_typed_at_the_table_is_said_to_be_resolved_at_the_end(tmp_path: Path
                                                                       ) -> None:
    table = _at_table(tmp_path)
    campaign = table.campaign
    state = state_of(campaign)
    chart = {**state.chart, "C": state.chart["C"].model_copy(update={"politburo": 9})}
    override(campaign, "a Central Committee of one", state.model_copy(
        update={"chart": chart}).to_json(), "test")
    table = Table.sit(open_campaign(tmp_path / "stands"))
    table.enter("PLAYER C")
    assert table.enter("PURGE B") == (
        "kept -- stands: resolved at the end of the Player-Turn (11.0, ruling R54)")
