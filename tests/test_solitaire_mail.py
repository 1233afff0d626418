"""A solitaire campaign played by mail to its end (issue 17), over the real servers of
tests/mailservers.py: `gm start` plays Game-Turn 1's non-Red Player-Turn and mails the Red
Player his report, the automaton's every decision explained, his Leader Determination die
rolled and a template with DEPLOY lines; each turn he mails his leaders, moves and attacks in
one message, it is answered, and the adjudication plays the rest of the Game-Turn and the
next non-Red Player-Turn and mails the next report, until 28.0 ends the game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.games.rcw.simulation.solitaire import simple_red
from tests.conftest import gm
from tests.mailhelpers import ENV, GM_DESK, clear, mail_orders, mail_table, mailbox, text_of
from tests.mailservers import PASSWORD, MailServers
from tests.rcw import rcw_data, rcw_state

RED_PLAYER = "ivan@example.org"


def _campaign(tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV, PASSWORD)
    folder = tmp_path / "alone"
    created = gm("new", str(folder), "--mode", "solitaire", "--seed", "alone",
                 "-p", f"R:Ivan:{RED_PLAYER}:pwr")
    assert "the solitaire set-up (27.0)" in created and "player R password" in created
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write(f"\n{mail_table(servers, tmp_path.name)}")
    gm("start", str(folder))
    assert "2 message(s) sent" in gm("send", str(folder))  # Ivan and the GM
    return folder


@pytest.mark.rules("18.0", "19.2", "27.31", "28.14")
def test_a_solitaire_game_by_mail_to_its_end(tmp_path: Path, servers: MailServers,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    servers.add_user(RED_PLAYER)
    folder = _campaign(tmp_path, servers, monkeypatch)
    opening, = [m for m in mailbox(RED_PLAYER, servers) if ".report.start." in m["Message-ID"]]
    text = " ".join(text_of(opening).split())  # the report's lines are wrapped
    assert "Game-Turn 1 of 7, Red Player-Turn" in str(opening["Subject"])
    # the automaton explains itself: targets and paths, each force's die, why it stopped
    assert "(start of the game, 21.24): target" in text
    assert "[non-Red movement] white force" in text and "; die " in text
    assert "Red Leader Determination: die" in text and "# DEPLOY " in text
    clear(RED_PLAYER, servers)
    rng = random.Random(17)
    for _ in range(8):  # 27.32: seven Game-Turns at most
        opened = open_campaign(folder)
        state = rcw_state(opened.latest().state)
        if state.stage == "ended":
            break
        orders = simple_red(state, rcw_data(opened.data), rng)
        sent = mail_orders(servers, RED_PLAYER, "\n".join([
            "GAME alone", "PLAYER R", "PASSWORD pwr", f"TURN {state.turn} PHASE {state.phase}",
            *(o.echo() for o in orders)]))
        assert "1 new message(s) stored, 1 answered" in gm("fetch", str(folder))
        gm("send", str(folder))
        answer, = [m for m in mailbox(RED_PLAYER, servers) if m["In-Reply-To"] == sent]
        assert (f"All {len(orders)} orders accepted" if len(orders) > 1 else
                "The order was accepted" if orders else "The message holds no orders") \
            in text_of(answer)
        assert f"Game-Turn {state.turn} of 7, Red Player-Turn adjudicated" in gm(
            "adjudicate", str(folder))
        assert "2 message(s) sent" in gm("send", str(folder))
        report, = [m for m in mailbox(RED_PLAYER, servers) if ".report." in m["Message-ID"]]
        text = " ".join(text_of(report).split())
        assert "[Game-Turn indication]" in text
        after = rcw_state(open_campaign(folder).latest().state)
        if after.stage == "play":  # the next non-Red Player-Turn, explained, and his template
            assert "[non-Red movement]" in text and "ORDERS FOR THE NEXT PHASE" in text
            assert after.turn == state.turn + 1
        clear(RED_PLAYER, servers)
        clear(GM_DESK, servers)
    final = rcw_state(open_campaign(folder).latest().state)
    assert final.stage == "ended" and final.victory in (
        "non-red decisive", "red decisive", "red substantive", "red marginal", "draw")
    assert final.turn <= 7
