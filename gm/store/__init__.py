"""The store: campaigns, players, every phase's state with its dice, orders, results, and the
campaign's mail. SQL through the DB-API (gm/store/base.py), so the same code serves SQLite (a
campaign folder's own database) and a PostgreSQL URL."""

from gm.store.core import StateStore
from gm.store.mail import Handling, InboxRow, MailStore, NewMessage, NoticeRow, OutboxRow
from gm.store.rows import CampaignRow, EntryRow, OrdersRow, PlayerRow, StateRow


class Store(StateStore, MailStore):
    """One database holding every campaign kept in it."""


__all__ = ["CampaignRow", "EntryRow", "Handling", "InboxRow", "NewMessage", "NoticeRow",
           "OrdersRow", "OutboxRow", "PlayerRow", "StateRow", "Store"]
