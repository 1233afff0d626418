"""The solitaire set-up (27.0): the combat and Imperial units as in the standard set-up (15.4,
13.0); every White leader in his province (27.11), the five of 27.12 in theirs, stacked by the
non-Red stacking procedure (22.1); of the Red leaders only Lenin in Petrograd and Trotsky in
Tver, on their Red combat units (27.13); the Auxiliary Forces Randomizer without Assassin
markers (20.11, 27.2). The game then waits for `gm start`, which opens Game-Turn 1 with the
non-Red Player-Turn (27.31)."""

from __future__ import annotations

from gm.core.errors import GameError
from gm.games.rcw.data.dataset import LENIN, TROTSKY, GameData, UnitId
from gm.games.rcw.rules.solitaire import white_stacks
from gm.games.rcw.setup.deal import ASSASSIN, auxiliary_forces
from gm.games.rcw.setup.deployment import deploy_combat_and_imperial
from gm.games.rcw.state import NON_RED, RED, UNASSIGNED, ChartSection, GameState, Solitaire, Stack

RED_LEADERS_AT_START = {LENIN: "PETR", TROTSKY: "TVER"}  # 27.13


def new_game(data: GameData, players: list[str]) -> GameState:
    """A solitaire game set up (27.0) for its one player, Red (18.0)."""
    if players != [RED]:
        raise GameError(f"the solitaire game has one player, who plays Red: give him the "
                        f"letter {RED} (18.0)")
    state = GameState(
        players=(NON_RED, RED), mode="solitaire", stage="deployment",
        chart={NON_RED: ChartSection(), RED: ChartSection(), UNASSIGNED: ChartSection()},
        auxiliary_randomizer=tuple(c for c in auxiliary_forces(data) if c != ASSASSIN),
        sequence=(NON_RED, RED), solitaire=Solitaire())
    state = deploy_combat_and_imperial(state, data)
    position = {p: list(stacks) for p, stacks in state.position.items()}
    for red, province in RED_LEADERS_AT_START.items():
        _lead(position, data, province, [red], "red", RED)
    whites: dict[str, list[int]] = {}
    for leader in sorted(data.leaders.values(), key=lambda x: x.id):
        if data.color(leader.id) == "white":  # 27.11, 27.12
            whites.setdefault(leader.solitaire_setup or leader.home, []).append(leader.id)
    for province, leaders in sorted(whites.items()):
        _lead(position, data, province, leaders, "white", NON_RED)
    return state.model_copy(update={"position": {
        p: tuple(s) for p, s in sorted(position.items()) if s}})


def _lead(position: dict[str, list[Stack]], data: GameData, province: str, leaders: list[int],
          color: str, player: str) -> None:
    """The leaders placed on the uncontrolled combat units of their colour in `province`,
    in the fewest, strongest stacks (22.1; for Lenin and Trotsky, on the one Red unit there,
    27.13); an Imperial unit there goes under the lowest-numbered leader (13.21)."""
    stacks = position.setdefault(province, [])
    free = [s for s in stacks if s.player is None and any(
        isinstance(u, int) and data.color(u) == color for u in s.units)]
    units: list[UnitId] = [u for s in free for u in s.units]
    for stack in free:
        stacks.remove(stack)
    for formed in white_stacks([*leaders, *units], data):
        led = any(data.is_leader(u) for u in formed)
        stacks.append(Stack(player=player if led else None, units=formed))
