"""Static legality of orders against the position at the start of the phase: each refusal
names its rule case (fixtures/orders/position.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm.games.rcw.cases.load import load_case
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.orders.legality import validate_orders
from gm.games.rcw.state import GameState

POSITION = Path(__file__).resolve().parents[1] / "fixtures" / "orders" / "position.yaml"


@pytest.fixture(scope="module")
def position() -> tuple[GameData, GameState]:
    _, data, state = load_case(POSITION)
    return data, state


def refusals(position: tuple[GameData, GameState], player: str, *lines: str,
             phase: int = 1) -> list[tuple[str, str]]:
    data, state = position
    state = state.model_copy(update={"phase": phase})
    text = f"GAME t\nPLAYER {player}\n" + "\n".join(lines)
    message = parse_message(text, Names(data))
    assert not message.problems, [p.render() for p in message.problems]
    return [(r.message, r.rule) for r in validate_orders(message.orders, state, data, player)]


LEGAL = [
    ("A", "MOVE 152 111 112: TVER-RYAZ-TULA-KALU-SMOL"),  # 5 MP (5.1)
    ("A", "MOVE 152 111 112: RYAZ"),  # the path may leave out the start
    ("A", "MOVE 151 101 102: PETR-NOVG PICKUP 103 AT NOVG DROP 102 AT NOVG"),
    ("A", "RAIL 152 111 112: TVER-RYAZ-VORO-DONC-KUBA"),  # rail: no MP (5.53)
    ("A", "MOVE 401 402: VLAD-SPAS-MOGO"),  # Japanese in Siberia, 3 MP
    ("A", "MOVE 170 CZAR 126: EKAT-PERM"),  # Imperial unit with its leader (13.12)
    ("C", "MOVE 253 221: TAUR-KUBA"),  # Kerch Straits, White only (5.32)
    ("C", "TRANSFER GOLD FROM 252 TO 252"),
    ("C", "STEAL 301 WITH 252"),
    ("A", "ASSASSINATE 153 AND/OR 160 WITH ALL ASSASSINS"),
    ("A", "GIVE 5 POLITBURO TO B"),
    ("A", "ATTACH 112 TO 152"),
    ("A", "DETACH 112 FROM 152"),
    ("A", "PURGE C WITH B POLITBURO 5 SPLIT EQUALLY PREFER 253 POLITBURO"),
    ("A", "EXECUTE CZAR"),
    ("B", "MOVE 317 318 319: POLA-GROD-MINS"),  # Poles in White Russia (5.76)
]


@pytest.mark.parametrize(("player", "line"), LEGAL, ids=[line for _, line in LEGAL])
def test_legal_orders_are_accepted(position: tuple[GameData, GameState], player: str,
                                   line: str) -> None:
    assert refusals(position, player, line) == []


REFUSED = [
    ("A", "MOVE 153: RYAZ-TULA", "7.23"),  # another player's leader
    ("A", "MOVE 152 113: TVER-RYAZ", "5.1"),  # units in two provinces
    ("A", "MOVE 152 112 111: TVER-RYAZ", "17.0, 7.21"),  # not listed top to bottom
    ("A", "MOVE 152: TVER-KIEV", "5.24"),  # not adjacent
    ("A", "MOVE 151: PETR-LIVO", "5.33"),  # Lake Pskov
    ("A", "MOVE 154: TAUR-KUBA", "5.32"),  # Kerch Straits: White only
    ("A", "MOVE 152: TVER-NOVG-PETR-OLON-ARCH-VOLO-YARO", "5.12, 5.23, 5.28"),  # 6 MP
    ("A", "MOVE 401 402: VLAD-SPAS-MOGO-CHIT-IRKU", "5.63, 5.72"),  # Blue: 3 MP
    ("A", "RAIL 152 111: TVER-YARO", "5.52"),  # adjacent, but no rail link
    ("A", "RAIL 401 402: VLAD-SPAS", "5.64, 5.73"),  # Blue units never by rail
    ("A", "MOVE 417: VLAD-SPAS", "5.61, 5.71"),  # no US control marker
    ("A", "MOVE 408: KIEV-POLT", "5.62"),  # German units never move
    ("A", "MOVE 111: TVER-RYAZ", "5.1, 5.22"),  # a Red combat unit alone
    ("A", "MOVE 151 101 102: PETR-NOVG PICKUP 103 AT NOVG", "5.42, 5.14, 7.22, 7.1"),  # Lenin: 2
    ("A", "MOVE 152 111 112 113: TVER-RYAZ", "5.1"),
    ("A", "MOVE 152: TVER-RYAZ\nMOVE 152: RYAZ-TULA", "5.25"),  # moved twice
    ("A", "MOVE 151 101: PETR-NOVG PICKUP 117 AT NOVG", "5.13"),  # 117 is in OREL
    ("A", "MOVE 151 101: PETR-NOVG DROP 103 AT NOVG", "5.13"),  # 103 not carried
    ("A", "ATTACH 113 TO 152", "5.41"),  # not in the same province
    ("A", "ATTACH 113 TO 153", "7.23"),  # B's leader
    ("A", "DETACH 101 FROM 152", "5.13"),
    ("B", "EMIGRATE GOLD", "13.31"),  # B does not control the Gold
    ("A", "TRANSFER GOLD FROM 252 TO 253", "13.14, 13.15"),
    ("A", "STEAL 301 WITH 152", "13.26"),  # Trotsky has no Gold
    ("A", "ASSASSINATE 153 WITH 3 ASSASSINS", "10.16"),  # holds 2
    ("B", "ASSASSINATE 152 WITH 1 ASSASSIN", "10.12"),  # holds none
    ("A", "ASSASSINATE CZAR WITH 1 ASSASSIN", "10.13, 13.51"),
    ("A", "ASSASSINATE 117 WITH 1 ASSASSIN", "10.13"),  # a combat unit
    ("A", "GIVE 6 POLITBURO TO B", "11.0"),
    ("A", "GIVE 3 ASSASSINS TO B", "10.0"),
    ("A", "GIVE 1 POLITBURO TO A", "15.33"),
    ("A", "GIVE 1 POLITBURO TO F", "15.21"),
    ("A", "GIVE 152 TO B", "15.33"),  # units change hands only in the trading session
    ("A", "TRADE 1 POLITBURO TO B FOR 1 ASSASSIN", "10.0"),  # B has no Assassin to give
    ("A", "PURGE B POLITBURO 5", "11.1"),  # 5 < 8
    ("A", "PURGE A WITH B", "11.14"),
    ("A", "ATTACK 153 WITH 152 111 112", "17.0 [4.2], 5.11"),  # combat in the First Phase
    ("A", "DEPLOY 151 101 IN PETR", "17.0 [4.2]"),
    ("B", "MOVE 317 318 319: POLA-GROD-MINS-CHER-KIEV", "5.63, 5.72"),  # Green: 3 MP
    ("C", "MOVE 252 GOLD 205 301: OMSK-EKAT-PERM", "5.74"),  # Siberian Green leaves Siberia
]


@pytest.mark.parametrize(("player", "lines", "rule"), REFUSED,
                         ids=[lines.replace("\n", " / ") for _, lines, _ in REFUSED])
@pytest.mark.rules("5.1", "5.12", "5.13", "5.14", "5.22", "5.23", "5.24", "5.25", "5.28", "5.32",
                   "5.33", "5.41", "5.52", "5.61", "5.62", "5.63", "5.64", "5.72", "5.73",
                   "5.74", "7.23", "10.12", "10.13", "10.16", "11.1", "11.14", "13.14", "13.15",
                   "13.26", "13.31", "13.51", "15.33", "17.0 [4.2]")
def test_illegal_orders_are_refused_with_their_rule(position: tuple[GameData, GameState],
                                                    player: str, lines: str, rule: str) -> None:
    found = refusals(position, player, *lines.split("\n"))
    assert found, "nothing refused"
    assert rule in [r for _, r in found], found


def test_the_czar_must_be_held_by_a_red_leader_to_be_executed(
        position: tuple[GameData, GameState]) -> None:  # 13.53
    data, state = position
    from gm.games.rcw.state import Stack

    white_holds = state.with_position("EKAT", (Stack(player="A", units=(265, "CZAR")),))
    message = parse_message("GAME t\nPLAYER A\nEXECUTE CZAR\n", Names(data))
    found = validate_orders(message.orders, white_holds, data, "A")
    assert [r.rule for r in found] == ["13.53"]


@pytest.mark.rules("8.44", "8.46")
def test_losses_name_his_own_units_and_uncontrolled_ones(
        position: tuple[GameData, GameState]) -> None:
    """8.46: the attacker of an uncontrolled stack chooses its Exchange losses, by the LOSSES
    line that orders his own (ruling R70); another player's units stay refused (8.44)."""
    assert refusals(position, "A", "LOSSES 112 161 103", phase=2) == []
    found = refusals(position, "A", "LOSSES 112 153", phase=2)
    assert [rule for _, rule in found] == ["8.44, 8.46"]
