"""The reconstructed Serbian Front map, map s of Serbia/Galicia (ruling G90): the grid's fit to
the hexes the rulebook names, the towns, the border rivers, the railways, and that the program
loads it beside the Galician map as one data set."""

from __future__ import annotations

import math
import shutil
import sys
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
import yaml

from gm.games.gwe.data.checks import check_directory
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.models import MapFile
from gm.games.gwe.data.reading import read_data_set

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import serbia_geography as geo  # noqa: E402
import serbia_grid as grid  # noqa: E402
import serbia_map  # noqa: E402

DATASETS = ROOT / "gm" / "games" / "gwe" / "exclusive" / "serbia_galicia" / "dataset"
SERBIA_MAP = DATASETS / "serbia" / "map.yaml"
GALICIA = DATASETS / "galicia"
SOURCE_KINDS = ("printed:", "errata:", "reconstructed:")
AH, SERBIA = "Austria-Hungary", "Serbia"
# Towns the test places by their coordinates alone (20 of them, on both sides of the border)
PLACED = ("Belgrade", "Sabac", "Valjevo", "Uzice", "Obrenovac", "Kragujevac", "Smederevo",
          "Pozarevac", "Cacak", "Kraljevo", "Loznica", "Visegrad", "Sarajevo", "Mitrovica",
          "Ruma", "Jagodina", "Krusevac", "Foca", "Bijeljina", "Tuzla")


def _document(path: Path) -> dict[str, object]:
    loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data set of both maps (the campaign games, 26.1 and 26.2): the Galician and the
    Serbian map.yaml joined, with the Galician counters."""
    folder = tmp_path_factory.mktemp("serbia-galicia")
    merged = serbia_map.merge_maps(_document(GALICIA / "map.yaml"), _document(SERBIA_MAP))
    (folder / "map.yaml").write_text(yaml.safe_dump(merged, sort_keys=False,
                                                    allow_unicode=True), encoding="utf-8")
    shutil.copy(GALICIA / "counters.yaml", folder / "counters.yaml")
    return folder


@pytest.fixture(scope="module")
def data(campaign: Path) -> GweData:
    found, problems = read_data_set(campaign, lined=False)
    assert found is not None, problems
    return found


def _hex(h: tuple[int, int]) -> Hex:
    return Hex("s", *h)


def _city(data: GweData, name: str) -> Hex:
    found = [w for w, e in data.hexes.items() if e.city is not None and e.city.name == name]
    assert len(found) == 1, name
    return found[0]


def _country(data: GweData, where: Hex) -> str | None:
    return data.hexes[where].country


def test_the_serbian_map_alone_passes_the_schema() -> None:
    loaded = MapFile.model_validate(_document(SERBIA_MAP))
    assert [(e.map, e.columns, e.rows) for e in loaded.extents] == [("s", (1, 18), (1, 20))]
    assert len(loaded.hexes) == 18 * 20  # every hex, with its country and note


def test_gm_data_check_passes_on_both_maps_in_one_data_set(campaign: Path) -> None:
    problems, _ = check_directory(campaign)
    assert problems == []


@pytest.mark.rules("gwe-serbia-galicia:2.5")
def test_the_fit_belgrade_is_s0307_at_12_87_km_a_hex_east_at_the_top() -> None:
    assert grid.hex_at(*grid.BELGRADE) == (3, 7)
    assert grid.residual_km("s0307") < 0.5

    def km(a: tuple[float, float], b: tuple[float, float]) -> float:
        lat = math.radians((a[0] + b[0]) / 2)
        return math.hypot((a[0] - b[0]) * 110.57, (a[1] - b[1]) * 111.32 * math.cos(lat))
    for column, row in ((3, 7), (10, 10), (17, 19)):
        here = grid.hex_latlon(column, row)
        for other in _hex((column, row)).neighbours():
            assert km(here, grid.hex_latlon(other.column, other.row)) == \
                pytest.approx(12.87, rel=0.01)
    # as the Galician sheet (ruling G26): row 01 east, rows run west, columns run south
    (lat, lon), (lat_west, lon_west) = grid.hex_latlon(9, 5), grid.hex_latlon(9, 6)
    assert lon_west < lon - 0.1 and abs(lat_west - lat) < 0.02
    (lat_south, lon_south) = grid.hex_latlon(11, 5)
    assert lat_south < lat - 0.15 and abs(lon_south - lon) < 0.03


def test_s1513_is_the_uvac_railhead_on_the_bosnian_border(data: GweData) -> None:
    """The errata's set-up hex of the 2/6 Brigade (a 6th Army brigade): within 2 km of Uvac,
    the Bosnian Eastern Railway's end at the Sandzak border, in Austria-Hungary."""
    s1513 = parse_hex("s1513")
    assert grid.hex_at(*grid.PRINTED["s1513"][1:]) == (15, 13)
    assert grid.residual_km("s1513") < 2.0
    assert _country(data, s1513) == AH
    assert any(line.hexes[-1] == "s1513" and line.side == "central"
               for line in data.map.rail_lines)
    assert SERBIA in {_country(data, n) for n in data.neighbours(s1513)}
    assert {_city(data, "Rudo"), _city(data, "Visegrad")} <= \
        {s1513, *data.neighbours(s1513), *(m for n in data.neighbours(s1513)
                                          for m in data.neighbours(n))}


@pytest.mark.rules("gwe-serbia-galicia:25.2")
def test_belgrade_and_s1101_carry_their_victory_points(data: GweData) -> None:
    belgrade = data.hexes[parse_hex("s0307")]
    assert belgrade.city is not None and (belgrade.city.name, belgrade.city.vp) == \
        ("Belgrade", -3)
    assert belgrade.country == SERBIA and belgrade.source.startswith("reconstructed:")
    assert "errata: the Serbian Be Brigade starts in s0307" in belgrade.source
    s1101 = data.hexes[parse_hex("S1101")]
    assert s1101.landmark is not None
    assert (s1101.landmark.name, s1101.landmark.kind, s1101.landmark.vp) == ("S1101", "hex", -5)
    assert s1101.source.startswith("reconstructed:") and s1101.country == SERBIA
    assert "printed: Serbia/Galicia 25.2" in s1101.source
    # read as the Belgrade-Nis main line between Jagodina and Cuprija (ruling G90)
    assert {_city(data, "Jagodina"), _city(data, "Cuprija")} <= set(
        data.neighbours(parse_hex("s1101")))
    main = next(line for line in data.map.rail_lines if "s1101" in line.hexes)
    assert main.hexes[0] == "s0307" and main.exits_map and main.side == "allied"


@pytest.mark.parametrize("town", PLACED)
def test_a_town_lies_in_the_hex_its_coordinates_give(data: GweData, town: str) -> None:
    lat, lon = next((la, lo) for n, la, lo, _ in geo.TOWNS if n == town)
    assert _city(data, town) == _hex(grid.hex_at(lat, lon))


def test_every_town_is_in_its_country_and_in_or_beside_its_hex(data: GweData) -> None:
    """A town the border river separates from its hex's centre (Semlin, Pancsova, Kevevara,
    Zvornik, Ljubovija, Klenak) takes the nearest hex of its own country, a neighbour of its
    own."""
    moved = []
    for name, lat, lon, _ in geo.TOWNS:
        own = _hex(grid.hex_at(lat, lon))
        shown = [w for w, e in data.hexes.items() if e.city is not None and e.city.name == name]
        if not shown:  # one town a hex: the first listed is kept
            assert any(e.city is not None for w, e in data.hexes.items() if w == own), name
            continue
        if shown[0] != own:
            moved.append(name)
            assert shown[0] in data.neighbours(own), name
    assert sorted(moved) == ["Kevevara", "Klenak", "Ljubovija", "Pancsova", "Semlin",
                             "Zvornik"]
    countries = {"Belgrade": SERBIA, "Sabac": SERBIA, "Uzice": SERBIA, "Prijepolje": SERBIA,
                 "Nova Varos": SERBIA, "Ljubovija": SERBIA, "Semlin": AH, "Pancsova": AH,
                 "Mitrovica": AH, "Zvornik": AH, "Visegrad": AH, "Rudo": AH, "Sarajevo": AH,
                 "Klenak": AH,
                 "Plevlje": "Montenegro"}
    for name, country in countries.items():
        assert _country(data, _city(data, name)) == country, name


def _vertices(a: Hex, b: Hex) -> set[frozenset[Hex]]:
    """A hexside's two ends, each the three hexes that meet there."""
    return {frozenset((a, b, c)) for c in set(a.neighbours()) & set(b.neighbours())}


def _chains(sides: set[tuple[Hex, Hex]]) -> list[set[tuple[Hex, Hex]]]:
    """The hexsides grouped into chains that touch end to end."""
    left, found = set(sides), []
    while left:
        chain, todo = set(), [left.pop()]
        while todo:
            side = todo.pop()
            chain.add(side)
            ends = _vertices(*side)
            for other in [o for o in left if _vertices(*o) & ends]:
                left.discard(other)
                todo.append(other)
        found.append(chain)
    return found


def _border_sides(data: GweData, a_country: str, b_country: str
                  ) -> Iterator[tuple[Hex, Hex, frozenset[str]]]:
    for where in data.hexes:
        if where.map != "s":
            continue
        for n in data.neighbours(where):
            if where < n and {_country(data, where), _country(data, n)} == \
                    {a_country, b_country}:
                yield where, n, data.features(where, n)


@pytest.mark.rules("gwe-serbia-galicia:9.1")
def test_drina_sava_and_danube_are_one_major_river_chain_along_the_1914_border(
        data: GweData) -> None:
    border = list(_border_sides(data, SERBIA, AH))
    assert all("border" in features for _, _, features in border)
    river = {(a, b) for a, b, features in border if "major_river" in features}
    land = [(a, b) for a, b, features in border if "major_river" not in features]
    # the only land border with Austria-Hungary: Bosnia from below Visegrad to the Uvac
    # (every hex of it south of Bajina Basta, 43.97 N)
    assert land and all(grid.hex_latlon(h.column, h.row)[0] < 43.95 for side in land
                        for h in side)
    chains = _chains(river)
    assert len(chains) == 1
    touched = {h for side in chains[0] for h in side}
    belgrade, sabac, loznica = (_city(data, t) for t in ("Belgrade", "Sabac", "Loznica"))
    assert {belgrade, sabac, loznica} <= touched  # the Danube, the Sava, the Drina
    assert any(h.row == 1 for h in touched)  # the Danube runs off the east edge
    assert {parse_hex("s1314"), parse_hex("s1213")} & touched  # the Drina to Visegrad
    # and the whole border with Austria-Hungary is one line, land stretch included
    assert len(_chains({(a, b) for a, b, _ in border})) == 1


def test_the_serbian_rivers_are_minor(data: GweData) -> None:
    names = ("Morava", "West Morava", "Golijska Moravica", "Djetinja", "Kolubara", "Jadar",
             "Lim", "Ibar")
    found = {name: [side for side in data.map.hexsides
                    if side.source.startswith(f"reconstructed: river from {name} (")
                    or f"; {name} (" in side.source or side.source.startswith(
                        f"reconstructed: {name} (")]
             for name in names}
    assert all(found.values()), {n: len(s) for n, s in found.items()}
    assert all("minor_river" in side.features and "major_river" not in side.features
               for sides in found.values() for side in sides
               if not {"Danube", "Sava", "Drina"} & set(side.source.replace("(", " ").split()))


def _connected(data: GweData, start: str, end: str) -> bool:
    links: dict[Hex, set[Hex]] = {}
    for side in data.rail_links:
        links.setdefault(side.first, set()).add(side.second)
        links.setdefault(side.second, set()).add(side.first)
    seen, todo = {parse_hex(start)}, [parse_hex(start)]
    while todo:
        for n in links.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return parse_hex(end) in seen


@pytest.mark.rules("gwe-serbia-galicia:5.3")
@pytest.mark.parametrize(("start", "end"), [
    ("Belgrade", "Stalac"), ("Belgrade", "Kragujevac"), ("Belgrade", "Smederevo"),
    ("Mladenovac", "Valjevo"), ("Obrenovac", "Valjevo"), ("Stalac", "Uzice"),
    ("Kraljevo", "Cacak"), ("Sabac", "Loznica"), ("Sarajevo", "Visegrad"),
    ("Indjija", "Mitrovica"), ("Indjija", "Ruma"), ("Pancsova", "Kevevara"),
    ("Ruma", "Klenak"), ("Indjija", "Klenak")])
def test_the_railways_connect_their_towns(data: GweData, start: str, end: str) -> None:
    assert _connected(data, str(_city(data, start)), str(_city(data, end)))
    assert _connected(data, str(_city(data, "Sarajevo")), "s1513")  # the Uvac railhead


@pytest.mark.rules("gwe-serbia-galicia:5.3", "gwe-serbia-galicia:9.0")
def test_each_country_rides_its_own_lines_to_its_own_map_edges(data: GweData) -> None:
    lines = [line for line in data.map.rail_lines if line.hexes[0].startswith("s")]
    for line in lines:
        countries = {_country(data, parse_hex(h)) for h in line.hexes}
        assert len(countries) == 1, line.hexes  # 5.3: cut at the border
        assert line.side == serbia_map.SIDE_OF_COUNTRY[countries.pop() or ""]
    assert not _connected(data, str(_city(data, "Belgrade")), str(_city(data, "Mitrovica")))
    exits = {parse_hex(line.hexes[-1]): line.side for line in lines if line.exits_map}
    assert {h for h, side in exits.items() if side == "allied"} == {_city(data, "Stalac")}
    assert all(h.row == 1 for h, side in exits.items() if side == "allied")  # east edge
    central = {h for h, side in exits.items() if side == "central"}
    assert {h.column for h in central if h.column == 1} and {h.row for h in central
                                                              if h.row == 20}
    assert all(h.column == 1 or h.row == 20 for h in central)  # north and west edges


def test_only_serbia_galicia_terrain_and_every_item_has_a_source(data: GweData) -> None:
    serbian = [e for w, e in data.hexes.items() if w.map == "s"]
    assert {e.terrain for e in serbian} == {"clear", "forest", "broken", "swamp", "rough"}
    loaded = MapFile.model_validate(_document(SERBIA_MAP))
    items: list[object] = [*loaded.hexes, *loaded.hexsides, *loaded.rail_lines,
                           *loaded.entry_hexes, *loaded.extents]
    assert [i for i in items if not getattr(i, "source", "").startswith(SOURCE_KINDS)] == []


def test_the_extent_is_the_named_hexes_and_places_with_a_hex_round_them() -> None:
    assert serbia_map.extent_needed() == (grid.COLUMNS, grid.ROWS)


def test_entry_letters_do_not_repeat_the_galician_maps(data: GweData) -> None:
    letters = [(e.side, e.letter) for e in data.map.entry_hexes]
    assert len(letters) == len(set(letters))
    assert {e.letter for e in data.map.entry_hexes if e.hex.startswith("s")} == \
        {"E", "F", "G", "H", "I", "J", "K"}


def test_merging_needs_a_letter_for_each_map() -> None:
    serbian = _document(SERBIA_MAP)
    with pytest.raises(ValueError, match="letter of its own"):
        serbia_map.merge_maps(serbian, serbian)


def test_a_place_on_a_border_river_takes_the_nearest_hex_of_its_country() -> None:
    """Semlin's coordinates fall in Belgrade's hex; as a set-up place in Austria-Hungary (26.22)
    it goes to the Austro-Hungarian hex beside it."""
    country = serbia_map.map_countries(SERBIA_MAP)
    assert serbia_map.hex_in_country(44.843, 20.401, SERBIA, country) == (3, 7)
    semlin = serbia_map.hex_in_country(44.843, 20.401, AH, country)
    assert country[semlin] == AH and _hex(semlin) in _hex((3, 7)).neighbours()


def _river(data: GweData, name: str) -> set[frozenset[Hex]]:
    """The hexsides a river of the map runs along, by the name its source gives it."""
    return {frozenset(parse_hex(h) for h in side.between) for side in data.map.hexsides
            if side.source.startswith((f"reconstructed: river from {name} (",
                                       f"reconstructed: {name} (")) or f"; {name} (" in side.source}


def _line(data: GweData, through: str) -> list[Hex]:
    return [parse_hex(h) for h in next(line.hexes for line in data.map.rail_lines
                                        if through in line.hexes)]


def _crossings(line: list[Hex], river: set[frozenset[Hex]]) -> list[set[Hex]]:
    """The steps of a railway over a river's hexsides."""
    return [{a, b} for a, b in pairwise(line) if frozenset((a, b)) in river]


def _bank(data: GweData, start: Hex, barriers: set[frozenset[Hex]]) -> set[Hex]:
    """The Serbian hexes reached from a hex without crossing the barrier hexsides."""
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for n in data.neighbours(here):
            if n.map == "s" and n not in seen and _country(data, n) == SERBIA and \
                    frozenset((here, n)) not in barriers:
                seen.add(n)
                todo.append(n)
    return seen


def test_the_main_line_runs_along_the_morava_and_crosses_it_once_by_cuprija(
        data: GweData) -> None:
    """The Belgrade-Nis line keeps to the Morava's left bank to Jagodina, crosses it once,
    between Jagodina and S1101 on the hexside whose end touches Cuprija's hex (the bridge at
    Cuprija), and keeps to its right bank by Paracin to Stalac: no river else."""
    morava = _river(data, "Morava")
    main = _line(data, "s1101")
    every_river = {frozenset(parse_hex(h) for h in side.between) for side in data.map.hexsides
                   if {"major_river", "minor_river"} & set(side.features)}
    jagodina, cuprija = _city(data, "Jagodina"), _city(data, "Cuprija")
    assert _crossings(main, every_river) == [{jagodina, parse_hex("s1101")}]
    assert cuprija in set(data.neighbours(jagodina)) & set(data.neighbours(parse_hex("s1101")))
    # the river beside the line: every Morava hexside from Velika Plana to Stalac touches it
    valley = [side for side in morava if all(h.column >= 8 for h in side)]
    assert valley and all(side & set(main) for side in valley)
    left = _bank(data, jagodina, morava | _river(data, "Danube"))
    on_left = ("Jagodina", "Lapovo", "Velika Plana", "Palanka", "Smederevo", "Belgrade",
               "Krusevac")
    on_right = ("Cuprija", "Paracin", "Stalac", "Pozarevac")
    assert {_city(data, t) for t in on_left} <= left
    assert not {_city(data, t) for t in on_right} & left
    assert parse_hex("s1101") not in left
    right = _bank(data, _city(data, "Paracin"), morava | _river(data, "Danube"))
    assert {_city(data, t) for t in on_right} | {parse_hex("s1101")} <= right


def test_the_smederevo_branch_leaves_the_main_line_at_velika_plana(data: GweData) -> None:
    branch = _line(data, str(_city(data, "Smederevo")))
    assert branch[0] == _city(data, "Velika Plana") and branch[-1] == _city(data, "Smederevo")
    assert _city(data, "Palanka") not in branch
    assert not _crossings(branch, _river(data, "Morava"))  # on the Morava's left bank
    assert not _crossings(_line(data, str(_city(data, "Pozarevac"))),
                          _river(data, "Morava"))  # Pozarevac-Dubravica on its right bank


def test_the_west_morava_runs_north_of_krusevac_beside_the_line_to_cacak(
        data: GweData) -> None:
    """Krusevac, Trstenik, Kraljevo and Cacak lie on the West Morava's south bank, the narrow
    gauge with them: the river on Krusevac's north sides, beside the line's hexes, never
    crossed; the line crosses the South Morava at Stalac, the Ibar at Kraljevo and the
    Golijska Moravica by Pozega, and the Djetinja runs beside it from Pozega to Uzice."""
    west, south = _river(data, "West Morava"), _river(data, "Morava")
    krusevac = _city(data, "Krusevac")
    sides = {n: frozenset((krusevac, n)) for n in data.neighbours(krusevac)}
    rivers = west | south
    assert {str(n) for n, side in sides.items() if side in rivers} == \
        {"s1401", "s1402", "s1501"}  # north-west, north-east; the South Morava east
    assert sides[parse_hex("s1402")] in west
    assert not {sides[parse_hex("s1601")], sides[parse_hex("s1602")]} & rivers  # south
    line = _line(data, str(krusevac))
    assert line[0] == _city(data, "Stalac") and line[-1] == _city(data, "Uzice")
    assert not _crossings(line, west)
    assert all(side & set(line) for side in west)  # beside the line all the way
    assert _crossings(line, south) == [{_city(data, "Stalac"), krusevac}]
    assert _crossings(line, _river(data, "Ibar")) == \
        [{_city(data, "Kraljevo"), parse_hex("s1306")}]
    assert _crossings(line, _river(data, "Golijska Moravica")) == \
        [{parse_hex("s1309"), _city(data, "Pozega")}]
    djetinja = _river(data, "Djetinja")
    assert not _crossings(line, djetinja)
    assert any(_city(data, "Pozega") in side for side in djetinja)
    assert any(_city(data, "Uzice") in side for side in djetinja)


def test_the_morava_and_its_rivers_are_one_chain_into_the_danube(data: GweData) -> None:
    """The hex-scale Moravas join end to end: the South, West and Great Morava, the Golijska
    Moravica, the Djetinja and the Ibar one chain, the Great Morava's end on the Danube."""
    names = ("Morava", "West Morava", "Golijska Moravica", "Djetinja", "Ibar")
    system = {tuple(sorted(side)) for name in names for side in _river(data, name)}
    chains = _chains({(a, b) for a, b in system})
    assert len(chains) == 1
    danube = {tuple(sorted(side)) for side in _river(data, "Danube")}
    assert len(_chains({(a, b) for a, b in system | danube})) == 1


@pytest.mark.rules("gwe-serbia-galicia:5.3")
def test_the_austro_hungarian_railheads_on_the_sava_and_the_drina(data: GweData) -> None:
    """Vinkovci-Gunja-Brcko (the 5th Army's railhead) leaves the north edge; Ruma-Klenak ends
    opposite Sabac in Syrmia; the Bosnian Eastern Railway runs from Visegrad to Vardiste, the
    Bosnian hex beside Mokra Gora."""
    brcko = _line(data, str(_city(data, "Brcko")))
    assert brcko[0] == _city(data, "Brcko") and brcko[-1].column == 1
    assert {_country(data, h) for h in brcko} == {AH}
    assert any(line.exits_map for line in data.map.rail_lines if str(brcko[0]) in line.hexes)
    klenak = _line(data, str(_city(data, "Klenak")))
    assert klenak[0] == _city(data, "Ruma") and klenak[-1] == parse_hex("s0311")
    assert {_country(data, h) for h in klenak} == {AH}
    assert _city(data, "Sabac") in data.neighbours(_city(data, "Klenak"))
    vardiste = _line(data, "s1413")
    assert vardiste[-2:] == [_city(data, "Visegrad"), parse_hex("s1413")]
    assert _country(data, parse_hex("s1413")) == AH


def test_the_sabac_loznica_line_crosses_the_macva_north_of_the_cer(data: GweData) -> None:
    line = _line(data, str(_city(data, "Loznica")))
    assert [str(h) for h in line] == ["s0411", "s0412", "s0413", "s0514", "s0614"]
    assert {data.hexes[h].terrain for h in line[:3]} == {"clear"}  # the Macva plain
    assert not [h for h in line[:3] if "the Cer and Iverak" in data.hexes[h].source]


def test_the_drina_hills_rough_and_the_jadar_hills_broken(data: GweData) -> None:
    """The Boranja by the Drina gorge (s0715) and the Gucevo above Loznica (s0614) are rough;
    the Jadar and Podgorina hills broken."""
    terrain = {h: data.hexes[parse_hex(h)].terrain for h in
               ("s0715", "s0614", "s0613", "s0712", "s0713", "s0811", "s0810", "s0709")}
    assert terrain == {"s0715": "rough", "s0614": "rough", "s0613": "broken",
                       "s0712": "broken", "s0713": "broken", "s0811": "broken",
                       "s0810": "clear", "s0709": "clear"}  # Valjevo, Ub: the Kolubara's
    assert "Gucevo" in data.hexes[parse_hex("s0614")].source
    assert "Boranja" in data.hexes[parse_hex("s0715")].source
