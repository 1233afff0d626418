"""The [mail] table of a campaign's campaign.toml: the servers, and how the GM wants mail
handled (size limits, the loop breaker, orders from an address not on file, the guessing
limit on passwords, the receiving server trusted to prove a sender's address, whether a
message once kept stays in the processed folder, the time zone of the Date header).
Passwords never sit there: it names the environment variables that hold them. Its addresses
are plain addr-specs (gm.app.people)."""

from __future__ import annotations

import dataclasses
import os
import re
import ssl
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from gm.app.hostfile import HOST_FILE, host_folder, read_toml
from gm.app.people import JUDGE_ADDRESSES, check_address, check_not_judge
from gm.app.schedule import Schedule
from gm.core.errors import GameError

STRANGER_POLICIES = ("count", "refuse")
PROCESSED = ("keep", "delete")


@dataclass(frozen=True)
class MailConfig:
    gm_address: str  # the campaign's mailbox: orders come in, answers and reports go out
    imap_host: str = "127.0.0.1"
    imap_port: int = 143
    imap_user: str = ""
    imap_password_env: str = ""
    imap_ssl: bool = False
    inbox_folder: str = "INBOX"
    processed_folder: str = "Processed"
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 25
    smtp_user: str = ""
    smtp_password_env: str = ""
    smtp_tls: str = "none"  # none, starttls, ssl
    tls_ca_file: str = ""  # a CA to trust besides the system's (a GM's own server)
    batch: int = 100
    # How mail is handled:
    max_message_bytes: int = 1_000_000  # larger: refused, only its first bytes kept
    max_line_chars: int = 1_000  # a longer order line is refused before it is parsed
    answers_per_hour: int = 10  # to one address; 0: no cap (the loop breaker)
    stranger_orders: str = "count"  # right password, address not on file: count or refuse
    processed: str = "keep"  # a message once kept: "keep" it in processed_folder, or "delete"
    # A player's wrong passwords in 24 hours, from any address, past which a message for him
    # from an address other than his own is refused without its password checked (R79).
    wrong_passwords_per_day: int = 10
    # The receiving server whose Authentication-Results (RFC 8601) prove a From address's
    # domain (R86): a message from a player's address counts as his only if it proves it.
    # "": none is trusted, and a forged From is taken as the player's (R79).
    authserv_id: str = ""
    timezone: str = ""  # of the Date header; default: [schedule]'s, else UTC
    send_attempts: int = 8  # a message that meets a temporary failure this often has failed
    gm_copy_to: str = ""  # where the GM's copies and digests go (default: gm_address)

    @property
    def gm_inbox(self) -> str:
        """Where the GM himself reads: his report copies and his digests."""
        return self.gm_copy_to or self.gm_address

    def ssl_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context()
        if self.tls_ca_file:
            context.load_verify_locations(cafile=self.tls_ca_file)
        return context

    def secret(self, variable: str) -> str:
        if not variable:
            return ""
        value = os.environ.get(variable)
        if value is None:
            raise GameError(f"the environment variable {variable} (named in campaign.toml) "
                            "is not set")
        return value

    def zone(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.timezone or "UTC")
        except (ZoneInfoNotFoundError, ValueError):
            raise GameError(f"unknown time zone {self.timezone!r} in campaign.toml") from None


def _table(folder: Path) -> dict[str, object]:
    return read_toml(folder / "campaign.toml")


def _mail_table(folder: Path) -> tuple[dict[str, object] | None, str]:
    """The [mail] table that applies to a campaign (its host's, when hosted), and where it is."""
    own = _table(folder).get("mail")
    host = host_folder(folder)
    if host is None:
        return (own if isinstance(own, dict) else None), f"{folder}/campaign.toml"
    if own is not None:
        raise GameError(f"{folder} is hosted by {host} (host.toml), whose [mail] it shares: "
                        "take the [mail] table out of its campaign.toml")
    shared = read_toml(host / HOST_FILE).get("mail")
    return (shared if isinstance(shared, dict) else None), f"{host / HOST_FILE}"


def mail_config_from(table: dict[str, object], schedule: object, where: str) -> MailConfig:
    if not table.get("timezone") and isinstance(schedule, dict) and schedule.get("timezone"):
        table = {**table, "timezone": schedule["timezone"]}
    known = {f.name for f in dataclasses.fields(MailConfig)}
    unknown = sorted(set(table) - known)
    if unknown:
        raise GameError(f"{where} [mail]: unknown setting {unknown[0]!r}")
    try:
        mail = MailConfig(**table)  # type: ignore[arg-type]
    except TypeError as exc:
        raise GameError(f"{where} [mail]: {exc}") from None
    if mail.stranger_orders not in STRANGER_POLICIES:
        raise GameError(f"{where} [mail]: stranger_orders is {' or '.join(STRANGER_POLICIES)}")
    if mail.processed not in PROCESSED:
        raise GameError(f"{where} [mail]: processed is {' or '.join(map(repr, PROCESSED))}, "
                        f"not {mail.processed!r}")
    for name in ("gm_address", "gm_copy_to"):
        value = getattr(mail, name)
        if not isinstance(value, str):
            raise GameError(f"{where} [mail]: {name} is an address in quotes")
        if value or name == "gm_address":
            check_address(value, f"{where} [mail] {name}")
    if type(mail.wrong_passwords_per_day) is not int or mail.wrong_passwords_per_day < 1:
        raise GameError(f"{where} [mail]: wrong_passwords_per_day is a whole number, 1 or more "
                        "(a password must not be guessed: docs/rulings.md, R79)")
    if not isinstance(mail.authserv_id, str) or re.search(r"[\s;()\"\\]|[^ -~]",
                                                            mail.authserv_id):
        raise GameError(f"{where} [mail]: authserv_id is the receiving server's name in its "
                        "Authentication-Results headers, in quotes, as \"mx.example.org\" "
                        "(docs/rulings.md, R86)")
    mail.zone()
    return mail


def judge_addresses(folder: Path) -> tuple[dict[str, str], str]:
    """The judge's own addresses the [mail] table that applies to a campaign folder names
    (gm_address, gm_copy_to), and where that table is; none when it has no [mail] table yet
    (a campaign not yet made, or not played by mail)."""
    host = host_folder(folder)
    if (folder / "campaign.toml").is_file():
        table, where = _mail_table(folder)
    elif host is not None:  # a campaign being made in a host: the host's table
        found, where = read_toml(host / HOST_FILE).get("mail"), str(host / HOST_FILE)
        table = found if isinstance(found, dict) else None
    else:
        return {}, f"{folder}/campaign.toml"
    named = {name: value for name in JUDGE_ADDRESSES
             if isinstance(value := (table or {}).get(name), str) and value}
    return named, where


def check_players_are_not_the_judge(players: dict[str, str], config: MailConfig,
                                    where: str) -> None:
    """A GameError if a player's address (`players`: letter -> address) is the judge's own:
    his mail would be taken for the judge's (R84)."""
    judge = {"gm_address": config.gm_address, "gm_copy_to": config.gm_copy_to}
    for letter, address in sorted(players.items()):
        check_not_judge(letter, address, judge, where)


def load_mail_config(folder: Path) -> MailConfig:
    table, where = _mail_table(folder)
    if table is None:
        raise GameError(f"{where} has no [mail] table: see docs/gm-guide.md, By mail")
    return mail_config_from(table, _table(folder).get("schedule"), where)


def load_host_mail_config(host: Path) -> MailConfig:
    table = read_toml(host / HOST_FILE).get("mail")
    if not isinstance(table, dict):
        raise GameError(f"{host / HOST_FILE} has no [mail] table: see docs/gm-guide.md, One judge")
    return mail_config_from(table, None, str(host / HOST_FILE))


def mail_config_or_none(folder: Path) -> MailConfig | None:
    """The campaign's mail settings, or None when it is not played by mail."""
    return load_mail_config(folder) if _mail_table(folder)[0] is not None else None


PRESS_MODES = ("none", "signed", "anonymous")
WITH_REPORTS = "with the next reports"  # anonymous press released with the phase's reports
RANDOM_IN_PHASE = "random in the phase"  # ... or at a moment drawn in the phase's window
RELEASES = (WITH_REPORTS, RANDOM_IN_PHASE)


@dataclass(frozen=True)
class PressConfig:
    """campaign.toml [press]: whether players may write to each other through the judge
    (none), signed only, or also anonymously; whether the GM gets a copy of each (naming its
    writer); and when anonymous press goes out: with the next reports (the default), or at a
    moment drawn at random in the phase, which says more of its writer (R82)."""

    mode: str = "signed"
    gm_copies: bool = False
    anonymous_release: str = WITH_REPORTS

    @property
    def allowed(self) -> bool:
        return self.mode != "none"


def load_press_config(folder: Path) -> PressConfig:
    table = _table(folder).get("press", {})
    where = f"{folder}/campaign.toml [press]"
    if not isinstance(table, dict):
        raise GameError(f"{folder}/campaign.toml: press is a table, [press]")
    if "anonymous_delay_hours" in table:
        raise GameError(f"{where}: anonymous_delay_hours is no longer a setting (a delay "
                        "counted from the writer's message named him, R82): take it out; "
                        f"anonymous press goes {WITH_REPORTS} (anonymous_release)")
    try:
        press = PressConfig(**table)
    except TypeError as exc:
        raise GameError(f"{where}: {exc}") from None
    if press.mode not in PRESS_MODES:
        raise GameError(f"{where}: mode is {', '.join(PRESS_MODES)}")
    if not isinstance(press.gm_copies, bool):
        raise GameError(f"{where}: gm_copies is true or false")
    if press.anonymous_release not in RELEASES:
        raise GameError(f"{where}: anonymous_release is " + " or ".join(
            f'"{release}"' for release in RELEASES))
    return press


def mailbox_config(folder: Path) -> MailConfig:
    """The settings to read a campaign's own mailbox with; a hosted campaign has none of its
    own (its host reads the shared one, routing each message: `gm run --all HOST`)."""
    host = host_folder(folder)
    if host is not None:
        raise GameError(f"{folder} is hosted by {host}: its mail is read with the other "
                        f"hosted games', by gm run {host} --all")
    return load_mail_config(folder)


PUBLICITY = ("none", "maps", "reports")


@dataclass(frozen=True)
class PublishConfig:
    """campaign.toml [publish]: how much of the game `gm publish` shows while it is played
    (gm.app.publish); once it is over, all of it."""

    during_play: str = "none"


# Every table of campaign.toml a GM may write, and its settings with their defaults: what
# `gm new` writes, commented out, into a new campaign.toml (gm.app.config_template).
SECTIONS: dict[str, type] = {"mail": MailConfig, "schedule": Schedule, "press": PressConfig,
                             "publish": PublishConfig}
