"""The Galician front's set-up and reinforcement designations for Serbia/Galicia's Historical
Campaign Game (26.1: "begins at the start of Game-Turn 1 ... Use the set-up and reinforcement
designations on the counters"), RECONSTRUCTED.

No public copy of the counter sheet exists. scripts/galicia_counters.py reconstructs the
Galician counters of 1 September 1914 (Decision in Galicia, 26.3; audited on the branch
galicia-audit: Armeegruppe Kummer, the Russian 9th Army, III Caucasian Corps, the AH 2nd and
8th Cavalry Divisions). This module gives each of those counters its designation as of
Game-Turn 1, 14-16 August 1914 (2.5: 72 hours a Game-Turn; 26.3's Game-Turn 7 is 1 September):

- SETUP: a named place with latitude and longitude where the unit stood, or was detraining or
  concentrating, on 14-16 August (the grid, scripts/galicia_grid.py, turns it into a hex);
- ARRIVES: the Game-Turn it enters the Galician map and where (an `entry_hexes` letter of the
  Galician map.yaml, or a named place on the sheet's edge), and whether entrained (14.1);
- SERBIAN_MAP: the 2nd Army counters that scripts/serbia_oob.py sets up on the Serbian map
  (17.42: the 2nd Army's units, HQ and supply units stay there until Game-Turn 3; they reach
  Galicia by intermap transfer, 17.4), designated there, not here.

Each designation says how sure it is ("confirmed": a consulted text puts the unit, or the
formation the counter stands for, at that place or edge at that time; "probable": its army's
area or the time is confirmed, the place or line reconstructed; "conjecture") and its sources
(keys of SOURCES, each naming the text consulted). docs/galicia-campaign.md is the table.

    python3 scripts/galicia_campaign.py                 # summary and self-checks
    python3 scripts/galicia_campaign.py --list          # every unit, its designation and hex
    python3 scripts/galicia_campaign.py --against DIR   # check against another checkout's
                                                        # counters and map (the audit's)

The checks (exit 1 on any): every unit of the counters designated exactly once (the
pre-audit counters are read through AUDIT_CHANGES, see `counters`); every set-up place on
the Galician sheet, in a hex of its side's country (26.22: Austro-Hungarians in Austria; the
Russians in Russia), no more than 9 Stacking Points of a side at one place (6.11); every
arrival on Game-Turns 2-13 (the Allied Player has no Player-Turn on Game-Turn 1, 4.0; the
Austro-Hungarians' own reinforcements may come on it), by an entry letter of its side or a
place in an edge hex of the sheet friendly to it (9.0: never the East edge for the
Austro-Hungarians; a Russian entry on the North edge in Russia), entrained only on a Friendly
railway of its own country at that edge (5.3) and within the side's Rail Capacity that
Game-Turn (14.1, 17.12); each SERBIAN_MAP unit set up on the Serbian map by
scripts/serbia_oob.py; every source key known and every SOURCES entry cited; every
difference from the 26.3 arrivals of the counters explained in DIFFERS_FROM_26_3.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import galicia_grid as grid  # noqa: E402  (the sheet: lat/lon to hex)

FIRST_DAY = date(1914, 8, 14)  # Game-Turn 1 (2.5, 26.3: Game-Turn 7 is 1 September)
LAST_TURN = 13  # 26.1
CERTAINTIES = ("confirmed", "probable", "conjecture")


def turn_dates(turn: int) -> tuple[date, date]:
    start = FIRST_DAY + timedelta(days=3 * (turn - 1))
    return start, start + timedelta(days=2)


# --- the texts consulted (each designation cites its keys) ----------------------------------

SOURCES: dict[str, str] = {
    "OULK": "Oesterreich-Ungarns letzter Krieg 1914-1918, vol. I (1930), the digital copy of the "
            "Oberoesterreichische Landesbibliothek (AC03202139): p. 156 (the Rueckverlegung of "
            "the concentration behind the Dniester and the San; the XI Corps mobilizing in three "
            "groups at Czernowitz, Brzezany and Lemberg), p. 162 (the AOK at Przemysl on 17 "
            "August), p. 163 (the Russian 9th CD at Zaloszce driven off by the 13th Cavalry "
            "Brigade of the 8th CD from Tarnopol; the 4th CD, with four battalions, sends the "
            "Russian 11th CD out of Galicia at Brody on the 15th, LIR 35 following to "
            "Radziwillow; the Russian 7th CD and parts of the 17th ID at Sokal on the 11th, met "
            "three days later 10 km south by FML Ziegler's 2nd CD; the railways at full power "
            "from 9 August; Koevess gathering the XII and III Corps at Stanislau and Stryj), "
            "p. 185 (23 August: the III Caucasian Corps rolling to Ivangorod; the XVIII Corps, "
            "the 9th Army's leading corps, turned against Dankl), p. 188 (the XVIII Corps, from "
            "Warsaw by Ivangorod, on the battlefield on 27 August in the evening at the "
            "earliest, its leading brigade to Wawolnica), p. 230 (30 August: the 10th and 11th "
            "CD about Mosty Wielkie), p. 252 (1 September: the 2nd Army's VII Corps with the "
            "20th Honved ID and the 8th CD about Mikolajow; the IV Corps detraining at Sambor "
            "and Chyrow)",
    "LEMBERG": "Lemberg 1914 (Vienna, 1929; digital copy AC03539955), pp. 6, 28, 42, 66: the 43rd "
               "LW ID and the 35th Landsturm Brigade toward Ottynia; 21 August: the 11th ID at "
               "Zborow, the 8th CD at Jezierna, the 5th Honved CD at Grzymalow, the 1st CD "
               "ordered back from Skala to Czortkow on the 20th, the 43rd LW ID's infantry "
               "withdrawn from the border; the Russian 15th ID (VIII Corps) at Satanow on 20 "
               "August and a column across at Zbaraz towards Tarnopol on the 21st; the 4th and "
               "5th Armies' assembly areas Lublin-Kowel; the 3rd Army first to assemble west of "
               "Lemberg; the 4th CD to Krasne, the 24th Honved Cavalry Brigade at Kamionka "
               "Strumilowa awaiting the main body of the 11th Honved CD, the 2nd CD at Mosty "
               "Wielkie (about 23 August)",
    "UNTEILBAR": "Unteilbar und untrennbar, vol. 1 (1919; digital copy AC04533540), 'Mobilisierung "
                 "und Aufmarsch': the orders of 18 August, the 1st Army by the 21st from the San "
                 "mouth to the Tanew north of Tarnogrod, the 4th Army on a front by Cieszanow to "
                 "Niemirow, Koevess's corps south of the Dniester to the Jezupol-Zydaczow "
                 "stretch, the 11th ID at Brzezany",
    "KARPYNETS": "I. Karpynets, Halychyna: viiskova istoriia 1914-1921 (Lviv, 2005), pp. 52-60 "
                 "(quoted at zbruc.eu): the 1st Army from the San mouth to Sieniawa, its main "
                 "infantry east of Nisko; the 4th Army from Sieniawa by Radymno to Przemysl; the "
                 "3rd Army from Sambor to Lemberg; Kummer's group at Krakow",
    "PECZELY": "L. Peczely, 'Hatarbiztositas: hadmuveleti lovasfelderites' (a Hungarian account of "
               "the 1914 cavalry): the 1st, 8th and 5th Honved CD under Koevess; the 2nd and 4th "
               "CD and the 24th Honved Cavalry Brigade under the 3rd Army; the 6th CD under the "
               "4th; the 9th and 3rd CD under the 1st; the 7th CD before Kummer",
    "PROMBER": "O. Promber, Im Kampf ums Vaterland 1914, 'Die schneidigen Ungarn am Zbruz': the "
               "5th Honved CD across the Zbruch at Satanow on 16 August, fighting at Kuzmin and "
               "before Gorodok",
    "MMTO": "Der Militaer-Maria-Theresien-Orden (digital copy AC12008362), p. 58: Koevess's order "
            "of 18 August from Stanislau to the 1st CD at Skala ('5. HKD nach hartem Kampf ueber "
            "den Zbrucz zurueckgegangen; 1. KD hat nach Skala zurueckzugehen'), the division "
            "then about Kamieniec-Podolski",
    "KJ3": "the war history of the 3rd Tyrolean Kaiserjaeger Regiment (XIV Corps, 8th ID; "
           "digital copy AC01338468): entrained at Trient on 8-9 August for the 'Aufmarschraum "
           "westlich Lemberg' by Budapest and Dukla, detrained at Sambor and Rudki on 13-14 "
           "August",
    "DRAGONER": "'Die oesterr. weissen Dragoner' in Oesterreich, vol. 3 (1923; AC01594415), pp. "
                "11-14: the 4th CD about Suchowola before 20 August, Jaroslawice on 21 August",
    "VOLKSBUCH": "Oesterreichs Volksbuch vom Weltkrieg (AC04473480), pp. 72-78: the 1st Army's "
                 "I (Krakow), V (Pressburg) and X (Przemysl) Corps side by side, the 3rd and 9th "
                 "CD ahead; on 22 August the few troops of the 2nd Army between Halicz and "
                 "Czernowitz, its IV and VII Corps still in the Balkans; the Russian 3rd Army "
                 "from the fortress triangle Rowno-Dubno-Luck, the 8th from Proskurov-Kamieniec "
                 "over the Zbruch",
    "GOLOVIN": "N. Golovin, 'The Great Battle of Galicia (1914): a study in strategy' (Slavonic "
               "Review, 1926): the South-West Front's armies and corps (4th: Grenadier, XIV, "
               "XVI; 5th: V, XVII, XIX, XXV; 3rd: IX, X, XI, XXI; 8th: VII, VIII, XII, XXIV) "
               "and the decision to attack without waiting for the belated corps",
    "SOKOLOV": "L. Sokolov, Lvov pod russkoi vlastiu 1914-1915: the 3rd Army's advance began on "
               "6 (19) August; the 8th Army met serious resistance on the Koropiec on 12 (25) "
               "August after eight days' march",
    "BELOI": "A. Beloi, Pervaia skhvatka za Lvov (1929), p. 44 of the online text: at the Gnila "
             "Lipa the XXIV Corps had 1 1/2 divisions at Halicz, the rest echeloned a day and a "
             "half behind about Niznow-Monasterzyska-Buczacz",
    "EBLEMBERG": "Encyclopaedia Britannica (12th/14th ed.), 'Lemberg, Battles round': the "
                 "Austro-Hungarian cavalry pushed forward on 15 August before the concentration "
                 "was complete; the four armies formed up about 20 August",
    "GENERAL": "the standard histories as remembered, not confirmed in a text consulted here "
               "(N. Stone, The Eastern Front 1914-1917, ch. 4; G. Rothenberg, The Army of Francis "
               "Joseph; A. Knox, With the Russian Army; N. Golovin, Iz istorii kampanii 1914 "
               "goda: Galitsiiskaia bitva): peacetime stations, railway routes, places",
    "RAIL": "the reconstructed Galician map (map.yaml): its entry letters and Friendly railways; "
            "an arrival by a railway of another country enters on foot (5.3, 14.1)",
    "SERBIA": "scripts/serbia_oob.py: the 2nd Army's HQ, IV and VII Corps and depots set up on "
              "the Serbian map (17.42)",
}

# --- the designations ----------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    place: str
    lat: float
    lon: float
    certainty: str
    sources: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class Arrives:
    turn: int
    entry: str  # an entry letter of the side, or a place name (then lat, lon on the sheet's edge)
    entrained: bool
    certainty: str
    sources: tuple[str, ...]
    why: str
    lat: float | None = None
    lon: float | None = None


@dataclass(frozen=True)
class SerbianMap:
    certainty: str
    sources: tuple[str, ...]
    why: str


Designation = Setup | Arrives | SerbianMap

# Places (1914 names as scripts/galicia_geography.py writes them; public geography, to ~1 km)
PLACES: dict[str, tuple[float, float]] = {
    # Austro-Hungarian
    "Krakow": (50.062, 19.937), "Bochnia": (49.969, 20.430), "Tarnobrzeg": (50.573, 21.679),
    "Rozwadow": (50.588, 22.046), "Nisko": (50.520, 22.140), "Lezajsk": (50.262, 22.420),
    "Sieniawa": (50.177, 22.608), "Przeworsk": (50.060, 22.490), "Rzeszow": (50.041, 21.999),
    "Jaroslaw": (50.016, 22.678), "Radymno": (49.948, 22.815), "Przemysl": (49.784, 22.768),
    "Mosciska": (49.796, 23.066), "Lubaczow": (50.157, 23.123), "Sambor": (49.517, 23.197),
    "Lemberg": (49.842, 24.032), "Stryj": (49.261, 23.852), "Mikolajow": (49.524, 23.976),
    "Kamionka Strumilowa": (50.101, 24.357), "Krystynopol": (50.386, 24.229),
    "Brody": (50.082, 25.151), "Tarnopol": (49.553, 25.594), "Skalat": (49.428, 25.976),
    "Tluste": (48.850, 25.720), "Zaleszczyki": (48.648, 25.736), "Stanislau": (48.922, 24.711),
    "Kalusz": (49.019, 24.373),
    # Russian
    "Lublin": (51.248, 22.567), "Krasnik": (50.924, 22.220), "Janow": (50.707, 22.410),
    "Opatow": (50.800, 21.420), "Krasnystaw": (50.984, 23.174), "Chelm": (51.143, 23.472),
    "Kowel": (51.215, 24.711), "Wlodzimierz": (50.847, 24.320), "Hrubieszow": (50.805, 23.891),
    "Tomaszow": (50.448, 23.417), "Lutsk": (50.747, 25.325), "Dubno": (50.417, 25.735),
    "Radziwillow": (50.129, 25.254), "Kremenets": (50.101, 25.726),
    "Wisniowiec": (49.901, 25.745),
    # entries on the East edge (the sheet's row 01): where the Russian 8th Army's roads from
    # the Zbruch reach the sheet; the lat/lon is the edge hex's own (the Zbruch itself and
    # Podwoloczyska, Satanow, Husiatyn and Skala lie 5-25 km beyond the sheet)
    "East edge on the Tarnopol railway, towards Podwoloczyska": (49.551, 25.987),
    "Grzymalow, on the road from Satanow": (49.333, 26.003),
    "East edge on the Husiatyn railway, by Kopyczynce": (49.100, 25.910),
    "East edge between Husiatyn and Skala": (48.950, 25.954),
    # the Zdolbunov-Dubno railway where it leaves the sheet (the audited map's allied entry D;
    # named by place, as the pre-audit map's D lay elsewhere)
    "East edge on the Zdolbunov-Dubno railway": (50.454, 25.947),
}
ENTRY_BY_PLACE = {"Chelm": "Chelm, where the Chelm-Wlodawa-Brest railway leaves the North edge"}


def S(place: str, certainty: str, sources: str, why: str) -> Setup:  # noqa: N802
    lat, lon = PLACES[place]
    return Setup(place, lat, lon, certainty, tuple(sources.split()), why)


def A(turn: int, entry: str, entrained: bool, certainty: str, sources: str,  # noqa: N802
      why: str) -> Arrives:
    lat, lon = PLACES.get(entry, (None, None))
    return Arrives(turn, entry, entrained, certainty, tuple(sources.split()), why, lat, lon)


SERBIAN_MAP_WHY = ("set up on the Serbian map by scripts/serbia_oob.py (its D4); the 2nd Army may "
                   "leave it from Game-Turn 3 (17.42) by intermap transfer (17.4)")

DESIGNATIONS: dict[str, Designation] = {
    # ===== Austro-Hungarian 1st Army (Dankl): between the Vistula and the San ==============
    "AH-1-HQ": S("Rozwadow", "conjecture", "KARPYNETS GENERAL",
                 "the army between the San mouth and Sieniawa (KARPYNETS); its command's seat "
                 "is not given: Rozwadow, on the Debica-Rozwadow railway behind its left"),
    "AH-1-I": S("Rozwadow", "probable", "KARPYNETS VOLKSBUCH UNTEILBAR",
                "the Krakow corps, the army's left (VOLKSBUCH), to stand by the San mouth on "
                "21 August (UNTEILBAR)"),
    "AH-1-V": S("Nisko", "probable", "KARPYNETS VOLKSBUCH",
                "the Pressburg corps, the army's centre; the main infantry east of Nisko "
                "(KARPYNETS)"),
    "AH-1-X": S("Lezajsk", "probable", "KARPYNETS VOLKSBUCH GENERAL",
                "the Przemysl corps, the army's right towards Sieniawa (KARPYNETS, VOLKSBUCH); "
                "Lezajsk on the Przeworsk-Rozwadow railway"),
    "AH-1-12": S("Tarnobrzeg", "conjecture", "KARPYNETS GENERAL",
                 "the Krakow 12th ID with the army's left, by the Vistula"),
    "AH-1-45LW": S("Sieniawa", "conjecture", "KARPYNETS GENERAL",
                   "the Przemysl Landwehr division on the army's right at Sieniawa, where the "
                   "1st Army's area ended (KARPYNETS)"),
    "AH-1-37H": S("Rzeszow", "conjecture", "GENERAL",
                  "a Honved division from Hungary, detraining on the main line behind the army"),
    "AH-1-3C": S("Tarnobrzeg", "probable", "PECZELY VOLKSBUCH EBLEMBERG",
                 "the 1st Army's cavalry (PECZELY), sent ahead (VOLKSBUCH); on the Vistula "
                 "facing Sandomierz"),
    "AH-1-9C": S("Nisko", "probable", "PECZELY VOLKSBUCH EBLEMBERG",
                 "the 1st Army's cavalry (PECZELY), sent ahead towards the Tanew (VOLKSBUCH)"),
    "AH-1-SD1": S("Rozwadow", "conjecture", "GENERAL", "a railhead of the army's left"),
    "AH-1-SD2": S("Przeworsk", "conjecture", "GENERAL",
                  "a railhead of the army's right on the Krakow-Przemysl main line"),
    # ===== 4th Army (Auffenberg): Sieniawa by Radymno to Przemysl ==========================
    "AH-4-HQ": S("Jaroslaw", "conjecture", "KARPYNETS OULK",
                 "the army's area Sieniawa-Radymno-Przemysl (KARPYNETS); the AOK itself at "
                 "Przemysl from 17 August (OULK p. 162)"),
    "AH-4-II": S("Jaroslaw", "probable", "KARPYNETS UNTEILBAR GENERAL",
                 "the Vienna corps, the army's left (its left at Komarow); Jaroslaw"),
    "AH-4-IX": S("Radymno", "probable", "KARPYNETS GENERAL", "the Leitmeritz corps; Radymno"),
    "AH-4-VI": S("Przemysl", "probable", "KARPYNETS GENERAL",
                 "the Kaschau corps, come by the Lupkow line to Przemysl"),
    "AH-4-XVII": S("Mosciska", "conjecture", "KARPYNETS GENERAL",
                   "the army's right, east of Przemysl on the Lemberg main line"),
    "AH-4-25": S("Jaroslaw", "conjecture", "KARPYNETS GENERAL", "with the II Corps"),
    "AH-4-39H": S("Przemysl", "conjecture", "KARPYNETS GENERAL",
                  "the Kaschau Honved division, with the VI Corps"),
    "AH-4-XIV": S("Sambor", "confirmed", "KJ3 KARPYNETS LEMBERG",
                  "the Innsbruck corps in the 3rd Army's area west of Lemberg in August (it "
                  "joined the 4th Army for Komarow): its Kaiserjaeger detrained at Sambor and "
                  "Rudki on 13-14 August (KJ3)"),
    "AH-4-6C": S("Lubaczow", "probable", "PECZELY UNTEILBAR GENERAL",
                 "the 4th Army's cavalry (PECZELY), before its front towards Tomaszow and "
                 "Cieszanow (UNTEILBAR)"),
    "AH-4-10C": A(4, "B", True, "conjecture", "OULK GENERAL",
                  "not among the cavalry placed in mid-August (PECZELY); about Mosty Wielkie "
                  "with the 4th Army by 30 August (OULK p. 230): read as come from the Balkan "
                  "deployment with the first transports of the 2nd Army (from 18 August), by "
                  "the Lupkow line to the 4th Army's Przemysl"),
    "AH-4-SD1": S("Jaroslaw", "conjecture", "GENERAL", "a railhead of the army"),
    "AH-4-SD2": S("Przemysl", "conjecture", "GENERAL", "a railhead of the army"),
    # ===== 3rd Army (Brudermann): Sambor to Lemberg =======================================
    "AH-3-HQ": S("Lemberg", "probable", "OULK KARPYNETS",
                 "the 3rd Army's command sat at Lemberg (OULK p. 252: back to Lemberg from "
                 "Grodek on 1 September)"),
    "AH-3-XI": S("Lemberg", "confirmed", "OULK UNTEILBAR",
                 "the Lemberg corps, mobilized at Lemberg (30th ID), Brzezany (11th ID, there "
                 "on 18 August, UNTEILBAR) and Czernowitz (OULK p. 156)"),
    "AH-3-III": S("Stryj", "confirmed", "OULK",
                  "the Graz corps gathered at Stryj under Koevess (OULK p. 163), later the "
                  "3rd Army's"),
    "AH-3-22LW": S("Mikolajow", "conjecture", "OULK GENERAL",
                   "the Graz Landwehr division, with the III Corps; Mikolajow, between Stryj "
                   "and Lemberg"),
    "AH-3-23H": A(4, "C", True, "conjecture", "GENERAL",
                  "in the 2nd Army's Balkan deployment (scripts/serbia_oob.py, LEFT_OUT), "
                  "with the 3rd Army before Lemberg by 1 September: read as come with the first "
                  "transports from the south (from 18 August), by Munkacs and the Beskid line"),
    "AH-3-4C": S("Brody", "confirmed", "OULK DRAGONER PECZELY",
                 "sent the Russian 11th CD out of Galicia at Brody on 15 August (OULK p. 163); "
                 "about Suchowola till the 20th (DRAGONER)"),
    "AH-3-11C": S("Kamionka Strumilowa", "probable", "LEMBERG PECZELY",
                  "its 24th Honved Cavalry Brigade with the 3rd Army (PECZELY) at Kamionka "
                  "Strumilowa, where the main body was to join it (LEMBERG p. 28)"),
    "AH-3-2C": S("Krystynopol", "confirmed", "OULK PECZELY",
                 "FML Ziegler's 2nd CD met the Russians 10 km south of Sokal about 14 August "
                 "(OULK p. 163): Krystynopol"),
    "AH-3-8C": S("Tarnopol", "confirmed", "OULK LEMBERG PECZELY",
                 "its 13th Cavalry Brigade came from Tarnopol to Zaloszce (OULK p. 163); at "
                 "Jezierna on 21 August (LEMBERG p. 66); under Koevess (PECZELY)"),
    "AH-3-SD1": S("Lemberg", "conjecture", "GENERAL", "the army's base"),
    "AH-3-SD2": S("Stryj", "conjecture", "GENERAL", "a railhead of the army's right"),
    # ===== 2nd Army: Armeegruppe Koevess in Galicia; the rest in Serbia ====================
    "AH-2-HQ": SerbianMap("probable", ("SERBIA",), SERBIAN_MAP_WHY),
    "AH-2-IV": SerbianMap("confirmed", ("SERBIA", "VOLKSBUCH"),
                          SERBIAN_MAP_WHY + "; still in the Balkans on 22 August (VOLKSBUCH)"),
    "AH-2-VII": SerbianMap("confirmed", ("SERBIA", "VOLKSBUCH"),
                           SERBIAN_MAP_WHY + "; still in the Balkans on 22 August (VOLKSBUCH)"),
    "AH-2-SD1": SerbianMap("probable", ("SERBIA",), SERBIAN_MAP_WHY),
    "AH-2-SD2": SerbianMap("probable", ("SERBIA",), SERBIAN_MAP_WHY),
    "AH-2-XII": S("Stanislau", "confirmed", "OULK MMTO",
                  "the Hermannstadt corps gathered at Stanislau under Koevess (OULK p. 163), "
                  "whose command was at Stanislau (MMTO)"),
    "AH-2-38H": S("Kalusz", "conjecture", "OULK UNTEILBAR GENERAL",
                  "with Koevess's corps south of the Dniester (UNTEILBAR)"),
    "AH-2-43LW": S("Zaleszczyki", "probable", "OULK LEMBERG",
                   "the Czernowitz Landwehr division of the XI Corps' third group (OULK p. "
                   "156), pushed towards the border; Zaleszczyki, the Dniester crossing "
                   "between the Zbruch and Czernowitz"),
    "AH-2-1C": S("Tluste", "probable", "MMTO LEMBERG PECZELY",
                 "at Skala on the Zbruch, raiding to Kamieniec-Podolski 17-19 August (MMTO); "
                 "Skala lies 25 km beyond the sheet's East edge, Tluste is on its road back "
                 "(to Czortkow, LEMBERG p. 66)"),
    "AH-2-5C": S("Skalat", "confirmed", "PROMBER LEMBERG PECZELY MMTO",
                 "crossed the Zbruch at Satanow on 16 August (PROMBER), back on the 18th "
                 "(MMTO), at Grzymalow on the 21st (LEMBERG p. 66); Skalat, by Grzymalow, "
                 "off the Russian entry by Satanow"),
    "AH-2-20H": A(6, "C", True, "probable", "OULK GENERAL",
                  "with the VII Corps about Mikolajow by 1 September (OULK p. 252): detrained "
                  "at Stryj in the last days of August, come by Munkacs and the Beskid line"),
    # ===== Armeegruppe Kummer: Krakow ======================================================
    "AH-Kummer-HQ": S("Krakow", "confirmed", "KARPYNETS PECZELY",
                      "Kummer's group gathered at Krakow (KARPYNETS)"),
    "AH-Kummer-106L": S("Krakow", "probable", "KARPYNETS",
                        "the Landsturm of Kummer's group at Krakow; it marched into Russian "
                        "Poland after mid-August (a 26.1 set-up is in Austria, 26.22)"),
    "AH-Kummer-7C": S("Krakow", "probable", "PECZELY KARPYNETS",
                      "the cavalry before Kummer (PECZELY), reconnoitring into Russian Poland "
                      "from Krakow; set up at its base, in Austria (26.22)"),
    "AH-Kummer-SD1": S("Krakow", "conjecture", "GENERAL", "the fortress, its base"),
    "AH-Kummer-SD2": S("Bochnia", "conjecture", "GENERAL",
                       "on the Krakow main line behind it"),
    # ===== Russian 4th Army (Salza, Evert from 25 August): Lublin ===========================
    "RU-4-HQ": S("Lublin", "probable", "LEMBERG GOLOVIN", "its assembly area about Lublin "
                 "(LEMBERG p. 42)"),
    "RU-4-XIV": S("Krasnik", "probable", "LEMBERG GOLOVIN GENERAL",
                  "the Lublin district's own corps, mobilized in place; its vanguard to the "
                  "Wilkolaz line before the advance of 23 August (LEMBERG p. 42); Krasnik"),
    "RU-4-Gren": A(2, "Chelm", True, "probable", "GOLOVIN LEMBERG GENERAL",
                   "the Moscow Grenadiers, come by Brest and Chelm to Lublin, in the line at "
                   "Krasnik on 23-24 August"),
    "RU-4-XVI": A(3, "Chelm", True, "probable", "GOLOVIN GENERAL",
                  "from Kazan, a belated corps (GOLOVIN), by Brest and Chelm; fighting at "
                  "Janow and Frampol on 24 August"),
    "RU-4-13C": S("Janow", "conjecture", "GENERAL",
                  "the 4th Army's cavalry before its front towards the San"),
    "RU-4-14C": S("Opatow", "conjecture", "GENERAL",
                  "the 4th Army's cavalry west of the Vistula, covering its flank"),
    "RU-4-IIIC": A(8, "A", True, "probable", "OULK",
                   "rolling to Ivangorod on 23 August (OULK p. 185); with the 4th Army before "
                   "Lublin in the first days of September"),
    "RU-4-SD1": S("Lublin", "conjecture", "GENERAL", "the army's base"),
    "RU-4-SD2": S("Krasnystaw", "conjecture", "GENERAL", "on the Lublin-Chelm railway"),
    # ===== Russian 9th Army: the Guards and XVIII Corps by Ivangorod ========================
    "RU-9-XVIII": A(6, "A", True, "probable", "OULK",
                    "from Warsaw by Ivangorod, on the battlefield on 27 August in the evening at "
                    "the earliest, its leading brigade at Wawolnica (OULK pp. 185, 188)"),
    "RU-9-Gd": A(8, "A", True, "probable", "GENERAL",
                 "the Guards, behind the XVIII Corps, about Lublin in the first days of "
                 "September"),
    "RU-9-HQ": A(9, "A", True, "probable", "GENERAL",
                 "Lechitsky's staff, formed in early September, a Game-Turn behind its corps"),
    "RU-9-SD1": A(9, "A", True, "conjecture", "GENERAL", "with the 9th Army's HQ"),
    "RU-9-SD2": A(9, "A", True, "conjecture", "GENERAL", "with the 9th Army's HQ"),
    # ===== Russian 5th Army (Plehve): Chelm-Kowel ==========================================
    "RU-5-HQ": S("Chelm", "probable", "LEMBERG GENERAL", "its assembly area Chelm-Kowel"),
    "RU-5-XIX": S("Wlodzimierz", "probable", "OULK GOLOVIN",
                  "the Warsaw district's corps on the spot: parts of its 17th ID crossed at "
                  "Sokal on 11 August (OULK p. 163); its vanguard to the Wladimir Wolynskij "
                  "line (LEMBERG p. 42)"),
    "RU-5-7C": S("Hrubieszow", "probable", "OULK",
                 "at Sokal with the 17th ID on 11 August, back behind the border three days "
                 "later (OULK p. 163): on the Bug at Hrubieszow"),
    "RU-5-1DC": S("Tomaszow", "conjecture", "GENERAL",
                  "the 5th Army's cavalry on the border facing Belz and Rawa Ruska"),
    "RU-5-XXV": A(2, "Chelm", True, "probable", "GOLOVIN GENERAL",
                  "a Moscow corps by Brest and Chelm to the army's right (Zamosc, 26 August)"),
    "RU-5-V": A(3, "B", True, "probable", "GOLOVIN GENERAL",
                "from Voronezh by Brest and Kowel; in the line at Komarow on 26 August"),
    "RU-5-XVII": A(4, "B", True, "probable", "GOLOVIN GENERAL",
                   "the last of the 5th Army, from Moscow by Brest and Kowel; at Komarow from "
                   "27 August"),
    "RU-5-SD1": S("Chelm", "conjecture", "GENERAL", "the army's base"),
    "RU-5-SD2": S("Kowel", "conjecture", "GENERAL", "the army's railhead on the Brest line"),
    # ===== Russian 3rd Army (Ruzsky): Rovno-Dubno-Lutsk =====================================
    "RU-3-HQ": S("Dubno", "probable", "VOLKSBUCH GOLOVIN",
                 "the fortress triangle Rowno-Dubno-Luck (VOLKSBUCH); Rovno is off the sheet"),
    "RU-3-XI": S("Radziwillow", "probable", "OULK GOLOVIN GENERAL",
                 "the Rovno corps, on the spot, facing Brody, where its cavalry was thrown "
                 "back on 15 August (OULK p. 163)"),
    "RU-3-IX": S("Kremenets", "probable", "VOLKSBUCH GOLOVIN GENERAL",
                 "the Kiev corps, early in the concentration; the army's left facing Zaloszce"),
    "RU-3-XXI": S("Lutsk", "probable", "VOLKSBUCH GOLOVIN GENERAL",
                  "the Kiev corps on the army's right, towards Sokal and Radziechow"),
    "RU-3-X": A(2, "East edge on the Zdolbunov-Dubno railway", True, "probable",
                "GOLOVIN SOKOLOV GENERAL",
                "from Kharkov, the 3rd Army's farthest corps, by Zdolbunov and Dubno; the army "
                "crossed the border from 19 August (SOKOLOV)"),
    "RU-3-9C": S("Wisniowiec", "probable", "OULK",
                 "driven from Zaloszce on 11 August back over the border (OULK p. 163)"),
    "RU-3-10C": S("Kremenets", "conjecture", "DRAGONER GENERAL",
                  "Keller's division, the 3rd Army's left, at Jaroslawice on 21 August"),
    "RU-3-11C": S("Radziwillow", "confirmed", "OULK",
                  "sent out of Galicia at Brody on 15 August, followed to Radziwillow (OULK p. "
                  "163)"),
    "RU-3-SD1": S("Dubno", "conjecture", "GENERAL", "the army's base"),
    "RU-3-SD2": S("Lutsk", "conjecture", "GENERAL", "a base of the army's right"),
    # ===== Russian 8th Army (Brusilov): Proskurov, off the sheet; over the Zbruch ============
    "RU-8-HQ": A(3, "Grzymalow, on the road from Satanow", False, "probable",
                 "LEMBERG SOKOLOV VOLKSBUCH RAIL", "with the army's centre"),
    "RU-8-XII": A(3, "East edge on the Tarnopol railway, towards Podwoloczyska", False,
                  "probable", "LEMBERG SOKOLOV VOLKSBUCH GENERAL RAIL",
                  "the army's right: a column across by Zbaraz towards Tarnopol on 21 August "
                  "(LEMBERG p. 66)"),
    "RU-8-VIII": A(3, "Grzymalow, on the road from Satanow", False, "confirmed",
                   "LEMBERG SOKOLOV",
                   "its 15th ID at Satanow on 20 August, over the Zbruch to Grzymalow on the "
                   "21st (LEMBERG p. 66)"),
    "RU-8-VII": A(3, "East edge on the Husiatyn railway, by Kopyczynce", False, "probable",
                  "LEMBERG SOKOLOV GENERAL",
                  "the army's left: infantry and Cossacks from the Zbruch towards Kopyczynce "
                  "on 21-22 August (LEMBERG p. 66)"),
    "RU-8-12C": A(3, "East edge between Husiatyn and Skala", False, "probable",
                  "LEMBERG GENERAL", "Kaledin's division on the army's southern flank"),
    "RU-8-2CC": A(3, "East edge between Husiatyn and Skala", False, "probable",
                  "LEMBERG MMTO PROMBER GENERAL",
                  "before Gorodok and Kamieniec when the AH 5th Honved and 1st CD raided (16-19 "
                  "August, MMTO, PROMBER); Cossacks on the Zbruch at Wasylkowce on the 21st "
                  "(LEMBERG p. 66)"),
    "RU-8-XXIV": A(4, "East edge on the Husiatyn railway, by Kopyczynce", False, "probable",
                   "BELOI GOLOVIN",
                   "from Samara, a belated corps (GOLOVIN), echeloned back to Buczacz at the "
                   "Gnila Lipa (BELOI)"),
    "RU-8-SD1": A(3, "East edge on the Tarnopol railway, towards Podwoloczyska", False,
                  "conjecture", "GENERAL", "with the army"),
    "RU-8-SD2": A(3, "East edge on the Husiatyn railway, by Kopyczynce", False, "conjecture",
                  "GENERAL", "with the army"),
}

# Where a designation of 26.1 parts from the arrival the counters give in 26.3 (Game-Turn 8
# on): a counter prints one designation, so these are open questions for the counters
DIFFERS_FROM_26_3: dict[str, str] = {
    "AH-2-IV": "26.1 sets it up on the Serbian map (17.42); 26.3's Galician arrival (Game-Turn 8, "
               "C) is the audit's; historically it detrained at Sambor and Chyrow from 1 "
               "September (OULK p. 252), i.e. Game-Turn 7",
    "AH-2-VII": "26.1 sets it up on the Serbian map (17.42); 26.3 brings it on Game-Turn 9 at C, "
                "but it stood about Mikolajow on 1 September (OULK p. 252): on the 26.3 start "
                "line, or arriving Game-Turn 7",
    "AH-2-20H": "26.3 brings it on Game-Turn 9 at E; it stood with the VII Corps about Mikolajow "
                "on 1 September (OULK p. 252), so 26.1 brings it on Game-Turn 6 at C",
    "AH-2-5C": "26.3 brings it on Game-Turn 10 at B; it was on the Zbruch from 16 August "
               "(PROMBER, LEMBERG p. 66): 26.1 sets it up; in 26.3 it belongs on the start line",
    "RU-9-XVIII": "26.3 brings it on Game-Turn 8 at A; its leading brigade was at Wawolnica from "
                  "about 28 August (OULK p. 188): 26.1 brings it on Game-Turn 6",
}

# The pre-audit counters (main before galicia-audit): the audit renamed two and added these
AUDIT_CHANGES = {
    "renamed": {"RU-4-Gd": "RU-9-Gd", "RU-4-XVIII": "RU-9-XVIII"},
    "added": ("AH-3-2C", "AH-3-8C", "AH-Kummer-HQ", "AH-Kummer-106L", "AH-Kummer-7C",
              "AH-Kummer-SD1", "AH-Kummer-SD2", "RU-4-IIIC"),
}

# --- reading the counters and the map --------------------------------------------------------

GALICIA = "gm/games/gwe/exclusive/serbia_galicia/dataset/galicia"


def _module(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Counter_:
    id: str
    side: str  # "central" (AH) or "allied" (RU)
    stacking_points: int
    arrives: tuple[int, str] | None  # 26.3's arrival, as the counters print it


def counters(root: Path) -> tuple[dict[str, Counter_], list[str]]:
    """The Galician counters of scripts/galicia_counters.py under `root`, and notes: a pre-audit
    list is read through AUDIT_CHANGES (its two renamed ids renamed, the audit's additions
    taken from DESIGNATIONS' own, with no 26.3 arrival)."""
    gc = _module(root / "scripts/galicia_counters.py", "galicia_counters_checked")
    out: dict[str, Counter_] = {}
    nats = {"AH": "central", "RU": "allied"}
    for nat, hqs in gc.HQS.items():
        for army, _, arrives in hqs:
            out[f"{nat}-{army}-HQ"] = Counter_(f"{nat}-{army}-HQ", nats[nat], 0, arrives)
    for nat, table in (("AH", gc.AH), ("RU", gc.RU)):
        for army, name, divisions, arrives in table:
            points = 4 if "," in divisions else 2  # a corps of two divisions, or a division
            out[f"{nat}-{army}-{name}"] = Counter_(f"{nat}-{army}-{name}", nats[nat], points,
                                                   arrives)
    for nat, depots in gc.DEPOTS.items():
        for army, number, arrives in depots:
            uid = f"{nat}-{army}-SD{number}"
            out[uid] = Counter_(uid, nats[nat], 1, arrives)
    notes = []
    if not hasattr(gc, "ADDED_LAST"):
        notes.append("these counters are the pre-audit list: read with AUDIT_CHANGES")
        for old, new in AUDIT_CHANGES["renamed"].items():
            if old in out:
                c = out.pop(old)
                out[new] = Counter_(new, c.side, c.stacking_points, c.arrives)
        for uid in AUDIT_CHANGES["added"]:
            points = 0 if uid.endswith("HQ") else 1 if "-SD" in uid else \
                4 if uid == "RU-4-IIIC" else 2
            out[uid] = Counter_(uid, "central" if uid.startswith("AH") else "allied", points,
                                None)
    return out, notes


def map_data(root: Path) -> tuple[dict[str, str], dict[tuple[str, str], str], set[str]]:
    """From the Galician map.yaml under `root`: each hex's country, the entry letters (side,
    letter) -> hex, and the hexes where a Friendly railway leaves the sheet, as `side:hex`."""
    text = (root / GALICIA / "map.yaml").read_text()
    countries = dict(re.findall(r'id: "(g\d{4})", terrain: \w+, country: "([^"]+)"', text))
    entries = {(side, letter): hex_ for letter, hex_, side in
               re.findall(r'\{letter: (\w), hex: "(g\d{4})", side: (\w+)', text)}
    exits: set[str] = set()
    for hexes, side in re.findall(r'hexes: \[([^\]]*)\][^\n]*?side: (\w+)', text):
        for hex_ in re.findall(r'"(g\d{4})"', hexes):
            c, r = int(hex_[1:3]), int(hex_[3:5])
            if c in grid.COLUMNS or r in grid.ROWS:
                exits.add(f"{side}:{hex_}")
    return countries, entries, exits


def hex_id(lat: float, lon: float) -> str:
    column, row = grid.hex_at(lat, lon)
    return f"g{column:02d}{row:02d}"


def edge_of(hex_: str) -> str | None:
    """The sheet's edge a hex lies on (ruling G26: turned, east at the top, columns running south
    from the North edge): row 01 East, row 36 West, column 01 North, column 30 South."""
    column, row = int(hex_[1:3]), int(hex_[3:5])
    return ("East" if row == grid.ROWS[0] else "West" if row == grid.ROWS[1] else
            "North" if column == grid.COLUMNS[0] else "South" if column == grid.COLUMNS[1]
            else None)


def entry_hex(uid: str, d: Arrives, entries: dict[tuple[str, str], str]) -> str | None:
    side = "central" if uid.startswith("AH") else "allied"
    if d.lat is None:
        return entries.get((side, d.entry))
    return hex_id(d.lat, d.lon)  # type: ignore[arg-type]


# --- the checks ------------------------------------------------------------------------------

COUNTRY = {"central": "Austria-Hungary", "allied": "Russia"}


def rail_capacity(root: Path) -> dict[str, dict[int, int]]:
    gc = _module(root / "scripts/galicia_counters.py", "galicia_counters_rail")
    return {"central": gc.AH_RAIL, "allied": gc.RU_RAIL}


def problems(root: Path) -> tuple[list[str], list[str]]:
    units, notes = counters(root)
    countries, entries, exits = map_data(root)
    out: list[str] = []
    missing = sorted(set(units) - set(DESIGNATIONS))
    extra = sorted(set(DESIGNATIONS) - set(units))
    out += [f"{uid}: no designation" for uid in missing]
    out += [f"{uid}: designated, but no counter of that id" for uid in extra]
    points: dict[tuple[str, str], int] = defaultdict(int)
    railed: dict[tuple[str, int], int] = defaultdict(int)
    serbian = _serbian_setups()
    for uid, d in DESIGNATIONS.items():
        unit = units.get(uid)
        side = "central" if uid.startswith("AH") else "allied"
        if d.certainty not in CERTAINTIES:
            out.append(f"{uid}: certainty {d.certainty!r}")
        out += [f"{uid}: source {key} unknown" for key in d.sources if key not in SOURCES]
        if isinstance(d, Setup):
            hex_ = hex_id(d.lat, d.lon)
            column, row = int(hex_[1:3]), int(hex_[3:5])
            if not grid.on_sheet(column, row):
                out.append(f"{uid}: {d.place} ({hex_}) is off the Galician sheet")
            elif countries.get(hex_) != COUNTRY[side]:
                out.append(f"{uid}: {d.place} is in {hex_}, {countries.get(hex_)}, not "
                           f"{COUNTRY[side]} (26.22)")
            if unit:
                points[(hex_, side)] += unit.stacking_points
        elif isinstance(d, Arrives):
            if not (1 if side == "central" else 2) <= d.turn <= LAST_TURN:
                out.append(f"{uid}: arrives on Game-Turn {d.turn} (4.0: the Allies first move "
                           "on Game-Turn 2; 26.1 ends with 13)")
            hex_ = entry_hex(uid, d, entries)
            if hex_ is None:
                out.append(f"{uid}: entry {d.entry} is no {side} entry letter nor a place")
                continue
            column, row = int(hex_[1:3]), int(hex_[3:5])
            edge = edge_of(hex_) if grid.on_sheet(column, row) else None
            if edge is None:
                out.append(f"{uid}: entry {d.entry} ({hex_}) is not on the sheet's edge")
            elif side == "central" and (edge == "East" or countries.get(hex_) != COUNTRY[side]):
                out.append(f"{uid}: entry {hex_} is not an Austro-Hungarian edge (9.0)")
            elif side == "allied" and edge != "East" and countries.get(hex_) != "Russia":
                out.append(f"{uid}: entry {hex_} is not a Russian edge (9.0)")
            if d.entrained:
                if f"{side}:{hex_}" not in exits or countries.get(hex_) != COUNTRY[side]:
                    out.append(f"{uid}: entrained at {hex_}, where no Friendly railway of its "
                               "country leaves the sheet (5.3)")
                if unit:
                    railed[(side, d.turn)] += unit.stacking_points
        elif isinstance(d, SerbianMap):
            if uid not in serbian:
                out.append(f"{uid}: designated on the Serbian map, but scripts/serbia_oob.py "
                           "sets it up nowhere")
    for (hex_, side), total in points.items():
        if total > 9:
            out.append(f"{side} sets up {total} Stacking Points in {hex_}, over 9 (6.11)")
    capacity = rail_capacity(root)
    for (side, turn), total in railed.items():
        if total > capacity[side][turn]:
            out.append(f"{side} brings {total} Stacking Points entrained on Game-Turn {turn}, over "
                       f"its Rail Capacity {capacity[side][turn]} (14.1, 17.12)")
    cited = " ".join(" ".join(d.sources) for d in DESIGNATIONS.values())
    out += [f"SOURCES[{key}]: cited by no designation" for key in SOURCES
            if key not in cited.split()]
    for uid, unit in units.items():
        d = DESIGNATIONS.get(uid)
        if unit.arrives and unit.arrives[0] >= 8 and d is not None:
            same = isinstance(d, Arrives) and (d.turn, d.entry) == unit.arrives
            if not same and uid not in DIFFERS_FROM_26_3:
                out.append(f"{uid}: 26.3 brings it on Game-Turn {unit.arrives[0]} at "
                           f"{unit.arrives[1]}, 26.1 otherwise, unexplained (DIFFERS_FROM_26_3)")
    return out, notes


def _serbian_setups() -> set[str]:
    import serbia_oob  # noqa: PLC0415  (this directory's: the Serbian front's set-up)
    return {u.id for u in serbia_oob.UNITS if u.place is not None}


# --- the summary -----------------------------------------------------------------------------


def describe(uid: str, d: Designation, entries: dict[tuple[str, str], str]) -> str:
    if isinstance(d, Setup):
        return f"set up at {d.place} ({d.lat:.3f} N, {d.lon:.3f} E; {hex_id(d.lat, d.lon)})"
    if isinstance(d, Arrives):
        hex_ = entry_hex(uid, d, entries)
        how = "entrained" if d.entrained else "on foot"
        where = ENTRY_BY_PLACE.get(d.entry, d.entry if d.lat is not None else f"entry {d.entry}")
        return f"arrives Game-Turn {d.turn} at {where} ({hex_}), {how}"
    return "set up on the Serbian map (scripts/serbia_oob.py)"


def summary(root: Path, listing: bool) -> str:
    units, _ = counters(root)
    _, entries, _ = map_data(root)
    out = ["The Galician front, 14-16 August 1914 (Serbia/Galicia 26.1), RECONSTRUCTED",
           f"Game-Turn 1: {turn_dates(1)[0]:%d %b} - {turn_dates(1)[1]:%d %b %Y}; Game-Turn 13: "
           f"{turn_dates(13)[0]:%d %b} - {turn_dates(13)[1]:%d %b %Y}"]
    for nat, name in (("AH", "Austro-Hungarian"), ("RU", "Russian")):
        mine = {u: d for u, d in DESIGNATIONS.items() if u.startswith(nat)}
        kinds = Counter(type(d).__name__ for d in mine.values())
        out.append(f"{name}: {len(mine)} counters: {kinds['Setup']} set up, {kinds['Arrives']} "
                   f"arriving, {kinds['SerbianMap']} on the Serbian map")
        for army in sorted({u.split('-')[1] for u in mine}, key=lambda a: (len(a), a)):
            ds = [d for u, d in mine.items() if u.split("-")[1] == army]
            k = Counter(type(d).__name__ for d in ds)
            sp = sum(units[u].stacking_points for u, d in mine.items()
                     if u.split("-")[1] == army and isinstance(d, Setup) and u in units)
            out.append(f"  {army:>6}: {len(ds):2} ({k['Setup']} set up, {sp} Stacking Points; "
                       f"{k['Arrives']} arriving; {k['SerbianMap']} Serbian map)")
    out.append("arrivals by Game-Turn:")
    for turn in range(1, LAST_TURN + 1):
        arriving = [(u, d) for u, d in DESIGNATIONS.items()
                    if isinstance(d, Arrives) and d.turn == turn]
        if arriving:
            first, last = turn_dates(turn)
            out.append(f"  {turn:2} ({first:%d}-{last:%d %b}): " + ", ".join(
                f"{u} ({entry_hex(u, d, entries)}{'' if d.entrained else ', on foot'})"
                for u, d in arriving))
    certainty = Counter(d.certainty for d in DESIGNATIONS.values())
    out.append("certainty: " + ", ".join(f"{certainty[c]} {c}" for c in CERTAINTIES))
    if listing:
        out.append("")
        for uid, d in DESIGNATIONS.items():
            out.append(f"{uid:16} {d.certainty:10} {describe(uid, d, entries)}")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    root = HERE.parent
    if "--against" in argv:
        root = Path(argv[argv.index("--against") + 1]).resolve()
    found, notes = problems(root)
    print(summary(root, "--list" in argv))
    for note in notes:
        print(f"note: {note}")
    print(f"checked against {root}: " + ("ok" if not found else f"{len(found)} problem(s)"))
    for problem in found:
        print("  " + problem, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
