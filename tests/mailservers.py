"""A real IMAP server (Debian's dovecot) and a real SMTP server (aiosmtpd relaying into
dovecot's LMTP), started on loopback on free ports in a temporary folder, for the tests."""

from __future__ import annotations

import email.utils
import os
import pwd
import shutil
import smtplib
import socket
import ssl
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from tests.servers import free_port

PASSWORD = "secret"
AUTHSERV_ID = "mx.example.org"  # the relay's name, in its Received and Authentication-Results


@dataclass
class Behaviour:
    """What the SMTP server does besides relaying, set by a test."""

    # recipient -> "marked" (replies as RFC 3834 says: Auto-Submitted, a null sender) or
    # "naive" (replies to everything with a plain message, as a badly built responder does)
    vacation: dict[str, str] = field(default_factory=dict)
    drop_once: set[str] = field(default_factory=set)  # close the connection at their DATA
    greylist_once: set[str] = field(default_factory=set)  # 450 at their RCPT, the first time
    replies: int = 0  # vacation replies sent
    # envelope sender -> the results the server, as an MX that authenticates mail (RFC 8601),
    # writes in the Authentication-Results header it puts on top of what that sender sends
    # (`dmarc=pass header.from=example.org`); a sender not named gets none
    authentication: dict[str, str] = field(default_factory=dict)
    # where those results go: above the server's Received line (False), or right below it
    # (True), as Postfix with OpenDKIM/OpenDMARC and Gmail put theirs
    received_first: bool = False


@dataclass(frozen=True)
class MailServers:
    imap_port: int
    smtp_port: int
    lmtp_port: int
    folder: Path
    imaps_port: int = 0  # IMAP over TLS, with the self-signed certificate `ca_file`
    ca_file: str = ""
    behaviour: Behaviour = field(default_factory=Behaviour)

    def add_user(self, *users: str) -> None:  # every mailbox has the password PASSWORD
        # a passwd file of its own for each user: dovecot reads a new one at the
        # user's first login, where it reads a shared file again at most once a second
        for user in users:
            login = user.lower()  # as dovecot looks a login up (auth_username_format %Lu)
            (self.folder / "users" / login).write_text(f"{login}:{{PLAIN}}{PASSWORD}\n",
                                                       encoding="utf-8")

    def users(self) -> set[str]:
        return {path.name for path in (self.folder / "users").iterdir()}


CONFIG = """\
base_dir = {folder}/run
log_path = {folder}/dovecot.log
info_log_path = {folder}/dovecot.log
state_dir = {folder}/state
listen = 127.0.0.1
protocols = imap lmtp
ssl = yes
ssl_cert = <{folder}/cert.pem
ssl_key = <{folder}/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
mail_location = maildir:{folder}/mail/%u
first_valid_uid = {uid}
first_valid_gid = {gid}
lmtp_save_to_detail_mailbox = no
# IDLE sees a delivery within a second even where dovecot cannot watch the folder (a busy test
# machine out of inotify instances falls back to polling, 30 seconds by default)
mailbox_idle_check_interval = 1 secs
passdb {{
  driver = passwd-file
  args = {folder}/users/%Lu
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={folder}/mail/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps}
  }}
}}
# no penalty for failed logins from an address (anvil's, up to 15 seconds a login): the tests
# that fail a login on purpose would slow every later test's logins on this machine
service anvil {{
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp}
  }}
  unix_listener lmtp {{
    mode = 0666
  }}
}}
"""


def _wait_greeting(port: int, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                if sock.recv(100).startswith(b"* OK"):
                    return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"dovecot did not greet on port {port}")


class _Relay:
    """aiosmtpd handler, as a site's mail server: recipients without a mailbox are refused at
    RCPT (550, as Postfix's local_recipient_maps does); each message accepted gets its
    Received header and is handed to dovecot's LMTP, which adds Return-Path and
    Delivered-To. A test may make it drop a connection, answer as a vacation responder, or
    authenticate what a sender sends (an Authentication-Results header above its Received
    header, as Postfix's milters put theirs)."""

    def __init__(self, lmtp_port: int) -> None:
        self.lmtp_port = lmtp_port
        self.servers: MailServers | None = None

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        assert self.servers is not None
        if address.lower() not in self.servers.users():
            return f"550 5.1.1 <{address}>: Recipient address rejected: User unknown"
        if address.lower() in self.servers.behaviour.greylist_once:
            self.servers.behaviour.greylist_once.discard(address.lower())
            return f"450 4.2.0 <{address}>: Recipient address rejected: Greylisted, try later"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str | None:
        assert self.servers is not None
        behaviour = self.servers.behaviour
        dropped = behaviour.drop_once & {r.lower() for r in envelope.rcpt_tos}
        if dropped:
            behaviour.drop_once -= dropped
            server.transport.abort()  # as a crashed server or a cut line does
            return None
        received = (f"Received: from {session.host_name or 'unknown'} "
                    f"({session.peer[0]}) by mx.example.org (aiosmtpd) with ESMTP id "
                    f"{uuid.uuid4().hex[:12].upper()}\r\n\tfor <{envelope.rcpt_tos[0]}>; "
                    f"{email.utils.formatdate(localtime=True)}\r\n").encode()
        results = behaviour.authentication.get((envelope.mail_from or "").lower())
        if results is not None:
            field_ = f"Authentication-Results: {AUTHSERV_ID};\r\n\t{results}\r\n".encode()
            received = received + field_ if behaviour.received_first else field_ + received
        content = envelope.original_content or envelope.content
        self._deliver(envelope.mail_from, envelope.rcpt_tos, received + content)
        for recipient in envelope.rcpt_tos:
            mode = behaviour.vacation.get(recipient.lower())
            if mode and envelope.mail_from:
                behaviour.replies += 1
                self._deliver("" if mode == "marked" else recipient, [envelope.mail_from],
                              _vacation_reply(recipient, envelope.mail_from, mode))
        return "250 2.0.0 Ok: queued"

    def _deliver(self, sender: str, recipients: list[str], content: bytes) -> None:
        with smtplib.LMTP("127.0.0.1", self.lmtp_port) as lmtp:
            lmtp.sendmail(sender, recipients, content)


def _vacation_reply(me: str, to: str, mode: str) -> bytes:
    reply = EmailMessage()
    reply["From"] = me
    reply["To"] = to
    reply["Subject"] = "Out of office: back on Monday"
    reply["Date"] = email.utils.formatdate(localtime=True)
    reply["Message-ID"] = email.utils.make_msgid(domain="example.org")
    if mode == "marked":  # what Gmail, Outlook and Dovecot's sieve vacation put in
        reply["Auto-Submitted"] = "auto-replied (vacation)"
        reply["Precedence"] = "bulk"
    reply.set_content("I am away until Monday and will read your message then.\n")
    return reply.as_bytes()


@contextmanager
def mail_servers() -> Iterator[MailServers]:
    from aiosmtpd.controller import Controller

    if shutil.which("dovecot") is None:
        raise RuntimeError("dovecot is not installed (scripts/test.sh installs it)")
    folder = Path(tempfile.mkdtemp(prefix="gm-mail-"))
    os.chmod(folder, 0o755)  # dovecot's processes must reach it
    owner = pwd.getpwnam("dovenull") if os.geteuid() == 0 else pwd.getpwuid(os.getuid())
    for sub in ("mail", "run", "state"):
        (folder / sub).mkdir()
    (folder / "users").mkdir()
    if os.geteuid() == 0:
        os.chown(folder / "mail", owner.pw_uid, owner.pw_gid)
    imap, imaps, lmtp = free_port(), free_port(), free_port()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
                   check=True, capture_output=True)
    os.chmod(folder / "key.pem", 0o644)
    (folder / "dovecot.conf").write_text(CONFIG.format(
        folder=folder, uid=owner.pw_uid, gid=owner.pw_gid, imap=imap, imaps=imaps, lmtp=lmtp),
        encoding="utf-8")
    process = subprocess.Popen(["dovecot", "-F", "-c", str(folder / "dovecot.conf")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    smtp = free_port()
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(folder / "cert.pem", folder / "key.pem")
    relay = _Relay(lmtp)
    controller = Controller(relay, hostname="127.0.0.1", port=smtp, tls_context=tls,
                            decode_data=False)
    running = MailServers(imap, smtp, lmtp, folder, imaps, str(folder / "cert.pem"))
    relay.servers = running
    try:
        _wait_greeting(imap)
        controller.start()
        yield running
    finally:
        controller.stop()
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
        if not os.environ.get("GM_KEEP_MAIL"):
            shutil.rmtree(folder, ignore_errors=True)
