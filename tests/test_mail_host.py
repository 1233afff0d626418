"""One judge, many campaigns (issue 15): a host folder whose campaigns share one mailbox, each
message routed by its GAME line or subject, over the real servers of tests/mailservers.py."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from tests.conftest import gm
from tests.mailhelpers import (
    ENV,
    GM,
    PASSWORDS,
    PLAYERS,
    clear,
    gm_process,
    mail_orders,
    mail_table,
    mailbox,
    send_raw,
    text_of,
)
from tests.mailservers import PASSWORD, MailServers
from tests.rcw import rcw_data, rcw_state

GAMES = ("alpha", "beta")


def _host(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV, PASSWORD)
    host = tmp_path / "judge"
    gm("host", str(host))
    (host / "host.toml").write_text(mail_table(servers, tmp_path.name, copies=False),
                                    encoding="utf-8")
    for seed, game in enumerate(GAMES):
        gm("new", str(host / game), "--seed", str(seed), *[
            arg for letter, address in PLAYERS.items()
            for arg in ("-p", f"{letter}:{letter}:{address}:{PASSWORDS[letter]}")])
        gm("end-trading", str(host / game))
        gm("start", str(host / game))
        gm("send", str(host / game))  # through the host's [mail]
    for user in servers.users():
        clear(user, servers)
    return host


def _orders(folder: Path, player: str) -> str:
    from gm.games.rcw.simulation.generate import random_first_phase_orders

    opened = open_campaign(folder)
    state = rcw_state(opened.latest().state)
    orders = random_first_phase_orders(state, rcw_data(opened.data), player, random.Random(1))
    return "\n".join([f"GAME {opened.name}", f"PLAYER {player}",
                      f"PASSWORD {PASSWORDS[player]}", *(o.echo() for o in orders)])


def _answers(servers: MailServers, address: str, sent: str) -> list[EmailMessage]:
    return [m for m in mailbox(address, servers) if m["In-Reply-To"] == sent]


def test_one_mailbox_for_two_campaigns_routed_by_game_and_subject(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    servers.add_user("dmitri@example.org")
    host = _host(tmp_path, servers, monkeypatch)
    to_alpha = mail_orders(servers, PLAYERS["A"], _orders(host / "alpha", "A"))
    to_beta = mail_orders(servers, PLAYERS["B"], _orders(host / "beta", "B"))
    by_subject = mail_orders(servers, PLAYERS["C"], "Thanks, I will send them tonight.",
                             subject="Re: beta: Game-Turn 1, First Phase opens")
    stray = mail_orders(servers, PLAYERS["C"], "GAME gamma\nPLAYER C\nPASSWORD pwc\nSTATUS\n")
    again = mail_orders(servers, PLAYERS["C"], "GAME delta\nPLAYER C\nPASSWORD pwc\n")
    vacation = EmailMessage()
    vacation["From"], vacation["To"], vacation["Subject"] = "dmitri@example.org", GM, "Away"
    vacation["Auto-Submitted"] = "auto-replied"
    vacation["Message-ID"] = "<away-1@example.org>"
    vacation.set_content("I am away until Monday.")
    send_raw(servers, "dmitri@example.org", vacation.as_bytes())

    result = gm_process("run", str(host), "--all", "--once")
    assert result.returncode == 0, result.stderr
    assert "alpha: 1 stored, 1 answered" in result.stdout
    assert "beta: 2 stored, 2 answered" in result.stdout
    assert "3 message(s) for no game hosted here, kept" in result.stdout

    alpha_answer, = _answers(servers, PLAYERS["A"], to_alpha)
    assert "for game alpha" in text_of(alpha_answer) and "accepted" in text_of(alpha_answer)
    beta_answer, = _answers(servers, PLAYERS["B"], to_beta)
    assert "for game beta" in text_of(beta_answer)
    subject_answer, = _answers(servers, PLAYERS["C"], by_subject)
    assert "no orders found" in text_of(subject_answer)  # read as beta's, from a beta player
    stray_answer, = _answers(servers, PLAYERS["C"], stray)
    text = text_of(stray_answer)
    assert "names game 'gamma'" in text and "no game of that name is played" in text
    assert "alpha" not in stray_answer.as_string() and "beta" not in stray_answer.as_string()
    assert _answers(servers, PLAYERS["C"], again) == []  # one answer an hour to an address
    assert mailbox("dmitri@example.org", servers) == []  # an auto-reply is never answered
    assert mailbox(GM, servers) == []  # every message kept and moved out

    for game in GAMES:
        opened = open_campaign(host / game)
        state = opened.latest().state
        assert [r.player for r in opened.store.orders_for(opened.row, state.turn,
                                                          state.phase)] == (
            ["A"] if game == "alpha" else ["B"])

    again_run = gm_process("run", str(host), "--all", "--once")
    assert "alpha: 0 stored, 0 answered" in again_run.stdout
    assert len(_answers(servers, PLAYERS["C"], stray)) == 1  # answered once only

    status = gm_process("status", str(host))
    assert "alpha: Game-Turn 1, First Phase" in status.stdout
    assert "orders in: A (A); waiting for: B (B), C (C)" in status.stdout
    assert "beta: Game-Turn 1, First Phase" in status.stdout
    assert "mail for no hosted game: 1 answered, 1 automated, 1 capped" in status.stdout

    refused = gm_process("fetch", str(host / "alpha"))
    assert refused.returncode == 1 and "hosted by" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_broken_campaign_does_not_stop_the_others(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its trouble is told to the GM; its mail waits in the mailbox until it is mended."""
    host = _host(tmp_path, servers, monkeypatch)
    config = host / "alpha" / "campaign.toml"
    good = config.read_text(encoding="utf-8")
    config.write_text(good.replace('"campaign.sqlite"', '"gone/campaign.sqlite"'),
                      encoding="utf-8")
    to_alpha = mail_orders(servers, PLAYERS["A"], _orders(host / "beta", "A").replace(
        "GAME beta", "GAME alpha"))
    to_beta = mail_orders(servers, PLAYERS["B"], _orders(host / "beta", "B"))
    result = gm_process("run", str(host), "--all", "--once")
    assert result.returncode == 0
    assert "alpha: cannot open database" in result.stderr and "Traceback" not in result.stderr
    assert len(_answers(servers, PLAYERS["B"], to_beta)) == 1
    assert [m["Message-ID"] for m in mailbox(GM, servers)] == [to_alpha]  # kept waiting
    config.write_text(good, encoding="utf-8")
    assert gm_process("run", str(host), "--all", "--once").returncode == 0
    assert len(_answers(servers, PLAYERS["A"], to_alpha)) == 1 and mailbox(GM, servers) == []


def test_a_watching_host_is_woken_by_mail_for_any_of_its_games(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    host = _host(tmp_path, servers, monkeypatch)
    watcher = subprocess.Popen([sys.executable, "-u", "-m", "gm", "run", str(host), "--all",
                                "--watch", "--interval", "3600", "--max-rounds", "2"],
                               env={**os.environ, ENV: PASSWORD}, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert watcher.stdout is not None
    assert "0 stored" in watcher.stdout.readline()  # the first round began; it idles after
    sent = mail_orders(servers, PLAYERS["B"], "GAME beta\nPLAYER B\nPASSWORD pwb\nSTATUS\n")
    out, err = watcher.communicate(timeout=300)
    assert watcher.returncode == 0, err
    assert "beta: 1 stored, 1 answered" in out
    assert len(_answers(servers, PLAYERS["B"], sent)) == 1


def test_a_host_that_deletes_the_originals_keeps_each_message_first(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """processed = "delete" in host.toml: a hosted game's message and a stray are each kept
    (without their passwords) and their originals deleted, none moved to the processed
    folder."""
    host = _host(tmp_path, servers, monkeypatch)
    with (host / "host.toml").open("a", encoding="utf-8") as config:
        config.write('processed = "delete"\n')
    mail_orders(servers, PLAYERS["A"], _orders(host / "alpha", "A"))
    mail_orders(servers, PLAYERS["C"], "GAME gamma\nPLAYER C\nPASSWORD pwc\n")
    result = gm_process("run", str(host), "--all", "--once")
    assert result.returncode == 0, result.stderr
    assert "alpha: 1 stored, 1 answered" in result.stdout
    assert "1 message(s) for no game hosted here, kept" in result.stdout
    assert mailbox(GM, servers) == []
    assert mailbox(GM, servers, f"Processed-{tmp_path.name}") == []
    opened = open_campaign(host / "alpha")
    assert [r.player for r in opened.store.orders_for(opened.row, 1, 1)] == ["A"]
    strays = b"".join(p.read_bytes() for p in host.glob("strays.sqlite*"))
    assert b"PLAYER C" in strays and b"pwc" not in strays
