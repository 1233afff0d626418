"""The 1914 geography of the Galician Front map that no public dataset holds, typed from
well-known history and geography (each item marked `reconstructed` in map.yaml, with why).

Coordinates are (latitude, longitude) in degrees; the grid turns them into hexes at 12.87 km a
hex, so a point need be good to a few km only. A printed hex id (e.g. "g1126") in a route pins
the route to the hex the rulebook names.
"""

from __future__ import annotations

Point = tuple[float, float]

# Towns: name (1914 usage, ASCII), latitude, longitude, Victory Points printed (Serbia/Galicia
# 25.2: -5 for Austro-Hungarian control of Lublin, Chelm, Kowel and Dubno).
TOWNS: list[tuple[str, float, float, int | None]] = [
    ("Lublin", 51.248, 22.567, -5), ("Chelm", 51.143, 23.472, -5),
    ("Kowel", 51.215, 24.711, -5), ("Dubno", 50.417, 25.735, -5),
    ("Krasnik", 50.924, 22.220, None), ("Krasnystaw", 50.984, 23.174, None),
    ("Zamosc", 50.717, 23.252, None), ("Tomaszow", 50.448, 23.417, None),
    ("Hrubieszow", 50.805, 23.891, None), ("Wlodzimierz", 50.847, 24.320, None),
    ("Lutsk", 50.747, 25.325, None), ("Bilgoraj", 50.541, 22.722, None),
    ("Janow", 50.707, 22.410, None), ("Sandomierz", 50.682, 21.749, None),
    ("Rozwadow", 50.588, 22.046, None), ("Tarnobrzeg", 50.573, 21.679, None),
    ("Krakow", 50.062, 19.937, None), ("Bochnia", 49.969, 20.430, None),
    ("Tarnow", 50.013, 20.987, None), ("Debica", 50.052, 21.411, None),
    ("Rzeszow", 50.041, 21.999, None), ("Lancut", 50.069, 22.230, None),
    ("Jaroslaw", 50.016, 22.678, None), ("Przemysl", 49.784, 22.768, None),
    ("Mosciska", 49.796, 23.066, None), ("Grodek", 49.787, 23.647, None),
    ("Lemberg", 49.842, 24.032, None), ("Zolkiew", 50.057, 23.972, None),
    ("Rawa Ruska", 50.229, 23.623, None), ("Lubaczow", 50.157, 23.123, None),
    ("Sokal", 50.481, 24.281, None), ("Kamionka Strumilowa", 50.101, 24.357, None),
    ("Zloczow", 49.807, 24.902, None), ("Brody", 50.082, 25.151, None),
    ("Radziwillow", 50.129, 25.254, None), ("Kremenets", 50.101, 25.726, None),
    ("Tarnopol", 49.553, 25.594, None), ("Podwoloczyska", 49.530, 26.141, None),
    ("Brzezany", 49.448, 24.937, None), ("Przemyslany", 49.667, 24.563, None),
    ("Rohatyn", 49.409, 24.609, None), ("Bobrka", 49.641, 24.279, None),
    ("Halicz", 49.125, 24.722, None), ("Stanislau", 48.922, 24.711, None),
    ("Kolomea", 48.531, 25.037, None), ("Czernowitz", 48.292, 25.936, None),
    ("Buczacz", 49.064, 25.390, None), ("Czortkow", 49.016, 25.798, None),
    ("Zaleszczyki", 48.648, 25.736, None), ("Husiatyn", 49.072, 26.201, None),
    ("Trembowla", 49.298, 25.707, None), ("Podhajce", 49.269, 25.135, None),
    ("Zydaczow", 49.385, 24.143, None), ("Mikolajow", 49.524, 23.976, None),
    ("Stryj", 49.261, 23.852, None), ("Drohobycz", 49.350, 23.504, None),
    ("Sambor", 49.517, 23.197, None), ("Chyrow", 49.533, 22.850, None),
    ("Dolina", 48.970, 24.011, None), ("Kalusz", 49.019, 24.373, None),
    ("Sanok", 49.556, 22.205, None), ("Krosno", 49.689, 21.770, None),
    ("Jaslo", 49.746, 21.472, None), ("Gorlice", 49.655, 21.160, None),
    ("Nowy Sacz", 49.623, 20.693, None), ("Turka", 49.152, 23.029, None),
    ("Munkacs", 48.440, 22.718, None), ("Ungvar", 48.621, 22.288, None),
]

# 11.0: fortresses printed on the map; the values are reconstructed (no public copy of the
# map): Przemysl a first-class ring fortress, Krakow a ring fortress less modern.
FORTRESSES: dict[str, tuple[int, int, str]] = {
    "Przemysl": (12, 6, "first-class ring fortress of 1914 (besieged 24 Sep-11 Oct 1914, "
                        "and from 9 Nov 1914 to 22 Mar 1915)"),
    "Krakow": (10, 5, "ring fortress of 1914, the western anchor of Galicia"),
}

# The Austro-Hungarian/Russian border of 1914 (west to east; Russia lies north and east; Russian
# towns below). Overland from the Silesian tripoint near Myslowitz along the north of the former
# Free City of Krakow (annexed to Galicia 1846: Krzeszowice Austrian, Olkusz, Ojcow and the
# Michalowice customs post Russian) to the Vistula some 15 km below Krakow, between Niepolomice
# and Igolomia; then the Vistula itself (Russian Poland on its north bank: Opatowiec, Polaniec,
# Sandomierz; Galicia on its south bank: Szczucin, Tarnobrzeg) down to the San's mouth below
# Sandomierz; the San upstream to Pniow by Rozwadow; then overland, the line of 1809 (the south
# edge of the Zamoyski estates): by Krzeszow, 3 km west and south of Tarnogrod (Russian), north
# of Cieszanow, Narol, Belzec, Uhnow and Belz (Austrian), south of Tomaszow (Russian), to the
# Bug north of Sokal; north of Stojanow, south of Beresteczko, between Brody and Radziwillow,
# west of Poczajow and Wisniowiec (Russian), east of Zaloszce and Zbaraz (Austrian); down the
# Zbruch to the Dniester, and the Bessarabian line past Nowosielica. Closed round the Russian
# side off the sheet. A ("river", name, from, to) item follows that river's course, as the map
# draws it, from its point nearest `from` to that nearest `to`, so the border and the river lie
# on the same hexsides. Sources: the Austrian Generalkarte von Mitteleuropa 1:200,000 (sheets
# Krakau, Sandomierz, Tarnobrzeg, Lemberg), Andrees Handatlas (1914), Stone, The Eastern Front,
# map 2; Tarnogrod: the 1809 line 3 km west of the town.
BorderItem = Point | tuple[str, Point, Point]
BORDER: list[BorderItem] = [
    (50.24, 19.10), (50.24, 19.40), (50.20, 19.60), (50.18, 19.80), (50.16, 19.98),
    (50.12, 20.10), ("Vistula", (50.045, 20.17), (50.74, 21.84)),
    ("San", (50.74, 21.84), (50.645, 22.03)),
    (50.62, 22.12), (50.56, 22.22), (50.50, 22.29), (50.44, 22.34), (50.38, 22.37),
    (50.37, 22.70), (50.33, 22.75), (50.30, 22.87), (50.29, 23.02), (50.31, 23.16),
    (50.38, 23.30), (50.415, 23.44), (50.42, 23.60), (50.41, 23.75), (50.43, 23.98),
    (50.47, 24.07), (50.53, 24.17), (50.565, 24.30), (50.58, 24.40), (50.47, 24.55),
    (50.34, 24.88), (50.20, 25.15), (50.10, 25.22), (49.92, 25.42), (49.72, 25.92),
    (49.66, 26.02), ("Zbruch", (49.65, 26.10), (48.56, 26.40)),
    (48.22, 26.28), (47.90, 26.30), (47.50, 27.60), (52.80, 27.60), (52.80, 19.10),
]
# The towns of Russia in 1914 (the rest of TOWNS were Austro-Hungarian): the map's check that
# each town's hex lies in its own country (a hex holding a town takes the town's country).
RUSSIAN_TOWNS = frozenset({
    "Lublin", "Chelm", "Kowel", "Dubno", "Krasnik", "Krasnystaw", "Zamosc", "Tomaszow",
    "Hrubieszow", "Wlodzimierz", "Lutsk", "Bilgoraj", "Janow", "Sandomierz", "Radziwillow",
    "Kremenets"})

# The northern edge of the Carpathians (Beskids, Bieszczady, Gorgany, Chornohora): south of
# this line the sheet is rough (5.4's Rough, letter S), to the line of the Hungarian foothills
# (CARPATHIANS_SOUTH) beyond which the Hungarian plain is clear.
CARPATHIANS_NORTH: list[Point] = [
    (49.80, 19.50), (49.80, 20.10), (49.70, 20.45), (49.60, 20.90), (49.63, 21.20),
    (49.65, 21.55), (49.62, 21.85), (49.52, 22.25), (49.50, 22.65), (49.42, 23.05),
    (49.28, 23.45), (49.16, 23.80), (48.98, 24.05), (48.75, 24.40), (48.55, 24.70),
    (48.38, 25.05), (48.20, 25.25), (47.90, 25.45),
]
CARPATHIANS_SOUTH: list[Point] = [
    (48.30, 19.50), (48.55, 20.50), (48.85, 21.30), (48.95, 21.90), (48.70, 22.30),
    (48.48, 22.75), (48.22, 23.30), (47.95, 23.90), (47.70, 24.50),
]

# Forests big enough for a 12.87 km hex (5.4's Forest, letter S): the Sandomierz Forest between
# the Vistula, San and Wisloka, the Janow and Solska forests of the Battle of Krasnik.
FORESTS: dict[str, list[Point]] = {
    "Sandomierz Forest": [(50.52, 21.75), (50.50, 22.10), (50.30, 22.25), (50.18, 22.05),
                          (50.20, 21.65), (50.38, 21.55)],
    "Janow and Solska forests": [(50.78, 22.25), (50.72, 22.60), (50.58, 23.10),
                                 (50.45, 23.30), (50.40, 23.05), (50.55, 22.55),
                                 (50.65, 22.25)],
}
# The edge of the Polesie (Pripet) marshes north of Kowel (5.4's Swamp)
MARSHES: dict[str, list[Point]] = {
    "Polesie": [(51.30, 23.60), (51.30, 26.50), (52.50, 26.50), (52.50, 23.60)],
}

# Rivers that Natural Earth lacks at this scale, typed from their courses through the towns on
# their banks (the Austrian Generalkarte von Mitteleuropa 1:200,000; good to a few km, a third
# of a hex): the lines of the Battles of Gnila Lipa and Grodek (26-30 Aug and 6-11 Sep 1914),
# the Wisloka and Wislok of the retreat of September 1914, the Tanew of the Battle of Krasnik
# (Dankl's offensive opened from it, 21 Aug), the Huczwa of the Battle of Komarow, the Seret and
# Strypa of the Podolian front, the Stryj and the Swica from the Carpathians to the Dniester, and
# the Zbruch, the border with Russia (east of the sheet's East edge, row 01: no hexside of the
# sheet; the border follows it there).
EXTRA_RIVERS: dict[str, list[Point]] = {
    "Gnila Lipa": [(49.78, 24.55), (49.67, 24.56), (49.50, 24.60), (49.35, 24.62),
                   (49.15, 24.65)],
    "Zlota Lipa": [(49.72, 24.98), (49.45, 24.93), (49.25, 25.12), (49.00, 25.25),
                   (48.85, 25.33)],
    "Wereszyca": [(49.95, 23.75), (49.79, 23.65), (49.65, 23.70), (49.45, 23.85),
                  (49.32, 24.00)],
    # from the Low Beskids by Krempna, Zmigrod, Jaslo, Kolaczyce, Pilzno, Debica and Mielec
    "Wisloka": [(49.43, 21.18), (49.47, 21.33), (49.51, 21.50), (49.61, 21.52),
                (49.70, 21.48), (49.745, 21.46), (49.81, 21.43), (49.90, 21.35),
                (49.98, 21.30), (50.05, 21.39), (50.15, 21.45), (50.29, 21.43),
                (50.38, 21.40)],
    # from the Low Beskids by Besko, Krosno, Frysztak, Strzyzow and Rzeszow, north of Lancut
    # and Przeworsk, to the San by Trynca
    "Wislok": [(49.33, 22.08), (49.37, 22.02), (49.45, 21.98), (49.55, 21.97),
               (49.60, 21.93), (49.68, 21.78), (49.76, 21.74), (49.83, 21.63),
               (49.87, 21.78), (49.95, 21.84), (50.04, 22.00), (50.09, 22.15),
               (50.10, 22.30), (50.10, 22.45), (50.15, 22.55)],
    # from the Roztocze by Tarnawatka and Susiec, west by Osuchy and Harasiuki to the San at
    # Ulanow
    "Tanew": [(50.54, 23.38), (50.47, 23.27), (50.42, 23.20), (50.44, 23.08),
              (50.46, 22.95), (50.45, 22.80), (50.47, 22.62), (50.49, 22.48),
              (50.49, 22.35)],
    # by Tyszowce, Werbkowice and Hrubieszow to the Bug
    "Huczwa": [(50.52, 23.52), (50.57, 23.62), (50.62, 23.70), (50.70, 23.74),
               (50.75, 23.77), (50.80, 23.87), (50.83, 23.95)],
    # from north of Zaloszce by Tarnopol, Trembowla and Czortkow to the Dniester
    "Seret": [(49.95, 25.25), (49.85, 25.33), (49.79, 25.38), (49.68, 25.48),
              (49.55, 25.60), (49.42, 25.66), (49.30, 25.72), (49.16, 25.77),
              (49.02, 25.80), (48.85, 25.80), (48.70, 25.84)],
    # from Zborow by Buczacz to the Dniester
    "Strypa": [(49.74, 25.10), (49.66, 25.14), (49.55, 25.15), (49.43, 25.17),
               (49.30, 25.28), (49.18, 25.36), (49.065, 25.39), (48.93, 25.40),
               (48.85, 25.42)],
    # from the Beskids by Turka, east through the mountains, by Stryj to the Dniester at
    # Zydaczow
    "Stryj": [(49.00, 22.90), (49.10, 22.97), (49.15, 23.03), (49.18, 23.20),
              (49.12, 23.38), (49.10, 23.55), (49.18, 23.72), (49.25, 23.83),
              (49.30, 23.93), (49.35, 24.05)],
    # from the Gorgany by Dolina to the Dniester at Zurawno
    "Swica": [(48.72, 23.86), (48.85, 23.95), (48.96, 24.02), (49.08, 24.10),
              (49.18, 24.22)],
    # by Podwoloczyska, Husiatyn and Skala to the Dniester at Okopy
    "Zbruch": [(49.78, 26.05), (49.65, 26.10), (49.53, 26.15), (49.38, 26.22),
               (49.25, 26.27), (49.07, 26.20), (48.90, 26.20), (48.70, 26.30)],
}
# Where each river typed above runs into another: its course is carried on to the nearest point
# of that river as the map draws it, so the two meet (the older three end as they did).
RIVER_MOUTHS: dict[str, str] = {
    "Wisloka": "Vistula", "Wislok": "San", "Tanew": "San", "Huczwa": "Bug",
    "Seret": "Dniester", "Strypa": "Dniester", "Stryj": "Dniester", "Swica": "Dniester",
    "Zbruch": "Dniester"}
MAJOR_RIVERS = ("Vistula", "San", "Dniester")  # the rest minor (5.4's notes, ruling G4)

# Railways of 1914 (reconstructed: no public dataset of the 1914 network; routes from the
# lines' well-known histories). kind, its stops (town names, printed hexes, or far points past
# the sheet's edge where the line runs on off the map), and why.
KRASNE: Point = (49.91, 24.62)  # the junction of the Brody branch on the Tarnopol line
KIWERCE: Point = (50.83, 25.46)  # the junction of the Lutsk branch on the Rovno line
CHODOROW: Point = (49.41, 24.31)  # on the Lemberg-Czernowitz line, the Stryj line's junction
RAILWAYS: list[tuple[str, list[str | Point], str]] = [
    ("double", [(50.06, 18.9), "Krakow", "Bochnia", "Tarnow", "Debica", "g1126", "Rzeszow",
                "Lancut", "Jaroslaw", "Przemysl", "Mosciska", "Grodek", "Lemberg"],
     "Galician Carl Ludwig Railway (1856-61), Krakow-Przemysl-Lemberg, double track; "
     "through printed hex g1126 (25.2), read as the main line between Debica and Rzeszow"),
    ("single", ["Lemberg", KRASNE, "Zloczow", "Tarnopol", "Podwoloczyska", (49.42, 27.4)],
     "Carl Ludwig Railway Lemberg-Krasne-Zloczow-Tarnopol-Podwoloczyska (1869-71), on to "
     "Wolocysk and Proskurov in Russia"),
    ("single", [KRASNE, "Brody", "Radziwillow", "Dubno", (50.60, 26.6)],
     "Carl Ludwig Railway Krasne-Brody (1869), leaving the Tarnopol line at Krasne (not at "
     "Zloczow); Radziwillow-Dubno-Zdolbunov-Rovno in Russia (1873)"),
    ("double", [(52.00, 24.1), "Kowel", KIWERCE, (50.73, 25.83), (50.70, 26.05),
                (50.62, 26.6)],
     "Brest-Kowel-Rovno-Kiev strategic line (1873), double track, by Kiwerce, Olyka and "
     "Klewan to Rovno"),
    ("single", [(51.35, 21.9), "Lublin", "Chelm", (51.55, 23.55)],
     "Vistula Railway Ivangorod-Lublin-Chelm (1877), and Chelm-Wlodawa-Brest (1887): the Brest "
     "line leaves the sheet from Chelm's hex, on the North edge"),
    ("single", ["Chelm", "Kowel", (51.9, 25.8)],
     "Vistula Railway Chelm-Kowel (1877), on to Sarny"),
    ("single", ["Kowel", "Wlodzimierz"], "Kowel-Wlodzimierz (Vladimir-Volynsky) branch (1908)"),
    ("single", [KIWERCE, "Lutsk"], "Kiwerce-Lutsk branch (1890)"),
    ("single", ["Lemberg", "Zolkiew", "Rawa Ruska", "Sokal"],
     "Lemberg-Rawa Ruska (1887) and Rawa Ruska-Belz-Sokal (1884)"),
    ("single", ["Jaroslaw", "Lubaczow", "Rawa Ruska"], "Jaroslaw-Rawa Ruska (1884)"),
    ("single", ["Lemberg", "Mikolajow", "Stryj", (48.88, 23.37), "Munkacs", (47.9, 22.4)],
     "Lemberg-Stryj-Lawoczne-Beskid tunnel-Munkacs (1887), to the Hungarian plain"),
    ("single", ["Lemberg", CHODOROW, (49.26, 24.63), "Halicz", "Stanislau", "Kolomea",
                "Czernowitz", (47.8, 26.3)],
     "Lemberg-Czernowitz-Jassy Railway (1866): Lemberg-Chodorow-Bursztyn-Halicz-Stanislau-"
     "Kolomea-Czernowitz, on to Suczawa (not by Rohatyn: no railway ran from Lemberg to "
     "Rohatyn)"),
    ("single", ["Lemberg", (49.63, 23.70), "Sambor"],
     "Lemberg-Komarno-Rudki-Sambor, the Lemberg end of the Sambor-Uzsok-Ungvar line, in "
     "service before 1914"),
    ("single", ["Lemberg", (49.76, 24.36), "Przemyslany", "Brzezany", "Podhajce"],
     "Lemberg-Podhajce local railway by Kurowice, Przemyslany and Brzezany (concession 1905, "
     "opened 29 Oct 1909)"),
    ("single", ["Przemysl", "Chyrow", "Sanok", "g1924", (48.9, 21.9), (47.9, 21.6)],
     "First Hungarian-Galician Railway, Przemysl-Chyrow-Zagorz-Lupkow Pass-Mezolaborc (1872)"),
    ("single", [(49.62, 20.0), "Nowy Sacz", "Gorlice", "Jaslo", "Krosno", "Sanok"],
     "Galician Transversal Railway (1884), Nowy Sacz-Jaslo-Zagorz"),
    ("single", ["Tarnow", "Nowy Sacz"], "Tarnow-Nowy Sacz (1876)"),
    ("single", ["Chyrow", "Sambor", "Drohobycz", "Stryj", "Dolina", "Kalusz", "Stanislau",
                "Buczacz", "Czortkow", "Husiatyn"],
     "Galician Transversal Railway (1872-84), Chyrow-Stryj-Stanislau-Husiatyn"),
    ("single", ["Sambor", "Turka", "g2118", "Ungvar", (47.9, 22.0)],
     "Sambor-Uzsok Pass-Ungvar (1905)"),
    ("single", ["Stanislau", "g2809", (48.0, 24.0)],
     "Stanislau-Delatyn-Tatar (Jablonica) Pass-Korosmezo (1894)"),
    ("single", ["Tarnopol", "Trembowla", "Czortkow", "Zaleszczyki"],
     "Tarnopol-Czortkow-Zaleszczyki (1896-97)"),
    ("single", ["Debica", "Tarnobrzeg", "Rozwadow"], "Debica-Rozwadow (1887)"),
    ("single", ["Rzeszow", "Jaslo"], "Rzeszow-Jaslo (1890)"),
]

# The Sept. 1 Scenario Start Line (26.31), by army sectors, from the front of 1 September 1914:
# Dankl's 1st Army short of Lublin, Auffenberg's 4th Army at Komarow, the 3rd Army east of
# Lemberg after the Gnila Lipa, the 2nd Army's first corps on its right by the Dniester.
START_LINE: list[tuple[str, str, list[Point]]] = [
    ("AH 1st Army / RU 4th Army", "Krasnik-Lublin: Dankl's advance stopped south of Lublin "
     "(Opole-Belzyce-Bychawa), Evert's 4th Army before it; Armeegruppe Kummer, across the "
     "Vistula at Jozefow about 1 September, fought within the 1st Army (Oesterreichs Volksbuch "
     "vom Weltkrieg), so within its boundaries",
     [(51.08, 21.85), (51.15, 22.00), (51.12, 22.30), (50.98, 22.55), (50.93, 23.05)]),
    ("AH 4th Army / RU 5th Army", "Komarow (26 Aug-2 Sep): Auffenberg round Zamosc, "
     "Komarow and Tyszowce against Plehve",
     [(50.93, 23.05), (50.80, 23.28), (50.63, 23.48), (50.60, 23.72), (50.38, 24.01)]),
    ("AH 3rd Army / RU 3rd Army", "after the Gnila Lipa (26-30 Aug): Brudermann east of "
     "Lemberg against Ruzsky", [(50.38, 24.01), (50.12, 24.22), (49.90, 24.30), (49.66, 24.35)]),
    ("AH 2nd Army / RU 8th Army", "the Dniester flank: Armeegruppe Koevess (the Galician part "
     "of the 2nd Army: XII Corps, 38th Honved and 43rd LW ID, 1st Cavalry Division) from the "
     "Gnila Lipa below Bobrka by Rohatyn to Halicz on the Dniester, against Brusilov; south of "
     "the river no front stood on 1 Sep (Brusilov crossed at Halicz on 3 Sep), so the line ends "
     "there: 5 hexes its 4 combat units can cover (26.31), not the 13 to the Carpathians of the "
     "first reconstruction", [(49.66, 24.35), (49.42, 24.45), (49.13, 24.72)]),
]
# Each sector's armies by side, as a unit id writes them (AH-1-I: the 1st Army; ruling G29);
# several armies of a side within one sector's boundaries joined by "+"
SECTOR_ARMIES = {"AH 1st Army / RU 4th Army": ("1+Kummer", "4"),
                 "AH 4th Army / RU 5th Army": ("4", "5"),
                 "AH 3rd Army / RU 3rd Army": ("3", "3"), "AH 2nd Army / RU 8th Army": ("2", "8")}

# Reinforcement entry hexes (3.0, 14.0): where the lines of each side run off the sheet.
ENTRY_POINTS: list[tuple[str, str, Point, str]] = [
    ("central", "A", (50.06, 18.9), "Krakow line, west edge"),
    ("central", "B", (47.9, 21.6), "Lupkow line, from Hungary"),
    ("central", "C", (47.9, 22.4), "Beskid line, from Munkacs"),
    ("central", "D", (48.0, 24.0), "Tatar Pass line, from Korosmezo"),
    ("central", "E", (47.9, 22.0), "Uzsok line, from Ungvar"),
    ("allied", "A", (51.35, 21.9), "Ivangorod line, north-west edge"),
    ("allied", "B", (52.00, 24.1), "Brest line, north edge"),
    ("allied", "C", (50.62, 26.6), "Rovno line, east edge"),
    ("allied", "D", (50.60, 26.6), "Zdolbunov line (Radziwillow-Dubno-Zdolbunov), east edge: "
     "the Proskurov line's Russian part lies beyond the sheet's East edge, east of the Zbruch, "
     "and on the sheet it is Austro-Hungarian (Serbia/Galicia 5.3: units use only their own "
     "country's railroads), so the Russians' southern entry is the next Russian line north"),
]
