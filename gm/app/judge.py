"""The judgement of one order message, the same for mail and for files: authentication first
(GAME, PLAYER, PASSWORD, the sender's address), and only for an authenticated player the
orders, their syntax and their legality. A message that fails authentication is refused whole
and none of its orders is echoed: a forger learns nothing and nothing counts. Past a player's
guessing limit (R79) a message for him from any address but his own (proven his when the
campaign trusts a receiving server, R86, and no other player's) is refused whatever its
password, in words that are the same whether it was right or not; a message with his password
from another address is marked so that his own address is told what it held (R80). A message
counts only with the password that is his when the messages before it have been handled: one
whose password an earlier message changed is refused, not counted as a guess (R87)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    # other than his own is refused, whatever its password
    guarded: frozenset[str] = frozenset()
    # addresses (case-folded) on file for more than one player: a message from one of them is
    # not exempt from the guessing limit (R79), since any of those players may have sent it
    shared: frozenset[str] = frozenset()
    # the sender's address is proven by the receiving server (R86), or need not be
    proven: bool = True
    # per guarded player: when his limit lifts at the earliest, as the refusal says it
    lifts: Mapping[str, str] = field(default_factory=dict)
    # the player whose password the message carried when it came, changed since (by an
    # earlier message or by the GM, R87): refused, and not counted as a wrong guess
    replaced: str | None = None

    def on_file(self, player: str, sender: str | None) -> bool:
        """Whether the sender's address, as the message gives it, is the player's on file."""
        address = self.addresses.get(player)
        return bool(sender and address and address.casefold() == sender.casefold())

    def own(self, player: str, sender: str | None) -> bool:
        """Whether a message for `player` came from his own address: the one on file, proven
        his when the campaign trusts a receiving server (R86)."""
        return self.proven and self.on_file(player, sender)

    def elsewhere(self, player: str, sender: str | None) -> bool:
        """Whether a message for `player` came from an address other than his own (or from
        his, not proven)."""
        return bool(sender and self.addresses.get(player)) and not self.own(player, sender)

    def unproven(self, player: str, sender: str | None) -> bool:
        """From his address on file, which the receiving server did not prove (R86)."""
        return not self.proven and self.on_file(player, sender)

    def exempt(self, player: str, sender: str | None) -> bool:
        """Whether a message for `player` is exempt from his guessing limit: from his own
        address, which is no other player's (R79)."""
        return self.own(player, sender) and \
            self.addresses[player].casefold() not in self.shared

    def whence(self, player: str, sender: str | None) -> str:
        """Where a message for `player` came from, as his answer and the GM are told."""
        if self.unproven(player, sender):
            return (f"from {sender}, player {player}'s address, which the receiving server "
                    "did not prove its sender's (so it is taken as another address)")
        return f"from {sender}, not from the address on file for player {player}"


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
    if roster.check is not None and sender and player in roster.guarded and \
            not roster.exempt(player, sender):
        # The same words whatever its password: the refusal tells a guesser nothing. His own
        # address is told of it, and that it carried his password if it did (R80).
        right = roster.check(player, envelope.password) or roster.replaced == player
        return replace(_refused(_guarded(roster, player, sender)),
                       attempt=(player, "unchecked"),
                       stranger=player if right and elsewhere else None)
    if roster.check is not None and roster.replaced == player:
        return replace(_refused("the password it carried was player "
                                f"{player}'s when it arrived, but an earlier message (or the "
                                "GM) has changed it since; send it again with the new one"),
                       stranger=player if elsewhere else None)
    if roster.check is not None and not roster.check(player, envelope.password):
        reason = "it has no PASSWORD line" if not envelope.password else (
            f"the PASSWORD is not player {player}'s")
        refused = _refused(f"{reason}; its orders are not shown back",
                           f"a message {who} for player {player} with a wrong or missing "
                           "password")
        return replace(refused, attempt=(player, "wrong")) if envelope.password else refused
    if elsewhere and roster.strangers == "refuse":
        return replace(_refused(f"it came {roster.whence(player, sender)}",
                                f"player {player}'s password {_gm_whence(roster, player, sender)}"
                                ": refused"), stranger=player)
    if player not in state.players_in_game():
        return replace(_refused(f"you have quit the game ({quit_rule})" if quit_rule else
                                "you have quit the game"),
                       stranger=player if elsewhere else None)
    return player


def _guarded(roster: Roster, player: str, sender: str) -> str:
    """Why a message for a player past his guessing limit is refused (R79): the same words
    whatever its password."""
    lifts = roster.lifts.get(player)
    until = f"until {lifts} at the earliest" if lifts else \
        "until fewer have been given in 24 hours"
    if roster.unproven(player, sender):
        where = "his address unless the receiving server proves it his"
    elif roster.own(player, sender):
        where = "an address that another player has too"
    else:
        where = "an address not his own"
    return (f"too many wrong passwords were given for player {player} in the last 24 hours: "
            f"{until}, no message for him is taken from {where}, whatever its password")


def _gm_whence(roster: Roster, player: str, sender: str | None) -> str:
    if roster.unproven(player, sender):
        return f"from {sender}, his address but not proven by the receiving server"
    return f"from {sender}, not from {roster.addresses.get(player)}"


def judge(reading: Reading, state: GameStateBase, data: DataSet, roster: Roster,
          system: GameSystem, max_line_chars: int = MAX_LINE_CHARS,
          envelope: Envelope | OrdersError | None = None) -> Verdict:
    """The full check a message gets, and its answer (`envelope`: its text read already)."""
    envelope = in_game(reading.text, envelope, system, state)
    verdict = _judge(reading, envelope, state, data, roster, system, max_line_chars)
    notes = []
    if reading.attachments:
        notes.append(f"Note: the attachment(s) {', '.join(reading.attachments)} were not "
                     "read; write the orders in the message itself.")
    stranger = verdict.stranger
    if stranger is not None:
        verdict = _from_elsewhere(verdict, reading.sender, roster)
        if verdict.disposition in ("answered", "requests"):
            counts = "it counts, and " if verdict.disposition == "answered" else ""
            notes.append(f"Note: this message came {roster.whence(stranger, reading.sender)}; "
                         f"{counts}that address is told what it held.")
    return replace(verdict, text="\n".join(notes) + "\n\n" + verdict.text) if notes else verdict


def in_game(text: str, envelope: Envelope | OrdersError | None, system: GameSystem,
            state: GameStateBase) -> Envelope | OrdersError:
    """A message's envelope read by the phases its game names as it stands (its system's),
    read again if it was read before its game was known."""
    forms = system.phase_forms(state)
    if isinstance(envelope, OrdersError) or (envelope is not None and envelope.forms == forms):
        return envelope
    return envelope_or_error(text, forms)


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
    return replace(verdict, notice=("stranger", f"player {player}'s password "
                                    f"{_gm_whence(roster, player, sender)}: {what}; his "
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
                    lambda order: _commented(system.order_comment(order, data),
                                             system.awaiting(order, state, player)),
                    system.period(state))
    return Verdict(result.text, "answered", player, message, result.refused)


def _commented(comment: str, awaiting: str | None) -> str:
    """An accepted order's comment, with what it will do if it has no result yet."""
    if awaiting is None:
        return comment
    return f"{comment}; {awaiting}" if comment else f"  # {awaiting}"


def password_roster(campaign: Campaign) -> Roster:
    """The campaign's players, recognised by password and address, as for a file or a
    message checked by hand."""
    players = campaign.players()
    return Roster(campaign.name, PasswordCache(players).check,
                  {p.letter: p.email for p in players})
