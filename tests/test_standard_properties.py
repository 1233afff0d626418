"""Property tests of the standard game (issue 23, rulings R74, R76) over random Player-Turns
written as players write them, legal or not:

- one judgment: each line typed at the table (`gm play`) shows the result the adjudication
  of the same lines mailed gives it, refused lines change nothing, and the mail answer
  refuses what the adjudication refuses, for the same rule, up to the first attack or
  assassination made (the answer rolls no die: what the dice change it cannot know);
- Player-Turn identities after random quits: no two Player-Turns share a number, dice or
  orders, and no message is carried out in two Player-Turns."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from gm.app.adjudication import adjudicate_open_phase
from gm.app.campaign import Campaign, open_campaign
from gm.app.table import Table
from gm.core.dice import phase_seed
from gm.engine.results import OrderResult
from gm.games.rcw.engine.facts import Assassinated, Fought
from gm.games.rcw.orders.model import Order, Quit
from gm.games.rcw.simulation.generate import FIRST_LINE, random_player_turn_orders
from orders_grammar.message import MAX_LINE_CHARS, read_envelope
from tests.conftest import gm
from tests.rcw import rcw_data, rcw_state

PLAYERS = ["A", "B", "C", "D"]
REFUSED = re.compile(r"-- illegal \(([^)]*)\)")
LINE_NUMBER = re.compile(r"\bline \d+\b")


def _new(folder: Path, seed: str, players: list[str]) -> Campaign:
    gm("new", str(folder), "--mode", "standard", "--seed", seed, *[
        arg for p in players for arg in ("-p", f"{p}:{p}:{p.lower()}@x.org:pw{p.lower()}")])
    gm("end-trading", str(folder))
    gm("start", str(folder))
    return open_campaign(folder)


def _mail(campaign: Campaign, player: str, lines: list[str]) -> str:
    return "\n".join([f"GAME {campaign.name}", f"PLAYER {player}",
                      f"PASSWORD pw{player.lower()}", *lines]) + "\n"


def _said(result: OrderResult) -> tuple[str, str | None, str]:
    """A result as it is shown, its line references aside (the table numbers only the lines
    it kept)."""
    return result.result, result.rule, LINE_NUMBER.sub("line", result.detail)


def _answer_refusals(campaign: Campaign, player: str, text: str) -> dict[int, str]:
    """The lines the answer to this mail refuses (numbered as mailed), with the rule."""
    state = campaign.latest().state
    message = campaign.system.parse_orders(read_envelope(text), campaign.data, MAX_LINE_CHARS)
    problems = [*message.problems, *campaign.system.order_problems(message, state,
                                                                   campaign.data, player)]
    return {p.line: p.rule or "" for p in problems}


def _player_turn(table_campaign: Campaign, mail_campaign: Campaign, rng: random.Random) -> None:
    state = rcw_state(mail_campaign.latest().state)
    assert state.model_dump() == table_campaign.latest().state.model_dump()
    phasing = state.phasing_player()
    assert phasing is not None
    orders: tuple[Order, ...] = random_player_turn_orders(
        state, rcw_data(mail_campaign.data), phasing, rng)
    lines = [o.echo() for o in orders]
    text = _mail(mail_campaign, phasing, lines)

    table = Table.sit(table_campaign)
    table.speaker = phasing
    typed: dict[int, int | str] = {}  # mailed line -> its line at the table, or the refusal
    answers: dict[int, str] = {}  # mailed line -> what the table said
    for index, line in enumerate(lines):
        answer = table.enter(line)
        while table.asking is not None:  # another player's choice: Enter, the default, as
            answer = table.enter("")  # his mail without an order for it gets
        answers[FIRST_LINE + index] = answer
        refused = REFUSED.search(answer)
        if refused or "not kept" in answer:
            typed[FIRST_LINE + index] = refused.group(1) if refused else answer
        else:
            typed[FIRST_LINE + index] = len(table.lines[phasing].head)  # the last line
    shown = dict(table.shown)
    answered = _answer_refusals(mail_campaign, phasing, text)

    mailed = adjudicate_open_phase(mail_campaign, [("orders.txt", text.encode())],
                                   dry_run=False)
    table.enter("DONE")
    while table.asking is not None:
        table.enter("")
    results = {r.line: r for r in mailed.result.results if r.player == phasing}
    diced = False  # an attack or an assassination made before the line
    for number in sorted(results):
        result = results[number]
        at_table = typed.get(number)
        if isinstance(at_table, str):  # refused at the table: refused alike by mail
            assert result.result == "illegal" and result.rule == at_table, (
                number, result, answers[number])
        elif at_table is not None and (phasing, at_table) in shown:
            assert _said(shown[(phasing, at_table)]) == _said(result), (number, result)
        if not diced:  # the answer cannot know what the dice will do: until then, alike
            assert (result.result == "illegal", result.rule) == (
                number in answered, answered.get(number, result.rule)), (number, result)
        diced = diced or isinstance(result.fact, Fought | Assassinated)
    assert mail_campaign.latest().state.model_dump() == \
        table_campaign.latest().state.model_dump()


@pytest.mark.rules("5.1", "5.11", "8.0", "10.0", "8.44")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_table_the_mail_answer_and_the_adjudication_judge_alike(tmp_path: Path,
                                                                     seed: int) -> None:
    players = PLAYERS[:3]
    table = _new(tmp_path / "table", f"alike{seed}", players)
    mail = _new(tmp_path / "mail", f"alike{seed}", players)
    rng = random.Random(seed)
    for _ in range(2 * len(players)):
        if mail.latest().state.stage != "play":
            break
        _player_turn(table, mail, rng)


def _quit_or_orders(campaign: Campaign, rng: random.Random) -> list[tuple[str, bytes]]:
    """The phasing player's random orders; sometimes another player (or he) quits."""
    state = rcw_state(campaign.latest().state)
    phasing = state.phasing_player()
    assert phasing is not None
    orders = random_player_turn_orders(state, rcw_data(campaign.data), phasing, rng, limit=8)
    files = [("p.txt", _mail(campaign, phasing, [o.echo() for o in orders]).encode())]
    playing = state.players_in_game()
    if len(playing) > 2 and rng.random() < 0.3:
        quitter = rng.choice(playing)
        files.append(("q.txt", _mail(campaign, quitter, [Quit().echo()]).encode()))
    return files


@pytest.mark.rules("14.24", "14.23", "4.2")
@pytest.mark.parametrize("seed", [5, 6, 7, 8])
def test_random_quits_never_share_a_player_turn(tmp_path: Path, seed: int) -> None:
    campaign = _new(tmp_path / "quits", f"quits{seed}", PLAYERS)
    rng = random.Random(seed)
    for _ in range(12):
        if campaign.latest().state.stage != "play":
            break
        adjudicate_open_phase(campaign, _quit_or_orders(campaign, rng), dry_run=False)
    entries = [e for e in campaign.store.entries(campaign.row)
               if e.action.startswith("adjudicate")]
    played = [e.action.split()[1] for e in entries]
    assert len(played) == len(set(played)), played  # each Player-Turn its own number
    seeds = [phase_seed(campaign.row.seed, *map(int, p.split("."))) for p in played]
    assert len(seeds) == len(set(seeds))  # its own dice (docs/dice.md)
    carried: set[int] = set()
    for number in played:
        turn, phase = map(int, number.split("."))
        rows = {row.id for row in campaign.store.orders_for(campaign.row, turn, phase)}
        assert not rows & carried, number  # no message carried out in two Player-Turns
        carried |= rows
    assert carried
