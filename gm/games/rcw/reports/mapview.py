"""The drawn map of a report: province areas (gm/games/rcw/data/areas.py) filled by the player
who holds them, rail lines, ports, crossings, the stacks as counters inside their areas, this
phase's moves (from area to area across their borders), attacks (a numbered mark where the
combat was, and where a subversive attack's units stood), assassinations and epidemics, a
legend, and the parts of the map a phone shows large. Geometry only; no rule is decided here.

Placement is a pure function of the areas and the position: each area's places (laid out by
`gm data areas`, its code's box kept clear) take its stacks one a place; where they are too few,
one marker a player ("group"), else one for the whole province; the attack and event marks take
half a place each after them. Moves bend around every code's box."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise

from gm.core.memo import last_call
from gm.core.state import Stack
from gm.engine.facts import Assassinated, Fact, Fought, Moved, RandomEvent
from gm.games.rcw.data.areas import Area, AreaFile, Ring, areas_of, label_box, port_at
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.rules.combat import strength
from gm.games.rcw.state import GameState
from gm.reporting.model import (
    LegendEntry,
    MapArea,
    MapArrow,
    MapCombat,
    MapLabel,
    MapLine,
    MapMark,
    MapMarker,
    MapView,
    MapWindow,
)
from gm.reporting.palette import NOBODY, PlayerColour, player_colours

SIDES = {"red": ("#B22222", "#FFFFFF", "Red"), "white": ("#FFFFFF", "#000000", "White"),
         "blue": ("#1F4E9C", "#FFFFFF", "Blue"), "green": ("#2E7D32", "#FFFFFF", "Green"),
         "imperial": ("#C9A227", "#000000", "Imperial (Czar, Gold)")}
MIXED = ("#5C5C5C", "#FFFFFF", "more than one side")  # a marker of stacks of several sides
CONTESTED = "#D4D4D4"
CONTESTED_SHADE = "#4A4A4A"
MARK = 13.0  # a mark's width: two to a marker's place
WINDOW = (348.0, 480.0)  # the most of the map a phone shows at once, labels 11 CSS px or more
Point = tuple[float, float]
Box = tuple[float, float, float, float]


def _path(polygons: list[list[Ring]]) -> str:
    return " ".join("M" + " L".join(f"{x:g},{y:g}" for x, y in ring[:-1]) + "Z"
                    for polygon in polygons for ring in polygon)


@last_call
def _paths(areas: AreaFile) -> tuple[list[str], dict[str, str]]:
    """SVG path data of the land and of every area."""
    return [_path([polygon]) for polygon in areas.land], \
        {code: _path(area.outline) for code, area in areas.areas.items()}


def _side(stack_units: Sequence[object], data: GameData) -> str:
    top = next((u for u in stack_units if isinstance(u, int)), None)
    return str(data.color(top)) if top is not None else "imperial"


def centre_of(area: Area) -> Point:
    """Where moves start in an area (an older areas file has no centre: under its code)."""
    return area.centre or (area.label[0], area.label[1] + 12)


@last_call
def build_map(data: GameData, state: GameState, facts: Sequence[Fact],
              names: Mapping[str, str]) -> MapView | None:
    """The map of a position and the phase that led to it; the same for every reader (his
    own stacks are outlined by his report's style and in his picture), so made once for all
    of a phase's."""
    areas = areas_of(data.directory)
    if areas is None:
        return None
    colours = player_colours(list(state.players))
    land, paths = _paths(areas)

    def who(player: str | None) -> str:
        if player is None:
            return "no player"
        return f"player {player}" + (f" ({names[player]})" if player in names else "")

    combats, marks = _marks(facts, areas, colours)
    map_areas, markers, marks_placed = [], [], []
    for province in data.map.provinces:
        if province.code not in areas.areas:
            continue
        area = areas.areas[province.code]
        stacks = state.stacks_in(province.code)
        controllers = sorted({s.player for s in stacks if s.player is not None})
        holder = controllers[0] if len(controllers) == 1 else (
            "contested" if controllers else "")
        fill = colours[holder].tint if len(controllers) == 1 else (
            CONTESTED if controllers else NOBODY.tint)
        held = (f"held by {who(controllers[0])}" if len(controllers) == 1 else
                "contested by " + ", ".join(who(p) for p in controllers) if controllers else
                "held by no player")
        title = (f"{province.code} {province.name} ({data.region_name(province.code)})"
                 f"{', port' if province.port else ''}: {held}")
        map_areas.append(MapArea(code=province.code, path=paths[province.code], fill=fill,
                                 holder=holder, label=area.label, title=title))
        here = marks.get(province.code, [])
        placed, spots = place(area.slots, stacks, [m.width for m in here])
        markers += _markers(province.code, placed, data, colours, who)
        for mark, at in zip(here, spots, strict=True):
            marks_placed.append(mark.model_copy(update={"x": at[0], "y": at[1]}))
    return MapView(
        width=areas.projection.size[0], height=areas.projection.size[1], land=land,
        areas=map_areas, rails=_rails(data, areas), crossings=_crossings(data, areas),
        ports=[MapLabel(text=f"{p.code} port", x=port_at(areas.areas[p.code], p.code)[0],
                        y=port_at(areas.areas[p.code], p.code)[1])
               for p in data.map.provinces if p.port and p.code in areas.areas],
        seas=[MapLabel(text=s.name, x=s.at[0], y=s.at[1]) for s in areas.seas],
        markers=markers, arrows=_arrows(facts, areas, colours), combats=combats,
        marks=marks_placed, legend=_legend(colours, who),
        shades={"": NOBODY.shade, "contested": CONTESTED_SHADE,
                **{p: c.shade for p, c in colours.items()}},
        windows=[w.model_copy(update={"players": sorted({
            s.player for code in codes for s in state.stacks_in(code) if s.player})})
            for w, codes in windows(data, areas)])


def place(slots: Sequence[Point], stacks: Sequence[Stack], marks: Sequence[float] = ()
          ) -> tuple[list[tuple[Point, list[Stack]]], list[Point]]:
    """Where a province's stacks and marks (their widths) go: each stack at a place of its
    own while there are places for all, after the marks' (two narrow marks to a place); else
    one marker per player, in the order of his first stack; else one for them all; then the
    marks. Pure and deterministic: every point is one of `slots`, or its left or right half
    (when there are too few places, the last is shared)."""
    wide = sum(1 for w in marks if w > MARK)
    room = max(1, len(slots) - wide - math.ceil((len(marks) - wide) / 2))
    groups: list[list[Stack]]
    if len(stacks) <= room:
        groups = [[s] for s in stacks]
    else:
        players: dict[str | None, list[Stack]] = {}
        for stack in stacks:
            players.setdefault(stack.player, []).append(stack)
        groups = list(players.values()) if len(players) <= room else [list(stacks)]
    placed = [(slots[i], group) for i, group in enumerate(groups) if i < len(slots)]
    free = list(slots[len(placed):]) or list(slots[-1:])
    halves = [[True, True] for _ in free]
    spots: list[Point] = []
    for width in marks:
        if width > MARK:
            index = next((i for i, h in enumerate(halves) if all(h)), len(free) - 1)
            halves[index] = [False, False]
            spots.append(free[index])
        else:
            index, side = next(((i, s) for i, h in enumerate(halves) for s in (0, 1) if h[s]),
                               (len(free) - 1, 1))
            halves[index][side] = False
            spots.append((free[index][0] + (side * 2 - 1) * MARK / 2, free[index][1]))
    return placed, spots


def _markers(code: str, placed: Sequence[tuple[Point, list[Stack]]], data: GameData,
             colours: Mapping[str, PlayerColour], who: Callable[[str | None], str]
             ) -> list[MapMarker]:
    found = []
    for (x, y), group in placed:
        players = sorted({s.player for s in group if s.player is not None})
        sides = {_side(s.units, data) for s in group}
        fill, ink, side_name = SIDES[sides.pop()] if len(sides) == 1 else MIXED
        points = sum(strength(u, data) for s in group for u in s.units)
        units = "; ".join(", ".join(data.describe(u) for u in s.units) for s in group)
        if len(group) == 1 or len({s.player for s in group}) == 1:
            band = colours.get(group[0].player or "", NOBODY)
            kind = "stack" if len(group) == 1 else "group"
            count = "" if len(group) == 1 else f"{len(group)} stacks, "
            found.append(MapMarker(
                province=code, x=x, y=y, fill=fill, ink=ink, band=band.fill,
                band_ink=band.ink, letter=group[0].player or "-", text=str(points),
                kind=kind, owners=players,
                title=f"{code}: {who(group[0].player)}, {count}{side_name}, strength "
                      f"{points}: {units}"))
        else:
            found.append(MapMarker(
                province=code, x=x, y=y, fill=fill, ink=ink, band=NOBODY.fill,
                band_ink=NOBODY.ink, letter=str(len(group)), text=str(points),
                kind="province", owners=players,
                title=f"{code}: {len(group)} stacks of " + ", ".join(
                    who(p) for p in dict.fromkeys(s.player for s in group))
                      + f", strength {points}: {units}"))
    return found


def _rails(data: GameData, areas: AreaFile) -> list[MapLine]:
    pairs = sorted({tuple(sorted((p.code, n))) for p in data.map.provinces for n in p.rail})
    return [_line(areas, a, b, f"rail {a}-{b}") for a, b in pairs
            if a in areas.areas and b in areas.areas]


def _line(areas: AreaFile, a: str, b: str, title: str) -> MapLine:
    (x1, y1), (x2, y2) = centre_of(areas.areas[a]), centre_of(areas.areas[b])
    return MapLine(x1=x1, y1=y1, x2=x2, y2=y2, title=title)


def _crossings(data: GameData, areas: AreaFile) -> list[MapLine]:
    lines = [_line(areas, a, b, f"{a}-{b}: neighbours (5.24)")
             for a, b in areas.crossings if a in areas.areas and b in areas.areas]
    for special in data.map.special:
        a, b = special.between
        if a in areas.areas and b in areas.areas:
            lines.append(_line(areas, a, b, f"{special.name} ({special.rule}): {special.note}"))
    return lines


def _numbers(numbers: Sequence[int]) -> str:
    """A province's attacks as its mark writes them: `3`, `3,5`, `3-6`, `3+`."""
    if len(numbers) == 1:
        return str(numbers[0])
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    text = ",".join(map(str, numbers))
    return text if len(text) <= 5 else f"{numbers[0]}+"


def _marks(facts: Sequence[Fact], areas: AreaFile, palette: Mapping[str, PlayerColour]
           ) -> tuple[list[MapCombat], dict[str, list[MapMark]]]:
    """This phase's attacks (numbered in the order they were fought, for the key) and the
    marks each province carries: its attacks, the subversive attacks made from it, the
    assassinations and epidemics in it. Their places are given by `place`."""
    combats: list[MapCombat] = []
    fought: dict[str, list[MapCombat]] = {}
    sources: dict[str, list[tuple[MapCombat, Fought]]] = {}
    events: dict[str, list[MapMark]] = {}
    for fact in facts:
        match fact:
            case Fought():
                kind = "subversive attack" if fact.subversive else "attack"
                numbers = (f"{fact.attack} to {fact.defense}, {fact.odds}, die {fact.die}: "
                           f"{fact.result}")
                origin = [p for p in fact.attacking_from if p != fact.province]
                text = (f"{fact.province} {fact.attacker} on {fact.defender or '-'}"
                        + (f" (from {', '.join(origin)})" if origin else "") + f": {numbers}")
                combat = MapCombat(
                    number=len(combats) + 1, player=fact.attacker, province=fact.province,
                    stroke=palette[fact.attacker].fill if fact.attacker in palette
                    else NOBODY.fill, text=text,
                    title=f"{kind} by player {fact.attacker} on "
                          f"{fact.defender or 'an uncontrolled stack'} in {fact.province}"
                          + (f" from {', '.join(origin)}" if origin else "") + f": {numbers}")
                combats.append(combat)
                if fact.province in areas.areas:
                    fought.setdefault(fact.province, []).append(combat)
                for province in origin:
                    if province in areas.areas:
                        sources.setdefault(province, []).append((combat, fact))
            case Assassinated():
                for attempt in fact.attempts:
                    if attempt.province in areas.areas:
                        events.setdefault(attempt.province, []).append(MapMark(
                            kind="assassination", province=attempt.province, x=0, y=0,
                            title=f"assassination of {attempt.target} by player {fact.player} "
                                  f"in {attempt.province}: "
                                  + ("killed" if attempt.killed else "survived")))
            case RandomEvent(event="epidemic"):
                for province in fact.provinces:
                    if province in areas.areas:
                        events.setdefault(province, []).append(MapMark(
                            kind="epidemic", province=province, x=0, y=0,
                            title=f"{fact.event} in {province}: {len(fact.lost)} unit(s) "
                                  "lost"))
    marks: dict[str, list[MapMark]] = {}
    for province, here in fought.items():
        text = _numbers([c.number for c in here])
        marks.setdefault(province, []).append(MapMark(
            kind="combat", province=province, x=0, y=0, text=text,
            width=MARK if len(text) == 1 else 2 * MARK,
            title="; ".join(f"{c.number}. {c.title}" for c in here)))
    for province, made in sources.items():
        text = _numbers([c.number for c, _ in made])
        marks.setdefault(province, []).append(MapMark(
            kind="from", province=province, x=0, y=0, text=text,
            width=MARK if len(text) == 1 else 2 * MARK,
            title="; ".join(f"{c.number}. the units of player {f.attacker}'s subversive attack "
                            f"on {f.province} stood here (8.3)" for c, f in made)))
    for province, found in events.items():
        marks.setdefault(province, []).extend(found)
    return combats, marks


def _hits(a: Point, b: Point, box: Box) -> bool:
    """Does the segment a-b cross the inside of the box (Liang-Barsky)?"""
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[2] - x1), (-dy, y1 - box[1]), (dy, box[3] - y1)):
        if p == 0:
            if q <= 0:
                return False
        else:
            t = q / p
            if p < 0:
                low = max(low, t)
            else:
                high = min(high, t)
            if low >= high:
                return False
    return True


def _clear(a: Point, b: Point, boxes: Sequence[Box], depth: int = 0) -> list[Point]:
    """From a to b, bent around the corners of every box the straight line would cross."""
    for box in boxes:
        if depth < 6 and _hits(a, b, box):
            pad = 1.5
            corners = [(box[0] - pad, box[1] - pad), (box[2] + pad, box[1] - pad),
                       (box[2] + pad, box[3] + pad), (box[0] - pad, box[3] + pad)]
            ways = [[c] for c in corners] + [[corners[i], corners[(i + 1) % 4]]
                                             for i in range(4)] + \
                   [[corners[(i + 1) % 4], corners[i]] for i in range(4)]
            clear = [w for w in ways if not any(_hits(p, q, box) for p, q in
                                                pairwise([a, *w, b]))]
            if not clear:
                continue
            way = min(clear, key=lambda w: sum(math.dist(p, q) for p, q in pairwise([a, *w, b])))
            points = [a]
            for p, q in pairwise([a, *way, b]):
                points += _clear(p, q, boxes, depth + 1)[1:]
            return points
    return [a, b]


@last_call
def _label_boxes(areas: AreaFile) -> tuple[Box, ...]:
    """Every code's box (and port anchor), with room for a move's line and its outline."""
    pad = 4.0
    return tuple((x0 - pad, y0 - pad, x1 + pad, y1 + pad)
                 for x0, y0, x1, y1 in (label_box(a.label, c, a.port)
                                        for c, a in areas.areas.items()))


@last_call
def _borders(areas: AreaFile) -> dict[frozenset[str], Point]:
    return {frozenset((a, b)): (x, y) for a, b, x, y in areas.borders}


HEAD = 7.0  # the half width of a move's arrowhead, about its end


def _head(border: Point, centre: Point, boxes: Sequence[Box]) -> Point:
    """Where a move's line ends: just inside the area it entered, on the way from the border
    to the area's centre, its head clear of every code."""
    length = math.dist(border, centre)
    for step in (9.0, 13.0, 17.0, 22.0, 28.0, 35.0):
        if step >= length:
            break
        x = border[0] + (centre[0] - border[0]) * step / length
        y = border[1] + (centre[1] - border[1]) * step / length
        head = (x - HEAD, y - HEAD, x + HEAD, y + HEAD)
        if not any(b[0] < head[2] and head[0] < b[2] and b[1] < head[3] and head[1] < b[3]
                   for b in boxes):
            return (round(x, 1), round(y, 1))
    return centre


def route(areas: AreaFile, path: Sequence[str]) -> list[Point]:
    """A move's line: from the centre of the area it left, through the middle of each border
    it crossed (centre to centre where two areas do not touch), to just inside the area it
    ended in; bent around every province's code."""
    borders = _borders(areas)
    path = [p for p in path if p in areas.areas]
    points = [centre_of(areas.areas[path[0]])]
    for a, b in pairwise(path):
        crossing = borders.get(frozenset((a, b)))
        if crossing is None:
            points += [centre_of(areas.areas[a]), centre_of(areas.areas[b])]
        else:
            points.append(crossing)
    boxes = _label_boxes(areas)
    if len(path) > 1 and points[-1] != centre_of(areas.areas[path[-1]]):
        points.append(_head(points[-1], centre_of(areas.areas[path[-1]]), boxes))
    kept = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    routed = [kept[0]]
    for start, end in pairwise(kept):
        routed += _clear(start, end, boxes)[1:]
    return [(round(x, 1), round(y, 1)) for x, y in routed]


def _arrows(facts: Sequence[Fact], areas: AreaFile, palette: Mapping[str, PlayerColour]
            ) -> list[MapArrow]:
    arrows = []
    for fact in facts:
        if isinstance(fact, Moved) and len([p for p in fact.path if p in areas.areas]) > 1:
            stopped = f", stopped in {fact.stopped} ({fact.rule})" if fact.stopped else ""
            arrows.append(MapArrow(
                player=fact.player, stroke=palette[fact.player].fill if fact.player in palette
                else NOBODY.fill, points=route(areas, fact.path),
                title=f"player {fact.player}: {' '.join(map(str, fact.units))} "
                      f"{'by rail ' if fact.rail else ''}{'-'.join(fact.path)}{stopped}"))
    return arrows


LINES_AND_MARKS = (  # the legend's entries of what is not a player's or a side's colour
    ("own", "#FFFFFF", "#000000", "", "your own stacks (outlined in your report and picture)"),
    ("rail", "", "", "", "rail line (5.5)"),
    ("crossing", "", "", "", "neighbours across water or a narrow border"),
    ("move", "", "", "", "a move this phase, in the mover's colour"),
    ("combat", "#FFFFFF", "#000000", "1", "an attack in this area: the key lists it"),
    ("from", "#FFFFFF", "#000000", "1", "a subversive attack made from here (8.3)"),
    ("assassination", "#000000", "#FFFFFF", "", "an assassination attempt"),
    ("epidemic", "#6A1B9A", "#FFFFFF", "E", "an epidemic"),
    ("port", "", "", "", "a port (13.32)"),
)


def _legend(colours: Mapping[str, PlayerColour], who: Callable[[str | None], str]
            ) -> list[LegendEntry]:
    """Every fill and mark the map uses, said in words."""
    return [
        *(LegendEntry(kind="player", fill=c.fill, ink=c.ink, key=p, tint=c.tint,
                      text=f"{who(p)}: his stacks' band; his areas' tint") for p, c in
          colours.items()),
        LegendEntry(kind="area", fill=CONTESTED, ink="#1A1A1A", key="contested",
                    text="grey: an area with stacks of two or more players"),
        LegendEntry(kind="area", fill=NOBODY.tint, ink="#1A1A1A", key="",
                    text="beige: no player's stack (empty, or uncontrolled only)"),
        *(LegendEntry(kind="counter", fill=fill, ink=ink, key="7",
                      text=f"{text} stack: its player, its strength")
          for fill, ink, text in SIDES.values()),
        LegendEntry(kind="group", fill=SIDES["red"][0], ink="#FFFFFF", key="9",
                    text="several stacks of one player, no room for each: their strength"),
        LegendEntry(kind="province", fill=MIXED[0], ink=MIXED[1], key="12",
                    text="all stacks of a crowded area: how many, their strength"),
        *(LegendEntry(kind=kind, fill=fill, ink=ink, key=key, text=text)
          for kind, fill, ink, key, text in LINES_AND_MARKS),
    ]


def _box_of(area: Area, code: str, size: tuple[float, float]) -> Box:
    boxes = [label_box(area.label, code, area.port)] + [
        (x - size[0] / 2, y - size[1] / 2, x + size[0] / 2, y + size[1] / 2)
        for x, y in area.slots]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def _union(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def _fits(box: Box) -> bool:
    return box[2] - box[0] <= WINDOW[0] and box[3] - box[1] <= WINDOW[1]


def _split(codes: list[str], boxes: Mapping[str, Box]) -> list[list[str]]:
    """A region too large for one window, cut west to east (and north to south) into parts
    that fit."""
    if _fits(_union([boxes[c] for c in codes])):
        return [codes]
    across = sorted(codes, key=lambda c: (boxes[c][0], c))
    columns: list[list[str]] = [[]]
    for code in across:
        if columns[-1] and boxes[code][2] - min(boxes[c][0] for c in columns[-1]) > WINDOW[0]:
            columns.append([])
        columns[-1].append(code)
    parts: list[list[str]] = []
    for column in columns:
        down = sorted(column, key=lambda c: (boxes[c][1], c))
        rows: list[list[str]] = [[]]
        for code in down:
            if rows[-1] and boxes[code][3] - min(boxes[c][1] for c in rows[-1]) > WINDOW[1]:
                rows.append([])
            rows[-1].append(code)
        parts += rows
    return parts


def _part(region: Box, part: Box) -> str:
    """Which part of a region a window shows: west, east, north, south."""
    dx = (part[0] + part[2] - region[0] - region[2]) / 2
    dy = (part[1] + part[3] - region[1] - region[3]) / 2
    if abs(dx) >= abs(dy):
        return "west" if dx < 0 else "east"
    return "north" if dy < 0 else "south"


@last_call
def _windows(data: GameData, areas: AreaFile) -> tuple[tuple[str, Box, tuple[str, ...]], ...]:
    boxes = {code: _box_of(area, code, areas.marker) for code, area in areas.areas.items()}
    regions: dict[str, list[str]] = {}
    for province in data.map.provinces:
        if province.code in boxes:
            regions.setdefault(data.region_name(province.code), []).append(province.code)
    parts = [(name, part) for name, codes in regions.items() for part in _split(codes, boxes)]
    merged: list[list[str]] = []
    for _, codes in parts:  # a small region joins the first window it fits in with
        for known in merged:
            if _fits(_union([boxes[c] for c in (*known, *codes)])):
                known += codes
                break
        else:
            merged.append(list(codes))
    width, height = areas.projection.size
    found = []
    for codes in merged:
        x0, y0, x1, y1 = _union([boxes[c] for c in codes])
        grow_x, grow_y = max(0.0, WINDOW[0] * 0.85 - (x1 - x0)), max(0.0, 200 - (y1 - y0))
        x0, x1 = max(0.0, x0 - 6 - grow_x / 2), min(float(width), x1 + 6 + grow_x / 2)
        y0, y1 = max(0.0, y0 - 6 - grow_y / 2), min(float(height), y1 + 6 + grow_y / 2)
        names = []
        for region, members in regions.items():
            shown = [c for c in members if c in codes]
            if len(shown) == len(members):
                names.append(region)
            elif shown:
                part = _part(_union([boxes[c] for c in members]), _union([boxes[c] for c in shown]))
                names.append(f"{region} ({part})")
        found.append((", ".join(names), (round(x0, 1), round(y0, 1), round(x1 - x0, 1),
                                         round(y1 - y0, 1)), tuple(codes)))
    return tuple(found)


def windows(data: GameData, areas: AreaFile) -> list[tuple[MapWindow, tuple[str, ...]]]:
    """The parts of the map a phone shows one at a time, each no wider than WINDOW: the data
    set's regions, a large one cut in parts, small ones joined; with their provinces."""
    return [(MapWindow(name=name, box=box, players=[]), codes)
            for name, box, codes in _windows(data, areas)]
