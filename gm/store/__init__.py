"""The store: campaigns, players, every phase's state with its dice, orders, results, the
campaign's mail, the alerts about players' passwords and the changes of them asked by mail.
SQL through the DB-API (gm/store/base.py), so the same code serves SQLite (a campaign folder's
own database) and a PostgreSQL URL."""

from gm.store.alerts import AlertRow, AlertStore
from gm.store.core import StateStore
from gm.store.mail import Handling, InboxRow, MailStore, NewMessage, NoticeRow, OutboxRow
from gm.store.passwords import PasswordStore, PendingChange
from gm.store.rows import (
    CampaignRow,
    EntryRow,
    NewAlert,
    OrdersRow,
    PasswordChange,
    PlayerRow,
    StateRow,
)


class Store(StateStore, MailStore, AlertStore, PasswordStore):
    """One database holding every campaign kept in it."""


__all__ = ["AlertRow", "CampaignRow", "EntryRow", "Handling", "InboxRow", "NewAlert",
           "NewMessage", "NoticeRow", "OrdersRow", "OutboxRow", "PasswordChange",
           "PendingChange", "PlayerRow", "StateRow", "Store"]
