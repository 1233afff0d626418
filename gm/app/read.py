"""A message as read when it was kept (gm/app/intake.py), so that answering it
(gm/app/answering.py) need not read it again."""

from __future__ import annotations

from dataclasses import dataclass

from gm.messages.reading import Reading
from orders_grammar.message import Envelope, OrdersError


@dataclass(frozen=True)
class Read:
    """A message as read when it was kept, so that answering it need not read it again."""

    reading: Reading
    envelope: Envelope | OrdersError
    whole: bool = True  # False: kept by its headers alone (this program failed to read it)
