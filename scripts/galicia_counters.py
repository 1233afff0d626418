"""Build the reconstructed counters of Decision in Galicia (Serbia/Galicia 26.3):
gm/games/gwe/exclusive/serbia_galicia/dataset/galicia/counters.yaml.

No public copy of the counter sheet exists. The order of battle is the Austro-Hungarian 1st,
4th, 3rd and 2nd Armies and Armeegruppe Kummer, and the Russian 9th, 4th, 5th, 3rd and 8th
Armies of about 1 September 1914 by corps (and independent divisions), as the standard histories
record them (Oesterreich-Ungarns letzter Krieg 1914-1918, vol. I; N. Stone, The Eastern Front
1914-1917, ch. 4; N. Golovin, The Russian Campaign of 1914).

Values by type (reconstructed from the strengths the rulebook prints for these armies'
divisions in its other games: a Russian infantry division 2-4-4 and cavalry 1-2-6, Brusilov
26.21; an Austro-Hungarian infantry division 2-3-5 and a Central Powers cavalry division 1-2-6,
Brusilov 26.22). Brusilov's scale is Serbia/Galicia's (14 km and 72 hours, 12.87 km and 72
hours); Caporetto's Austro-Hungarian cavalry 1-2-8 (25.22) is at 5.55 km and 48 hours, 44 km a
Game-Turn, not the 100 km eight Galician hexes would make, so it is not used: the cavalry of
both sides moves 6, as in Brusilov, as it rode alike in 1914. A corps of two divisions shows the two divisions' sum on its face and one
division on its back (8.53: four Steps, the Corps Reduction marker one less in Attack and
Defense). TCR 4 and 3 (Serbia/Galicia 2.4), supply range 3 (9.1), stacking 9 (6.11), rail
rate 20 and 18 hexes (5.3).

    python scripts/galicia_counters.py gm/games/gwe/exclusive/serbia_galicia/dataset/galicia/counters.yaml
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

Values = tuple[int, int, int]
DIVISION: dict[tuple[str, str], tuple[Values, Values]] = {  # (nationality, type): face, back
    ("AH", "infantry"): ((2, 3, 5), (1, 2, 5)),
    ("AH", "cavalry"): ((1, 2, 6), (0, 1, 6)),
    ("RU", "infantry"): ((2, 4, 4), (1, 2, 4)),
    ("RU", "cavalry"): ((1, 2, 6), (0, 1, 6)),
}
HISTORY = ("reconstructed: order of battle of about 1 Sep 1914 (Oesterreich-Ungarns letzter "
           "Krieg vol. I; Stone, The Eastern Front, ch. 4; Golovin, The Russian Campaign of 1914)")

# army, corps (or a division's name), its divisions, arrival (Game-Turn, entry letter) or None
AH: list[tuple[str, str, str, tuple[int, str] | None]] = [
    ("1", "I", "5th ID, 46th LW ID", None), ("1", "V", "14th ID, 33rd ID", None),
    ("1", "X", "2nd ID, 24th ID", None), ("1", "12", "12th ID", None),
    ("1", "45LW", "45th LW ID", None), ("1", "37H", "37th Honved ID", None),
    ("1", "3C", "3rd Cavalry Division", None), ("1", "9C", "9th Cavalry Division", None),
    ("4", "II", "4th ID, 13th LW ID", None), ("4", "VI", "15th ID, 27th ID", None),
    ("4", "IX", "10th ID, 26th LW ID", None), ("4", "XVII", "19th ID, 41st Honved ID", None),
    ("4", "XIV", "3rd ID, 8th ID", None), ("4", "25", "25th ID", None),
    ("4", "39H", "39th Honved ID", None), ("4", "6C", "6th Cavalry Division", None),
    ("4", "10C", "10th Cavalry Division", None),
    ("3", "III", "6th ID, 28th ID", None), ("3", "XI", "11th ID, 30th ID", None),
    ("3", "22LW", "22nd LW ID", None), ("3", "23H", "23rd Honved ID", None),
    ("3", "4C", "4th Cavalry Division", None), ("3", "11C", "11th Honved Cavalry Division", None),
    # FML Ziegler's 2nd Cavalry Division held the Bug south of Sokal in mid-August, the 8th's
    # 13th Brigade came from Tarnopol to Zaloszce (OeULK I, p. 163): the 3rd Army's flanks
    ("3", "2C", "2nd Cavalry Division", None), ("3", "8C", "8th Cavalry Division", None),
    ("2", "XII", "16th ID, 35th ID", None), ("2", "38H", "38th Honved ID", None),
    ("2", "43LW", "43rd LW ID", None), ("2", "1C", "1st Cavalry Division", None),
    ("2", "IV", "31st ID, 32nd ID", (8, "C")), ("2", "VII", "17th ID, 34th ID", (9, "C")),
    ("2", "20H", "20th Honved ID", (9, "E")), ("2", "5C", "5th Honved Cavalry Division", (10, "B")),
    # Armeegruppe Kummer (GdK Kummer von Falkenfeld): the Landsturm and cavalry that marched
    # from Krakow into the Polish salient on the 1st Army's left in August and crossed the
    # Vistula at Jozefow about 1 September to fight within the 1st Army (Oesterreichs Volksbuch
    # vom Weltkrieg; OeULK I; EB 1922, "Eastern European Front Campaigns")
    ("Kummer", "106L", "106th Landsturm ID", None),
    ("Kummer", "7C", "7th Cavalry Division", None),
]
RU: list[tuple[str, str, str, tuple[int, str] | None]] = [
    # the XIV Corps held the 4th Army's right at the Vistula on 1 September; it passed to the
    # 9th Army when Lechitsky's staff took that flank over (Golovin), but a counter keeps the
    # army it starts in (2.3), so it is the 4th's here
    ("4", "Gren", "1st, 2nd Grenadier Divisions", None), ("4", "XIV", "18th, 45th ID", None),
    ("4", "XVI", "41st, 47th ID", None), ("4", "13C", "13th Cavalry Division", None),
    ("4", "14C", "14th Cavalry Division", None),
    # Lechitsky's 9th Army, formed about Lublin in early September from the Guards and XVIII
    # Corps of the St Petersburg district, come by Ivangorod (Golovin; Stone, ch. 4); its staff
    # and depots a Game-Turn behind them
    ("9", "Gd", "1st, 2nd Guards Infantry Divisions", (8, "A")),
    ("9", "XVIII", "23rd, 37th ID", (8, "A")),
    # the III Caucasian Corps, from the Caucasus by Ivangorod to the 4th Army before Lublin
    # in the first days of September
    ("4", "IIIC", "21st, 52nd ID", (8, "A")),
    ("5", "XXV", "3rd Grenadier, 70th ID", None), ("5", "XIX", "17th, 38th ID", None),
    ("5", "V", "7th, 10th ID", None), ("5", "XVII", "3rd, 35th ID", None),
    ("5", "1DC", "1st Don Cossack Division", None), ("5", "7C", "7th Cavalry Division", None),
    ("3", "IX", "5th, 42nd ID", None), ("3", "X", "9th, 31st ID", None),
    ("3", "XI", "11th, 32nd ID", None), ("3", "XXI", "33rd, 44th ID", None),
    ("3", "9C", "9th Cavalry Division", None), ("3", "10C", "10th Cavalry Division", None),
    ("3", "11C", "11th Cavalry Division", None),
    ("8", "VII", "13th, 34th ID", None), ("8", "VIII", "14th, 15th ID", None),
    ("8", "XII", "12th, 19th ID", None), ("8", "XXIV", "48th, 49th ID", None),
    ("8", "12C", "12th Cavalry Division", None),
    ("8", "2CC", "2nd Combined Cossack Division", None),
]
HQS = {  # 2.3: every command unit an army HQ; the commanders as the rulebook lists them
    "AH": [("1", "Dankl", None), ("4", "Auffenberg", None), ("3", "Brudermann", None),
           ("2", "Boehm-Ermolli", None), ("Kummer", "Kummer v. Falbenfehb", None)],
    "RU": [("4", "Ewert", None), ("5", "Plehwe", None), ("3", "Dimitriew", None),
           ("8", "Brussilow", None), ("9", "Letschitzki", (9, "A"))],
}

# Supply depots (2.33, 8.51: one Step; 9.13, 9.16). Serbia/Galicia 17.41-17.42 speak of each
# army's "command and supply units" and 26.31 lets both sides "construct appropriate supply
# lines to units on the front", so each army had its depots; how many is not public. Two an
# army: the fewest that let every army's front trace supply at set-up beyond its own country's
# railways (5.3: AH 1st Army before Lublin, 7 hexes from them; the Russian 3rd, 5th and 8th
# Armies in Galicia, 7-10 from theirs) and a chain of five Russian depots reach the passes
# (17 hexes; 25.2); Armeegruppe Kummer's as an army's. The 9th Army's arrive with its HQ.
# Army, number, arrival or None.
DEPOTS: dict[str, list[tuple[str, int, tuple[int, str] | None]]] = {
    "AH": [(army, n, None) for army in ("1", "4", "3", "2", "Kummer") for n in (1, 2)],
    "RU": [*((army, n, None) for army in ("4", "5", "3", "8") for n in (1, 2)),
           ("9", 1, (9, "A")), ("9", 2, (9, "A"))],
}
DEPOT_MOVEMENT = {"AH": 5, "RU": 4}  # as the nationality's infantry (reconstructed)


def depot(nat: str, army: str, number: int, arrives: tuple[int, str] | None) -> list[str]:
    lines = [f"  - id: {nat}-{army}-SD{number}", f"    nationality: {nat}", "    type: depot",
             "    size: regiment", f"    steps: {steps([(0, 1, DEPOT_MOVEMENT[nat])])}"]
    if arrives:
        lines.append(f"    arrives: {{turn: {arrives[0]}, entry: {arrives[1]}, entrained: true}}")
    when = f"arrives Game-Turn {arrives[0]} at entry {arrives[1]} with its army's HQ" \
        if arrives else "sets up where it supplies its army's front (26.31; ruling G32)"
    lines.append(f"    source: {q(f'reconstructed: supply depot {number} of the {nat} {army_name(army)} (Serbia/Galicia 17.41-17.42: each army has its supply units; two an army, see scripts/galicia_counters.py); one Step (8.51), 0-1-{DEPOT_MOVEMENT[nat]} and 1 Stacking Point reconstructed; {when}')}")
    return lines


# 5.3: "The Austro-Hungarian and Russian Rail Capacity varies from Game-Turn to Game-Turn (see
# the Game-Turn Track)"; the Track is not public. The one figure printed is its note's example
# "18/13" (Serbia/Galicia 14.1: Austro-Hungarian/Russian), on no Game-Turn the text names. It is
# taken for the concentration, Game-Turns 1-6 (about 14 August to 31 August 1914, 2.5: 72 hours
# a Game-Turn); from Game-Turn 7 (1 September, 26.3) the Austro-Hungarian lines carry less (the
# 2nd Army coming back from Serbia, the supply of four armies) and the Russian more (their
# mobilization complete, the Guards and XVIII Corps arriving), invented as 14 and 16 (the
# `rail_capacity` too). Every Game-Turn's figure is therefore reconstructed: the side's
# `rail_capacity_source` says so, apart from its printed stacking limit and rail rate.
AH_RAIL = {turn: 18 if turn <= 6 else 14 for turn in range(1, 14)}
RU_RAIL = {turn: 13 if turn <= 6 else 16 for turn in range(1, 14)}
RAIL_SOURCE = ("reconstructed: the Game-Turn Track is not public. Game-Turns 1-6: {early}, the "
               "one figure printed, the Track note's example 18/13 (Serbia/Galicia 14.1), on no "
               "Game-Turn the text names; Game-Turns 7-13 (Decision in Galicia, 26.3): {late}, "
               "invented (the {why}); see scripts/galicia_counters.py")
RAIL_WHY = {"central": "Austro-Hungarian lines burdened with the 2nd Army's return from Serbia "
                       "and the supply of four armies",
            "allied": "Russian mobilization complete, the Guards and XVIII Corps arriving"}
# The counters the audit of the order of battle added (ruling G26): written last in the file
ADDED_LAST = frozenset({"AH-3-2C", "AH-3-8C", "AH-Kummer-HQ", "AH-Kummer-106L", "AH-Kummer-7C",
                        "AH-Kummer-SD1", "AH-Kummer-SD2", "RU-4-IIIC"})
ARMY_NAMES = {"Kummer": "Armeegruppe Kummer"}  # an army-level command (2.3) that is no Army


def army_name(army: str) -> str:
    return ARMY_NAMES.get(army, f"{army} Army")


def by_turn(values: dict[int, int]) -> str:
    return "{" + ", ".join(f"{turn}: {value}" for turn, value in values.items()) + "}"


def q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def steps(values: list[Values]) -> str:
    return "[" + ", ".join(f"{{attack: {a}, defense: {d}, movement: {m}}}"
                           for a, d, m in values) + "]"


def unit(nat: str, army: str, name: str, divisions: str,
         arrives: tuple[int, str] | None) -> list[str]:
    cavalry = "Cavalry" in divisions or "Cossack" in divisions  # Cossack divisions rode
    kind = "cavalry" if cavalry else "infantry"
    face, back = DIVISION[(nat, kind)]
    corps = "," in divisions  # a corps lists its two divisions
    if corps:
        top = (face[0] * 2, face[1] * 2, face[2])
        values = [top, (top[0] - 1, top[1] - 1, top[2]), face, (face[0] - 1, face[1] - 1,
                                                                face[2])]
        why = f"corps of {divisions}: two {kind} divisions' sum, one on its back (8.53)"
    else:
        values = [face, back]
        why = f"{divisions}, an independent {kind} division"
    lines = [f"  - id: {nat}-{army}-{name}", f"    nationality: {nat}", f"    type: {kind}",
             f"    size: {'corps' if corps else 'division'}", f"    steps: {steps(values)}"]
    if arrives:
        lines.append(f"    arrives: {{turn: {arrives[0]}, entry: {arrives[1]}, entrained: true}}")
    when = f"; arrives Game-Turn {arrives[0]} at entry {arrives[1]}" if arrives else \
        "; on the start line in its army's sector (26.31)"
    lines.append(f"    source: {q(f'{HISTORY}: {nat} {army_name(army)}, {why}{when}; values by type (reconstructed, see the header)')}")
    return lines


def build() -> str:
    out = ["# Decision in Galicia's counters, RECONSTRUCTED: no public copy of the counter sheet"
           " exists.", "# Generated by scripts/galicia_counters.py; do not edit by hand.",
           f"source: {q('reconstructed: scripts/galicia_counters.py (order of battle of 1 Sep 1914, values by type)')}",
           "exclusive_rules: serbia-galicia  # Serbia/Galicia's Exclusive Rules modify the Standard Rules",
           "sides:",
           "  central: {name: Austria-Hungary, stacking_limit: 9, rail_capacity: 14, rail_rate: 20,",
           f"            rail_capacity_by_turn: {by_turn(AH_RAIL)},",
           f"            rail_capacity_source: {q(RAIL_SOURCE.format(early=18, late=14, why=RAIL_WHY['central']))},",
           f"            source: {q('printed: Serbia/Galicia 6.11 (9), 5.3 (20 hexes); the Rail Capacity: see rail_capacity_source')}}}",
           "  allied: {name: Allies, stacking_limit: 9, rail_capacity: 16, rail_rate: 18,",
           f"           rail_capacity_by_turn: {by_turn(RU_RAIL)},",
           f"           rail_capacity_source: {q(RAIL_SOURCE.format(early=13, late=16, why=RAIL_WHY['allied']))},",
           f"           source: {q('printed: Serbia/Galicia 6.11 (9), 5.3 (18 hexes); the Rail Capacity: see rail_capacity_source')}}}",
           "nationalities:",
           f"  AH: {{name: Austro-Hungarian, side: central, tcr: 4, supply_range: 3, country: Austria-Hungary, source: {q('printed: Serbia/Galicia 2.4 (TCR 4), 9.1 (three hexes), 5.3 (the railroads of its own country)')}}}",
           f"  RU: {{name: Russian, side: allied, tcr: 3, supply_range: 3, country: Russia, source: {q('printed: Serbia/Galicia 2.4 (TCR 3), 9.1 (three hexes), 5.3 (the railroads of its own country)')}}}",
           "units:"]
    blocks: list[list[str]] = []
    for nat, hqs in HQS.items():
        for army, general, arrives in hqs:
            block = [f"  - id: {nat}-{army}-HQ", f"    nationality: {nat}", "    type: hq",
                     "    size: army", f"    steps: {steps([(0, 1, 6)])}",
                     "    hq: {attack_shift: 1, command_radius: 4, command_strength: 12, "
                     "level: army}"]
            if arrives:
                block.append(f"    arrives: {{turn: {arrives[0]}, entry: {arrives[1]}}}")
            block.append(f"    source: {q(f'reconstructed: {army_name(army)} HQ ({general}, as Serbia/Galicia Command Abbreviations print it; army level, 2.3); rating reconstructed')}")
            blocks.append(block)
    for nat, table in (("AH", AH), ("RU", RU)):
        for army, name, divisions, arrives in table:
            blocks.append(unit(nat, army, name, divisions, arrives))
    for nat, depots in DEPOTS.items():
        for army, number, arrives in depots:
            blocks.append(depot(nat, army, number, arrives))
    for block in blocks:
        if block[0].removeprefix("  - id: ") not in ADDED_LAST:
            out += block
    out.append("  # the counters the audit of the order of battle added (ruling G26), last, so "
               "that what is built from this file's order (a default set-up) stays as it was")
    for block in blocks:
        if block[0].removeprefix("  - id: ") in ADDED_LAST:
            out += block
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(build())
