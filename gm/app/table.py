"""A campaign played at the table (`gm play`, issues 16, 17 and 29): one terminal for a group
around one screen, or a lone player against the program's non-phasing Player. The Phasing
Player types his orders a line at a time, in the order language of the mails, and sees each
one's result at once; `DONE` ends his Player-Turn (or, in a game played a Phase at a time, the
Phase: the game's TableWords), which is adjudicated as a mailed one is. What is kept and shown,
and its words, are gm.app.table_kept's. Each order carried out is stored at once with the others of
his Player-Turn, so a crash loses at most the line being typed: the orders so far are carried
out again, on the same dice, when play resumes.

Each line is judged by carrying out the Player-Turn so far with it (gm.games.system
`carry_out`) on the phase's verifiable dice (docs/dice.md): an order the rules refuse, or a
line the grammar cannot read, is shown with the same message a mail answer gives and not
kept; one carried out is kept. Another player may speak (`PLAYER B`) to give what he may give
in another's Player-Turn (what the game lets him: losses, a trade, ...). What the table lets
them look at (SHOW, UNITS, STATUS, REPORT, HELP) is never an order (gm.app.table_looks, issue 26).

A line is numbered as its player's message stores it (gm.engine.results.line_label), as the
mail answers and the reports say: a message begun at the table has GAME and PLAYER as lines 1
and 2, so its first line typed is line 3; lines typed after a message received by mail (or
recorded by `gm orders record`) go in after its orders, its own lines keeping their numbers
(`Kept`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from gm.app.adjudication import (
    adjudicate_open_phase,
    phase_dice,
    resolved_at_once,
    stored_messages,
    with_standing,
)
from gm.app.campaign import Campaign, now
from gm.app.reports import opened_with
from gm.app.table_kept import (
    Asking,
    Given,
    GivenOrder,
    Kept,
    Shown,
    SoFar,
    ranges,
    refused,
    result_line,
    same,
    shown_key,
    would_change,
)
from gm.app.table_looks import look
from gm.core.errors import GameError, Superseded
from gm.core.state import GameStateBase
from gm.engine.results import Judged, Note, line_label
from gm.engine.sequence import PhaseResult
from gm.orders.order import Order
from orders_grammar.message import (
    MAX_LINE_CHARS,
    OrdersError,
    ParsedMessage,
    read_envelope,
)
from orders_grammar.problem import Problem

HELP = ("Type an order a line (the language of the order mails{example}); DONE ends the "
        "{period}; {others}EXIT leaves, the orders so far kept; HELP lists every word of "
        "the table.")
OTHERS = "PLAYER {0} lets player {0} give his orders{1}; "  # {1}: (the game's words for them)
ENDS_TURN = ("DONE", "END")  # END closes a mail's orders; at the table, the Player-Turn
SHOWN_STEPS = ("quitting", "trades", "Phasing Player", "orders")  # shown line by line


@dataclass
class Table:
    campaign: Campaign
    lines: dict[str, Kept] = field(default_factory=dict)  # each player's message, this turn
    speaker: str = ""
    shown: Shown = field(default_factory=dict)  # every result shown so far, kept as shown
    asking: Asking | None = None  # a player's decision the table waits for
    asked: set[tuple[str, str, str]] = field(default_factory=set)  # at the Player-Turn's end
    at: tuple[int, int] = (0, 0)  # the Game-Turn and Player-Turn it sat down at

    @classmethod
    def sit(cls, campaign: Campaign) -> Table:
        state = campaign.latest().state
        if state.stage == "ended":
            raise GameError("the game is over")
        table = cls(campaign, at=(state.turn, state.phase))
        for player, message in stored_messages(campaign, state).items():
            table.lines[player] = Kept.stored(message.text)
        table.speaker = table.phasing()
        if table.lines:  # what was shown before the break, as it will be kept
            table.shown = table._carried_out(state, table.lines)
        else:
            table.shown = table._standing_done(state)
        return table

    def state(self) -> GameStateBase:
        return self.campaign.latest().state

    def phasing(self) -> str:
        state = self.state()
        phasing = self.campaign.system.phasing(state)
        if phasing is None:
            setup = self.campaign.system.setup_stage(name=state.stage)
            if setup is not None:  # ruling G76: the set-up is the GM's, by mail or order files
                raise GameError(f"{self.campaign.system.phase_title(state)}: the set-up is not "
                                "played at the table; its orders come by mail or gm orders "
                                f"record, then {setup.awaiting}; gm play plays once gm start "
                                "has opened play")
            raise GameError("no Player-Turn is under way: gm play plays a campaign made with "
                            "gm new --mode standard or solitaire, once gm start has opened "
                            "its first")
        return phasing

    def opening(self) -> str:
        """Where the game stands, what opened this Player-Turn (its Random Events), what is
        kept of it, and how to play."""
        state = self.state()
        kept = sum(len(message.orders()) for message in self.lines.values())
        period = self.campaign.system.table_words().period
        resumed = f"\n{kept} order line(s) of this {period} kept from before." if kept else ""
        opened = opened_with(self.campaign) if not kept else []  # once, not at each resume
        events = "".join(f"\n  {line}" for line in [*opened, *self._standing_said()])
        other = next((p for p in state.players_in_game() if p != self.phasing()), None)
        words = self.campaign.system.table_words()  # the game's: an example, a bystander's
        listed = f" ({words.others})" if words.others else ""
        others = OTHERS.format(other, listed) if other else ""  # another than the phasing one
        example = f": {words.example}" if words.example else ""
        whose = f": player {self.phasing()} speaks" if self.campaign.system.table_phase(
            state) else ""  # a Phase's title names no player
        return (f"{self.campaign.system.phase_title(state)}{whose}.{events}{resumed}\n"
                f"{HELP.format(example=example, others=others, period=words.period)}")

    def so_far(self) -> GameStateBase:
        """The position with the Player-Turn so far carried out (what SHOW and UNITS show)."""
        state = self.state()
        if self.campaign.system.phasing(state) is None or not self.lines:
            return state
        return self._carry(state, self.lines).state

    def kept(self) -> list[str]:
        """Each player's order lines kept this Player-Turn, by their numbers (STATUS)."""
        said = []
        for player, message in sorted(self.lines.items()):
            numbers = sorted(message.orders())
            if numbers:
                said.append(f"player {player} line{'s' if len(numbers) > 1 else ''} "
                            f"{ranges(numbers)}")
        return said

    def waiting(self) -> list[str]:
        """The lines kept with no result yet: one resolved at the Player-Turn's end, a trade
        waiting for the other side's (STATUS); not one the GM resolved at once."""
        resolved = resolved_at_once(self.campaign, self.state())
        return [f"player {p} line {o.line}: {message.orders()[o.line]}"
                for p, message in sorted(self.lines.items())
                for o in self._parsed(p, message).orders
                if (p, o.line) not in self.shown and (p, o.echo()) not in resolved]

    def read_again(self) -> tuple[Table, str, bool]:
        """The table as the campaign is now that a GM command changed it (resolving at once):
        what it says of it, and whether the line just typed may be taken (not an answer to a
        question asked before: that question is asked again if it still stands)."""
        seq, action = self.campaign.store.last_entry(self.campaign.row)
        lost = self.leaving()
        try:
            table = Table.sit(self.campaign)
        except GameError as exc:
            raise Superseded(f"campaign {self.campaign.name} changed under the table "
                             f"(entry {seq}: {action}): {exc}") from None
        if table.at == self.at:  # the same Player-Turn: the same player speaks
            table.speaker = self.speaker
        said = [f"(the campaign changed, entry {seq}: {action}; the table has read it again)"]
        return table, "\n".join([*said, *([lost] if lost else [])]), lost is None

    def leaving(self) -> str | None:
        """What leaving now (EXIT, end of input) loses, said plainly: the line waiting for a
        player's answer is not kept (nothing of it was), or the Player-Turn is not ended."""
        if self.asking is None:
            return None
        decision, awaited = self.asking.decision, self.asking.awaited
        if awaited is None:
            period = self.campaign.system.table_words().period
            return (f"the {period} was not ended: it waited for player {decision.player}'s "
                    f"answer ({decision.rule}); type DONE again when play resumes")
        player, number = awaited
        typed = self.asking.lines[player].head[number - 1]
        return (f"player {player}'s {line_label(number)}, {typed}, was not kept: it waited for "
                f"player {decision.player}'s answer ({decision.rule}); type it again when play "
                "resumes")

    def prompt(self) -> str:
        """`A> `; in a game whose table plays Phase by Phase, the Phase too: `E Movement> `."""
        if self.asking:
            return f"{self.asking.decision.player}? "
        phase = self.campaign.system.table_phase(self.state())
        return f"{self.speaker} {phase}> " if phase else f"{self.speaker}> "

    def enter(self, line: str) -> str:
        """One line typed: its answer, in the players' words (as their reports say it)."""
        return self.campaign.system.players_words(self._entered(line), self.campaign.data)

    def _entered(self, line: str) -> str:
        text = line.strip()
        word = " ".join(text.upper().split())
        if self.asking is not None:
            return self._answer(self.asking, word)
        if not text:
            return ""
        if word in ENDS_TURN:
            return self._done()
        if word.startswith("PLAYER "):
            who = word.split()[1] if len(word.split()) == 2 else ""
            if who not in self.state().players_in_game():
                return f"no player {who or '?'} is in the game"
            self.speaker = who
            return f"player {who} speaks"
        looked = look(self, text)  # never an order
        return looked if looked is not None else self._order(text)

    def _message(self, player: str) -> Kept:
        return self.lines.get(player) or Kept.begun(self.campaign.name, player)

    def _order(self, text: str) -> str:
        player, state = self.speaker, self.state()
        was = self._message(player)
        lines = was.typed(text)
        try:
            envelope = read_envelope(lines.text())
            message = self.campaign.system.parse_orders(envelope, self.campaign.data,
                                                        MAX_LINE_CHARS)
        except OrdersError as exc:
            return str(exc)
        number = len(lines.head)  # the line as the message numbers it
        problems = [p for p in message.problems if p.line == number]
        if not problems and {o.number for o in envelope.order_lines} != {
                *was.orders(), number}:  # it would end or skip the orders
            return f"{text!r} is no order (HELP lists the table's words)\n(not kept)"
        phasing = player == self.phasing()
        if problems:
            return refused(problems)
        if not phasing:  # as his mail's answer judges them (his are carried out, below)
            problems = self._problems(message, state, player, number)
            if problems:
                return refused(problems, self.campaign.system.table_words().as_begun)
        so_far = self._so_far(state, {**self.lines, player: lines})
        now, decisions, given = so_far.shown, so_far.decisions, so_far.given
        result = now.get((player, number))
        if result is not None and result.result == "illegal":
            return f"{result_line(result)}\n(not kept: type it again)"
        problems = self._problems(message, state, player, number) if phasing and \
            result is None else []  # not carried out yet (a Purge, a LOSSES): as by mail
        if problems:
            return refused(problems)
        typed = next((o for o in message.orders if o.line == number), None)
        changed = self._changed(now, given, player, typed)
        if changed is not None:  # a result shown is a result kept
            words = self.campaign.system.table_words()
            return would_change(self.shown[changed], now.get(changed), player,
                                 "" if phasing else words.changed, words.not_kept)
        asked = [d for d in decisions if d.by == (player, number)]
        if asked:  # another player's choice: asked before the result is shown (8.44)
            return self._ask(Asking(asked[0], {**self.lines, player: lines}, (player, number)))
        self.lines[player] = lines
        self.shown = now
        self._store(player, lines, message.orders)
        if result is not None:  # with the dice that decided it (its Command Control die)
            dice = [d for d in self.campaign.system.dice_of_line(so_far.notes, typed)
                    if d not in result.detail] if typed else []
            return "\n".join([result_line(result), *(f"  {d}" for d in dice)])
        awaiting = next((self.campaign.system.awaiting(o, state, player)
                         for o in message.orders if o.line == number), None)
        period = self.campaign.system.table_words().period
        return f"kept -- {awaiting}" if awaiting else \
            f"kept: it takes effect later (its result comes with the {period}'s adjudication)"

    def _problems(self, message: ParsedMessage[Order], state: GameStateBase, player: str,
                  number: int) -> list[Problem]:
        """What the answer to a mail of these lines says of line `number`."""
        return [p for p in self.campaign.system.order_problems(
            message, state, self.campaign.data, player) if p.line == number]

    def _carried_out(self, state: GameStateBase, lines: dict[str, Kept]) -> Shown:
        return self._so_far(state, lines).shown

    def _standing_done(self, state: GameStateBase) -> Shown:
        """In a game whose standing orders may be carried out before the Phasing Player
        speaks (a standing WITHDRAW's die, which his FOLLOW needs: 12.16), their results as
        the period opens, on its dice; else nothing."""
        if not self.campaign.system.table_words().standing_first or \
                self.campaign.system.phasing(state) is None:
            return {}
        return {key: r for key, r in self._carried_out(state, {}).items()
                if r.result != "stands"}

    def _standing_said(self) -> list[str]:
        """The results of standing orders carried out as the period opened (no line typed)."""
        if self.lines:
            return []
        return [f"player {r.player}'s {result_line(r)}" for r in self.shown.values()]

    def _changed(self, now: Shown, given: dict[Given, GivenOrder], player: str,
                 typed: Order | None) -> tuple[str, int | str] | None:
        """The first result shown that the line typed would change, save one the game lets
        a later line change (a standing order used, a unit's move gone on: G80, G81)."""
        for key, was in self.shown.items():
            if same(now.get(key), was):
                continue
            order = given.get((was.player, was.line, was.text))
            if typed is None or not self.campaign.system.may_change_shown(
                    was, order.order if order else None, player, typed):
                return key
        return None

    def _so_far(self, state: GameStateBase, lines: dict[str, Kept]) -> SoFar:
        """The Player-Turn so far, each player's lines typed carried out on the dice its
        adjudication rolls: every result given so far, the decisions of players the
        program made by default, the orders carried out and what happened."""
        done, given = self._carried(state, lines)
        numbers = {p: frozenset(message.orders()) for p, message in lines.items()}
        standing = frozenset(key for key, order in given.items() if not order.given_now)
        return SoFar({shown_key(r, numbers.get(r.player, frozenset()), standing): r
                      for r in done.results}, done.decisions, given,
                     tuple(e.text for e in done.timeline if isinstance(e, Note)))

    def _carry(self, state: GameStateBase, lines: dict[str, Kept]
               ) -> PhaseResult[GameStateBase]:
        return self._carried(state, lines)[0]

    def _carried(self, state: GameStateBase, lines: dict[str, Kept]
                 ) -> tuple[PhaseResult[GameStateBase], dict[Given, GivenOrder]]:
        """The lines carried out, and each order carried out by (player, line, text): this
        period's lines, and the standing orders of earlier messages (their lines their own
        messages', ruling G72)."""
        messages = {p: self._parsed(p, typed) for p, typed in lines.items()}
        orders = {p: m.orders for p, m in messages.items()}
        salts = [m.salt for m in messages.values() if m.salt]
        merged = with_standing(self.campaign, state, orders)
        typed = {(p, o.line, o.echo()) for p, given in orders.items() for o in given}
        given = {(p, o.line, o.echo()): GivenOrder(o, (p, o.line, o.echo()) in typed)
                 for p, of in merged.items() for o in of}
        return self.campaign.system.carry_out(state, self.campaign.data, merged,
                                              phase_dice(self.campaign, state, salts)), given

    def _ask(self, asking: Asking) -> str:
        self.asking = asking
        decision = asking.decision
        return (f"Player {decision.player}, {decision.question}\n"
                f"Enter = {decision.default}")

    def _answer(self, asking: Asking, word: str) -> str:
        """The answer to a decision asked: Enter leaves the default; else his words make his
        order, judged and kept as if he had typed it (PLAYER X, then the line), and what
        waited for it goes on: the line typed shown, or the Player-Turn's end."""
        decision, state = asking.decision, self.state()
        words = word.split()
        if words[:1] == decision.order.split()[:1]:  # he typed the order itself
            words = words[1:]
        typed = asking.lines
        if words:
            wrong = [w for w in words if w not in decision.choices]
            if wrong or (len(words) > 1 and not decision.many):
                return (f"answer {'with some of' if decision.many else 'one of'}: "
                        f"{', '.join(decision.choices)}; or Enter: {decision.default}")
            who = decision.player
            line = decision.order.format(" ".join(words))
            mine = (typed.get(who) or Kept.begun(self.campaign.name, who)).typed(line)
            message = self._parsed(who, mine)
            number = len(mine.head)
            problems = [p for p in message.problems if p.line == number] + self._problems(
                message, state, who, number)
            if problems:
                return refused(problems).replace("(not kept: type it again)",
                                                  "(not kept: answer again)")
            typed = {**typed, who: mine}
            so_far = self._so_far(state, typed)
            now, given = so_far.shown, so_far.given
            changed = self._changed(now, given, who, next(
                (o for o in message.orders if o.line == number), None))
            if changed is not None:
                game = self.campaign.system.table_words()
                return would_change(self.shown[changed], now.get(changed), who,
                                     game.changed, game.not_kept
                                     ).replace("type it again", "answer again")
        self.asking = None
        said = [f"player {decision.player}: {line} -- kept"] if words else []
        for player, lines in typed.items():
            if lines != self.lines.get(player):
                self.lines[player] = lines
                self._store(player, lines, self._parsed(player, lines).orders)
        if asking.awaited is None:  # the Player-Turn's end
            self.asked.add((decision.player, decision.rule, decision.question))
            return "\n".join([*said, self._done()])
        self.shown = self._carried_out(state, self.lines)
        self.speaker = asking.awaited[0]
        return "\n".join([*said, result_line(self.shown[asking.awaited])])

    def _parsed(self, player: str, lines: Kept) -> ParsedMessage[Order]:
        return self.campaign.system.parse_orders(
            read_envelope(lines.text()), self.campaign.data, MAX_LINE_CHARS)

    def _store(self, player: str, lines: Kept, orders: tuple[Order, ...]) -> None:
        parsed = json.dumps([o.model_dump(mode="json") for o in orders])
        self.campaign.store.record_orders(self.campaign.row, self.campaign.latest().seq,
                                          player, lines.text(), parsed, now())

    def _done(self) -> str:
        state = self.state()
        title = self.campaign.system.phase_title(state)
        waiting = [d for d in adjudicate_open_phase(self.campaign, None, dry_run=True
                                                    ).result.decisions
                   if d.by is None and (d.player, d.rule, d.question) not in self.asked]
        if waiting:  # a decision of a Purge or an execution resolved at the end (11.24, 13.54)
            return self._ask(Asking(waiting[0], dict(self.lines), None))
        done = adjudicate_open_phase(self.campaign, None, dry_run=False)
        self.lines, self.shown, self.asked = {}, {}, set()
        self.at = (done.after.turn, done.after.phase)
        after = done.after
        said = [f"{title} adjudicated."]
        for event in done.result.timeline:
            if isinstance(event, Note) and event.step not in SHOWN_STEPS:
                said.append(f"  [{event.step}] {event.text}")
            elif isinstance(event, Judged) and event.step not in SHOWN_STEPS:
                said.append(f"  {result_line(event.result, event.step)}")
        if after.stage == "ended":
            said.append(self.campaign.system.victory_title(after))
            said += [f"  {place.line()}"  # shared places: ruling R66
                     for place in self.campaign.system.final_ranking(after, self.campaign.data)]
            return "\n".join(said)
        drawn = self.campaign.system.table_words().order_of_play  # none where it is fixed
        if drawn and (after.turn != state.turn or after.sequence != state.sequence):
            said.append(drawn.format(turn=after.turn, order=", ".join(after.sequence)))
        self.speaker = self.phasing()
        said.append(f"{self.campaign.system.phase_title(after)}: player {self.speaker}.")
        self.shown = self._standing_done(after)
        said += [f"  {line}" for line in self._standing_said()]
        return "\n".join(said)
