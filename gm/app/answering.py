"""Handling the messages kept: auto-replies, bounces and list mail are recorded and never
answered (RFC 3834); the program's own copies are passed over; a per-address cap breaks any
loop that still forms (never on a message with the player's right password from his own
address); every other message is judged and answered. A player's wrong passwords are counted
against his guessing limit (R79); past it, a refusal goes to his own address only. What his own
address must be told (wrong passwords, his password from another address: R80) is kept as
alerts, which the cap never drops (gm.app.alerts tells them). Each message's answer, its
orders, its notices for the GM, its alerts and its disposition are written in one
transaction."""

from __future__ import annotations

import datetime as dt
import json
import textwrap
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace

from gm.app.alerts import GUESS_WINDOW
from gm.app.campaign import Campaign, now
from gm.app.crash import crash_point
from gm.app.judge import Roster, Verdict, in_game, judge
from gm.app.passwords import fingerprint
from gm.app.read import Read
from gm.app.requests import Granted, Tally, answer_requests, asks, joined
from gm.app.schedule import load_schedule
from gm.app.settings import MailConfig
from gm.core.state import GameStateBase
from gm.messages.authresults import sender_proven
from gm.messages.compose import OWN_DOMAIN, Outgoing, answer_mail
from gm.messages.reading import Reading, one_line, read_headers, read_message
from gm.messages.redaction import redact_text
from gm.store import Handling, InboxRow, NewAlert, PlayerRow
from gm.store.mail import ANSWERED, AnswersSent
from orders_grammar.message import Envelope, OrdersError, PhaseForms, envelope_or_error

HANDLED_PER_TRANSACTION = 100


EMPTY = ("no-orders", "oversized")  # answers to messages without orders: one an hour


@dataclass
class Answerer:
    """What answering needs, gathered once for a round: the campaign, its position, the
    players, the parser, the deadline, the answers each address had in the last hour."""

    campaign: Campaign
    config: MailConfig
    roster: Roster
    seq: int  # the state the orders are written against
    state: GameStateBase
    deadline: dt.datetime | None
    moment: dt.datetime
    counts: dict[str, AnswersSent]  # per address: what it was sent this hour
    extra: dict[str, int]  # per player: the reports and press his messages sent this hour
    wrong: dict[str, list[dt.datetime]]  # per player: his wrong passwords in GUESS_WINDOW (R79)
    passwords: dict[str, str]  # per player: his password's fingerprint now (R87)

    @classmethod
    def of(cls, campaign: Campaign, config: MailConfig) -> Answerer:
        schedule = load_schedule(campaign.folder)
        moment = now()
        latest = campaign.latest()
        players = campaign.players()
        addresses = {p.letter: p.email for p in players}
        seen = Counter(address.casefold() for address in addresses.values())
        return cls(
            campaign, config,
            Roster(campaign.name, None, addresses, config.stranger_orders,
                   shared=frozenset(a for a, n in seen.items() if n > 1)),
            latest.seq, latest.state,
            schedule.deadline(campaign.phase_opened_at()) if schedule else None, moment,
            campaign.store.answers_since(campaign.row, moment - dt.timedelta(hours=1)),
            campaign.store.extra_mail_since(campaign.row, moment - dt.timedelta(hours=1)),
            campaign.store.wrong_passwords_since(campaign.row, moment - GUESS_WINDOW),
            _fingerprints(players))

    @property
    def forms(self) -> PhaseForms:
        """The phases the campaign's game names as it stands: each message is read by them."""
        return self.campaign.system.phase_forms(self.state)

    @property
    def players(self) -> set[str]:
        """The players' addresses on file, lower case."""
        return {address.lower() for address in self.roster.addresses.values()}

    def guarded(self) -> dict[str, str]:
        """The players past their guessing limit now (R79), each with when it lifts at the
        earliest: when the oldest of the last `wrong_passwords_per_day` has aged past the
        window."""
        limit = self.config.wrong_passwords_per_day
        zone = self.config.zone()
        return {player: f"{(times[-limit] + GUESS_WINDOW).astimezone(zone):%Y-%m-%d %H:%M %Z}"
                for player, times in self.wrong.items() if len(times) >= limit}

    def attempt(self, verdict: Verdict, address: str) -> list[NewAlert]:
        """A wrong password, or a message refused past the limit: counted, and kept for the
        player's own address."""
        if verdict.attempt is None:
            return []
        player, kind = verdict.attempt
        if kind == "wrong":
            self.wrong.setdefault(player, []).append(self.moment)
        return [NewAlert(player, kind, address)]

    def handle(self, readings: Mapping[int, Read]) -> int:
        """Handle every kept message not yet handled (`readings`: those already read);
        returns how many were answered. A message that asks or confirms a new password is
        written at once, so that the next is judged against the password it leaves (R87)."""
        answered = 0
        pending: list[Handling] = []
        for row in self.campaign.store.unanswered(self.campaign.row):
            try:
                read = readings.get(row.id) or _read_stored(row, self.config)
                read = replace(read, envelope=in_game(read.reading.text, read.envelope,
                                                      self.campaign.system, self.state))
                pending.append(_handle(self, row, read))
            except Exception as exc:  # one message must not stop the others
                pending.append(Handling(row.id, "error", f"{type(exc).__name__}: {exc}",
                                        notices=[("error", _failed(row, exc))]))
            changed = pending[-1].password is not None
            if len(pending) >= HANDLED_PER_TRANSACTION or changed:
                answered += _write(self.campaign, pending)
            if changed:
                self.passwords = _fingerprints(self.campaign.players())
        return answered + _write(self.campaign, pending)


def _fingerprints(players: list[PlayerRow]) -> dict[str, str]:
    return {p.letter: fingerprint(p.password_hash) for p in players}


def _carried(context: Answerer, row: InboxRow) -> tuple[bool, bool]:
    """(whether the message carried its player's password as it is now, whether it carried
    the one he had when it came and has changed since): it counts only with the password that
    is his once the messages before it have been handled (R87)."""
    if row.verified_player is None:
        return False, False
    if row.verified_by is None:
        return True, False  # kept by a version before 5: as it was checked then
    kind, _, mark = row.verified_by.partition(":")
    his = context.passwords.get(row.verified_player) == mark
    return his, kind == "p" and not his


def handle_stored(campaign: Campaign, config: MailConfig) -> int:
    """Handle every kept message not yet handled; returns how many were answered."""
    return Answerer.of(campaign, config).handle({})


def _failed(row: InboxRow, exc: Exception) -> str:
    return (f"message {row.id} from {row.sender or '?'}: this program failed on it "
            f"({type(exc).__name__}: {exc}); it is kept unanswered, please report it")


def _write(campaign: Campaign, handlings: list[Handling]) -> int:
    if not handlings:
        return 0
    campaign.store.handle(campaign.row, handlings, now())
    crash_point("after-answer")
    answered = sum(h.disposition in ANSWERED for h in handlings)
    handlings.clear()
    return answered


def _read_stored(row: InboxRow, config: MailConfig) -> Read:
    raw = row.raw_bytes
    reading = read_headers(raw) if (row.size or 0) > config.max_message_bytes else \
        read_message(raw)
    return Read(reading, envelope_or_error(reading.text))


def _describe(row: InboxRow, reading: Reading) -> str:
    return f"message {row.id} from {reading.sender or row.sender or '?'} " \
           f"({one_line(reading.subject or '(no subject)')[:60]})"


def _is_own(reading: Reading, config: MailConfig) -> bool:
    """A copy or a digest of this program's, in the mailbox it reads."""
    return bool(reading.message_id and reading.message_id.endswith(f"@{OWN_DOMAIN}>")) or (
        reading.sender is not None and reading.sender.lower() == config.gm_address.lower())


def _handle(context: Answerer, row: InboxRow, read: Read) -> Handling:
    config = context.config
    reading = read.reading
    if _is_own(reading, config):  # a copy or digest of ours, in the mailbox we read
        return Handling(row.id, "own", "sent by this program")
    if reading.automated:
        envelope = read.envelope
        carried = f", and player {envelope.player}'s orders in it do not count" if isinstance(
            envelope, Envelope) and envelope.player and envelope.order_lines else ""
        return Handling(row.id, "automated", reading.automated, notices=[(
            "automated", f"{_describe(row, reading)}: {reading.automated}; not answered"
            f"{carried}")])
    if reading.sender is None:
        return Handling(row.id, "no-sender", "no address to answer", notices=[(
            "refused", f"{_describe(row, reading)}: no sender address; not answered")])
    roster = _roster(context, row, read)
    verdict = _verdict(context, row, read, roster)
    address = reading.sender.lower()
    if verdict.disposition == "no-orders" and address not in context.players:
        return Handling(row.id, "not-a-player", "no orders, from an address not on file",
                        notices=[("refused", f"{_describe(row, reading)}: no orders, and not "
                                  "from a player's address; not answered (spam?)")])
    orders = None
    if verdict.counts and verdict.player and verdict.message is not None:
        parsed = json.dumps([o.model_dump(mode="json") for o in verdict.message.orders])
        orders = (context.seq, verdict.player, redact_text(reading.text), parsed)
    notices = [(verdict.notice[0], f"{_describe(row, reading)}: {verdict.notice[1]}")] \
        if verdict.notice else []
    alerts = context.attempt(verdict, address)
    if verdict.attempt is not None and verdict.attempt[1] == "unchecked" and \
            not roster.on_file(verdict.attempt[0], address):
        # Past the limit a refusal goes to the player's address on file only: to any other
        # it would be mail to whoever a guesser forged (backscatter). Counted, and told to
        # his address and the GM (gm.app.alerts).
        if verdict.stranger is not None:
            alerts.append(stranger_alert(verdict, reading, read.envelope, context.moment,
                                         config, unanswered=GUARDED))
        return Handling(row.id, "guarded", verdict.disposition, None, (), notices,
                        alerts=alerts)
    total, empty, proven = context.counts.get(address, AnswersSent())
    # The cap breaks loops of mail nobody authenticated: a message with the player's right
    # password from his own address is always answered (R41).
    owner = row.verified_player is not None and roster.check is not None and \
        roster.check(row.verified_player, None) and roster.own(row.verified_player, address)
    if not owner and ((config.answers_per_hour and total >= config.answers_per_hour) or
                      (verdict.disposition in EMPTY and empty >= 1)):
        notices.append(("capped", f"{_describe(row, reading)}: not answered, "
                        f"{total} answer(s) to {address} in the last hour already "
                        "(a mail loop?)"))
        if verdict.stranger is not None:  # the cap is on answering, never on telling
            alerts.append(stranger_alert(verdict, reading, read.envelope, context.moment,
                                         config, unanswered=CAPPED,
                                         unproven=roster.unproven(verdict.stranger, address)))
        return Handling(row.id, "capped", verdict.disposition, orders, (), notices,
                        alerts=alerts)
    date = context.moment.astimezone(config.zone())
    granted = Granted()
    text = verdict.text
    if asks(read.envelope, verdict.disposition):
        assert isinstance(read.envelope, Envelope)
        # The reports and press it sends count as answers; the owner's own messages (R41)
        # count only what the messages that carried a password had, so that no forger of his
        # address who lacks his password can use up his hour.
        # A player's messages from all his addresses together send no more than one of them.
        limit = config.answers_per_hour
        spent = max(proven if owner else total,
                    context.extra.get(verdict.player, 0) if verdict.player else 0)
        tally = Tally(max(0, limit - spent - 1) if limit else None, limit)
        granted = answer_requests(context.campaign, read.envelope, verdict.player, str(row.id),
                                  config, with_orders=orders is not None,
                                  sender=reading.sender, subject=reading.subject,
                                  own=verdict.player is not None and
                                  roster.exempt(verdict.player, address), tally=tally)
        text = joined(text, granted)
        notices += [(kind, f"{_describe(row, reading)}: {note}")
                    for kind, note in granted.notices]
    if verdict.player and granted.extra:
        context.extra[verdict.player] = context.extra.get(verdict.player, 0) + granted.extra
    context.counts[address] = AnswersSent(
        total + 1 + granted.extra, empty + (verdict.disposition in EMPTY),
        proven + (1 + granted.extra if row.verified_player else 0))
    mail: list[Outgoing] = [answer_mail(context.campaign.row, config.gm_address, str(row.id),
                                        reading.sender, reading.subject, reading.message_id,
                                        text, date),
                            *granted.mail]
    if verdict.stranger is not None:
        alerts.append(stranger_alert(verdict, reading, read.envelope, context.moment, config,
                                     answer=text, unproven=roster.unproven(verdict.stranger,
                                                                           address)))
    return Handling(row.id, verdict.disposition, "", orders, mail, notices, granted.password,
                    alerts, granted.extra)


CAPPED = ("It was not answered (that address had its answers for the hour), so none of its "
          "requests was answered and none of its press was sent.")
GUARDED = ("It was not answered: past the limit on wrong passwords, no refusal goes to an "
           "address other than yours.")


def _roster(context: Answerer, row: InboxRow, read: Read) -> Roster:
    """The players as one message is judged against: its password as checked when it was
    kept, if it is still his (R87), the players past their guessing limit now, and whether the
    receiving server proves its sender's address (R86), when the campaign trusts one."""
    config = context.config
    reading = read.reading
    proven = not config.authserv_id or sender_proven(reading.authentication,
                                                     config.authserv_id, reading.sender)
    guarded = context.guarded()
    his, replaced = _carried(context, row)
    return replace(context.roster, check=lambda player, _: his and player == row.verified_player,
                   guarded=frozenset(guarded), lifts=guarded, proven=proven,
                   replaced=row.verified_player if replaced else None)


def _verdict(context: Answerer, row: InboxRow, read: Read, roster: Roster) -> Verdict:
    config = context.config
    if (row.size or 0) > config.max_message_bytes:
        return Verdict(f"Your message is {row.size:,} bytes long; this GM reads messages of "
                       f"up to {config.max_message_bytes:,} bytes, attachments included. Send "
                       "the orders alone, as plain text.\nNothing in it counts.\n", "oversized")
    received = row.received_at
    if received is not None and received.tzinfo is None:
        received = received.replace(tzinfo=dt.UTC)  # the store keeps UTC
    envelope = read.envelope
    if context.deadline is not None and received is not None and received > context.deadline:
        # Past the deadline, before the adjudication: the orders are late; requests and press
        # are answered as at any time (a message that has them is judged without its orders).
        late = (f"after the deadline of this phase ({context.deadline:%Y-%m-%d %H:%M %Z})")
        if not isinstance(envelope, Envelope) or not (envelope.requests or envelope.press):
            return Verdict(f"Your message arrived {late}; it does not count. Orders for the "
                           "next phase are welcome once its report is out.\n", "late")
        verdict = judge(read.reading, context.state, context.campaign.data, roster,
                        context.campaign.system, config.max_line_chars,
                        replace(envelope, order_lines=()))
        if envelope.order_lines and verdict.disposition == "requests":
            verdict = replace(verdict, text=f"Your orders arrived {late}; they do not count "
                              "(orders for the next phase are welcome once its report is "
                              "out). The rest of your message is answered below.\n"
                              + verdict.text, refused=True)
        return verdict
    return judge(read.reading, context.state, context.campaign.data, roster,
                 context.campaign.system, config.max_line_chars, envelope)


def _quoted(text: str) -> str:
    return textwrap.indent(text.strip("\n"), "    | ", lambda line: True)


def stranger_alert(verdict: Verdict, reading: Reading, envelope: Envelope | OrdersError,
                   moment: dt.datetime, config: MailConfig, answer: str = "",
                   unanswered: str = "", unproven: bool = False) -> NewAlert:
    """A message with a player's password from another address (R80): what it held and what
    became of it, as his own address is told (`unanswered`: why it got no answer;
    `unproven`: it gave his own address, which the receiving server did not prove, R86)."""
    player = verdict.stranger
    assert player is not None and reading.sender is not None
    when = moment.astimezone(config.zone())
    subject = one_line(reading.subject or "(no subject)")[:80]
    whence = f"{reading.sender} (this address, but the receiving server did not prove that " \
             "it came from it: it may be forged)" if unproven else reading.sender
    lines = [f"{when:%Y-%m-%d %H:%M %Z}: a message for player {player} arrived from "
             f"{whence} with your password (subject: {subject})."]
    if verdict.disposition == "answered":
        lines.append("Its orders count: they replace any you had sent for this phase.")
    elif verdict.disposition == "requests":
        lines.append("It held requests or press and no orders; the answer below says what "
                     "was done.")
    else:
        lines.append("It was refused, and nothing in it counts.")
    if unanswered:
        lines += [unanswered, "How it was judged:", _quoted(verdict.text or "(no answer)")]
    else:
        lines += ["The answer it got:", _quoted(answer or "(no answer)")]
    if not unanswered and isinstance(envelope, Envelope) and envelope.press and \
            verdict.disposition in ("answered", "requests"):
        for press in envelope.press:
            lines += [f"The press of its line {press.line}, as written ({press.echo()}):",
                      _quoted(press.text or "(empty)")]
    return NewAlert(player, "stranger", reading.sender.lower(), "\n".join(lines))
