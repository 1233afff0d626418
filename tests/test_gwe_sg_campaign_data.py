"""Serbia/Galicia's campaign data set, dataset/serbia-galicia (26.1 The Historical Campaign Game,
ruling G96): both maps and every counter of both fronts with its 26.1 set-up hex or arrival,
made again byte for byte by scripts/serbia_galicia_dataset.py from the pieces; `gm data check`
passes it and lists what is not printed; the errata's two set-ups and Putnik's parenthesized
shift; the intermap links both ways (17.4, ruling G95); and `gm new --scenario
historical-campaign` plays it, with no --data, from Game-Turn 1's Austro-Hungarian Movement
Phase with four Serbian Supply Points."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from gm.app.campaign import open_campaign
from gm.games.gwe.cases.run import run_case
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.reading import read_data_set
from gm.games.gwe.data.sources import not_printed
from gm.games.gwe.exclusive.serbia_galicia import intermap
from gm.games.gwe.exclusive.serbia_galicia.scenarios import HISTORICAL_CAMPAIGN
from gm.games.gwe.games import GAMES, bound
from gm.games.gwe.state import GweState, initial_state
from tests.conftest import gm
from tests.test_cli import run_gm

ROOT = Path(__file__).resolve().parent.parent
DATASETS = ROOT / "gm" / "games" / "gwe" / "exclusive" / "serbia_galicia" / "dataset"
FOLDER = DATASETS / "serbia-galicia"
PLAYERS = ("-p", "C:Conrad:conrad@example.org:pwc", "-p", "E:Putnik:putnik@example.org:pwe")
SHARED = ("AH-2-HQ", "AH-2-IV", "AH-2-VII", "AH-2-SD1", "AH-2-SD2")  # 17.42: on map s
sys.path.insert(0, str(ROOT / "scripts"))

import serbia_galicia_dataset as script  # noqa: E402


@pytest.fixture(scope="module")
def data() -> GweData:
    read, problems = read_data_set(FOLDER)
    assert read is not None and not problems, problems
    return bound(read)


def _documents() -> dict[str, Any]:
    return {name: yaml.safe_load((FOLDER / name).read_text(encoding="utf-8"))
            for name in ("map.yaml", "counters.yaml")}


def test_the_folder_is_what_the_script_makes_of_the_pieces() -> None:
    assert HISTORICAL_CAMPAIGN.data_set == FOLDER
    assert sorted(p.name for p in FOLDER.iterdir()) == ["counters.yaml", "map.yaml"]  # 26.1:
    for name, text in script.built().items():  # no deployment.yaml: the counters set it up
        assert (FOLDER / name).read_text(encoding="utf-8") == text, name


def test_gm_data_check_passes_it_and_lists_what_is_not_printed(data: GweData) -> None:
    done = run_gm("data", "check", "--game", "gwe", str(FOLDER), "--list-reconstructed")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == f"{FOLDER}: data set OK"
    head = next(line for line in done.stdout.splitlines() if line.startswith("not printed"))
    assert "130 counters" in head and "6 off-map links" in head and "2 rail capacities" in head
    listed = {(item.kind, item.id) for item in not_printed(data)}
    assert ("counters file", "counters.yaml") in listed and ("map", data.map.name) in listed
    # honestly: every entry whose source reconstructs anything begins so, and is listed
    for name, document in _documents().items():
        for entry in _sourced(document):
            if "reconstructed" in entry["source"]:
                assert entry["source"].startswith("reconstructed:"), (name, entry["source"])
    assert {i for k, i in listed if k == "counter"} == set(data.units)
    assert {i for k, i in listed if k == "rail capacity"} == {"central", "allied"}
    assert not {i for k, i in listed if k == "nationality"}  # 2.4, 5.3, 9.1: printed


def _sourced(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        own = [node] if isinstance(node.get("source"), str) else []
        return own + [e for value in node.values() for e in _sourced(value)]
    if isinstance(node, list):
        return [e for value in node for e in _sourced(value)]
    return []


def test_the_sides_and_nationalities_of_both_fronts(data: GweData) -> None:
    counters = data.counters
    assert counters.exclusive_rules == "serbia-galicia"
    central, allied = counters.sides["central"], counters.sides["allied"]
    assert (central.rail_rate, allied.rail_rate) == (20, 18)  # 5.3
    assert (central.stacking_limit, allied.stacking_limit) == (9, 9)  # 6.11
    galician = yaml.safe_load((DATASETS / "galicia" / "counters.yaml").read_text("utf-8"))
    for code in ("central", "allied"):  # the Game-Turn Track, as the Galician data's (G37)
        assert counters.sides[code].rail_capacity_by_turn == \
            galician["sides"][code]["rail_capacity_by_turn"]
        assert (counters.sides[code].rail_capacity_source or "").startswith("reconstructed:")
    found = {code: (n.side, n.tcr, n.supply_range, n.country, n.rail_capacity, n.rail_rate)
             for code, n in counters.nationalities.items()}
    assert found == {"AH": ("central", 4, 3, "Austria-Hungary", None, None),
                     "RU": ("allied", 3, 3, "Russia", None, None),
                     "SE": ("allied", 2, 3, "Serbia", 5, 14)}  # 2.4, 9.1, 5.3 (ruling G97)
    assert all(counters.nationalities["SE"].capacity(turn) == 5 for turn in range(1, 14))


@pytest.mark.rules("gwe-serbia-galicia:26.1")
def test_every_unit_sets_up_in_its_country_or_arrives(data: GweData) -> None:
    galician = yaml.safe_load((DATASETS / "galicia" / "counters.yaml").read_text("utf-8"))
    ids = [u.id for u in data.counters.units]
    assert len(ids) == len(set(ids)) == 130
    assert {u["id"] for u in galician["units"]} <= set(ids)  # every Galician counter, once
    entries = {(e.side, e.letter): parse_hex(e.hex) for e in data.map.entry_hexes}
    assert len(entries) == len(data.map.entry_hexes)  # a letter names one hex of a side
    for unit in data.counters.units:
        nationality = data.counters.nationalities[unit.nationality]
        assert (unit.setup is None) != (unit.arrives is None), unit.id  # 3.0
        if unit.setup is not None:
            where = parse_hex(unit.setup)
            assert data.on_map(where), unit.id
            assert data.hexes[where].country == nationality.country, unit.id  # 26.21, 26.22
        else:
            assert unit.arrives is not None
            assert (nationality.side, unit.arrives.entry) in entries, unit.id  # 14.0
            # 4.0: the Allied Player has no Player-Turn on Game-Turn 1; 26.1 ends with 13
            assert (2 if nationality.side == "allied" else 1) <= unit.arrives.turn <= 13
    for uid in SHARED:  # the 2nd Army's counters of both fronts: once, on the Serbian map
        setup = data.units[uid].setup
        assert setup is not None and parse_hex(setup).map == "s", uid
    maps = Counter(parse_hex(u.setup).map for u in data.counters.units if u.setup)
    assert maps == {"g": 63, "s": 42}  # 6.11's limit in a hex: gm data check's


def test_the_errata_set_ups_and_putnik(data: GweData) -> None:
    assert data.units["SE-1-Be"].setup == "s0307"  # errata: Belgrade
    assert data.units["AH-6-2Gb"].setup == "s1513"  # errata
    assert data.hexes[parse_hex("s0307")].city is not None
    putnik = data.units["SE-SOK-HQ"].hq
    assert putnik is not None and putnik.parenthesized and putnik.level == "front"  # 19.1, G94
    assert [u.id for u in data.counters.units if u.hq and u.hq.parenthesized] == ["SE-SOK-HQ"]


def test_the_russian_entries_of_the_campaigns_arrivals(data: GweData) -> None:
    added = {e.letter: e.hex for e in data.map.entry_hexes if e.side == "allied"}
    assert {k: added[k] for k in "FGHIJ"} == {"F": "g0115", "G": "g1701", "H": "g1901",
                                              "I": "g2201", "J": "g2301"}
    assert added["E"] == "s1501" and added["D"] == "g0801"  # the maps' own
    assert data.units["RU-4-Gren"].arrives.model_dump() == {  # type: ignore[union-attr]
        "turn": 2, "entry": "F", "entrained": True}
    assert data.units["RU-8-VIII"].arrives.model_dump() == {  # type: ignore[union-attr]
        "turn": 3, "entry": "H", "entrained": False}  # over the Zbruch on foot
    assert not data.map.start_lines  # 26.31's, Decision in Galicia's (dataset/galicia)


@pytest.mark.rules("gwe-serbia-galicia:17.4", "gwe-serbia-galicia:17.41",
                   "gwe-serbia-galicia:17.42")
def test_the_intermap_links_join_the_two_maps_both_ways(data: GweData) -> None:
    links = data.map.off_map_links
    exits = {parse_hex(line.hexes[-1]) for line in data.map.rail_lines
             if line.exits_map and line.side == "central"}
    ways = {(parse_hex(k.exit).map, parse_hex(k.reenter).map) for k in links}
    assert ways == {("s", "g"), ("g", "s")}
    for link in links:
        assert link.side == "central" and link.source.startswith("reconstructed:")
        for end in (link.exit, link.reenter):  # 5.37: Friendly rail map-exit hexes, 9.0
            assert parse_hex(end) in exits and \
                data.hexes[parse_hex(end)].country == "Austria-Hungary", end
        back = [k for k in links if (k.exit, k.reenter) == (link.reenter, link.exit)]
        assert [k.cost for k in back] == [link.cost]  # the same railway back (ruling G89)
        assert 20 < link.cost <= 60  # about a week, 2-3 Game-Turns at the Rate of 20
    # a unit off the map keeps its re-entry hex alone (state.off_map_to): one link each
    assert len({k.reenter for k in links}) == len(links)
    assert {(k.exit, k.reenter, k.cost) for k in links} >= {("s0109", "g3025", 44),
                                                           ("g3025", "s0109", 44)}
    state = initial_state(data, ("C", "E"))
    link = next(k for k in links if k.exit == "s0109")

    def refused(unit_id: str, turn: int) -> str | None:
        found = intermap.refusal(state.model_copy(update={"turn": turn}), data, unit_id, link)
        return None if found is None else found[1]

    assert refused("AH-2-IV", 2) == "17.42" and refused("AH-2-IV", 3) is None
    assert refused("AH-5-VIII", 5) == "17.41" and refused("RU-4-Gren", 5) == "17.4"


@pytest.mark.rules("gwe-serbia-galicia:17.4", "gwe:5.38")
def test_a_2nd_army_depot_takes_the_budapest_line_off_the_serbian_map(tmp_path: Path) -> None:
    case = tmp_path / "transfer.yaml"
    case.write_text(f"""game: gwe
case: the 2nd Army's depot rides from Ruma to Indjija and off the map toward the Lupkow line
data: {FOLDER}
players: {{A: allied, B: central}}
turn: 3
phase: 4
units: {{AH-2-SD1: s0111, AH-2-HQ: s0111}}
orders:
  B: |
    GAME case
    PLAYER B
    PASSWORD x
    RAIL AH-2-SD1: s0111-s0110-s0109 OFF g3025
dice: [6]
""", encoding="utf-8")  # the die: 10.41 for AH-6-40H, arriving at I (Game-Turn 3)
    outcome = run_case(case, GAMES)
    assert [r["result"] for r in outcome["orders"]] == ["succeeded"]
    assert outcome["units"]["AH-2-SD1"] == {"place": "off_map", "off_map_to": "g3025",
                                            "off_map_points": 18, "entrained": True,
                                            "steps_lost": 0}  # 20 less 2 rail hexes, of 44


@pytest.mark.rules("gwe-serbia-galicia:26.1", "gwe-serbia-galicia:20.3")
def test_the_historical_campaign_plays_the_shipped_data_set(tmp_path: Path) -> None:
    folder = tmp_path / "campaign"
    gm("new", str(folder), "--game", "gwe", "--scenario", "historical-campaign", *PLAYERS)
    state = open_campaign(folder).latest().state
    assert isinstance(state, GweState)
    assert (state.turn, state.phase, state.stage) == (1, 4, "play")  # 4.0: A.1 of the second
    assert state.tracks == {"serbian-supply": 4} and state.vp == 0  # 20.3; ruling G96
    assert state.unit("SE-1-Be").hex == "s0307" and state.unit("AH-1-I").hex == "g0723"
    assert state.unit("AH-2-IV").hex == "s0409" and state.unit("RU-8-XII").place == "pending"
    text = gm("report", str(folder))
    assert "Serbian Supply Track: 4" in text and "s0307 Belgrade" in text
    assert "g1234 Krakow" in text
    png = tmp_path / "map.png"
    gm("report", str(folder), "--format", "png", "--out", str(png))  # both maps, side by side
    assert png.read_bytes().startswith(b"\x89PNG")
    for _ in range(3):  # Game-Turn 1's Austro-Hungarian Phases, with no orders
        gm("adjudicate", str(folder))
    assert gm("status", str(folder)).startswith(  # Russians and Serbians: the Allied (2.3)
        "campaign: Game-Turn 2, Allied Player-Turn, Movement Phase")
    gm("adjudicate", str(folder))  # the Allied Movement Phase: the Serbian supply die (20.2)
    assert "Serbia/Galicia 20.2" in gm("report", str(folder), "--turn", "2", "--phase", "1")
