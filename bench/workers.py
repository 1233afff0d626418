"""Hosted campaigns processed by 1, 2 and 4 workers on PostgreSQL (issue 15): phases per second
and the speed-up. Each run starts from the same database (a PostgreSQL template) of CAMPAIGNS
started campaigns whose First Phase is due, in a host whose mailbox is a real dovecot with the
suite's SMTP relay; `gm run HOST --all --once` workers are started together and timed until
the last ends; every phase must have been adjudicated exactly once.

The campaigns play on the embedded data set without its drawn map: the PNG of a phase's map
(~0.3 s, bench/reports.py) would be most of every round, and is measured there. Each phase
still mails each player's report and the GM's copy (text and HTML).

Run: .venv/bin/python bench/workers.py [--campaigns N] [--workers 1,2,4]"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.mailservers import MailServers

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CAMPAIGNS = int(sys.argv[sys.argv.index("--campaigns") + 1]) if "--campaigns" in sys.argv \
    else 1000
WORKERS = [int(n) for n in (sys.argv[sys.argv.index("--workers") + 1].split(",")
                            if "--workers" in sys.argv else ["1", "2", "4"])]
START = dt.datetime(2030, 1, 1, 12, tzinfo=dt.UTC)
DUE = START + dt.timedelta(days=2)
# Every table that holds a campaign's rows, with the columns copied for a clone.
CLONED = {
    "players": "letter, name, email, password_hash",
    "states": "seq, action, detail, turn, phase, stage, state, created_at",
    "dice_log": "state_seq, n, purpose, kind, value",
}


def _admin(url: str) -> str:
    return url.replace("+psycopg", "")


def _base_database(server: str, work: Path) -> str:
    """A database of CAMPAIGNS started campaigns: one made by the program, cloned in SQL."""
    import psycopg

    from gm.app.campaign import PlayerSpec, create_campaign, open_campaign
    from gm.app.pregame import end_trading, start

    base = server.rsplit("/", 1)[0] + "/base"
    with psycopg.connect(_admin(server), autocommit=True) as admin:
        admin.execute("CREATE DATABASE base")
    data = work / "data"  # the embedded data set without its drawn map
    shutil.copytree(ROOT / "gm" / "games" / "rcw" / "dataset", data)
    (data / "areas.json").unlink()
    os.environ["GM_NOW"] = START.isoformat()
    players = [PlayerSpec(letter, letter, f"{name}@example.org", f"pw{letter.lower()}")
               for letter, name in (("A", "anna"), ("B", "boris"), ("C", "clara"))]
    create_campaign(work / "c0000", players, "bench", str(data), base)
    opened = open_campaign(work / "c0000")
    end_trading(opened)
    start(opened)
    opened.store.close()
    with psycopg.connect(_admin(base), autocommit=True) as db:
        for number in range(1, CAMPAIGNS):
            row = db.execute(
                "INSERT INTO campaigns (name, game, seed, data_dir, created_at) SELECT "
                "%s, game, seed, data_dir, created_at FROM campaigns WHERE id = 1 "
                "RETURNING id", (f"c{number:04d}",)).fetchone()
            assert row is not None
            new_id = row[0]
            for table, columns in CLONED.items():
                db.execute(f"INSERT INTO {table} (campaign_id, {columns}) SELECT %s, "
                           f"{columns} FROM {table} WHERE campaign_id = 1", (new_id,))
    return base


def _host(work: Path, run: str, database: str, servers: MailServers) -> Path:
    from tests.mailhelpers import mail_table

    host = work / run
    host.mkdir()
    (host / "host.toml").write_text(f'database = "{database}"\n{mail_table(servers, run)}',
                                    encoding="utf-8")
    for number in range(CAMPAIGNS):
        folder = host / f"c{number:04d}"
        folder.mkdir()
        (folder / "campaign.toml").write_text(
            f'name = "c{number:04d}"\ndatabase = "{database}"\ndata = "{work / "data"}"\n'
            "[schedule]\ndays_per_phase = 1\nhour = 0\nreminder_hours = 0\n", encoding="utf-8")
    return host


def _adjudicated(database: str) -> tuple[int, int]:
    """(campaigns adjudicated, the most times one phase was)."""
    import psycopg

    with psycopg.connect(_admin(database)) as db:
        rows = db.execute("SELECT campaign_id, COUNT(*) FROM states WHERE action = "
                          "'adjudicate 1.1' GROUP BY campaign_id").fetchall()
    return len(rows), max((n for _, n in rows), default=0)


def main() -> int:
    import psycopg

    from tests.mailhelpers import ENV, GM, GM_DESK, PLAYERS
    from tests.mailservers import PASSWORD, mail_servers
    from tests.servers import postgres_server

    work = Path(tempfile.mkdtemp(prefix="gm-workers-"))
    try:
        with postgres_server() as server, mail_servers() as servers:
            servers.add_user(GM, GM_DESK, *PLAYERS.values())
            made = time.perf_counter()
            base = _base_database(server, work)
            print(f"{CAMPAIGNS} campaigns made in {time.perf_counter() - made:.1f} s")
            timings = {}
            for workers in WORKERS:
                run = f"run{workers}"
                with psycopg.connect(_admin(server), autocommit=True) as admin:
                    admin.execute(f"CREATE DATABASE {run} TEMPLATE base")
                database = base.rsplit("/", 1)[0] + f"/{run}"
                host = _host(work, run, database, servers)
                env = {**os.environ, ENV: PASSWORD, "GM_NOW": DUE.isoformat()}
                began = time.perf_counter()
                started = [subprocess.Popen([sys.executable, "-m", "gm", "run", str(host),
                                             "--all", "--once"], env=env,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                           for _ in range(workers)]
                errors = [p.communicate()[1] for p in started]
                seconds = time.perf_counter() - began
                done, most = _adjudicated(database)
                if done != CAMPAIGNS or most != 1 or any(p.returncode for p in started):
                    print(f"{workers} worker(s): {done} adjudicated, at most {most} times a "
                          f"phase; {errors}")
                    return 1
                timings[workers] = seconds
                print(f"{workers} worker(s): {CAMPAIGNS} phases in {seconds:6.1f} s = "
                      f"{CAMPAIGNS / seconds:6.1f} phases/s, speed-up "
                      f"{timings[WORKERS[0]] / seconds:4.2f}x (on {os.cpu_count()} cores)")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
