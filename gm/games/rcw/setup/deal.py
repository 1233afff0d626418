"""A new game: the randomizers (15.2) and the deal of the Initial Forces (15.3)."""

from __future__ import annotations

from collections import Counter

from gm.core.dice import Dice
from gm.core.errors import GameError
from gm.games.rcw.data.dataset import LENIN, TROTSKY, GameData
from gm.games.rcw.state import UNASSIGNED, ChartSection, GameState, Hand, Mode

POLITBURO, ASSASSIN = "POLITBURO", "ASSASSIN"


def initial_forces(data: GameData) -> tuple[str, ...]:
    """The Initial Forces Randomizer (15.22): every leader, 13 Politburo, 2 Assassin markers."""
    mix = data.counters.randomizers.initial_forces
    leaders = tuple(str(leader_id) for leader_id in sorted(data.leaders))
    return leaders + (POLITBURO,) * mix.politburo + (ASSASSIN,) * mix.assassin


def auxiliary_forces(data: GameData) -> tuple[str, ...]:
    """The Auxiliary Forces Randomizer (15.23), in canonical (sorted) order."""
    marks = data.counters.markers
    mix = data.counters.randomizers.auxiliary_forces
    items = [f"CTRL:{c}" for c in marks.blue_control + marks.green_control]
    items += [f"WITHDRAW:{c}" for c in marks.blue_withdrawal]
    items += [ASSASSIN] * mix.assassin
    return tuple(sorted(items))


def new_game(data: GameData, players: list[str], dice: Dice, mode: Mode = "postal"
             ) -> GameState:
    """Prepare the randomizers and deal the Initial Forces clockwise from A (15.21-15.32), for
    the postal game (17.0) or the standard one (4.2)."""
    if len(players) < 2 or len(set(players)) != len(players):
        raise GameError("a game needs two or more players with distinct letters (15.21)")
    pool = sorted(initial_forces(data))
    units: dict[str, list[int]] = {p: [] for p in players}
    markers: dict[str, Counter[str]] = {p: Counter() for p in players}
    for turn in range(len(pool)):  # 15.31: all are dealt, even if unequally
        player = players[turn % len(players)]
        item = dice.draw(pool, f"15.31 deal to {player}")
        pool.remove(item)
        if item in (POLITBURO, ASSASSIN):
            markers[player][item] += 1
        else:
            units[player].append(int(item))
    holders = [next(p for p in players if leader in units[p]) for leader in (LENIN, TROTSKY)]
    if holders[0] != holders[1]:  # 15.32: "if the same Player ... that rule should be ignored"
        for holder in holders:
            markers[holder][POLITBURO] += 1
    return GameState(
        players=tuple(players),
        mode=mode,
        stage="trading",
        hands={p: Hand(units=tuple(sorted(units[p])), politburo=markers[p][POLITBURO],
                       assassin=markers[p][ASSASSIN]) for p in players},
        chart={**{p: ChartSection() for p in players}, UNASSIGNED: ChartSection()},
        auxiliary_randomizer=auxiliary_forces(data),
        player_turn_randomizer=tuple(sorted(players)),
    )
