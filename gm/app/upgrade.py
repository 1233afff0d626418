"""A database made by an older version is brought up to date on first open (gm.store.migrate):
with the functions that take the passwords out of its stored messages."""

from __future__ import annotations

from gm.app.passwords import check_password
from gm.messages.reading import read_message
from gm.messages.redaction import redact_message
from gm.store.base import Database
from gm.store.migrate import require_current, upgrade
from orders_grammar.message import OrdersError, read_envelope


def password_owner(raw: bytes, hashes: dict[str, str]) -> str | None:
    """The player whose password a stored message carries, or None."""
    try:
        envelope = read_envelope(read_message(raw).text)
    except OrdersError:
        return None
    player, password = envelope.player, envelope.password
    if player and password and player in hashes and check_password(password, hashes[player]):
        return player
    return None


def bring_up_to_date(database: Database) -> int:
    """Upgrade the database if it is older than this program; the version it had."""
    require_current(database)
    return upgrade(database, redact_message, password_owner)
