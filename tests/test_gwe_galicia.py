"""The embedded Galician Front data set (issue 28, ruling G26): it loads, passes the checks, and
honours every fact the rulebook states about Serbia/Galicia's map and counters."""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.games.gwe.data.checks import check_directory
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.system import GreatWarInTheEast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import galicia_counters  # noqa: E402
import galicia_grid  # noqa: E402

PASSES = {"g2809": "Jabloniza Pass", "g2315": "Lysa Pass", "g2118": "Ushok Pass",
          "g1924": "Lupkow Pass", "g1825": "Duka Pass"}
SOURCE_KINDS = ("printed:", "errata:", "reconstructed:")



def test_the_embedded_data_set_passes_gm_data_check() -> None:
    folder = GreatWarInTheEast().default_data_dir()
    assert folder.name == "galicia"
    problems, _ = check_directory(folder)
    assert problems == []
    result = CliRunner().invoke(cli, ["data", "check", "--game", "gwe"])
    assert result.exit_code == 0, result.output
    assert "data set OK" in result.output


def test_gm_data_check_reads_each_file_of_the_data_set_once(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """The check, its deployment's as a whole (26.31) and its warnings from one reading."""
    from gm.core.yamlio import load_lined

    read: list[str] = []

    def reading(path: Path, lined: bool = True) -> Any:
        read.append(path.name)
        return load_lined(path, lined)

    monkeypatch.setattr("gm.core.datafiles.load_lined", reading)
    result = CliRunner().invoke(cli, ["data", "check", "--game", "gwe"])
    assert result.exit_code == 0, result.output
    assert sorted(read) == ["charts.yaml", "counters.yaml", "deployment.yaml", "map.yaml"]


@pytest.mark.rules("gwe-serbia-galicia:25.2")
@pytest.mark.parametrize(("hex_id", "name"), sorted(PASSES.items()))
def test_each_named_pass_is_a_mountain_pass_hex_worth_4(galicia: GweData, hex_id: str,
                                                        name: str) -> None:
    entry = galicia.hexes[parse_hex(hex_id)]
    assert entry.landmark is not None
    assert (entry.landmark.name, entry.landmark.kind, entry.landmark.vp) == \
        (name, "mountain_pass", 4)
    assert entry.terrain == "rough"  # the Carpathian crest; S has Rough, no Mountain (5.4)
    assert entry.city is None  # a pass does not double its defender as a town does
    # the pass printed; its terrain and country the reconstruction's, listed so first
    assert entry.source.startswith("reconstructed:")
    assert "printed: Serbia/Galicia 25.2" in entry.source


@pytest.mark.rules("gwe-serbia-galicia:25.2")
def test_hex_g1126_is_worth_4_and_on_the_main_line(galicia: GweData) -> None:
    g1126 = parse_hex("G1126")
    entry = galicia.hexes[g1126]
    assert entry.landmark is not None and entry.landmark.vp == 4
    main_line = next(line for line in galicia.map.rail_lines if line.kind == "double"
                     and "g1126" in line.hexes)
    assert {"Krakow", "Przemysl", "Lemberg"} <= {
        galicia.hexes[parse_hex(h)].city.name  # type: ignore[union-attr]
        for h in main_line.hexes if galicia.hexes[parse_hex(h)].city is not None}


@pytest.mark.rules("gwe-serbia-galicia:25.2")
@pytest.mark.parametrize("town", ["Lublin", "Chelm", "Kowel", "Dubno"])
def test_the_victory_towns_are_on_the_map_at_minus_5(galicia: GweData, town: str) -> None:
    found = [e for e in galicia.hexes.values() if e.city is not None and e.city.name == town]
    assert len(found) == 1 and found[0].city is not None
    assert found[0].city.vp == -5
    assert found[0].country == "Russia"


@pytest.mark.rules("gwe-serbia-galicia:2.5")
def test_the_grid_is_12_87_km_a_hex_and_the_passes_fit(galicia: GweData) -> None:
    def km(a: tuple[float, float], b: tuple[float, float]) -> float:
        lat = math.radians((a[0] + b[0]) / 2)
        return math.hypot((a[0] - b[0]) * 110.57, (a[1] - b[1]) * 111.32 * math.cos(lat))
    for column, row in ((5, 5), (12, 20), (25, 30)):
        here = galicia_grid.hex_latlon(column, row)
        for other in (parse_hex(f"g{column:02d}{row:02d}")).neighbours():
            there = galicia_grid.hex_latlon(other.column, other.row)
            assert km(here, there) == pytest.approx(12.87, rel=0.01)
    for hex_id in galicia_grid.PASSES:  # within two hexes of the real pass (ruling G26)
        assert galicia_grid.residual_km(hex_id) < 2 * 12.87


@pytest.mark.rules("gwe:5.4")
def test_only_serbia_galicia_terrain_is_used(galicia: GweData) -> None:
    # 5.4's letters: S has Clear, Forest, Broken, Swamp, Rough
    assert {e.terrain for e in galicia.hexes.values()} <= {"clear", "forest", "broken",
                                                           "swamp", "rough"}


def test_every_item_says_printed_errata_or_reconstructed(galicia: GweData) -> None:
    items: list[Any] = [*galicia.map.hexes, *galicia.map.hexsides, *galicia.map.rail_lines,
             *galicia.map.entry_hexes, *galicia.map.start_lines, *galicia.map.extents,
             *galicia.counters.units, *galicia.counters.sides.values(),
             *galicia.counters.nationalities.values()]
    assert [i for i in items if not i.source.startswith(SOURCE_KINDS)] == []
    assert len(galicia.map.hexes) == 30 * 36  # every hex, with its country and note


@pytest.mark.rules("gwe-serbia-galicia:2.4", "gwe-serbia-galicia:9.1",
                   "gwe-serbia-galicia:6.11", "gwe-serbia-galicia:5.3")
def test_tcr_supply_stacking_and_rail_rate_as_printed(galicia: GweData) -> None:
    ah, ru = galicia.counters.nationalities["AH"], galicia.counters.nationalities["RU"]
    assert (ah.tcr, ru.tcr) == (4, 3)
    assert (ah.supply_range, ru.supply_range) == (3, 3)
    sides = galicia.counters.sides
    assert {s.stacking_limit for s in sides.values()} == {9}
    assert (sides[ah.side].rail_rate, sides[ru.side].rail_rate) == (20, 18)
    assert all(galicia.tcr(u) in (3, 4) and galicia.counters.units and
               galicia.units[u].tcr is None for u in galicia.units)


@pytest.mark.rules("gwe:8.53", "gwe:6.11")
def test_unit_values_follow_their_type(galicia: GweData) -> None:
    for unit in galicia.counters.units:
        face = unit.steps[0]
        if unit.type == "hq":
            assert unit.size == "army"  # Serbia/Galicia 2.3: army level HQs
            continue
        if unit.type == "depot":  # 8.51: one Step, no Attack Strength
            assert len(unit.steps) == 1 and face.attack == 0
            continue
        one, _ = galicia_counters.DIVISION[(unit.nationality, unit.type)]
        if unit.size == "division":
            assert (face.attack, face.defense, face.movement) == one
        else:
            assert unit.size == "corps" and len(unit.steps) == 4
            assert (face.attack, face.defense, face.movement) == (2 * one[0], 2 * one[1], one[2])
            assert (unit.steps[2].attack, unit.steps[2].defense) == one[:2]


@pytest.mark.rules("gwe:12.1", "gwe-serbia-galicia:26.3")
@pytest.mark.parametrize("unit_id", ["RU-5-1DC", "RU-8-2CC"])
def test_the_cossack_divisions_are_cavalry(galicia: GweData, unit_id: str) -> None:
    """The 1st Don and 2nd Combined Cossack Divisions rode: cavalry, so they may withdraw
    before combat (12.1) and are never replaced (13.0)."""
    assert galicia.units[unit_id].type == "cavalry"


@pytest.mark.rules("gwe-serbia-galicia:26.3")
def test_the_order_of_battle_is_the_armies_and_kummers_group(galicia: GweData) -> None:
    """The four Austro-Hungarian armies and Armeegruppe Kummer (its command abbreviation
    printed beside theirs), the five Russian armies; each with its HQ (2.3)."""
    armies = {(u.nationality, u.id.split("-")[1]) for u in galicia.counters.units}
    assert armies == {("AH", "1"), ("AH", "4"), ("AH", "3"), ("AH", "2"), ("AH", "Kummer"),
                      ("RU", "9"), ("RU", "4"), ("RU", "5"), ("RU", "3"), ("RU", "8")}
    assert {u.id for u in galicia.counters.units if u.type == "hq"} == {
        f"{nationality}-{army}-HQ" for nationality, army in armies}
    late = [u for u in galicia.counters.units if u.arrives is not None]
    assert late and all(7 < u.arrives.turn <= 13 for u in late if u.arrives)


@pytest.mark.rules("gwe-serbia-galicia:26.31")
def test_the_start_line_runs_unbroken_through_four_army_sectors(galicia: GweData) -> None:
    sectors = galicia.map.start_lines
    assert [s.name.split(": ")[1] for s in sectors] == [
        "AH 1st Army / RU 4th Army", "AH 4th Army / RU 5th Army", "AH 3rd Army / RU 3rd Army",
        "AH 2nd Army / RU 8th Army"]
    line = [parse_hex(h) for s in sectors for h in s.hexes]
    assert len(set(line)) == len(line)
    assert all(a.direction_to(b) is not None for a, b in itertools.pairwise(line))


def test_the_counters_file_is_what_its_script_writes() -> None:
    folder = GreatWarInTheEast().default_data_dir()
    assert (folder / "counters.yaml").read_text() == galicia_counters.build()
