"""What a player plans from (gm/games/rcw/reports/planning.py): the template offers every order
open to him and nothing else, so that any of its lines, uncommented and sent back, passes
`gm orders check`; YOUR FORCES says where each stack can go and what it can attack."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm.core.dice import SeededDice
from gm.core.state import Stack, UnitId
from gm.engine.results import OrderResult
from gm.games.rcw.data.load import load_game_data
from gm.games.rcw.engine import solitaire, standard
from gm.games.rcw.engine.facts import Fought, Moved
from gm.games.rcw.engine.postal import adjudicate_phase
from gm.games.rcw.grammar.messages import parse_message
from gm.games.rcw.grammar.names import Names
from gm.games.rcw.orders.legality_movement import LEADER_ALLOWANCE
from gm.games.rcw.orders.messages import legality_problems, open_phase_of
from gm.games.rcw.orders.model import Deploy, Move, Order
from gm.games.rcw.reports.build import build_report
from gm.games.rcw.reports.planning import MOVE_LINES, RAIL_LINES, legal, routes
from gm.games.rcw.rules.movement import must_stop
from gm.games.rcw.setup.deal import new_game
from gm.games.rcw.setup.deployment import finish_deployment
from gm.games.rcw.setup.pregame import apply_pregame
from gm.games.rcw.setup.trading import end_trading
from gm.games.rcw.simulation.simulate import play, start
from gm.games.rcw.simulation.solitaire import play as solitaire_play
from gm.games.rcw.simulation.solitaire import simple_red
from gm.games.rcw.simulation.solitaire import start as solitaire_start
from gm.games.rcw.state import FIRST_PHASE, RED, GameState

DATA = load_game_data()
NAMES = Names(DATA)


def _template(state: GameState, player: str) -> list[str]:
    report = build_report("prop", None, state, DATA, [], player=player)
    assert report.player is not None
    return report.player.template


def _orders_of_each_line(state: GameState, player: str
                         ) -> list[tuple[str, list[str], tuple[Order, ...]]]:
    """Each order line of the player's template, sent alone as he would send it: the line,
    the problems the parser and the legality checks find, the orders read."""
    template = _template(state, player)
    if not template:
        return []
    header, lines = template[:4], template[4:-1]
    assert template[-1] == "END" and all(line.startswith("# ") or line.startswith("## ")
                                         or line.startswith("#   ") for line in lines)
    assert all(len(line) <= 72 for line in template), max(template, key=len)
    entries: list[list[str]] = []  # an order on lines ending in `\` is one entry
    for line in lines:
        if entries and entries[-1][-1].endswith("\\"):
            entries[-1].append(line)
        else:
            entries.append([line])
    found = []
    for entry in entries:
        if entry[0].startswith("## "):  # a note: a comment still once its first `#` is removed
            assert parse_message("\n".join([*header, entry[0][1:], "END"]).replace(
                "<your password>", "x"), NAMES, open_phase_of(state)).orders == ()
            continue
        uncommented = [line[1:] for line in entry]  # as the player does: each line's `#` off
        text = "\n".join([*header, *uncommented, "END"]).replace("<your password>", "x")
        message = parse_message(text, NAMES, open_phase_of(state))
        lines_read = dict(enumerate(text.splitlines(), 1))
        problems = [p.message for p in message.problems] + [
            p.message for p in legality_problems(message.orders, lines_read, state, DATA,
                                                 player)]
        assert len(message.orders) == 1 or problems, entry
        found.append(("\n".join(entry), problems, message.orders))
    return found


def _problems_of_each_line(state: GameState, player: str) -> list[tuple[str, list[str]]]:
    """Each line's problems, and the routes YOUR FORCES gives (most of them not lines of the
    template) each judged alone as a MOVE or RAIL: none refused."""
    report = build_report("prop", None, state, DATA, [], player=player)
    assert report.player is not None
    for force in report.player.forces:
        units = _units_of(state, force.province, [u.id for u in force.units])
        for route in force.routes:
            move = Move(line=1, force=units, path=tuple(route.path), rail=route.rail)
            assert legal(move, state, DATA, player), move.echo()
    return [(line, problems) for line, problems, _ in _orders_of_each_line(state, player)]


def _units_of(state: GameState, province: str, ids: list[int | str]) -> tuple[UnitId, ...]:
    return next(s.units for s in state.stacks_in(province) if list(s.units) == ids)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), phases=st.integers(0, 5))
def test_every_template_line_is_a_legal_order(seed: int, players: int, phases: int) -> None:
    state = start(DATA, "ABCDEF"[:players], seed)
    for phase in itertools.islice(play(DATA, state, seed, max_turns=3), phases):
        state = phase.after
    if state.stage != "play":
        return
    for player in state.players_in_game():
        for order, problems in _problems_of_each_line(state, player):
            assert problems == [], f"{order}: {problems}"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), turns=st.integers(0, 8))
def test_every_template_line_of_a_standard_player_turn_is_a_legal_order(
        seed: int, players: int, turns: int) -> None:
    """The standard game: the Phasing Player's moves and attacks, the others' trades."""
    state = _standard(seed, players, turns)
    for player in state.players_in_game():
        for order, problems in _problems_of_each_line(state, player):
            assert problems == [], f"{order}: {problems}"


def _standard(seed: int, players: int, turns: int) -> GameState:
    state = start(DATA, "ABCDEF"[:players], seed, "standard")
    for phase in itertools.islice(play(DATA, state, seed, max_turns=3), turns):
        if phase.after.stage != "play":
            break
        state = phase.after
    return state


def test_the_template_offers_the_orders_of_the_phase_only() -> None:
    state = start(DATA, "ABC", 7)
    first = build_report("t", None, state, DATA, [], player="A").player
    assert first is not None and state.phase == FIRST_PHASE
    kinds = {line[2:].split()[0] for line in first.template[4:-1] if not line.startswith("##")}
    assert {"MOVE", "RAIL", "QUIT"} <= kinds and not kinds & {"ATTACK", "SUBVERT", "LOSSES"}
    second_state = next(iter(play(DATA, state, 7, max_turns=1))).after
    second = build_report("t", None, second_state, DATA, [], player="A").player
    assert second is not None
    kinds = {line[2:].split()[0] for line in second.template[4:-1]
             if not line.startswith("##")}
    assert not kinds & {"MOVE", "RAIL", "ASSASSINATE"}
    attacks = [line for line in second.template if line.startswith("# ATTACK")]
    targets = {a for force in second.forces for a in force.attack}
    assert bool(attacks) == bool(targets)  # ATTACK only where a target is


def test_your_forces_names_every_stack_and_where_it_can_go() -> None:
    state = start(DATA, "ABCD", 11)
    part = build_report("t", None, state, DATA, [], player="B").player
    assert part is not None
    mine = [(code, s) for code, stacks in state.position.items() for s in stacks
            if s.player == "B"]
    assert len(part.forces) == len(mine)
    for force in part.forces:
        assert force.units and all(u.label for u in force.units)
        assert force.neighbours and set(force.reach) <= {p.code for p in DATA.map.provinces}
        stack = next(s for code, s in mine if code == force.province)
        if DATA.is_leader(stack.units[0]):
            neighbours = {n.split()[0] for n in force.neighbours}
            assert neighbours & set(force.reach), force.province
            assert force.province not in force.reach
            assert not set(force.rail_reach) & set(force.reach)


def _exits(code: str) -> set[str]:
    """Neighbours, and the straits (5.32) a force may cross."""
    return set(DATA.provinces[code].adjacent) | {
        b for s in DATA.map.special if s.kind == "straits"
        for a, b in (s.between, s.between[::-1]) if a == code}


def test_reach_stops_where_another_colour_stood_at_the_start_of_the_turn() -> None:
    """5.27 (17.0 [5.0]): a force entering a province that held another colour at the start
    of the Game-Turn stops there: every province reached is one step beyond a chain of
    provinces the force could pass through, and none is reached through a stop."""
    state = start(DATA, "ABCD", 3)
    colours = {code: {str(DATA.color(u)) for s in stacks for u in s.units if isinstance(u, int)}
               for code, stacks in state.position.items()}
    stops_seen = 0
    for code, stacks in state.position.items():
        for stack in stacks:
            if not (stack.player and DATA.is_leader(stack.units[0])):
                continue
            reached = set(routes(stack.units, code, False, state, DATA))
            stops = {p for p in reached if must_stop(p, list(stack.units), colours, DATA)}
            stops_seen += len(stops)
            passable, frontier = {code}, {code}
            for _ in range(LEADER_ALLOWANCE - 1):
                frontier = {n for p in frontier for n in _exits(p)
                            if n in reached and n not in stops} - passable
                passable |= frontier
            one_step = {n for p in passable for n in _exits(p)}
            assert reached <= one_step, (code, sorted(reached - one_step))
    assert stops_seen > 0


@pytest.mark.rules("8.22", "13.51", "13.42")
def test_the_template_never_offers_an_attack_on_an_imperial_unit_alone() -> None:
    """Issue 23: the Czar standing alone beside the player's stack was offered as a target
    ("1 to 0, 6:1, De"); an Imperial unit alone opposes no one (ruling R73)."""
    state = start(DATA, "ABC", 7)
    second = next(iter(play(DATA, state, 7, max_turns=1))).after
    assert second.phase == 2
    province = next(p for p, stacks in second.position.items() for s in stacks
                    if s.player == "A" and DATA.is_leader(s.units[0]) and
                    "CZAR" not in s.units and "GOLD" not in s.units)
    czar = second.where_is("CZAR")
    assert czar is not None
    alone = second.with_position(czar[0], tuple(
        Stack(player=s.player, units=tuple(u for u in s.units if u != "CZAR"))
        for s in second.stacks_in(czar[0]) if s.units != ("CZAR",)))
    alone = alone.with_position(province, (*alone.stacks_in(province),
                                           Stack(player=None, units=("CZAR",))))
    report = build_report("t", None, alone, DATA, [], player="A")
    assert report.player is not None
    assert not [line for line in report.player.template if line.startswith("# ATTACK CZAR")]


# Planning aids (issue 25): whole routes, the odds of each attack, the stacks to deploy.

ODDS = re.compile(r"^(\d:\d) \((\d+) to (\d+)(, doubled 12\.12)?\)")
DETAIL = re.compile(r"^(\d+) to (\d+) in [A-Z]+( \(Red doubled, 12\.12\))?, (\d:\d), die")


def _second_phase(seed: int, players: int, phases: int, doubled: bool) -> GameState:
    """A postal Second Phase after some random phases; `doubled`: 12.12 pending."""
    state = start(DATA, "ABCDEF"[:players], seed)
    for phase in itertools.islice(play(DATA, state, seed, max_turns=3), 2 * phases + 1):
        if phase.after.stage != "play":
            break
        state = phase.after
    if doubled:
        state = state.model_copy(update={"pending": state.pending.model_copy(
            update={"subversive_doubled": True})})
    return state


def _adjudicated_alone(state: GameState, player: str, order: Order) -> OrderResult:
    dice = SeededDice("odds", f"{state.turn}.{state.phase}")
    if state.mode == "solitaire":
        results = solitaire.adjudicate(state, DATA, {player: (order,)}, dice).results
    elif state.mode == "standard":
        results = standard.adjudicate(state, DATA, {player: (order,)}, dice).results
    else:
        results = adjudicate_phase(state, DATA, {player: (order,)}, dice)[0].results
    return next(r for r in results if r.player == player and r.line == order.line)


def _check_odds(state: GameState) -> int:
    """Every ATTACK and SUBVERT line of every player's template, adjudicated alone: its
    strengths and odds are those its comment gave. Returns how many were checked."""
    checked = 0
    for player in [RED] if state.mode == "solitaire" else state.players_in_game():
        for line, problems, orders in _orders_of_each_line(state, player):
            if not line.startswith(("# ATTACK", "# SUBVERT")):
                continue
            assert problems == [], line
            said = ODDS.match(line.split("   # ")[1])
            assert said is not None, line
            column, attack, defense, doubled = said.groups()
            result = _adjudicated_alone(state, player, orders[0])
            assert isinstance(result.fact, Fought), (line, result)
            assert (result.fact.odds, result.fact.attack, result.fact.defense) == (
                column, int(attack), int(defense)), (line, result.detail)
            detail = DETAIL.match(result.detail)
            assert detail is not None, result.detail
            assert detail.group(4) == column and bool(detail.group(3)) == bool(doubled), \
                (line, result.detail)
            checked += 1
    return checked


@pytest.mark.rules("8.0", "8.26", "8.47", "8.48", "8.3", "12.12")
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), phases=st.integers(0, 2),
       doubled=st.booleans())
def test_attack_lines_give_the_odds_of_their_adjudication(
        seed: int, players: int, phases: int, doubled: bool) -> None:
    """Issue 25: each ATTACK and SUBVERT line says the strengths and the odds column the
    postal Second Phase's adjudication of that line alone gives (8.0: rounded in the
    defender's favour; 8.47, 8.48; 12.12 when pending)."""
    state = _second_phase(seed, players, phases, doubled)
    if state.stage == "play":
        _check_odds(state)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), turns=st.integers(0, 8),
       doubled=st.booleans())
def test_attack_lines_of_a_player_turn_give_the_odds_of_their_adjudication(
        seed: int, players: int, turns: int, doubled: bool) -> None:
    """The standard game: the Phasing Player's attacks, each alone, on the position now."""
    state = _standard(seed, players, turns)
    if doubled:
        state = state.model_copy(update={"pending": state.pending.model_copy(
            update={"subversive_doubled": True})})
    if state.stage == "play":
        _check_odds(state)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 4))
def test_the_solitaire_red_template_is_legal_and_its_odds_those_adjudicated(
        seed: int, turns: int) -> None:
    """The solitaire game's Red Player-Turn (21.0, 23.0): his lines legal alone, his
    attacks' odds those of their adjudication (the non-Red Player's Exchange order, 23.16,
    takes nothing from the odds)."""
    state = solitaire_start(DATA, seed)
    for phase in itertools.islice(solitaire_play(DATA, state, seed, simple_red), turns):
        if phase.after.stage != "play":
            break
        state = phase.after
    for line, problems in _problems_of_each_line(state, RED):
        assert problems == [], f"{line}: {problems}"
    _check_odds(state)


def test_odds_are_offered_over_many_positions() -> None:
    """The odds are checked on real attacks: many positions offer some, of every kind, some
    made by several stacks together (8.22, 8.32)."""
    positions = [_second_phase(seed, 6, seed % 3, seed % 2 == 0) for seed in range(6)]
    assert sum(_check_odds(state) for state in positions) >= 20
    together = [line for state in positions for player in state.players_in_game()
                for line in _template(state, player)
                if line.startswith(("# ATTACK", "# SUBVERT")) and "," in line.split("#")[1]]
    assert together


@pytest.mark.rules("13.26", "12.12", "8.31")
def test_a_green_unit_under_a_red_gold_leader_subverts_doubled() -> None:
    """13.26: a Green unit attached to a Red leader who controls the Gold is Red, so 12.12
    doubles it in a Subversive Attack; the line's odds count it so, as the adjudication
    does."""
    state = _second_phase(7, 3, 0, doubled=True)
    code, stack = next((p, s) for p, stacks in state.position.items() for s in stacks
                       if s.player == "A" and DATA.is_leader(s.units[0]) and
                       DATA.color(s.units[0]) == "red" and len(s.units) == 1)
    leader = stack.units[0]
    siberian = next(u for u in DATA.combat_units if DATA.units[u].nationality == "SB"
                    and state.where_is(u) is not None)
    gold = state.where_is("GOLD")
    assert gold is not None
    position = {p: tuple(Stack(player=s.player, units=tuple(
        u for u in s.units if u not in (leader, "GOLD", siberian)))
        for s in stacks) for p, stacks in state.position.items()}
    position = {p: tuple(s for s in stacks if s.units) for p, stacks in position.items()}
    blue = next(p for p in DATA.provinces if any(
        {DATA.color(u) for u in s.units if isinstance(u, int)} == {"blue"}
        for s in position.get(p, ())) and DATA.provinces[p].adjacent)
    home = DATA.provinces[blue].adjacent[0]
    position[home] = (*position.get(home, ()), Stack(player="A",
                                                     units=(leader, "GOLD", siberian)))
    state = state.model_copy(update={"position": {p: s for p, s in position.items() if s}})
    lines = [line for line, problems, _ in _orders_of_each_line(state, "A")
             if line.startswith("# SUBVERT") and
             line.split("   #")[0].endswith(f"WITH {leader} {siberian}")]
    assert lines and all("doubled 12.12" in line for line in lines), lines
    points = 2 * (DATA.leaders[int(leader)].value + DATA.combat_units[siberian].strength)
    assert all(f"({points} to " in line for line in lines), lines
    assert _check_odds(state) >= len(lines)
    del code


def test_the_template_offers_whole_routes_nearest_first_and_folds_the_rest() -> None:
    """MOVE and RAIL lines go the whole way to each destination, one line each, nearest
    first, grouped per stack under a note; past MOVE_LINES and RAIL_LINES a note says how
    many more YOUR FORCES gives."""
    state = start(DATA, "ABCDEF", 7)
    part = build_report("t", None, state, DATA, [], player="A").player
    assert part is not None
    joined: list[str] = []  # an order on lines ending in `\` as one line
    for line in part.template[4:-1]:
        if joined and joined[-1].endswith("\\"):
            joined[-1] = joined[-1][:-1] + line[1:].strip()
        else:
            joined.append(line)
    groups: list[list[str]] = []
    for line in joined:
        if line.startswith("## ") and " destinations, nearest first" in line:
            groups.append([line])
        elif groups and (line.startswith(("# MOVE", "# RAIL")) or "more: their" in line):
            groups[-1].append(line)
    assert len(groups) == sum(1 for f in part.forces if f.routes)
    for group, force in zip(groups, [f for f in part.forces if f.routes], strict=True):
        total = int(group[0].split(": ")[1].split()[0])
        assert total == len(force.routes) == len(force.reach) + len(force.rail_reach)
        moves = [line for line in group if line.startswith("# MOVE")]
        rails = [line for line in group if line.startswith("# RAIL")]
        assert len(moves) == min(MOVE_LINES, len(force.reach))
        assert len(rails) == min(RAIL_LINES, len(force.rail_reach))
        paths = [line.split(": ")[1].split()[0].split("-") for line in moves + rails]
        lengths = [len(p) for p in paths[:len(moves)]]
        assert lengths == sorted(lengths) and len({p[-1] for p in paths}) == len(paths)
        assert [r.path for r in force.routes][:len(moves)] == paths[:len(moves)]
        shown = len(moves) + len(rails)
        if shown < total:
            assert group[-1].startswith(f"## {total - shown} more")
        else:
            assert not group[-1].startswith("## ")
    assert any(len(f.routes) > MOVE_LINES for f in part.forces)


@pytest.mark.rules("5.24", "5.27", "5.52", "5.53")
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), mode=st.sampled_from(["postal", "standard"]),
       pick=st.randoms(use_true_random=False))
def test_a_route_of_your_forces_adjudicated_alone_ends_where_it_said(
        seed: int, mode: str, pick: random.Random) -> None:
    """Each route YOUR FORCES gives is a shortest path the rules allow: ordered alone, the
    force ends its move at the destination (never stopped on the way, 5.27) in the postal
    First Phase and in a standard Player-Turn."""
    state = start(DATA, "ABCDEF"[:3 + seed % 4], seed, mode)  # type: ignore[arg-type]
    players = [state.phasing_player()] if mode == "standard" else state.players_in_game()
    tried = 0
    for player in players:
        assert player is not None
        part = build_report("t", None, state, DATA, [], player=player).player
        assert part is not None
        for force in part.forces:
            for route in pick.sample(force.routes, k=min(3, len(force.routes))):
                assert route.path[0] == force.province and route.to == route.path[-1]
                units = _units_of(state, force.province, [u.id for u in force.units])
                move = Move(line=4, force=units, path=tuple(route.path), rail=route.rail)
                result = _adjudicated_alone(state, player, move)
                assert result.result == "succeeded", (move.echo(), result.detail)
                assert isinstance(result.fact, Moved) and result.fact.path[-1] == route.to
                tried += 1
    assert tried > 0


@pytest.mark.rules("15.5", "15.52", "15.53", "15.54", "7.11")
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6))
def test_the_deployment_report_offers_the_legal_stacks(seed: int, players: int) -> None:
    """Issue 25: the deployment stage's report (before `gm start`) has a DEPLOY template;
    every line alone passes the parser and the checks, is carried out as written, and the
    game then starts with that stack on the map."""
    state = end_trading(new_game(DATA, list("ABCDEF"[:players]), SeededDice(str(seed),
                                                                               "deal")), DATA)
    assert state.stage == "deployment"
    for player in state.players:
        checked = _orders_of_each_line(state, player)
        assert checked, player  # every player holds a leader to deploy
        assert _template(state, player)[3] == "PHASE SETUP"
        deploys = [orders[0] for _, _, orders in checked]
        for (line, problems, _), deploy in zip(checked, deploys, strict=True):
            assert problems == [] and line.startswith("# DEPLOY"), (line, problems)
            assert isinstance(deploy, Deploy)
        leaders = {u for deploy in deploys if isinstance(deploy, Deploy) for u in deploy.units
                   if DATA.is_leader(u)}
        assert leaders == {u for u in state.hands[player].units if DATA.is_leader(u)}
        for line, _, orders in checked[:4]:
            deploy = orders[0]
            assert isinstance(deploy, Deploy)
            placed, outcomes = apply_pregame(state, DATA, {player: (deploy,)})
            assert outcomes[0].result == "succeeded", (line, outcomes)
            started = finish_deployment(placed, DATA, SeededDice(str(seed), "deploy"))
            stack = next(s for s in started.stacks_in(deploy.province)
                         if s.units[0] == deploy.units[0])
            assert [u for u in stack.units if isinstance(u, int)] == list(deploy.units)
            assert stack.player == player


def test_no_deploy_template_in_the_solitaire_set_up() -> None:
    """27.1: the solitaire set-up is fixed; nothing to deploy before the game."""
    state = end_trading(new_game(DATA, ["A", "B", "C"], SeededDice("3", "deal")), DATA)
    assert _template(state.model_copy(update={"mode": "solitaire"}), "A") == []


def test_a_route_too_long_for_a_line_goes_on_on_the_next() -> None:
    """A RAIL line whose path does not fit 72 columns ends in `\\` and goes on on the next
    (the reader joins them, orders.md): uncommented whole, it is the legal order; the
    template's lines all fit."""
    state = start(DATA, "ABC", 4)
    for phase in itertools.islice(play(DATA, state, 4, max_turns=3), 6):
        state = phase.after
        if state.phase == FIRST_PHASE and any(
                line.endswith("\\") for p in state.players_in_game()
                for line in _template(state, p)):
            break
    else:
        pytest.fail("no template with a continued line")
    continued = [(line, problems) for p in state.players_in_game()
                 for line, problems, _ in _orders_of_each_line(state, p) if "\\\n" in line]
    assert continued and all(problems == [] for _, problems in continued), continued
    for line, _ in continued:
        first, *rest = line.split("\n")
        assert first.startswith("# RAIL") and all(r.startswith("#   ") for r in rest)
