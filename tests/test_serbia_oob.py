"""The Serbian front's order of battle (scripts/serbia_oob.py, docs/serbia-oob.md) on the
reconstructed map (ruling G90): each set-up place in a hex of its side's country, at the map's
own town of its name, and the 2nd Army's deployment of 12 August 1914 from east to west."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import serbia_map  # noqa: E402
import serbia_oob as oob  # noqa: E402
from galicia_map import neighbours, parse  # noqa: E402

SERBIA_MAP = ROOT / "gm" / "games" / "gwe" / "exclusive" / "serbia_galicia" / "dataset" / \
    "serbia" / "map.yaml"
OWN = {"SE": "Serbia", "AH": "Austria-Hungary"}  # 26.21, 26.22
TOWNS = serbia_map.map_towns(SERBIA_MAP)
COUNTRY = serbia_map.map_countries(SERBIA_MAP)


def _setup(uid: str) -> str:
    unit = next(u for u in oob.UNITS if u.id == uid)
    assert unit.place is not None
    return oob.place_hex(oob.PLACES[unit.place], TOWNS, COUNTRY)


def _built() -> dict[str, dict[str, object]]:
    units = yaml.safe_load(oob.build(SERBIA_MAP, oob.ENTRIES.__getitem__))["units"]
    return {u["id"]: u for u in units}


def test_the_order_of_battle_passes_its_checks() -> None:
    assert oob.problems() == []


def test_every_set_up_place_lands_in_a_hex_of_its_sides_country() -> None:
    """Serbians in Serbia, Austro-Hungarians in Austria-Hungary (26.21, 26.22)."""
    placed = [u for u in oob.UNITS if u.place is not None]
    assert placed
    for unit in placed:
        where = parse(_setup(unit.id))
        assert COUNTRY.get(where) == OWN[unit.nationality], (unit.id, unit.place, where)


@pytest.mark.rules("gwe-serbia-galicia:6.11")
def test_no_hex_holds_more_than_nine_stacking_points_of_a_side_at_the_set_up() -> None:
    """Places that fall in one hex (Janja in Bijeljina's) stack there together."""
    points: dict[tuple[str, str], int] = {}
    for unit in oob.UNITS:
        if unit.place is not None:
            key = (unit.nationality, _setup(unit.id))
            points[key] = points.get(key, 0) + unit.stacking_points
    assert points[("AH", "s0414")] == 5  # VIII Corps, the 5th Army's HQ and a depot
    assert max(points.values()) <= 9


def test_a_place_named_as_a_town_of_the_map_sets_up_in_that_towns_hex() -> None:
    """The map's town, not the raw projection of the place's own coordinates: Pozarevac's
    coordinates fall in the hex beside its town's, Kubin is the map's Kevevara."""
    named = [p for p in oob.PLACES.values() if (p.town or p.name) in TOWNS]
    assert len(named) > 20
    for place in named:
        assert oob.place_hex(place, TOWNS, COUNTRY) == \
            serbia_map.hex_id(TOWNS[place.town or place.name]), place.name
    assert all(p.town in TOWNS for p in oob.PLACES.values() if p.town is not None)


@pytest.mark.parametrize(("place", "expected"), [
    ("Semlin", "s0207"), ("Pancsova", "s0205"), ("Kubin", "s0304"), ("Zvornik", "s0815"),
    ("Klenak", "s0311"), ("Uvac", "s1513"), ("Pozarevac", "s0503"),
    ("Smederevska Palanka", "s0704")])
def test_the_border_towns_resolve_to_the_maps_hexes(place: str, expected: str) -> None:
    assert oob.place_hex(oob.PLACES[place], TOWNS, COUNTRY) == expected


def test_the_errata_set_ups_land_in_their_printed_hexes() -> None:
    """The 2/6 Brigade in s1513 (at Uvac, the Bosnian Eastern Railway's end, not Rudo, whose
    coordinates fall in s1514), the Be Brigade in s0307, Belgrade; so the written counters."""
    assert _setup("AH-6-2Gb") == "s1513" and _setup("SE-1-Be") == "s0307"
    assert serbia_map.hex_id(TOWNS["Rudo"]) == "s1514"
    built = _built()
    assert built["AH-6-2Gb"]["setup"] == "s1513" and built["SE-1-Be"]["setup"] == "s0307"
    assert {uid: u["setup"] for uid, u in built.items() if "setup" in u} == \
        {u.id: _setup(u.id) for u in oob.UNITS if u.place is not None}
    assert built["AH-6-40H"]["arrives"] == {"turn": 3, "entry": "I", "entrained": True}


def test_the_second_army_stands_from_east_to_west_vii_7_iv_29() -> None:
    """EB: the II. Army from east to west VII Corps, 7th Division, IV Corps, IX Corps (the 29th
    Division only); the 29th took Sabac from Klenak on 12 August. Rows run west on the sheet."""
    order = ["AH-2-VII", "AH-2-7", "AH-2-IV", "AH-2-29"]
    rows = [parse(_setup(uid))[1] for uid in order]
    assert rows == sorted(rows) and len(set(rows)) == 4
    assert _setup("AH-2-29") == serbia_map.hex_id(TOWNS["Klenak"])
    sabac = TOWNS["Sabac"]
    assert parse(_setup("AH-2-29")) in neighbours(sabac)
    assert _setup("AH-2-IV") == "s0409"  # Kupinovo, opposite Obrenovac
    assert TOWNS["Obrenovac"] in neighbours(
        parse(_setup("AH-2-IV")))


def test_the_18th_division_south_east_of_sarajevo_and_the_left_out_counters() -> None:
    """POHL: XVI Corps, come up from Herzegovina, stood south-east of Sarajevo by 10 August
    with the 18th ID; the 23rd Honved and 10th Cavalry Divisions stay Galician counters."""
    eighteenth = next(u for u in oob.UNITS if u.id == "AH-6-18")
    assert eighteenth.place == "Pale" and "POHL" in eighteenth.source
    assert parse(_setup("AH-6-18")) in \
        neighbours(TOWNS["Sarajevo"])
    assert "AH 23rd Honved ID, 10th Cavalry Division" in oob.LEFT_OUT
    assert not {u.id for u in oob.UNITS} & {"AH-3-23H", "AH-4-10C", "AH-2-23H", "AH-2-10C"}
    doc = (ROOT / "docs" / "serbia-oob.md").read_text(encoding="utf-8")
    assert "23rd Honved" in doc and "10th Cavalry" in doc
