"""Playing a campaign by mail against the real servers of tests/mailservers.py: a campaign
with a [mail] table, players who send by SMTP, mailboxes read over IMAP."""

from __future__ import annotations

import email
import email.policy
import os
import random
import smtplib
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest
from imapclient import IMAPClient

from gm.app.campaign import open_campaign
from gm.games.rcw.simulation.generate import random_first_phase_orders, random_second_phase_orders
from tests.conftest import gm
from tests.mailservers import PASSWORD, MailServers
from tests.rcw import rcw_data, rcw_state

GM = "gm@example.org"
GM_DESK = "gm-desk@example.org"  # where the GM reads his copies and digests (gm_copy_to)
PLAYERS = {"A": "anna@example.org", "B": "boris@example.org", "C": "clara@example.org"}
PASSWORDS = {"A": "pwa", "B": "pwb", "C": "pwc"}
ENV = "GM_TEST_IMAP_PASSWORD"


def gm_process(*args: str, crash_at: str | None = None) -> subprocess.CompletedProcess[str]:
    """The gm command in a process of its own, which a crash point may kill."""
    env = {**os.environ, ENV: PASSWORD}
    if crash_at:
        env["GM_CRASH_AT"] = crash_at
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          env=env, check=False, timeout=120)


def mail_table(servers: MailServers, processed: str, copies: bool = True) -> str:
    """A [mail] table for the servers: the GM's mailbox, its processed folder, and (unless
    `copies` is False) the GM's copies to GM_DESK."""
    return (f'[mail]\ngm_address = "{GM}"\nimap_host = "127.0.0.1"\n'
            f"imap_port = {servers.imap_port}\nimap_user = \"{GM}\"\n"
            f'imap_password_env = "{ENV}"\nprocessed_folder = "Processed-{processed}"\n'
            f'smtp_host = "127.0.0.1"\nsmtp_port = {servers.smtp_port}\n'
            + (f'gm_copy_to = "{GM_DESK}"\n' if copies else ""))


def campaign(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
             passwords: dict[str, str] | None = None, started: bool = True,
             extra: str = "", database: str | None = None) -> Path:
    """Campaign `bymail` (seed "mail"), played by mail; its opening reports already sent
    (`database`: a PostgreSQL URL to keep it in, else the folder's SQLite file)."""
    monkeypatch.setenv(ENV, PASSWORD)
    passwords = passwords or PASSWORDS
    folder = tmp_path / "bymail"
    gm("new", str(folder), "--seed", "mail", *(("--database", database) if database else ()),
       *[arg for letter, address in PLAYERS.items()
                                               for arg in ("-p", f"{letter}:{letter}:{address}:"
                                                           f"{passwords[letter]}")])
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write(f"\n{mail_table(servers, tmp_path.name)}{extra}")
    if started:
        gm("end-trading", str(folder))
        gm("start", str(folder))
        gm("send", str(folder))  # the opening reports
    for user in servers.users():
        clear(user, servers)
    return folder


def send_raw(servers: MailServers, sender: str, raw: bytes, to: str = GM) -> None:
    """A message as a client hands it to its server (CRLF line ends, as SMTP has them)."""
    with smtplib.SMTP("127.0.0.1", servers.smtp_port) as smtp:
        smtp.sendmail(sender, [to], raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))


def mail_orders(servers: MailServers, sender: str, text: str, subject: str = "orders",
                message_id: str | None = None) -> str:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = GM
    message["Subject"] = subject
    message["Message-ID"] = message_id or f"<{random.random()}@{sender.split('@')[1]}>"
    message.set_content(text)
    send_raw(servers, sender, message.as_bytes())
    return str(message["Message-ID"])


def mailbox(user: str, servers: MailServers, folder: str = "INBOX") -> list[EmailMessage]:
    with IMAPClient("127.0.0.1", port=servers.imap_port, ssl=False) as client:
        client.login(user, PASSWORD)
        client.select_folder(folder)
        uids = client.search("ALL")
        fetched = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
    return [email.message_from_bytes(fetched[u][b"BODY[]"], policy=email.policy.default)
            for u in uids]


def text_of(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content()).replace("\r\n", "\n")


def clear(user: str, servers: MailServers) -> None:
    with IMAPClient("127.0.0.1", port=servers.imap_port, ssl=False) as client:
        client.login(user, PASSWORD)
        client.select_folder("INBOX")
        uids = client.search("ALL")
        if uids:
            client.delete_messages(uids)
            client.expunge()


def orders_text(folder: Path, player: str, rng: random.Random) -> str:
    opened = open_campaign(folder)
    state = rcw_state(opened.latest().state)
    make = random_first_phase_orders if state.phase == 1 else random_second_phase_orders
    orders = make(state, rcw_data(opened.data), player, rng)
    return "\n".join(["GAME bymail", f"PLAYER {player}", f"PASSWORD {PASSWORDS[player]}",
                      f"TURN {state.turn} PHASE {state.phase}", *(o.echo() for o in orders)])
