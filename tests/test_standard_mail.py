"""A 4-player standard-game campaign by mail for two Game-Turns (issue 16), over the real
servers of tests/mailservers.py: each Player-Turn the Phasing Player mails his orders, they are
answered, the Player-Turn is adjudicated and its report goes to every player, opening the next
Player-Turn with its Random Events and the next Phasing Player's template."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.games.rcw.simulation.generate import random_first_phase_orders
from tests.conftest import gm
from tests.mailhelpers import ENV, GM_DESK, clear, mail_orders, mail_table, mailbox, text_of
from tests.mailservers import PASSWORD, MailServers
from tests.rcw import rcw_data, rcw_state

PLAYERS = {"A": "anna@example.org", "B": "boris@example.org", "C": "clara@example.org",
           "D": "dmitri@example.org"}


def _campaign(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV, PASSWORD)
    folder = tmp_path / "fourway"
    gm("new", str(folder), "--mode", "standard", "--seed", "four", *[
        arg for letter, address in PLAYERS.items()
        for arg in ("-p", f"{letter}:{letter}:{address}:pw{letter.lower()}")])
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write(f"\n{mail_table(servers, tmp_path.name)}")
    gm("end-trading", str(folder))
    gm("start", str(folder))
    gm("send", str(folder))
    return folder


def test_two_game_turns_of_player_turns_by_mail(tmp_path: Path, servers: MailServers,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    servers.add_user(PLAYERS["D"])
    folder = _campaign(tmp_path, servers, monkeypatch)
    for address in PLAYERS.values():
        opening = [m for m in mailbox(address, servers) if ".report.start." in m["Message-ID"]]
        assert len(opening) == 1 and "Player-Turn 1 (player" in str(opening[0]["Subject"])
        clear(address, servers)
    rng = random.Random(16)
    for _ in range(2 * len(PLAYERS)):
        opened = open_campaign(folder)
        state = rcw_state(opened.latest().state)
        phasing = state.phasing_player()
        assert phasing is not None
        orders = random_first_phase_orders(state, rcw_data(opened.data), phasing, rng)
        sent = mail_orders(servers, PLAYERS[phasing], "\n".join([
            "GAME fourway", f"PLAYER {phasing}", f"PASSWORD pw{phasing.lower()}",
            f"TURN {state.turn} PHASE {state.phase}", *(o.echo() for o in orders)]))
        assert "1 new message(s) stored, 1 answered" in gm("fetch", str(folder))
        gm("send", str(folder))
        answer, = [m for m in mailbox(PLAYERS[phasing], servers) if m["In-Reply-To"] == sent]
        assert "ACCEPTED, as understood" in text_of(answer)
        done = gm("adjudicate", str(folder))
        assert f"Player-Turn {state.phase} (player {phasing}) adjudicated" in done
        assert "5 message(s) sent" in gm("send", str(folder))  # four players and the GM
        after = rcw_state(open_campaign(folder).latest().state)
        for letter, address in PLAYERS.items():
            report, = [m for m in mailbox(address, servers) if ".report." in m["Message-ID"]]
            text = text_of(report)
            assert f"Player-Turn {state.phase} (player {phasing})" in text
            if letter == after.phasing_player():  # his template: his moves (5.21)
                assert "# MOVE " in text or "# RAIL " in text
            clear(address, servers)
        clear(GM_DESK, servers)
    assert (after.turn, after.phase) == (3, 1)


def test_a_player_asks_again_for_any_player_turn_by_mail(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    """REPORT TURN n PHASE p names a Player-Turn of the standard game, 1 to 6 (4.2): the
    phases a message may name are the game's, as its mode has them."""
    servers.add_user(PLAYERS["D"])
    folder = _campaign(tmp_path, servers, monkeypatch)
    for _ in range(3):  # Player-Turns 1 to 3 of Game-Turn 1, without orders
        gm("adjudicate", str(folder))
    gm("send", str(folder))
    clear(PLAYERS["A"], servers)
    sent = mail_orders(servers, PLAYERS["A"], "GAME fourway\nPLAYER A\nPASSWORD pwa\n"
                       "REPORT TURN 1 PHASE 3\nREPORT TURN 1 PHASE 7\n")
    gm("fetch", str(folder))
    gm("send", str(folder))
    answer, = [m for m in mailbox(PLAYERS["A"], servers) if m["In-Reply-To"] == sent]
    text = text_of(answer)
    assert "REPORT TURN <n> PHASE <1-6> (the Player-Turn)" in text  # PHASE 7: no such
    assert "REPORT TURN <n> PHASE <1|2>" not in text
    again = [m for m in mailbox(PLAYERS["A"], servers) if ".report.again." in m["Message-ID"]]
    assert len(again) == 1
    phasing = rcw_state(open_campaign(folder).latest().state).sequence[2]
    assert f"Player-Turn 3 (player {phasing})" in text_of(again[0])
