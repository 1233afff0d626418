"""Building the report of a Great War in the East Phase (GameSystem.report): the core (title,
players, the reader's orders, the events, the dice) and the game's part: the Player-Turn's
moves, attacks, rolls and reinforcements, the position, the Victory Point Index, the hex map.

Which side each player plays: the state's `sides` (ruling G51)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gm.core.state import PLAY, GameStateBase
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import parse_hex
from gm.games.gwe.data.values import current_values
from gm.games.gwe.reports import changes, planning, setup_aid
from gm.games.gwe.reports.board import board_svg
from gm.games.gwe.reports.mapsheet import side_colour
from gm.games.gwe.reports.model import (
    GameWords,
    HexView,
    PlayerPart,
    Report,
    SideView,
    TrackView,
    UnitView,
    VictoryView,
    VpHexView,
    own_event,
)
from gm.games.gwe.reports.template import order_template
from gm.games.gwe.reports.wording import plain_event
from gm.games.gwe.rules import players
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.state import GweState
from gm.reporting.model import Event, OrderView, PlayerView
from gm.reporting.palette import player_colours


def unit_view(unit_id: str, state: GweState, data: GweData) -> UnitView:
    known = data.units[unit_id]
    now = state.unit(unit_id)
    lost = min(now.steps_lost, len(known.steps) - 1)
    values = current_values(known, lost)
    left = 0 if now.place == "eliminated" else len(known.steps) - now.steps_lost
    marks = [m for m, on in (("entrained", now.entrained), ("out of supply", now.out_of_supply),
                             ("out of command", now.out_of_command)) if on]
    label = (f"{unit_id} {values.attack}-{values.defense}-{values.movement}, {left} of "
             f"{len(known.steps)} Steps{''.join(f', {m}' for m in marks)}")
    return UnitView(id=unit_id, label=label, side=known_side(data, unit_id), type=known.type,
                    size=known.size, attack=values.attack, defense=values.defense,
                    movement=values.movement, steps_left=left, steps=len(known.steps),
                    place=now.place, hex=now.hex, entrained=now.entrained,
                    out_of_supply=now.out_of_supply, out_of_command=now.out_of_command)


def known_side(data: GweData, unit_id: str) -> str:
    return data.side_of(unit_id)


def _victory(state: GweState, data: GweData) -> VictoryView | None:
    game = exclusive_rules(data)
    level = None if state.vp is None else game.victory_level(state.vp)
    if state.vp is None or level is None:
        return None
    return VictoryView(index=state.vp, level=level, hexes=[
        VpHexView(hex=str(h), name=name, vp=vp,
                  holder=_side_name(data, game.controller(state, data, h)))
        for h, name, vp in game.valued_hexes(data)])


def _tracks(state: GweState, data: GweData) -> list[TrackView]:
    """The game's own tracks as they stand (GweState.tracks), each by its name in words."""
    game = exclusive_rules(data)
    return [TrackView(name=game.track_names.get(name, name), points=points,
                      rule=game.cite(game.attack_cost_rule))
            for name, points in sorted(state.tracks.items())]


def _words(state: GweState, data: GweData) -> GameWords:
    """What the templates cite of the game's own rules and its scenario's set-up."""
    game = exclusive_rules(data)
    entrainment = game.printed(game.entrainment_case) if game.entrainment_case else ""
    scenario = game.scenario_of(state)
    attrition = scenario.attrition_rule.rsplit(" ", 1)[-1] if scenario else ""
    kinds = (("10.41", "command"), (attrition, "attrition"), ("9.2", "supply"),
             (game.entrainment_case, "entrainment"), ("13.0", "replacement"),
             ("12.1", "withdrawal"))
    words = GameWords(entrainment=entrainment, vp_index=game.vp_index_case,
                      victory_levels=game.victory_levels_case,
                      rolls=tuple((case, kind) for case, kind in kinds if case))
    if scenario is None:
        return words
    return words.model_copy(update={
        "setup": scenario.setup_rule, "setup_case": scenario.setup_rule.rsplit(" ", 1)[-1],
        "start_line": scenario.start_line})


def _side_name(data: GweData, side: str | None) -> str | None:
    return None if side is None else data.counters.sides[side].name


def _seen_by(event: Event, player: str | None) -> bool:
    """A player's copy leaves out the other's standing orders not yet used (ruling G56)."""
    return player is None or event.player in (None, player) or event.result != "stands"


def build_report(campaign: str, before: GameStateBase | None, after: GameStateBase,
                 data: GweData, events: list[Event], player: str | None = None,
                 deadline: str | None = None, names: Mapping[str, str] | None = None,
                 sent: Sequence[str] | None = None, drawn: bool = True) -> Report:
    """The report of what led from `before` to `after` (None: of `after` alone), for
    `player` (None: the GM's copy); `drawn`: with the hex map (HTML, PNG)."""
    assert isinstance(after, GweState) and (before is None or isinstance(before, GweState))
    names = dict(names or {})
    game = exclusive_rules(data)
    played = players.sides_of(after, game)
    own_side = played.get(player) if player is not None else None
    sides = [SideView(code=code, name=side.name,
                      player=next((p for p, s in played.items() if s == code), None),
                      colour=side_colour(data, code))
             for code, side in data.counters.sides.items()]
    own = [plain_event(own_event(e), game) for e in events if _seen_by(e, player)]
    words = _words(after, data)
    marked = planning.supply_now(after, data) if after.stage == PLAY else after  # G79
    units = [unit_view(u, marked, data) for u in sorted(after.units) if u in data.units]
    units = [u.model_copy(update={"place": setup_aid.SETUP_PLACE})
             if setup_aid.to_set_up(after, data, u.id) else u for u in units]
    by_hex: dict[str, list[UnitView]] = {}
    for unit in units:
        if unit.hex is not None:
            by_hex.setdefault(unit.hex, []).append(unit)
    position = []
    for where, found in sorted(by_hex.items()):
        entry = data.hexes.get(parse_hex(where))
        named = entry and (entry.city or entry.landmark)
        position.append(HexView(hex=where, terrain=entry.terrain if entry else "clear",
                                name=named.name if named else "", units=found))
    moves = changes.moves(before, after, data) if before is not None else []
    attacks = changes.attacks(own)
    adjudicated = before is not None
    deploying = setup_aid.open_deployment(after, data)
    title = (f"{campaign}: {players.phase_title(before, game)}" if before is not None
             else f"{campaign}: {setup_aid.setup_title(after, data)}" if deploying
             else f"{campaign}: the position before {players.phase_title(after, game)}")
    if data.options:  # the optional rules the campaign plays, in its heading
        title += f" (optional rules: {', '.join(sorted(data.options))})"
    part = None
    if player is not None:
        orders = sorted((OrderView(line=e.line or 0, text=e.order or "", result=e.result or
                                   "void", rule=e.rule, detail=e.detail or "")
                         for e in own if e.player == player and e.order),
                        key=lambda o: o.line)
        offers = planning.open_attacks(after, data, own_side) if own_side and not deploying else []
        template = [] if not own_side else setup_aid.deploy_template(after, data, own_side) \
            if deploying else order_template(marked, data, campaign, player, own_side, offers)
        part = PlayerPart(letter=player, orders=orders, side=own_side, offers=offers,
                          template=template,
                          forces=planning.forces(marked, data, own_side) if own_side else [])
    board = board_svg(data, units, sides, moves, attacks, own_side) if drawn else None
    return Report(
        kind="final" if after.stage == "ended" else "phase" if adjudicated else after.stage,
        campaign=campaign, title=title,
        next_phase=None if after.stage == "ended"
        else setup_aid.setup_next(after, data, deploying) if deploying
        else players.phase_title(after, game), deadline=deadline,
        events=own, player=part, sides=sides, moves=moves, attacks=attacks,
        rolls=changes.rolls(own, words.rolls), reinforcements=changes.reinforcements(own),
        position=position, waiting=[u for u in units if u.hex is None],
        victory=_victory(after, data), tracks=_tracks(after, data), words=words,
        board=board.body if board else None,
        sectors=setup_aid.sectors(data) if deploying else [],
        board_size=(board.width, board.height) if board else (0.0, 0.0),
        windows=board.windows if board else [], board_picture=board.picture if board else None,
        players=_players(after, names, sent, _awaited(before, data)))


def _awaited(before: GweState | None, data: GweData) -> str | None:
    """The Phasing Player of the Phase reported, whose orders it awaited (ruling G50)."""
    return players.phasing_player(before, exclusive_rules(data)) \
        if before is not None and before.stage == "play" else None


def _players(after: GweState, names: Mapping[str, str], sent: Sequence[str] | None,
             awaited: str | None) -> list[PlayerView]:
    """Who sent orders for the Phase; of a player it did not await, nothing unless he sent
    some (G50: his standing orders may come in any message)."""
    colours = player_colours(list(after.players))
    return [PlayerView(letter=p, name=names.get(p, ""), colour=colours[p].fill, in_game=True,
                       sent_orders=None if sent is None or (awaited is not None and
                                                            p != awaited and p not in sent)
                       else p in sent)
            for p in after.players]
