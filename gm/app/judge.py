"""The judgement of one order message, the same for mail and for files: authentication first
(GAME, PLAYER, PASSWORD, the sender's address), and only for an authenticated player the
orders, their syntax and their legality. A message that fails authentication is refused whole
and none of its orders is echoed: a forger learns nothing and nothing counts."""

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


@dataclass(frozen=True)
class Verdict:
    text: str  # the answer
    disposition: str  # answered (orders judged), requests (no orders: requests, press),
    #                   refused (refused whole), no-orders
    player: str | None = None  # whose orders count; None when nothing counts
    message: ParsedMessage[Order] | None = None
    refused: bool = True  # anything refused (gm orders check exits 1)
    notice: tuple[str, str] | None = None  # (kind, text) for the GM's digest (gm.app.digest)
    tell_player: tuple[str, str] | None = None  # (address on file, note) for the player

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
    if roster.check is not None and not roster.check(player, envelope.password):
        reason = "it has no PASSWORD line" if not envelope.password else (
            f"the PASSWORD is not player {player}'s")
        return _refused(f"{reason}; its orders are not shown back",
                        f"a message {who} for player {player} with a wrong or missing password")
    on_file = roster.addresses.get(player)
    if sender and on_file and on_file.casefold() != sender.casefold() and \
            roster.strangers == "refuse":
        return _refused(f"it came from {sender}, not from the address on file for player "
                        f"{player}", f"player {player}'s password from {sender}, not from "
                        f"{on_file}: refused")
    if player not in state.players_in_game():
        return _refused(f"you have quit the game ({quit_rule})" if quit_rule else
                        "you have quit the game")
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
    if verdict.tell_player is not None:
        notes.append(f"Note: this message came from {reading.sender}, not from the address "
                     f"on file for player {verdict.player}; it counts, and that address is "
                     "told so.")
    return replace(verdict, text="\n".join(notes) + "\n\n" + verdict.text) if notes else verdict


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
    on_file = roster.addresses.get(player)
    tell = None
    notice = None
    if reading.sender and on_file and on_file.casefold() != reading.sender.casefold():
        notice = ("stranger", f"player {player}'s orders came from {reading.sender}, not from "
                  f"{on_file}; they count (stranger_orders = \"count\")")
        tell = (on_file, f"Orders for player {player} in game {roster.game} arrived from "
                f"{reading.sender}, not from this address, with your password, and count. "
                "If you did not send them, tell the GM at once: he can give you a new "
                "password (gm players --reset-password).\n\n" + result.text)
    return Verdict(result.text, "answered", player, message, result.refused, notice, tell)


def password_roster(campaign: Campaign) -> Roster:
    """The campaign's players, recognised by password and address, as for a file or a
    message checked by hand."""
    players = campaign.players()
    return Roster(campaign.name, PasswordCache(players).check,
                  {p.letter: p.email for p in players})
