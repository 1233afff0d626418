"""One judge for many campaigns (issue 15): a host folder, marked by host.toml and its shared
[mail] table, whose sub-folders are campaigns. Every message in the one mailbox goes to the
campaign its GAME line names (or, without one, its subject); a message naming none is a stray
(gm/app/strays.py). Each campaign then goes through its round as if it had a mailbox of its
own: answers, reminders, adjudication at its deadline, digest, sending."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from gm.app.campaign import CONFIG_FILE, Campaign, campaign_claim, campaign_config, open_campaign
from gm.app.hostfile import HOST_FILE, host_database
from gm.app.intake import Fetched, read_head
from gm.app.settings import MailConfig, load_host_mail_config
from gm.app.status import Standing, gm_standing
from gm.core.errors import GameError
from gm.core.private import private_folder, tighten, write_private
from gm.messages.reading import read_headers, read_message
from gm.store.host import HostStore
from orders_grammar.message import Envelope, envelope_or_error

T = TypeVar("T")
HOST_TEMPLATE = """# A host: the campaigns in its sub-folders share one mailbox (gm run --all).
# database = "postgresql://judge@db.example.org/judge"  # for workers on several machines
[mail]
gm_address = "judge@example.org"   # the judge's mailbox: every hosted game's orders come here
imap_host = "imap.example.org"
imap_user = "judge@example.org"
imap_password_env = "GM_IMAP_PASSWORD"
smtp_host = "smtp.example.org"
# the other settings of a campaign's [mail] table (docs/gm-guide.md, By mail) apply as well
"""


@dataclass(frozen=True)
class Host:
    folder: Path
    config: MailConfig
    database: str  # the host's own: mail for no hosted game, and its workers' claims


def _database_exists(database: str) -> bool:
    return not database.startswith("sqlite:///") or \
        Path(database.removeprefix("sqlite:///")).exists()


def make_host(folder: Path, database: str | None = None) -> Path:
    """A new host folder with a [mail] table to fill in; its host.toml. `database`: a
    PostgreSQL database for the host and every campaign made in it (workers on several
    machines share it)."""
    if database is not None and not database.startswith(("postgresql", "postgres:")):
        raise GameError(f"--database {database!r}: give a postgresql:// URL")
    if (folder / CONFIG_FILE).exists():
        raise GameError(f"{folder} is a campaign; a host is the folder that holds campaigns")
    config = folder / HOST_FILE
    if config.exists():
        raise GameError(f"{folder} is a host already ({config})")
    private_folder(folder)  # 0700: its strays, and its campaigns, are nobody else's
    named = f'database = "{database}"\n' if database else ""
    write_private(config, HOST_TEMPLATE.replace("[mail]", named + "[mail]", 1).encode("utf-8"))
    return config


def open_host(folder: Path) -> Host:
    if not (folder / HOST_FILE).is_file():
        raise GameError(f"no host at {folder} (no {HOST_FILE}); make one with `gm host`")
    tighten(folder)  # made private if an older version left it open to others
    return Host(folder, load_host_mail_config(folder), host_database(folder))


@dataclass(frozen=True)
class Hosted:
    """A hosted campaign as its campaign.toml names it, not yet opened."""

    folder: Path
    name: str
    database: str  # its URL

    def claim(self, wait: float = 0) -> AbstractContextManager[bool]:
        """This campaign's round (or answering), for one worker at a time, and not while a GM
        command changes it."""
        return campaign_claim(self.database, self.name, wait)


def hosted(host: Path) -> tuple[list[Hosted], list[str]]:
    """Every campaign of the host, and a line for each that cannot be read (one broken campaign
    must not stop the others); two campaigns of one name cannot both be routed to."""
    found: list[Hosted] = []
    problems: list[str] = []
    for folder in sorted(p for p in host.iterdir() if (p / CONFIG_FILE).is_file()):
        try:
            name, url, _ = campaign_config(folder)
            found.append(Hosted(folder, name, url))
        except GameError as exc:
            problems.append(f"{folder.name}: {exc}")
    names: dict[str, list[Hosted]] = defaultdict(list)
    for entry in found:
        names[entry.name.casefold()].append(entry)
    for same in (group for group in names.values() if len(group) > 1):
        problems.append(f"{', '.join(c.folder.name for c in same)}: one game name, "
                        f"{same[0].name}, for {len(same)} campaigns; mail for it is not read")
        found = [c for c in found if c not in same]
    return found, problems


def open_hosted(host: Path) -> tuple[list[Campaign], list[str]]:
    """Every campaign of the host that opens, and a line for each that does not."""
    entries, problems = hosted(host)
    campaigns: list[Campaign] = []
    for entry in entries:
        try:
            campaigns.append(open_campaign(entry.folder))
        except GameError as exc:
            problems.append(f"{entry.folder.name}: {exc}")
    return campaigns, problems


def _word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)


def route(fetched: Fetched, names: Mapping[str, T], limit: int) -> T | None:
    """The campaign a message is for: the one its GAME line names (a GAME line naming none
    makes it a stray, whatever its subject says), else one its subject names."""
    raw = fetched.raw[:limit]
    try:
        reading = read_headers(raw) if fetched.size > limit else read_message(raw)
    except Exception:  # unreadable: its headers alone (none: routed nowhere, a stray)
        reading = read_head(raw)
    envelope = envelope_or_error(reading.text)
    if isinstance(envelope, Envelope) and envelope.game:
        return names.get(envelope.game.casefold())
    subject = reading.subject or ""
    for name in sorted(names, key=len, reverse=True):
        if _word(name).search(subject):
            return names[name]
    return None


def statuses(folder: Path) -> tuple[list[Standing], list[str], dict[str, int]]:
    """A campaign's standing for the GM; or, for a host, each hosted campaign's, the campaigns
    that would not open and the strays kept."""
    if (folder / CONFIG_FILE).is_file():
        return [gm_standing(open_campaign(folder))], [], {}
    if not (folder / HOST_FILE).is_file():
        raise GameError(f"{folder} is neither a campaign (campaign.toml) nor a host "
                        f"({HOST_FILE})")
    tighten(folder)  # made private if an older version left it open to others
    campaigns, problems = open_hosted(folder)
    database = host_database(folder)
    strays = HostStore(database).count() if _database_exists(database) else {}
    return [gm_standing(c) for c in campaigns], problems, strays
