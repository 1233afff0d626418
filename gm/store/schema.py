"""The tables of the store. One metadata for all, so that `create_all` makes a new database
whole; `SCHEMA_VERSION` is what `gm.store.migrate` brings an older database up to."""

from __future__ import annotations

from sqlalchemy import (
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

SCHEMA_VERSION = 2  # 2: mail as it arrives (issue 10): redacted raw, dispositions, outbox state

metadata = MetaData()
schema_info = Table(
    "schema_info", metadata,
    Column("key", String(50), primary_key=True),
    Column("value", String(200), nullable=False),
)
campaigns = Table(
    "campaigns", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("game", String(20), nullable=False),
    Column("seed", String(100), nullable=False),
    Column("data_dir", Text),  # None: the embedded data set
    Column("created_at", DateTime(timezone=True), nullable=False),
)
players = Table(
    "players", metadata,
    Column("campaign_id", ForeignKey("campaigns.id"), primary_key=True),
    Column("letter", String(2), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("email", String(320), nullable=False),
    Column("password_hash", String(200), nullable=False),
)
states = Table(
    "states", metadata,
    Column("campaign_id", ForeignKey("campaigns.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", String(100), nullable=False),  # what made this state: "deal", "trade" ...
    Column("detail", Text, nullable=False),  # JSON: the command's arguments
    Column("turn", Integer, nullable=False),
    Column("phase", Integer, nullable=False),
    Column("stage", String(20), nullable=False),
    Column("state", Text, nullable=False),  # GameState JSON
    Column("created_at", DateTime(timezone=True), nullable=False),
)
orders = Table(
    "orders", metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign_id", ForeignKey("campaigns.id"), nullable=False),
    Column("state_seq", Integer, nullable=False),  # the state the orders were written against
    Column("player", String(2), nullable=False),  # authenticated when received
    Column("raw", Text, nullable=False),  # the text the player wrote, PASSWORD redacted
    Column("parsed", Text),
    Column("received_at", DateTime(timezone=True), nullable=False),
    Column("inbox_id", Integer),  # the message it came in, when by mail
)
results = Table(
    "results", metadata,
    Column("campaign_id", ForeignKey("campaigns.id"), primary_key=True),
    Column("state_seq", Integer, primary_key=True),
    Column("result", Text, nullable=False),
)
inbox = Table(
    "inbox", metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign_id", ForeignKey("campaigns.id"), nullable=False),
    # sha256 of the message without the headers delivery adds: the same message delivered
    # twice has one key; another message reusing a Message-ID has its own.
    Column("content_hash", String(64), nullable=False),
    Column("message_id", Text),
    Column("sender", Text),
    Column("subject", Text),
    Column("raw", Text, nullable=False),  # PASSWORD redacted; at most max_message_bytes
    Column("received_at", DateTime(timezone=True), nullable=False),
    Column("done", Integer, nullable=False, default=0),  # version 1 only: see inbox_handled
    Column("raw_encoding", String(16), nullable=False, server_default="utf-8"),
    Column("size", Integer),  # bytes as delivered
    Column("sender_address", Text),  # From:'s address, lower case
    Column("verified_player", String(2)),  # whose PASSWORD it carried, checked when stored
    UniqueConstraint("campaign_id", "content_hash"),
)
Index("ix_inbox_message_id", inbox.c.campaign_id, inbox.c.message_id)
# What became of a message. A row of its own, so that the message (up to a megabyte) is
# written once and never rewritten: the database grows by the message and no more.
inbox_handled = Table(
    "inbox_handled", metadata,
    Column("inbox_id", ForeignKey("inbox.id"), primary_key=True),
    Column("campaign_id", ForeignKey("campaigns.id"), nullable=False),
    Column("disposition", String(20), nullable=False),  # answered, refused, automated, ...
    Column("note", Text),  # why, for the GM
    Column("sender_address", Text),  # the message's, for the per-address cap
    Column("handled_at", DateTime(timezone=True), nullable=False),
)
Index("ix_inbox_handled_at", inbox_handled.c.campaign_id, inbox_handled.c.handled_at)
outbox = Table(
    "outbox", metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign_id", ForeignKey("campaigns.id"), nullable=False),
    Column("message_id", String(300), nullable=False, unique=True),  # fixed at creation
    Column("recipient", Text, nullable=False),
    Column("raw", Text, nullable=False),  # the whole MIME message
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("sent_at", DateTime(timezone=True)),
    Column("kind", String(20), nullable=False, server_default="mail"),
    Column("status", String(10), nullable=False, server_default="queued"),  # sent, retry, failed
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("next_attempt_at", DateTime(timezone=True)),
    Column("last_error", Text),
)
Index("ix_outbox_status", outbox.c.campaign_id, outbox.c.status)
notices = Table(
    "notices", metadata,
    Column("id", Integer, primary_key=True),
    Column("campaign_id", ForeignKey("campaigns.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("kind", String(20), nullable=False),  # refused, automated, capped, failed, stranger
    Column("text", Text, nullable=False),
    Column("digest_id", String(300)),  # the Message-ID of the digest that told the GM
)
dice_log = Table(
    "dice_log", metadata,
    Column("campaign_id", ForeignKey("campaigns.id"), primary_key=True),
    Column("state_seq", Integer, primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("purpose", Text, nullable=False),
    Column("kind", String(10), nullable=False),
    Column("value", String(50), nullable=False),
    UniqueConstraint("campaign_id", "state_seq", "n"),
)
