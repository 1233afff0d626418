"""The competent scripted Red Player of the solitaire benchmark (issue 23,
gm/games/rcw/simulation/competent.py): whole games to their end, each of his orders written in
the order language, read back and judged by the rules like a player's; and a capital entered
by a White force cleared at 3:1 by leaders brought there by rail."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gm.games.rcw.data.dataset import LENIN, TROTSKY, GameData
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.grammar.parser import parse_line
from gm.games.rcw.orders import model as m
from gm.games.rcw.rules.combat import strength
from gm.games.rcw.simulation.competent import competent_red
from gm.games.rcw.simulation.solitaire import RedPlayer, play, start
from gm.games.rcw.state import NON_RED, RED, GameState, Stack
from orders_grammar.problem import Problem

DATA: GameData = load_game_data()
RESULTS = ("non-red decisive", "red decisive", "red substantive", "red marginal", "draw")


def _written(red: RedPlayer) -> RedPlayer:
    """His orders as a player mails them: each line echoed and read back by the grammar."""
    names = Names(DATA)

    def orders(state: GameState, data: GameData, rng: random.Random) -> tuple[m.Order, ...]:
        made = red(state, data, rng)
        read = [parse_line(order.echo(), order.line, names) for order in made]
        for order, again in zip(made, read, strict=True):
            assert not isinstance(again, Problem) and again.same_as(order), order.echo()
        return tuple(o for o in read if not isinstance(o, Problem))
    return orders


@pytest.mark.rules("5.5", "7.33", "24.11", "28.14")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_competent_red_plays_whole_games_with_legal_orders_only(seed: int) -> None:
    state = start(DATA, seed)
    given: Counter[str] = Counter()
    last = state
    for phase in play(DATA, state, seed, _written(competent_red)):
        red = [r for r in phase.result.results if r.player == RED]
        assert [r for r in red if r.result == "illegal"] == [], phase.before.turn
        given.update(r.text.split()[0] for r in red)
        last = phase.after
    assert last.stage == "ended" and last.victory in RESULTS and last.turn <= 7
    assert given["DEPLOY"] and given["ATTACK"]  # he used his leaders (24.11) and fought


@pytest.mark.rules("5.5", "28.13")
def test_a_white_force_in_tver_is_attacked_at_3_to_1_by_leaders_brought_by_rail() -> None:
    state = start(DATA, 0)
    assert state.solitaire is not None
    # Denikin and a White unit of his in Tver; the Determination's die allows four leaders
    invaders = Stack(player=NON_RED, units=(251, 202))
    position = {p: tuple(s for s in stacks if not set(s.units) & set(invaders.units))
                for p, stacks in state.position.items()}
    position["TVER"] = (*position.get("TVER", ()), invaders)
    state = state.model_copy(update={
        "position": {p: s for p, s in position.items() if s},
        "solitaire": state.solitaire.model_copy(update={"leader_die": 6,
                                                        "leaders_allowed": 4})})
    orders = competent_red(state, DATA, random.Random(0))
    attack, = [o for o in orders if isinstance(o, m.Attack) and 251 in o.target]
    attacking = sum(strength(u, DATA) for force in attack.forces for u in force)
    assert attacking >= 3 * sum(strength(u, DATA) for u in invaders.units)
    assert any(isinstance(o, m.Move) and o.rail and o.path[-1] == "TVER" for o in orders)
    assert TROTSKY in attack.forces[0] + attack.forces[-1] or any(
        TROTSKY in force for force in attack.forces)
    assert not any(isinstance(o, m.Move) and LENIN in o.force for o in orders)  # Petrograd's
