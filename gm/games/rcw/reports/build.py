"""Building the report model of a phase, of the set-up, or of the end of the game."""

from __future__ import annotations

from gm.core.dice import commitment, phase_seed
from gm.games.rcw.data.dataset import GameData
from gm.games.rcw.engine.postal import POSTAL
from gm.games.rcw.reports.chart import held_markers
from gm.games.rcw.reports.mapview import build_map, routes_and_combats
from gm.games.rcw.rules.combat import strength
from gm.games.rcw.rules.victory import ranking, victory_points
from gm.games.rcw.state import FIRST_PHASE, UNASSIGNED, GameState
from gm.reporting.model import (
    ChartView,
    Event,
    OrderView,
    PlayerPart,
    ProvinceView,
    RegionView,
    Report,
    StackView,
)


def phase_name(state: GameState) -> str:
    if state.stage == "trading":
        return "the trading session (15.33)"
    if state.stage == "deployment":
        return "the Initial Deployment (15.4, 15.5)"
    if state.stage == "ended":
        return "the end of the game"
    return f"Game-Turn {state.turn}, {POSTAL.plan(state.phase).name}"


def _stacks(state: GameState, data: GameData) -> dict[str, list[StackView]]:
    views: dict[str, list[StackView]] = {}
    for province, stacks in state.position.items():
        for stack in stacks:
            top = next((u for u in stack.units if isinstance(u, int)), None)
            views.setdefault(province, []).append(StackView(
                player=stack.player, color=str(data.color(top)) if top else "imperial",
                strength=sum(strength(u, data) for u in stack.units),
                units=[data.describe(u) for u in stack.units]))
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
                      units=[data.describe(u) for u in section.units],
                      face_down=[data.describe(u) for u in section.face_down])
            for name, section in state.chart.items()]


def _template(state: GameState, data: GameData, player: str, campaign: str) -> list[str]:
    """The player's forces in order syntax, commented out, for the next phase."""
    if state.stage != "play":
        return []
    lines = [f"GAME {campaign}", f"PLAYER {player}", "PASSWORD <your password>",
             f"TURN {state.turn} PHASE {state.phase}"]
    for province, stacks in state.position.items():
        for stack in stacks:
            if stack.player != player:
                continue
            units = " ".join(str(u) for u in stack.units)
            names = ", ".join(data.describe(u) for u in stack.units if data.is_leader(u))
            verb = f"MOVE {units}: {province}-" if state.phase == FIRST_PHASE else \
                f"ATTACK <unit> WITH {units}"
            lines.append(f"# {verb}   # in {province}{': ' + names if names else ''}")
    lines.append("END")
    return lines


def build_report(campaign: str, before: GameState | None, after: GameState, data: GameData,
                 events: list[Event], player: str | None = None,
                 deadline: str | None = None, campaign_seed: str | None = None,
                 salts: list[str] | None = None) -> Report:
    """The report of what led from `before` to `after` (None: a report of `after` alone)."""
    kind = "final" if after.stage == "ended" else (
        "phase" if before is not None and before.stage == "play" else after.stage)
    title = (f"{campaign}: {phase_name(before)}" if before is not None and before.stage == "play"
             else f"{campaign}: {phase_name(after)}")
    details = [(e.order, e.detail or "") for e in events if e.order]
    routes, combats = routes_and_combats(details)
    standings = {color: victory_points(after, data, color) for color in ("red", "white")}
    final = ranking(victory_points(after, data, after.victory)) if after.victory else []
    part = None
    if player is not None:
        orders = [OrderView(line=e.line or 0, text=e.order or "", result=e.result or "",
                            rule=e.rule, detail=e.detail or "")
                  for e in events if e.player == player and e.order]
        template = _template(after, data, player, campaign)
        part = PlayerPart(letter=player, orders=orders, template=template)
    return Report(kind=kind, campaign=campaign, title=title,
                  next_phase=None if after.stage == "ended" else phase_name(after),
                  deadline=deadline, events=events, regions=_regions(after, data),
                  chart=_chart(after, data), standings=standings, ranking=final,
                  victory=after.victory, player=part,
                  hands={p: [data.describe(u) for u in h.units]
                         + [f"{h.politburo} Politburo", f"{h.assassin} Assassin"]
                         for p, h in after.hands.items()},
                  map=build_map(data, _stacks(after, data), routes, combats),
                  **_dice(campaign_seed, before, after, salts or []))


def _dice(seed: str | None, before: GameState | None, after: GameState,
          salts: list[str]) -> dict[str, object]:
    """The seed of the phase reported, and the commitment to the next one (docs/dice.md)."""
    if seed is None:
        return {}
    found: dict[str, object] = {}
    if before is not None and before.stage == "play":
        found["dice_seed"] = phase_seed(seed, before.turn, before.phase)
        found["dice_salts"] = salts
    if after.stage == "play":
        found["next_commitment"] = commitment(phase_seed(seed, after.turn, after.phase))
    return found
