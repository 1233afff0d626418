"""The drawn map of a report: province areas (gm/games/rcw/data/areas.py) filled by the player
who controls them, rail lines, ports, crossings, one counter-like marker per stack, this phase's
moves, attacks, assassinations and epidemics, and a legend. Geometry only; no rule is decided
here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from gm.core.memo import last_call
from gm.core.state import Stack
from gm.engine.facts import Assassinated, Fact, Fought, Moved, RandomEvent
from gm.games.rcw.data.areas import AreaFile, Ring, areas_of, label_box
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
)
from gm.reporting.palette import NOBODY, PlayerColour, player_colours

SIDES = {"red": ("#B22222", "#FFFFFF", "Red"), "white": ("#FFFFFF", "#000000", "White"),
         "blue": ("#1F4E9C", "#FFFFFF", "Blue"), "green": ("#2E7D32", "#FFFFFF", "Green"),
         "imperial": ("#C9A227", "#000000", "Imperial (Czar, Gold)")}
CONTESTED = "#D4D4D4"


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


@last_call
def build_map(data: GameData, state: GameState, facts: Sequence[Fact],
              names: Mapping[str, str]) -> MapView | None:
    """The map of a position and the phase that led to it; the same for every reader (his
    own stacks are outlined by his report's style), so made once for all of a phase's."""
    areas = areas_of(data.directory)
    if areas is None:
        return None
    colours = player_colours(list(state.players))
    land, paths = _paths(areas)
    label = {code: area.label for code, area in areas.areas.items()}

    def who(player: str | None) -> str:
        if player is None:
            return "no player"
        return f"player {player}" + (f" ({names[player]})" if player in names else "")

    map_areas, markers = [], []
    for province in data.map.provinces:
        if province.code not in areas.areas:
            continue
        stacks = state.stacks_in(province.code)
        controllers = sorted({s.player for s in stacks if s.player is not None})
        fill = colours[controllers[0]].tint if len(controllers) == 1 else (
            CONTESTED if controllers else NOBODY.tint)
        held = (f"held by {who(controllers[0])}" if len(controllers) == 1 else
                "contested by " + ", ".join(who(p) for p in controllers) if controllers else
                "held by no player")
        title = (f"{province.code} {province.name} ({data.region_name(province.code)})"
                 f"{', port' if province.port else ''}: {held}")
        map_areas.append(MapArea(code=province.code, path=paths[province.code], fill=fill,
                                 label=label[province.code], title=title))
        markers += _markers(province.code, stacks, areas.areas[province.code].slots, data,
                            colours, who)
    where_stacks = {(m.province, m.letter): (m.x, m.y) for m in reversed(markers)}
    arrows, combats, marks = _this_phase(facts, label, colours, where_stacks)
    return MapView(
        width=areas.projection.size[0], height=areas.projection.size[1], land=land,
        areas=map_areas, rails=_rails(data, label), crossings=_crossings(data, areas, label),
        ports=[MapLabel(text=f"{p.code} port", x=round(label_box(label[p.code], p.code)[2] + 5, 1),
                        y=label[p.code][1] - 2)
               for p in data.map.provinces if p.port and p.code in label],
        seas=[MapLabel(text=s.name, x=s.at[0], y=s.at[1]) for s in areas.seas],
        markers=markers, arrows=arrows, combats=combats, marks=marks,
        legend=[LegendEntry(fill=c.fill, ink=c.ink, key=p, text=who(p))
                for p, c in colours.items()]
        + [LegendEntry(fill=fill, ink=ink, key="7", text=f"{text} stack, its strength")
           for fill, ink, text in SIDES.values()])


def _markers(code: str, stacks: Sequence[Stack], slots: list[tuple[float, float]],
             data: GameData, colours: Mapping[str, PlayerColour],
             who: Callable[[str | None], str]) -> list[MapMarker]:
    """A counter per stack at the province's places; where they are too few, the last place
    shows how many stacks share it (its title lists them)."""
    found = []
    for index, stack in enumerate(stacks[:len(slots)]):
        shared = index == len(slots) - 1 and len(stacks) > len(slots)
        rest = list(stacks[index:]) if shared else [stack]
        side = "imperial" if shared else _side(stack.units, data)
        fill, ink, side_name = SIDES[side]
        band = colours.get(stack.player or "", NOBODY)
        points = sum(strength(u, data) for s in rest for u in s.units)
        units = "; ".join(", ".join(data.describe(u) for u in s.units) for s in rest)
        found.append(MapMarker(
            province=code, x=slots[index][0], y=slots[index][1], fill=fill, ink=ink,
            band=band.fill, band_ink=band.ink, letter=stack.player or "-",
            text=f"+{len(rest)}" if shared else str(points),
            title=f"{code}: {who(stack.player)}, {side_name}, strength {points}: {units}"))
    return found


def _rails(data: GameData, label: dict[str, tuple[float, float]]) -> list[MapLine]:
    pairs = sorted({tuple(sorted((p.code, n))) for p in data.map.provinces for n in p.rail})
    return [MapLine(x1=label[a][0], y1=label[a][1], x2=label[b][0], y2=label[b][1],
                    title=f"rail {a}-{b}") for a, b in pairs if a in label and b in label]


def _crossings(data: GameData, areas: AreaFile, label: dict[str, tuple[float, float]]
               ) -> list[MapLine]:
    lines = [MapLine(x1=label[a][0], y1=label[a][1], x2=label[b][0], y2=label[b][1],
                     title=f"{a}-{b}: neighbours (5.24)")
             for a, b in areas.crossings if a in label and b in label]
    for special in data.map.special:
        a, b = special.between
        if a in label and b in label:
            lines.append(MapLine(x1=label[a][0], y1=label[a][1], x2=label[b][0], y2=label[b][1],
                                 title=f"{special.name} ({special.rule}): {special.note}"))
    return lines


def _this_phase(facts: Sequence[Fact], label: dict[str, tuple[float, float]],
                palette: Mapping[str, PlayerColour],
                stacks: Mapping[tuple[str, str], tuple[float, float]]
                ) -> tuple[list[MapArrow], list[MapCombat], list[MapMark]]:
    """`stacks`: where a player's first stack in a province is drawn."""
    arrows: list[MapArrow] = []
    combats: list[MapCombat] = []
    marks: list[MapMark] = []
    for fact in facts:
        match fact:
            case Moved(path=path) if len(path) > 1:
                stopped = f", stopped in {fact.stopped} ({fact.rule})" if fact.stopped else ""
                arrows.append(MapArrow(
                    player=fact.player, stroke=palette[fact.player].fill if fact.player in
                    palette else NOBODY.fill, points=[label[p] for p in path if p in label],
                    title=f"player {fact.player}: {' '.join(map(str, fact.units))} "
                          f"{'by rail ' if fact.rail else ''}{'-'.join(path)}{stopped}"))
            case Fought():
                combats.append(_combat(fact, len(combats) + 1, label, palette, stacks))
            case Assassinated():
                for attempt in fact.attempts:
                    if attempt.province in label:
                        x, y = label[attempt.province]
                        marks.append(MapMark(
                            kind="assassination", x=x + 16, y=y + 12,
                            title=f"assassination of {attempt.target} by player {fact.player} "
                                  f"in {attempt.province}: "
                                  + ("killed" if attempt.killed else "survived")))
            case RandomEvent(event="epidemic"):
                for province in fact.provinces:
                    if province in label:
                        x, y = label[province]
                        marks.append(MapMark(kind="epidemic", x=x - 16, y=y + 12,
                                             title=f"{fact.event} in {province}: "
                                                   f"{len(fact.lost)} unit(s) lost"))
    return arrows, combats, marks


def _combat(fact: Fought, number: int, label: dict[str, tuple[float, float]],
            palette: Mapping[str, PlayerColour],
            stacks: Mapping[tuple[str, str], tuple[float, float]]) -> MapCombat:
    """An attack drawn from the attacker's stack (where it still stands) to the province of the
    stack it attacked, numbered; the list under the map says what came of it."""
    start = fact.attacking_from[0] if fact.attacking_from else fact.province
    if (start, fact.attacker) in stacks:
        start_at = stacks[(start, fact.attacker)]
    elif start != fact.province and start in label:
        start_at = label[start]
    else:
        start_at = (label[fact.province][0] - 40, label[fact.province][1] - 30)
    end_at = label[fact.province]
    kind = "subversive attack" if fact.subversive else "attack"
    numbers = f"{fact.attack} to {fact.defense}, {fact.odds}, die {fact.die}: {fact.result}"
    return MapCombat(
        number=number, player=fact.attacker,
        line=MapLine(x1=start_at[0], y1=start_at[1], x2=end_at[0], y2=end_at[1],
                     title=f"{kind} by player {fact.attacker} on "
                           f"{fact.defender or 'an uncontrolled stack'} in {fact.province}: "
                           f"{numbers}"),
        stroke=palette[fact.attacker].fill if fact.attacker in palette else NOBODY.fill,
        text=f"{fact.province} {fact.attacker} on {fact.defender or '-'}: {numbers}")
