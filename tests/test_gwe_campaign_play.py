"""Issues 28/29: a Decision in Galicia campaign played Phase by Phase by order files (`gm
orders record`, `gm adjudicate`): each line judged at once with its case, the Phasing Player
awaited alone, the other's standing orders kept, the attacks resolved, the Game-Turn Record
Interphase's Victory Points (Serbia/Galicia 25.13) and the game's end after Game-Turn 13
(26.3) at its level of victory (25.3)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gm.app.campaign import open_campaign
from gm.cli import cli
from gm.core.errors import GameError
from gm.games.gwe.state import GweState
from tests.gwe_campaign import GALICIA, galician_campaign, galician_state

# The Russian 4th Army's XIV and XVI Corps and its HQ against the Austro-Hungarian I Corps
FRONT = {"RU-4-XIV": "g0416", "RU-4-XVI": "g0416", "RU-4-HQ": "g0315", "AH-1-I": "g0418",
         "AH-1-HQ": "g0519"}


def gm(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def orders(folder: Path, name: str, player: str, phase: str, *lines: str) -> Path:
    path = folder.parent / name
    path.write_text("\n".join([f"GAME {folder.name}", f"PLAYER {player}",
                               f"PASSWORD p{player.lower()}", phase, *lines]) + "\n",
                    encoding="utf-8")
    return path


def state(folder: Path) -> GweState:
    found = open_campaign(folder).latest().state
    assert isinstance(found, GweState)
    return found


@pytest.mark.rules("gwe:4.0", "gwe:5.0", "gwe:8.9", "gwe-serbia-galicia:4.0")
def test_a_russian_player_turn_played_phase_by_phase(tmp_path: Path) -> None:
    folder = galician_campaign(tmp_path / "galicia", galician_state(FRONT))
    status = gm("status", str(folder)).output
    assert "Game-Turn 7, Russian Player-Turn, Movement Phase" in status
    assert "waiting for: A (Player A)" in status  # the Phasing Player alone (ruling G50)
    moves = orders(folder, "a1.txt", "A", "TURN 7 PHASE 1",
                   "MOVE RU-4-XIV RU-4-XVI: g0416-g0417",
                   "MOVE RU-4-HQ: g0315-g0418")  # not next to it: refused at once
    defend = orders(folder, "b1.txt", "B", "TURN 7 PHASE 1",
                    "DEFEND g0418 RESULT 1 OPTION 2 RETREAT g0418-g0519")
    recorded = gm("orders", "record", str(folder), str(moves), str(defend))
    assert recorded.exit_code == 1  # a line of A's was refused
    assert "line 6, column 1: g0418 is not next to g0315 (5.0)" in recorded.output
    assert "DEFEND g0418 RESULT 1 OPTION 2 RETREAT g0418-g0519  # stands until you give " \
           "another for it" in recorded.output
    done = gm("adjudicate", str(folder)).output
    assert "A line 5: succeeded" in done and "A line 6: illegal (5.0)" in done
    after = state(folder)
    assert after.unit("RU-4-XIV").hex == after.unit("RU-4-XVI").hex == "g0417"
    assert after.unit("RU-4-HQ").hex == "g0315"
    assert (after.turn, after.phase) == (7, 2)
    assert "Cavalry Withdrawal Before Combat Phase is open" in done
    assert "waiting for: A" in gm("status", str(folder)).output

    gm("adjudicate", str(folder))  # no cavalry to withdraw, no orders: the Combat Phase opens
    attack = orders(folder, "a3.txt", "A", "TURN 7 PHASE 3",
                    "ATTACK g0418 WITH RU-4-XIV RU-4-XVI")
    assert gm("orders", "record", str(folder), str(attack)).exit_code == 0
    fought = gm("adjudicate", str(folder)).output
    assert "A line 5: succeeded (8.4, 8.8, 10.21, 18.2, G41, 8.9, 8.62, 25.2): ATTACK g0418 " \
        "WITH RU-4-XIV RU-4-XVI -- attack 8 against defense 6" in fought
    # RU-4-HQ shifts 1-1 to 2-1 (10.21); AH-1-HQ shifts it back for the defender (18.2, G41)
    assert "odds shifted 1 left to 1-1 (gwe-serbia-galicia:18.2, ruling G41)" in fought
    assert "die 2: 1/1 (8.8)" in fought
    # B sent nothing for this Phase: his DEFEND of Phase 1 stood and was taken (G25, G52)
    assert "B line 5: succeeded (8.9, G25): DEFEND g0418 RESULT 1 OPTION 2 RETREAT " \
        "g0418-g0519 -- standing, from your message of Game-Turn 7 Phase 1, line 5: taken in " \
        "the attack on g0418" in fought
    campaign = open_campaign(folder)
    last = campaign.store.entries(campaign.row)[-1]
    assert last.action == "adjudicate 7.3"
    assert [o["kind"] for o in last.detail["orders"]["B"]] == ["defend"]
    now = state(folder)
    assert now.unit("AH-1-I").hex == "g0519"  # result 1, option 2 as ordered: retreated
    assert now.unit("RU-4-XIV").steps_lost == 2  # result 1 for the attacker
    # 25.14, 25.2: the Russian Steps lost in combat cost the Allies a point each
    assert "RU-4-XIV: 2 Step(s) lost in combat: -2 VP, the Allied Victory Point Total 33 " \
        "(gwe-serbia-galicia:25.2)" in fought
    assert now.vp == 33
    assert (now.turn, now.phase) == (7, 4)
    status = gm("status", str(folder)).output
    assert "Game-Turn 7, Austro-Hungarian Player-Turn, Movement Phase" in status
    assert "waiting for: B (Player B)" in status


def kowel_worth_five(tmp_path: Path) -> Path:
    """A GM's own copy of the galician data set in which Kowel yields the Allies 5 Victory
    Points: on the reconstructed map every printed town and pass lies beyond the other side's
    Supply Range, so that no award would ever be made in a test."""
    copy = tmp_path / "galicia-data"
    shutil.copytree(GALICIA, copy)
    map_file = copy / "map.yaml"
    text = map_file.read_text(encoding="utf-8")
    assert 'city: {name: "Kowel", vp: -5}' in text
    map_file.write_text(text.replace('city: {name: "Kowel", vp: -5}',
                                     'city: {name: "Kowel", vp: 5}'), encoding="utf-8")
    return copy


@pytest.mark.rules("gwe:4.0", "gwe-serbia-galicia:25.13", "gwe-serbia-galicia:25.3",
                   "gwe-serbia-galicia:26.3")
def test_the_interphase_awards_its_points_and_the_game_ends_after_game_turn_13(
        tmp_path: Path) -> None:
    places = {**FRONT, "RU-9-XVIII": "g0108"}  # the Russians hold Kowel, in supply
    folder = galician_campaign(tmp_path / "galicia", galician_state(places, turn=12, phase=6),
                               data_dir=kowel_worth_five(tmp_path))
    assert "waiting for: B (Player B)" in gm("status", str(folder)).output
    done = gm("adjudicate", str(folder)).output  # B attacks nothing: the Interphase follows
    assert "Kowel (g0108): +5 VP to the allied side (25.11) (gwe-serbia-galicia:25.13)" in done
    assert "the Allied Victory Point Total: 35 +5 = 40 (gwe-serbia-galicia:25.13, 25.2)" in done
    after = state(folder)
    assert (after.turn, after.phase, after.vp, after.stage) == (13, 1, 40, "play")
    assert "Game-Turn 13, Russian Player-Turn, Movement Phase" in done

    for _ in range(6):  # the six Phases of Game-Turn 13, the last (26.3): nobody gives orders
        done = gm("adjudicate", str(folder)).output
    assert "the Allied Victory Point Total: 40 +5 = 45" in done
    assert ("Decision in Galicia ends with Game-Turn 13 (gwe-serbia-galicia:26.3): Allied "
            "Substantive, the Allied Victory Point Total 45 (gwe-serbia-galicia:25.3)") in done
    ended = state(folder)
    assert (ended.stage, ended.victory, ended.vp) == ("ended", "Allied Substantive", 45)
    campaign = open_campaign(folder)
    assert campaign.system.victory_title(ended) == (
        "Allied Substantive victory (Serbia/Galicia 25.3, 26.3), the Allied Victory Point "
        "Total 45.")
    ranking = campaign.system.final_ranking(ended, campaign.data)
    assert [(p.place, p.player, p.points) for p in ranking] == [(1, "A", 2), (2, "B", -2)]
    refused = CliRunner().invoke(cli, ["adjudicate", str(folder)])
    assert refused.exit_code == 1
    assert "the game is over: Allied Substantive victory" in str(refused.exception)


def test_a_player_may_not_quit_a_two_player_game(tmp_path: Path) -> None:
    folder = galician_campaign(tmp_path / "galicia", galician_state(FRONT))
    campaign = open_campaign(folder)
    with pytest.raises(GameError, match="a two-player game"):
        campaign.system.quit_player(campaign.latest().state, campaign.data, "B")


def test_help_sends_forms_the_grammar_reads_on_the_galician_data_set() -> None:
    from gm.games.gwe.data.dataset import GweData
    from gm.games.gwe.grammar.names import Names
    from gm.games.gwe.grammar.parser import parse_line
    from gm.games.gwe.orders.model import Order
    from gm.games.registry import system_for

    system = system_for("gwe")
    data = system.load_data()
    assert isinstance(data, GweData)
    names = Names(data)
    lines = [line.split("#")[0].strip() for line in system.order_forms().splitlines()
             if not line.endswith(":")]
    assert len(lines) > 15
    for number, line in enumerate(lines, 1):
        assert isinstance(parse_line(line, number, names), Order), line
