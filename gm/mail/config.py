"""The [mail] table of a campaign's campaign.toml. Passwords never sit there: it names the
environment variables that hold them."""

from __future__ import annotations

import os
import ssl
import tomllib
from dataclasses import dataclass
from pathlib import Path

from gm.errors import GameError


@dataclass(frozen=True)
class MailConfig:
    gm_address: str
    imap_host: str
    imap_port: int
    imap_user: str
    imap_password_env: str
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


def load_mail_config(folder: Path) -> MailConfig:
    try:
        config = tomllib.loads((folder / "campaign.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise GameError(f"{folder}/campaign.toml: {exc}") from None
    table = config.get("mail")
    if not isinstance(table, dict):
        raise GameError(f"{folder}/campaign.toml has no [mail] table: see README, Mail")
    try:
        return MailConfig(**table)
    except TypeError as exc:
        raise GameError(f"{folder}/campaign.toml [mail]: {exc}") from None
