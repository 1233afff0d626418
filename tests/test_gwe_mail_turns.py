"""Issue 29: Decision in Galicia played by mail for two whole Game-Turns over the real servers
of tests/mailservers.py: both players mail their DEPLOY orders (each line judged), the GM
closes the set-up, then each Phase the Phasing Player mails his orders, the other's DEFEND
stands from the one message that gave it; HELP, STATUS, REPORT TURN n PHASE p, UNITS and PRESS
answered in the game's own words; `gm run --once` reminds the Phasing Player alone before the
deadline ([schedule]) and adjudicates at it, mailing each player his own report with its map."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.deployment import read_deployment
from gm.games.gwe.exclusive.serbia_galicia.game import SERBIA_GALICIA
from gm.games.gwe.reports.planning import attacks, reach
from gm.games.gwe.rules.players import phasing_player, sides_of
from gm.games.gwe.state import GweState
from gm.games.registry import system_for
from tests.conftest import gm
from tests.mailhelpers import ENV, GM_DESK, clear, mail_orders, mail_table, mailbox, text_of
from tests.mailservers import PASSWORD, MailServers

CONRAD, IVANOV = "conrad@example.org", "ivanov@example.org"
ADDRESS = {"C": CONRAD, "E": IVANOV}
# Words of Russian Civil War that have no place in this game's mail
FOREIGN = re.compile(r"\b(Czar|Tsar|province|provinces|First Phase|Second Phase|markers?|"
                     r"Reds?|Whites?|Bolshevik|Initial Forces|trading)\b")
SCHEDULE = ('\n[schedule]\ndays_per_phase = 1\nhour = 18\ntimezone = "Europe/Vienna"\n'
            "reminder_hours = 12\n")


def _at(monkeypatch: pytest.MonkeyPatch, moment: dt.datetime) -> None:
    monkeypatch.setenv("GM_NOW", moment.isoformat())


def _state(folder: Path) -> GweState:
    state = open_campaign(folder).latest().state
    assert isinstance(state, GweState)
    return state


def _galicia() -> GweData:
    data = system_for("gwe").load_data()
    assert isinstance(data, GweData)
    return data


def _message(player: str, *lines: str, where: str | None = None) -> str:
    return "\n".join([f"GAME galicia\nPLAYER {player}\nPASSWORD pw{player.lower()}",
                      *([where] if where else []), *lines]) + "\n"


def _answer(servers: MailServers, address: str, sent: str) -> str:
    found = [m for m in mailbox(address, servers) if m["In-Reply-To"] == sent]
    assert len(found) == 1, [m["Subject"] for m in mailbox(address, servers)]
    text = text_of(found[0])
    assert not FOREIGN.search(text), text
    return text


def _a_move(state: GweState, data: GweData, side: str) -> str:
    """A MOVE of one hex into an empty hex next to it, for a unit of `side`."""
    for unit_id, where in sorted(state.on_map()):
        if data.side_of(unit_id) != side:
            continue
        for there in sorted(reach(state, data, unit_id)):
            if there in data.neighbours(where) and not state.units_in(there):
                return f"MOVE {unit_id}: {where}-{there}"
    raise AssertionError(f"no move for {side}")


def _phase_orders(state: GweState, data: GweData, side: str) -> list[str]:
    step = (state.phase - 1) % 3
    if step == 0:
        return [_a_move(state, data, side)]
    if step == 2:
        offers = attacks(state, data, side)
        return [f"ATTACK {offers[0].hex} WITH {' '.join(offers[0].attackers)}"] if offers \
            else ["# no attack this time"]
    return ["# no cavalry to follow"]


def _asked(servers: MailServers, asking: str) -> None:
    """E's REPORT, PRESS and STATUS in the Austro-Hungarian Movement Phase, answered; the
    report of Game-Turn 7's first Phase mailed to him, the press to Conrad."""
    answer = _answer(servers, IVANOV, asking)
    assert "REPORT (line 4): Game-Turn 7, Russian Player-Turn, Movement Phase is sent" in \
        " ".join(answer.split())
    assert "PRESS TO C (line 5): sent to C" in answer
    assert "Game-Turn 7, Austro-Hungarian Player-Turn, Movement Phase" in answer
    assert "Not yet from: C (Conrad)" in answer
    again, = [m for m in mailbox(IVANOV, servers) if ".again." in m["Message-ID"]]
    assert "Game-Turn 7, Russian Player-Turn, Movement Phase" in text_of(again)
    press, = [m for m in mailbox(CONRAD, servers) if "Your 1st Army is late" in text_of(m)]
    assert not FOREIGN.search(text_of(press))


@pytest.mark.rules("gwe-serbia-galicia:26.31", "gwe-serbia-galicia:26.3", "gwe:4.0", "gwe:8.9")
def test_two_game_turns_of_decision_in_galicia_by_mail(
        tmp_path: Path, servers: MailServers, monkeypatch: pytest.MonkeyPatch) -> None:
    servers.add_user(CONRAD, IVANOV)
    monkeypatch.setenv(ENV, PASSWORD)
    clock = dt.datetime(2026, 8, 20, 6, 0, tzinfo=dt.UTC)
    _at(monkeypatch, clock)
    folder = tmp_path / "galicia"
    gm("new", str(folder), "--game", "gwe", "--seed", "mail29",
       "-p", f"C:Conrad:{CONRAD}:pwc", "-p", f"E:Ivanov:{IVANOV}:pwe")
    with (folder / "campaign.toml").open("a", encoding="utf-8") as config:
        config.write(f"\n{mail_table(servers, tmp_path.name)}{SCHEDULE}")
    data = _galicia()
    defaults = read_deployment(system_for("gwe").default_data_dir())
    assert defaults is not None

    # HELP, answered without a password, in this game's words
    helped = mail_orders(servers, IVANOV, "GAME galicia\nHELP\n")
    # the set-up: the Austro-Hungarian first (26.31), each DEPLOY judged
    central = mail_orders(servers, CONRAD, _message(
        "C", f"DEPLOY AH-1-I {defaults.hexes['AH-1-I']}", "DEPLOY RU-4-XIV g0220",
        where="PHASE SETUP"))
    assert "2 new message(s) stored, 2 answered" in gm("fetch", str(folder))
    gm("send", str(folder))
    help_text = _answer(servers, IVANOV, helped)
    assert "TURN <n> PHASE <1-6>" in help_text and "DEPLOY" in help_text
    answer = _answer(servers, CONRAD, central)
    assert f"DEPLOY AH-1-I {defaults.hexes['AH-1-I']}" in answer.split("REFUSED")[0]
    assert "RU-4-XIV is not yours to deploy" in answer.split("REFUSED")[1]
    assert "the Russian Player (E) deploys now" in gm("end-deployment", str(folder))
    allied = mail_orders(servers, IVANOV, _message(
        "E", f"DEPLOY RU-4-XIV {defaults.hexes['RU-4-XIV']}", "STATUS", where="PHASE SETUP"))
    gm("fetch", str(folder))
    gm("send", str(folder))
    answer = _answer(servers, IVANOV, allied)
    assert f"DEPLOY RU-4-XIV {defaults.hexes['RU-4-XIV']}" in answer
    assert "Orders in from: E (Ivanov)" in answer
    assert "Game-Turn 7, Russian Player-Turn, Movement Phase" in gm("start", str(folder))
    gm("send", str(folder))  # the opening reports
    for user in servers.users():
        clear(user, servers)

    # the Austro-Hungarian's standing DEFEND, sent once: it stands for every Phase after
    state = _state(folder)
    held = next(str(h) for u, h in sorted(state.on_map()) if data.side_of(u) == "central")
    standing = mail_orders(servers, CONRAD, _message(
        "C", f"DEFEND {held} RESULT 1 OPTION 2", "UNITS", where="TURN 7 PHASE 1"))
    opened = clock
    reminded_once = False
    for _ in range(12):  # two whole Game-Turns, six Phases each
        state = _state(folder)
        phasing = phasing_player(state, SERBIA_GALICIA)
        assert phasing is not None
        side = sides_of(state, SERBIA_GALICIA)[phasing]
        deadline = (opened.astimezone(dt.UTC) + dt.timedelta(days=1)).replace(
            hour=16, minute=0)  # 18:00 in Vienna (summer time)
        if not reminded_once:  # no orders yet, 12 hours before: the Phasing Player alone
            _at(monkeypatch, deadline - dt.timedelta(hours=6))
            assert "1 reminded" in gm("run", str(folder), "--once")
            reminder, = [m for m in mailbox(ADDRESS[phasing], servers)
                         if "orders due" in m["Subject"]]
            said = text_of(reminder)
            assert "Game-Turn 7, Russian Player-Turn, Movement Phase" in said
            assert not FOREIGN.search(said), said
            other = "C" if phasing == "E" else "E"
            assert not [m for m in mailbox(ADDRESS[other], servers)
                        if "orders due" in m["Subject"]]
            reminded_once = True
            kept = _answer(servers, CONRAD, standing)
            assert f"DEFEND {held} RESULT 1 OPTION 2  # stands until you give another" in kept
            assert "UNITS of player C" in kept and "AH-1-I" in kept
        if (state.turn, state.phase) == (7, 4):  # the other player asks and writes
            asking = mail_orders(servers, IVANOV, _message(
                "E", "REPORT TURN 7 PHASE 1", "PRESS TO C", "Your 1st Army is late, Conrad.",
                "ENDPRESS", "STATUS"))
        _at(monkeypatch, deadline - dt.timedelta(hours=3))
        sent = mail_orders(servers, ADDRESS[phasing], _message(
            phasing, *_phase_orders(state, data, side),
            where=f"TURN {state.turn} PHASE {state.phase}"))
        ran = gm("run", str(folder), "--once")
        assert "0 reminded" in ran and "adjudicated" not in ran, ran
        answer = _answer(servers, ADDRESS[phasing], sent)
        assert "REFUSED" not in answer, answer
        if (state.turn, state.phase) == (7, 4):
            _asked(servers, asking)
            clear(IVANOV, servers)
            clear(CONRAD, servers)
        _at(monkeypatch, deadline + dt.timedelta(minutes=5))
        ran = gm("run", str(folder), "--once")
        assert "adjudicated" in ran, ran
        for letter, address in ADDRESS.items():
            report, = [m for m in mailbox(address, servers) if ".report." in m["Message-ID"]]
            said = text_of(report)
            assert not FOREIGN.search(said), said
            assert f"player {letter} (you)" in said
            assert any(p.get_content_type() == "image/png" for p in report.walk())
            # the standing DEFEND, in its writer's report only (ruling G56), Phase after Phase
            assert (f"DEFEND {held} RESULT 1 OPTION 2" in said) == (letter == "C"), said
            clear(address, servers)
        opened = deadline + dt.timedelta(minutes=5)
    after = _state(folder)
    assert (after.turn, after.phase) == (9, 1)
    clear(GM_DESK, servers)
