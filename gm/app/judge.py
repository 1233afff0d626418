"""The judgement of one order message, the same for mail and for files: authentication first
(GAME, PLAYER, PASSWORD, the sender's address), and only for an authenticated player the
orders, their syntax and their legality. A message that fails authentication is refused whole
and none of its orders is echoed: a forger learns nothing and nothing counts. Past a player's
guessing limit (R79) a message for him from any address but his own is refused without its
password checked, in words that are the same whether it was right or not; a message with his
password from another address is marked so that his own address is told what it held (R80)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from gm.app.campaign import Campaign, PasswordCache
from gm.core.data import DataSet
from gm.core.state import GameStateBase
from gm.games.system import GameSystem
from gm.messages.reading import Reading
from gm.orders.order import Order
from gm.reporting.answer import answer
from orders_grammar.message import (
    MAX_LINE_CHARS,
    Envelope,
    OrdersError,
    ParsedMessage,
    envelope_or_error,
)

# (player, password as written) -> whether it is that player's password
PasswordCheck = Callable[[str, str | None], bool]


@dataclass(frozen=True)
class Roster:
    """Who may send orders to this campaign and how each is recognised."""

    game: str | None  # the GAME a message must name (None: any, for a case's position)
    check: PasswordCheck | None  # None: passwords are not checked (a case's position)
    addresses: dict[str, str] = field(default_factory=dict)  # player -> address on file
    strangers: str = "count"  # the right password from another address: count, or refuse
    # players past their guessing limit (R79): a message for one of them from an address
    # other than his own is refused, its password unchecked
    guarded: frozenset[str] = frozenset()

    def elsewhere(self, player: str, sender: str | None) -> bool:
        """Whether a message for `player` came from an address other than his own."""
        on_file = self.addresses.get(player)
        return bool(sender and on_file and on_file.casefold() != sender.casefold())


@dataclass(frozen=True)
class Verdict:
    text: str  # the answer
    disposition: str  # answered (orders judged), requests (no orders: requests, press),
    #                   refused (refused whole), no-orders
    player: str | None = None  # whose orders count; None when nothing counts
    message: ParsedMessage[Order] | None = None
    refused: bool = True  # anything refused (gm orders check exits 1)
    notice: tuple[str, str] | None = None  # (kind, text) for the GM's digest (gm.app.digest)
    # (player, "wrong" | "unchecked"): a wrong password given for him, or a message for him
    # refused unchecked past his guessing limit (R79); his own address is told (gm.app.alerts)
    attempt: tuple[str, str] | None = None
    stranger: str | None = None  # the player whose password it carried from another address
    #                              (R80), whatever became of it: his own address is told

    @property
    def counts(self) -> bool:
        return self.player is not None


def _refused(reason: str, notice: str | None = None, disposition: str = "refused",
             kind: str = "refused") -> Verdict:
    return Verdict(f"Your message was refused: {reason}.\nNothing in it counts.\n",
                   disposition, notice=(kind, notice) if notice else None)


def authenticate(envelope: Envelope, state: GameStateBase, roster: Roster,
                 sender: str | None, quit_rule: str = "") -> Verdict | str:
    """The player the message is from, or the Verdict refusing it whole."""
    who = f"from {sender}" if sender else "given as a file"
    if roster.game is not None and envelope.game.casefold() != roster.game.casefold():
        return _refused(f"it is for game {envelope.game or '?'}, and this is game "
                        f"{roster.game}", f"a message {who} for game {envelope.game!r}")
    player = envelope.player
    if player is None:
        return _refused("it has no PLAYER line (whose orders are these?)",
                        f"a message {who} without a PLAYER line")
    if player not in state.players:
        return _refused(f"there is no player {player} in this game",
                        f"a message {who} for player {player}, who is not in the game")
    elsewhere = roster.elsewhere(player, sender)
    if roster.check is not None and elsewhere and player in roster.guarded:
        # The same words whatever its password: the refusal tells a guesser nothing.
        return replace(_refused(
            f"too many wrong passwords have been given for player {player} lately, so a "
            f"message for him is taken only from his own address until fewer have; its "
            "password was not checked"), attempt=(player, "unchecked"))
    if roster.check is not None and not roster.check(player, envelope.password):
        reason = "it has no PASSWORD line" if not envelope.password else (
            f"the PASSWORD is not player {player}'s")
        refused = _refused(f"{reason}; its orders are not shown back",
                           f"a message {who} for player {player} with a wrong or missing "
                           "password")
        return replace(refused, attempt=(player, "wrong")) if envelope.password else refused
    on_file = roster.addresses.get(player)
    if elsewhere and roster.strangers == "refuse":
        return replace(_refused(f"it came from {sender}, not from the address on file for "
                                f"player {player}", f"player {player}'s password from {sender}, "
                                f"not from {on_file}: refused"), stranger=player)
    if player not in state.players_in_game():
        return replace(_refused(f"you have quit the game ({quit_rule})" if quit_rule else
                                "you have quit the game"),
                       stranger=player if elsewhere else None)
    return player


def judge(reading: Reading, state: GameStateBase, data: DataSet, roster: Roster,
          system: GameSystem, max_line_chars: int = MAX_LINE_CHARS,
          envelope: Envelope | OrdersError | None = None) -> Verdict:
    """The full check a message gets, and its answer (`envelope`: its text read already)."""
    if envelope is None:
        envelope = envelope_or_error(reading.text)
    verdict = _judge(reading, envelope, state, data, roster, system, max_line_chars)
    notes = []
    if reading.attachments:
        notes.append(f"Note: the attachment(s) {', '.join(reading.attachments)} were not "
                     "read; write the orders in the message itself.")
    if verdict.stranger is not None:
        verdict = _from_elsewhere(verdict, reading.sender, roster)
        if verdict.disposition in ("answered", "requests"):
            counts = "it counts, and " if verdict.disposition == "answered" else ""
            notes.append(f"Note: this message came from {reading.sender}, not from the address "
                         f"on file for player {verdict.stranger}; {counts}that address is told "
                         "what it held.")
    return replace(verdict, text="\n".join(notes) + "\n\n" + verdict.text) if notes else verdict


def _from_elsewhere(verdict: Verdict, sender: str | None, roster: Roster) -> Verdict:
    """A message with a player's password from another address: the GM's digest says so
    (unless its refusal says it already)."""
    if verdict.notice is not None or verdict.stranger is None:
        return verdict
    player = verdict.stranger
    if verdict.disposition == "answered":
        what = "orders, which count"
    elif verdict.disposition == "requests":
        what = "requests or press, no orders"
    else:
        why = verdict.text.partition("\n")[0].removeprefix("Your message was refused: ")
        what = f"refused ({why})"
    return replace(verdict, notice=("stranger", f"player {player}'s password from {sender}, "
                                    f"not from {roster.addresses.get(player)}: {what}; his "
                                    "address is told"))


def _judge(reading: Reading, envelope: Envelope | OrdersError, state: GameStateBase,
           data: DataSet, roster: Roster, system: GameSystem, max_line_chars: int) -> Verdict:
    if reading.unreadable:
        return _refused(reading.unreadable, f"could not be read: {reading.unreadable}",
                        "no-orders", "error")
    if isinstance(envelope, OrdersError):
        return _refused(str(envelope), disposition="no-orders")
    if envelope.help_only and (roster.game is None or
                               envelope.game.casefold() == roster.game.casefold()):
        return Verdict("", "requests", refused=False)  # HELP tells nothing private
    player = authenticate(envelope, state, roster, reading.sender, system.quit_rule)
    if isinstance(player, Verdict):
        return player
    verdict = _judge_orders(envelope, state, data, player, system, max_line_chars)
    return replace(verdict, stranger=player) if roster.elsewhere(player, reading.sender) \
        else verdict


def _judge_orders(envelope: Envelope, state: GameStateBase, data: DataSet, player: str,
                  system: GameSystem, max_line_chars: int) -> Verdict:
    """An authenticated player's message: its phase, then its orders or its requests."""
    phase = system.open_phase(state)
    stale = envelope.stale_for(phase)
    if stale:
        return _refused(stale)
    if not envelope.order_lines and (envelope.requests or envelope.press or envelope.problems):
        # Requests alone (or lines that were meant as requests): the player's orders for the
        # phase stand as they were.
        problems = "\n".join(p.render() for p in envelope.problems)
        return Verdict(problems and f"REFUSED:\n{problems}\n", "requests", player,
                       refused=bool(envelope.problems))
    message = system.parse_orders(envelope, data, max_line_chars)
    result = answer(message, system.order_problems(message, state, data, player), phase,
                    lambda order: system.order_comment(order, data))
    return Verdict(result.text, "answered", player, message, result.refused)


def password_roster(campaign: Campaign) -> Roster:
    """The campaign's players, recognised by password and address, as for a file or a
    message checked by hand."""
    players = campaign.players()
    return Roster(campaign.name, PasswordCache(players).check,
                  {p.letter: p.email for p in players})
