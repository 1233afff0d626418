"""Build Serbia/Galicia's campaign data set, gm/games/gwe/exclusive/serbia_galicia/dataset/
serbia-galicia/ (map.yaml and counters.yaml), for 26.1 The Historical Campaign Game (ruling
G96): both maps and every counter of both fronts, each with its 26.1 set-up hex or arrival.
RECONSTRUCTED, like every piece it is made of; no deployment.yaml (26.1 has no deployment:
"Use the set-up and reinforcement designations on the counters").

It joins the pieces already made, and adds only what joining them needs:

- the maps: the Galician map (dataset/galicia/map.yaml, scripts/galicia_map.py, ruling G26) and
  the Serbian map (dataset/serbia/map.yaml, scripts/serbia_map.py, ruling G90), their entries
  copied line for line into one map.yaml of maps g and s (docs/data-gwe.md, "Serbia/Galicia's
  two maps"; checked against serbia_map.merge_maps), without the Galician start lines (26.31's,
  Decision in Galicia's set-up, played on dataset/galicia: 26.1 sets up by the counters, and a
  start line's Army boundaries would ask a sector of every army that sets up, ruling G29);
  with the Russian entry hexes the 26.1 arrivals need (F-J of the Allied side, after the
  Serbian map's E: Chelm and the East edge, scripts/galicia_campaign.py) and the
  Austro-Hungarian intermap links (17.4, ruling G95: ROUTES below, each both ways);
- the counters: the Galician counters (dataset/galicia/counters.yaml, scripts/
  galicia_counters.py) with their 26.3 arrivals replaced by the 26.1 designations of
  scripts/galicia_campaign.py (a set-up place's hex on the Galician grid, or an arrival's
  Game-Turn and entry letter), and the Serbian front's (scripts/serbia_oob.py's `build` on the
  Serbian map), the 2nd Army's five counters the two share once, with their Serbian set-up
  (17.42); the sides and nationalities of the Galician counters, the Serbians' added (2.4, 5.3,
  9.1; their own Rail Capacity and Rate, ruling G97).

A `source` says what is printed (`printed:`, `errata:`) and what is not; where an entry is
both, it begins with `reconstructed:` (the counters of serbia_oob.py that begin with what the
rulebook prints are turned round), so that `gm data check --game gwe --list-reconstructed`
lists everything not printed.

    .venv/bin/python scripts/serbia_galicia_dataset.py           # write the two files
    .venv/bin/python scripts/serbia_galicia_dataset.py --check   # exit 1 if they differ from
                                                                 # what the pieces make now

The output is deterministic: the two files are made again byte for byte from the pieces, and
tests/test_gwe_sg_campaign_data.py checks that they are.
"""

from __future__ import annotations

import math
import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import galicia_campaign as campaign  # noqa: E402  (26.1's Galician designations)
import galicia_counters  # noqa: E402  (the Galician counters' writing: q, steps, by_turn)
import serbia_map  # noqa: E402  (merge_maps)
import serbia_oob  # noqa: E402  (the Serbian front's counters)

ROOT = HERE.parent
DATASETS = ROOT / "gm/games/gwe/exclusive/serbia_galicia/dataset"
GALICIA, SERBIA, OUT = DATASETS / "galicia", DATASETS / "serbia", DATASETS / "serbia-galicia"
MAP_FILE, COUNTERS_FILE = "map.yaml", "counters.yaml"
KM_PER_HEX = 12.87  # Serbia/Galicia 2.5
q, steps, by_turn = galicia_counters.q, galicia_counters.steps, galicia_counters.by_turn

# --- the intermap links (17.4, ruling G95) ---------------------------------------------------


@dataclass(frozen=True)
class Route:
    """An Austro-Hungarian railway between a rail map-exit hex of the Serbian map and one of
    the Galician map, off both: its legs (from, to, km, what the figure rests on), its cost
    the km in hexes of 12.87 km (2.5), rounded, as Movement Points of Rail Movement (5.37)."""

    name: str
    serbian: str  # the Serbian map's exit hex (its entry letter)
    galician: str  # the Galician map's
    legs: tuple[tuple[str, str, int, str], ...]
    why: str

    @property
    def km(self) -> int:
        return sum(km for _, _, km, _ in self.legs)

    @property
    def cost(self) -> int:
        return math.floor(self.km / KM_PER_HEX + 0.5)


TODAY = "today's line km, the line of 1914"
ROUTES = (
    Route("the Budapest line to the Lupkow line", "s0109", "g3025", (
        ("s0109 (Indjija, where the Vinkovci line leaves the Budapest line)", "Ujvidek", 37,
         TODAY + " (the Budapest-Zimony line, 1883)"),
        ("Ujvidek", "Szabadka", 99, TODAY),
        ("Szabadka", "Budapest", 167, TODAY + " (by Kelebia, Kiskunhalas and Kunszentmiklos)"),
        ("Budapest", "Budapest", 8, "across the city from the Zimony line to the Hatvan line"),
        ("Budapest", "Miskolc", 183, TODAY + " (by Hatvan)"),
        ("Miskolc", "Szerencs", 38, TODAY),
        ("Szerencs", "g3025", 40, "the Hungarian North-Eastern Railway's Szerencs-"
         "Satoraljaujhely (1871) by Sarospatak to the hex, 10 km short of Satoraljaujhely, "
         "where the First Hungarian-Galician Railway to the Lupkow Pass begins")),
        "the shortest way from the Sava to Galicia, by Budapest: Syrmia's railway to the "
        "Lupkow line, which leads to Przemysl and by Chyrow to Sambor (the IV Corps detrained "
        "at Sambor and Chyrow from 1 September, OULK vol. I p. 252; the Tyrolean Kaiserjaeger "
        "came to Sambor by Budapest, KJ3 of scripts/galicia_campaign.py)"),
    Route("the Temesvar line to the Munkacs line", "s0103", "g3020", (
        ("s0103 (the Pancsova-Versec line)", "Versec", 20, "the hex's centre 19 km from "
         "Versec"),
        ("Versec", "Temesvar", 76, TODAY),
        ("Temesvar", "Arad", 57, TODAY),
        ("Arad", "Nagyvarad", 120, TODAY + " (by Nagyszalonta)"),
        ("Nagyvarad", "Ermihalyfalva", 62, "Biharpuspoki-Ermihalyfalva, 59 km, opened 2 July "
         "1887 (the town's history, ermihalyfalva.ro)"),
        ("Ermihalyfalva", "Szatmarnemeti", 67, "the Hungarian North-Eastern Railway (1871), "
         "its km posts (Valea lui Mihai 719.8, Satu Mare 787.1)"),
        ("Szatmarnemeti", "Kiralyhaza", 44, "Debrecen-Szatmar-Kiralyhaza 149.9 km (Roell, "
         "Enzyklopaedie des Eisenbahnwesens, 'Ungarische Nordostbahn') less Debrecen-Szatmar"),
        ("Kiralyhaza", "Batyu", 60, "the North-Eastern Railway's main line (1872) by "
         "Nagyszollos and Beregszasz"),
        ("Batyu", "g3020", 10, "on the Batyu-Munkacs branch, 25.96 km (Roell)")),
        "the Banat's way to Galicia without Budapest, up the eastern edge of the Hungarian "
        "plain by Temesvar (the VII Corps' home) and Nagyvarad to the Munkacs line, which "
        "leads over the Beskid to Stryj (the VII Corps stood about Mikolajow, by Stryj, on 1 "
        "September, OULK vol. I p. 252)"),
    Route("the Temesvar line to the Uzsok line", "s0102", "g3022", (
        ("s0102 (the Kevevara-Versec and Weisskirchen-Versec lines)", "Versec", 12,
         "the hex's centre 12 km from Versec"),
        ("Versec", "Temesvar", 76, TODAY),
        ("Temesvar", "Arad", 57, TODAY),
        ("Arad", "Nagyvarad", 120, TODAY + " (by Nagyszalonta)"),
        ("Nagyvarad", "Puspokladany", 71, TODAY + " (the Eastern Railway, 1857)"),
        ("Puspokladany", "Debrecen", 44, TODAY + " (the Tisza railway)"),
        ("Debrecen", "Nyiregyhaza", 49, TODAY),
        ("Nyiregyhaza", "g3022", 53, "Nyiregyhaza-Csap 70.45 km (Roell) by Kisvarda to the "
         "hex, 17 km short of Csap")),
        "the Banat's way to the Uzsok line, which leads to Sambor, by Nagyvarad and Debrecen "
        "(shorter than by Budapest); the Temesvar lines' other exit, s0102, so that each "
        "link re-enters at a hex of its own"),
)
LINKS_WHY = ("Serbia/Galicia 17.4 (ruling G95): the rules print no cost (the printed map carries "
             "it); the rail distance off both maps in hexes of 12.87 km (2.5), paid from the "
             "Railroad Movement Rate (20, 5.3): about a week, 2-3 Game-Turns, as the 2nd "
             "Army's corps took from the Sava to Galicia in late August 1914")
NOT_LINKED = ("The Vinkovci line (s0113, G) leaves westward, to Vinkovci and Brod; its way to "
              "Budapest goes back by Dalj and Zombor, longer than the Budapest line, which a "
              "unit on it reaches on the map at Indjija (s0109): not linked. The Krakow line "
              "(g1236, A) and the Tatar Pass line (g3010, D) are farther from the Serbian "
              "front than the three linked lines.")


def link_lines() -> list[str]:
    out = []
    for route in ROUTES:
        legs = "; ".join(f"{a}-{b} {km} km ({basis})" for a, b, km, basis in route.legs)
        text = (f"reconstructed: {LINKS_WHY}. {route.name[0].upper()}{route.name[1:]}: "
                f"{legs}: {route.km} km, {route.cost} hexes. {route.why}")
        for exit_hex, reenter, way in ((route.serbian, route.galician, ""),
                                       (route.galician, route.serbian, "; and back")):
            out.append(f"  - {{exit: {q(exit_hex)}, reenter: {q(reenter)}, cost: {route.cost}, "
                       f"side: central, source: {q(text + way)}}}")
    return out


# --- the map -----------------------------------------------------------------------------------

MAP_NAME = "Galician Front and Serbian Front"
MAP_SOURCE = ("reconstructed: Serbia/Galicia 2.1: the Galician Front (map g; ruling G26, "
              "scripts/galicia_map.py) and the Serbian Front (map s; ruling G90, "
              "scripts/serbia_map.py), joined by scripts/serbia_galicia_dataset.py with the "
              "Russian entry hexes of the Historical Campaign Game's arrivals (26.1, "
              "scripts/galicia_campaign.py) and the intermap links (17.4, ruling G95)")
SECTIONS = ("extents", "hexes", "hexsides", "rail_lines", "entry_hexes", "start_lines",
            "off_map_links", "east_edges")
LEFT_OUT = ("start_lines",)  # 26.31's, Decision in Galicia's (ruling G29): not 26.1's


def sections(text: str) -> dict[str, list[str]]:
    """A map.yaml written one entry a line: each list's lines by its key."""
    found: dict[str, list[str]] = {}
    key = None
    for line in text.splitlines():
        top = re.match(r"^([a-z_]+):\s*$", line)
        if top:
            key = top.group(1)
            found[key] = []
        elif line.startswith("  - {") and key is not None:
            found[key].append(line)
        elif line.startswith(("  ", "- ")):
            raise ValueError(f"a map.yaml entry of more than one line: {line[:60]}")
    unknown = set(found) - set(SECTIONS)
    if unknown:
        raise ValueError(f"map.yaml lists this script does not join: {sorted(unknown)}")
    return found


@dataclass(frozen=True)
class NewEntry:
    letter: str
    hex: str
    place: str
    units: tuple[str, ...]


def new_entries(galician_entries: dict[tuple[str, str], str]) -> list[NewEntry]:
    """The Allied entry hexes the 26.1 arrivals named by a place need (scripts/
    galicia_campaign.py), lettered after the data set's last (the Serbian map's E), in the
    order of their hexes; a place whose hex a letter already has takes that letter."""
    taken = {hex_: letter for (side, letter), hex_ in galician_entries.items()
             if side == "allied"}
    used = set(taken.values()) | {letter for letter, _, side in _serbian_entries()
                                  if side == "allied"}
    places: dict[str, tuple[str, list[str]]] = {}
    for uid, d in campaign.DESIGNATIONS.items():
        if isinstance(d, campaign.Arrives) and d.lat is not None:
            if not uid.startswith("RU"):
                raise ValueError(f"{uid}: an Austro-Hungarian arrival named by a place")
            hex_ = campaign.hex_id(d.lat, d.lon)  # type: ignore[arg-type]
            if hex_ not in taken:
                places.setdefault(hex_, (campaign.ENTRY_BY_PLACE.get(d.entry, d.entry), []))
                places[hex_][1].append(uid)
    out = []
    letters = (chr(c) for c in range(ord("A"), ord("Z") + 1) if chr(c) not in used)
    for hex_, (place, units) in sorted(places.items()):
        out.append(NewEntry(next(letters), hex_, place, tuple(units)))
    return out


def _serbian_entries() -> list[tuple[str, str, str]]:
    """The Serbian map's entry hexes: letter, hex, side."""
    text = (SERBIA / MAP_FILE).read_text(encoding="utf-8")
    return [(e["letter"], e["hex"], e["side"]) for e in yaml.safe_load(text)["entry_hexes"]]


def entry_letter(uid: str, d: campaign.Arrives, galician: dict[tuple[str, str], str],
                 added: list[NewEntry]) -> str:
    side = "central" if uid.startswith("AH") else "allied"
    if d.lat is None:
        if (side, d.entry) not in galician:
            raise ValueError(f"{uid}: entry {d.entry} is no {side} entry of the Galician map")
        return d.entry
    hex_ = campaign.hex_id(d.lat, d.lon)  # type: ignore[arg-type]
    known = [letter for (s, letter), h in galician.items() if s == side and h == hex_]
    return known[0] if known else next(e.letter for e in added if e.hex == hex_)


def new_entry_lines(added: list[NewEntry]) -> list[str]:
    countries, _, _ = campaign.map_data(ROOT)
    out = []
    for e in added:
        why = (f"reconstructed: an entry of the Historical Campaign Game's Russian arrivals "
               f"(26.1): {e.place}, for {', '.join(e.units)} (scripts/galicia_campaign.py; "
               "docs/galicia-campaign.md)")
        if campaign.edge_of(e.hex) == "East" and countries[e.hex] == "Austria-Hungary":
            why += ("; an East edge hex in Austria-Hungary, where the Russian 8th Army came over "
                    "the Zbruch on foot (its railway is Austrian on the sheet, 5.3)")
        out.append(f"  - {{letter: {e.letter}, hex: {q(e.hex)}, side: allied, source: {q(why)}}}")
    return out


def build_map() -> str:
    galicia = sections((GALICIA / MAP_FILE).read_text(encoding="utf-8"))
    serbia = sections((SERBIA / MAP_FILE).read_text(encoding="utf-8"))
    _, galician_entries, _ = campaign.map_data(ROOT)
    added = new_entries(galician_entries)
    out = ["# Serbia/Galicia's two maps, the Galician Front (g) and the Serbian Front (s), for the "
           "Historical",
           "# Campaign Game (26.1), RECONSTRUCTED: no public copy of the printed maps exists.",
           "# Generated by scripts/serbia_galicia_dataset.py from dataset/galicia/map.yaml and "
           "dataset/serbia/map.yaml;",
           "# do not edit by hand. A GM who owns the game replaces this file.",
           f"name: {MAP_NAME}",
           f"source: {q(MAP_SOURCE)}"]
    for key in SECTIONS:
        if key in LEFT_OUT:
            continue
        lines = [*galicia.get(key, []), *serbia.get(key, [])]
        if key == "hexes":
            lines = [honest_hex(line) for line in lines]
        if key == "entry_hexes":
            lines += ["  # the Russian entries of the Historical Campaign Game's arrivals (26.1)",
                      *new_entry_lines(added)]
        if key == "off_map_links":
            lines = ["  # Austro-Hungarian intermap transfer (17.4), each link both ways "
                     "(ruling G89).", *(f"  # {line}" for line in textwrap.wrap(NOT_LINKED, 96)),
                     *link_lines()]
        if lines:
            out += [f"{key}:", *lines]
    text = "\n".join(out) + "\n"
    _check_merge(text, added)
    return text


HEX_PRINTED = re.compile(r'source: "(printed|errata): ')
HEX_HONEST = serbia_map.hexmap.PRINTED_HEX  # the maps' own, where the rulebook prints a hex


def honest_hex(line: str) -> str:
    """A hex the rulebook prints (a Victory Point hex, a pass, an errata's set-up hex) whose
    terrain and country the map reconstructs: its source begins with `reconstructed:`, the
    printed part kept after it (the Galician and Serbian maps begin with the printed part)."""
    found = HEX_PRINTED.search(line)
    if found is None or "reconstructed" not in line[found.end():]:
        return line
    return f"{line[:found.start()]}source: \"{HEX_HONEST}{line[found.start() + 9:]}"


def _check_merge(text: str, added: list[NewEntry]) -> None:
    """The map written is serbia_map.merge_maps' of the two, but for what this script says."""
    documents = [yaml.safe_load((folder / MAP_FILE).read_text(encoding="utf-8"))
                 for folder in (GALICIA, SERBIA)]
    merged = serbia_map.merge_maps(*documents)
    for key in LEFT_OUT:
        merged.pop(key, None)
    written = yaml.safe_load(text)
    merged["name"], merged["source"] = written["name"], written["source"]
    for entry in merged["hexes"]:
        if entry["source"].startswith(("printed:", "errata:")) and \
                "reconstructed" in entry["source"]:
            entry["source"] = HEX_HONEST + entry["source"]
    merged["entry_hexes"] = merged["entry_hexes"] + written["entry_hexes"][-len(added):]
    merged["off_map_links"] = written["off_map_links"]
    if written != merged:
        raise AssertionError("the map written is not the two maps merged (merge_maps)")


# --- the counters ------------------------------------------------------------------------------

COUNTERS_SOURCE = ("reconstructed: the counters of both fronts for the Historical Campaign Game "
                   "(26.1): scripts/galicia_counters.py's Galician counters with the 26.1 "
                   "designations of scripts/galicia_campaign.py, and scripts/serbia_oob.py's "
                   "Serbian front; joined by scripts/serbia_galicia_dataset.py")
SE_NATIONALITY = {
    "name": "Serbian", "side": "allied", "tcr": 2, "supply_range": 3, "country": "Serbia",
    "rail_capacity": 5, "rail_rate": 14,
    "source": "printed: Serbia/Galicia 2.4 (TCR 2), 9.1 (always in supply in Serbia; three "
              "hexes outside it; never across a major river), 5.3 (14 hexes; five Stacking "
              "Points every Game-Turn, the Serbians' own, ruling G97; the railroads of its own "
              "country)"}
ALLIED_SOURCE = ("printed: Serbia/Galicia 6.11 (9), 5.3 (18 hexes, the Russians'; the "
                 "Serbians' own 14 hexes and 5 Stacking Points are their nationality's, ruling "
                 "G97); the Rail Capacity: see rail_capacity_source")
CENTRAL_SOURCE = ("printed: Serbia/Galicia 6.11 (9), 5.3 (20 hexes); the Rail Capacity, one for "
                  "both maps: see rail_capacity_source")
# The 26.3 designations of the Galician counters' sources, which 26.1's replace
DESIGNATION_26_3 = (r"; on the start line in its army's sector \(26\.31\)",
                    r"; arrives Game-Turn \d+ at entry [A-Z]( with its army's HQ)?",
                    r"; sets up where it supplies its army's front \(26\.31; ruling G32\)")
PRINTED_FIRST = re.compile(r"^((?:printed|errata): .*?); reconstructed: (.*)$")
UNIT_KEYS = ("id", "nationality", "type", "size", "steps", "tcr", "stacking_points", "hq",
             "setup", "arrives", "exception", "source", "note")


def honest(source: str) -> str:
    """A source that begins with what is printed but reconstructs the rest begins with
    `reconstructed:` (what `--list-reconstructed` lists), the printed part kept after it."""
    found = PRINTED_FIRST.match(source)
    return f"reconstructed: {found.group(2)}; {found.group(1)}" if found else source


def designation_text(uid: str, d: campaign.Designation, letter: str | None) -> str:
    if isinstance(d, campaign.Setup):
        where = (f"set up at {d.place} ({d.lat:.3f} N, {d.lon:.3f} E), "
                 f"{campaign.hex_id(d.lat, d.lon)}")
    elif isinstance(d, campaign.Arrives):
        how = "entrained" if d.entrained else "on foot"
        place = "" if d.lat is None else f" ({campaign.ENTRY_BY_PLACE.get(d.entry, d.entry)})"
        where = f"arrives Game-Turn {d.turn} at entry {letter}{place}, {how}"
    else:
        raise ValueError(uid)
    return (f"26.1: {where} ({d.certainty}; {', '.join(d.sources)} of "
            f"scripts/galicia_campaign.py: {d.why})")


def galician_source(uid: str, source: str, d: campaign.Designation, letter: str | None) -> str:
    for pattern in DESIGNATION_26_3:
        source = re.sub(pattern, "", source)
    source = source.replace("(reconstructed, see the header)",
                            "(reconstructed, see scripts/galicia_counters.py)")
    if "26.31" in source or "Game-Turn" in source:
        raise ValueError(f"{uid}: a 26.3 designation left in its source: {source}")
    return f"{source}; {designation_text(uid, d, letter)}"


def unit_lines(unit: dict[str, Any]) -> list[str]:
    unknown = set(unit) - set(UNIT_KEYS)
    if unknown:
        raise ValueError(f"{unit['id']}: keys this script does not write: {sorted(unknown)}")
    lines = [f"  - id: {unit['id']}"]
    for key in UNIT_KEYS[1:]:
        value = unit.get(key)
        if value is None:
            continue
        if key == "steps":
            text = steps([(s["attack"], s["defense"], s["movement"]) for s in value])
        elif key == "hq":
            text = "{" + ", ".join(f"{k}: {str(v).lower() if isinstance(v, bool) else v}"
                                   for k, v in value.items()) + "}"
        elif key == "arrives":
            text = f"{{turn: {value['turn']}, entry: {value['entry']}" + \
                (", entrained: true}" if value.get("entrained") else "}")
        elif key in ("source", "note", "exception"):
            text = q(value)
        else:
            text = str(value)
        lines.append(f"    {key}: {text}")
    return lines


def galician_units(added: list[NewEntry], galician_entries: dict[tuple[str, str], str]
                   ) -> list[dict[str, Any]]:
    document = yaml.safe_load((GALICIA / COUNTERS_FILE).read_text(encoding="utf-8"))
    out = []
    for unit in document["units"]:
        uid = unit["id"]
        d = campaign.DESIGNATIONS[uid]
        if isinstance(d, campaign.SerbianMap):
            continue  # the Serbian front's counter (17.42), written with its Serbian set-up
        placed = {k: v for k, v in unit.items() if k not in ("setup", "arrives")}
        letter = None
        if isinstance(d, campaign.Setup):
            placed["setup"] = campaign.hex_id(d.lat, d.lon)
        else:
            assert isinstance(d, campaign.Arrives)
            letter = entry_letter(uid, d, galician_entries, added)
            placed["arrives"] = {"turn": d.turn, "entry": letter, "entrained": d.entrained}
        placed["source"] = galician_source(uid, unit["source"], d, letter)
        out.append({k: placed[k] for k in UNIT_KEYS if k in placed})
    return out


def serbian_units(galician: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    built = yaml.safe_load(serbia_oob.build(SERBIA / MAP_FILE, serbia_oob.ENTRIES.__getitem__))
    out = []
    for unit in built["units"]:
        theirs = galician.get(unit["id"])
        if theirs is not None:  # the 2nd Army's counters the two fronts share
            if not isinstance(campaign.DESIGNATIONS[unit["id"]], campaign.SerbianMap):
                raise ValueError(f"{unit['id']}: the Galician designation is not the Serbian map")
            for key in ("nationality", "type", "size", "steps", "hq"):
                if theirs.get(key) != unit.get(key):
                    raise ValueError(f"{unit['id']}: its {key} differs from the Galician data's")
        unit["source"] = honest(unit["source"])
        out.append(unit)
    return out


def side_lines(code: str, side: dict[str, Any], source: str) -> list[str]:
    pad = " " * (len(code) + 5)  # under the first field, as scripts/galicia_counters.py
    return [f"  {code}: {{name: {side['name']}, stacking_limit: {side['stacking_limit']}, "
            f"rail_capacity: {side['rail_capacity']}, rail_rate: {side['rail_rate']},",
            f"{pad}rail_capacity_by_turn: {by_turn(side['rail_capacity_by_turn'])},",
            f"{pad}rail_capacity_source: {q(side['rail_capacity_source'])},",
            f"{pad}source: {q(source)}}}"]


def nationality_line(code: str, n: dict[str, Any]) -> str:
    fields = [f"{k}: {n[k]}" for k in ("name", "side", "tcr", "supply_range", "country",
                                        "rail_capacity", "rail_rate") if k in n]
    return f"  {code}: {{{', '.join(fields)}, source: {q(n['source'])}}}"


def build_counters() -> str:
    document = yaml.safe_load((GALICIA / COUNTERS_FILE).read_text(encoding="utf-8"))
    sides, nationalities = document["sides"], document["nationalities"]
    if (sides["central"]["rail_rate"], sides["allied"]["rail_rate"]) != (20, 18):
        raise ValueError("the Galician sides' rail rates are not 5.3's 20 and 18")
    _, galician_entries, _ = campaign.map_data(ROOT)
    added = new_entries(galician_entries)
    galician = galician_units(added, galician_entries)
    serbian = serbian_units({u["id"]: u for u in document["units"]})
    ids = [u["id"] for u in galician + serbian]
    if len(ids) != len(set(ids)):
        raise ValueError("a counter listed twice")
    out = ["# Serbia/Galicia's counters of both fronts for the Historical Campaign Game (26.1), "
           "RECONSTRUCTED:",
           "# no public copy of the counter sheet exists. Each unit's set-up hex or arrival is "
           "its 26.1 designation.",
           "# Generated by scripts/serbia_galicia_dataset.py; do not edit by hand.",
           f"source: {q(COUNTERS_SOURCE)}",
           "exclusive_rules: serbia-galicia  # Serbia/Galicia's Exclusive Rules modify the "
           "Standard Rules",
           "sides:",
           *side_lines("central", sides["central"], CENTRAL_SOURCE),
           *side_lines("allied", sides["allied"], ALLIED_SOURCE),
           "nationalities:",
           nationality_line("AH", nationalities["AH"]),
           nationality_line("RU", nationalities["RU"]),
           nationality_line("SE", SE_NATIONALITY),
           "units:",
           "  # the Galician front (scripts/galicia_counters.py; 26.1 designations: "
           "scripts/galicia_campaign.py)"]
    for unit in galician:
        out += unit_lines(unit)
    out.append("  # the Serbian front (scripts/serbia_oob.py), with the 2nd Army's counters the "
               "two fronts share (17.42)")
    for unit in serbian:
        out += unit_lines(unit)
    return "\n".join(out) + "\n"


# --- main --------------------------------------------------------------------------------------


def built() -> dict[str, str]:
    """Each file of the data set as the pieces make it now."""
    return {MAP_FILE: build_map(), COUNTERS_FILE: build_counters()}


def main(argv: list[str]) -> int:
    found, _ = campaign.problems(ROOT)
    if found or serbia_oob.problems():
        print("the pieces do not pass their own checks: run scripts/galicia_campaign.py and "
              "scripts/serbia_oob.py", file=sys.stderr)
        return 1
    files = built()
    if "--check" in argv:
        stale = [name for name, text in files.items()
                 if not (OUT / name).is_file() or (OUT / name).read_text(encoding="utf-8") != text]
        for name in stale:
            print(f"{OUT / name}: not what the pieces make: run "
                  "scripts/serbia_galicia_dataset.py", file=sys.stderr)
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (OUT / name).write_text(text, encoding="utf-8")
        print(f"wrote {OUT / name}")
    for route in ROUTES:
        print(f"{route.serbian} <-> {route.galician}: {route.name}, {route.km} km, "
              f"{route.cost} Movement Points")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
