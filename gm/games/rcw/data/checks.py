"""`gm data check`: consistency of a data set, then the rulebook's facts (facts.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gm.games.rcw.data.areas import check_areas
from gm.games.rcw.data.cache import recall, remember
from gm.games.rcw.data.dataset import LEADER_COLORS, GameData, Problem
from gm.games.rcw.data.facts import check_rulebook_facts
from gm.games.rcw.data.locate import Locator
from gm.games.rcw.data.models import Leader
from gm.games.rcw.data.reading import read_data_set

MAX_STACK = 5  # 7.11


def check_directory(directory: Any) -> list[Problem]:
    """Everything `gm data check DIR` reports, in file order, each at its line."""
    known = recall(Path(directory))
    if known is not None:  # this very data set passed before
        return check_areas(known[0], Path(directory))
    data, problems = read_data_set(directory, lined=False)
    if data is not None and not check_data_set(data):
        remember(Path(directory), data)
        return check_areas(data.map, Path(directory))
    data, problems = read_data_set(directory, lined=True)  # again, to place the problems
    if data is None:
        return problems
    return check_data_set(data) + check_areas(data.map, Path(directory))


def check_data_set(data: GameData) -> list[Problem]:
    where = Locator(data)
    problems = list(_check_map(data, where))
    problems += list(_check_counters(data, where))
    if not problems:  # facts presuppose a consistent data set
        problems += list(check_rulebook_facts(data, where))
    return sorted(problems, key=lambda p: (p.file, p.line, p.message))


def _check_map(data: GameData, where: Locator) -> Iterator[Problem]:
    provinces = data.map.provinces
    for code, count in Counter(p.code for p in provinces).items():
        if count > 1:
            yield where.province(code, "code", f"province code {code} used {count} times")
    for name, count in Counter(p.name.casefold() for p in provinces).items():
        if count > 1:
            yield where.map_key("provinces", f"province name {name!r} used {count} times")
    placed: dict[tuple[float, float], str] = {}
    for p in provinces:  # the drawn map (gm data areas) needs each province at its own point
        first = placed.setdefault((p.lat, p.lon), p.code)
        if first != p.code:
            yield where.province(p.code, "lat", f"{p.code} is at the same position as {first} "
                                                f"(lat {p.lat}, lon {p.lon})")
    known = {p.code for p in provinces}
    neighbours = {p.code: set(p.adjacent) for p in provinces}
    for p in provinces:
        if p.region not in data.map.regions:
            yield where.province(p.code, "region", f"{p.code}: unknown region {p.region!r}")
        for other in p.adjacent:
            if other not in known:
                yield where.province(p.code, "adjacent", f"{p.code}: unknown province {other}")
            elif other == p.code:
                yield where.province(p.code, "adjacent", f"{p.code} is listed adjacent to itself")
            elif p.code not in neighbours[other]:
                yield where.province(p.code, "adjacent",
                                     f"{p.code} lists {other} as adjacent but {other} does not "
                                     f"list {p.code}")
        for dup, count in Counter(p.adjacent).items():
            if count > 1:
                yield where.province(p.code, "adjacent", f"{p.code}: {dup} listed {count} times")
        rail = {q.code: set(q.rail) for q in provinces}
        for other in p.rail:
            if other not in known:
                yield where.province(p.code, "rail", f"{p.code}: unknown province {other} in rail")
            elif other not in neighbours[p.code]:
                yield where.province(p.code, "rail",
                                     f"{p.code}: rail link to {other}, which is not adjacent "
                                     "(5.5: rail runs between adjacent provinces)")
            elif p.code not in rail[other]:
                yield where.province(p.code, "rail",
                                     f"{p.code} lists a rail link to {other} but {other} does "
                                     f"not list {p.code}")
    for index, special in enumerate(data.map.special):
        line = where._item_line(data.map_doc, "special", index, None)
        a, b = special.between
        for code in (a, b):
            if code not in known:
                yield Problem(where.map_path, line, f"{special.name}: unknown province {code}")
        if a in known and b in known and b in neighbours[a]:
            yield Problem(where.map_path, line,
                          f"{special.name} ({special.rule}): {a} and {b} must not also be listed "
                          "as adjacent")


def _check_counters(data: GameData, where: Locator) -> Iterator[Problem]:
    counters = data.counters
    known = set(data.provinces)
    for unit_id, count in Counter(u.id for u in counters.units).items():
        if count > 1:
            yield where.unit(unit_id, "id", f"unit id {unit_id} used {count} times")
    names = Counter(u.name.casefold() for u in counters.units if isinstance(u, Leader))
    for name, count in names.items():
        if count > 1:
            yield where.counters_key("units", f"leader name {name!r} used {count} times")
    for unit in counters.units:
        if unit.nationality not in counters.nationalities:
            yield where.unit(unit.id, "nationality",
                             f"unit {unit.id}: unknown nationality {unit.nationality}")
        if unit.home not in known:
            yield where.unit(unit.id, "home", f"unit {unit.id}: home province {unit.home} "
                             "does not exist")
        if isinstance(unit, Leader):
            if unit.solitaire_setup and unit.solitaire_setup not in known:
                yield where.unit(unit.id, "solitaire_setup",
                                 f"leader {unit.id}: unknown province {unit.solitaire_setup}")
        elif counters.nationalities.get(unit.nationality) and data.nationality(unit.id).color in (
            "red", "white") and unit.nationality not in LEADER_COLORS:
            yield where.unit(unit.id, "nationality", f"unit {unit.id}: Red and White combat "
                             "units are nationality RD or WH")
    for code, nat in counters.nationalities.items():
        for region in nat.regions or ():
            if region not in data.map.regions:
                yield where.counters_key("nationalities", f"{code}: unknown region {region}")
        for province in nat.provinces or ():
            if province not in known:
                yield where.counters_key("nationalities", f"{code}: unknown province {province}")
    yield from _check_markers(data, where)
    yield from _check_set_up(data, where)


def _check_markers(data: GameData, where: Locator) -> Iterator[Problem]:
    counters = data.counters
    marks = counters.markers
    for key, color in (("blue_control", "blue"), ("blue_withdrawal", "blue"),
                       ("green_control", "green")):
        for code in getattr(marks, key):
            nat = counters.nationalities.get(code)
            if nat is None or nat.color != color:
                yield where.counters_key("markers", f"markers.{key}: {code} is not a {color} "
                                         "nationality")
    controlled = {c for c, n in counters.nationalities.items()
                  if n.control_marker and n.color in ("blue", "green")}
    marked = set(marks.blue_control) | set(marks.green_control)
    for code in sorted(controlled ^ marked):
        yield where.counters_key("markers", f"{code}: control_marker in nationalities and the "
                                 "control markers listed disagree (5.61, 5.62, 5.71)")
    initial, auxiliary = counters.randomizers.initial_forces, counters.randomizers.auxiliary_forces
    leaders = list(data.leaders.values())
    for color, wanted in (("RD", initial.red_leaders), ("WH", initial.white_leaders)):
        have = sum(1 for leader in leaders if leader.nationality == color)
        if have != wanted:
            yield where.counters_key("randomizers", f"initial forces hold {wanted} {color} "
                                     f"leaders but the counter mix has {have} (15.22)")
    if initial.politburo + 2 != marks.politburo:  # 15.32: two given to Lenin's and Trotsky's
        yield where.counters_key("randomizers", f"{marks.politburo} Politburo markers but "
                                 f"{initial.politburo} in the Initial Forces Randomizer; 15.32 "
                                 "keeps back exactly two")
    if initial.assassin + auxiliary.assassin != marks.assassin:
        yield where.counters_key("randomizers", f"{marks.assassin} Assassin markers but "
                                 f"{initial.assassin} + {auxiliary.assassin} in the randomizers "
                                 "(15.22, 15.23)")
    for key in ("blue_control", "blue_withdrawal", "green_control"):
        if getattr(auxiliary, key) != len(getattr(marks, key)):
            yield where.counters_key("randomizers", f"auxiliary forces hold "
                                     f"{getattr(auxiliary, key)} {key} markers but "
                                     f"{len(getattr(marks, key))} exist (15.23)")


def _check_set_up(data: GameData, where: Locator) -> Iterator[Problem]:
    """Can the set-up of 13.0, 15.42 and 15.52 be carried out with these counters?"""
    combat_at: Counter[tuple[str, str]] = Counter()
    by_nationality: Counter[tuple[str, str]] = Counter()
    for unit in data.combat_units.values():
        combat_at[(unit.home, data.nationality(unit.id).color)] += 1
        by_nationality[(unit.home, unit.nationality)] += 1
    for imperial in data.counters.imperial:
        if imperial.setup not in data.provinces:
            yield where.counters_key("imperial", f"{imperial.id}: unknown province "
                                     f"{imperial.setup}")
        elif combat_at[(imperial.setup, imperial.under)] != 1:
            yield where.counters_key("imperial", f"{imperial.id} is deployed under the "
                                     f"{imperial.under} combat unit in {imperial.setup} (13.0), "
                                     f"but {combat_at[(imperial.setup, imperial.under)]} are "
                                     "there")
    for (home, nationality), count in sorted(by_nationality.items()):
        nat = data.counters.nationalities.get(nationality)
        if nat and nat.color in ("blue", "green") and count > MAX_STACK:
            yield where.counters_key("units", f"{count} {nationality} units deploy in {home} as "
                                     f"one stack (15.42) but a stack holds {MAX_STACK} (7.11)")
    asterisks: Counter[tuple[str, str]] = Counter()
    for leader in data.leaders.values():
        pinned = data.combat_units.get(leader.asterisk_unit or 0)
        if leader.asterisk_unit is not None and (
                not leader.asterisk or pinned is None or pinned.home != leader.home
                or data.color(pinned.id) != LEADER_COLORS[leader.nationality]):
            yield where.unit(leader.id, "asterisk_unit", f"leader {leader.id}: asterisk_unit "
                             "must be a combat unit of his colour in his province, and he must "
                             "have an asterisk (15.52)")
        if leader.asterisk:
            asterisks[(leader.home, LEADER_COLORS[leader.nationality])] += 1
            if not combat_at[(leader.home, LEADER_COLORS[leader.nationality])]:
                yield where.unit(leader.id, "asterisk", f"leader {leader.id} {leader.name} has "
                                 f"an asterisk but no {LEADER_COLORS[leader.nationality]} combat "
                                 f"unit deploys in {leader.home} (15.52)")
    for (home, color), count in sorted(asterisks.items()):
        if 0 < combat_at[(home, color)] < count:
            yield where.counters_key("units", f"{count} {color} asterisk leaders deploy in {home} "
                                     f"but only {combat_at[(home, color)]} {color} combat units; "
                                     "leaders of different players could not each be stacked "
                                     "with one (15.52, 15.53)")
