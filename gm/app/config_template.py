"""The settings a GM may change, written by `gm new` into campaign.toml after the campaign's own
keys: every table of gm.app.settings.SECTIONS with every setting at its default, commented
out (so that the campaign behaves as without them), each with a line saying what it does. A
GM takes the `# ` off a table's header and the settings he changes."""

from __future__ import annotations

import dataclasses
import json
import textwrap

from gm.core.errors import GameError

EXAMPLE_ADDRESS = "gm@example.org"  # [mail] gm_address has no default: the GM's own
COLUMNS = 92  # the file's width, its comments wrapped to it

# What each table is for, and when it applies.
TABLES = {
    "mail": "Play by mail (docs/gm-guide.md, By mail): without [mail] the campaign is played by "
            "commands alone. Passwords stay in the environment variables named here.",
    "schedule": "Deadlines: with [schedule] each phase's orders are due a number of days after "
                "it opens, and gm run adjudicates then; without it the GM adjudicates.",
    "press": "Press between players, forwarded by the judge (rulings R81, R82).",
    "publish": "gm publish: what the static site shows while the game is played (all of it "
               "once the game is over).",
}

# One line for each setting.
SETTINGS = {
    "mail": {
        "gm_address": "the campaign's mailbox: orders in, answers and reports out (required)",
        "imap_host": "the IMAP server that holds the mailbox",
        "imap_port": "143, or 993 with imap_ssl",
        "imap_user": "the IMAP login",
        "imap_password_env": "the environment variable that holds the IMAP password",
        "imap_ssl": "IMAP over TLS from the first byte",
        "inbox_folder": "where orders arrive",
        "processed_folder": "where each message goes once kept (processed = \"keep\")",
        "smtp_host": "the SMTP server that sends answers and reports",
        "smtp_port": "25, 587 (starttls) or 465 (ssl)",
        "smtp_user": "the SMTP login (\"\": none)",
        "smtp_password_env": "the environment variable that holds the SMTP password",
        "smtp_tls": "\"none\", \"starttls\" or \"ssl\"",
        "tls_ca_file": "a CA to trust besides the system's (a GM's own server)",
        "batch": "messages read from the mailbox at a time",
        "max_message_bytes": "a larger message is refused; only its first bytes are kept",
        "max_line_chars": "a longer order line is refused before it is parsed",
        "answers_per_hour": "answers to one address (0: no cap); breaks any mail loop (R41)",
        "stranger_orders": "the right password from an address not on file: \"count\" or "
                           "\"refuse\"",
        "processed": "each message once kept: \"keep\" it in processed_folder, or \"delete\" "
                     "it (R85)",
        "wrong_passwords_per_day": "a player's wrong passwords in 24 hours past which only his "
                                   "own address is heard (1 or more; R79)",
        "authserv_id": "the receiving server whose Authentication-Results prove a From "
                       "(\"\": none; R86)",
        "timezone": "of the Date header (\"\": [schedule]'s, else UTC)",
        "send_attempts": "a message that fails temporarily this often has failed",
        "gm_copy_to": "where the GM's copies and digests go (\"\": gm_address)",
    },
    "schedule": {
        "days_per_phase": "days from a phase's opening to its deadline",
        "hour": "the deadline's hour, 0 to 23",
        "timezone": "the deadline's time zone (e.g. \"Europe/Moscow\")",
        "auto_adjudicate": "gm run adjudicates at the deadline",
        "reminder_hours": "players without orders are reminded this long before it",
    },
    "press": {
        "mode": "\"none\", \"signed\", or \"anonymous\" (signed or anonymous)",
        "gm_copies": "the GM gets a copy of each press, its writer named (R82)",
        "anonymous_release": "\"with the next reports\", or \"random in the phase\" (timelier, "
                             "but it says more of its writer; R82)",
    },
    "publish": {
        "during_play": "\"none\" (the index alone), \"maps\" or \"reports\"",
    },
}


def toml_value(value: object) -> str:
    """A default as TOML writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value)  # a TOML basic string, for the plain text defaults are
    raise GameError(f"no TOML form for the default {value!r}")


def defaults(model: type) -> dict[str, object]:
    """Each setting of a settings class with its default (gm_address: an example)."""
    found: dict[str, object] = {}
    for setting in dataclasses.fields(model):
        if setting.default is not dataclasses.MISSING:
            found[setting.name] = setting.default
        elif setting.name == "gm_address":
            found[setting.name] = EXAMPLE_ADDRESS
        else:
            raise GameError(f"{model.__name__}.{setting.name} has no default to write")
    return found


def settings_text(hosted: str | None = None) -> str:
    """The commented tables for a new campaign.toml; `hosted`: the host.toml whose [mail]
    the campaign shares (its own campaign.toml may not have one)."""
    from gm.app.settings import SECTIONS  # lazy: the mail settings, at gm new only

    lines = ["", "# The settings a GM may change, each at its default: take the \"# \" off a "
             "table's", "# [header] and off each setting you change (docs/gm-guide.md, By mail)."]
    for table, model in SECTIONS.items():
        lines += ["", *(f"# {line}" for line in textwrap.wrap(TABLES[table], COLUMNS - 2))]
        if table == "mail" and hosted is not None:
            lines.append(f"# (this campaign shares the [mail] table of {hosted})")
            continue
        lines.append(f"# [{table}]")
        values = defaults(model)
        written = {name: f"# {name} = {toml_value(value)}" for name, value in values.items()}
        width = max(len(text) for text in written.values()) + 2
        for name, text in written.items():
            said = textwrap.wrap(SETTINGS[table][name], max(COLUMNS - width - 2, 30))
            lines.append(f"{text:{width}}# {said[0]}")
            lines += [f"{'#':{width}}# {more}" for more in said[1:]]
    return "\n".join(lines) + "\n"
