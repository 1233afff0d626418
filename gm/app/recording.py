"""`gm orders record`: order messages that reached the GM outside the mailbox (on paper, in a
chat) judged as a mailed message is judged (the same verdict and answer text: GAME, PLAYER,
PASSWORD, the phase, each order's legality) and, when they count, kept as a mailed message's
orders are kept, against the open phase or set-up stage: `gm status` counts them, and the
adjudication (or `gm end-trading`, `gm start`) takes them as it takes the mailed ones, a later
message of the player's replacing an earlier whole. Nothing is mailed."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from gm.app.campaign import Campaign, PasswordCache, now
from gm.app.judge import Roster, Verdict, in_game, judge
from gm.core.errors import GameError
from gm.core.state import ENDED
from gm.messages.reading import read_message
from gm.messages.redaction import redact_text
from orders_grammar.message import Envelope


@dataclass(frozen=True)
class Recorded:
    name: str  # the file
    verdict: Verdict  # the answer, as a mailed message would get it
    recorded: bool  # its orders were kept
    unanswered: bool  # it held requests or press, which are answered by mail only
    period: str = "phase"  # what it counts for: the open phase, or Player-Turn


def record_messages(campaign: Campaign, files: Sequence[tuple[str, bytes]]) -> list[Recorded]:
    """Each message judged against the open phase and, if its orders count, kept."""
    latest = campaign.latest()
    state = latest.state
    if state.stage == ENDED:
        raise GameError("the game is over: no orders are taken")
    # A message handed to the GM has no sender address to weigh: the password alone says whose
    # it is, as for a file given to gm adjudicate.
    roster = Roster(campaign.name, PasswordCache(campaign.players()).check)
    done = []
    for name, raw in files:
        reading = read_message(raw)
        envelope = in_game(reading.text, None, campaign.system, state)
        verdict = judge(reading, state, campaign.data, roster, campaign.system,
                        envelope=envelope)
        counts = verdict.counts and verdict.player is not None and verdict.message is not None
        if counts and verdict.player is not None and verdict.message is not None:
            parsed = json.dumps([o.model_dump(mode="json") for o in verdict.message.orders])
            campaign.store.record_orders(campaign.row, latest.seq, verdict.player,
                                         redact_text(reading.text), parsed, now())
        asked = isinstance(envelope, Envelope) and bool(envelope.requests or envelope.press) \
            and verdict.disposition in ("answered", "requests")
        done.append(Recorded(name, verdict, counts, asked, campaign.system.period(state)))
    return done
