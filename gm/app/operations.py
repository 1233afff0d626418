"""The GM's operations on a campaign: rollback, rulings that change the state, the players'
records (addresses, passwords, quits), and the set-up records the GM types himself."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import ValidationError

from gm.app.campaign import Campaign, check_own_address, now
from gm.app.lineage import in_force
from gm.app.passwords import RESET_KIND, hash_password, new_password
from gm.app.people import check_address, check_not_judge
from gm.app.seeds import (
    RESEEDS,
    abandoned_commitment,
    fresh_commitment,
    next_reseed,
    reseeded_by,
)
from gm.core.errors import GameError
from gm.core.state import ENDED, GameStateBase

if TYPE_CHECKING:
    from gm.messages.compose import Outgoing


@dataclass(frozen=True)
class RolledBack:
    turn: int  # the phase open again
    phase: int
    seq: int  # the rollback's history entry
    fresh: str  # the commitment to its new seed (gm.app.seeds)
    abandoned: str | None  # the commitment sent for the phase open before (None: none was)
    told: int  # notices queued for the players


def rollback(campaign: Campaign, target: str, reason: str) -> RolledBack:
    """Open an adjudicated phase (`3.1`) again as it was before its adjudication; history and
    orders are kept. Every phase from it on is seeded afresh (its seed was revealed), and each
    player is sent the commitment to the new seed in the same transaction, so that it is
    fixed before any order is taken again (gm.app.seeds)."""
    match = re.fullmatch(r"(\d+)\.(\d+)", target)
    if not match:
        raise GameError("write the phase as TURN.PHASE, e.g. 3.1")
    turn, phase = int(match.group(1)), int(match.group(2))
    history = campaign.store.entries(campaign.row)
    runs = [row.seq for row in in_force(history) if row.action == f"adjudicate {turn}.{phase}"]
    if not runs:
        period = campaign.system.period(campaign.latest().state)
        raise GameError(f"Game-Turn {turn}, {period} {phase} has not been adjudicated")
    before = campaign.store.state_at(
        campaign.row, max(row.seq for row in history if row.seq < runs[-1])).state
    seq = history[-1].seq + 1  # the rollback's entry (append_state refuses another between)
    number = next_reseed(history)
    fresh = fresh_commitment(campaign.row.seed, before, number)
    abandoned = abandoned_commitment(campaign.row.seed, history[-1], reseeded_by(history))
    mail = _rollback_notices(campaign, before, seq, reason, fresh, abandoned)
    campaign.store.append_state(campaign.row, f"rollback to {turn}.{phase}",
                                {"reason": reason, RESEEDS: number}, before, [], now(),
                                after=history[-1].seq, mail=mail)
    return RolledBack(turn, phase, seq, fresh, abandoned, len(mail))


def _rollback_notices(campaign: Campaign, reopened: GameStateBase, seq: int, reason: str,
                      fresh: str, abandoned: str | None) -> list[Outgoing]:
    """A notice to each player in the game, when it is played by mail: the phase open again,
    why, and the commitment to its fresh seed (docs/dice.md)."""
    from gm.app.schedule import deadline_text  # lazy: composing mail, at a rollback only
    from gm.app.settings import mail_config_or_none  # lazy: likewise
    from gm.messages.compose import notice_mail  # lazy: likewise

    config = mail_config_or_none(campaign.folder)
    if config is None:
        return []
    moment = now()
    title = campaign.system.phase_title(reopened)
    due = deadline_text(campaign.folder, moment)
    text = "\n".join([
        f"The GM has rolled game {campaign.name} back to {title}, which is open again: what "
        "was adjudicated since is undone.", f"His reason: {reason or '(none given)'}", "",
        "The orders sent for it are kept; new orders of yours for it replace yours."
        + (f" They are due {due}." if due else ""), "",
        "The SALT words sent before count no more (the GM had seen them): to salt the new "
        "dice, send your orders again with a new SALT line.", "",
        "Its dice are seeded afresh: no seed a report revealed is used again, and no one has "
        "seen the new one. It is committed to, SHA-256:", f"    {fresh}",
        *([f"(the commitment sent before, {abandoned}, is abandoned)."] if abandoned else []),
        "The report of the phase reveals the new seed, to be checked against this "
        "commitment (docs/dice.md).", ""])
    players = reopened.players_in_game()
    return [notice_mail(campaign.row, config.gm_address, player.email, "rollback",
                        f"{seq}.{player.letter}", f"{campaign.name}: back to {title}", text,
                        moment.astimezone(config.zone()))
            for player in campaign.players() if player.letter in players]


def override(campaign: Campaign, reason: str, state_json: str, source: str
             ) -> tuple[int, list[str]]:
    """A GM ruling: the corrected state (`gm show --json`, edited) replaces the state now,
    logged with its reason for the next report. (seq, the fields changed.) A ruling that ends
    the game releases the anonymous press held for the next reports, which will not come: it
    goes now, dated now, in the ruling's transaction (R82)."""
    latest = campaign.latest()
    current = latest.state
    try:
        corrected = campaign.system.state_from_json(state_json)
    except (ValidationError, ValueError) as exc:
        raise GameError(f"{source}: not a game state ({str(exc).splitlines()[0]})") from None
    changed = sorted(k for k in type(corrected).model_fields
                     if getattr(current, k, None) != getattr(corrected, k))
    if not changed:
        raise GameError("the state given is the state now: nothing to override")
    moved = [field for field in ("turn", "phase") if field in changed]
    if moved:  # an earlier phase's seed is revealed: reopened by a ruling, its dice were known
        raise GameError(f"a ruling changes the position, not the phase open ({' and '.join(moved)}"
                        " changed): `gm rollback` opens an earlier phase again, its dice seeded "
                        "afresh (docs/dice.md)")
    release = None
    if corrected.stage == ENDED:
        from gm.app.press import releasing  # lazy: composing mail, at the game's end only

        release = releasing(campaign)
    seq = campaign.store.append_state(campaign.row, "override",
                                      {"reason": reason, "changed": changed}, corrected, [],
                                      now(), after=latest.seq, release=release)
    return seq, changed


def set_email(campaign: Campaign, spec: str) -> tuple[str, str]:
    """`L:ADDRESS` -> (letter, address) recorded."""
    letter, _, given = spec.partition(":")
    from gm.app.settings import judge_addresses  # lazy: the mail settings, for --email only

    address = check_address(given.strip(" "), f"--email {spec!r}")
    check_own_address(letter.upper(), address, {p.letter: p.email for p in campaign.players()})
    judge, where = judge_addresses(campaign.folder)
    check_not_judge(letter.upper(), address, judge, where)
    campaign.store.update_player(campaign.row, letter.upper(), email=address, now=now())
    return letter.upper(), address


@dataclass(frozen=True)
class Reset:
    password: str  # shown once, to the GM: only its hash is kept
    mailed_to: str | None  # the player's address on file, when the campaign plays by mail


def reset_password(campaign: Campaign, letter: str) -> Reset:
    """A new password for a player, made as gm new makes one and kept hashed, every change he
    asked by mail and has not confirmed void (R87); the GM's act, recorded in the history
    (R88), and, when the campaign is played by mail, mailed to his address on file in the same
    transaction (the outbox's copy has it taken out once sent)."""
    letter = letter.upper()
    player = next((p for p in campaign.players() if p.letter == letter), None)
    if player is None:
        raise GameError(f"no player {letter} in campaign {campaign.name} (gm players lists "
                        "them)")
    from gm.app.settings import mail_config_or_none  # lazy: the mail settings, for a reset only

    config = mail_config_or_none(campaign.folder)
    password = new_password()
    latest = campaign.latest()
    mail = [] if config is None else [
        _reset_mail(campaign, config.gm_address, player.email, letter, password,
                    f"{latest.seq + 1}.{letter}", now().astimezone(config.zone()))]
    mailed_to = player.email if mail else None
    campaign.store.append_state(campaign.row, RESET_KIND, {"player": letter,
                                                           "mailed_to": mailed_to},
                                latest.state, [], now(), after=latest.seq, mail=mail,
                                password=(letter, hash_password(password)))
    return Reset(password, mailed_to)


def _reset_mail(campaign: Campaign, gm_address: str, to: str, letter: str, password: str,
                key: str, date: dt.datetime) -> Outgoing:
    from gm.messages.compose import notice_mail  # lazy: composing mail, for a reset only

    text = "\n".join([
        f"Player {letter} of game {campaign.name}: the GM has given you a new password. Your "
        "old one counts no more, and any change of password you asked by mail and have not "
        "confirmed is void.", "",
        "Keep it: write these lines at the top of each message of orders to the judge:", "",
        f"  GAME {campaign.name}", f"  PLAYER {letter}", f"  PASSWORD {password}", "",
        "It is kept nowhere in clear: the judge keeps only a hash of it, and its copy of this "
        "message has it taken out once sent. To choose one of your own, add a second PASSWORD "
        "line with it to a message; a code to confirm it is then mailed to you.", ""])
    return notice_mail(campaign.row, gm_address, to, RESET_KIND, key,
                       f"{campaign.name}: your new password (player {letter})", text, date)


def record_quit(campaign: Campaign, letter: str) -> None:
    """A player who leaves the game, recorded by the GM outside any phase."""
    latest = campaign.latest()
    new_state = campaign.system.quit_player(latest.state, campaign.data, letter.upper())
    campaign.store.append_state(campaign.row, "quit", {"player": letter.upper()}, new_state, [],
                                now(), after=latest.seq)


def record_trade(campaign: Campaign, giver: str, receiver: str, gives: Sequence[str],
                 takes: Sequence[str]) -> GameStateBase:
    """A trade of the trading session, agreed by both players (`gm trade`)."""
    return campaign.apply(
        "trade", {"giver": giver, "receiver": receiver, "give": list(gives),
                  "take": list(takes)},
        lambda state, _dice: campaign.system.record_trade(state, campaign.data, giver, receiver,
                                                          gives, takes))


def record_deployment(campaign: Campaign, player: str, words: Sequence[str]) -> GameStateBase:
    """A player's chosen stack for the deployment (`gm deploy`)."""
    return campaign.apply(
        "deploy", {"player": player, "words": list(words)},
        lambda state, _dice: campaign.system.record_deployment(state, campaign.data, player,
                                                               words))


def clear_deployment(campaign: Campaign, player: str) -> GameStateBase:
    return campaign.apply("deploy-clear", {"player": player},
                          lambda state, _dice: campaign.system.clear_deployment(state, player))
