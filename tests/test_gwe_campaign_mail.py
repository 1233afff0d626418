"""Issue 28/29: a Decision in Galicia campaign by mail, over the real servers of
tests/mailservers.py: the Phasing Player mails his orders, his answer judges each line (a
refused one with its case), the Phase is adjudicated and each player's report is mailed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import gm
from tests.gwe_campaign import galician_campaign, galician_state
from tests.mailhelpers import ENV, GM_DESK, clear, mail_orders, mail_table, mailbox, text_of
from tests.mailservers import PASSWORD, MailServers

RUSSIAN, AUSTRIAN = "ivan@example.org", "franz@example.org"


@pytest.mark.rules("gwe:4.0", "gwe:5.0", "gwe:8.11")
def test_the_phasing_player_mails_his_orders_and_each_line_is_judged(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    servers.add_user(RUSSIAN, AUSTRIAN)
    monkeypatch.setenv(ENV, PASSWORD)
    places = {"RU-4-XIV": "g0416", "RU-4-HQ": "g0315", "AH-1-I": "g0418"}
    folder = galician_campaign(tmp_path / "lemberg", galician_state(places),
                               mail=mail_table(servers, tmp_path.name),
                               addresses=(RUSSIAN, AUSTRIAN))
    sent = mail_orders(servers, RUSSIAN, "\n".join([
        "GAME lemberg", "PLAYER A", "PASSWORD pa", "TURN 7 PHASE 1",
        "MOVE RU-4-XIV: g0416-g0417",
        "MOVE RU-4-HQ: g0315-g0417",  # a hex not next to it
        "ATTACK g0418 WITH RU-4-XIV"]))  # not in the Movement Phase
    assert "1 new message(s) stored, 1 answered" in gm("fetch", str(folder))
    gm("send", str(folder))
    answer, = [m for m in mailbox(RUSSIAN, servers) if m["In-Reply-To"] == sent]
    text = text_of(answer)
    assert "line 5: MOVE RU-4-XIV: g0416-g0417" in text.split("REFUSED")[0]
    refused = text.split("REFUSED")[1]
    assert "line 6, column 1: g0417 is not next to g0315 (5.0)" in refused
    assert "line 7, column 1: ATTACK is given in your Combat Phase, not in the Movement " \
           "Phase (4.0, 8.11)" in " ".join(refused.split())
    clear(RUSSIAN, servers)

    done = gm("adjudicate", str(folder))
    assert "Game-Turn 7, Russian Player-Turn, Cavalry Withdrawal Before Combat Phase is open" \
        in done
    assert "3 message(s) sent" in gm("send", str(folder))  # two players and the GM
    for address in (RUSSIAN, AUSTRIAN):
        report, = [m for m in mailbox(address, servers) if ".report." in m["Message-ID"]]
        said = text_of(report)
        assert "Game-Turn 7, Russian Player-Turn, Movement Phase" in said
        assert "RU-4-XIV: 1 step(s) ordered, ends in g0417" in " ".join(said.split())
        clear(address, servers)
    clear(GM_DESK, servers)
