"""What the rulebook states about the map and counters; every data set must honour it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from gm.games.rcw.data.dataset import GameData, Problem
from gm.games.rcw.data.locate import Locator
from gm.games.rcw.data.tables import random_event_provinces

# 15.41: codes are the first four letters, except where names clash. The rulebook gives
# VLAD/VLDM; Urals/Uralsk clash the same way and Uralsk takes URSK (docs/rulings.md).
CODE_EXCEPTIONS = {"Vladimir": "VLDM", "Uralsk": "URSK"}
REGION_LETTERS = {"G": "Greater Russia", "W": "White Russia", "U": "Ukraine",
                  "T": "Trans Caucasus", "S": "Siberia", "C": "Cossack Territories"}  # 15.41
OTHER_REGIONS = ("Baltic", "Finland", "Poland")  # 5.7, 5.76
ADJACENT = [  # (a, b, case)
    *[(a, b, "17.0") for a, b in (("PETR", "NOVG"), ("NOVG", "TVER"), ("TVER", "RYAZ"),
                                  ("RYAZ", "TULA"), ("TULA", "KALU"), ("KALU", "SMOL"),
                                  ("SMOL", "PSKO"), ("PSKO", "PETR"), ("SMOL", "OREL"),
                                  ("OREL", "KURS"))],
    ("FINL", "PETR", "5.75"), ("FINL", "OLON", "5.75"), ("OLON", "ARCH", "5.75"),
    ("EKAT", "OMSK", "13.0"),
]
REGIONS = [  # (province, region name, case)
    ("SARA", "Cossack Territories", "27.12"), ("URSK", "Cossack Territories", "27.12"),
    ("KIRG", "Cossack Territories", "27.12"), ("SAMA", "Cossack Territories", "27.12"),
    ("TIFL", "Trans Caucasus", "27.12"), ("DONC", "Cossack Territories", "9.12"),
    ("TVER", "Greater Russia", "9.13"), ("PETR", "Greater Russia", "9.13"),
    ("EKAT", "Siberia", "13.0"), ("OMSK", "Siberia", "3.22"), ("VLAD", "Siberia", "3.22"),
    ("FINL", "Finland", "5.75"), ("POLA", "Poland", "5.76"),
]
BLUE = ("GE", "CZ", "FR", "HU", "RM", "GR", "JA", "US", "BR")  # 5.6
GREEN = ("BA", "BY", "UK", "TC", "SB", "FN", "PO")  # 5.7
SOLITAIRE_WHITE = {266: ("Chatilov", "SARA"), 267: ("Ulagi", "URSK"), 268: ("Romanovsky", "TIFL"),
                   269: ("Lukomsky", "KIRG"), 270: ("Kappel", "SAMA")}  # 27.12
COUNTERS_IN_BOX = 400  # 3.4


def _letters(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z]", "", plain).upper()


def check_rulebook_facts(data: GameData, where: Locator) -> Iterator[Problem]:
    yield from _map_facts(data, where)
    yield from _counter_facts(data, where)


def _map_facts(data: GameData, where: Locator) -> Iterator[Problem]:
    table = random_event_provinces()
    by_name = data.province_by_name
    for name in table:
        if name.casefold() not in by_name:
            yield where.map_key("provinces", f"{name} is named on the Random Events Table "
                                "(12.2) but is not a province")
    table_names = {n.casefold() for n in table}
    for p in data.map.provinces:
        if p.name.casefold() not in table_names:
            yield where.province(p.code, "name", f"{p.code} {p.name} is not one of the 78 "
                                 "provinces of the Random Events Table (12.2)")
        wanted = CODE_EXCEPTIONS.get(p.name, _letters(p.name)[:4])
        if p.code != wanted:
            yield where.province(p.code, "code", f"{p.name} has code {p.code}; 15.41 gives "
                                 f"{wanted}")
    names = set(data.map.regions.values())
    for letter, name in REGION_LETTERS.items():
        if data.map.regions.get(letter) != name:
            yield where.map_key("regions", f"region {letter} must be {name} (15.41)")
    for name in OTHER_REGIONS:
        if name not in names:
            yield where.map_key("regions", f"region {name} is missing (5.7)")
    for a, b, case in ADJACENT:
        if a in data.provinces and b in data.provinces and not data.adjacent(a, b):
            yield where.province(a, "adjacent", f"{a} and {b} must be adjacent ({case})")
    for code, region, case in REGIONS:
        if code in data.provinces and data.region_name(code) != region:
            yield where.province(code, "region", f"{code} must be in {region} ({case})")
    specials = {(s.kind, frozenset(s.between)): s for s in data.map.special}
    kerch = specials.get(("straits", frozenset(("TAUR", "KUBA"))))
    if kerch is None or set(kerch.colors) != {"white"}:
        yield where.map_key("special", "the Kerch Straits join Taurida and Kuban for White "
                            "units only (5.32)")
    if ("barrier", frozenset(("PETR", "LIVO"))) not in specials:
        yield where.map_key("special", "no crossing between Petrograd and Livonia (Lake Pskov, "
                            "5.33) must be listed")


def _expect_unit(data: GameData, where: Locator, unit_id: int, case: str, **wanted: object
                 ) -> Iterator[Problem]:
    unit = data.units.get(unit_id)
    if unit is None:
        yield where.counters_key("units", f"unit {unit_id} is missing ({case})")
        return
    for key, value in wanted.items():
        have = data.color(unit_id) if key == "color" else getattr(unit, key, None)
        if have != value:
            yield where.unit(unit_id, key if key != "color" else "nationality",
                             f"unit {unit_id}: {key} must be {value}, not {have} ({case})")


def _counter_facts(data: GameData, where: Locator) -> Iterator[Problem]:
    yield from _expect_unit(data, where, 151, "15.32", kind="leader", name="Lenin", color="red")
    yield from _expect_unit(data, where, 152, "3.21, 15.52", kind="leader", name="Trotsky",
                            color="red", value=3, home="TVER", asterisk=True,
                            asterisk_unit=111)
    yield from _expect_unit(data, where, 111, "15.52", kind="combat", color="red", home="TVER")
    yield from _expect_unit(data, where, 212, "9.12", kind="combat", color="white", home="DONC")
    yield from _expect_unit(data, where, 415, "3.21", kind="combat", nationality="BR")
    yield from _expect_unit(data, where, 417, "3.22", kind="combat", nationality="US",
                            strength=2, home="VLAD")
    for unit_id, (name, province) in SOLITAIRE_WHITE.items():
        yield from _expect_unit(data, where, unit_id, "27.12", kind="leader", name=name,
                                color="white", solitaire_setup=province)
    if not any(c.home == "PETR" and data.color(c.id) == "red" for c in data.combat_units.values()):
        yield where.counters_key("units", "a Red combat unit must deploy in Petrograd (27.13)")
    tukh = [leader for leader in data.leaders.values()
            if leader.name == "Tukhachevsky" or "Tukachevsky" in leader.spellings]
    if not tukh or data.color(tukh[0].id) != "red":
        yield where.counters_key("units", "Tukhachevsky (spelt Tukachevsky in 17.0) must be a "
                                 "Red leader")
    polish = [u for u in data.combat_units.values() if u.nationality == "PO"]
    if len(polish) != 3 or any(u.home != "POLA" for u in polish):
        yield where.counters_key("units", "three Polish units deploy in Poland (15.42)")
    nats = data.counters.nationalities
    for code in BLUE + GREEN:
        color = "blue" if code in BLUE else "green"
        if code not in nats or nats[code].color != color:
            yield where.counters_key("nationalities", f"{code} must be a {color} nationality "
                                     f"({'5.6' if color == 'blue' else '5.7'})")
    for code in ("GE", "HU", "RM"):
        if code in nats and nats[code].control_marker:
            yield where.counters_key("nationalities", f"{code} has no control marker (5.62)")
    for code in ("CZ", "JA"):
        if code in nats and set(nats[code].regions or ()) != {_region_letter(data, "Siberia")}:
            yield where.counters_key("nationalities", f"{code} units never leave Siberia (5.65)")
    if "FN" in nats and set(nats["FN"].provinces or ()) != {"ARCH", "OLON", "PETR", "FINL"}:
        yield where.counters_key("nationalities", "Finnish units enter only Archangel, Olonetz, "
                                 "Petrograd and Finland (5.75)")
    polish_regions = {_region_letter(data, n) for n in ("Greater Russia", "White Russia",
                                                        "Baltic", "Ukraine", "Poland")}
    if "PO" in nats and set(nats["PO"].regions or ()) != polish_regions:
        yield where.counters_key("nationalities", "Polish units enter Greater Russia, White "
                                 "Russia, the Baltic, the Ukraine and Poland only (5.76)")
    yield from _marker_facts(data, where)


def _region_letter(data: GameData, name: str) -> str:
    return next((k for k, v in data.map.regions.items() if v == name), "?")


def _marker_facts(data: GameData, where: Locator) -> Iterator[Problem]:
    counters = data.counters
    marks = counters.markers
    facts = [
        (len([u for u in data.leaders.values() if u.nationality == "RD"]), 30, "Red leaders",
         "15.22"),
        (len([u for u in data.leaders.values() if u.nationality == "WH"]), 20, "White leaders",
         "15.22"),
        (marks.politburo, 15, "Politburo markers", "15.32"),
        (marks.assassin, 15, "Assassin markers", "15.22, 15.23"),
        (len(marks.blue_control), 5, "Blue control markers", "5.61"),
        (len(marks.blue_withdrawal), 5, "Blue withdrawal markers", "5.66"),
        (len(marks.green_control), 7, "Green control markers", "5.71"),
        (marks.player_control_sets, 6, "sets of player control markers", "7.23"),
        (marks.player_control_per_set, 35, "player control markers a set", "15.21"),
    ]
    initial, auxiliary = counters.randomizers.initial_forces, counters.randomizers.auxiliary_forces
    facts.append((initial.red_leaders + initial.white_leaders + initial.politburo
                  + initial.assassin, 65, "counters in the Initial Forces Randomizer", "15.22"))
    facts.append((auxiliary.blue_control + auxiliary.blue_withdrawal + auxiliary.green_control
                  + auxiliary.assassin, 30, "counters in the Auxiliary Forces Randomizer",
                  "15.23"))
    for have, wanted, what, case in facts:
        if have != wanted:
            yield where.counters_key("markers", f"{have} {what}; the rulebook has {wanted} "
                                     f"({case})")
    if set(marks.blue_control) != {"FR", "BR", "US", "JA", "CZ"}:
        yield where.counters_key("markers", "Blue control markers are FR, BR, US, JA, CZ (5.61)")
    total = (len(counters.units) + len(counters.imperial) + marks.politburo + marks.assassin
             + len(marks.blue_control) + len(marks.blue_withdrawal) + len(marks.green_control)
             + marks.player_control_sets * marks.player_control_per_set + marks.game_turn)
    if total != COUNTERS_IN_BOX:
        yield where.counters_key("units", f"the counter mix adds up to {total} pieces; the box "
                                 f"holds {COUNTERS_IN_BOX} (3.4)")
