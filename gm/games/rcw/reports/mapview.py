"""The drawn map of a report: province areas (gm/games/rcw/data/areas.py) filled by the player
who holds them, rail lines, ports, crossings, the stacks as counters inside their areas, this
phase's moves (from area to area across their borders), attacks (a numbered mark where the
combat was, and where a subversive attack's units stood), assassinations and epidemics, a
legend, and the parts of the map a phone shows large. Geometry only; no rule is decided here.

Placement is a pure function of the areas and the position: each area's places (laid out by
`gm data areas`, its code's box kept clear) take its stacks one a place; the marks (attacks,
events: one of each kind a province, each as wide as its number) go after them, side by side in
the free places and the area's spare room, never over a counter or another mark. Where they do
not fit, the stacks are drawn as one marker a player, then one for the whole province; then the
marks are written shorter; at last one mark stands for all of them, with a "+" (its title and
the key say all). Moves bend around every code's box."""

from __future__ import annotations

import functools
import heapq
import math
import re
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise

from gm.core.memo import last_call
from gm.core.state import Stack
from gm.engine.facts import Fact
from gm.games.rcw.data.areas import (
    Area,
    AreaFile,
    Box,
    Ring,
    areas_of,
    label_box,
    port_at,
    slot_box,
)
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine.facts import Assassinated, Fought, Moved, RandomEvent
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
from gm.reporting.textwidth import text_width

SIDES = {"red": ("#B22222", "#FFFFFF", "Red"), "white": ("#FFFFFF", "#000000", "White"),
         "blue": ("#1F4E9C", "#FFFFFF", "Blue"), "green": ("#2E7D32", "#FFFFFF", "Green"),
         "imperial": ("#C9A227", "#000000", "Imperial (Czar, Gold)")}
MIXED = ("#5C5C5C", "#FFFFFF", "more than one side")  # a marker of stacks of several sides
CONTESTED = "#D4D4D4"
CONTESTED_SHADE = "#6A6A6A"  # lighter than an empty area's, in the dark scheme
MARK = 13.0  # a mark's height, and the width of one of a single figure or an event's
MARK_FONT = 10.0  # a mark's number; MARK_SMALL where there is no room for it
MARK_SMALL = 8.0
MARK_PAD = 5.5  # between a mark's number and its rounded ends
MARK_GAP = 0.0  # between two marks side by side: each is drawn half a unit inside its width
WINDOW = (348.0, 480.0)  # the most of the map a phone shows at once, labels 11 CSS px or more
Point = tuple[float, float]


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
        placed, drawn = _placed(area, stacks, marks.get(province.code, []), areas.marker)
        markers += _markers(province.code, placed, data, colours, who)
        marks_placed += drawn
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


def mark_width(text: str, size: float = MARK_FONT) -> float:
    """A mark's width: a disc for one figure or an event, else a pill as wide as its text."""
    if len(text) <= 1:
        return MARK
    return max(MARK, math.ceil((text_width(text, size, bold=True) + MARK_PAD) * 2) / 2)


def _groupings(stacks: Sequence[Stack]) -> list[list[list[Stack]]]:
    """The ways a province's stacks can be drawn, most detailed first: each its own marker;
    one a player, in the order of his first stack; one for them all."""
    players: dict[str | None, list[Stack]] = {}
    for stack in stacks:
        players.setdefault(stack.player, []).append(stack)
    found = [[[s] for s in stacks]]
    for groups in (list(players.values()), [list(stacks)] if stacks else []):
        if len(groups) < len(found[-1]):
            found.append(groups)
    return found


def _pack(widths: Sequence[float], boxes: Sequence[Box]) -> list[Point] | None:
    """Marks of these widths side by side in the boxes, each in the first with room left, a
    box's marks centred in it; None: they do not all fit."""
    rows: list[list[int]] = [[] for _ in boxes]
    used = [0.0] * len(boxes)
    for index, width in enumerate(widths):
        for row, box in enumerate(boxes):
            need = width + (MARK_GAP if rows[row] else 0.0)
            if used[row] + need <= box[2] - box[0] + 1e-6 and box[3] - box[1] >= MARK:
                rows[row].append(index)
                used[row] += need
                break
        else:
            return None
    spots: list[Point] = [(0.0, 0.0)] * len(widths)
    for row, box in enumerate(boxes):
        x = (box[0] + box[2] - used[row]) / 2
        for index in rows[row]:
            spots[index] = (round(x + widths[index] / 2, 2), round((box[1] + box[3]) / 2, 2))
            x += widths[index] + MARK_GAP
    return spots


def _runs(boxes: Sequence[Box]) -> list[Box]:
    """Free places side by side in a row (as `gm data areas` lays them) as one box: room for
    a mark wider than one; in the order of their first place."""
    runs: list[Box] = []
    for box in boxes:
        for index, run in enumerate(runs):
            if run[1] == box[1] and run[3] == box[3] and (
                    0 <= box[0] - run[2] <= 1.5 or 0 <= run[0] - box[2] <= 1.5):
                runs[index] = (min(run[0], box[0]), run[1], max(run[2], box[2]), run[3])
                break
        else:
            runs.append(box)
    return runs


def place(slots: Sequence[Point], stacks: Sequence[Stack], marks: Sequence[float] = (),
          room: Sequence[Box] = (), marker: tuple[float, float] = (26.0, 15.0)
          ) -> tuple[list[tuple[Point, list[Stack]]], list[Point] | None]:
    """Where a province's stacks and marks (their widths) go: each stack at a place of its own
    while the marks fit, side by side, in the places left and the area's spare room (`room`);
    else one marker per player; else one for them all. Pure and deterministic: every marker
    at one of `slots`, every mark inside a free place or spare room, none over another. The
    marks' points are None when they do not fit even so (their caller writes them shorter)."""
    if not slots:
        return [], None if marks else []
    ways = _groupings(stacks)
    for groups in ways:
        if len(groups) > len(slots) and groups is not ways[-1]:
            continue
        placed = [(slots[i], group) for i, group in enumerate(groups[:len(slots)])]
        spots = _pack(marks, [*_runs([slot_box(at, marker) for at in slots[len(placed):]]),
                              *room])
        if spots is not None:
            return placed, spots
    return placed, None


def _placed(area: Area, stacks: Sequence[Stack], here: Sequence[MapMark],
            marker: tuple[float, float]) -> tuple[list[tuple[Point, list[Stack]]], list[MapMark]]:
    """A province's markers and its marks, placed: the marks as they are where they fit; else
    written shorter; else one mark for all of them (a "+" added, every title kept); and where
    even that finds no room (a data set's province with room for one marker only), beside its
    marker."""
    slots = area.slots or [centre_of(area)]  # an older areas file: a province without places
    placed, spots = place(slots, stacks, [m.width for m in here], area.room, marker)
    tried = [list(here), *([_shorter(m, size) for m in here] for size in (MARK_FONT, MARK_SMALL))]
    if len(here) > 1:
        tried += [[_one_for_all(here)], [_shorter(_one_for_all(here), MARK_SMALL)]]
    for marks in tried[1:]:
        if spots is not None:
            break
        here = marks
        placed, spots = place(slots, stacks, [m.width for m in here], area.room, marker)
    if spots is None:
        x, y = placed[-1][0] if placed else slots[0]
        x += marker[0] / 2 + MARK_GAP
        spots = []
        for mark in here:
            spots.append((round(x + mark.width / 2, 1), y))
            x += mark.width + MARK_GAP
    return placed, [m.model_copy(update={"x": at[0], "y": at[1]})
                    for m, at in zip(here, spots, strict=True)]


def _shorter(mark: MapMark, size: float) -> MapMark:
    """A mark written as short as it can be, at `size`: its first number and "+" for
    several."""
    text = mark.text
    if len(text) > 1 and not text.isdigit():
        text = re.split(r"[^0-9]", text)[0] + "+" if text[0].isdigit() else text[0] + "+"
    return mark.model_copy(update={"text": text, "size": size,
                                   "width": mark_width(text, size)})


GLYPHS = {"assassination": "cross"}  # how the core's map template draws a mark of ours
PRIORITY = ("combat", "from", "epidemic", "assassination")  # which kind stands for all


def _one_for_all(marks: Sequence[MapMark]) -> MapMark:
    """One mark for all of a province's (one of each kind, so an assassination's is never
    the first): the first kind of PRIORITY among them, a "+" added to its text, every title
    kept."""
    first = min(marks, key=lambda m: PRIORITY.index(m.kind))
    text = first.text + "+"
    return first.model_copy(update={
        "text": text, "width": mark_width(text), "more": True,
        "title": "; ".join(m.title for m in sorted(marks, key=lambda m: PRIORITY.index(m.kind)))})


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
    marks each province carries, one of each kind: its attacks, the subversive attacks made
    from it, the assassinations and the epidemics in it (each title says every one). Their
    places are given by `place`."""
    combats: list[MapCombat] = []
    fought: dict[str, list[MapCombat]] = {}
    sources: dict[str, list[tuple[MapCombat, Fought]]] = {}
    events: dict[str, dict[str, list[str]]] = {}
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
                        events.setdefault(attempt.province, {}).setdefault(
                            "assassination", []).append(
                            f"assassination of {attempt.target} by player {fact.player} in "
                            f"{attempt.province}: " + ("killed" if attempt.killed else "survived"))
            case RandomEvent(event="epidemic"):
                for province in fact.provinces:
                    if province in areas.areas:
                        events.setdefault(province, {}).setdefault("epidemic", []).append(
                            f"{fact.event} in {province}: " + _lost_in(fact, province))
    marks: dict[str, list[MapMark]] = {}
    for province, here in fought.items():
        text = _numbers([c.number for c in here])
        marks.setdefault(province, []).append(MapMark(
            kind="combat", province=province, x=0, y=0, text=text, width=mark_width(text),
            title="; ".join(f"{c.number}. {c.title}" for c in here)))
    for province, made in sources.items():
        text = _numbers([c.number for c, _ in made])
        marks.setdefault(province, []).append(MapMark(
            kind="from", province=province, x=0, y=0, text=text, width=mark_width(text),
            title="; ".join(f"{c.number}. the units of player {f.attacker}'s subversive attack "
                            f"on {f.province} stood here (8.3)" for c, f in made)))
    for province, found in events.items():
        for kind in ("assassination", "epidemic"):
            if kind in found:
                text = "E" if kind == "epidemic" else ""
                marks.setdefault(province, []).append(MapMark(
                    kind=kind, province=province, x=0, y=0, text=text, width=mark_width(text),
                    title="; ".join(found[kind]), glyph=GLYPHS.get(kind, "")))
    return combats, marks


def _lost_in(fact: RandomEvent, province: str) -> str:
    """What an epidemic took in one of its provinces (a record from before the provinces of
    its losses were kept: what it took in all)."""
    if len(fact.lost_in) != len(fact.lost):
        return f"{len(fact.lost)} unit(s) lost in all its provinces"
    return f"{sum(p == province for p in fact.lost_in)} unit(s) lost"


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


def _within(point: Point, box: Box) -> bool:
    return box[0] < point[0] < box[2] and box[1] < point[1] < box[3]


REACH = 60.0  # how far from a move's straight line a code's box can turn it
PAD = 1.5  # a bend's distance from the corner of the box it turns round


def _clear(a: Point, b: Point, boxes: tuple[Box, ...]) -> list[Point]:
    """From a to b, the shortest way that crosses no code's box: straight where it can be,
    else through corners of the boxes near the line (a visibility graph, searched by
    Dijkstra), never a corner inside another box. A box a or b is inside cannot be kept clear
    of, and is not tried."""
    if not any(_hits(a, b, box) for box in boxes):
        return [a, b]
    return list(_around(a, b, boxes))


@functools.lru_cache(maxsize=4096)
def _around(a: Point, b: Point, boxes: tuple[Box, ...]) -> tuple[Point, ...]:
    """`_clear`'s way round, for a line that meets a box: the same borders are crossed phase
    after phase, so each is found once a process."""
    window = (min(a[0], b[0]) - REACH, min(a[1], b[1]) - REACH, max(a[0], b[0]) + REACH,
              max(a[1], b[1]) + REACH)
    for _ in range(2):  # the boxes near the line, then every box their corners could be in
        near = [box for box in boxes if box[0] < window[2] and window[0] < box[2]
                and box[1] < window[3] and window[1] < box[3]]
        window = (min(box[0] for box in near) - PAD, min(box[1] for box in near) - PAD,
                  max(box[2] for box in near) + PAD, max(box[3] for box in near) + PAD)
    near = [box for box in near if not _within(a, box) and not _within(b, box)]
    corners = [corner for box in near for corner in (
        (box[0] - PAD, box[1] - PAD), (box[2] + PAD, box[1] - PAD),
        (box[2] + PAD, box[3] + PAD), (box[0] - PAD, box[3] + PAD))]
    nodes = [a, b, *(c for c in dict.fromkeys(corners)
                     if not any(_within(c, box) for box in near))]
    best = {0: 0.0}
    before: dict[int, int] = {}
    queue = [(0.0, 0)]
    done: set[int] = set()
    while queue:
        length, node = heapq.heappop(queue)
        if node in done:
            continue
        done.add(node)
        if node == 1:
            break
        for other in range(1, len(nodes)):
            if other in done:
                continue
            further = length + math.dist(nodes[node], nodes[other])
            if further < best.get(other, math.inf) and not any(
                    _hits(nodes[node], nodes[other], box) for box in near):
                best[other] = further
                before[other] = node
                heapq.heappush(queue, (further, other))
    if 1 not in before:
        return (a, b)
    way = [1]
    while way[-1] != 0:
        way.append(before[way[-1]])
    return tuple(nodes[i] for i in reversed(way))


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
    ("combat", "#FFFFFF", "#000000", "1", "the attacks in this area (3-5: 3 to 5): the key "
                                          "lists them"),
    ("from", "#FFFFFF", "#000000", "1", "subversive attacks made from here (8.3)"),
    ("assassination", "#000000", "#FFFFFF", "", "an assassination attempt"),
    ("epidemic", "#6A1B9A", "#FFFFFF", "E", "an epidemic"),
    ("more", "#FFFFFF", "#000000", "2+", "a mark with +: more here than room for each (its "
                                         "title, the key say all)"),
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
                    text="contested: an area with stacks of two or more players"),
        LegendEntry(kind="area", fill=NOBODY.tint, ink="#1A1A1A", key="",
                    text="no player's: no player's stack (none, or uncontrolled only)"),
        *(LegendEntry(kind="counter", fill=fill, ink=ink, key="7",
                      text=f"{text} stack: its player, its strength")
          for fill, ink, text in SIDES.values()),
        LegendEntry(kind="group", fill=SIDES["red"][0], ink="#FFFFFF", key="9",
                    text="several stacks of one player, no room for each: their strength"),
        LegendEntry(kind="province", fill=MIXED[0], ink=MIXED[1], key="12",
                    text="all stacks of a crowded area: how many, their strength"),
        *(LegendEntry(kind=kind, fill=fill, ink=ink, key=key, text=text,
                      glyph=GLYPHS.get(kind, ""))
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
