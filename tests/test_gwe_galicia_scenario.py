"""Decision in Galicia's data (issue 28): the start line's Army boundaries as data, checked by
`gm data check`; Friendly map edges and supply depots so both sides can trace supply (9.0,
9.13, 9.16); the default deployment of 1 Sept 1914 (deployment.yaml)."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gm.core.data import DataError
from gm.games.gwe.data.checks import check_data_set
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.deployment import read_deployment
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.values import army_of
from gm.games.gwe.exclusive.serbia_galicia.setup import deployment_problems
from gm.games.gwe.exclusive.serbia_galicia.victory import hex_in_supply
from gm.games.gwe.rules.supply import supply_status
from gm.games.gwe.state import initial_state
from gm.games.gwe.system import GreatWarInTheEast
from tests.gwe import depot_chain


def with_start_lines(data: GweData, **armies: dict[str, str]) -> GweData:
    lines = tuple(line.model_copy(update={"armies": armies.get(f"s{i}", line.armies)})
                  for i, line in enumerate(data.map.start_lines))
    return dataclasses.replace(data, map=data.map.model_copy(update={"start_lines": lines}))


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_an_army_without_counters_or_a_unit_without_a_sector_is_a_problem(
        galicia: GweData) -> None:
    assert check_data_set(galicia) == []
    broken = with_start_lines(galicia, s0={"central": "7", "allied": "4"})
    messages = [(p.file.rsplit("/", 1)[-1], p.line > 0, p.message)
                for p in check_data_set(broken)]
    assert ("map.yaml", True, "start line '1 September 1914: AH 1st Army / RU 4th Army': no "
            "central counter belongs to army '7' (an id such as XX-7-I; ruling G29)") in messages
    assert ("counters.yaml", True, "AH-1-I: sets up, but no start-line sector names its army "
            "'1' for the central side (ruling G29)") in messages


@pytest.mark.rules("gwe:9.13", "gwe:9.16", "gwe-serbia-galicia:5.3", "gwe-serbia-galicia:25.2")
@pytest.mark.parametrize("pass_hex", ["g2809", "g2315", "g2118", "g1924", "g1825", "g1126"])
def test_a_russian_on_a_pass_is_in_supply_once_a_depot_stands_within_range(
        galicia: GweData, pass_hex: str) -> None:
    where = parse_hex(pass_hex)
    state = initial_state(galicia, ("C", "E")).with_unit("RU-8-VII", place="map", hex=pass_hex)
    assert not hex_in_supply(state, galicia, where, "allied")  # no Russian railway (5.3)
    assert not supply_status(state, galicia, "RU-8-VII").in_supply
    depots = sorted(u.id for u in galicia.counters.units
                    if u.type == "depot" and galicia.side_of(u.id) == "allied")
    chain = depot_chain(state, galicia, where)
    assert len(chain) <= len(depots)  # the counter mix has depots enough to reach it
    for depot, at in zip(depots, chain, strict=False):
        state = state.with_unit(depot, place="map", hex=str(at))
    assert hex_in_supply(state, galicia, where, "allied")
    assert supply_status(state, galicia, "RU-8-VII").in_supply
    last = depots[len(chain) - 1]  # the depot within range of the pass taken away
    assert not hex_in_supply(state.with_unit(last, place="pending", hex=None), galicia, where,
                             "allied")


@pytest.mark.rules("gwe-serbia-galicia:9.0", "gwe:9.13")
def test_no_east_edge_is_friendly_to_the_austro_hungarians(galicia: GweData) -> None:
    exits = {(line.side, parse_hex(line.hexes[-1])) for line in galicia.map.rail_lines
             if line.exits_map}
    assert {side for side, at in exits if at.row == 1} == {"allied"}  # East edge: row 01
    assert {galicia.hexes[at].country for side, at in exits if side == "allied"} == {"Russia"}
    assert {galicia.hexes[at].country for side, at in exits if side == "central"} == {
        "Austria-Hungary"}


@pytest.mark.rules("gwe:8.51", "gwe-serbia-galicia:17.42")
def test_every_army_has_its_supply_depots(galicia: GweData) -> None:
    depots = [u for u in galicia.counters.units if u.type == "depot"]
    assert {(u.nationality, army_of(u.id)[1]) for u in depots} == {
        ("AH", "1"), ("AH", "4"), ("AH", "3"), ("AH", "2"), ("AH", "Kummer"), ("RU", "4"),
        ("RU", "5"), ("RU", "3"), ("RU", "8"), ("RU", "9")}
    assert all(len(u.steps) == 1 and u.source.startswith("reconstructed") for u in depots)


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_the_default_deployment_sets_up_every_unit_and_passes_26_31(galicia: GweData) -> None:
    deployment = read_deployment(GreatWarInTheEast().default_data_dir())
    assert deployment is not None and deployment.file.scenario == "decision-in-galicia"
    starting = {u.id for u in galicia.counters.units if u.arrives is None}
    assert set(deployment.hexes) == starting
    assert all(e.source.startswith("reconstructed") for e in deployment.file.units.values())
    state = initial_state(galicia, ("C", "E"))
    assert deployment_problems(state, galicia, deployment.hexes) == []
    moved = {**deployment.hexes, "AH-2-XII": parse_hex("g0223")}
    assert deployment_problems(state, galicia, moved)[0].startswith("AH-2-XII: g0223 is not")


def test_a_data_set_without_a_deployment_has_no_defaults(tmp_path: Path) -> None:
    assert read_deployment(tmp_path) is None


def test_a_bad_deployment_is_said_at_its_file_and_line(tmp_path: Path) -> None:
    shipped = GreatWarInTheEast().default_data_dir()
    for name in ("map.yaml", "counters.yaml"):
        shutil.copy(shipped / name, tmp_path / name)
    (tmp_path / "deployment.yaml").write_text(
        "scenario: decision-in-galicia\nsource: reconstructed\nunits:\n"
        "  AH-1-I: {hex: g0223, source: reconstructed}\n"
        "  AH-9-Z: {hex: g0223, source: reconstructed}\n"
        "  RU-9-HQ: {hex: g3999, source: reconstructed}\n")
    result = subprocess.run([sys.executable, "-c", "from gm.cli import main; main()", "data",
                             "check", "--game", "gwe", str(tmp_path)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    path = tmp_path / "deployment.yaml"
    assert f"{path}:5: AH-9-Z: no such counter in counters.yaml" in result.stdout
    assert f"{path}:6: RU-9-HQ: a reinforcement (Game-Turn 9)" in result.stdout
    assert f"{path}:6: RU-9-HQ: g3999 is not on the map" in result.stdout
    (tmp_path / "deployment.yaml").write_text("scenario: x\nsource: reconstructed\nunits:\n"
                                              "  AH-1-I: {hex: nowhere, source: printed}\n")
    with pytest.raises(DataError) as raised:
        read_deployment(tmp_path)
    assert raised.value.problems[0].line == 4


def test_check_passes_and_lists_the_deployment_among_the_reconstructions() -> None:
    result = subprocess.run([sys.executable, "-c", "from gm.cli import main; main()", "data",
                             "check", "--game", "gwe", "--list-reconstructed"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    head = next(line for line in result.stdout.splitlines() if line.startswith("not printed"))
    assert "1 deployment, 82 placements" in head  # Kummer's five, the 2nd and 8th Cavalry
    assert "deployment.yaml:" in result.stdout and "placement AH-2-XII g" in result.stdout


def test_the_deployment_file_is_what_its_script_writes() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import galicia_deployment  # a script, on the path only here

    folder = GreatWarInTheEast().default_data_dir()
    assert (folder / "deployment.yaml").read_text() == galicia_deployment.build(folder)
