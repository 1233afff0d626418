"""Building the report model of a phase, of the set-up, or of the end of the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gm.core.memo import last_call
from gm.engine.ranking import Place
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.reports.chart import held_markers
from gm.games.rcw.reports.model import (
    ChartView,
    GraphProvince,
    PlayerPart,
    PointItem,
    ProvinceView,
    RegionView,
    Report,
    StackView,
    own_event,
)
from gm.games.rcw.reports.phases import phase_name
from gm.games.rcw.reports.units import unit_view
from gm.games.rcw.rules.combat import strength
from gm.games.rcw.rules.victory import ranking, victory_point_items, victory_points
from gm.games.rcw.state import NON_RED, UNASSIGNED, GameState, Hand
from gm.reporting.model import Event, OrderView, PlayerView
from gm.reporting.palette import player_colours

if TYPE_CHECKING:
    from gm.games.rcw.reports.planning import Offer

TEXT_WIDTH = 72


def _stacks(state: GameState, data: GameData) -> dict[str, list[StackView]]:
    views: dict[str, list[StackView]] = {}
    for province, stacks in state.position.items():
        for stack in stacks:
            top = next((u for u in stack.units if isinstance(u, int)), None)
            views.setdefault(province, []).append(StackView(
                player=stack.player, color=str(data.color(top)) if top else "imperial",
                strength=sum(strength(u, data) for u in stack.units),
                units=[unit_view(u, data, stack.player) for u in stack.units]))
    return views


def _regions(state: GameState, data: GameData) -> list[RegionView]:
    stacks = _stacks(state, data)
    regions = []
    for letter, name in data.map.regions.items():
        provinces = [ProvinceView(code=p.code, name=p.name, stacks=stacks[p.code])
                     for p in data.map.provinces if p.region == letter and p.code in stacks]
        if provinces:
            regions.append(RegionView(name=name, provinces=provinces))
    return regions


def _chart(state: GameState, data: GameData) -> list[ChartView]:
    return [ChartView(name=f"Player {name}" if name != UNASSIGNED else "Unassigned",
                      held=held_markers(section),
                      markers=list(section.markers),
                      units=[unit_view(u, data) for u in section.units],
                      face_down=[unit_view(u, data) for u in section.face_down])
            for name, section in state.chart.items()]


def _graph(data: GameData) -> list[GraphProvince]:
    return [GraphProvince(code=p.code, name=p.name, region=data.region_name(p.code), lat=p.lat,
                          lon=p.lon, adjacent=list(p.adjacent), rail=list(p.rail), port=p.port)
            for p in data.map.provinces]


def _template(state: GameState, data: GameData, player: str, campaign: str,
              offers: Sequence[Offer]) -> list[str]:
    """Every order open to the player now, commented out, under the lines that open it; the
    notes that group and fold them (`## `) stay comments when an order's `#` is removed."""
    if state.stage not in ("play", "deployment") or not offers:
        return []
    phase = "PHASE SETUP" if state.stage == "deployment" else \
        f"TURN {state.turn} PHASE {state.phase}"
    lines = [f"GAME {campaign}", f"PLAYER {player}", "PASSWORD <your password>", phase]
    lines += [line for offer in offers for line in _lines(offer, data)]
    lines.append("END")
    return lines


def _lines(offer: Offer, data: GameData) -> list[str]:
    """An offer as lines of the template: the order, then its comment (an attack's odds, then
    the leaders it names as far as the width allows); an order longer than a line goes on on
    the next after a `\\` (a long path, or to leave the odds room); a note as `## ...`."""
    if offer.order is None:
        return [f"## {offer.comment}"]
    echo = offer.order.echo()
    named = ", ".join(data.describe(u) for u in offer.order.units_named()
                      if isinstance(u, int) and data.is_leader(u))
    lines, last = _continued(echo)
    for comment in ("; ".join(c for c in (offer.comment, named) if c), offer.comment):
        line = f"{last}   # {comment}"
        if comment and len(line) <= TEXT_WIDTH:
            return [*lines, line]
    if offer.comment:  # said whatever the width: the order goes on to make room for it
        lines, last = _continued(echo, len(f"   # {offer.comment}"))
        return [*lines, f"{last}   # {offer.comment}"]
    return [*lines, last]


def _continued(echo: str, reserved: int = 0) -> tuple[list[str], str]:
    """An order commented out, on as many lines as it needs, each but the last broken after a
    comma (between two forces), a hyphen or a space and ending in `\\` (the reader joins
    them, orders.md), the last with `reserved` columns left for its comment: (the first
    lines, the last)."""
    lines: list[str] = []
    prefix, rest = "# ", echo
    while len(prefix + rest) > TEXT_WIDTH - reserved:
        room = min(TEXT_WIDTH - len(prefix) - 1, len(rest) - 1)
        comma = rest.rfind(",", 0, room)
        cut = (comma if comma > 0 else max(rest.rfind("-", 0, room),
                                           rest.rfind(" ", 0, room))) + 1
        if cut <= 0:
            break
        lines.append(f"{prefix}{rest[:cut].rstrip()}\\")
        prefix, rest = "#   ", rest[cut:].lstrip()
    return lines, prefix + rest


def _markers_held(state: GameState, hand: Hand) -> list[str]:
    """The markers in a player's hand while the trading session lasts; when it ends they go to
    the chart (15.34), which the report shows: his hand says no "0 Politburo" beside it."""
    held = ((hand.politburo, "Politburo"), (hand.assassin, "Assassin"))
    return [f"{n} {what}" for n, what in held if n or state.stage == "trading"]


def _players(state: GameState, names: Mapping[str, str], sent: Sequence[str] | None,
             phasing: str | None = None) -> list[PlayerView]:
    """The players; with `sent`, whether each sent orders for the phase reported: in a
    Player-Turn (`phasing`) only the Phasing Player was to send any (4.2), so the others are
    said to have sent orders only when they did (a standing LOSSES, a GIVE), never "no orders"."""
    colours = player_colours(list(state.players))
    in_game = set(state.players_in_game())
    return [PlayerView(letter=p, name=names.get(p, ""), colour=colours[p].fill,
                       in_game=p in in_game,
                       sent_orders=None if sent is None or (
                           phasing is not None and p != phasing and p not in sent)
                       else p in sent)
            for p in state.players]


@dataclass(frozen=True)
class _Shared:
    """What every reader's report of one position holds alike, made once for all of them."""

    regions: list[RegionView]
    chart: list[ChartView]
    graph: list[GraphProvince]
    standings: dict[str, dict[str, int]]
    ranking: list[Place]
    items: dict[str, list[PointItem]]


@last_call
def _shared(after: GameState, data: GameData) -> _Shared:
    if after.mode == "solitaire":  # no Victory Points: 28.0 decides
        return _Shared(regions=_regions(after, data), chart=_chart(after, data),
                       graph=_graph(data), standings={}, ranking=[], items={})
    color = after.victory if after.victory in ("red", "white") else None
    return _Shared(
        regions=_regions(after, data), chart=_chart(after, data), graph=_graph(data),
        standings={} if color else {c: victory_points(after, data, c) for c in ("red", "white")},
        ranking=ranking(victory_points(after, data, color)) if color else [],
        items={p: [PointItem(what=what, points=points, rule=rule) for what, points, rule in found]
               for p, found in victory_point_items(after, data, color).items()} if color else {})


def build_report(campaign: str, before: GameState | None, after: GameState, data: GameData,
                 events: list[Event], player: str | None = None,
                 deadline: str | None = None, names: Mapping[str, str] | None = None,
                 sent: Sequence[str] | None = None, drawn: bool = True) -> Report:
    """The report of what led from `before` to `after` (None: a report of `after` alone);
    `names`: the players' names; `sent`: who sent orders for the phase reported."""
    names = {**({NON_RED: "the non-Red Player, played by the program (18.0)"}
                if after.mode == "solitaire" else {}), **(names or {})}
    adjudicated = before is not None and before.stage == "play"
    kind = "final" if after.stage == "ended" else ("phase" if adjudicated else after.stage)
    title = (f"{campaign}: {phase_name(before)}" if before is not None and adjudicated
             else f"{campaign}: the position before {phase_name(after)}"
             if after.stage == "play" else f"{campaign}: {phase_name(after)}")
    own = [own_event(e) for e in events]
    facts = [e.fact for e in own if e.fact is not None]
    shared = _shared(after, data)
    part = None
    if player is not None:
        orders = sorted((OrderView(line=e.line or 0, text=e.order or "", result=e.result or "",
                                   rule=e.rule, detail=e.detail or "")
                         for e in events if e.player == player and e.order),
                        key=lambda o: o.line)
        from gm.games.rcw.reports.planning import plan  # lazy: a player's part only

        forces, held, offered = plan(after, data, player)
        part = PlayerPart(letter=player, orders=orders,
                          template=_template(after, data, player, campaign, offered),
                          forces=forces, held=held)
    drawing = None
    if drawn:
        from gm.games.rcw.reports.mapview import build_map  # lazy: the HTML and PNG only

        drawing = build_map(data, after, facts, names)
    return Report(kind=kind, campaign=campaign, title=title,
                  next_phase=None if after.stage == "ended" else phase_name(after),
                  deadline=deadline, events=own, regions=shared.regions,
                  chart=shared.chart, standings=shared.standings,
                  ranking=[(p.player, p.points) for p in shared.ranking],
                  places={p.player: p.place for p in shared.ranking},
                  victory=after.victory, player=part,
                  hands={p: [data.describe(u) for u in h.units] + _markers_held(after, h)
                         for p, h in after.hands.items()},
                  map=drawing,
                  players=_players(after, names, sent if adjudicated else None,
                                   before.phasing_player() if before is not None else None),
                  # the Player-Turn order of 4.2; the solitaire game's is always N, R (27.31)
                  sequence=list(after.sequence if after.stage == "play" and
                                after.mode != "solitaire" else ()),
                  final_points=shared.items, graph=shared.graph)
