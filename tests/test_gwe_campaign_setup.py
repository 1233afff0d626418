"""A Decision in Galicia campaign made and set up (Serbia/Galicia 26.3, issue 28): `gm new
--game gwe`, the Austro-Hungarian then the Russian DEPLOY orders (26.31) judged line by line,
each deployment closed by the GM with its attrition rolled (26.32), `gm start` opening the
Allied Player-Turn of Game-Turn 7, `gm show` by hex; and a set-up defaulted from
deployment.yaml."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gm.app.campaign import open_campaign
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.deployment import read_deployment
from gm.games.gwe.state import GweState
from gm.games.gwe.system import GreatWarInTheEast
from tests.conftest import gm

PLAYERS = ("-p", "C:Conrad:conrad@example.org:pwc", "-p", "E:Ivanov:ivanov@example.org:pwe")
# The 2nd Army's corps spread so that its whole sector is covered (the even spread leaves
# g2508 and g2907 open: the refused close below).


def run_gm(*args: str) -> subprocess.CompletedProcess[str]:
    """The entry point in a fresh process (errors on stderr, exit code)."""
    return subprocess.run([sys.executable, "-m", "gm", *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"}, check=False)



def deploy_message(player: str, password: str, placed: dict[str, str]) -> str:
    by_hex: dict[str, list[str]] = {}
    for unit_id, where in sorted(placed.items()):
        by_hex.setdefault(where, []).append(unit_id)
    return (f"GAME east\nPLAYER {player}\nPASSWORD {password}\nPHASE SETUP\n" + "".join(
        f"DEPLOY {' '.join(units)} {where}\n" for where, units in sorted(by_hex.items())))


def state_of(folder: Path) -> GweState:
    state = open_campaign(folder).latest().state
    assert isinstance(state, GweState)
    return state


@pytest.mark.rules("gwe-serbia-galicia:26.3", "gwe-serbia-galicia:26.33")
def test_gm_new_makes_a_decision_in_galicia_campaign_and_refuses_what_it_is_not(
        tmp_path: Path) -> None:
    made = gm("new", str(tmp_path / "east"), "--game", "gwe", "--scenario",
              "decision-in-galicia", "--seed", "g28", *PLAYERS)
    assert "the Austro-Hungarian deployment" in made and "Victory Point Index: 35" in made
    state = state_of(tmp_path / "east")
    assert (state.turn, state.vp, state.scenario, state.stage) == \
        (7, 35, "decision-in-galicia", "ah-deployment")
    assert not list(state.on_map())  # the set-up is by DEPLOY
    assert GreatWarInTheEast().state_from_json(state.to_json()) == state
    for args, said in (
            (("--scenario", "tannenberg", *PLAYERS),
             "no scenario 'tannenberg'; its scenarios: decision-in-galicia"),
            (("-p", "A:Anna:a@example.org", "-p", "E:Ivan:e@example.org"),
             "C (central) and E (allied)"),
            (("-p", "C:Conrad:c@example.org"), "at least two players")):
        refused = run_gm("new", str(tmp_path / "other"), "--game", "gwe", *args)
        assert refused.returncode == 1 and said in refused.stderr, refused.stderr
        assert "Traceback" not in refused.stderr
        assert not (tmp_path / "other").exists()
    refused = run_gm("new", str(tmp_path / "civil"), "--scenario", "decision-in-galicia",
                     "-p", "A:a:a@x.org", "-p", "B:b:b@x.org", "-p", "C:c:c@x.org")
    assert refused.returncode == 1 and "has no scenarios to choose from" in refused.stderr


@pytest.mark.rules("gwe-serbia-galicia:26.31", "gwe-serbia-galicia:26.32",
                   "gwe-serbia-galicia:26.3", "gwe-serbia-galicia:6.11")
def test_both_deployments_recorded_closed_with_attrition_then_play_opens(
        tmp_path: Path, galicia: GweData) -> None:
    folder = tmp_path / "east"
    gm("new", str(folder), "--game", "gwe", "--seed", "g28", *PLAYERS)
    early = tmp_path / "early.txt"  # the Russian deploys second (26.31)
    early.write_text(deploy_message("E", "pwe", {"RU-4-XIV": "g0220"}), encoding="utf-8")
    refused = run_gm("orders", "record", str(folder), str(early))
    assert refused.returncode == 1 and "only player C's DEPLOY orders" in refused.stdout
    faults = tmp_path / "faults.txt"
    faults.write_text("GAME east\nPLAYER C\nPASSWORD pwc\nPHASE SETUP\n"
                      "DEPLOY RU-4-XIV g0220\n"  # not his
                      "DEPLOY AH-2-IV g1909\n"  # a reinforcement
                      "DEPLOY AH-1-I g1011\n"  # the 3rd Army's sector
                      "DEPLOY AH-1-I AH-1-V AH-1-X g0322\n"  # 3 corps: 12 Stacking Points
                      "MOVE AH-1-I: g0322-g0323\n", encoding="utf-8")
    answer = run_gm("orders", "record", str(folder), str(faults)).stdout
    for said in ("RU-4-XIV is not yours to deploy", "AH-2-IV is a reinforcement",
                 "g1011 is not on the start line within the AH 1 Army's boundaries",
                 "g0322 would hold 12 Stacking Points, over the limit of 9",
                 "only DEPLOY orders are given in the set-up"):
        assert said in answer, answer
    # the 2nd Army's four units stacked at one end of its sector leave the other end open:
    # the close is refused, each open hex named (26.31), and nothing is done
    stacked = tmp_path / "stacked.txt"
    stacked.write_text("GAME east\nPLAYER C\nPASSWORD pwc\nPHASE SETUP\n"
                       "DEPLOY AH-2-XII AH-2-38H AH-2-43LW g1710\nDEPLOY AH-2-1C g1809\n",
                       encoding="utf-8")
    assert "recorded: player C's message counts" in gm("orders", "record", str(folder),
                                                       str(stacked))
    refused = run_gm("end-deployment", str(folder))
    assert refused.returncode == 1 and "Traceback" not in refused.stderr
    assert "the Austro-Hungarian deployment cannot be closed" in refused.stderr
    assert "g2108: a start-line hex not covered" in refused.stderr
    assert state_of(folder).stage == "ah-deployment"
    # put back where the scenario's defaults have them (deployment.yaml), the rest defaulted
    defaults = read_deployment(GreatWarInTheEast().default_data_dir())
    assert defaults is not None
    back = {u: str(defaults.hexes[u]) for u in ("AH-2-XII", "AH-2-38H", "AH-2-43LW",
                                                "AH-2-1C")}
    central = tmp_path / "central.txt"
    central.write_text(deploy_message("C", "pwc", back), encoding="utf-8")
    gm("orders", "record", str(folder), str(central))
    closed = gm("end-deployment", str(folder))
    assert "the Russian Player (E) deploys now" in closed
    state = state_of(folder)
    assert state.stage == "ru-deployment"
    assert state.unit("AH-2-43LW").place == "eliminated" or \
        state.unit("AH-2-43LW").hex == str(defaults.hexes["AH-2-43LW"])
    allied = tmp_path / "allied.txt"  # the Russian on his side of the line, beside it
    allied.write_text(deploy_message("E", "pwe", {"RU-4-XIV": "g0220"}), encoding="utf-8")
    assert "recorded: player E's message counts" in gm("orders", "record", str(folder),
                                                       str(allied))
    entries = [json.loads(line) for line in gm("history", str(folder), "--json").splitlines()]
    rolls = {e["action"]: [d["purpose"] for d in e["dice"]] for e in entries}
    assert f"26.32 attrition of AH-1-I in {defaults.hexes['AH-1-I']}" in rolls["end-deployment"]
    assert not any("-HQ" in p for p in rolls["end-deployment"])  # ruling G28
    history = gm("history", str(folder))
    assert "the Austro-Hungarian deployment closed (Serbia/Galicia 26.31); AH-" in history
    assert "(26.32)" in history
    # the Russian deployment closed, the rest of it defaulted, its attrition rolled: play
    # opens at the Russian Player-Turn of Game-Turn 7 (26.3; Serbia/Galicia 4.0)
    started = gm("start", str(folder))
    assert "Game-Turn 7, Russian Player-Turn, Movement Phase" in started
    state = state_of(folder)
    assert (state.stage, state.turn, state.phase, state.vp) == ("play", 7, 1, 35)
    assert state.sides == {"C": "central", "E": "allied"}
    assert "waiting for: E" in gm("status", str(folder))
    assert "26.32 attrition of RU-4-XIV in g0220" in gm("history", str(folder), "--json")
    shown = gm("show", str(folder))
    assert shown.startswith("Campaign east: Game-Turn 7, Russian Player-Turn, Movement Phase")
    assert "\ng0220:\n" in shown and "Victory Point Index: 35" in shown
    one = gm("show", str(folder), "g0220")
    assert one.startswith("g0220:\n") and "RU-4-XIV" in one and "AH-" not in one
    assert "Duka Pass (g1825) +4 VP" in gm("show", str(folder), "g1825")
    missing = run_gm("show", str(folder), "g9999")
    assert missing.returncode == 1 and "g9999 is not a hex of the map" in missing.stderr


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_a_set_up_left_to_the_defaults_of_deployment_yaml(tmp_path: Path) -> None:
    defaults = read_deployment(GreatWarInTheEast().default_data_dir())
    assert defaults is not None
    folder = tmp_path / "east"
    gm("new", str(folder), "--game", "gwe", "--seed", "g28", *PLAYERS)
    gm("end-deployment", str(folder))  # no DEPLOY order: every unit at its default
    gm("start", str(folder))
    state = state_of(folder)
    assert state.stage == "play"
    on_map = {u: s.hex for u, s in state.units.items() if s.place == "map"}
    eliminated = {u for u, s in state.units.items() if s.place == "eliminated"}
    assert eliminated  # 26.32's dice eliminated some, with this seed
    assert on_map == {u: str(h) for u, h in defaults.hexes.items() if u not in eliminated}
    assert set(on_map) | eliminated == set(defaults.hexes)


def test_without_deployment_yaml_an_undeployed_unit_refuses_the_close(tmp_path: Path) -> None:
    data_dir = tmp_path / "galicia"  # a GM's own data set, with no default deployment
    shutil.copytree(GreatWarInTheEast().default_data_dir(), data_dir)
    (data_dir / "deployment.yaml").unlink()
    folder = tmp_path / "east"
    gm("new", str(folder), "--game", "gwe", "--data", str(data_dir), *PLAYERS)
    refused = run_gm("end-deployment", str(folder))
    assert refused.returncode == 1
    assert "AH-1-I: not set up; every unit sets up on the start line" in refused.stderr
