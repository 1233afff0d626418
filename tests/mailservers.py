"""A real IMAP server (Debian's dovecot) and a real SMTP server (aiosmtpd relaying into
dovecot's LMTP), started on loopback on free ports in a temporary folder, for the tests."""

from __future__ import annotations

import os
import pwd
import shutil
import smtplib
import socket
import ssl
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.servers import free_port

PASSWORD = "secret"


@dataclass(frozen=True)
class MailServers:
    imap_port: int
    smtp_port: int
    lmtp_port: int
    folder: Path
    imaps_port: int = 0  # IMAP over TLS, with the self-signed certificate `ca_file`
    ca_file: str = ""

    def add_user(self, user: str) -> None:  # every mailbox has the password PASSWORD
        with (self.folder / "passwd").open("a", encoding="utf-8") as out:
            out.write(f"{user}:{{PLAIN}}{PASSWORD}\n")


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
passdb {{
  driver = passwd-file
  args = {folder}/passwd
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
    """aiosmtpd handler: every message accepted is handed to dovecot's LMTP."""

    def __init__(self, lmtp_port: int) -> None:
        self.lmtp_port = lmtp_port

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with smtplib.LMTP("127.0.0.1", self.lmtp_port) as lmtp:
            lmtp.sendmail(envelope.mail_from, envelope.rcpt_tos, envelope.content)
        return "250 Message accepted for delivery"


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
    (folder / "passwd").write_text("", encoding="utf-8")
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
    controller = Controller(_Relay(lmtp), hostname="127.0.0.1", port=smtp, tls_context=tls)
    try:
        _wait_greeting(imap)
        controller.start()
        yield MailServers(imap, smtp, lmtp, folder, imaps, str(folder / "cert.pem"))
    finally:
        controller.stop()
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
        if not os.environ.get("GM_KEEP_MAIL"):
            shutil.rmtree(folder, ignore_errors=True)
