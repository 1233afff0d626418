"""A Great War in the East data set: the schema, the synthetic fixture, the checks (issue 27)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from gm.games.gwe.data.checks import check_directory
from gm.games.gwe.data.dataset import DEFAULT_CHARTS
from gm.games.gwe.data.hexes import hexside, parse_hex
from gm.games.gwe.data.values import current_values, stacking_points
from gm.games.gwe.games import read_bound

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "gwe"


def _copy(tmp_path: Path, name: str | None = None,
          change: Callable[[Any], None] | None = None) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(FIXTURE, folder)
    if name is not None and change is not None:
        document = yaml.safe_load((folder / name).read_text(encoding="utf-8"))
        change(document)
        (folder / name).write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return folder


def _problems(folder: Path) -> list[str]:
    return [p.message for p in check_directory(folder)[0]]


def _unit(document: Any, unit_id: str) -> Any:
    return next(u for u in document["units"] if u["id"] == unit_id)


def test_the_synthetic_fixture_loads_and_passes_the_checks() -> None:
    data, problems = read_bound(FIXTURE)
    assert problems == [] and data is not None
    assert check_directory(FIXTURE)[0] == []
    assert "synthetic" in data.map.source and "not a reconstruction" in data.map.source
    assert data.charts_path == DEFAULT_CHARTS
    assert len(data.hexes) == 80
    assert data.hexes[parse_hex("0101")].terrain == "clear"  # the extent's default
    assert data.hexes[parse_hex("0805")].terrain == "mountain"


@pytest.mark.rules("gwe:5.33", "gwe:7.11")
def test_hexsides_and_rail_lines_are_looked_up_from_either_side() -> None:
    data, _ = read_bound(FIXTURE)
    assert data is not None
    a, b = parse_hex("0505"), parse_hex("0604")
    assert data.features(b, a) == frozenset({"minor_river"})
    assert data.features(parse_hex("0303"), parse_hex("0302")) == frozenset({"prohibited"})
    assert data.features(parse_hex("0101"), parse_hex("0102")) == frozenset()
    assert data.rail_links[hexside(parse_hex("0805"), parse_hex("0804"))] == "single"
    assert data.rail_links[hexside(parse_hex("0905"), parse_hex("0805"))] == "double"
    assert parse_hex("0105") in data.rail_hexes and parse_hex("0101") not in data.rail_hexes


@pytest.mark.rules("gwe:2.4", "gwe:6.11", "gwe:6.16", "gwe:8.52", "gwe:8.53")
def test_counters_tcr_stacking_points_and_steps() -> None:
    data, _ = read_bound(FIXTURE)
    assert data is not None
    assert data.tcr("GE-35") == 1 and data.tcr("AH-24") == 4 and data.tcr("RU-8") == 3
    assert data.side_of("AH-9") == "central"
    assert [stacking_points(data.units[u]) for u in ("RU-8", "RU-12", "AH-7B", "RU-KA")] == \
        [4, 2, 1, 0]
    corps = data.units["RU-8"]
    assert [(v.attack, v.defense) for v in (current_values(corps, n) for n in range(4))] == \
        [(4, 6), (3, 5), (2, 3), (1, 2)]  # 8.53: full, -1, half, half -1


@pytest.mark.rules("gwe:2.1")
def test_a_schema_problem_is_placed_at_its_line(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    text = (folder / "map.yaml").read_text(encoding="utf-8")
    (folder / "map.yaml").write_text(text.replace('{id: "0504"', '{id: "504"'), encoding="utf-8")
    problems = check_directory(folder)[0]
    assert len(problems) == 1
    assert problems[0].file.endswith("map.yaml") and problems[0].line == 10
    assert "hexes.2.id" in problems[0].message


@pytest.mark.rules("gwe:5.33")
def test_a_broken_rail_line_and_a_side_between_strangers(tmp_path: Path) -> None:
    def change(document: Any) -> None:
        document["rail_lines"][2]["hexes"] = ["0805", "0803"]
        document["hexsides"][0]["between"] = ["0505", "0707"]
        document["entry_hexes"][0]["hex"] = "1205"

    problems = _problems(_copy(tmp_path, "map.yaml", change))
    assert "rail line breaks between 0805 and 0803 (5.33)" in problems
    assert "0505 and 0707 are not neighbours: no hexside between them" in problems
    assert "1205 is not on the map" in problems


@pytest.mark.rules("gwe:8.51", "gwe:8.53", "gwe:10.11")
def test_steps_and_strengths_the_standard_rules_give_each_size(tmp_path: Path) -> None:
    def change(document: Any) -> None:
        _unit(document, "RU-8")["steps"][1] = {"attack": 4, "defense": 5, "movement": 5}
        _unit(document, "RU-D1")["steps"].append({"attack": 0, "defense": 0, "movement": 4})
        _unit(document, "RU-KA")["steps"][0]["attack"] = 1
        _unit(document, "GE-HL")["steps"][0]["attack"] = 2
        _unit(document, "AH-24")["steps"][1]["defense"] = 4
        _unit(document, "AH-9")["nationality"] = "XX"

    problems = _problems(_copy(tmp_path, "counters.yaml", change))
    assert problems == [
        "RU-8: Step 2 of a corps is Step 1 less one in Attack and Defense (8.53)",
        "RU-KA: a HQ that is not Heroic has no Attack Strength (10.11)",
        "RU-D1: a depot brigade has 2 Step(s), not 1 (8.51-8.53); cite its `exception`",
        "GE-HL: a Heroic leader attacks and defends with its Combat Strength (10.11)",
        "AH-24: a Step lost makes it stronger (8.5)",
        "AH-9: unknown nationality 'XX'",
    ]


@pytest.mark.rules("gwe:6.14", "gwe:14.0")
def test_set_up_over_the_stacking_limit_and_an_unknown_entry_hex(tmp_path: Path) -> None:
    def change(document: Any) -> None:
        _unit(document, "RU-4C")["setup"] = "0405"  # 4 + 2 + 2 of a limit of 8: fine
        _unit(document, "RU-3")["arrives"] = None
        _unit(document, "RU-3")["setup"] = "0405"  # and 4 more
        _unit(document, "AH-9")["arrives"]["entry"] = "C"

    problems = _problems(_copy(tmp_path, "counters.yaml", change))
    assert problems == ["allied sets up 12 Stacking Points in 0405, over its limit of 8 (6.14)",
                        "AH-9: no entry hex C of central (14.0)"]


@pytest.mark.rules("gwe:8.8", "gwe:5.4")
def test_provisional_cells_are_warned_of_until_the_gm_writes_in_his_printed_charts(
        tmp_path: Path) -> None:
    warnings = [w.message for w in check_directory(FIXTURE)[1]]
    crt = [w for w in warnings if "Combat Results Table" in w]
    assert len(crt) == 3 * (4 + 3 * 8)  # each table: die 3's last four, dice 4-6 whole
    assert "provisional (ruling G3): Combat Results Table TCR 4, die 6, 7-1: 1/2" in crt
    assert not any("die 1," in w or "die 2," in w for w in crt)  # printed in the text
    assert "provisional (ruling G4): Terrain Effects Chart, mountain, movement" in warnings
    assert not any("clear" in w or "ridge" in w for w in warnings)

    def printed(document: Any) -> None:  # the GM's own table, no provisional cell
        for table in document["combat_results"]:
            table["rows"] = {die: [c["result"] if isinstance(c, dict) else c for c in row]
                             for die, row in table["rows"].items()}
        for section in ("terrain", "hexsides", "features"):
            for row in document[section].values():
                for part in ("movement", "combat"):
                    if isinstance(row.get(part), dict):
                        row[part].pop("provisional", None)

    folder = _copy(tmp_path)
    shutil.copy(DEFAULT_CHARTS, folder / "charts.yaml")
    document = yaml.safe_load((folder / "charts.yaml").read_text(encoding="utf-8"))
    printed(document)
    (folder / "charts.yaml").write_text(yaml.safe_dump(document), encoding="utf-8")
    problems, warnings_left = check_directory(folder)
    assert problems == [] and warnings_left == []


@pytest.mark.rules("gwe:8.8")
def test_a_chart_with_a_short_row_or_a_missing_table(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    document = yaml.safe_load(DEFAULT_CHARTS.read_text(encoding="utf-8"))
    document["combat_results"][0]["rows"] = dict(document["combat_results"][0]["rows"])
    document["combat_results"][0]["rows"][2] = ["1/1"]
    del document["combat_results"][2]
    (folder / "charts.yaml").write_text(yaml.safe_dump(document), encoding="utf-8")
    assert sorted(_problems(folder)) == ["TCR 1 table, die 2: 1 cells for 8 columns",
                                         "TCR 4 has 0 Combat Results Tables, not one (8.8)"]
