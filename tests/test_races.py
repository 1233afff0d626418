"""One adjudication a phase (issue 24, item 4): the GM's commands take the claim a worker's
round takes, and the store adds a state only on the entry its operation started from
(compare-and-swap), on SQLite and on PostgreSQL. The GM's `gm adjudicate` racing a worker's
round, two adjudications racing, and a worker whose round another writer overtook: each time
one adjudication is stored, and the loser is told and stores nothing (no state, no mail, no
orders). Real servers (PostgreSQL, dovecot, the SMTP relay), started by the suite; the racers
meet at the program's pause points (gm/app/crash.py), never at a time guessed."""

from __future__ import annotations

import datetime as dt
import os
import queue
import random
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gm.app import crash
from gm.app.adjudication import adjudicate_open_phase
from gm.app.campaign import open_campaign
from gm.core.errors import Superseded
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR
from gm.games.rcw.simulation.generate import random_first_phase_orders
from tests.conftest import gm
from tests.mailhelpers import ENV, PASSWORDS, PLAYERS
from tests.mailservers import PASSWORD, MailServers
from tests.rcw import rcw_data, rcw_state
from tests.servers import fresh_database
from tests.test_workers import START, adjudications, delivered_reports, host_with_campaigns

DUE = START + dt.timedelta(days=2)  # the first phase's deadline has passed
PATIENCE = 300.0  # seconds a racer may take to reach its point: generous, never a measure


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str | None:
    """None: the campaigns' own SQLite files; else a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return None
    return fresh_database(request.getfixturevalue("postgres_url"))


def _start(*args: str, pauses: Path, at: str, **env: str) -> subprocess.Popen[str]:
    """`gm ARGS` in a process of its own that stops at pause point `at` until let go."""
    pauses.mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-m", "gm", *args],
        env={**os.environ, ENV: PASSWORD, "GM_NOW": DUE.isoformat(), "GM_PAUSE_AT": at,
             "GM_PAUSE_DIR": str(pauses), **env},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          env={**os.environ, ENV: PASSWORD, "GM_NOW": DUE.isoformat(), **env},
                          check=False, timeout=PATIENCE)


def _reached(pauses: Path, at: str, process: subprocess.Popen[str]) -> None:
    """Until `process` stands at its pause point (it must not end before)."""
    deadline = time.monotonic() + PATIENCE
    while not (pauses / f"{at}.reached").exists():
        if process.poll() is not None:
            raise AssertionError(f"ended before {at}: {process.communicate()}")
        assert time.monotonic() < deadline, f"never reached {at}"
        time.sleep(0.02)


def _let_go(pauses: Path, at: str) -> None:
    (pauses / f"{at}.go").write_text("", encoding="utf-8")


def _finish(process: subprocess.Popen[str]) -> subprocess.CompletedProcess[str]:
    out, err = process.communicate(timeout=PATIENCE)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def _told(result: subprocess.CompletedProcess[str], words: str) -> None:
    """Refused: exit 1, one line that says why, no traceback."""
    assert result.returncode == 1, (result.stdout, result.stderr)
    assert words in result.stderr and "Traceback" not in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def _queued(folder: Path, key: str) -> list[str]:
    """The Message-IDs of the reports in the campaign's outbox made for `key` (t1p1: the
    first phase's, each player's and the GM's copy)."""
    opened = open_campaign(folder)
    rows = opened.store.outbox_rows(opened.row, ("queued", "retry", "failed", "sent"))
    return [row.message_id for row in rows if f"report.{key}" in row.message_id]


def test_the_gms_adjudicate_racing_a_workers_round_is_refused_and_stores_nothing(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        database: str | None) -> None:
    host = host_with_campaigns(tmp_path / "judge", servers, database, 1, monkeypatch)
    folder = host / "c00"
    worker_pauses, gm_pauses = tmp_path / "worker", tmp_path / "gm"
    worker = _start("run", str(host), "--all", "--once", pauses=worker_pauses,
                    at="before-adjudicate-store")
    _reached(worker_pauses, "before-adjudicate-store", worker)  # its phase judged, not stored

    at_once = _run("adjudicate", str(folder), GM_CLAIM_WAIT="0")
    _told(at_once, "a worker (or another gm command) is handling campaign c00 now")
    assert adjudications(host) == {}

    waiting = _start("adjudicate", str(folder), pauses=gm_pauses, at="claim-busy",
                     GM_CLAIM_WAIT=str(PATIENCE))
    _reached(gm_pauses, "claim-busy", waiting)  # it has seen entry 3 and waits for the claim
    _let_go(gm_pauses, "claim-busy")
    _let_go(worker_pauses, "before-adjudicate-store")
    worked, waited = _finish(worker), _finish(waiting)
    assert worked.returncode == 0 and "c00: Game-Turn 1, phase 1 adjudicated" in worked.stdout, \
        worked.stderr
    said, refused = waited.stderr.strip().splitlines()
    assert said.startswith("waiting for the worker handling campaign c00") and \
        waited.returncode == 1 and waited.stdout == ""
    assert refused == ("gm: campaign c00 changed while this command waited to change it: "
                       "entry 4 (adjudicate 1.1) came after entry 3, which it had read; nothing "
                       "was done: look (gm status), then run the command again if it is still "
                       "wanted")
    assert adjudications(host) == {"c00 adjudicate 1.1": 1}
    opened = open_campaign(folder)
    assert [e.action for e in opened.store.entries(opened.row)][3:] == ["adjudicate 1.1"]
    assert len(_queued(folder, "t1p1")) == len(PLAYERS) + 1
    reports = delivered_reports(servers)
    assert len(reports) == len(PLAYERS) + 1 and set(reports.values()) == {1}


def test_a_worker_overtaken_by_another_writer_stores_nothing_and_goes_on(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch,
        database: str | None) -> None:
    """A writer that takes no claim (a GM's older gm, say) adds an entry while the worker
    judges the phase: the worker's adjudication is not stored, no report goes out, the worker
    says so and ends its round well; its next round adjudicates the phase once."""
    host = host_with_campaigns(tmp_path / "judge", servers, database, 1, monkeypatch)
    folder = host / "c00"
    pauses = tmp_path / "worker"
    worker = _start("run", str(host), "--all", "--once", pauses=pauses,
                    at="before-adjudicate-store")
    _reached(pauses, "before-adjudicate-store", worker)
    opened = open_campaign(folder)
    latest = opened.latest()
    opened.store.append_state(opened.row, "override", {"reason": "by a writer without claims",
                                                       "changed": []}, latest.state, [],
                              DUE, after=latest.seq)
    opened.store.close()
    _let_go(pauses, "before-adjudicate-store")
    overtaken = _finish(worker)
    assert overtaken.returncode == 0, overtaken.stderr
    assert "adjudicated" not in overtaken.stdout
    assert "c00: campaign c00 changed while this was being done: its last entry is 4 " \
           "(override), not entry 3, which this started from; nothing of this was stored" \
           in overtaken.stderr and "Traceback" not in overtaken.stderr
    assert adjudications(host) == {} and _queued(folder, "t1p1") == []

    again = _run("run", str(host), "--all", "--once")
    assert again.returncode == 0 and "c00: Game-Turn 1, phase 1 adjudicated" in again.stdout, \
        again.stderr
    assert adjudications(host) == {"c00 adjudicate 1.1": 1}
    assert len(_queued(folder, "t1p1")) == len(PLAYERS) + 1
    assert set(delivered_reports(servers).values()) == {1}


def _orders(folder: Path, player: str) -> bytes:
    opened = open_campaign(folder)
    state = rcw_state(opened.latest().state)
    orders = random_first_phase_orders(state, rcw_data(opened.data), player, random.Random(7))
    return "\n".join([f"GAME {opened.name}", f"PLAYER {player}",
                      f"PASSWORD {PASSWORDS[player]}", *(o.echo() for o in orders)]).encode()


def test_two_adjudications_racing_store_one_and_the_other_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, database: str | None) -> None:
    """Without any claim (two programs that take none): both judge the phase from entry 3 with
    the GM's order files, both try to store it at once; the store keeps one, with its orders
    and reports, and tells the other, which kept none of its own."""
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    (data / "areas.json").unlink()  # no map to draw: the reports are not what is tested
    folder = tmp_path / "c"
    gm("new", str(folder), "--seed", "race", "--data", str(data),
       *(["--database", database] if database else []),
       *[arg for letter, address in PLAYERS.items()
         for arg in ("-p", f"{letter}:{letter}:{address}:{PASSWORDS[letter]}")])
    gm("end-trading", str(folder))
    gm("start", str(folder))
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[mail]\ngm_address = "gm@example.org"\n')  # reports are queued
    files = [(f"{player}.txt", _orders(folder, player)) for player in PLAYERS]

    arrived: queue.Queue[str] = queue.Queue()
    go = threading.Event()

    def meet() -> None:  # each racer, its phase judged from entry 3, waits for the other
        arrived.put(threading.current_thread().name)
        assert go.wait(PATIENCE)

    monkeypatch.setitem(crash.HOOKS, "before-adjudicate-store", meet)
    outcomes: dict[str, str] = {}

    def race() -> None:
        opened = open_campaign(folder)
        try:
            adjudicate_open_phase(opened, files, dry_run=False)
            outcomes[threading.current_thread().name] = "stored"
        except Superseded as exc:
            outcomes[threading.current_thread().name] = str(exc)
        finally:
            opened.store.close()

    racers = [threading.Thread(target=race, name=f"racer {n}") for n in (1, 2)]
    for racer in racers:  # one at a time to the point (the parser serves one thread at once)
        racer.start()
        arrived.get(timeout=PATIENCE)
    go.set()
    for racer in racers:
        racer.join(PATIENCE)
    assert sorted(outcomes.values()) == [
        "campaign c changed while this was being done: its last entry is 4 (adjudicate 1.1), "
        "not entry 3, which this started from; nothing of this was stored", "stored"]

    opened = open_campaign(folder)
    assert [e.action for e in opened.store.entries(opened.row)][3:] == ["adjudicate 1.1"]
    with opened.store._tx() as sql:
        kept = sql.all("SELECT player, state_seq FROM orders ORDER BY player")
        dice = sql.scalar("SELECT count(*) FROM dice_log WHERE state_seq = 4")
    assert [(r["player"], r["state_seq"]) for r in kept] == [(p, 3) for p in sorted(PLAYERS)]
    assert dice == len(opened.store.rolls(opened.row, 4)) > 0
    assert len(_queued(folder, "t1p1")) == len(PLAYERS) + 1


def test_every_gm_command_that_changes_a_campaign_waits_for_its_claim(tmp_path: Path) -> None:
    """Held by a worker (here, the test itself), the campaign is left alone by each of the
    GM's commands that change it: told at once (GM_CLAIM_WAIT=0), nothing done."""
    from gm.app.campaign import campaign_claim

    folder = tmp_path / "c"
    gm("new", str(folder), "--seed", "held", *[
        arg for letter, address in PLAYERS.items()
        for arg in ("-p", f"{letter}:{letter}:{address}:{PASSWORDS[letter]}")])
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write('\n[mail]\ngm_address = "gm@example.org"\n')
    (tmp_path / "state.json").write_text(gm("show", str(folder), "--json"), encoding="utf-8")
    (tmp_path / "a.txt").write_text("GAME c\nPLAYER A\nPASSWORD pwa\n", encoding="utf-8")
    opened = open_campaign(folder)
    before = opened.store.entries(opened.row)
    commands = [
        ["adjudicate", str(folder)], ["rollback", str(folder), "--to", "1.1"],
        ["override", str(folder), "--reason", "r", "--state", str(tmp_path / "state.json")],
        ["purge", str(folder)], ["players", str(folder), "--quit", "C"],
        ["players", str(folder), "--email", "A:anna@example.net"],
        ["players", str(folder), "--reset-password", "B"],
        ["password", str(folder), "B", "--reset"],
        ["trade", str(folder), "A", "B", "--give", "Trotsky"], ["end-trading", str(folder)],
        ["deploy", str(folder), "A", "--clear"], ["start", str(folder)],
        ["orders", "apply", str(tmp_path / "a.txt"), "--campaign", str(folder)],
        ["fetch", str(folder)], ["send", str(folder)], ["play", str(folder)],
        ["report", str(folder), "--mail"]]
    with campaign_claim(opened.store.url, opened.name) as mine:
        assert mine
        for command in commands:
            _told(_run(*command, GM_CLAIM_WAIT="0"),
                  "gm: a worker (or another gm command) is handling campaign c now; nothing was "
                  "done: try again in a moment")
    assert opened.store.entries(opened.row) == before
    assert [p.email for p in opened.players()] == list(PLAYERS.values())
    assert opened.store.outbox_rows(opened.row, ("queued", "retry", "failed", "sent")) == []
