"""The tables of the store, as data: each column with its type, the constraints, the indexes.
`create_statements` makes a new database whole; `SCHEMA_VERSION` is what `gm.store.migrate`
brings an older database up to, adding what `COLUMNS` lists and it lacks.

The SQL is what databases of earlier versions were made with (an SQL toolkit's), so that every
database made since opens unchanged. `{ID}` is an integer key the database numbers, `{TIME}` a
moment (kept in UTC)."""

from __future__ import annotations

SCHEMA_VERSION = 6  # 2: mail as it arrives (issue 10): redacted raw, dispositions, outbox state
#                    3: alerts (issue 24): wrong passwords and another address's messages
#                    4: password changes asked by mail, waiting for their code (R87)
#                    5: which password a message was checked against (R87), and whence a
#                       change was asked; each campaign's mail tag, random, in every
#                       Message-ID it makes
#                    6: the mail a message's requests sent besides its answer (issue 36)

TYPES = {
    "sqlite": {"ID": "INTEGER NOT NULL", "TIME": "DATETIME"},
    "postgresql": {"ID": "SERIAL NOT NULL", "TIME": "TIMESTAMP WITH TIME ZONE"},
}
CAMPAIGN = "FOREIGN KEY(campaign_id) REFERENCES campaigns (id)"

# table -> (columns, constraints); a column: (name, definition)
COLUMNS: dict[str, tuple[list[tuple[str, str]], list[str]]] = {
    "campaigns": ([
        ("id", "{ID}"), ("name", "VARCHAR(200) NOT NULL"), ("game", "VARCHAR(20) NOT NULL"),
        ("seed", "VARCHAR(100) NOT NULL"), ("data_dir", "TEXT"),  # None: the embedded set
        ("created_at", "{TIME} NOT NULL"),
        # 16 random hex digits drawn as the campaign is made (gm.store.rows.new_mail_tag), in
        # every Message-ID it makes: none is another campaign's, in this database or another
        ("mail_tag", "VARCHAR(32)"),  # NULL only until gm.store.migrate draws one (version 5)
    ], ["PRIMARY KEY (id)", "UNIQUE (name)"]),
    "schema_info": ([
        ('"key"', "VARCHAR(50) NOT NULL"), ("value", "VARCHAR(200) NOT NULL"),
    ], ['PRIMARY KEY ("key")']),
    "dice_log": ([
        ("campaign_id", "INTEGER NOT NULL"), ("state_seq", "INTEGER NOT NULL"),
        ("n", "INTEGER NOT NULL"), ("purpose", "TEXT NOT NULL"),
        ("kind", "VARCHAR(10) NOT NULL"), ("value", "VARCHAR(50) NOT NULL"),
    ], ["PRIMARY KEY (campaign_id, state_seq, n)", "UNIQUE (campaign_id, state_seq, n)",
        CAMPAIGN]),
    "inbox": ([
        ("id", "{ID}"), ("campaign_id", "INTEGER NOT NULL"),
        # sha256 of the message without the headers delivery adds: the same message delivered
        # twice has one key; another message reusing a Message-ID has its own.
        ("content_hash", "VARCHAR(64) NOT NULL"), ("message_id", "TEXT"), ("sender", "TEXT"),
        ("subject", "TEXT"),
        ("raw", "TEXT NOT NULL"),  # PASSWORD redacted; at most max_message_bytes
        ("received_at", "{TIME} NOT NULL"),
        ("done", "INTEGER NOT NULL"),  # version 1 only: see inbox_handled
        ("raw_encoding", "VARCHAR(16) DEFAULT 'utf-8' NOT NULL"),
        ("size", "INTEGER"),  # bytes as delivered
        ("sender_address", "TEXT"),  # From:'s address, lower case
        ("verified_player", "VARCHAR(2)"),  # whose PASSWORD it carried, checked when stored
        # ... and which of his: "p:" and his password's fingerprint then, or "n:" and that of
        # a new one waiting for the code another message of its batch sent back (R87); it
        # counts only if that is his password when the message is handled
        ("verified_by", "VARCHAR(40)"),
    ], ["PRIMARY KEY (id)", "UNIQUE (campaign_id, content_hash)", CAMPAIGN]),
    "notices": ([
        ("id", "{ID}"), ("campaign_id", "INTEGER NOT NULL"), ("created_at", "{TIME} NOT NULL"),
        ("kind", "VARCHAR(20) NOT NULL"),  # refused, automated, capped, failed, stranger
        ("text", "TEXT NOT NULL"),
        ("digest_id", "VARCHAR(300)"),  # the Message-ID of the digest that told the GM
    ], ["PRIMARY KEY (id)", CAMPAIGN]),
    "orders": ([
        ("id", "{ID}"), ("campaign_id", "INTEGER NOT NULL"),
        ("state_seq", "INTEGER NOT NULL"),  # the state the orders were written against
        ("player", "VARCHAR(2) NOT NULL"),  # authenticated when received
        ("raw", "TEXT NOT NULL"),  # the text the player wrote, PASSWORD redacted
        ("parsed", "TEXT"), ("received_at", "{TIME} NOT NULL"),
        ("inbox_id", "INTEGER"),  # the message it came in, when by mail
    ], ["PRIMARY KEY (id)", CAMPAIGN]),
    "outbox": ([
        ("id", "{ID}"), ("campaign_id", "INTEGER NOT NULL"),
        ("message_id", "VARCHAR(300) NOT NULL"),  # fixed at creation
        ("recipient", "TEXT NOT NULL"), ("raw", "TEXT NOT NULL"),  # the whole MIME message
        ("created_at", "{TIME} NOT NULL"), ("sent_at", "{TIME}"),
        ("kind", "VARCHAR(20) DEFAULT 'mail' NOT NULL"),
        ("status", "VARCHAR(10) DEFAULT 'queued' NOT NULL"),  # sent, retry, failed, held
        ("attempts", "INTEGER DEFAULT '0' NOT NULL"), ("next_attempt_at", "{TIME}"),
        ("last_error", "TEXT"),
    ], ["PRIMARY KEY (id)", CAMPAIGN, "UNIQUE (message_id)"]),
    "players": ([
        ("campaign_id", "INTEGER NOT NULL"), ("letter", "VARCHAR(2) NOT NULL"),
        ("name", "VARCHAR(200) NOT NULL"), ("email", "VARCHAR(320) NOT NULL"),
        ("password_hash", "VARCHAR(200) NOT NULL"),
    ], ["PRIMARY KEY (campaign_id, letter)", CAMPAIGN]),
    "results": ([
        ("campaign_id", "INTEGER NOT NULL"), ("state_seq", "INTEGER NOT NULL"),
        ("result", "TEXT NOT NULL"),
    ], ["PRIMARY KEY (campaign_id, state_seq)", CAMPAIGN]),
    "states": ([
        ("campaign_id", "INTEGER NOT NULL"), ("seq", "INTEGER NOT NULL"),
        ("action", "VARCHAR(100) NOT NULL"),  # what made this state: "deal", "trade" ...
        ("detail", "TEXT NOT NULL"),  # JSON: the command's arguments
        ("turn", "INTEGER NOT NULL"), ("phase", "INTEGER NOT NULL"),
        ("stage", "VARCHAR(20) NOT NULL"), ("state", "TEXT NOT NULL"),  # the state's JSON
        ("created_at", "{TIME} NOT NULL"),
    ], ["PRIMARY KEY (campaign_id, seq)", CAMPAIGN]),
    # What became of a message. A row of its own, so that the message (up to a megabyte) is
    # written once and never rewritten: the database grows by the message and no more.
    "inbox_handled": ([
        ("inbox_id", "INTEGER NOT NULL"), ("campaign_id", "INTEGER NOT NULL"),
        ("disposition", "VARCHAR(20) NOT NULL"),  # answered, refused, automated, ...
        ("note", "TEXT"),  # why, for the GM
        ("sender_address", "TEXT"),  # the message's, for the per-address cap
        ("handled_at", "{TIME} NOT NULL"),
        # the reports and press its requests sent besides its answer: counted with the
        # answers against that cap (issue 36)
        ("extra_mail", "INTEGER DEFAULT '0' NOT NULL"),
    ], ["PRIMARY KEY (inbox_id)", "FOREIGN KEY(inbox_id) REFERENCES inbox (id)", CAMPAIGN]),
    # What a player's own address is told about his password (gm.app.alerts), written with
    # the message that caused it: a wrong password given for him (the guessing limit counts
    # these), a message refused unchecked past that limit, a message with his password from
    # another address. Told at most hourly, in one message.
    "alerts": ([
        ("id", "{ID}"), ("campaign_id", "INTEGER NOT NULL"),
        ("player", "VARCHAR(2) NOT NULL"),
        ("kind", "VARCHAR(20) NOT NULL"),  # wrong, unchecked, stranger
        ("sender_address", "TEXT"), ("inbox_id", "INTEGER"),
        ("text", "TEXT NOT NULL"),  # what the player is told of it ("" for the counted kinds)
        ("created_at", "{TIME} NOT NULL"),
        ("told_at", "{TIME}"),  # when the message that told him was queued
        ("told_in", "VARCHAR(300)"),  # its Message-ID
    ], ["PRIMARY KEY (id)", CAMPAIGN]),
    # A new password asked by mail (gm.app.requests): taken only when a message carries the
    # code mailed for it to the player's address on file (R87). Neither the password nor the
    # code is kept in clear.
    "password_changes": ([
        ("id", "{ID}"), ("campaign_id", "INTEGER NOT NULL"),
        ("player", "VARCHAR(2) NOT NULL"),
        ("password_hash", "VARCHAR(200) NOT NULL"),  # the new password, as players' are kept
        ("code_hash", "VARCHAR(64) NOT NULL"),  # SHA-256 of the code mailed
        ("inbox_id", "INTEGER"),  # the message that asked
        ("created_at", "{TIME} NOT NULL"), ("expires_at", "{TIME} NOT NULL"),
        ("state", "VARCHAR(10) NOT NULL"),  # pending, done (confirmed), void
        ("done_at", "{TIME}"),
        ("sender_address", "TEXT"),  # the asking message's From address, lower case
        ("own", "INTEGER"),  # 1: asked from the player's own address (R79, R86)
    ], ["PRIMARY KEY (id)", CAMPAIGN]),
}
INDEXES = {
    "ix_inbox_message_id": "inbox (campaign_id, message_id)",
    "ix_outbox_status": "outbox (campaign_id, status)",
    "ix_inbox_handled_at": "inbox_handled (campaign_id, handled_at)",
    "ix_alerts_player": "alerts (campaign_id, player, created_at)",
    "ix_password_changes_player": "password_changes (campaign_id, player, state)",
}


def column_definition(definition: str, dialect: str) -> str:
    return definition.format(**TYPES[dialect])


def create_table(table: str, dialect: str) -> str:
    columns, constraints = COLUMNS[table]
    parts = [f"{name} {column_definition(kind, dialect)}" for name, kind in columns]
    return f"CREATE TABLE IF NOT EXISTS {table} ({', '.join([*parts, *constraints])})"


def create_statements(dialect: str) -> list[str]:
    """Every table (those already there are left as they are) and every index."""
    return [*(create_table(table, dialect) for table in COLUMNS),
            *(f"CREATE INDEX IF NOT EXISTS {name} ON {on}" for name, on in INDEXES.items())]
