"""Real servers for the tests, started on loopback by the test set-up itself."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _pg_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


@contextmanager
def postgres_server() -> Iterator[str]:
    """A throw-away PostgreSQL cluster on 127.0.0.1; yields a SQLAlchemy URL to it.

    PostgreSQL will not run as root, so as root the cluster belongs to the `postgres` user."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not initdb or not pg_ctl:
        raise RuntimeError("PostgreSQL server binaries not found (scripts/test.sh installs them)")
    folder = Path(tempfile.mkdtemp(prefix="gm-pg-"))
    data = folder / "data"
    prefix: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chmod(folder, 0o755)
        os.chown(folder, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    run = {"check": True, "capture_output": True, "text": True}
    subprocess.run([*prefix, initdb, "-D", str(data), "-A", "trust", "-U", "gm", "--no-sync",
                    "-E", "UTF8"], **run)  # type: ignore[call-overload]
    subprocess.run([*prefix, pg_ctl, "-D", str(data), "-l", str(folder / "log"), "-w", "-o",
                    f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off",
                    "start"], **run)  # type: ignore[call-overload]
    try:
        yield f"postgresql+psycopg://gm@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True, check=False)
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(server_url: str) -> str:
    """A new empty database on the server; its URL."""
    import uuid

    import psycopg

    name = f"t{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url.replace("+psycopg", ""), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return server_url.rsplit("/", 1)[0] + f"/{name}"
