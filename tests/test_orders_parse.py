"""The order language: every example of orders.md parses to the intended order; the echo
parses back to the same orders; the envelope keeps only what the player meant."""

from __future__ import annotations

import pytest

from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.grammar.parser import parse_line
from gm.games.rcw.orders import model as m
from gm.messages.reading import read_message
from orders_grammar.message import OpenPhase, OrdersError
from orders_grammar.problem import Problem


@pytest.fixture(scope="module")
def names(data: GameData) -> Names:
    return Names(data)


EXAMPLES: list[tuple[str, m.Order]] = [  # the forms of docs/orders.md
    ("GIVE 2 POLITBURO TO A", m.Give(goods=m.Goods(politburo=2), to="A")),
    ("TRADE 1 ASSASSIN TO C FOR 2 POLITBURO",
     m.Trade(goods=m.Goods(assassin=1), to="C", receive=m.Goods(politburo=2))),
    ("MOVE 152 111 112: RYAZ-TULA-KALU-SMOL",
     m.Move(force=(152, 111, 112), path=("RYAZ", "TULA", "KALU", "SMOL"))),
    ("MOVE Tukhachevsky: PETR-NOVG-TVER-RYAZ",
     m.Move(force=(153,), path=("PETR", "NOVG", "TVER", "RYAZ"))),
    ("MOVE 160 120: PETR-NOVG-TVER PICKUP 121 AT NOVG DROP 120 AT TVER",
     m.Move(force=(160, 120), path=("PETR", "NOVG", "TVER"), changes=(
         m.StackChange(action="PICKUP", units=(121,), at="NOVG"),
         m.StackChange(action="DROP", units=(120,), at="TVER")))),
    ("RAIL 161 121: TVER-RYAZ-VORO",
     m.Move(rail=True, force=(161, 121), path=("TVER", "RYAZ", "VORO"))),
    ("MOVE 401 402: VLAD-SPAS", m.Move(force=(401, 402), path=("VLAD", "SPAS"))),
    ("ATTACH 113 TO 153", m.Attach(units=(113,), leader=153)),
    ("DETACH 113 FROM 153", m.Detach(units=(113,), leader=153)),
    ("TRANSFER GOLD FROM 255 TO 256", m.Transfer(imperial="GOLD", source=255, target=256)),
    ("EMIGRATE CZAR", m.Emigrate(unit="CZAR")),
    ("ASSASSINATE Trotsky AND/OR Tukhachevsky WITH ALL ASSASSINS",
     m.Assassinate(targets=(152, 153), markers=None)),
    ("ASSASSINATE 152 WITH 2 ASSASSINS", m.Assassinate(targets=(152,), markers=2)),
    ("PURGE D WITH B C POLITBURO 4 SPLIT EQUALLY",
     m.Purge(target="D", partners=("B", "C"), politburo=4, split="equally")),
    ("PURGE D POLITBURO 3 SPLIT IN ORDER A B PREFER 165 POLITBURO",
     m.Purge(target="D", politburo=3, split="in_order", split_order=("A", "B"),
             prefer=(165, "POLITBURO"))),
    ("IF PURGED COUNTERPURGE A", m.IfPurged(counterpurge="A")),
    ("IF PURGED DO NOT COUNTERPURGE", m.IfPurged(counterpurge=None)),
    ("EXECUTE CZAR", m.ExecuteCzar()),
    ("IF EXECUTION ORDERED COMPLY", m.IfExecution(comply=True)),
    ("STEAL 301 WITH 255", m.Steal(unit=301, leader=255)),
    ("QUIT", m.Quit()),
    ("GIVE 1 ASSASSIN TO B", m.Give(goods=m.Goods(assassin=1), to="B")),
    ("ATTACK 201 WITH 152 111 112", m.Attack(target=(201,), forces=((152, 111, 112),))),
    ("ATTACK 201 WITH 152 111, 160 120",
     m.Attack(target=(201,), forces=((152, 111), (160, 120)))),
    ("SUBVERT 415 WITH 152 111, 153",
     m.Attack(subversive=True, target=(415,), forces=((152, 111), (153,)))),
    ("LOSSES 112 111 152", m.Losses(units=(112, 111, 152))),
    ("END GAME", m.EndGame()),
    ("GIVE 152 TO B", m.Give(goods=m.Goods(units=(152,)), to="B")),
    ("TRADE 152 TO B FOR 255",
     m.Trade(goods=m.Goods(units=(152,)), to="B", receive=m.Goods(units=(255,)))),
    ("DEPLOY 160 161 120 IN PETR", m.Deploy(units=(160, 161, 120), province="PETR")),
]


@pytest.mark.parametrize(("text", "expected"), EXAMPLES, ids=[t for t, _ in EXAMPLES])
def test_every_example_of_the_spec_parses_to_the_intended_order(
        names: Names, text: str, expected: m.Order) -> None:
    order = parse_line(text, 7, names)
    assert not isinstance(order, Problem), order
    assert order.same_as(expected)
    assert (order.line, order.column) == (7, 1)
    again = parse_line(order.echo(), 1, names)
    assert not isinstance(again, Problem) and again.same_as(order)


@pytest.mark.parametrize(("text", "expected"), [
    ("move trotsky 111: tver-ryaz", "MOVE 152 111: TVER-RYAZ"),  # keywords in any case
    ("MOVE Tukachevsky: Petrograd-Novgorod", "MOVE 153: PETR-NOVG"),  # 17.0's spelling
    ("ASSASSINATE Denikine WITH 1 ASSASSIN", "ASSASSINATE 251 WITH 1 ASSASSIN"),
    ("MOVE TUKHACHÉVSKY: PETR", "MOVE 153: PETR"),  # accents and case
    ("MOVE Antonov Ovseenko: KHAR-POLT", "MOVE 163: KHAR-POLT"),  # two words, one leader
    ("MOVE Antonov-Ovseenko: Kharkov-Poltava", "MOVE 163: KHAR-POLT"),
    ("DEPLOY Lenin, 101 IN Don Cossacks", "DEPLOY 151 101 IN DONC"),
    ("MOVE 163: Nizhniy Novgorod-Vladimir", "MOVE 163: NIZH-VLDM"),
    ("MOVE 401: vlad-spas", "MOVE 401: VLAD-SPAS"),
    ("TRANSFER gold FROM Kolchak TO Sakharov", "TRANSFER GOLD FROM 252 TO 255"),
])
def test_names_codes_and_spellings(names: Names, text: str, expected: str) -> None:
    order = parse_line(text, 1, names)
    assert not isinstance(order, Problem), order.render()
    assert order.echo() == expected


def test_an_ambiguous_name_is_refused_with_its_candidates(data: GameData) -> None:
    from gm.games.rcw.data.models import Leader

    twin = Leader(id=181, kind="leader", nationality="RD", name="Kamenev", value=1, home="TVER",
                  source="test")
    counters = data.counters.model_copy(update={"units": (*data.counters.units, twin)})
    doubled = GameData(directory=data.directory, map=data.map, counters=counters)
    problem = parse_line("MOVE Kamenev: KAZA", 1, Names(doubled))
    assert isinstance(problem, Problem)
    assert "could be 155 Kamenev (2), 181 Kamenev (1)" in problem.message


MESSAGE = """Dear GM,
> GAME old
> MOVE 151: PETR-NOVG
GAME rcw1
PLAYER b
PASSWORD s3cret   # comment
TURN 2 PHASE 1
MOVE 152 111 \\
    112: RYAZ-TULA
MOEV 153: PETR

GIVE 1 ASSASSIN TO C  # gift
END
MOVE 152: NOWHERE
--
Boris
""".replace("--\n", "-- \n")


def test_the_envelope(names: Names) -> None:
    message = parse_message(MESSAGE, names, OpenPhase(2, "1"))
    assert (message.game, message.player, message.password) == ("rcw1", "B", "s3cret")
    assert message.declared == OpenPhase(2, "1")
    assert [(o.line, o.echo()) for o in message.orders] == [
        (8, "MOVE 152 111 112: RYAZ-TULA"), (12, "GIVE 1 ASSASSIN TO C")]
    assert [(p.line, p.column) for p in message.problems] == [(10, 1)]


def test_a_stale_message_is_refused_whole(names: Names) -> None:
    with pytest.raises(OrdersError, match=r"TURN 2 PHASE 1.*TURN 2 PHASE 2 is open.*stale"):
        parse_message(MESSAGE, names, OpenPhase(2, "2"))
    pre_game = "GAME g\nPLAYER A\nPHASE TRADING\nGIVE 152 TO B\n"
    with pytest.raises(OrdersError, match=r"PHASE TRADING.*PHASE SETUP is open"):
        parse_message(pre_game, names, OpenPhase(None, "SETUP"))
    assert parse_message(pre_game, names, OpenPhase(None, "TRADING")).orders


def test_no_game_line_refuses_the_message(names: Names) -> None:
    with pytest.raises(OrdersError, match="begin with a line `GAME"):
        parse_message("MOVE 152: TVER\n", names)


def test_an_html_only_email_is_read_as_text(names: Names) -> None:
    raw = ("From: b@example.org\nTo: gm@example.org\nSubject: orders\nMIME-Version: 1.0\n"
           "Content-Type: text/html; charset=utf-8\n\n"
           "<html><body><p>Hello</p><blockquote>GAME old<br>MOVE 151: PETR</blockquote>"
           "<div>GAME rcw1</div><div>PLAYER B</div><div>MOVE 152&nbsp;111: TVER-RYAZ</div>"
           "<p>END</p></body></html>")
    message = parse_message(read_message(raw.encode()).text, names)
    assert message.game == "rcw1"
    assert [o.echo() for o in message.orders] == ["MOVE 152 111: TVER-RYAZ"]


def test_a_plain_text_email_part_is_preferred(names: Names) -> None:
    raw = ("From: b@example.org\nSubject: orders\nMIME-Version: 1.0\n"
           'Content-Type: multipart/alternative; boundary="xx"\n\n--xx\n'
           "Content-Type: text/plain\n\nGAME rcw1\nPLAYER B\nQUIT\n--xx\n"
           "Content-Type: text/html\n\n<p>GAME other</p>\n--xx--\n")
    message = parse_message(read_message(raw.encode()).text, names)
    assert message.game == "rcw1" and isinstance(message.orders[0], m.Quit)


def test_header_lines_after_orders_and_twice(names: Names) -> None:
    message = parse_message("GAME g\nPLAYER A\nPLAYER B\nQUIT\nPASSWORD late\n", names)
    assert [p.message for p in message.problems] == [
        "PLAYER is given twice",
        "header lines (GAME, PLAYER, PASSWORD, TURN/PHASE, SALT) come before the orders"]


@pytest.mark.rules("17.0 [11.0]", "11.23")
@pytest.mark.parametrize(("text", "members", "turns"), [
    ("PURGE D WITH B C", ("A", "B", "C"), ("A", "B", "C")),  # no SPLIT: equally (R20)
    ("PURGE D WITH C B SPLIT EQUALLY", ("C", "A", "B"), ("A", "B", "C")),
    ("PURGE D WITH B C SPLIT IN ORDER C", ("A", "B", "C"), ("C", "A", "B")),
    ("PURGE D WITH B C SPLIT IN ORDER C B A", ("A", "B", "C"), ("C", "B", "A")),
    ("PURGE D WITH B SPLIT IN ORDER B B D", ("A", "B"), ("B", "A")),  # once each, members only
    ("PURGE D SPLIT IN ORDER C", ("A",), ("A",)),
])
def test_a_purge_divides_the_spoils_in_turns(names: Names, text: str, members: tuple[str, ...],
                                             turns: tuple[str, ...]) -> None:
    """17.0 [11.0] d): the division as it takes effect (ruling R20), what the participants'
    orders are compared by: no SPLIT is SPLIT EQUALLY, alphabetical; SPLIT IN ORDER as
    written, the participants it leaves out after them."""
    order = parse_line(text, 1, names)
    assert isinstance(order, m.Purge)
    assert order.turns(members) == turns


@pytest.mark.rules("17.0 [11.0]")
@pytest.mark.parametrize("text", ["PURGE D SPLIT EQUALLY SPLIT IN ORDER A B",
                                  "PURGE D SPLIT IN ORDER B A SPLIT EQUALLY",
                                  "PURGE D SPLIT IN ORDER B SPLIT IN ORDER A"])
def test_a_purge_has_one_division(names: Names, text: str) -> None:
    problem = parse_line(text, 1, names)
    assert isinstance(problem, Problem)
    assert "the split part is given twice" in problem.message
