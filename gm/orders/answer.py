"""The answer a player gets for an order message: orders as understood, refusals explained."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gm.game_data.dataset import GameData
from gm.orders.legality import Refusal, validate_orders
from gm.orders.model import Order
from gm.state import GameState
from orders_grammar.message import OpenPhase, ParsedMessage
from orders_grammar.names import Names
from orders_grammar.parser import Problem


@dataclass(frozen=True)
class Answer:
    text: str
    accepted: tuple[Order, ...]
    problems: tuple[Problem, ...]  # syntax, names and legality, in line order

    @property
    def refused(self) -> bool:
        return bool(self.problems)


def open_phase_of(state: GameState) -> OpenPhase:
    if state.stage == "trading":
        return OpenPhase(None, "TRADING")
    if state.stage == "deployment":
        return OpenPhase(None, "SETUP")
    return OpenPhase(state.turn, str(state.phase))


def _refusal_problem(refusal: Refusal, message: ParsedMessage) -> Problem:
    order = refusal.order
    return Problem(order.line, order.column, message.lines.get(order.line, order.echo()),
                   refusal.message, None, refusal.rule)


def legality_problems(message: ParsedMessage, state: GameState, data: GameData,
                      player: str) -> list[Problem]:
    return [_refusal_problem(r, message)
            for r in validate_orders(message.orders, state, data, player)]


def comment(order: Order, data: GameData) -> str:
    named = [data.describe(u) for u in order.units_named() if isinstance(u, int)
             and data.is_leader(u)]
    return f"  # {', '.join(named)}" if named else ""


def answer(message: ParsedMessage, data: GameData, extra: list[Problem],
           phase: OpenPhase | None) -> Answer:
    from gm.report import render

    problems = sorted([*message.problems, *extra], key=lambda p: (p.line, p.column))
    refused_lines = {p.line for p in problems}
    accepted = tuple(o for o in message.orders if o.line not in refused_lines)
    text = render("orders_answer.txt.j2", game=message.game, player=message.player or "?",
                  phase=phase.label() if phase else None,
                  accepted=[{"line": o.line, "echo": o.echo(), "comment": comment(o, data)}
                            for o in accepted],
                  problems=[p.render() for p in problems])
    return Answer(text, accepted, tuple(problems))


@dataclass(frozen=True)
class Verdict:
    """What becomes of one order message: whose it is, its answer, and whether its orders
    count for the open phase (a refused password or a stale message counts for nothing)."""

    player: str | None
    text: str
    counts: bool
    message: ParsedMessage | None
    refused: bool


def judge_message(raw: str, state: GameState, data: GameData, game: str | None,
                  passwords: dict[str, str], sender: str | None = None,
                  addresses: dict[str, str] | None = None, names: Names | None = None,
                  password_ok: Callable[[str, str], bool] | None = None) -> Verdict:
    """The full check a message gets: envelope, header, password, names, legality.
    `names` and `password_ok` may be shared over many messages (a parser and a cache)."""
    from gm.campaign import check_password
    from orders_grammar.message import OrdersError, parse_message

    phase = open_phase_of(state)
    names = names or Names(data)
    password_ok = password_ok or check_password
    try:
        message = parse_message(raw, names, phase)
    except OrdersError as exc:
        return Verdict(None, f"Your message was refused: {exc}\n", False, None, True)
    problems: list[Problem] = []
    player = message.player
    counts = True
    if player is None:
        problems.append(Problem(0, 1, "PLAYER", "no PLAYER line: whose orders are these?"))
        counts = False
    elif player not in state.players:
        problems.append(Problem(0, 1, f"PLAYER {player}", f"there is no player {player} in "
                                "this game"))
        counts = False
    else:
        if game and message.game != game:
            problems.append(Problem(0, 1, f"GAME {message.game}", f"this is game {game}"))
            counts = False
        if passwords and not password_ok(message.password or "", passwords.get(player, "")):
            problems.append(Problem(0, 1, "PASSWORD", "the password does not match"))
            counts = False
        if player in state.pending.quit_players:
            problems.append(Problem(0, 1, f"PLAYER {player}", "you have quit the game (14.2)"))
            counts = False
        if counts:
            problems += legality_problems(message, state, data, player)
    result = answer(message, data, problems, phase)
    text = result.text
    from orders_grammar.envelope import attachment_names

    ignored = attachment_names(raw)
    if ignored:
        text = (f"Note: the attachment(s) {', '.join(ignored)} were not read; write the "
                "orders in the message itself.\n\n") + text
    if counts and sender and addresses and player in addresses and \
            addresses[player].casefold() not in sender.casefold():
        text = (f"Note: this message came from {sender}, not from the address on file for "
                f"player {player}.\n\n") + text
    return Verdict(player if counts else None, text, counts, message, result.refused)
