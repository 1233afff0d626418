"""Several workers share a host on PostgreSQL (issue 15): 50 campaigns whose deadlines fall due
together, messages arriving, and 2 then 4 `gm run HOST --all --once` processes at once; every
phase is adjudicated once, every message answered once, every report sent once, and a worker
SIGKILLed in the middle of a claim holds up nothing. Real PostgreSQL, dovecot and SMTP servers,
started by the suite."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
from tests.conftest import gm
from tests.mailhelpers import (
    ENV,
    GM_DESK,
    PASSWORDS,
    PLAYERS,
    clear,
    mail_orders,
    mail_table,
    mailbox,
)
from tests.mailservers import PASSWORD, MailServers
from tests.servers import fresh_database

CAMPAIGNS = 50
START = dt.datetime(2030, 1, 1, 12, tzinfo=dt.UTC)  # every campaign's phase opens then


def _workers(host: Path, count: int, moment: dt.datetime, crash_at: str | None = None
             ) -> list[subprocess.CompletedProcess[str]]:
    """`count` workers started together, each one round; their results."""
    env = {**os.environ, ENV: PASSWORD, "GM_NOW": moment.isoformat()}
    if crash_at:
        env["GM_CRASH_AT"] = crash_at
    started = [subprocess.Popen([sys.executable, "-m", "gm", "run", str(host), "--all",
                                 "--once"], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for _ in range(count)]
    results = []
    for process in started:
        out, err = process.communicate(timeout=600)
        results.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
    return results


def host_with_campaigns(folder: Path, servers: MailServers, database: str | None,
                        campaigns: int, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A host on `database` (None: SQLite files in the folders) with `campaigns` campaigns,
    started without mail (no opening reports), then given the mailbox; every phase opens at
    START. They play on the embedded data set without its drawn map: the map's picture would
    be most of each round's time, and drawing it is tested elsewhere (tests/test_mail.py,
    tests/test_reports.py)."""
    monkeypatch.setenv("GM_NOW", START.isoformat())
    data = folder.with_name(f"{folder.name}-data")
    shutil.copytree(DEFAULT_DATA_DIR, data)
    (data / "areas.json").unlink()
    named = f'database = "{database}"\n' if database else ""
    gm("host", str(folder), *(["--database", database] if database else []))
    host_toml = folder / "host.toml"
    assert named in host_toml.read_text(encoding="utf-8")
    host_toml.write_text(named, encoding="utf-8")  # no mail while made
    players = [arg for letter, address in PLAYERS.items()
               for arg in ("-p", f"{letter}:{letter}:{address}:{PASSWORDS[letter]}")]
    for number in range(campaigns):
        campaign = folder / f"c{number:02d}"
        gm("new", str(campaign), "--seed", str(number), "--data", str(data), *players)
        assert named in (campaign / "campaign.toml").read_text(encoding="utf-8")
        with (campaign / "campaign.toml").open("a", encoding="utf-8") as config:
            config.write('\n[schedule]\ndays_per_phase = 1\nhour = 0\nreminder_hours = 0\n')
        gm("end-trading", str(campaign))
        gm("start", str(campaign))
    with (folder / "host.toml").open("a", encoding="utf-8") as config:
        config.write(mail_table(servers, folder.name))
    for user in servers.users():
        clear(user, servers)
    return folder


def adjudications(host: Path) -> Counter[str]:
    found: Counter[str] = Counter()
    for folder in sorted(host.glob("c*")):
        opened = open_campaign(folder)
        found.update(f"{opened.name} {row.action}" for row in opened.store.entries(opened.row)
                     if row.action.startswith("adjudicate"))
    return found


def delivered_reports(servers: MailServers) -> Counter[str]:
    """Each report delivered, by Message-ID, over the players' and the GM's mailboxes."""
    return Counter(str(m["Message-ID"]) for user in [*PLAYERS.values(), GM_DESK]
                   for m in mailbox(user, servers) if "report." in str(m["Message-ID"]))


@pytest.fixture(scope="module")
def database(postgres_url: str) -> Iterator[str]:
    yield fresh_database(postgres_url)


def test_two_then_four_workers_do_every_piece_of_work_once(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        database: str) -> None:
    host = host_with_campaigns(tmp_path / "judge", servers, database, CAMPAIGNS, monkeypatch)
    sent = [mail_orders(servers, PLAYERS["A"], "\n".join([
        f"GAME c{n:02d}", "PLAYER A", f"PASSWORD {PASSWORDS['A']}", "STATUS"]))
        for n in range(0, CAMPAIGNS, 5)]
    due = START + dt.timedelta(days=2)
    for workers, moment, phase in ((2, due, "1.1"), (4, due + dt.timedelta(days=2), "1.2")):
        results = _workers(host, workers, moment)
        assert all(r.returncode == 0 for r in results), [r.stderr for r in results]
        lines = [line for r in results for line in r.stdout.splitlines()]
        assert len({line.split(":")[0] for line in lines if " stored," in line}) == CAMPAIGNS
        assert sum(line.endswith(" adjudicated") for line in lines) == CAMPAIGNS
        adjudicated = adjudications(host)
        assert len([k for k in adjudicated if k.endswith(f"adjudicate {phase}")]) == CAMPAIGNS
        assert set(adjudicated.values()) == {1}, "a phase adjudicated twice"
        reports = delivered_reports(servers)
        assert len(reports) == CAMPAIGNS * (len(PLAYERS) + 1) * (1 if phase == "1.1" else 2)
        assert set(reports.values()) == {1}, "a report sent twice"
    answers = Counter(str(m["In-Reply-To"]) for m in mailbox(PLAYERS["A"], servers)
                      if m["In-Reply-To"])
    assert all(answers[message] == 1 for message in sent), "a message answered twice or never"


def test_a_worker_killed_holding_a_claim_holds_up_nothing(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        postgres_url: str) -> None:
    host = host_with_campaigns(tmp_path / "judge", servers, fresh_database(postgres_url), 6,
                               monkeypatch)
    due = START + dt.timedelta(days=2)
    killed, = _workers(host, 1, due, crash_at="after-adjudicate")
    assert killed.returncode == -9  # SIGKILL, inside the first campaign's claim
    assert len(adjudications(host)) == 1 and delivered_reports(servers) == Counter()
    results = _workers(host, 2, due)
    assert all(r.returncode == 0 for r in results), [r.stderr for r in results]
    adjudicated = adjudications(host)
    assert len(adjudicated) == 6 and set(adjudicated.values()) == {1}
    reports = delivered_reports(servers)
    assert len(reports) == 6 * (len(PLAYERS) + 1) and set(reports.values()) == {1}
