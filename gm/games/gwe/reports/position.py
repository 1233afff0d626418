"""The position as `gm show` prints it (the GM's view): where the game stands and the Victory
Point Index its game keeps, then each occupied hex in order with its units (their
Attack-Defense-Movement at the Step they are at, Steps left, train, supply, command), the
fortresses and their Steps lost (11.13), the Victory Point towns and passes with their
controller (its game's), and the units off the map; or one hex alone."""

from __future__ import annotations

from gm.core.errors import GameError
from gm.core.state import ENDED, PLAY
from gm.games.gwe.data.dataset import GweData
from gm.games.gwe.data.hexes import Hex, parse_hex
from gm.games.gwe.data.values import current_values
from gm.games.gwe.rules.exclusive import exclusive_rules
from gm.games.gwe.rules.players import phase_title
from gm.games.gwe.setup.stages import setup_title
from gm.games.gwe.state import GweState


def where_text(state: GweState, data: GweData) -> str:
    game = exclusive_rules(data)
    if state.stage == PLAY:
        return phase_title(state, game)
    if state.stage == ENDED:
        return f"the game has ended after Game-Turn {state.turn}"
    return setup_title(state, game.scenario(state.scenario))


def unit_line(state: GweState, data: GweData, unit_id: str) -> str:
    unit, known = state.unit(unit_id), data.units[unit_id]
    values = current_values(known, unit.steps_lost)
    marks = [text for flag, text in ((unit.entrained, "entrained"),
                                     (unit.out_of_supply, "out of supply"),
                                     (unit.out_of_command, "out of command")) if flag]
    steps = f"{len(known.steps) - unit.steps_lost} of {len(known.steps)} Steps"
    return (f"{unit_id} {values.attack}-{values.defense}-{values.movement} ({steps})"
            + "".join(f", {m}" for m in marks))


def _hex_lines(state: GweState, data: GweData, where: Hex) -> list[str]:
    lines = [f"  {unit_line(state, data, u)}" for u in sorted(state.units_in(where))]
    fortress = data.fortress(where)
    if fortress is not None:
        lost = state.fortress_steps_lost.get(str(where), 0)
        lines.append(f"  fortress ({data.counters.sides[fortress.side].name}): "
                     + ("destroyed (11.13)" if state.fortress_destroyed(where) else
                        f"{lost} of 4 Steps lost (11.13)"))
    return lines


def _valued(state: GweState, data: GweData, only: Hex | None = None) -> list[str]:
    lines, game = [], exclusive_rules(data)
    for where, name, vp in game.valued_hexes(data):
        if only is None or where == only:
            side = game.controller(state, data, where)
            held = data.counters.sides[side].name if side else "nobody"
            lines.append(f"  {name} ({where}) {vp:+d} VP: controlled by {held} "
                         f"({game.control_case})")
    return lines


def _off_map(state: GweState, data: GweData) -> list[str]:
    lines = []
    for place, title in (("pending", "Not on the map yet (to set up, or reinforcements)"),
                         ("off_map", "Moving off the map (5.38)"), ("eliminated", "Eliminated")):
        units = sorted(u for u, s in state.units.items() if s.place == place)
        if units:
            lines.append(f"{title}: {' '.join(units)}")
    return lines


def render_position(campaign: str, state: GweState, data: GweData) -> str:
    lines = [f"Campaign {campaign}: {where_text(state, data)}"]
    game = exclusive_rules(data)
    lines += [f"Optional rule played: {case}, {game.options.get(case, '')}"
              for case in sorted(data.options)]
    if state.vp is not None:
        lines.append(f"Victory Point Index: {state.vp} ({game.printed(game.vp_index_case)})")
    occupied = {where for _, where in state.on_map()}
    fortresses = {w for w, e in data.hexes.items() if e.fortress is not None}
    for where in sorted(occupied | fortresses):
        lines += [f"{where}:", *_hex_lines(state, data, where)]
    valued = _valued(state, data)
    if valued:
        lines += ["Victory Point towns and passes:", *valued]
    return "\n".join(lines + _off_map(state, data)) + "\n"


def render_hex(text: str, state: GweState, data: GweData) -> str:
    """One hex: its units, its fortress, its town's points and controller."""
    where = parse_hex(text)
    if not data.on_map(where):
        raise GameError(f"{where} is not a hex of the map (2.1)")
    body = _hex_lines(state, data, where) + _valued(state, data, where)
    return "\n".join([f"{where}:", *(body or ["  nothing there"])]) + "\n"
