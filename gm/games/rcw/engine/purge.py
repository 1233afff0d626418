"""Purge (11.0, postal 17.0 [11.0]) and the execution of the Czar (13.5, 17.0 [13.5]).

A joint Purge needs a compatible PURGE order from every participant: the same object, the same
participants in any order, the same division as it takes effect (no SPLIT is SPLIT EQUALLY:
ruling R20). Participants hold 8 or more Politburo markers between them (11.1) and the
object is none of them (11.14); nobody takes part in two Purges in a Game-Turn (11.13).
Purge Strength = the Red leaders' values of the purgers on the map plus the markers
assigned (11.0 procedure); two dice on the Purge Table (11.4). A number is taken in Red
leadership points, a Politburo marker costing 2 (11.21, 11.22), shared as the participants
agreed (11.23). A C result lets the purged player counterpurge, by his conditional order only,
doubling his markers (11.24-11.27), until a number result.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm.core.dice import Dice
from gm.core.words import counted
from gm.engine.results import Decision, Outcome
from gm.games.rcw.data.dataset import UnitId
from gm.games.rcw.data.tables import tables
from gm.games.rcw.engine.board import Board, PhaseResults
from gm.games.rcw.orders.model import ExecuteCzar, IfExecution, IfPurged, Order, Purge
from gm.games.rcw.rules.politics import CENTRAL_COMMITTEE, EXECUTION_QUORUM
from gm.games.rcw.rules.stacking import commands

POLITBURO_COST = 2  # 11.22
MAX_COUNTERPURGES = 50  # a chain this long is stopped (docs/rulings.md R19)


def purge_result(strength: int, roll: int) -> str:
    """The Purge Table (11.4): a number, or "C"; strength over 61 reads the 61+ column."""
    columns = tables()["purge_results"]["columns"]
    column = max(i for i, low in enumerate(columns) if strength >= low)
    return str(tables()["purge_results"]["rows"][roll][column])


def _red_strength(board: Board, players: tuple[str, ...]) -> int:
    data = board.data
    return sum(data.leaders[int(u)].value for piles in board.position.values() for pile in piles
               if pile.player in players for u in pile.units
               if data.is_leader(u) and data.color(u) == "red")


@dataclass(frozen=True)
class Item:
    """One spoil: a Red leader of the purged player (his value) or a Politburo marker (2)."""

    unit: UnitId  # a leader id, or "POLITBURO"
    cost: int


def _spoils(board: Board, victim: str) -> list[Item]:
    data = board.data
    leaders = [Item(u, data.leaders[int(u)].value) for piles in board.position.values()
               for pile in piles if pile.player == victim for u in pile.units
               if data.is_leader(u) and data.color(u) == "red"]  # 11.31: on the map only
    leaders.sort(key=lambda i: (-i.cost, str(i.unit)))
    markers = [Item("POLITBURO", POLITBURO_COST)] * board.section(victim).politburo
    return leaders + markers


def _pick(items: list[Item], points: int, prefer: tuple[UnitId, ...],
          cheapest: bool) -> Item | None:
    fitting = [i for i in items if i.cost <= points]
    if not fitting:
        return None
    for wanted in prefer:
        for item in fitting:
            if item.unit == wanted and (not cheapest or item.cost == min(i.cost for i in
                                                                          fitting)):
                return item
    if cheapest:  # "as equally as possible" (11.23): the smallest share first
        low = min(i.cost for i in fitting)
        return next(i for i in fitting if i.cost == low)
    return fitting[0]  # alone: the most valuable that fits


def _take(board: Board, taker: str, victim: str, item: Item) -> str:
    if item.unit == "POLITBURO":
        board.section(victim).politburo -= 1
        board.section(taker).politburo += 1
        return f"a Politburo marker to {taker}"
    found = board.find(item.unit)
    assert found is not None
    province, pile = found
    command = board.command_of(item.unit)  # 11.21: he keeps his attached units
    for unit in command:
        pile.units.remove(unit)
    board.place(province, taker, command)
    board._tidy(province)
    return f"{board.data.describe(item.unit)} to {taker}"


def _share(board: Board, victim: str, points: int, order: list[str],
           prefer: dict[str, tuple[UnitId, ...]], equally: bool) -> list[str]:
    items = _spoils(board, victim)
    given: list[str] = []
    while True:
        progress = False
        for member in order:
            item = _pick(items, points, prefer.get(member, ()), cheapest=equally)
            if item is None:
                continue
            items.remove(item)
            points -= item.cost
            given.append(_take(board, member, victim, item))
            progress = True
        if not progress:
            return given


def _roll(dice: Dice, purpose: str) -> int:
    return dice.die(purpose) + dice.die(purpose)


def apply(board: Board, results: PhaseResults, dice: Dice, purges_allowed: bool = True) -> None:
    """Purges (unless one was conducted in this Game-Turn's First Phase: 17.0 [4.2]), then
    the Czar's execution, which may be ordered in both phases (17.0 [13.5])."""
    if not purges_allowed:
        for player, order in results.of_kind(Purge):
            results.set(player, order, "illegal", "17.0 [4.2]",
                        "a Purge was conducted in the First Phase of this Game-Turn")
    purges = results.of_kind(Purge)
    by_player: dict[str, list[Purge]] = {}
    for player, order in purges:
        by_player.setdefault(player, []).append(order)
    for player, orders in by_player.items():
        if len(orders) > 1:  # markers assigned to two Purges serve none (17.0 [11.0])
            for order in orders:
                results.set(player, order, "illegal", "17.0 [11.0], 11.13",
                            "the player's markers were assigned to more than one Purge")
    handled: set[str] = set()
    sequence = list(board.state.sequence) or sorted(board.state.players)
    for player in sorted(by_player, key=lambda p: sequence.index(p) if p in sequence else 99):
        orders = by_player[player]
        if len(orders) != 1 or player in handled:
            continue
        order = orders[0]
        members = tuple(sorted({player, *order.partners}))
        handled.update(members)
        _purge(board, results, dice, members, order, by_player)
    _execution(board, results)


def _agrees(theirs: Purge, member: str, order: Purge, members: tuple[str, ...]) -> bool:
    """17.0 [11.0]: a participant's PURGE order is compatible with the Purge `order` makes
    when it names the same object (c), the same participants in any order (b) and divides the
    spoils alike as the division takes effect (d; `Purge.turns`: no SPLIT is SPLIT EQUALLY,
    ruling R20). The markers each assigns (a) and what each PREFERs are his own."""
    return (theirs.target == order.target and {member, *theirs.partners} == set(members)
            and theirs.turns(members) == order.turns(members))


def _purge(board: Board, results: PhaseResults, dice: Dice, members: tuple[str, ...],
           order: Purge, by_player: dict[str, list[Purge]]) -> None:
    target = order.target
    parts = {member: theirs[0] for member in members
             if len(theirs := by_player.get(member, [])) == 1
             and _agrees(theirs[0], member, order, members)}
    if len(parts) != len(members):  # every participant's Purge order fails with it
        for member in members:
            for part in by_player.get(member, []):
                results.set(member, part, "failed", "17.0 [11.0], 11.12", "the participants' "
                            "orders do not agree (object, participants, division)")
        return
    already = [m for m in members if m in board.pending.purged_this_turn]
    held = sum(board.section(m).politburo for m in members)
    problem: tuple[Outcome, str, str] | None = None  # a rule broken, or markers lost (11.32)
    if already:
        problem = ("illegal", "11.13", f"{', '.join(already)} took part in a Purge this "
                   "Game-Turn")
    elif target in members:
        problem = ("illegal", "11.14", "a Central Committee member is never purged")
    elif held < CENTRAL_COMMITTEE:
        problem = ("failed", "11.1", "the Central Committee holds "
                   f"{counted(held, 'Politburo marker')}, not 8")
    if problem:
        for member, part in parts.items():
            results.set(member, part, *problem)
        return
    assigned = sum(board.section(m).politburo if parts[m].politburo is None else
                   min(parts[m].politburo or 0, board.section(m).politburo) for m in members)
    strength = max(_red_strength(board, members) + assigned, 1)
    roll = _roll(dice, f"purge of {target} by {'+'.join(members)}")
    outcome = purge_result(strength, roll)
    board.update_pending(purged_this_turn=(*board.pending.purged_this_turn, *members))
    detail = f"Purge Strength {strength}, dice {roll}: {outcome}"
    if outcome == "C":
        chain = _counterpurges(board, results, dice, target, members)
        board.record(f"purge of {target}: {detail}; {chain}")
        for member, part in parts.items():
            results.set(member, part, "failed", "11.24", f"{detail}; {chain}")
        return
    prefer = {m: parts[m].prefer for m in members}
    given = _share(board, target, int(outcome), list(order.turns(members)), prefer,
                   equally=len(members) > 1)
    for member, part in parts.items():
        results.set(member, part, "succeeded", "11.21", f"{detail}; " + (
            ", ".join(given) or "nothing could be taken"))
    board.record(f"purge of {target}: {detail}; {', '.join(given) or 'nothing taken'}")


def _counterpurges(board: Board, results: PhaseResults, dice: Dice, victim: str,
                   members: tuple[str, ...]) -> str:
    """11.24-11.27: only from a conditional order (17.0 [11.0]); two players from then on."""
    steps = []
    attacker = victim
    defender = _counter_target(results, victim, members)
    if defender is None:
        return f"no counterpurge ordered by {victim}"
    for _ in range(MAX_COUNTERPURGES):
        strength = max(_red_strength(board, (attacker,))
                       + 2 * board.section(attacker).politburo, 1)  # 11.24: doubled
        roll = _roll(dice, f"counterpurge of {defender} by {attacker}")
        outcome = purge_result(strength, roll)
        steps.append(f"{attacker} counterpurges {defender}: strength {strength}, dice {roll}: "
                     f"{outcome}")
        if outcome != "C":
            given = _share(board, defender, int(outcome), [attacker], {}, equally=False)
            steps[-1] += f" ({', '.join(given) or 'nothing taken'})"
            return "; ".join(steps)
        if _counter_target(results, defender, (attacker,)) is None:
            return "; ".join([*steps, f"{defender} does not counterpurge"])
        attacker, defender = defender, attacker
    return "; ".join([*steps, "stopped after 50 counterpurges (docs/rulings.md)"])


def _counter_target(results: PhaseResults, player: str, against: tuple[str, ...]) -> str | None:
    """Whom `player`, purged by `against` with a C result, counterpurges: his IF PURGED
    order's choice; without one, none (11.26: never forced), a decision of his the table
    asks him for (gm play)."""
    order = next((o for o in results.orders.get(player, ()) if isinstance(o, IfPurged)), None)
    if order is None:
        results.decisions.append(Decision(
            player, "11.24", f"the Purge of you by {'+'.join(against)} gives C: do you "
            f"counterpurge (11.24)? Answer {' or '.join(against)}",
            "no Counterpurge, the Purge is resolved (11.26)", "IF PURGED COUNTERPURGE {}",
            against))
    if order is None or order.counterpurge is None:
        return None
    results.set(player, order, "succeeded", "11.24", "counterpurge ordered")
    if order.counterpurge in against:
        return order.counterpurge
    return against[0] if len(against) == 1 else None


def _execution(board: Board, results: PhaseResults) -> None:
    """13.5: ordered by players holding 10+ Politburo markers together, while a Red leader
    holds the Czar; the holder's conditional order answers, or the order stands open."""
    data = board.data
    orders = results.of_kind(ExecuteCzar)
    found = board.find("CZAR")
    holder_leader = None
    if found is not None:
        holder_leader = next((leader for leader, under in commands(tuple(found[1].units),
                                                                  data).items()
                              if "CZAR" in under[:2]), None)
    holder = found[1].player if found else None
    answer = next((o for o in results.orders.get(holder or "", ())
                   if isinstance(o, IfExecution)), None)
    if orders:
        quorum = sum(board.section(p).politburo for p in {p for p, _ in orders})
        reason = None
        if holder_leader is None or data.color(holder_leader) != "red":
            reason = ("13.53", "the Czar is not held by a Red leader")
        elif quorum < EXECUTION_QUORUM:
            reason = ("13.52", "the players ordering it hold "
                      f"{counted(quorum, 'Politburo marker')}, not 10")
        for player, order in orders:
            if reason:
                results.set(player, order, "failed", reason[0], reason[1])
        if reason:
            return
        board.update_pending(czar_execution_ordered=True)
        for player, order in orders:
            _answer_detail(results, player, order, answer)
    if board.pending.czar_execution_ordered and answer is not None and found is not None:
        if answer.comply:  # 13.54: removed to the holder's chart, face up (14.46)
            board.take("CZAR")
            board.section(holder).units.append("CZAR")
            board.note(f"the Czar is executed by player {holder} (13.54)")
        else:
            board.note(f"player {holder} refuses to execute the Czar (13.54)")
        board.update_pending(czar_execution_ordered=False)
        results.set(holder or "", answer, "succeeded", "13.54",
                    "complied: the Czar is executed" if answer.comply else "refused")
    elif board.pending.czar_execution_ordered and holder is not None:
        results.decisions.append(Decision(  # the order stands open: the table asks him
            holder, "13.54", "the Central Committee orders the execution of the Czar you "
            "hold: do you comply (13.54)? Answer COMPLY or REFUSE",
            "no answer yet: the order stands open for your answer (13.54)",
            "IF EXECUTION ORDERED {}", ("COMPLY", "REFUSE")))


def _answer_detail(results: PhaseResults, player: str, order: Order,
                   answer: IfExecution | None) -> None:
    if answer is None:
        results.set(player, order, "partial", "17.0 [13.5]", "ordered; the holder has not "
                    "answered: the order stands open for his answer")
    else:
        results.set(player, order, "succeeded", "13.52",
                    "the holder " + ("complies" if answer.comply else "refuses"))
