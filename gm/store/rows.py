"""The rows the store gives back: plain frozen values (named tuples: cheap to define, and every
command that opens a campaign defines them)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from gm.core.state import GameStateBase


class CampaignRow(NamedTuple):
    id: int
    name: str
    game: str
    seed: str
    data_dir: str | None
    mail_tag: str  # in every Message-ID the campaign makes (new_mail_tag)


def new_mail_tag() -> str:
    """A campaign's mail tag: 64 random bits in hex, drawn once, as the campaign is made (or as
    the database an older version made is brought up to date), and kept with it. Every
    Message-ID the campaign makes carries it, so that no two campaigns' messages share an id,
    in one database or in two (two GMs' campaigns of one name, a new season under an old name:
    a mailbox that has a message of an id hides another of the same id). Drawn apart from the
    campaign's seed, which `--seed` may make the same for two campaigns; and it says nothing
    of the seed."""
    import secrets  # lazy: a new campaign, or an upgrade, only

    return secrets.token_hex(8)


class PlayerRow(NamedTuple):
    letter: str
    name: str
    email: str
    password_hash: str


class OrdersRow(NamedTuple):
    id: int
    state_seq: int
    player: str
    raw: str
    parsed: str | None


class EntryRow(NamedTuple):
    """An entry of a campaign's history without its state: what made it, where the game was."""

    seq: int
    action: str
    detail: dict[str, Any]
    stage: str
    turn: int
    phase: int
    created_at: dt.datetime


class StateRow(NamedTuple):
    seq: int
    action: str
    detail: dict[str, Any]
    state: GameStateBase  # decoded by the campaign's game system
    created_at: dt.datetime


class NewAlert(NamedTuple):
    """Something a player's own address is told about his password (gm.store.alerts),
    written with the handling of the message that caused it."""

    player: str  # whose password
    kind: str  # wrong (a wrong password given for him), unchecked (refused past the guessing
    #            limit, whatever its password), stranger (his password, another address)
    sender_address: str | None
    text: str = ""  # what he is told of it (a stranger's message: what it held)


class PasswordChange(NamedTuple):
    """A change of a player's password by mail (gm.app.requests, R87), written with the
    handling of the message: asked (the new password's hash, the hash of the code mailed for
    it, until when the code holds, the address that asked and whether it is the player's own:
    asked from it, it voids the changes asked from elsewhere), or confirmed (`confirms`: the
    asked change's id)."""

    player: str
    password_hash: str = ""
    code_hash: str = ""
    expires_at: dt.datetime | None = None
    confirms: int | None = None
    sender_address: str | None = None
    own: bool = False
