"""Campaign set-up: the deal (15.3), trading (15.33, 15.34), deployment (15.4, 15.5), 15.62."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm.core.dice import SeededDice
from gm.core.errors import GameError
from gm.games.rcw.data.dataset import LEADER_COLORS, GameData
from gm.games.rcw.rules.stacking import stack_problems
from gm.games.rcw.setup.deal import initial_forces, new_game
from gm.games.rcw.setup.deployment import finish_deployment, record_deploy
from gm.games.rcw.setup.trading import end_trading, trade
from gm.games.rcw.state import GameState
from tests.conftest import ScriptedDraws, deal, deployed


@pytest.mark.parametrize("players", ["ABC", "ABCD", "ABCDE", "ABCDEF"])
@pytest.mark.rules("15.2", "15.22", "15.23", "15.3", "15.31", "15.32")
def test_the_deal_gives_out_all_65_counters_as_equally_as_possible(
        data: GameData, players: str) -> None:  # 15.22, 15.31
    state = deal(data, players)
    sizes = [len(h.units) + h.politburo + h.assassin for h in state.hands.values()]
    holders = {p for p, h in state.hands.items() if {151, 152} & set(h.units)}
    extra = holders if len(holders) == 2 else set()  # 15.32
    dealt = [size - (1 if p in extra else 0) for size, p in zip(sizes, players, strict=True)]
    assert sum(dealt) == 65
    assert max(dealt) - min(dealt) <= 1
    assert dealt == sorted(dealt, reverse=True)  # clockwise from A: the first get the extra
    leaders = sorted(u for h in state.hands.values() for u in h.units)
    assert leaders == sorted(data.leaders)
    assert sum(h.politburo for h in state.hands.values()) == 13 + len(extra)  # 15.32
    assert sum(h.assassin for h in state.hands.values()) == 2
    assert len(state.auxiliary_randomizer) == 30  # 15.23


@pytest.mark.rules("15.32")
def test_lenin_and_trotsky_holders_get_a_politburo_marker_each(data: GameData) -> None:  # 15.32
    dice = ScriptedDraws(["151", "152"])  # A gets Lenin, B Trotsky, then the lowest items
    state = new_game(data, ["A", "B", "C"], dice)
    dealt = Counter(purpose[-1] for purpose, item in dice.given if item == "POLITBURO")
    assert len(dice.given) == len(initial_forces(data)) == 65
    assert 151 in state.hands["A"].units and 152 in state.hands["B"].units
    assert state.hands["A"].politburo == dealt["A"] + 1
    assert state.hands["B"].politburo == dealt["B"] + 1
    assert state.hands["C"].politburo == dealt["C"]
    assert sum(h.politburo for h in state.hands.values()) == 15


@pytest.mark.rules("15.32")
def test_one_player_with_lenin_and_trotsky_gets_no_extra_marker(data: GameData) -> None:
    dice = ScriptedDraws(["151", "POLITBURO", "POLITBURO", "152"])  # A: Lenin, then Trotsky
    state = new_game(data, ["A", "B", "C"], dice)
    assert {151, 152} <= set(state.hands["A"].units)
    assert sum(h.politburo for h in state.hands.values()) == 13  # 15.32 ignored: docs/rulings.md


def test_the_same_seed_deals_the_same_hands(data: GameData) -> None:
    assert deal(data, seed="x").to_json() == deal(data, seed="x").to_json()
    assert deal(data, seed="x").to_json() != deal(data, seed="y").to_json()


@pytest.mark.rules("15.33")
def test_trades_move_units_and_markers_both_ways(data: GameData) -> None:  # 15.33
    state = deal(data, "ABC")
    a_unit, b_unit = state.hands["A"].units[0], state.hands["B"].units[0]
    after = trade(state, data, "A", "B", [str(a_unit)], [str(b_unit)])
    assert a_unit in after.hands["B"].units and b_unit in after.hands["A"].units
    assert a_unit not in after.hands["A"].units
    assert state.hands["A"].units[0] == a_unit  # the old state is untouched
    total = sum(h.politburo for h in state.hands.values())
    giver = next(p for p, h in state.hands.items() if h.politburo)
    gift = trade(state, data, giver, "C" if giver != "C" else "A", ["POLITBURO"], [])
    assert sum(h.politburo for h in gift.hands.values()) == total


@pytest.mark.rules("15.33")
def test_a_trade_of_what_a_player_does_not_hold_is_refused(data: GameData) -> None:
    state = deal(data, "ABC")
    b_unit = state.hands["B"].units[0]
    with pytest.raises(GameError, match="does not hold unit"):
        trade(state, data, "A", "C", [str(b_unit)], [])
    with pytest.raises(GameError, match="POLITBURO"):
        trade(state, data, "A", "B", ["POLITBURO"] * 20, [])


@pytest.mark.rules("15.34", "15.4", "15.41", "15.42", "7.16", "13.0")
def test_end_of_trading_puts_markers_on_the_chart_and_deploys_combat_units(
        data: GameData) -> None:  # 15.34, 15.41, 15.42, 13.0
    state = deal(data, "ABC")
    ended = end_trading(state, data)
    for player, hand in state.hands.items():
        assert ended.chart[player].politburo == hand.politburo
        assert ended.chart[player].assassin == hand.assassin
    on_map = ended.units_on_map()
    assert sorted(u for u in on_map if isinstance(u, int)) == sorted(data.combat_units)
    assert all(s.player is None for stacks in ended.position.values() for s in stacks)
    assert ended.stacks_in("POLA")[0].units == (317, 318, 319)  # 15.42: one Polish stack
    assert (126, "CZAR") in [s.units for s in ended.stacks_in("EKAT")]  # 13.0
    assert (205, "GOLD") in [s.units for s in ended.stacks_in("OMSK")]
    for province, stacks in ended.position.items():
        for stack in stacks:
            assert all(data.combat_units[u].home == province for u in stack.units
                       if isinstance(u, int))
    with pytest.raises(GameError, match="trading session is over"):
        trade(ended, data, "A", "B", ["POLITBURO"], [])


def _check_deployment(state: GameState, data: GameData) -> None:
    placed = state.units_on_map()
    assert Counter(placed).most_common(1)[0][1] == 1  # nothing twice
    assert set(placed) == set(data.units) | {"CZAR", "GOLD"}  # nothing lost
    for province, stacks in state.position.items():
        for stack in stacks:
            assert stack_problems(stack.units, data) == [], (province, stack)  # 7.1
            leaders = [u for u in stack.units if data.is_leader(u)]
            if leaders:
                assert stack.player is not None
            for leader_id in leaders:
                leader = data.leaders[int(leader_id)]
                assert leader.home == province  # 15.52
                if leader.asterisk:
                    color = LEADER_COLORS[leader.nationality]
                    assert any(data.is_combat(u) and data.color(u) == color
                               for u in stack.units), leader.name


@pytest.mark.parametrize("players", ["ABC", "ABCDEF"])
@pytest.mark.parametrize("seed", ["1", "2", "3"])
@pytest.mark.rules("15.43", "15.5", "15.51", "15.52", "15.55", "15.6", "15.61", "15.62", "13.0")
def test_default_deployment_is_legal(data: GameData, players: str, seed: str) -> None:
    state = deployed(data, players, seed)
    _check_deployment(state, data)
    assert state.stage == "play" and (state.turn, state.phase) == (1, 1)
    start = state.players.index(state.sequence[0])
    assert state.sequence == state.players[start:] + state.players[:start]  # 15.62
    tver = [s.units for s in state.stacks_in("TVER")]
    assert any(units[:2] == (152, 111) for units in tver)  # 15.52 example
    assert ("GOLD" in state.units_on_map()) and ("CZAR" in state.units_on_map())


def _in_deployment(data: GameData) -> tuple[GameState, dict[int, str]]:
    state = end_trading(deal(data, "ABC"), data)
    owner = {u: p for p, h in state.hands.items() for u in h.units}
    return state, owner


@pytest.mark.rules("15.54")
def test_a_chosen_stack_is_deployed_as_ordered(data: GameData) -> None:  # 15.54
    state, owner = _in_deployment(data)
    player = owner[151]
    state = record_deploy(state, data, player, "PETR", [151, 101])
    if owner[160] == player:
        state = record_deploy(state, data, player, "PETR", [160, 102])
    final = finish_deployment(state, data, SeededDice("s", "start"))
    assert (151, 101) in [s.units for s in final.stacks_in("PETR") if s.player == player]
    _check_deployment(final, data)


@pytest.mark.parametrize(("units", "province", "message"), [
    ([151, 111], "PETR", "deploys in TVER, not PETR (15.41)"),
    ([101, 151], "PETR", "starts with a leader"),
    ([151], "TVER", "deploys in PETR, not TVER (15.52)"),
    ([151], "PETR", "has an asterisk"),
    ([152, 111, 112], "TVER", "for the asterisk leaders 161 Sverdlov"),
])
@pytest.mark.rules("15.41", "15.52", "15.55")
def test_deployment_orders_that_break_the_rules_are_refused(
        data: GameData, units: list[int], province: str, message: str) -> None:
    state, owner = _in_deployment(data)
    with pytest.raises(GameError, match=message.replace("(", r"\(").replace(")", r"\)")):
        record_deploy(state, data, owner.get(units[0], owner[151]), province, units)


@pytest.mark.rules("15.52")
def test_trotsky_must_deploy_on_111_and_no_one_else_may_take_it(data: GameData) -> None:
    state, owner = _in_deployment(data)
    with pytest.raises(GameError, match=r"stacked with 111"):
        record_deploy(state, data, owner[152], "TVER", [152, 112])
    with pytest.raises(GameError, match=r"111 RD 3 is where 152 Trotsky"):
        record_deploy(state, data, owner[161], "TVER", [161, 111])


@pytest.mark.rules("15.53")
def test_another_players_leader_cannot_be_deployed(data: GameData) -> None:
    state, owner = _in_deployment(data)
    other = next(p for p in "ABC" if p != owner[152])
    with pytest.raises(GameError, match="does not hold"):
        record_deploy(state, data, other, "TVER", [152, 111])


@pytest.mark.rules("7.1", "7.11", "7.13", "7.14", "7.2", "7.22", "5.14", "13.2", "13.21",
                   "13.25", "13.27")
def test_stacking_limits(data: GameData) -> None:  # 7.11, 7.13, 7.14, 7.22, 13.25, 13.27
    assert "at most 5 (7.11)" in stack_problems((152, 101, 102, 103, 104, 105), data)[0]
    assert any("7.13" in p for p in stack_problems((152, 201), data))
    assert any("7.14" in p for p in stack_problems((401, 417), data))
    assert any("5.14, 7.22" in p for p in stack_problems((151, 101, 102, 103), data))
    assert stack_problems((252, "GOLD", 205, 206, 301), data) == []  # 13.25, 13.26
    assert any("13.27" in p for p in stack_problems((252, "GOLD", 205, 317), data))
    assert any("13.21" in p for p in stack_problems((252, 205, "GOLD"), data))


@settings(max_examples=40, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), count=st.integers(min_value=2, max_value=8),
       trades=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 40)),
                       max_size=6))
@pytest.mark.rules("15.0", "15.21", "15.32")
def test_any_seed_and_trades_give_a_legal_start(data: GameData, seed: str, count: int,
                                                trades: list[tuple[int, int, int]]) -> None:
    players = "ABCDEFGH"[:count]
    state = deal(data, players, seed)
    for giver_index, receiver_index, pick in trades:
        giver, receiver = players[giver_index % count], players[receiver_index % count]
        held = state.hands[giver].units
        if giver != receiver and held:
            state = trade(state, data, giver, receiver, [str(held[pick % len(held)])], [])
    started = finish_deployment(end_trading(state, data), data, SeededDice(seed, "start"))
    _check_deployment(started, data)
    assert GameState.from_json(started.to_json()) == started
    total = sum(s.politburo for s in started.chart.values())
    assert total in (13, 15)  # 15.32
