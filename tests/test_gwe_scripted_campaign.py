"""Issue 29: the scripted Decision in Galicia campaign (fixtures/gwe-campaign) played through the
CLI from its set-up to its end after Game-Turn 13, as a GM plays it by order files: the lines
refused at once, a rail move with its entrainment roll, attacks with HQ shifts for both sides,
standing orders taken, a REPLACE, the Victory Point Index after the Interphases, the level of
victory and the ranking; and every report of it pinned by digest (text, HTML, JSON; the GM's
and each player's).

To accept a deliberate change of the reports: GM_UPDATE_GOLDEN=1 pytest
tests/test_gwe_scripted_campaign.py tests/test_gwe_scripted_reports.py"""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.games.gwe.state import GweState
from gm.reporting.model import Report
from gm.reporting.picture import picture
from tests.gwe_scripted import GOLDEN, Step, digests, pinned, play


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Step]]:
    folder = tmp_path_factory.mktemp("scripted") / "dig"
    return folder, list(play(folder))


def said(steps: list[Step], turn: int, phase: int, command: str = "adjudicate") -> str:
    return "".join(s.output for s in steps
                   if (s.turn, s.phase) == (turn, phase) and s.command[0] == command)


def vp_after(folder: Path, turn: int, phase: int) -> int | None:
    campaign = open_campaign(folder)
    entry = next(e for e in campaign.store.entries(campaign.row)
                 if e.action == f"adjudicate {turn}.{phase}")
    state = campaign.store.state_at(campaign.row, entry.seq).state
    assert isinstance(state, GweState)
    return state.vp


@pytest.mark.rules("gwe-serbia-galicia:26.31", "gwe-serbia-galicia:26.32", "gwe:5.0",
                   "gwe:8.12", "gwe:5.4", "gwe:10.42", "gwe:10.31", "gwe-serbia-galicia:17.11",
                   "gwe:10.21", "gwe:10.52")
def test_the_set_up_and_the_first_game_turn(played: tuple[Path, list[Step]]) -> None:
    _, steps = played
    setup = [s for s in steps if s.turn == 0]
    assert [s.exit_code for s in setup] == [0, 1, 0, 0, 0]  # C's reinforcement refused
    assert "AH-2-IV is a reinforcement (Game-Turn 8)" in setup[1].output
    assert "C line 6: succeeded: AH-1-I AH-1-3C set up in g0222" in setup[2].output
    assert "Game-Turn 7, Russian Player-Turn, Movement Phase begins" in setup[4].output
    assert "RU-8-SD1 in g1207: die 2, reduced 1 Step(s), eliminated (26.32)" in setup[4].output
    assert "RU-5-1DC in g0416: die 2, reduced 1 Step(s) (26.32)" in setup[4].output
    recorded = next(s for s in steps if s.command[-1] == "orders/t07p1-E.txt")
    assert recorded.exit_code == 1 and "g0418 is not next to g0220 (5.0)" in recorded.output
    moved = said(steps, 7, 1)
    assert "RU-5-HQ: 2 Movement Points to enter g0415, 1 left (5.14, 5.17); RU-5-HQ ends " \
        "in g0515" in moved
    # the reduced cavalry division may not attack (8.12): refused when recorded
    recorded = next(s for s in steps if s.command[-1] == "orders/t07p3-E.txt")
    assert recorded.exit_code == 1 and "RU-5-1DC has no Attack Strength (8.12, 10.51)" in \
        recorded.output
    fought = said(steps, 7, 3)
    for part in ("RU-5-XIX: attacks across a river, halved (5.4)",
                 "RU-4-XVI: out of Command Control, Attack Strength 4 halved to 2 (10.42)",
                 "attack 4 against defense 5", "odds 1-2 (8.4, 10.21); die 2: 1/1 (8.8)",
                 "retreat from g0417: by g0517 g0616", "RU-5-XIX advances into g0417 (8.71)",
                 "RU-4-XVI: 3 Step(s) lost in combat: -3 VP, the Allied Victory Point Total 32"):
        assert part in fought, part
    assert vp_after(played[0], 7, 3) == 32
    railed = said(steps, 7, 4)
    assert "C line 6: illegal (10.31): COMMAND AH-3-HQ: AH-3-4C -- AH-3-4C is not on the map" \
        in railed
    assert "17.11 entrainment of AH-3-11C at g1412: die 6, entrains" in railed
    assert "AH-3-11C detrains in g1712 (5.34)" in railed
    assert "RU-5-HQ displaces to g0614 (10.52)" in railed
    counter = said(steps, 7, 6)
    for part in ("AH-1-HQ: shifts 1 column(s) right (10.21); odds 3-1, shifted 1 to 4-1",
                 "AH-1-37H advances into g0122 (8.71)",
                 "RU-4-13C: 1 Step(s) lost in combat, eliminated: -3 VP, the Allied Victory "
                 "Point Total 31", "retreat from g1409: by g1309 g1208",
                 "the Allied Victory Point Total: 31 +0 = 31 (gwe-serbia-galicia:25.13, 25.2)"):
        assert part in counter, part
    assert vp_after(played[0], 7, 6) == 31  # the Interphase awarded nothing (25.13)


@pytest.mark.rules("gwe-serbia-galicia:11.0", "gwe:9.23", "gwe:8.8", "gwe:8.9", "gwe:8.75")
def test_game_turn_8(played: tuple[Path, list[Step]]) -> None:
    _, steps = played
    assert "RU-8-VII: attrition die 1, loses 1 Step(s), eliminated (9.23)" in said(steps, 8, 3)
    assert "attack on g2008 not made: below 1-3 (8.8)" in said(steps, 8, 3)
    assert "C line 7: failed (11.0): REPLACE AH-4-XIV -- AH-4-XIV: RU-5-HQ is fewer than six " \
        "hexes away (gwe-serbia-galicia:11.0)" in said(steps, 8, 4)
    counter = said(steps, 8, 6)
    assert "Ils ne passeront pas: no attacking unit may advance (8.75)" in counter
    assert "E line 11: succeeded (8.9, G25): DEFEND g0416 RESULT 1 OPTION 2 -- standing, from " \
        "your message of Game-Turn 7 Phase 1, line 11: taken in the attack on g0416" in counter
    assert "RU-5-1DC: 1 Step(s) lost in combat, eliminated: -3 VP, the Allied Victory Point " \
        "Total 28" in counter
    assert all(s.exit_code == 0 for s in steps if s.command[0] == "adjudicate")


@pytest.mark.rules("gwe:4.0", "gwe:10.4", "gwe:6.14", "gwe:12.12", "gwe-serbia-galicia:18.2",
                   "gwe:10.53", "gwe-serbia-galicia:25.2", "gwe-serbia-galicia:25.3",
                   "gwe-serbia-galicia:26.3")
def test_game_turns_9_to_13_and_the_end(played: tuple[Path, list[Step]]) -> None:
    folder, steps = played
    assert "RU-5-1DC is not on the map (5.0)" in said(steps, 9, 1, "orders")
    assert "AH-2-IV: out of Command Control, may not move (4.0 A.1d, 10.4); AH-2-IV ends in " \
        "g3020" in said(steps, 9, 4)
    assert "attack on g0318 not made: below 1-2 (8.8)" in said(steps, 9, 6)
    assert vp_after(folder, 9, 6) == 28
    # the 9th Army's HQ and a depot enter Lublin, where the Guards and XVIII Corps stayed (6.14)
    entered = said(steps, 10, 1)
    assert "RU-9-HQ: over the Stacking limit in g0120, eliminated (6.14)" in entered
    assert "RU-9-SD1: over the Stacking limit in g0120, eliminated (6.14)" in entered
    # E's WITHDRAW of Phase 10.1 stood, and was tried in C's Cavalry Withdrawal Phase (G25)
    assert "WITHDRAW RU-3-10C -- standing, from your message of Game-Turn 10 Phase 1, line 8: " \
        "RU-3-10C: die 4, withdraws (12.12)" in said(steps, 10, 5)
    fought = said(steps, 10, 6)
    for part in ("AH-4-HQ: shifts 1 column(s) right (10.21); odds 1-2, shifted 1 to 1-1",
                 "RU-5-HQ: shifts 1 column(s) left for the defender (gwe-serbia-galicia:18.2)",
                 "E line 7: succeeded (8.9, G25): DEFEND g0713 RESULT 1 OPTION 1 RESULT 2 "
                 "OPTION 1 -- standing",
                 "AH-4-VI: 2 Step(s) lost in combat: +4 VP, the Allied Victory Point Total 32"):
        assert part in fought, part
    fought = said(steps, 12, 6)
    for part in ("defender: result 1, option 1 as ordered (8.9)",
                 "RU-5-HQ: its stack eliminated, eliminated too (10.53)",
                 "RU-5-V: 1 Step(s) lost in combat, eliminated: -5 VP, the Allied Victory Point "
                 "Total 29"):
        assert part in fought, part
    end = said(steps, 13, 6)
    assert ("Decision in Galicia ends with Game-Turn 13 (gwe-serbia-galicia:26.3): Allied "
            "Marginal, the Allied Victory Point Total 29 (gwe-serbia-galicia:25.3)") in end
    campaign = open_campaign(folder)
    state = campaign.latest().state
    assert isinstance(state, GweState)
    assert (state.stage, state.victory, state.vp) == ("ended", "Allied Marginal", 29)
    assert state.unit("AH-3-11C").hex == "g1711" and state.unit("RU-3-X").hex == "g1310"
    assert state.unit("RU-5-1DC").place == state.unit("RU-5-HQ").place == "eliminated"
    ranking = campaign.system.final_ranking(state, campaign.data)
    assert [(p.place, p.player) for p in ranking] == [(1, "E"), (2, "C")]


def test_every_report_of_game_turns_10_to_13_is_as_pinned(
        played: tuple[Path, list[Step]]) -> None:
    """The reports of the set-up to Game-Turn 9 are pinned by test_gwe_scripted_reports.py,
    which plays that far on the other worker."""
    built: dict[str, Report] = {}
    pinned(GOLDEN / "gwe-campaign-reports-late.sha256", digests(played[0], built, (10, 1)))
    # one PNG, the end's map as player E's mail carries it (one per report would cost more
    # than all the rest; tests/test_gwe_reports.py checks the picture itself)
    png = picture(built["E"])
    assert png is not None and png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])
    assert width > 0 and height > 0
