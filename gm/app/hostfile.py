"""Where a campaign sits: alone, or in a host (a folder of campaigns sharing one mailbox,
marked by host.toml), and the database a host keeps. Read without the mail settings' imports,
so that opening a campaign costs no TLS or time-zone library."""

from __future__ import annotations

import tomllib
from pathlib import Path

from gm.core.errors import GameError

HOST_FILE = "host.toml"  # marks a folder of campaigns that share one mailbox (gm host)


def read_toml(path: Path) -> dict[str, object]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise GameError(f"{path}: {exc}") from None


def host_folder(folder: Path) -> Path | None:
    """The host a campaign folder sits in, if it does."""
    parent = folder.resolve().parent
    return parent if (parent / HOST_FILE).is_file() else None


def host_database(host: Path) -> str:
    """The host's own database (host.toml `database`): a URL, or a file in the host folder."""
    named = str(read_toml(host / HOST_FILE).get("database") or "strays.sqlite")
    return named if "://" in named else f"sqlite:///{(host / named).resolve()}"


def hosted_database(folder: Path) -> str | None:
    """The PostgreSQL database a campaign made in this folder goes in: its host's, when the
    host keeps one (gm host --database); None otherwise (the campaign's own SQLite file)."""
    host = host_folder(folder)
    if host is None:
        return None
    named = str(read_toml(host / HOST_FILE).get("database") or "")
    return named if named.startswith(("postgresql", "postgres:")) else None
