"""The embedded data set honours every fact the rulebook states (checked one by one)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from gm.games.rcw.data.checks import check_directory
from gm.games.rcw.data.dataset import DEFAULT_DATA_DIR, GameData
from gm.games.rcw.data.tables import random_event_provinces


def test_embedded_data_set_has_no_problems() -> None:
    assert check_directory(DEFAULT_DATA_DIR) == []


@pytest.mark.rules("12.2")
def test_exactly_the_78_provinces_of_the_random_events_table(data: GameData) -> None:  # 12.2
    names = random_event_provinces()
    assert len(names) == len(set(names)) == 78
    assert sorted(p.name for p in data.map.provinces) == sorted(names)


@pytest.mark.rules("15.41")
def test_codes_are_first_four_letters_with_documented_clashes(data: GameData) -> None:  # 15.41
    codes = {p.name: p.code for p in data.map.provinces}
    assert codes["Vladivostok"] == "VLAD" and codes["Vladimir"] == "VLDM"
    assert codes["Urals"] == "URAL" and codes["Uralsk"] == "URSK"
    assert codes["Nizhniy Novgorod"] == "NIZH" and codes["Don Cossacks"] == "DONC"
    assert codes["Ufa"] == "UFA"
    assert len(set(codes.values())) == 78


def test_adjacency_is_symmetric_and_rail_runs_between_neighbours(data: GameData) -> None:
    for p in data.map.provinces:
        for n in p.adjacent:
            assert p.code in data.provinces[n].adjacent, (p.code, n)
        for n in p.rail:
            assert n in p.adjacent and p.code in data.provinces[n].rail, (p.code, n)


def test_the_map_is_one_connected_land(data: GameData) -> None:
    seen, todo = {"PETR"}, ["PETR"]
    while todo:
        for n in data.provinces[todo.pop()].adjacent:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(data.provinces)


RULEBOOK_ADJACENCIES = (  # 17.0 examples, 5.75, 13.0
    "PETR-NOVG NOVG-TVER TVER-RYAZ RYAZ-TULA TULA-KALU KALU-SMOL SMOL-PSKO PSKO-PETR "
    "SMOL-OREL OREL-KURS FINL-PETR FINL-OLON OLON-ARCH EKAT-OMSK").split()


def test_adjacencies_the_rulebook_uses(data: GameData) -> None:
    for pair in RULEBOOK_ADJACENCIES:
        a, b = pair.split("-")
        assert data.adjacent(a, b), pair


@pytest.mark.rules("5.3", "5.32", "5.33")
def test_special_crossings(data: GameData) -> None:  # 5.32, 5.33
    assert not data.adjacent("PETR", "LIVO")
    assert not data.adjacent("TAUR", "KUBA")
    kerch = next(s for s in data.map.special if s.kind == "straits")
    assert set(kerch.between) == {"TAUR", "KUBA"} and kerch.colors == ("white",)
    lake = next(s for s in data.map.special if s.kind == "barrier")
    assert set(lake.between) == {"PETR", "LIVO"} and lake.rule == "5.33"


def test_regions_the_rulebook_states(data: GameData) -> None:
    expect = {"SARA": "Cossack Territories", "URSK": "Cossack Territories",
              "KIRG": "Cossack Territories", "SAMA": "Cossack Territories",  # 27.12
              "TIFL": "Trans Caucasus", "DONC": "Cossack Territories",  # 27.12, 9.12
              "TVER": "Greater Russia", "PETR": "Greater Russia",  # 9.13
              "EKAT": "Siberia", "OMSK": "Siberia", "VLAD": "Siberia"}  # 13.0, 3.22
    for code, region in expect.items():
        assert data.region_name(code) == region, code
    assert {"Baltic", "Finland", "Poland"} <= set(data.map.regions.values())  # 5.7


def test_every_province_has_a_source_and_ports_exist(data: GameData) -> None:
    assert all(p.source.startswith("reconstructed") for p in data.map.provinces)
    assert {"PETR", "VLAD", "ARCH"} <= {p.code for p in data.map.provinces if p.port}


def test_counter_facts(data: GameData) -> None:
    lenin, trotsky = data.leaders[151], data.leaders[152]
    assert lenin.name == "Lenin" and data.color(151) == "red"  # 15.32
    assert (trotsky.name, trotsky.value, trotsky.home, trotsky.asterisk) == (
        "Trotsky", 3, "TVER", True)  # 3.21, 15.52
    assert trotsky.asterisk_unit == 111
    assert data.combat_units[111].home == "TVER" and data.color(111) == "red"
    assert data.color(212) == "white" and data.combat_units[212].home == "DONC"  # 9.12
    assert data.combat_units[415].nationality == "BR"  # 3.21
    us = data.combat_units[417]
    assert (us.nationality, us.strength, us.home) == ("US", 2, "VLAD")  # 3.22
    assert any(lead.name == "Tukhachevsky" and "Tukachevsky" in lead.spellings
               and data.color(lead.id) == "red" for lead in data.leaders.values())  # 17.0
    polish = [u for u in data.combat_units.values() if u.nationality == "PO"]
    assert len(polish) == 3 and {u.home for u in polish} == {"POLA"}  # 15.42
    solitaire = {266: ("Chatilov", "SARA"), 267: ("Ulagi", "URSK"), 268: ("Romanovsky", "TIFL"),
                 269: ("Lukomsky", "KIRG"), 270: ("Kappel", "SAMA")}  # 27.12
    for unit_id, (name, province) in solitaire.items():
        leader = data.leaders[unit_id]
        assert (leader.name, leader.solitaire_setup, data.color(unit_id)) == (
            name, province, "white")
    assert {i.id: (i.setup, i.under) for i in data.counters.imperial} == {
        "CZAR": ("EKAT", "red"), "GOLD": ("OMSK", "white")}  # 13.0


@pytest.mark.rules("15.22", "5.61", "5.66", "5.71", "7.23")
def test_counts_of_the_counter_mix(data: GameData) -> None:
    colors = Counter(data.color(u) for u in data.leaders)
    assert colors == {"red": 30, "white": 20}  # 15.22
    marks = data.counters.markers
    assert (marks.politburo, marks.assassin) == (15, 15)
    assert sorted(marks.blue_control) == ["BR", "CZ", "FR", "JA", "US"]  # 5.61
    assert len(marks.blue_withdrawal) == 5 and len(marks.green_control) == 7  # 5.66, 5.71
    assert marks.player_control_sets == 6  # 7.23
    initial = data.counters.randomizers.initial_forces
    assert (initial.red_leaders + initial.white_leaders + initial.politburo
            + initial.assassin) == 65  # 15.22
    aux = data.counters.randomizers.auxiliary_forces
    assert aux.blue_control + aux.blue_withdrawal + aux.green_control + aux.assassin == 30


@pytest.mark.rules("5.6", "5.7", "5.62", "5.65", "5.75", "5.76")
def test_nationalities_and_their_movement_limits(data: GameData) -> None:
    nats = data.counters.nationalities
    assert {c for c, n in nats.items() if n.color == "blue"} == {
        "GE", "CZ", "FR", "HU", "RM", "GR", "JA", "US", "BR"}  # 5.6
    assert {c for c, n in nats.items() if n.color == "green"} == {
        "BA", "BY", "UK", "TC", "SB", "FN", "PO"}  # 5.7
    assert not any(nats[c].control_marker for c in ("GE", "HU", "RM"))  # 5.62
    assert nats["CZ"].regions == nats["JA"].regions == ("S",)  # 5.65
    assert set(nats["FN"].provinces or ()) == {"ARCH", "OLON", "PETR", "FINL"}  # 5.75
    assert set(nats["PO"].regions or ()) == {"G", "W", "B", "U", "P"}  # 5.76


@pytest.mark.rules("5.24", "5.5", "5.52", "12.11")
def test_the_map_corrections(data: GameData) -> None:
    """R50: the adjacencies and rail lines of 1918, each with its source note."""
    for a, b in (("TVER", "TULA"), ("FINL", "ARCH"), ("SAMA", "ASTR"), ("VILN", "POLA")):
        assert data.adjacent(a, b) and data.adjacent(b, a)
    assert not data.adjacent("POLT", "KURS")
    for a, b in (("TVER", "TULA"), ("TVER", "SMOL"), ("TVER", "KALU"), ("TVER", "PSKO"),
                 ("KAZA", "SIMB"), ("POLT", "KHER"), ("KHAR", "VORO"), ("VYAT", "VOLO"),
                 ("NOVG", "YARO"), ("VOLO", "ARCH"), ("OLON", "ARCH")):
        assert data.rail_linked(a, b), (a, b)
    assert not data.rail_linked("NIZH", "KAZA")
    assert data.region_name("VORO") == data.region_name("YEKA") == "Ukraine"
    for code in ("TVER", "KAZA", "ARCH", "VORO", "DONC", "ASTR"):
        assert "reconstructed" in data.provinces[code].source


@pytest.mark.rules("13.32")
def test_ports_of_1918(data: GameData) -> None:
    """R48: Baltic, White Sea, Black Sea, Azov, Caspian and Pacific ports."""
    ports = {p.code for p in data.map.provinces if p.port}
    assert ports == {"PETR", "ESTO", "LIVO", "COUR", "FINL", "ARCH", "KHER", "TAUR", "KUBA",
                     "KUTA", "DONC", "YEKA", "BAKU", "DAGH", "ASTR", "VLAD"}


def test_twelve_major_leaders(data: GameData) -> None:
    """R49: twelve leaders of value 2 or more, six of each colour; Trotsky 3 (3.21)."""
    major = {leader.name: leader.value for leader in data.leaders.values() if leader.value >= 2}
    assert major == {"Trotsky": 3, "Tukhachevsky": 3, "Frunze": 3, "Kamenev": 2,
                     "Vatsetis": 2, "Budenny": 2, "Denikin": 3, "Kolchak": 3, "Wrangel": 2,
                     "Yudenich": 2, "Kornilov": 2, "Krasnov": 2}


@pytest.mark.rules("5.5")
def test_provinces_off_the_rail_net(tmp_path: Path) -> None:
    """`gm data map` names the provinces no rail line reaches (5.5, 21.21): none on the
    reconstructed map of 1918; those of a GM's own map."""
    from click.testing import CliRunner

    from gm.cli import cli

    summary = CliRunner().invoke(cli, ["data", "map"])
    assert summary.exit_code == 0 and "off the rail net (5.5, 21.21): none" in summary.output
    own = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, own)
    text = (own / "map.yaml").read_text(encoding="utf-8")
    text = text.replace("rail: [OREN]", "rail: []").replace(
        "rail: [SAMA, KIRG]", "rail: [SAMA]")
    (own / "map.yaml").write_text(text, encoding="utf-8")
    assert check_directory(own) == []
    mapped = CliRunner().invoke(cli, ["data", "map", "--data", str(own), "--json"])
    assert json.loads(mapped.output)["off_rail"] == ["KIRG"]
