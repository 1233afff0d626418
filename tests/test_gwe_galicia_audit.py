"""The audit of the reconstructed Galician Front data set against 1914 geography and history
(rulings G26, G32, G37): the border on the Vistula and the San, the rivers, the railways, the
entry hexes on their own side's lines, the order of battle and the Rail Capacities' labels."""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from gm.cli import cli
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import HexsideEntry, RailLine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import galicia_geography  # noqa: E402
import galicia_grid  # noqa: E402


def latlon(where: Hex | str) -> tuple[float, float]:
    h = parse_hex(where) if isinstance(where, str) else where
    return galicia_grid.hex_latlon(h.column, h.row)


def town(data: GweData, name: str) -> Hex:
    return next(h for h, e in data.hexes.items() if e.city is not None and e.city.name == name)


def river_sides(data: GweData, river: str) -> list[HexsideEntry]:
    """The hexsides a river runs along (its name opens one of the source's parts)."""
    named = re.compile(rf"(^reconstructed: (river from )?|; ){river} \(")
    return [s for s in data.map.hexsides if named.search(s.source)]


def country(data: GweData, where: str) -> str | None:
    return data.hexes[parse_hex(where)].country


def lines_through(data: GweData, *hexes: Hex) -> list[RailLine]:
    return [line for line in data.map.rail_lines
            if set(map(str, hexes)) <= set(line.hexes)]


# --- the border --------------------------------------------------------------------------------


@pytest.mark.rules("gwe-serbia-galicia:5.3")
def test_the_vistula_below_krakow_is_the_border_with_russia_on_its_north_bank(
        galicia: GweData) -> None:
    """From below Krakow to the San's mouth the Vistula was the border: Russian Poland on its
    north (left) bank, Galicia on its south. Each of its hexsides there has a Russian hex on the
    north-west and an Austro-Hungarian one on the south-east (the river flows north-east)."""
    sides = [s for s in river_sides(galicia, "Vistula")
             if 20.15 < sum(latlon(h)[1] for h in s.between) / 2 < 21.9
             and sum(latlon(h)[0] for h in s.between) / 2 < 50.75]
    assert len(sides) >= 20
    for side in sides:
        a, b = side.between
        assert {country(galicia, a), country(galicia, b)} == {"Russia", "Austria-Hungary"}, a
        russian, austrian = (a, b) if country(galicia, a) == "Russia" else (b, a)
        (r_lat, r_lon), (a_lat, a_lon) = latlon(russian), latlon(austrian)
        east_km = (r_lon - a_lon) * 111.32 * math.cos(math.radians(r_lat))
        north_km = (r_lat - a_lat) * 110.57
        assert north_km - east_km > 0, f"{russian} is not north-west of {austrian}"
        assert "border" in side.features and "major_river" in side.features


@pytest.mark.rules("gwe-serbia-galicia:5.3")
def test_every_border_hexside_lies_between_the_two_countries(galicia: GweData) -> None:
    border = [s for s in galicia.map.hexsides if "border" in s.features]
    assert border
    for side in border:
        assert {country(galicia, h) for h in side.between} == {"Russia", "Austria-Hungary"}
    touching = {frozenset(map(parse_hex, s.between)) for s in border}
    for where, entry in galicia.hexes.items():  # and every such pair of hexes has one
        for there in galicia.neighbours(where):
            if galicia.hexes[there].country != entry.country:
                assert frozenset((where, there)) in touching


@pytest.mark.rules("gwe-serbia-galicia:5.3", "gwe-serbia-galicia:25.12")
@pytest.mark.parametrize(("name", "russian"), [
    ("Sandomierz", True), ("Tarnobrzeg", False), ("Rozwadow", False), ("Krakow", False),
    ("Bilgoraj", True), ("Tomaszow", True), ("Sokal", False), ("Brody", False),
    ("Radziwillow", True)])
def test_towns_by_the_border_lie_in_their_1914_country(galicia: GweData, name: str,
                                                       russian: bool) -> None:
    """Sandomierz, on the Vistula's north bank, was Russian (its hex's centre lies across the
    river: a hex holding a town takes the town's country)."""
    assert galicia.hexes[town(galicia, name)].country == \
        ("Russia" if russian else "Austria-Hungary")


def test_every_town_lies_in_its_own_country(galicia: GweData) -> None:
    for entry in galicia.hexes.values():
        if entry.city is not None:
            assert (entry.country == "Russia") == \
                (entry.city.name in galicia_geography.RUSSIAN_TOWNS), entry.city.name


@pytest.mark.rules("gwe-serbia-galicia:5.3")
def test_the_san_from_its_mouth_to_rozwadow_is_the_border(galicia: GweData) -> None:
    sides = [s for s in river_sides(galicia, "San") if "border" in s.features
             and min(latlon(h)[0] for h in s.between) > 50.55]
    assert len(sides) >= 4
    assert all({country(galicia, h) for h in s.between} == {"Russia", "Austria-Hungary"}
               for s in sides)


def test_the_border_follows_the_zbruch_east_of_the_sheet(galicia: GweData) -> None:
    """The Zbruch was the border from Zbaraz to the Dniester; it runs east of the sheet's East
    edge (row 01), so no hexside carries it, and the East edge south of Brody is Galicia's."""
    assert any(isinstance(item[0], str) and item[0] == "Zbruch"
               for item in galicia_geography.BORDER)
    assert "Zbruch" in galicia_geography.EXTRA_RIVERS
    assert river_sides(galicia, "Zbruch") == []
    for column in range(16, 31):
        assert country(galicia, f"g{column:02d}01") == "Austria-Hungary"


# --- rivers ------------------------------------------------------------------------------------


def test_the_bug_runs_from_kamionka_by_sokal_and_hrubieszow_to_the_north_edge(
        galicia: GweData) -> None:
    bug = river_sides(galicia, "Bug")
    kamionka = latlon(town(galicia, "Kamionka Strumilowa"))[0]
    north = [s for s in bug if min(latlon(h)[0] for h in s.between) > kamionka - 0.06]
    assert len(bug) == 34 and len(north) == 27
    touched = {parse_hex(h) for s in bug for h in s.between}
    for name in ("Kamionka Strumilowa", "Sokal", "Hrubieszow"):
        assert town(galicia, name) in touched or \
            set(galicia.neighbours(town(galicia, name))) & touched, name
    assert min(h.column for h in touched) == 1  # on to the North edge


@pytest.mark.parametrize(("river", "least"), [
    ("Wisloka", 15), ("Wislok", 15), ("Tanew", 10), ("Huczwa", 5), ("Seret", 15),
    ("Strypa", 10), ("Stryj", 10), ("Swica", 8), ("Turia", 8)])
def test_the_missing_rivers_are_drawn(galicia: GweData, river: str, least: int) -> None:
    sides = river_sides(galicia, river)
    assert len(sides) >= least
    assert all({"minor_river", "major_river"} & set(s.features) for s in sides)  # at its mouth
    assert sum("minor_river" in s.features for s in sides) >= least - 2


def test_the_line_between_wlodzimierz_and_kowel_is_the_turia_not_the_pripet(
        galicia: GweData) -> None:
    assert river_sides(galicia, "Pripet") == []
    assert river_sides(galicia, "Prypyat") == []
    near = {town(galicia, "Kowel"), town(galicia, "Wlodzimierz")}
    touched = {parse_hex(h) for s in river_sides(galicia, "Turia") for h in s.between}
    assert all(touched & {t, *galicia.neighbours(t)} for t in near)


# --- railways ----------------------------------------------------------------------------------


@pytest.mark.rules("gwe:5.33")
@pytest.mark.parametrize(("a", "b"), [("Lemberg", "Sambor"), ("Kowel", "Wlodzimierz"),
                                      ("Lemberg", "Przemyslany"), ("Halicz", "Czernowitz")])
def test_the_missing_railways_join_their_towns(galicia: GweData, a: str, b: str) -> None:
    assert lines_through(galicia, town(galicia, a), town(galicia, b))


@pytest.mark.rules("gwe:5.33", "gwe:5.37")
def test_the_chelm_brest_line_leaves_the_sheet_at_chelm(galicia: GweData) -> None:
    chelm = str(town(galicia, "Chelm"))
    assert any(line.hexes[-1] == chelm and line.exits_map and line.side == "allied"
               and "Brest" in line.source for line in galicia.map.rail_lines)


@pytest.mark.rules("gwe:5.33")
def test_the_brody_branch_leaves_the_tarnopol_line_at_krasne(galicia: GweData) -> None:
    lemberg, zloczow, brody = (town(galicia, n) for n in ("Lemberg", "Zloczow", "Brody"))
    main = lines_through(galicia, lemberg, zloczow)[0]
    branch = next(line for line in lines_through(galicia, brody) if line.side == "central")
    junction = branch.hexes[0]
    assert junction in main.hexes and junction != str(zloczow)
    assert main.hexes.index(junction) < main.hexes.index(str(zloczow))  # Lemberg's side
    assert parse_hex(junction) == parse_hex("g{:02d}{:02d}".format(
        *galicia_grid.hex_at(*galicia_geography.KRASNE)))


@pytest.mark.rules("gwe:5.33")
def test_the_czernowitz_line_runs_by_chodorow_not_rohatyn(galicia: GweData) -> None:
    line = lines_through(galicia, town(galicia, "Lemberg"), town(galicia, "Czernowitz"))[0]
    chodorow = "g{:02d}{:02d}".format(*galicia_grid.hex_at(*galicia_geography.CHODOROW))
    assert chodorow in line.hexes and str(town(galicia, "Rohatyn")) not in line.hexes
    assert not any(str(town(galicia, "Rohatyn")) in other.hexes
                   for other in galicia.map.rail_lines)


@pytest.mark.rules("gwe:5.33")
def test_no_line_loops_or_zigzags(galicia: GweData) -> None:
    """Kowel-Rovno ended in a loop; a line now visits each hex once and never steps aside
    to a hex whose neighbours on the line touch each other (unless a town stops it there)."""
    towns = {h for h, e in galicia.hexes.items() if e.city is not None}
    for line in galicia.map.rail_lines:
        hexes = [parse_hex(h) for h in line.hexes]
        assert len(set(hexes)) == len(hexes), line.source
        for before, middle, after in zip(hexes, hexes[1:], hexes[2:], strict=False):
            assert after not in galicia.neighbours(before) or middle in towns or \
                line.hexes[0] == str(middle), f"{middle} in {line.source[:60]}"


@pytest.mark.rules("gwe:5.37", "gwe-serbia-galicia:9.0")
def test_a_line_leaving_the_sheet_at_either_end_is_a_map_exit(galicia: GweData) -> None:
    exits = {line.hexes[-1] for line in galicia.map.rail_lines if line.exits_map}
    for entry in galicia.map.entry_hexes:  # every entry hex is where a line leaves the sheet
        assert entry.hex in exits, entry
    assert str(town(galicia, "Kowel")) in exits  # Brest and Sarny
    assert "g1236" in exits  # the Krakow main line's West edge


@pytest.mark.rules("gwe-serbia-galicia:5.3", "gwe:14.1")
def test_each_entry_hex_stands_on_its_own_sides_line_in_its_own_country(
        galicia: GweData) -> None:
    countries = {"central": "Austria-Hungary", "allied": "Russia"}
    for entry in galicia.map.entry_hexes:
        assert country(galicia, entry.hex) == countries[entry.side], entry
        assert any(entry.hex in line.hexes and line.side == entry.side
                   for line in galicia.map.rail_lines), entry
        assert not any(entry.hex in line.hexes and line.side != entry.side
                       for line in galicia.map.rail_lines), entry


@pytest.mark.rules("gwe-serbia-galicia:5.3", "gwe:14.1")
def test_russian_entry_d_is_on_no_austro_hungarian_line(galicia: GweData) -> None:
    d = next(e for e in galicia.map.entry_hexes if e.side == "allied" and e.letter == "D")
    assert d.hex == "g0801" and country(galicia, d.hex) == "Russia"
    central = {h for line in galicia.map.rail_lines if line.side == "central"
               for h in line.hexes}
    assert d.hex not in central
    assert any(d.hex == line.hexes[-1] and line.exits_map and
               str(town(galicia, "Dubno")) in line.hexes for line in galicia.map.rail_lines)


# --- the order of battle -----------------------------------------------------------------------


@pytest.mark.rules("gwe-serbia-galicia:26.3", "gwe-serbia-galicia:2.3")
def test_armeegruppe_kummer_is_on_the_vistula_flank(galicia: GweData) -> None:
    kummer = sorted(u.id for u in galicia.counters.units if u.id.startswith("AH-Kummer-"))
    assert kummer == ["AH-Kummer-106L", "AH-Kummer-7C", "AH-Kummer-HQ", "AH-Kummer-SD1",
                      "AH-Kummer-SD2"]
    hq = galicia.units["AH-Kummer-HQ"].hq
    assert hq is not None and hq.level == "army"  # 2.3: every command unit army level
    sector = galicia.map.start_lines[0]  # the Vistula end of the line, by Jozefow
    assert sector.armies == {"central": "1+Kummer", "allied": "4"}
    assert all(galicia.units[u].arrives is None for u in kummer)


@pytest.mark.rules("gwe-serbia-galicia:26.3")
def test_lechitskys_9th_army_is_the_guards_and_xviii_corps(galicia: GweData) -> None:
    """The 9th Army formed about Lublin from the Guards and XVIII Corps; the XIV Corps, on the
    4th Army's right on 1 September, passed to it later and starts the 4th's."""
    ninth = {u.id: u for u in galicia.counters.units if u.id.startswith("RU-9-")}
    assert {"RU-9-HQ", "RU-9-Gd", "RU-9-XVIII"} <= set(ninth)
    for corps in ("RU-9-Gd", "RU-9-XVIII"):
        arrival = ninth[corps].arrives
        assert arrival is not None and (arrival.turn, arrival.entry) == (8, "A")
        assert ninth[corps].size == "corps"
    assert not {"RU-4-Gd", "RU-4-XVIII"} & set(galicia.units)
    assert galicia.units["RU-4-XIV"].arrives is None


@pytest.mark.rules("gwe-serbia-galicia:26.3")
def test_the_iii_caucasian_corps_arrives_for_the_4th_army(galicia: GweData) -> None:
    corps = galicia.units["RU-4-IIIC"]
    assert corps.size == "corps" and corps.type == "infantry"
    assert corps.arrives is not None and 7 < corps.arrives.turn <= 13


@pytest.mark.rules("gwe-serbia-galicia:26.3")
@pytest.mark.parametrize("unit_id", ["AH-3-2C", "AH-3-8C"])
def test_the_2nd_and_8th_cavalry_divisions_set_up(galicia: GweData, unit_id: str) -> None:
    unit = galicia.units[unit_id]
    assert (unit.type, unit.size, unit.arrives) == ("cavalry", "division", None)


@pytest.mark.rules("gwe:12.1")
def test_the_cavalry_of_both_sides_moves_alike(galicia: GweData) -> None:
    """Brusilov, at Serbia/Galicia's scale, prints 1-2-6 for both sides' cavalry divisions."""
    allowances = {(u.nationality, u.steps[0].movement) for u in galicia.counters.units
                  if u.type == "cavalry"}
    assert allowances == {("AH", 6), ("RU", 6)}


# --- the Rail Capacities -----------------------------------------------------------------------


@pytest.mark.rules("gwe-serbia-galicia:5.3", "gwe-serbia-galicia:14.1")
def test_the_rail_capacities_are_labelled_reconstructed(galicia: GweData) -> None:
    for code, side in galicia.counters.sides.items():
        assert side.source.startswith("printed:")
        assert side.rail_capacity_source is not None
        assert side.rail_capacity_source.startswith("reconstructed:"), code
        assert "18/13" in side.rail_capacity_source
        assert "invented" in side.rail_capacity_source
    assert galicia.counters.sides["central"].capacity(1) == 18  # the printed example's figures
    assert galicia.counters.sides["allied"].capacity(1) == 13
    result = CliRunner().invoke(cli, ["data", "check", "--game", "gwe", "--list-reconstructed"])
    assert result.exit_code == 0, result.output
    assert "2 rail capacities" in result.output
    assert "rail capacity central (reconstructed)" in result.output
