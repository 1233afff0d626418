"""The Serbian front's order of battle of August 1914 for Serbia/Galicia's campaign scenarios
(26.1 The Historical Campaign Game, 26.2 The Free Deployment Campaign), RECONSTRUCTED.

No public copy of the counter sheet exists. This module lists every unit of the Serbian front
map (map letter s) as data, each with where it comes from: its nationality, type and size, its
designation as the rules abbreviate it, its army (the Superior Unit Designation, 2.3) and what
it stood for, its Attack-Defense-Movement at each Step, and its set-up place for 26.1 as a
named place with latitude and longitude or its arrival. Like scripts/galicia_counters.py it
keeps the data in tables and writes the counters from them (`build`) on the reconstructed map
(scripts/serbia_map.py, ruling G90): a place the map has a town of is that town's hex, any
other the hex of its coordinates in its own country (`place_hex`).

What the rulebook fixes (quoted in RULES below): the three nationalities and their Tactical
Competence Ratings (2.4: Austro-Hungarian 4, Russian 3, Serbian 2; no Montenegrin); every
command unit an army HQ but Putnik's SOK (2.3), whose shift is parenthesized (19.1) and who
moves by rail alone (19.2); the Serbian HQs and the Austro-Hungarian armies by their
commanders (Command Abbreviations); the Austro-Hungarian 2/6 Brigade in s1513 and the Serbian
Be Brigade in s0307, Belgrade (errata); the 5th and 6th (Balkan) Armies kept on the Serbian map
(26.22, 17.41) and the 2nd Army's units, HQ and depots held there until Game-Turn 3 (17.42);
the Monitor Flotilla's three Attack Strength Points (21.0); the Serbian rail (5.3, 17.51) and
supply (9.1, 20.0). Everything else is reconstructed, and says so in its `source`.

The order of battle is that of the deployment of about 12 August 1914, the eve of Game-Turn 1
(the Game-Turn of 72 hours, 2.5; Game-Turn 7 is 1 September, 26.3, so Game-Turn 1 is 14-16
August): the Austro-Hungarian 2nd, 5th and 6th Armies as the Encyclopaedia Britannica (12th
ed., 1922, vol. 32, "Serbian Campaigns") and Oesterreich-Ungarns letzter Krieg vol. I give
them; the Serbian 1st, 2nd and 3rd Armies and the Uzice Army as the Serbian histories give them
(each unit's source names the text consulted and whether it confirms the unit's place).

Values by type, consistent with scripts/galicia_counters.py (its Austro-Hungarian division and
corps values are imported, not copied). The rulebook prints no Serbian value: a Serbian
first-levy division had four regiments of four battalions, as the Russian division the
rulebook prints 2-4-4 (Brusilov 26.21), and marched as the Austro-Hungarians (5): 2-4-5, its
back 1-2-5; a second-levy division, one brigade of three regiments of older men, 1-3-5 and
0-2-5; the Cavalry Division as the rulebook's 1914 cavalry divisions, 1-2-8. A brigade has one
Step (8.51; Serbia/Galicia names no two-Step brigade) and the values of its nationality's
reduced division (1-2-5); a third-levy or Landsturm brigade 1-1-5. Each reason is in VALUES.

    python3 scripts/serbia_oob.py            # the summary and the consistency checks
    python3 scripts/serbia_oob.py --list     # every unit, its values, place and source
    python3 scripts/serbia_oob.py --build    # counters.yaml entries on the map
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from galicia_counters import (  # noqa: E402  (the Galician data's values, shared)
    AH_RAIL,
    DEPOT_MOVEMENT,
    DIVISION,
    RAIL_SOURCE,
    q,
    steps,
)

Values = tuple[int, int, int]

# --- the calendar --------------------------------------------------------------------------

FIRST_DAY = date(1914, 8, 14)  # Game-Turn 1: 26.3's Game-Turn 7 is 1 Sep, 72 hours a turn (2.5)
LAST_TURN = 13  # 26.1: "ends at the end of Game-Turn 13"


def turn_dates(turn: int) -> tuple[date, date]:
    """The three days of a Game-Turn (2.5: 72 hours), Game-Turn 7 beginning 1 September."""
    start = FIRST_DAY + timedelta(days=3 * (turn - 1))
    return start, start + timedelta(days=2)


# --- what the rulebook prints (quoted, with its case) -----------------------------------------

RULES: dict[str, str] = {
    "2.3": "The Superior Unit Designation refers to armies for all units in the game. All "
           "command units except for Putnik (SOK) are army level HQs. The Allied Player "
           "controls the Russian and Serbian units.",
    "errata": "The Austro-Hungarian 2/6 Brigade starts in s1513. The Serbian Be Brigade "
              "starts in s0307 (Belgrade).",
    "2.4": "The Tactical Competence Rating for all Austro-Hungarian units is 4, for all "
           "Russian units is 3, and for all Serbian units is 2.",
    "2.5": "One Game-Turn is equal to 72 hours. One hex is equal to 12.87 km.",
    "4.0": "The Allied Player is the first Player, but on Game-Turn one, only, he has No "
           "Player Turn.",
    "5.3": "Rail Movement Rate: Austro-Hungarian-20 hexes, Russian-18 hexes, Serbian-14 hexes. "
           "The Serbian Rail Capacity is five Stacking Points per Game-Turn. Units may use only "
           "those railroads in their own country for supply and movement.",
    "6.11": "The Stacking Limit is nine Stacking Points.",
    "9.1": "Serbian units are always in supply while in Serbia. Serbian units outside Serbia "
           "have a 'normal' three-hex range. Serbian supply may never be traced across a "
           "major river hexside.",
    "17.11": "The Austro-Hungarian Player and the Russian units of the Allied Player must roll "
             "one die for each unit they wish to entrain (the Serbians roll none).",
    "17.41": "Austro-Hungarian units bearing Superior Unit Designations of the 5th and 6th "
             "(Balkan) armies and those armies command and supply units may never use "
             "inter-map transfer.",
    "17.42": "Austro-Hungarian units bearing Superior Unit Designations of the 2nd Army, and "
             "that army's command and supply units, may not leave the Serbian map until "
             "Game-Turn Three or later.",
    "17.51": "Single-Track Railroads, the Russian and Serbian limit is 4; the Austro-Hungarian "
             "limit is 5. Double-Track Railroads, the Russian and Serbian limit is 12; the "
             "Austro-Hungarian limit is 14 (optional).",
    "19.1": "Marshall Putnik's Combat Shift is parenthesized: applied to one attack per "
            "Game-Turn only, through a second Serbian HQ unit within the Command Radius of the "
            "Putnik counter (19.11-19.12); never defensively (19.13).",
    "19.2": "The Putnik HQ unit may only be moved by rail, along Friendly rail lines.",
    "20.1": "For each Serbian unit involved in an attack, one Supply Point is immediately "
            "expended ... No Serbian attack may occur unless sufficient Supply Points are "
            "expended.",
    "20.2": "Allied Initial Supply Determination Segment, a die: 1-2 none, 3 one Supply Point, "
            "4-5 two, 6 four.",
    "20.3": "At the start of the game, the Allied Player has four Serbian Supply Points.",
    "21.0": "On each Game-Turn, in any hex adjacent to a major river hexside on the Serbian "
            "front map, the Austro-Hungarian Player may use three additional Attack Combat "
            "Strength Points ... Use of the Monitor Flotilla Strength requires no expenditure "
            "of Command Strength.",
    "22.0": "The Wrong Envelope (optional): on a die roll of 4-6 the Austrian 2nd Army is used "
            "as a reinforcement for the Galician Front, available in Game-Turn One.",
    "23.0": "Austrian Attack Imperative (optional): at least four attacks per Game-Turn during "
            "Game-Turns 2, 3 and 4.",
    "25.2": "-2 for each Serbian Step lost in combat; -3 per Game-Turn Austro-Hungarian "
            "control of Belgrade; -5 per Game-Turn for hex S1101; -20 if 10 or less Serbian "
            "Stacking Points remain on the map at the end of the game.",
    "26.1": "This Scenario begins at the start of Game-Turn 1 and ends at the end of Game-Turn "
            "13. Use the set-up and reinforcement designations on the counters.",
    "26.21": "The Allied Player may set-up Serbian units anywhere in Serbia ... before any "
             "Austro-Hungarian deployment.",
    "26.22": "The Austro-Hungarian Player may set up his initial units (those units marked "
             "with set-up hexes) anywhere in Austria, on either map, with the exception of: "
             "Austrian units bearing designations of the 5th and 6th (Balkan) armies; they "
             "must set up on the Serbian front map.",
    "26.23": "(Option, by agreement) the Austrian Player may deploy 12 more Stacking Points "
             "anywhere in Austria.",
    "26.24": "Reinforcements may be brought in to alternate railroad entry hexes on the same "
             "map edge with a one Game-Turn delay, another map edge with a three Game-Turn "
             "delay.",
    "commands": "Austro-Hungarian: 2nd Army v. Bohm Ermolli; 5th Army Liborius Ritter v. "
                "Frank; 6th Army Potioref [Potiorek]. Serbian: SOK Chief of Staff Wojwode "
                "Putnik; 1st Army General Bojovic; 2nd Army General Stepanovic; 3rd Army "
                "General Jurisic-Sturm; Uzice General Bozanovic.",
}

# --- the sources consulted (each unit's source names its key) -----------------------------

SOURCES: dict[str, str] = {
    "EB": "Encyclopaedia Britannica, 12th ed. (1922), vol. 32, 'Serbian Campaigns', pp. "
          "410-412: the deployment of the II., V. and VI. Armies, left to right; the II. Army "
          "from east to west VII Corps, 7th Division, IV Corps, IX Corps (its 29th Division "
          "only), the 29th taking Sabac from Klenak on 12 August",
    "POHL": "Oberst Robert Ritter von Pohl, 'Der Feldzug 1914 gegen Serbien und Montenegro', "
            "in Der grosse Krieg 1914-1918, vol. 5, Der oesterreichisch-ungarische Krieg "
            "(1922), ch. 4: the deployment 'bis 10. August': XVI Corps 'aus der Herzegowina "
            "und Dalmatien', the 18th ID with three mountain brigades and four mountain "
            "brigades of the corps, south-east of Sarajevo; pushed forward to the Drina the 8th "
            "Mountain Brigade at Foca and the 1st ID at Visegrad; the 40th Honved ID in "
            "Sarajevo",
    "OULK": "Oesterreich-Ungarns letzter Krieg 1914-1918, vol. I (1930): p. 97 (the AOK's "
            "order: 6th Army with 40th HID and the 5th Army, VIII and XIII Corps, stay; half "
            "the 7th ID and the 107th Landsturm Brigade join them; the 2nd Army to leave from "
            "18 August), p. 608 (DonD.II from Pozarevac, the Obrenovac Detachment, 1st Army), "
            "p. 636 (Armeegruppe Uzice: SumD.II, the Lim Detachment)",
    "AF6": "AustriaWiki '6. Armee (Oesterreich-Ungarn)', after OULK: XV Corps (1st ID: 7th, "
           "9th Mountain Brigades; 48th ID: 10th, 12th), XVI Corps (18th ID: 4th, 5th, 6th, "
           "8th; 1st, 2nd, 13th Mountain Brigades; the Drina guard)",
    "VOLKSBUCH": "Oesterreichs Volksbuch vom Weltkrieg, p. 235: only the 14th Mountain "
                 "Brigade (Cattaro) and the 3rd (Herzegovina) stayed against Montenegro; the "
                 "rest of XVI Corps came to the middle Drina",
    "FLOTILLE": "Die oesterreichisch-ungarische Donauflottille im Weltkriege 1914-18, p. 19: "
                "the 5th Army (VIII, XIII Corps) in north-east Bosnia on the middle and lower "
                "Drina, to attack from Zvornik-Raca; the 2nd Army in Syrmia and the Banat; the "
                "6th Army in south-east Bosnia and Herzegovina, towards Uzice",
    "WIKI1A": "Wikipedia, 'First Army (Serbia)', order of battle August 1914: staff at Raca; "
              "Timok I at Smederevska Palanka, Timok II at Raca (reserve), Morava II, "
              "Branicevo Detachment at Pozarevac",
    "CER": "Wikipedia, 'Battle of Cer': the 1st Combined Division's clash on Cer on 15 "
           "August; Stepanovic's 2nd Army with the Combined and Morava Divisions and the "
           "Cavalry Division",
    "STORY": "The Story of the Great War, vol. II (1916): the cavalry division screening the "
             "2nd Army's right; the 3rd Army's left split into detachments; Klenak the "
             "railroad terminus opposite Sabac",
    "VOELKERKRIEG": "Der Voelkerkrieg, vol. 1 (1914), p. 174: a Serbian brigade with mountain "
                    "artillery about Prijepolje (Austrian report of 28 July)",
    "GENERAL": "the Serbian order of battle as the general histories give it, not confirmed "
               "in a text consulted here (the Serbian General Staff's Veliki rat Srbije, vols. "
               "1-3, would confirm or correct it)",
    "LEVIES": "a published account of the Serbian levies quoted on a public forum (likely "
              "J. Lyon, Serbia and the Balkan Front, 1914 (2015), ch. 4): a first-levy "
              "division two brigades of two regiments of four battalions; a second-levy "
              "division one brigade of three regiments",
}

# --- places: set-up places of 12 August 1914, with the country they lie in -----------------


@dataclass(frozen=True)
class Place:
    name: str
    lat: float
    lon: float
    country: str  # in 1914: "Serbia" or "Austria-Hungary" (26.21, 26.22)
    town: str | None = None  # the map's town of this place where it names it otherwise


def _places(*rows: tuple[str, float, float, str] | tuple[str, float, float, str, str]
            ) -> dict[str, Place]:
    return {row[0]: Place(*row) for row in rows}


SR, AU = "Serbia", "Austria-Hungary"
# Public geography, to about 1 km. On the map (`build`) a place is the hex of the map's town of
# its name (or of `town`) where the map has one, so that a unit sets up in the town's hex even
# where the border or a hex's edge puts the place's own coordinates elsewhere (Semlin,
# Pancsova, Kevevara, Zvornik, Klenak); a place no town of the map names (Raca, Topola, Janja,
# Bratunac, Ustipraca, Kupinovo, Pale, Uvac) is the hex of its coordinates, or the nearest hex
# of its country (serbia_map.hex_in_country).
PLACES = _places(
    ("Belgrade", 44.818, 20.457, SR), ("Kragujevac", 44.013, 20.911, SR),
    ("Raca (Kragujevac)", 44.228, 20.981, SR),
    ("Smederevska Palanka", 44.366, 20.959, SR, "Palanka"),
    ("Velika Plana", 44.333, 21.076, SR), ("Pozarevac", 44.621, 21.188, SR),
    ("Obrenovac", 44.655, 20.200, SR), ("Arandjelovac", 44.307, 20.560, SR),
    ("Topola", 44.254, 20.683, SR), ("Lazarevac", 44.385, 20.256, SR),
    ("Mladenovac", 44.440, 20.695, SR), ("Ub", 44.456, 20.074, SR),
    ("Valjevo", 44.275, 19.898, SR), ("Krupanj", 44.366, 19.363, SR),
    ("Uzice", 43.859, 19.849, SR), ("Prijepolje", 43.391, 19.649, SR),
    ("Semlin", 44.843, 20.401, AU), ("Pancsova", 44.871, 20.640, AU),
    ("Kubin", 44.748, 20.976, AU, "Kevevara"), ("Klenak", 44.787, 19.716, AU),
    ("Kupinovo", 44.707, 20.046, AU),
    ("Mitrovica", 44.976, 19.612, AU), ("Ruma", 45.008, 19.822, AU),
    ("Brcko", 44.873, 18.811, AU), ("Bijeljina", 44.757, 19.214, AU),
    ("Janja", 44.667, 19.248, AU), ("Zvornik", 44.386, 19.103, AU),
    ("Bratunac", 44.186, 19.331, AU), ("Srebrenica", 44.104, 19.297, AU),
    ("Visegrad", 43.783, 19.292, AU), ("Rogatica", 43.799, 19.003, AU),
    ("Ustipraca", 43.689, 19.092, AU), ("Uvac", 43.600, 19.486, AU),
    ("Cajnice", 43.557, 19.072, AU), ("Sarajevo", 43.856, 18.413, AU),
    ("Pale", 43.817, 18.569, AU),
)

# The 1914 Serbian front: Syrmia and the southern Banat, north-west Serbia to the Morava, east
# Bosnia to Sarajevo, the Sanjak to the Lim (every place the campaign of 1914 touched).
FRONT_AREA = {"lat": (43.2, 45.1), "lon": (18.3, 21.6)}


def drina_sava_border(place: Place) -> str:
    """The country a place lies in by the 1914 border, roughly: Serbia south of the Sava and
    Danube (44.70-44.90 N, the rivers' course from the Drina's mouth by Sabac, Obrenovac and
    Belgrade to Smederevo) and east of the Drina (19.11-19.27 E from Zvornik to its mouth,
    19.36-19.40 E from Bratunac to below Visegrad) and of the land border to the Uvac (19.50 E
    by Uvac and Priboj). A check on PLACES' own `country`, not a map."""
    lat, lon = place.lat, place.lon
    drina = (19.27 if lat >= 44.6 else 19.19 if lat >= 44.45 else 19.11 if lat >= 44.3
             else 19.36 if lat >= 44.1 else 19.40 if lat >= 43.75 else 19.50)
    sava = (44.90 if lon < 19.5 else 44.77 if lon < 19.8 else 44.70 if lon < 20.3
            else 44.83 if lon < 20.6 else 44.72)  # the Danube below Belgrade
    return SR if lat < sava and lon > drina else AU


# --- values by kind ----------------------------------------------------------------------------

AH_INF, AH_CAV = DIVISION[("AH", "infantry")], DIVISION[("AH", "cavalry")]
VALUES: dict[str, tuple[list[Values], str]] = {  # kind: Steps (full first), why
    "AH corps": ([(2 * AH_INF[0][0], 2 * AH_INF[0][1], AH_INF[0][2]),
                  (2 * AH_INF[0][0] - 1, 2 * AH_INF[0][1] - 1, AH_INF[0][2]),
                  AH_INF[0], (AH_INF[0][0] - 1, AH_INF[0][1] - 1, AH_INF[0][2])],
                 "two Austro-Hungarian divisions' sum, one on its back (8.53), as "
                 "scripts/galicia_counters.py"),
    "AH division": ([AH_INF[0], AH_INF[1]],
                    "the Austro-Hungarian infantry division of scripts/galicia_counters.py "
                    "(2-3-5, Brusilov 26.22)"),
    "AH cavalry division": ([AH_CAV[0], AH_CAV[1]], "1-2-8 as printed, Caporetto 25.22"),
    "AH mountain brigade": ([AH_INF[1]],
                            "one Step (8.51); a mountain brigade of 4-7 battalions with its "
                            "mountain battery, half a division: the reduced division's 1-2-5"),
    "AH Landsturm brigade": ([(1, 1, AH_INF[1][2])],
                             "one Step (8.51); older men, little artillery: 1-1-5"),
    "AH depot": ([(0, 1, DEPOT_MOVEMENT["AH"])],
                 "one Step (8.51), 0-1-5, 1 Stacking Point, as scripts/galicia_counters.py's "
                 "depots"),
    "SE division": ([(2, 4, 5), (1, 2, 5)],
                    "a first-levy division: four regiments of four battalions (16, LEVIES), as the "
                    "Russian division the rulebook prints 2-4-4 (Brusilov 26.21), marching as "
                    "the Austro-Hungarians (5); its back 1-2-5 as the other nationalities' "
                    "(one less Attack, Defense halved)"),
    "SE second-levy division": ([(1, 3, 5), (0, 2, 5)],
                                "a second-levy division: one brigade of three regiments "
                                "(LEVIES) of "
                                "men of 31-38, old rifles, few guns: 1-3-5, its back 0-2-5 "
                                "(one less in each, as a cavalry division's 1-2 to 0-1)"),
    "SE cavalry division": ([(1, 2, 8), (0, 1, 8)],
                            "two brigades of two regiments (16 squadrons): the rulebook's 1914 "
                            "cavalry divisions are all 1-2 (Austro-Hungarian 1-2-8, Caporetto "
                            "25.22); 8 as the Austro-Hungarian, the better of the two printed"),
    "SE brigade": ([(1, 2, 5)], "one Step (8.51): the reduced first-levy division's 1-2-5"),
    "SE third-levy brigade": ([(1, 1, 5)],
                              "one Step (8.51); third-levy battalions (men of 38-45), as the "
                              "Austro-Hungarian Landsturm: 1-1-5"),
}

# --- HQs ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hq:
    attack_shift: int
    command_radius: int
    command_strength: int
    level: str  # "army"; "front" for Putnik's SOK above the armies (10.22, 19.11)
    parenthesized: bool = False  # 19.1: one attack a Game-Turn, through a second HQ
    rail_only: bool = False  # 19.2


ARMY_HQ = Hq(1, 4, 12, "army")  # as scripts/galicia_counters.py's HQs (reconstructed there)
HQ_STEPS: list[Values] = [(0, 1, 6)]
# Putnik: his shift (1) parenthesized (19.1); a radius of 8 reaches every Serbian army's HQ from
# Kragujevac (Valjevo and Uzice are 7-8 hexes off), since his shift works only through one
# (19.1); his staff commanding few units itself: Command Strength 4; the level above the
# armies, so his shift and an army HQ's add up (10.22, 19.11).
SOK_HQ = Hq(1, 8, 4, "front", parenthesized=True, rail_only=True)

# --- the units ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Oob:
    id: str  # nationality-army-designation, as scripts/galicia_counters.py's (ruling G29)
    designation: str  # as the counter would abbreviate it
    kind: str  # a key of VALUES, or "HQ"
    stands_for: str  # the formation(s), as the histories name them
    place: str | None  # set-up place (26.1), a key of PLACES
    arrives: tuple[int, str] | None  # (Game-Turn, entry as a place on the map edge)
    source: str  # printed:/errata:/reconstructed: ... with the keys of SOURCES
    confidence: str  # "rules" (the rulebook fixes it), "confirmed" (a consulted text places
    # it), "probable" (its army confirmed, its place reconstructed), "conjecture"
    hq: Hq | None = None
    shared_with_galicia: bool = False  # the same counter as the Galician data set's

    @property
    def nationality(self) -> str:
        return self.id.split("-")[0]

    @property
    def army(self) -> str:
        return self.id.split("-")[1]

    @property
    def type(self) -> str:
        if self.kind == "HQ":
            return "hq"
        if self.kind == "AH depot":
            return "depot"
        if "cavalry" in self.kind:
            return "cavalry"
        return "mountain_infantry" if "mountain" in self.kind else "infantry"

    @property
    def size(self) -> str:
        if self.kind == "HQ":
            return "army"
        if self.kind == "AH depot":
            return "regiment"  # 1 Stacking Point, as the Galician depots
        return "corps" if "corps" in self.kind else "brigade" if "brigade" in self.kind \
            else "division"

    @property
    def steps(self) -> list[Values]:
        return HQ_STEPS if self.kind == "HQ" else VALUES[self.kind][0]

    @property
    def stacking_points(self) -> int:
        return {"army": 0, "regiment": 1, "brigade": 1, "division": 2, "corps": 4}[self.size]


def _u(uid: str, designation: str, kind: str, stands_for: str, place: str | None,
       source: str, confidence: str, *, arrives: tuple[int, str] | None = None,
       hq: Hq | None = None, shared: bool = False) -> Oob:
    return Oob(uid, designation, kind, stands_for, place, arrives, source, confidence, hq,
               shared)


HQ, R = "HQ", "reconstructed: "
UNITS: list[Oob] = [
    # --- Serbian (SE), TCR 2 ---------------------------------------------------------------
    _u("SE-SOK-HQ", "SOK", HQ, "Supreme Command (Vrhovna komanda): Chief of Staff Vojvoda "
       "Radomir Putnik", "Kragujevac",
       "printed: SOK, Putnik, the only command unit not at army level (2.3, Command "
       "Abbreviations), shift parenthesized (19.1), moves by rail only (19.2); "
       f"{R}its rating (see SOK_HQ); set up at Kragujevac, the Supreme Command's seat in "
       "August 1914 (GENERAL)", "rules", hq=SOK_HQ),
    _u("SE-1-HQ", "1", HQ, "1st Army, General Petar Bojovic", "Raca (Kragujevac)",
       f"printed: 1st Army, General Bojovic (Command Abbreviations); {R}rating as the "
       "Galician army HQs; staff at Raca (WIKI1A)", "confirmed", hq=ARMY_HQ),
    _u("SE-2-HQ", "2", HQ, "2nd Army, General Stepa Stepanovic", "Arandjelovac",
       f"printed: 2nd Army, General Stepanovic (Command Abbreviations); {R}rating as the "
       "Galician army HQs; staff at Arandjelovac, its concentration area before Cer (STORY, "
       "CER)", "probable", hq=ARMY_HQ),
    _u("SE-3-HQ", "3", HQ, "3rd Army, General Pavle Jurisic-Sturm", "Valjevo",
       f"printed: 3rd Army, General Jurisic-Sturm (Command Abbreviations); {R}rating as the "
       "Galician army HQs; at Valjevo, the 3rd Army's base (GENERAL)", "probable",
       hq=ARMY_HQ),
    _u("SE-Uzice-HQ", "Uzice", HQ, "Uzice Army (Uzicka vojska), General Milos Bozanovic",
       "Uzice", f"printed: Uzice, General Bozanovic (Command Abbreviations); {R}rating as the "
       "Galician army HQs; at Uzice, whose name it bore (OULK p. 636: Armeegruppe Uzice)",
       "confirmed", hq=ARMY_HQ),
    # 1st Army (WIKI1A; OULK p. 608)
    _u("SE-1-TimI", "Timok I", "SE division", "Timok Division, first levy (Timocka I)",
       "Smederevska Palanka", f"{R}1st Army, Timok I at Smederevska Palanka (WIKI1A)",
       "confirmed"),
    _u("SE-1-TimII", "Timok II", "SE second-levy division",
       "Timok Division, second levy (Timocka II)", "Raca (Kragujevac)",
       f"{R}1st Army's reserve at Raca (WIKI1A); sent to the 2nd Army before Sabac on 21 "
       "August (EB p. 412)", "confirmed"),
    _u("SE-1-MorII", "Morava II", "SE second-levy division",
       "Morava Division, second levy (Moravska II)", "Velika Plana",
       f"{R}1st Army (WIKI1A); its place not given: Velika Plana, in the Morava valley between "
       "the 1st Army's divisions at Palanka and Pozarevac", "probable"),
    _u("SE-1-DanII", "Danube II", "SE second-levy division",
       "Danube Division, second levy (Dunavska II)", "Pozarevac",
       f"{R}at Pozarevac, whence it marched on 6 September to join the 1st Army (OULK p. "
       "608); in the 1st Army from the start (its Danube front east of Belgrade)",
       "probable"),
    _u("SE-1-Br", "Br", "SE third-levy brigade",
       "Branicevo Detachment (third levy), Danube front", "Pozarevac",
       f"{R}1st Army, Branicevo Detachment at Pozarevac (WIKI1A)", "confirmed"),
    _u("SE-1-Ob", "Ob", "SE third-levy brigade",
       "Obrenovac Detachment, the Sava between Belgrade and the Kolubara", "Obrenovac",
       f"{R}the 1st Army's Obrenovac Detachment (OULK p. 608, September 1914); at Obrenovac "
       "since the mobilization", "probable"),
    _u("SE-1-Be", "Be", "SE brigade", "Belgrade Defence (Odbrana Beograda)", "Belgrade",
       "errata: the Serbian Be Brigade starts in s0307 (Belgrade); "
       f"{R}its values (a brigade, one Step) and its army: the Belgrade Defence answered to "
       "the Supreme Command (GENERAL), but 2.3 gives every unit an army, and the 1st Army held the "
       "Danube front beside it (Pozarevac, Obrenovac)", "rules"),
    # 2nd Army (CER, STORY, EB p. 412)
    _u("SE-2-MorI", "Morava I", "SE division", "Morava Division, first levy (Moravska I)",
       "Arandjelovac", f"{R}2nd Army, at Cer with the Combined Division (CER); about "
       "Arandjelovac before the march to the Drina", "probable"),
    _u("SE-2-Komb", "Komb", "SE division", "Combined Division, first levy (Kombinovana I)",
       "Lazarevac", f"{R}2nd Army; its outposts met the Austro-Hungarians on Cer on the night "
       "of 15 August (CER); about Lazarevac on the road to Ub and Sabac", "probable"),
    _u("SE-2-SumI", "Sumadija I", "SE division",
       "Sumadija Division, first levy (Sumadijska I)", "Topola",
       f"{R}2nd Army's right before Sabac, 21-24 August (EB p. 412); about Topola in the "
       "concentration area", "probable"),
    _u("SE-2-DanI", "Danube I", "SE division", "Danube Division, first levy (Dunavska I)",
       "Mladenovac", f"{R}2nd Army (GENERAL); about Mladenovac, between Belgrade and the "
       "2nd Army", "conjecture"),
    _u("SE-2-Cav", "Cav", "SE cavalry division", "Cavalry Division (Konjicka divizija)",
       "Ub", f"{R}with the 2nd Army, screening its right (STORY, CER); at Ub on its road "
       "to the Macva", "probable"),
    # 3rd Army
    _u("SE-3-DrI", "Drina I", "SE division", "Drina Division, first levy (Drinska I)",
       "Valjevo", f"{R}3rd Army (GENERAL; its recruiting district Valjevo-Sabac-Uzice)",
       "conjecture"),
    _u("SE-3-DrII", "Drina II", "SE second-levy division",
       "Drina Division, second levy (Drinska II)", "Krupanj",
       f"{R}3rd Army, its left facing the crossings at Zvornik and Ljubovija (STORY: the 3rd "
       "Army's left in detachments towards Krupanj)", "conjecture"),
    # Uzice Army
    _u("SE-Uzice-SumII", "Sumadija II", "SE second-levy division",
       "Sumadija Division, second levy (Sumadijska II)", "Uzice",
       f"{R}Uzice Army (OULK p. 636, September 1914); at Uzice", "probable"),
    _u("SE-Uzice-Lim", "Lim", "SE brigade", "Lim Detachment, the Sanjak on the Lim",
       "Prijepolje", f"{R}Uzice Army's Lim Detachment (OULK p. 636); a brigade with mountain "
       "artillery about Prijepolje (VOELKERKRIEG)", "probable"),
    # --- Austro-Hungarian (AH), TCR 4: the Balkan armies (26.22, 17.41) ----------------------
    _u("AH-5-HQ", "5", HQ, "5th Army, Feldzeugmeister Liborius Ritter von Frank", "Bijeljina",
       f"printed: 5th Army, Frank (Command Abbreviations; 17.41, 26.22); {R}rating as the "
       "Galician army HQs; at Bijeljina, behind its crossings (FLOTILLE)", "probable",
       hq=ARMY_HQ),
    _u("AH-5-VIII", "VIII", "AH corps", "VIII Corps (Prague): 9th ID, 21st Landwehr ID "
       "(and a combined brigade, not counted apart)", "Janja",
       f"{R}5th Army's left (EB; OULK p. 97); opposite Loznica and Lesnica, where it "
       "crossed on 12 August", "confirmed"),
    _u("AH-5-XIII", "XIII", "AH corps", "XIII Corps (Agram): 36th ID, 42nd Honved ID "
       "(and a brigade and a mountain brigade, not counted apart)", "Zvornik",
       f"{R}5th Army's right (EB; OULK p. 97); at Zvornik, where it crossed", "confirmed"),
    _u("AH-5-SD1", "SD1", "AH depot", "a supply unit of the 5th Army", "Brcko",
       f"{R}the 5th Army's supply units (17.41); two an army as the Galician data (ruling "
       "G32); at Brcko, its railhead on the Sava (the Vinkovci-Gunja-Brcko railway, the "
       "bridge of 1894; ruling G90)", "conjecture"),
    _u("AH-5-SD2", "SD2", "AH depot", "a supply unit of the 5th Army", "Bijeljina",
       f"{R}as AH-5-SD1 (17.41); at Bijeljina, three hexes on towards the Drina", "conjecture"),
    _u("AH-6-HQ", "6", HQ, "6th Army and the Balkan forces, Feldzeugmeister Oskar Potiorek",
       "Sarajevo", f"printed: 6th Army, Potiorek (Command Abbreviations; 17.41, 26.22); {R}"
       "rating as the Galician army HQs; at Sarajevo, east of which the army gathered (AF6)",
       "confirmed",
       hq=ARMY_HQ),
    _u("AH-6-XV", "XV", "AH corps", "XV Corps (Sarajevo): 1st ID (7th, 9th Mountain "
       "Brigades), 48th ID (10th, 12th)", "Visegrad",
       f"{R}6th Army (AF6; FLOTILLE: towards Uzice); at Visegrad on the Drina", "probable"),
    _u("AH-6-18", "18", "AH division", "18th ID (Mostar), XVI Corps: 4th, 5th, 6th, 8th "
       "Mountain Brigades", "Pale",
       f"{R}6th Army, XVI Corps (AF6); come up from Herzegovina by 10 August and gathered "
       "south-east of Sarajevo (POHL), not yet on the middle Drina, where it went for the "
       "September offensive (VOLKSBUCH); at Pale, the Bosnian Eastern Railway's station "
       "south-east of Sarajevo", "probable"),
    _u("AH-6-1Gb", "1/6", "AH mountain brigade", "1st Mountain Brigade, XVI Corps",
       "Cajnice", f"{R}6th Army, XVI Corps (AF6); at Cajnice, facing the Montenegrins of "
       "Pljevlja", "conjecture"),
    _u("AH-6-2Gb", "2/6", "AH mountain brigade", "2nd Mountain Brigade, XVI Corps", "Uvac",
       "errata: the Austro-Hungarian 2/6 Brigade starts in s1513; "
       f"{R}read as brigade 2 of the 6th Army, the 2nd Mountain Brigade (AF6); placed at Uvac, "
       "the Bosnian Eastern Railway's end (1906) on the Sandzak border, the place the map's "
       "s1513 is fitted to (ruling G90)", "rules"),
    _u("AH-6-13Gb", "13/6", "AH mountain brigade", "13th Mountain Brigade, XVI Corps",
       "Bratunac", f"{R}6th Army, XVI Corps (AF6); on the middle Drina (VOLKSBUCH) at "
       "Bratunac, between the 5th Army and the 18th ID", "conjecture"),
    _u("AH-6-107Lst", "107", "AH Landsturm brigade", "107th Landsturm Infantry Brigade, "
       "the Banat", "Kubin", f"{R}in the Banat, put under the 6. Armeekommando's Balkan "
       "forces by the AOK's order (OULK p. 97); at Kubin (Kovin) opposite Smederevo",
       "confirmed"),
    _u("AH-6-40H", "40H", "AH division", "40th Honved ID (Budapest)", None,
       f"{R}given to the 6th Army by the AOK's order (OULK p. 97); arriving by the Bosnian "
       "railway: Game-Turn 3 (20-22 August) at the Sarajevo railway's entry, the 6th "
       "Army's second offensive needing it in September", "probable",
       arrives=(3, "the Sarajevo railway at the west map edge")),
    _u("AH-6-SD1", "SD1", "AH depot", "a supply unit of the 6th Army", "Rogatica",
       f"{R}the 6th Army's supply units (17.41); two an army (ruling G32); at Rogatica on "
       "the road from the Sarajevo-Visegrad railway", "conjecture"),
    _u("AH-6-SD2", "SD2", "AH depot", "a supply unit of the 6th Army", "Ustipraca",
       f"{R}as AH-6-SD1 (17.41); at Ustipraca, the railway's junction for Foca", "conjecture"),
    # --- the Austro-Hungarian 2nd Army, on the Serbian map until Game-Turn 3 (17.42) -------
    _u("AH-2-HQ", "2", HQ, "2nd Army, General der Kavallerie Eduard von Bohm-Ermolli",
       "Ruma", f"printed: 2nd Army, v. Bohm Ermolli (Command Abbreviations; 17.42); {R}the "
       "Galician data's AH-2-HQ, set up in Syrmia (FLOTILLE) at Ruma, its railway junction",
       "probable", hq=ARMY_HQ, shared=True),
    _u("AH-2-VII", "VII", "AH corps", "VII Corps (Temesvar): 17th ID, 34th ID", "Kubin",
       f"{R}2nd Army's left, in the Banat (EB); the Galician data's AH-2-VII (there arriving "
       "Game-Turn 9 in Decision in Galicia); it left first, from 18 August (OULK p. 97)",
       "confirmed", shared=True),
    _u("AH-2-IV", "IV", "AH corps", "IV Corps (Budapest): 31st ID, 32nd ID", "Kupinovo",
       f"{R}2nd Army, between the 7th Division and IX Corps (EB): east of Klenak on the Sava, "
       "at Kupinovo opposite Obrenovac; the Galician data's AH-2-IV (there arriving "
       "Game-Turn 8); it left after the fighting at Sabac, late August", "confirmed",
       shared=True),
    _u("AH-2-7", "7", "AH division", "7th ID (Esseg)", "Semlin",
       f"{R}2nd Army between the VII and IV Corps (EB); half of it given to the Balkan forces "
       "(OULK p. 97), all of it later; at Semlin opposite Belgrade", "confirmed"),
    _u("AH-2-29", "29", "AH division", "29th ID (Theresienstadt), IX Corps", "Klenak",
       f"{R}2nd Army's right, IX Corps' only division in the south (EB); at Klenak, the "
       "railway's end opposite Sabac (STORY), whence it took Sabac on 12 August (EB); it "
       "stayed on the Serbian front (given to Potiorek after Cer)", "confirmed"),
    _u("AH-2-SD1", "SD1", "AH depot", "a supply unit of the 2nd Army", "Ruma",
       f"{R}the 2nd Army's 'supply units' are held on the Serbian map (17.42): the "
       "Galician data's AH-2-SD1, at Ruma", "probable", shared=True),
    _u("AH-2-SD2", "SD2", "AH depot", "a supply unit of the 2nd Army", "Pancsova",
       f"{R}as AH-2-SD1 (17.42; the Galician data's AH-2-SD2); at Pancsova, the Banat's railway "
       "for the VII Corps", "probable", shared=True),
]

# Named by the histories on the Serbian front in August 1914, left off this map's counters
LEFT_OUT: dict[str, str] = {
    "Montenegrin army": "The rules name no Montenegrin unit: the Allied Player controls 'the "
                        "Russian and Serbian units' (2.3), 2.4 rates only Austro-Hungarian, "
                        "Russian and Serbian units, 25.2 counts only Serbian losses. The "
                        "Montenegrin Sanjak division that joined the Uzice Army at Pljevlja "
                        "(about 6,000 men, VOLKSBUCH) is left out.",
    "AH 23rd Honved ID, 10th Cavalry Division": "In the 2nd Army's deployment (EB: the 23rd "
                        "in reserve, the 10th on the right), but the Galician data set has "
                        "them at 1 September with the 3rd and 4th Armies (AH-3-23H, AH-4-10C): "
                        "a counter prints one army (2.3). Read as sent to Galicia in the first "
                        "transports (from 18 August), they set up in Galicia (26.22 lets the "
                        "2nd Army's counters do so too). Open question.",
    "AH 47th ID, 3rd and 14th Mountain Brigades": "Against Montenegro in Herzegovina and at "
                        "Cattaro (VOLKSBUCH): off the Serbian map, out of the campaign.",
    "AH brigades of the 5th Army": "EB gives VIII Corps a combined brigade and XIII Corps a "
                        "brigade and a mountain brigade; their numbers are not known here, so "
                        "they are part of their corps' counters, not counters of their own.",
    "Serbian frontier and third-levy detachments": "Sabac, Loznica, Ljubovija and the 3rd "
                        "Army's other detachments (STORY), the Krajina Detachment: below the "
                        "counter's scale; Branicevo, Obrenovac, Belgrade and Lim are counted.",
    "Serbian depots": "Serbian units are always in supply in Serbia (9.1) and the rules name "
                      "supply units only for the Austro-Hungarian armies (17.41, 17.42): none.",
    "Drina guard (FML Snjaric)": "Landsturm of the 6th Army on the Drina (AF6): folded into "
                                 "the 6th Army's brigades.",
}

# 21.0: the Monitor Flotilla is no counter on the map: three Attack Strength Points the
# Austro-Hungarian Player may add once a Game-Turn beside a major river hexside.
MONITOR_FLOTILLA = {
    "id": "AH-DF", "designation": "Monitor Flotilla (Donauflottille)", "attack": 3,
    "uses_per_turn": 1, "where": "a hex adjacent to a major river hexside of the Serbian map",
    "alone": "attacker's losses ignored, no command shift; no Command Strength spent",
    "source": "printed: 21.0 (its strength, where, how); one use a Game-Turn read from 'On "
              "each Game-Turn ... three additional Attack Combat Strength Points'",
}

SERBIAN_SUPPLY = {  # 20.0, printed; the Track's last box is not
    "initial_points": 4,  # 20.3
    "cost_per_attacking_unit": 1,  # 20.1
    "replenishment_by_die": {1: 0, 2: 0, 3: 1, 4: 2, 5: 2, 6: 4},  # 20.2
    "track_maximum": None,  # the Game-Map's track: not public (no cap applied)
    "source": "printed: 20.1-20.3",
}

RAIL = {  # 5.3, 17.51
    "SE": {"capacity": 5, "rate": 14, "single_track": 4, "double_track": 12,
           "source": "printed: 5.3, 17.51"},
    "AH": {"capacity_by_turn": AH_RAIL, "rate": 20, "single_track": 5, "double_track": 14,
           "source": "printed: 5.3 (rate), 17.51; capacity by Game-Turn reconstructed, one "
                     "for both maps, as the Galician data set's: " + RAIL_SOURCE},
}

REINFORCEMENTS = {  # Game-Turn: units (26.1: "the reinforcement designations on the counters")
    turn: [u.id for u in UNITS if u.arrives and u.arrives[0] == turn]
    for turn in range(1, LAST_TURN + 1)}

# --- consistency ---------------------------------------------------------------------------

STEPS_BY_SIZE = {"regiment": (1,), "brigade": (1, 2), "division": (2,), "corps": (4,),
                 "army": (1, 2)}  # 8.51-8.53, 10.54 (gm.games.gwe.data.checks)
ARMIES = {"SE": ("SOK", "1", "2", "3", "Uzice"), "AH": ("2", "5", "6")}


def problems() -> list[str]:
    out: list[str] = []
    ids = Counter(u.id for u in UNITS)
    out += [f"{uid}: id twice" for uid, n in ids.items() if n > 1]
    names = Counter((u.nationality, u.army, u.designation) for u in UNITS)
    out += [f"{key}: designation twice" for key, n in names.items() if n > 1]
    points: dict[tuple[str, str], int] = defaultdict(int)
    for u in UNITS:
        if not u.source.startswith(("printed:", "errata:", "reconstructed:")):
            out.append(f"{u.id}: its source says neither printed, errata nor reconstructed")
        reconstructed = u.source.partition("reconstructed:")[2]
        if reconstructed and not any(key in reconstructed for key in SOURCES) and \
                not re.search(r"\(\d{1,2}\.\d{1,2}[;,)]", reconstructed):
            out.append(f"{u.id}: what it reconstructs cites no text of SOURCES, no rule case")
        if u.army not in ARMIES[u.nationality]:
            out.append(f"{u.id}: army {u.army} is none of {u.nationality}'s")
        if (u.place is None) == (u.arrives is None):
            out.append(f"{u.id}: a set-up place or an arrival, one of them (3.0)")
        if u.place is not None:
            place = PLACES.get(u.place)
            if place is None:
                out.append(f"{u.id}: no place {u.place}")
                continue
            (lo, hi), (west, east) = FRONT_AREA["lat"], FRONT_AREA["lon"]
            if not (lo <= place.lat <= hi and west <= place.lon <= east):
                out.append(f"{u.id}: {place.name} is outside the Serbian front area")
            own = SR if u.nationality == "SE" else AU  # 26.21, 26.22
            if place.country != own:
                out.append(f"{u.id}: sets up in {place.country}, not {own} (26.21, 26.22)")
            if drina_sava_border(place) != place.country:
                out.append(f"{place.name}: its country disagrees with the Sava-Drina border")
            points[(u.place, u.nationality)] += u.stacking_points
        if u.arrives is not None and not 1 <= u.arrives[0] <= LAST_TURN:
            out.append(f"{u.id}: arrives after the last Game-Turn ({LAST_TURN})")
        values = u.steps
        if len(values) not in ((1,) if u.type == "depot" else STEPS_BY_SIZE[u.size]):
            out.append(f"{u.id}: {len(values)} Steps for a {u.size} (8.51-8.53)")
        if any(w[0] > s[0] or w[1] > s[1] for w, s in zip(values[1:], values, strict=False)):
            out.append(f"{u.id}: a Step lost makes it stronger (8.5)")
        if u.size == "corps" and (values[1] != (values[0][0] - 1, values[0][1] - 1,
                                                values[0][2]) or
                                  values[3] != (values[2][0] - 1, values[2][1] - 1,
                                                values[2][2])):
            out.append(f"{u.id}: a corps' Steps 2 and 4 are 1 and 3 less one (8.53)")
        if (u.type == "hq") != (u.hq is not None) or (u.hq and any(a for a, _, _ in values)):
            out.append(f"{u.id}: a HQ has a rating and no Attack Strength (10.11)")
    cited = [u.source for u in UNITS] + [why for _, why in VALUES.values()]
    out += [f"SOURCES[{key}]: cited by no unit and no value" for key in SOURCES
            if not any(key in text for text in cited)]
    for (place, nat), total in points.items():
        if total > 9:
            out.append(f"{nat} sets up {total} Stacking Points at {place}, over 9 (6.11)")
    for nat, armies in ARMIES.items():
        for army in armies:
            if not any(u.id == f"{nat}-{army}-HQ" for u in UNITS):
                out.append(f"{nat} {army} Army has no HQ (2.3)")
    by_id = {u.id: u for u in UNITS}  # the errata's two set-ups, and the Galician counters
    if by_id["SE-1-Be"].place != "Belgrade" or by_id["AH-6-2Gb"].designation != "2/6":
        out.append("the errata's Be Brigade (Belgrade) or 2/6 Brigade is not as printed")
    out += _galicia_problems(by_id)
    return out


def _galicia_problems(by_id: dict[str, Oob]) -> list[str]:
    """The counters shared with the Galician data set have its values."""
    path = Path(__file__).resolve().parent.parent / \
        "gm/games/gwe/exclusive/serbia_galicia/dataset/galicia/counters.yaml"
    try:
        import yaml  # noqa: PLC0415  (only for this check)
    except ImportError:
        return []
    galicia = {u["id"]: u for u in yaml.safe_load(path.read_text())["units"]}
    out = []
    for u in UNITS:
        if u.shared_with_galicia != (u.id in galicia):
            out.append(f"{u.id}: shared_with_galicia says {u.shared_with_galicia}, the "
                       "Galician data set differs")
        if u.id in galicia:
            theirs = [(s["attack"], s["defense"], s["movement"]) for s in galicia[u.id]["steps"]]
            if theirs != list(u.steps):
                out.append(f"{u.id}: Steps {u.steps}, the Galician data set's {theirs}")
    for gid in ("AH-3-23H", "AH-4-10C"):  # LEFT_OUT: they set up in Galicia
        if gid not in galicia or gid in by_id:
            out.append(f"{gid}: LEFT_OUT reads it as the Galician data set's")
    return out


# --- the counters on the map ------------------------------------------------------------------

SERBIA_MAP = Path(__file__).resolve().parent.parent / \
    "gm/games/gwe/exclusive/serbia_galicia/dataset/serbia/map.yaml"
# An arrival's entry (3.0, 14.0) as the map letters it: the 40th Honved Division came from
# Budapest by Brod and the Bosna railway into Sarajevo, the map's entry I (ruling G90)
ENTRIES = {"the Sarajevo railway at the west map edge": "I"}


def place_hex(place: Place, towns: dict[str, tuple[int, int]],
              country: dict[tuple[int, int], str]) -> str:
    """A set-up place's hex on the map: the hex of the map's town of its name (`Place.town`
    where the map names it otherwise) when that town lies in the place's country; else the hex
    its coordinates fall in, or the nearest hex of its own country where the border puts that
    hex's centre in another (serbia_map.hex_in_country)."""
    import serbia_map  # the map's reading needs yaml; the checks do not
    town = towns.get(place.town or place.name)
    if town is not None and country.get(town) == place.country:
        return serbia_map.hex_id(town)
    return serbia_map.hex_id(serbia_map.hex_in_country(place.lat, place.lon, place.country,
                                                       country))


def build(map_path: Path, entry_of: Callable[[str], str]) -> str:
    """counters.yaml's `units:` entries for the Serbian front, in scripts/galicia_counters.py's
    form, on a written map.yaml: each set-up place at its hex (`place_hex`: the map's town of
    that name where the map has one), `entry_of` an entry's letter. The sides, nationalities
    and the Galician units are the campaign data set's, not this list's."""
    import serbia_map  # the map's reading needs yaml; the checks do not
    towns, country = serbia_map.map_towns(map_path), serbia_map.map_countries(map_path)
    out = ["units:"]
    for u in UNITS:
        why = VALUES[u.kind][1] if u.kind != "HQ" else "HQ values as the Galician data's"
        lines = [f"  - id: {u.id}", f"    nationality: {u.nationality}", f"    type: {u.type}",
                 f"    size: {u.size}", f"    steps: {steps(u.steps)}"]
        if u.hq is not None:
            shown = ", parenthesized: true" if u.hq.parenthesized else ""  # 19.1, G94
            lines.append(f"    hq: {{attack_shift: {u.hq.attack_shift}, command_radius: "
                         f"{u.hq.command_radius}, command_strength: {u.hq.command_strength}, "
                         f"level: {u.hq.level}{shown}}}")
        if u.place is not None:
            lines.append(f"    setup: {place_hex(PLACES[u.place], towns, country)}")
        if u.arrives is not None:
            lines.append(f"    arrives: {{turn: {u.arrives[0]}, entry: "
                         f"{entry_of(u.arrives[1])}, entrained: true}}")
        lines.append(f"    source: {q(f'{u.source}; values: {why}')}")
        out += lines
    return "\n".join(out) + "\n"


# --- the summary -------------------------------------------------------------------------------


def summary(listing: bool = False) -> str:
    out = ["Serbian front, August 1914 (Serbia/Galicia 26.1, 26.2), RECONSTRUCTED",
           f"Game-Turn 1: {turn_dates(1)[0]:%d %b} - {turn_dates(1)[1]:%d %b %Y}; "
           f"Game-Turn {LAST_TURN}: {turn_dates(LAST_TURN)[0]:%d %b} - "
           f"{turn_dates(LAST_TURN)[1]:%d %b %Y}"]
    for nat, name in (("SE", "Serbian"), ("AH", "Austro-Hungarian")):
        units = [u for u in UNITS if u.nationality == nat]
        sp = sum(u.stacking_points for u in units if u.type not in ("hq", "depot"))
        out.append(f"{name}: {len(units)} units, {sp} combat Stacking Points (arrivals too)")
        for army in ARMIES[nat]:
            mine = [u for u in units if u.army == army]
            kinds = Counter(u.kind for u in mine)
            listed = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
            out.append(f"  {army:>5}: {len(mine):2} units ({listed})")
    out.append(f"Serbian rail {RAIL['SE']['capacity']} Stacking Points a Game-Turn, "
               f"{RAIL['SE']['rate']} hexes (5.3); Serbian Supply Track from "
               f"{SERBIAN_SUPPLY['initial_points']} points (20.3); Monitor Flotilla "
               f"{MONITOR_FLOTILLA['attack']} Attack Strength Points (21.0)")
    out.append("Austro-Hungarian rail capacity by Game-Turn (reconstructed, the Galician "
               "data's): " + " ".join(f"{t}:{c}" for t, c in RAIL["AH"]["capacity_by_turn"]
                                     .items()))
    conf = Counter(u.confidence for u in UNITS)
    out.append("placed by: " + ", ".join(f"{n} {c}" for c, n in sorted(conf.items())))
    out.append("reinforcements: " + "; ".join(
        f"Game-Turn {t}: {', '.join(ids)}" for t, ids in REINFORCEMENTS.items() if ids))
    out.append(f"shared with the Galician data set: "
               f"{', '.join(u.id for u in UNITS if u.shared_with_galicia)}")
    if listing:
        out.append("")
        for u in UNITS:
            values = " ".join("-".join(map(str, s)) for s in u.steps)
            place = u.place or f"GT {u.arrives[0]}, {u.arrives[1]}"  # type: ignore[index]
            out.append(f"{u.id:15} {u.designation:11} {u.type:17} {u.size:8} {values:28} "
                       f"{place}")
    return "\n".join(out)


if __name__ == "__main__":
    found = problems()
    if "--build" in sys.argv:
        print(build(SERBIA_MAP, ENTRIES.__getitem__), end="")
    else:
        print(summary(listing="--list" in sys.argv))
        print("consistency: " + ("ok" if not found else f"{len(found)} problem(s)"))
    for problem in found:
        print("  " + problem, file=sys.stderr)
    sys.exit(1 if found else 0)
