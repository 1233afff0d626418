"""The 1914 geography of the Serbian Front map (map s) that no public dataset holds, typed from
well-known history and geography (each item marked `reconstructed` in its map.yaml, with why).

Coordinates are (latitude, longitude) in degrees; the grid (scripts/serbia_grid.py) turns them
into hexes at 12.87 km a hex, so a point need be good to a few km only. A printed hex id
("s1101") in a route pins the route to the hex the rulebook names. A point of a railway lies
in the hex of its own country nearest it, as a town does (Vardiste, Bosnian, whose hex's centre
is Serbian). The big rivers (Danube, Sava, Drina, Lim, Bosna, Tamis and the Golijska Moravica,
the upper West Morava) come from Natural Earth (scripts/serbia_map.py); the border along the
Drina, Sava and Danube is drawn on Natural Earth's courses of those rivers, so that river and
border fall on the same hexsides. Where a river runs beside a railway closer than a hex (the
Morava valley, the West Morava and the Djetinja), its course is drawn at the hex scale instead:
on the corners of the hexes beside the line (a corner: the three hexes that meet there), on the
bank of the line the river really lies on, so that the line crosses it where the railway
crossed it in 1914 and nowhere else.
"""

from __future__ import annotations

Point = tuple[float, float]

# Towns: name (1914 usage, ASCII), latitude, longitude, Victory Points printed (Serbia/Galicia
# 25.2: -3 a Game-Turn for Austro-Hungarian control of Belgrade). A town whose hex's centre
# the border puts across the river takes the nearest hex of its own country (Semlin, Pancsova,
# Kevevara, Zvornik, Ljubovija, Klenak). One town a hex: where two fall in one the first listed
# is kept (Lajkovac in Ub's, Stara Pazova in Indjija's); Priboj, in the Uvac hex s1513, is left
# out.
TOWNS: list[tuple[str, float, float, int | None]] = [
    # Serbia (the kingdom of 1914)
    ("Belgrade", 44.8185, 20.4560, -3), ("Smederevo", 44.665, 20.927, None),
    ("Pozarevac", 44.620, 21.187, None), ("Obrenovac", 44.655, 20.200, None),
    ("Sabac", 44.756, 19.691, None), ("Loznica", 44.534, 19.223, None),
    ("Valjevo", 44.272, 19.890, None), ("Ub", 44.456, 20.074, None),
    ("Lazarevac", 44.385, 20.257, None), ("Lajkovac", 44.370, 20.163, None),
    ("Mladenovac", 44.438, 20.692, None), ("Arandjelovac", 44.307, 20.560, None),
    ("Palanka", 44.365, 20.958, None), ("Velika Plana", 44.333, 21.076, None),
    ("Lapovo", 44.184, 21.099, None), ("Kragujevac", 44.012, 20.911, None),
    ("Gornji Milanovac", 44.025, 20.459, None), ("Cacak", 43.891, 20.350, None),
    ("Kraljevo", 43.724, 20.687, None), ("Krusevac", 43.580, 21.327, None),
    ("Jagodina", 43.977, 21.261, None), ("Cuprija", 43.927, 21.370, None),
    ("Paracin", 43.861, 21.408, None), ("Stalac", 43.676, 21.414, None),
    ("Uzice", 43.857, 19.843, None), ("Pozega", 43.845, 20.036, None),
    ("Kosjeric", 44.000, 19.910, None), ("Bajina Basta", 43.971, 19.568, None),
    ("Ljubovija", 44.188, 19.373, None), ("Krupanj", 44.366, 19.362, None),
    ("Osecina", 44.373, 19.601, None), ("Ivanjica", 43.581, 20.230, None),
    ("Nova Varos", 43.460, 19.815, None), ("Prijepolje", 43.390, 19.648, None),
    # Austria-Hungary: Syrmia (Croatia-Slavonia) and the Banat (Hungary)
    ("Semlin", 44.843, 20.401, None), ("Pancsova", 44.871, 20.641, None),
    ("Mitrovica", 44.968, 19.612, None), ("Ruma", 45.008, 19.822, None),
    ("Indjija", 45.048, 20.082, None), ("Stara Pazova", 44.985, 20.161, None),
    ("Kevevara", 44.748, 20.975, None), ("Weisskirchen", 44.898, 21.418, None),
    # Klenak: the railway's end on the Sava's Syrmian bank opposite Sabac (Ruma-Klenak, see
    # RAILWAYS), whence the 29th Division crossed to Sabac on 12 August 1914; placed 1 km east
    # of the village's centre, on Natural Earth's left bank of the Sava (its 1:10m line runs
    # through the village)
    ("Klenak", 44.787, 19.716, None),
    # Austria-Hungary: Bosnia (annexed 1908)
    ("Sarajevo", 43.856, 18.413, None), ("Zvornik", 44.386, 19.102, None),
    ("Bijeljina", 44.757, 19.215, None), ("Tuzla", 44.538, 18.676, None),
    ("Brcko", 44.872, 18.810, None), ("Visegrad", 43.783, 19.292, None),
    ("Foca", 43.506, 18.776, None), ("Rogatica", 43.799, 19.003, None),
    ("Gorazde", 43.667, 18.976, None), ("Vlasenica", 44.182, 18.941, None),
    ("Srebrenica", 44.105, 19.297, None), ("Rudo", 43.617, 19.367, None),
    ("Cajnice", 43.557, 19.071, None),
    # Montenegro (its half of the Sandzak, 1913)
    ("Plevlje", 43.357, 19.358, None),
]

# Places the sheet must hold (ruling G90): with the hexes the rulebook names, they fix the
# extent, the smallest rectangle of whole columns and rows from column and row 1.
EXTENT_PLACES: dict[str, Point] = {
    "Mitrovica (the Syrmian front, Sept 1914)": (44.968, 19.612),
    "Brcko (the Sava above the Drina mouth)": (44.872, 18.810),
    "Sarajevo (6th Army's base; the Romanija battles, Sept-Oct 1914)": (43.856, 18.413),
    "Foca (the upper Drina, 8th Mountain Brigade)": (43.506, 18.776),
    "Plevlje (the Montenegrin Sandzak division)": (43.357, 19.358),
    "Krusevac (the West Morava's mouth at Stalac)": (43.580, 21.327),
}

# Serbia's land borders of 1914 where no big river carries them (the Drina, Sava and Danube
# stretches are Natural Earth's courses, joined by scripts/serbia_map.py):
# - with Bosnia, from the Drina below Visegrad (where the border leaves the river) east past
#   Mokra Gora (Serbian) and Vardiste (Bosnian), then south to the Uvac below Priboj (the
#   Bosnian railhead of Uvac on the left bank, Priboj Serbian since 1913), to the tripoint
#   with Montenegro between Rudo and Plevlje;
# - with Montenegro, the line of the 1913 division of the Sandzak (Treaty of London, Serbo-
#   Montenegrin agreement of Nov 1913): Plevlje and Bijelo Polje Montenegrin, Prijepolje,
#   Brodarevo and Sjenica Serbian.
DRINA_LEAVES: Point = (43.845, 19.335)  # where the Bosnian border leaves the Drina
BOSNIA_LAND: list[Point] = [  # from DRINA_LEAVES to the tripoint, Serbia on the left
    (43.845, 19.335), (43.830, 19.420), (43.790, 19.505), (43.730, 19.560),
    (43.660, 19.550), (43.610, 19.510), (43.575, 19.470), (43.530, 19.400),
]
TRIPOINT: Point = (43.500, 19.320)  # Serbia, Montenegro and Bosnia
SERBIA_MONTENEGRO: list[Point] = [  # from the tripoint south-east, off the sheet
    (43.500, 19.320), (43.420, 19.450), (43.330, 19.550), (43.220, 19.700),
    (43.050, 19.950), (42.800, 20.200), (42.300, 20.300),
]
BOSNIA_MONTENEGRO: list[Point] = [  # from the tripoint south-west (Metaljka), off the sheet
    (43.500, 19.320), (43.470, 19.180), (43.400, 19.000), (43.330, 18.850),
    (43.100, 18.650), (42.300, 18.500),
]
DANUBE_EAST: float = 21.9  # the Danube as Serbia's border is followed east to here (off the sheet)
SERBIA_FAR: list[Point] = [(44.600, 22.600), (42.300, 22.600)]  # Serbia closed off the sheet

# Terrain (5.4's key for Serbia/Galicia: Clear, Forest, Broken, Swamp, Rough; no Mountain),
# by the hex's centre; each kind in its turn overrides the one before: rough, broken, clear
# (valleys cut out of the mountains), forest, swamp.
ROUGH: dict[str, list[Point]] = {
    "the Dinaric highlands of western Serbia and the Sandzak (Gucevo, Boranja, Jagodnja, "
    "Sokolska, Medvednik, Povlen, Maljen, Suvobor, Rudnik; Tara, Zlatibor, Zlatar, Golija)": [
        (44.50, 19.18), (44.44, 19.42), (44.36, 19.58), (44.26, 19.76), (44.21, 19.90),
        (44.18, 20.10), (44.15, 20.30), (44.12, 20.55), (43.95, 20.62), (43.80, 20.62),
        (43.70, 20.95), (43.55, 21.30), (43.40, 21.45), (43.00, 21.45), (43.00, 19.15),
        (44.30, 19.15)],
    "the Boranja and the Drina gorge from Zvornik to Ljubovija (the Drina battles, Sept 1914)": [
        (44.47, 19.09), (44.47, 19.23), (44.30, 19.23), (44.30, 19.09)],
    "the Gucevo above Loznica and Banja Koviljaca (779 m; fought over Sept-Nov 1914)": [
        (44.545, 19.17), (44.545, 19.29), (44.46, 19.29), (44.46, 19.17)],
    "the east Bosnian highlands (Javor, Romanija, Jahorina, Zvijezda, Devetak)": [
        (44.45, 18.20), (44.45, 18.95), (44.40, 19.12), (44.30, 19.20), (43.00, 19.20),
        (43.00, 18.20)],
}
BROKEN: dict[str, list[Point]] = {
    "the Cer and Iverak ridges (the Battle of Cer, 15-24 Aug 1914)": [
        (44.65, 19.30), (44.64, 19.62), (44.52, 19.70), (44.50, 19.55), (44.57, 19.30)],
    "the Sumadija hills (Avala, Kosmaj, Bukulja, Venac, the Rudnik foothills, Gledic)": [
        (44.62, 20.45), (44.55, 20.62), (44.45, 20.80), (44.30, 20.92), (44.10, 20.98),
        (43.95, 21.05), (43.80, 20.95), (43.80, 20.62), (43.95, 20.62), (44.12, 20.55),
        (44.15, 20.35), (44.35, 20.35), (44.50, 20.35)],
    "the Jadar and Podgorina hills (Zavlaka, Tekeris, Osecina: the Jadar battle, 16-19 Aug "
    "1914), between the Cer and the mountains of the Drina": [
        (44.56, 19.33), (44.55, 19.47), (44.46, 19.57), (44.46, 19.70), (44.36, 19.80),
        (44.27, 19.80), (44.27, 19.66), (44.33, 19.62), (44.37, 19.44), (44.47, 19.33)],
    "Majevica and the Tuzla hills": [
        (44.75, 18.20), (44.72, 19.05), (44.58, 19.10), (44.45, 18.95), (44.45, 18.20)],
}
CLEAR: dict[str, list[Point]] = {
    "the West Morava valley (the Pozega and Cacak basins, Kraljevo, Trstenik, Krusevac)": [
        (43.90, 19.97), (43.93, 20.20), (43.93, 20.42), (43.80, 20.62), (43.74, 20.80),
        (43.66, 21.05), (43.63, 21.30), (43.70, 21.45), (43.57, 21.45), (43.55, 21.25),
        (43.60, 20.95), (43.67, 20.65), (43.82, 20.38), (43.80, 20.00)],
}
FORESTS: dict[str, list[Point]] = {
    "the Deliblato Sands (afforested since 1818)": [
        (45.00, 20.85), (44.98, 21.25), (44.85, 21.25), (44.82, 20.95), (44.90, 20.85)],
    "the oak forests of the Syrmian Posavina (Bosut, Morovic), west of the Drina mouth": [
        (45.05, 19.00), (45.03, 19.36), (44.90, 19.36), (44.88, 19.00)],
}
MARSHES: dict[str, list[Point]] = {
    "the Obedska bara and the Sava flats of southern Syrmia": [
        (44.86, 19.85), (44.84, 20.15), (44.72, 20.15), (44.72, 19.85)],
    "the Pancevo marsh (Pancsovai rit) between the Danube and the Tamis": [
        (44.97, 20.40), (44.95, 20.62), (44.86, 20.62), (44.84, 20.42)],
}

# Rivers that Natural Earth lacks at this scale, typed from their courses, or drawn at the hex
# scale on corners (Corner: the three hexes that meet there) where they run beside a railway
Corner = tuple[str, str, str]
GOLIJSKA_MOUTH: Point = (43.855, 20.094)  # the Golijska Moravica meets the Djetinja by Pozega:
# Natural Earth's line (its "Golijska Moravica", which runs on down the West Morava to Kraljevo)
# is followed down to here only; below, the West Morava is drawn on corners
EXTRA_RIVERS: dict[str, list[Point | Corner]] = {
    "Kolubara": [(44.272, 19.890), (44.31, 19.97), (44.35, 20.08), (44.370, 20.16),
                 (44.44, 20.24), (44.50, 20.27), (44.57, 20.23), (44.63, 20.20),
                 (44.680, 20.180)],  # Valjevo to the Sava at Obrenovac
    "Jadar": [(44.37, 19.62), (44.42, 19.52), (44.46, 19.42), (44.50, 19.32),
              (44.53, 19.24), (44.56, 19.19)],  # by Zavlaka to the Drina at Loznica
    # The South Morava comes in from the east edge below Stalac (Stalac on its right bank, the
    # Stalac-Krusevac line crossing it), meets the West Morava north-west of Stalac, and the
    # Great Morava runs north to the Danube east of Smederevo. Its valley holds the Belgrade-
    # Nis main line within 2-7 km of the river from Velika Plana to Stalac, closer than a hex,
    # so it is drawn beside the line's hexes: east of it (the left bank) from Velika Plana and
    # Lapovo to Jagodina, crossed once between Jagodina and S1101, on the hexside whose end
    # touches Cuprija's hex (the line's one bridge over the Morava, at Cuprija), then west of
    # it (the right bank) past Cuprija, Paracin and Cicevac to Stalac; east of the Smederevo
    # branch (Velika Plana-Mala Krsna), west of Pozarevac and its line to Dubravica
    "Morava": [(43.606, 21.572),  # Natural Earth's South Morava above Stalac, off the sheet
               ("s1501", "s1600", "s1601"), ("s1501", "s1502", "s1601"),
               ("s1401", "s1501", "s1502"), ("s1401", "s1402", "s1502"),  # the confluence
               ("s1302", "s1401", "s1402"), ("s1301", "s1302", "s1401"),
               ("s1201", "s1301", "s1302"), ("s1201", "s1202", "s1302"),
               ("s1102", "s1201", "s1202"), ("s1101", "s1102", "s1201"),
               ("s1001", "s1101", "s1102"), ("s1001", "s1002", "s1102"),
               ("s0902", "s1001", "s1002"), ("s0902", "s0903", "s1002"),
               ("s0802", "s0902", "s0903"), ("s0802", "s0803", "s0903"),
               ("s0703", "s0802", "s0803"), ("s0702", "s0703", "s0802"),
               ("s0602", "s0702", "s0703"), ("s0602", "s0603", "s0703"),
               ("s0503", "s0602", "s0603"), ("s0503", "s0504", "s0603"),
               ("s0403", "s0503", "s0504"), ("s0403", "s0404", "s0504")],  # the Danube
    # The West Morava from the Djetinja's mouth by Pozega to the Moravas' meeting: beside the
    # Stalac-Kraljevo-Cacak-Pozega narrow gauge, which ran on its south bank (Krusevac,
    # Trstenik, Kraljevo and Cacak all lie south of the river): north of the line's hexes from
    # Krusevac to Cacak, through the Ovcar-Kablar gorge to Pozega; the line crosses the
    # Golijska Moravica only, east of Pozega
    "West Morava": [("s1209", "s1309", "s1310"), ("s1208", "s1209", "s1309"),
                    ("s1109", "s1208", "s1209"), ("s1108", "s1109", "s1208"),
                    ("s1108", "s1207", "s1208"), ("s1107", "s1108", "s1207"),
                    ("s1107", "s1206", "s1207"), ("s1206", "s1207", "s1307"),
                    ("s1206", "s1306", "s1307"), ("s1205", "s1206", "s1306"),
                    ("s1205", "s1305", "s1306"), ("s1305", "s1306", "s1405"),  # the Ibar
                    ("s1305", "s1404", "s1405"), ("s1404", "s1405", "s1505"),
                    ("s1404", "s1504", "s1505"), ("s1403", "s1404", "s1504"),
                    ("s1403", "s1503", "s1504"), ("s1402", "s1403", "s1503"),
                    ("s1402", "s1502", "s1503"), ("s1401", "s1402", "s1502")],
    # The Djetinja from Uzice down to Pozega, where it meets the Golijska Moravica: north of
    # the narrow gauge's two hexes (the line up its valley, Pozega-Sevojno-Uzice, 1912)
    "Djetinja": [("s1211", "s1311", "s1312"), ("s1210", "s1211", "s1311"),
                 ("s1210", "s1310", "s1311"), ("s1209", "s1210", "s1310"),
                 ("s1209", "s1309", "s1310")],
    # The Ibar from the south into the West Morava just west of Kraljevo (Kraljevo on its
    # right bank: the line to Cacak crosses it)
    "Ibar": [("s1305", "s1306", "s1405"), ("s1306", "s1405", "s1406"),
             ("s1405", "s1406", "s1506"), ("s1405", "s1505", "s1506"),
             (43.55, 20.62), (43.40, 20.62), (43.29, 20.61)],
}
# Serbia/Galicia 9.1 and 21.0 speak of major rivers without listing them (ruling G90): the
# three border rivers, over which Serbian supply is never traced and along which the Danube
# flotilla's monitors fought; the rest minor (ruling G4)
MAJOR_RIVERS = ("Danube", "Sava", "Drina")

# Railways of 1914 (reconstructed from the lines' histories; sources in each reason). kind, its
# stops (towns, printed hexes, or points: far points past the sheet's edge where the line runs
# on off the map), and why. Narrow gauge (760 mm) lines are single track like the rest. Left
# out: Sid-Sremska Raca (1912), which reaches the sheet in one hex only.
NOVI_SAD = (45.255, 19.845)
SID = (45.128, 19.227)
VINKOVCI = (45.288, 18.805)
VRSAC = (45.117, 21.303)
NIS_WAY = (43.560, 21.560)  # the main line on beyond Stalac, past Djunis to Nis
ZENICA = (44.200, 17.910)
DOBOJ = (44.730, 18.090)
KONJIC = (43.650, 17.960)
MEDJEDJA = (43.725, 19.200)
GUNJA = (44.881, 18.849)  # the Slavonian bank of the Sava opposite Brcko
VARDISTE = (43.775, 19.466)  # the Bosnian border station below Mokra Gora
STITAR, PRNJAVOR, LESNICA = (44.745, 19.580), (44.705, 19.435), (44.652, 19.306)
LOZOVIK = (44.440, 21.070)  # Lozovik-Saraorci, the branch's first station north of Velika Plana
RUMA_KLENAK_WAY = (44.880, 19.850)  # the Ruma-Klenak line's middle, east of the Sava's bend
# round the Macva (Serbian): the line ran in Syrmia alone
RAILWAYS: list[tuple[str, list[str | Point], str]] = [
    ("single", ["Belgrade", (44.560, 20.560), "Mladenovac", "Palanka", "Velika Plana",
                "Lapovo", "Jagodina", "s1101", "Cuprija", "Paracin", (43.740, 21.360),
                "Stalac", NIS_WAY],
     "Belgrade-Nis main line of the Serbian State Railways (opened 1884), single track; "
     "through printed hex S1101 (25.2), read as the main line between Jagodina and Cuprija; "
     "in the Morava valley on the river's left bank to Jagodina, over it once (the bridge at "
     "Cuprija), on its right bank by Paracin and Cicevac to Stalac"),
    ("single", ["Velika Plana", LOZOVIK, (44.560, 20.990), "Smederevo"],
     "Velika Plana-Mala Krsna-Smederevo (22 Nov 1886), leaving the main line at Velika Plana "
     "and running north by Lozovik on the west side of the Morava valley"),
    ("single", ["Lapovo", "Kragujevac"], "Lapovo-Kragujevac (1887)"),
    ("single", ["Mladenovac", "Arandjelovac", "Lajkovac"],
     "narrow gauge: Mladenovac-Arandjelovac (10 Nov 1904), Arandjelovac-Lajkovac "
     "(23 Jun 1910)"),
    ("single", [(44.685, 20.200), "Obrenovac", (44.540, 20.140), "Lajkovac", "Valjevo"],
     "narrow gauge: Zabrezje (the Sava landing)-Obrenovac-Lajkovac-Valjevo (16 Sep 1908)"),
    ("single", ["Sabac", STITAR, PRNJAVOR, LESNICA, "Loznica", (44.510, 19.160)],
     "narrow gauge: the Podrinje district railway Sabac-Loznica-Banja Koviljaca "
     "(18 Jul 1910), north of the Cer across the Macva plain by Stitar, Prnjavor and Lesnica"),
    ("single", ["Stalac", "Krusevac", (43.617, 21.002), "Kraljevo", "Cacak", "Pozega",
                "Uzice"],
     "narrow gauge: Stalac-Krusevac-Kraljevo-Cacak-Uzice, Uzice reached in 1912"),
    ("single", ["Pozarevac", (44.690, 21.080)],
     "narrow gauge: Pozarevac-Dubravica, to the Danube landing (31 Jul 1910)"),
    ("single", [NOVI_SAD, "Indjija", "Stara Pazova", "Semlin", "Belgrade"],
     "Novi Sad-Zemun (10 Dec 1883) and the Sava bridge to Belgrade (1884): the line from "
     "Budapest"),
    ("single", ["Indjija", "Ruma", "Mitrovica", SID],
     "Indjija-Ruma-Mitrovica (10 Dec 1883), on to Sid and Vinkovci"),
    ("single", ["Ruma", RUMA_KLENAK_WAY, "Klenak"],
     "Ruma-Klenak, the railway's end on the Sava opposite Sabac ('the railroad terminus' at "
     "Klenak: The Story of the Great War, vol. II, 1916), whence the 29th Division crossed to "
     "Sabac on 12 August 1914; the Sava bridge to Sabac came after the war"),
    ("single", [VINKOVCI, GUNJA, "Brcko"],
     "Vinkovci-Gunja-Brcko: standard gauge to the Sava at Gunja (1886), the bridge to Brcko "
     "(1894); the 5th Army's railhead in August 1914"),
    ("single", [VRSAC, (45.030, 20.870), "Pancsova"],
     "Versec-Petrovo Selo-Pancsova (after 1898), from Temesvar"),
    ("single", [VRSAC, "Kevevara"], "Versec-Kevevara (1894), to the Danube at Kovin"),
    ("single", [VRSAC, (44.955, 21.260), "Weisskirchen", (44.812, 21.385)],
     "Versec-Jasenovo (1858) and Oravica-Jasenovo-Weisskirchen-Bazias (1854-56), to the "
     "Danube landing at Bazias"),
    ("single", ["Sarajevo", (43.820, 18.560), "Rogatica", (43.690, 19.090), MEDJEDJA,
                "Rudo", "s1513"],
     "narrow gauge: the Bosnian Eastern Railway Sarajevo-Ustipraca-Medjedja-Uvac (Jul 1906), "
     "to the Uvac bridge on the Sandzak border (printed hex s1513, errata)"),
    ("single", [MEDJEDJA, "Visegrad", VARDISTE],
     "narrow gauge: the Bosnian Eastern Railway's branch Medjedja-Visegrad-Dobrun (Jul 1906), "
     "on to Vardiste on the Serbian border (1908)"),
    ("single", ["Sarajevo", ZENICA], "narrow gauge: the Bosna railway Brod-Zenica-Sarajevo "
     "(1879-82)"),
    ("single", [DOBOJ, "Tuzla"], "narrow gauge: Doboj-Tuzla-Simin Han (begun 1 May 1885)"),
    ("single", ["Sarajevo", KONJIC], "narrow gauge: the Narenta railway Sarajevo-Konjic-"
     "Mostar (1891)"),
]

# Reinforcement entry hexes (3.0, 14.0): where the lines run off the sheet. The letters follow
# the Galician map's (central A-E, allied A-D), so that one data set may hold both maps.
ENTRY_POINTS: list[tuple[str, str, Point, str]] = [
    ("central", "F", NOVI_SAD, "the Budapest line, north edge"),
    ("central", "G", SID, "the Vinkovci line, north edge"),
    ("central", "H", VRSAC, "the Temesvar line by Versec, north edge"),
    ("central", "I", ZENICA, "the Bosna railway from Brod, west edge"),
    ("central", "J", DOBOJ, "the Tuzla line from Doboj, west edge"),
    ("central", "K", KONJIC, "the Narenta railway from Mostar, west edge"),
    ("allied", "E", NIS_WAY, "the main line from Nis, east edge"),
]
